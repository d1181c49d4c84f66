import Foundation

/// A file as lines of glyphs wrapped to a width: what the pager's table rows are made of.
///
/// Heights are wrapped row counts. An all-printable-ASCII line is
/// `ceil(bytes / columns)` rows after one fast check; any other line is walked
/// glyph by glyph once, and a long one (over `checkpointRows` rows) remembers
/// where every `checkpointRows`-th row starts, so drawing row 40,000 of a
/// multi-megabyte line starts from a nearby checkpoint instead of wrapping
/// the line again, and nothing ever holds the whole wrapped line.
public final class PagerDocument {
    let source: ByteSource
    /// Where the file's lines start, built in chunks.
    public let index: LineIndex
    /// Rows between checkpoints of a long line.
    static let checkpointRows = 64
    /// Row-start checkpoints of long lines at `checkpointColumns`, by line.
    private var checkpoints: [Int: [Int]] = [:]
    private var checkpointColumns = 0
    /// `isPlainASCII` of long lines (over `longLineBytes`), by line: drawing a frame must not rescan megabytes.
    private var plainLongLines: [Int: Bool] = [:]
    static let longLineBytes = 4_096
    /// Wrapped row counts of long lines that are not plain ASCII (one full walk each), by line.
    private var longLineRows: [Int: (columns: Int, rows: Int)] = [:]

    /// A document over `source`, its index built in chunks of `chunkBytes`.
    public init(source: ByteSource, chunkBytes: Int = 8 << 20) {
        self.source = source
        index = LineIndex(source: source, chunkBytes: chunkBytes)
    }

    /// The bytes of line `line` shown: without its "\n" and a CR just before it.
    func displayRange(_ line: Int) -> Range<Int> {
        var range = index.lineRange(line)
        if let base = source.base, !range.isEmpty, base[range.upperBound - 1] == 0x0D {
            range = range.lowerBound..<(range.upperBound - 1)
        }
        return range
    }

    /// The line's text as drawn, for tests and search messages (at most `limit` glyphs).
    func text(ofLine line: Int, limit: Int = 1_000) -> String {
        let range = displayRange(line)
        var glyphs = LineGlyphs(source.buffer(range), origin: range.lowerBound)
        var result = ""
        var count = 0
        while count < limit, let glyph = glyphs.next() {
            result.append(glyph.kind == .tab ? "\t" : glyph.character)
            count += 1
        }
        return result
    }

