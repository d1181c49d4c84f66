import Foundation
import Testing
@testable import Pager
import ReuseTable
import TestSupport

/// Glyphs and wrapping: Label's cluster and width rules, tab stops, control pictures, long lines.
@MainActor
@Suite struct PagerWrapTests {
    /// The rows of line 0 as text (tabs as spaces), wrapped at `columns`.
    private func rows(_ text: [UInt8], columns: Int) throws -> [String] {
        let scratch = PagerScratch()
        let document = try scratch.document(text)
        document.index.indexAll()
        let count = document.rowCount(ofLine: 0, columns: columns)
        var rows = Array(repeating: "", count: count)
        document.forEachGlyph(ofLine: 0, columns: columns, rows: 0..<count) { row, column, glyph in
            while displayWidth(rows[row]) < column { rows[row] += " " }
            rows[row] += glyph.kind == .tab ? String(repeating: " ", count: 0) : String(glyph.character)
            return true
        }
        return rows
    }

    @Test func tabsGoToTheNextMultipleOfEight() throws {
        #expect(try rows(Array("a\tb\tc".utf8), columns: 40) == ["a       b       c"])
        // A tab reaching the edge ends the row; the next glyph starts the next one.
        #expect(try rows(Array("abcdefghi\tX".utf8), columns: 10) == ["abcdefghi", "X"])
        #expect(try rows(Array("abcdefghij\tX".utf8), columns: 10) == ["abcdefghij", "        X"])
    }

    @Test func wideCharactersNeverStraddleTheEdge() throws {
        #expect(try rows(Array("abc漢字".utf8), columns: 4) == ["abc", "漢字"])
        #expect(try rows(Array("漢字".utf8), columns: 1) == ["漢", "字"])  // at one column a wide glyph sits alone
        #expect(try rows(Array("e\u{301}e\u{301}e\u{301}".utf8), columns: 2) == ["e\u{301}e\u{301}", "e\u{301}"])
        #expect(try rows(Array("🇫🇷🇫🇷".utf8), columns: 3) == ["🇫🇷", "🇫🇷"])
    }

    @Test func controlsAndInvalidBytesAreVisible() throws {
        #expect(try rows([0x61, 0x00, 0x1B, 0x7F, 0xFF, 0xC3, 0x28, 0x0D, 0x62], columns: 80) == ["a␀␛␡��(␍b"])
    }

    /// Counting rows (bulk ASCII runs, no glyphs) agrees with drawing them glyph by glyph, on random mixed lines.
    @Test func countingAgreesWithDrawing() throws {
        let scratch = PagerScratch()
        var random = SplitMix64(seed: 7)
        let pieces: [[UInt8]] = [
            Array("abc".utf8), Array("漢".utf8), [0x09], [0x00], [0xFF], Array("e\u{301}".utf8),
            Array(repeating: 0x78, count: 37), Array("😀".utf8), [0x20],
        ]
        for _ in 0..<6 {
            var bytes: [UInt8] = []
            for _ in 0..<(1_000 + random.below(1_000)) { bytes += pieces[random.below(pieces.count)] }
            let document = try scratch.document(bytes + [0x0A])
            document.index.indexAll()
            for columns in [1, 7, 80] {
                var lastRow = 0
                document.forEachGlyph(ofLine: 0, columns: columns, rows: 0..<Int.max / 2) { row, column, glyph in
                    lastRow = row
                    #expect(column + glyph.columns <= columns || column == 0 || glyph.kind == .tab)
                    return true
                }
                #expect(document.rowCount(ofLine: 0, columns: columns) == lastRow + 1, "\(columns) columns")
            }
        }
    }

    @Test func plainASCIICheck() {
        for text in ["", "abc", "0123456789abcdef~ ", String(repeating: "x", count: 33)] {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { PagerDocument.isPlainASCII($0) }, "\(text)")
        }
        for bad: UInt8 in [0x00, 0x09, 0x1F, 0x7F, 0x80, 0xFF] {
            for position in [0, 7, 8, 20] {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: 24)
                bytes[position] = bad
                #expect(!bytes.withUnsafeBufferPointer { PagerDocument.isPlainASCII($0) }, "\(bad) at \(position)")
            }
        }
    }

    /// A long non-ASCII line: heights counted without materializing it, deep rows drawn from a checkpoint.
    @Test func longLineIsWrappedLazily() throws {
        let unit = "é123456789"  // 10 columns, 11 bytes
        let repeats = 12_000
        let text = Array(String(repeating: unit, count: repeats).utf8) + [0x0A] + Array("next\n".utf8)
        let scratch = PagerScratch()
        let document = try scratch.document(text)
        document.index.indexAll()
        #expect(document.rowCount(ofLine: 0, columns: 80) == repeats / 8)
        var visited: Set<Int> = []
        var row1400 = ""
        document.forEachGlyph(ofLine: 0, columns: 80, rows: 1_400..<1_402) { row, _, glyph in
            visited.insert(row)
            if row == 1_400 { row1400.append(glyph.character) }
            return true
        }
        #expect(visited == [1_400, 1_401])
        #expect(row1400 == String(repeating: unit, count: 8))
        // A plain ASCII megabyte line: rows are a division.
        let plain = Array(repeating: UInt8(ascii: "x"), count: 3_000_000)
        let big = try scratch.document(plain)
        big.index.indexAll()
        #expect(big.rowCount(ofLine: 0, columns: 100) == 30_000)
    }
}