    /// True when every byte is printable ASCII (0x20–0x7E): one column per byte, no clusters.
    /// - Complexity: O(n), eight bytes at a time.
    static func isPlainASCII(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        let count = buffer.count
        var i = 0
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while i + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            // Any byte ≥ 0x80, any byte < 0x20, any byte == 0x7F (the classic "has less / has zero" tricks).
            let below = (word &- ones &* 0x20) & ~word & highs
            let del = word ^ (ones &* 0x7F)
            let isDel = (del &- ones) & ~del & highs
            if (word & highs) | below | isDel != 0 { return false }
            i += 8
        }
        while i < count {
            let byte = base[i]
            if byte < 0x20 || byte >= 0x7F { return false }
            i += 1
        }
        return true
    }

    /// `isPlainASCII` of line `line`'s bytes, remembered for long lines.
    private func isPlain(line: Int, _ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard buffer.count > PagerDocument.longLineBytes else { return PagerDocument.isPlainASCII(buffer) }
        if let known = plainLongLines[line] { return known }
        let plain = PagerDocument.isPlainASCII(buffer)
        if plainLongLines.count > 1_024 { plainLongLines.removeAll() }
        plainLongLines[line] = plain
        return plain
    }

    /// The number of rows line `line` takes at `columns` columns (at least 1).
    /// - Complexity: O(1) after an O(n) byte check for plain ASCII; O(n) glyphs otherwise.
    func rowCount(ofLine line: Int, columns: Int) -> Int {
        let columns = max(1, columns)
        let range = displayRange(line)
        let buffer = source.buffer(range)
        if isPlain(line: line, buffer) { return max(1, (range.count + columns - 1) / columns) }
        if range.count > PagerDocument.longLineBytes, let known = longLineRows[line], known.columns == columns {
            return known.rows
        }
        let rows = walk(
            line: line, range: range, columns: columns, fromRow: 0, rowOffset: range.lowerBound, rows: nil,
            countsOnly: true
        ) { _, _, _ in true }
        if range.count > PagerDocument.longLineBytes {
            if longLineRows.count > 1_024 { longLineRows.removeAll() }
            longLineRows[line] = (columns, rows)
        }
        return rows
    }

    /// The wrapped row of line `line` that holds byte `byte` (0 when before the line, the last row when after).
    /// - Complexity: O(1) for plain ASCII; otherwise a counting walk up to the byte.
    func row(containingByte byte: Int, ofLine line: Int, columns: Int) -> Int {
        let columns = max(1, columns)
        let range = displayRange(line)
        guard byte > range.lowerBound else { return 0 }
        if isPlain(line: line, source.buffer(range)) { return max(0, (min(byte, range.upperBound - 1) - range.lowerBound) / columns) }
        var found = 0
        _ = walk(
            line: line, range: range, columns: columns, fromRow: 0, rowOffset: range.lowerBound, rows: nil, countsOnly: true,
            onRowStart: { row, offset in if offset <= byte { found = row } }
        ) { _, _, _ in true }
        return found
    }

    /// Calls `draw(row, column, glyph)` for each glyph of rows `rows` of line `line`, wrapped at `columns`,
    /// until `draw` returns false (so an unwrapped megabyte line stops at the screen's edge).
    func forEachGlyph(ofLine line: Int, columns: Int, rows: Range<Int>, _ draw: (Int, Int, Glyph) -> Bool) {
        let columns = max(1, columns)
        let range = displayRange(line)
        guard !rows.isEmpty, !range.isEmpty else { return }
        let buffer = source.buffer(range)
        if isPlain(line: line, buffer) {
            for row in rows {
                let start = range.lowerBound + row * columns
                guard start < range.upperBound else { break }
                let end = min(start + columns, range.upperBound)
                for offset in start..<end {
                    let glyph = Glyph(
                        character: Character(Unicode.Scalar(source.base![offset])), columns: 1, kind: .text,
                        bytes: offset..<(offset + 1))
                    if !draw(row, offset - start, glyph) { break }
                }
            }
            return
        }
        // Start from the nearest checkpoint at or before the first row wanted.
        var startRow = 0
        var startOffset = range.lowerBound
        if rows.lowerBound >= PagerDocument.checkpointRows {
            let marks = checkpoints(ofLine: line, range: range, columns: columns)
            let mark = min(rows.lowerBound / PagerDocument.checkpointRows, marks.count - 1)
            startRow = mark * PagerDocument.checkpointRows
            startOffset = marks[mark]
        }
        _ = walk(line: line, range: range, columns: columns, fromRow: startRow, rowOffset: startOffset, rows: rows) { row, column, glyph in
            if row >= rows.upperBound { return false }
            if row >= rows.lowerBound { return draw(row, column, glyph) }
            return true
        }
    }

    /// Row-start offsets every `checkpointRows` rows of a long line (cached per width).
    private func checkpoints(ofLine line: Int, range: Range<Int>, columns: Int) -> [Int] {
        if checkpointColumns != columns {
            checkpoints.removeAll()
            checkpointColumns = columns
        }
        if let marks = checkpoints[line] { return marks }
        var marks = [range.lowerBound]
        _ = walk(
            line: line, range: range, columns: columns, fromRow: 0, rowOffset: range.lowerBound, rows: nil,
            countsOnly: true,
            onRowStart: { row, offset in
                if row % PagerDocument.checkpointRows == 0 && row > 0 { marks.append(offset) }
            }
        ) { _, _, _ in true }
        if checkpoints.count > 64 { checkpoints.removeAll() }  // a small cache: long lines are rare
        checkpoints[line] = marks
        return marks
    }

    /// Wraps from `rowOffset` (the start of row `fromRow`) to the end of `range` or until `visit` returns false;
    /// returns the rows started.
    @discardableResult
    private func walk(
        line: Int, range: Range<Int>, columns: Int, fromRow: Int, rowOffset: Int, rows: Range<Int>?,
        countsOnly: Bool = false, onRowStart: ((Int, Int) -> Void)? = nil,
        _ visit: (Int, Int, Glyph) -> Bool
    ) -> Int {
        var glyphs = LineGlyphs(source.buffer(rowOffset..<range.upperBound), origin: rowOffset)
        var breaker = RowBreaker(columns: columns)
        var row = fromRow
        while true {
            if countsOnly {
                // Runs of plain ASCII in a mixed line: whole rows at a time, no glyphs made.
                let run = glyphs.takeASCIIRun(limit: Int.max)
                var taken = 0
                while taken < run.count {
                    if breaker.column >= columns {
                        row += 1
                        onRowStart?(row, run.start + taken)
                        breaker.newRow()
                    }
                    let take = min(run.count - taken, columns - breaker.column)
                    breaker.advance(take)
                    taken += take
                }
            }
            guard let glyph = glyphs.next() else { break }
            let placed = breaker.place(glyph)
            if placed.startsRow {
                row += 1
                onRowStart?(row, glyph.bytes.lowerBound)
            }
            if !visit(row, placed.column, glyph) { return row + 1 }
        }
        return row + 1
    }
}
