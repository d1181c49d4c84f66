import Foundation
import Testing
@testable import Pager
import ReuseTable
import ReuseTableTerminal
import Figures

/// The pager's table: growth as the index proceeds, keys, resize anchoring, the summary.
@MainActor
@Suite struct PagerAppTests {
    /// Lines of varied length, "line N" first: some wrap at 40 columns, some do not.
    private static func lines(_ count: Int) -> [UInt8] {
        var text = ""
        for i in 0..<count { text += "line \(i) " + String(repeating: "ab ", count: (i * 7) % 45) + "\n" }
        return Array(text.utf8)
    }

    private func app(_ scratch: PagerScratch, lines: Int = 3_000, chunkBytes: Int = 8 << 20, width: Int = 40) throws -> PagerApp {
        let document = try scratch.document(PagerAppTests.lines(lines), chunkBytes: chunkBytes)
        let app = PagerApp(document: document, width: width, height: 12)
        app.showsTimings = false
        return app
    }

    @Test func firstScreenAndStatus() throws {
        let scratch = PagerScratch()
        let app = try app(scratch, lines: 5, width: 100)
        let screen = app.render().lines
        #expect(screen[0].hasPrefix("line 0 "))
        #expect(screen[10].contains("lines 1–5 of 5 ·"))
        #expect(screen[10].contains("layout –"))
    }

    @Test func rowsGrowAsTheIndexProceedsAndTheTopLineStays() throws {
        let scratch = PagerScratch()
        let app = try app(scratch, chunkBytes: 4_096)
        let index = app.document.index
        #expect(!app.publishedComplete)
        #expect(app.table.numberOfSections == app.sections.count + 1)  // one section per pump + the placeholder
        _ = app.scroll(by: 20)
        let top = app.topLine
        let offset = app.table.contentOffset.y
        var heights: [CGFloat] = []
        while index.indexNext() {
            app.pump()
            heights.append(app.table.contentSize.height)
            #expect(app.topLine == top)
            #expect(app.table.contentOffset.y == offset)
        }
        index.indexAll()
        app.pump()
        #expect(app.publishedComplete)
        #expect(app.table.numberOfSections == app.sections.count)
        #expect(app.publishedLines == 3_000)
        // Going to the end measures the last screen; the line count is exact.
        _ = app.handle(.end)
        #expect(app.visibleLines?.upperBound == 2_999)
        #expect(app.statusText.contains("of 3,000"))
    }

    @Test func jumpsToLinePercentAndSearchHit() throws {
        let scratch = PagerScratch()
        let app = try app(scratch)
        app.document.index.indexAll()
        app.pump()
        for key in [Key.char("g"), .char("1"), .char("2"), .char("3"), .enter] { _ = app.handle(key) }
        #expect(app.topLine == 122)
        _ = app.handle(.char("%"))
        for key in [Key.char("5"), .char("0"), .enter] { _ = app.handle(key) }
        let half = app.document.index.line(containingByte: app.document.source.available / 2)
        #expect(app.topLine == half)
        _ = app.handle(.char("/"))
        for character in "line 2500 " { _ = app.handle(.char(character)) }
        _ = app.handle(.enter)
        for _ in 0..<2_000 where app.search != nil || app.matchLine == nil {
            app.pump()
            usleep(1_000)
        }
        #expect(app.matchLine == 2_500)
        #expect(app.topLine == 2_500)
        #expect(app.message.contains("line 2,501"))
    }

    /// The mouse, from the terminal's SGR reports: the wheel scrolls three lines, a press on the
    /// scroll indicator (the last column) scrolls there and a drag follows the pointer, a click on a
    /// line does nothing (the pager has no line cursor).
    @Test func theWheelScrollsTheIndicatorDragsAndAClickOnALineDoesNothing() throws {
        let scratch = PagerScratch()
        let app = try app(scratch)
        app.document.index.indexAll()
        app.pump()
        func send(_ report: String) -> [PagerApp.Outcome] { KeyDecoder.decode(Array(report.utf8)).map { app.handle($0) } }
        #expect(send("\u{1B}[<65;10;5M") == [.changed])
        #expect(app.table.contentOffset.y == 3)
        #expect(send("\u{1B}[<64;10;5M") == [.changed])
        #expect(app.table.contentOffset.y == 0)
        #expect(send("\u{1B}[<0;10;5M\u{1B}[<0;10;5m") == [.unchanged, .unchanged], "a click on a line")
        #expect(app.table.contentOffset.y == 0)
        let indicator = try #require(ScrollIndicator(app.table))
        #expect(app.render().lines[indicator.thumbStart].hasSuffix("┃"))
        // A press at the track's foot: the thumb's middle jumps there, the end of the file.
        #expect(send("\u{1B}[<0;40;10M") == [.changed])
        #expect(app.table.contentOffset.y == app.table.maximumContentOffsetY)
        // Dragged back up to the top line, held by the thumb's middle: the top.
        #expect(send("\u{1B}[<32;40;1M") == [.changed])
        #expect(app.table.contentOffset.y == 0)
        _ = send("\u{1B}[<32;40;5M")
        #expect(app.table.contentOffset.y == app.table.contentOffset.y.rounded(), "a whole line: the top line is drawn whole")
        let middle = try #require(app.topLine)
        #expect(middle > 100 && middle < 2_900, "the middle of the track, the middle of the file: line \(middle)")
        #expect(send("\u{1B}[<0;40;5m") == [.unchanged])
        #expect(send("\u{1B}[<32;40;9M") == [.unchanged], "after the release a drag is no longer the indicator's")
        #expect(app.topLine == middle)
    }

    @Test func resizeRewrapsAndKeepsTheTopLine() throws {
        let scratch = PagerScratch()
        let app = try app(scratch)
        app.document.index.indexAll()
        app.pump()
        _ = app.jump(toLine: 1_000)
        #expect(app.topLine == 1_000)
        let before = app.table.rectForRow(at: app.indexPath(ofLine: 1_001)).height
        for (width, height) in [(20, 12), (77, 30), (40, 12), (40, 8)] {
            app.resize(width: width, height: height)
            #expect(app.topLine == 1_000, "\(width)×\(height)")
            #expect(app.render().lines[0].hasPrefix("line 1000"))
        }
        _ = app.handle(.char("w"))
        #expect(app.topLine == 1_000)
        #expect(app.table.rectForRow(at: app.indexPath(ofLine: 1_001)).height == 1)
        _ = app.handle(.char("w"))
        #expect(app.table.rectForRow(at: app.indexPath(ofLine: 1_001)).height == before)
    }

    @Test func searchHitInsideAHugeLineIsScrolledToAndHighlighted() throws {
        let scratch = PagerScratch()
        var line = Array(repeating: UInt8(ascii: "x"), count: 200_000)
        line.replaceSubrange(150_000..<150_006, with: Array("NEEDLE".utf8))
        let bytes = Array("first\n".utf8) + line + [0x0A] + Array("last\n".utf8)
        let app = PagerApp(document: try scratch.document(bytes), width: 40, height: 12)
        app.document.index.indexAll()
        app.pump()
        _ = app.handle(.char("/"))
        for character in "NEEDLE" { _ = app.handle(.char(character)) }
        _ = app.handle(.enter)
        for _ in 0..<2_000 where app.matchLine == nil {
            app.pump()
            usleep(1_000)
        }
        #expect(app.matchLine == 1)
        let grid = app.render()
        let y = try #require(grid.lines.firstIndex { $0.contains("NEEDLE") })
        let x = try #require(grid.lines[y].range(of: "NEEDLE")).lowerBound.utf16Offset(in: grid.lines[y])
        #expect((x..<(x + 6)).allSatisfy { grid[$0, y].style.reverse })
        #expect(!grid[x == 0 ? 6 : x - 1, y].style.reverse)
    }

    @Test func emptyFile() throws {
        let scratch = PagerScratch()
        let app = PagerApp(document: try scratch.document([]), width: 40, height: 6)
        #expect(app.render().lines[0].hasPrefix("(empty file)"))
        #expect(app.handle(.end) == .unchanged)
    }

    @Test func offTerminalSummary() throws {
        let scratch = PagerScratch()
        let path = scratch.file(PagerAppTests.lines(20_000))
        let start = DispatchTime.now().uptimeNanoseconds
        let summary = Pager.Summary.measure(source: try ByteSource.open(path), width: 80, height: 24, start: start)
        #expect(summary.lines == 20_000)
        let reference = PagerDocument(source: try ByteSource.open(path))
        reference.index.indexAll()
        #expect(summary.jumpLine == 1 + reference.index.line(containingByte: summary.bytes / 2))
        let text = summary.text
        #expect(text.hasPrefix("\((path as NSString).lastPathComponent): 20,000 lines, \(summary.bytes.grouped) bytes"))
        for label in ["open and first screen:", "index complete:", "jump to 50% (line", "bytes per line"] {
            #expect(text.contains(label))
        }
    }

    // MARK: 80 columns

    /// Every status line and key-hint page fits 80 columns, in every mode, with room to spare for the
    /// leading space: what does not fit is left out whole, never cut at the edge.
    @Test func statusAndHintsFitEightyColumns() throws {
        for hint in PagerApp.keyHints {
            #expect(PagerApp.columns(of: hint) <= 79, "\(hint)")
        }
        let scratch = PagerScratch()
        let name = "a-rather-long-log-file-name-from-some-service-2026-11-23.log"
        let path = scratch.file(PagerAppTests.lines(60_000), name: name)
        let app = PagerApp(document: PagerDocument(source: try ByteSource.open(path), chunkBytes: 64 << 10), width: 80, height: 24)
        var states: [String] = []
        func check(_ state: String) {
            let status = app.statusText
            states.append(status)
            #expect(PagerApp.columns(of: status) <= 79, "\(state): \(status)")
            #expect(!status.hasSuffix("…"), "\(state): nothing is cut at the edge: \(status)")
            let screen = app.render().lines
            #expect(screen[22] == " " + status + String(repeating: " ", count: 79 - PagerApp.columns(of: status)), "\(state)")
            #expect(screen[23].trimmingCharacters(in: .whitespaces) == app.message.trimmingCharacters(in: .whitespaces) || app.prompt != nil)
        }
        check("indexing")
        #expect(app.statusText.contains("of ~"))
        #expect(app.statusText.contains("% indexed"))
        #expect(app.message == PagerApp.keyHints[0])
        _ = app.handle(.char("?"))
        check("second hints")
        #expect(app.message == PagerApp.keyHints[1])
        _ = app.handle(.char("#"))
        check("line numbers")
        _ = app.handle(.char("w"))
        check("wrap off")
        _ = app.applyFilter("ab ab ab ab ab ab ab ab ab")
        check("filtering while indexing")
        _ = app.handle(.char("F"))
        check("following while filtering and indexing")
        #expect(app.statusText.contains(" · F · ") || app.statusText.contains("following"))
        _ = app.handle(.char("F"))
        app.document.index.indexAll()
        app.pump()
        app.filter?.run()
        app.pump()
        check("filtered")
        #expect(app.statusText.contains("shown"))
        _ = app.handle(.char("F"))
        check("following, filtered")
        #expect(app.statusText.contains("following") || app.statusText.contains(" · F · "))
        #expect(states.allSatisfy { $0.hasPrefix("a-rath") })
        // With fewer modes on, or at 120 columns, the optional figures come back.
        _ = app.handle(.escape)
        _ = app.handle(.char("F"))
        _ = app.handle(.char("w"))
        check("plain")
        #expect(app.statusText.contains("layout"))
        app.resize(width: 120, height: 24)
        #expect(app.statusText.contains("measured"))
        app.resize(width: 160, height: 24)
        #expect(app.statusText.hasPrefix(name + " · lines "))
    }

    // MARK: Line numbers

    @Test func lineNumbersAreExactWhereIndexedAndMarkedEstimatedBeyond() throws {
        let scratch = PagerScratch()
        let app = try app(scratch, lines: 3_000, chunkBytes: 4_096, width: 40)
        #expect(!app.publishedComplete)
        _ = app.handle(.char("#"))
        #expect(app.showsLineNumbers)
        let gutter = app.gutterWidth
        #expect(gutter == app.lineNumberDigits + 2)
        #expect(app.columns == 40 - gutter)
        var screen = app.render().lines
        #expect(screen[0].hasPrefix(String(repeating: " ", count: gutter - 2) + "1 line 0 "))
        // Wrapped rows of a line leave the gutter empty; the next line shows its own number.
        let firstHeight = Int(app.table.rectForRow(at: app.indexPath(ofLine: 0)).height)
        #expect(screen[firstHeight].hasPrefix(String(repeating: " ", count: gutter - 2) + "2 line 1 "))
        // The placeholder for the bytes not indexed yet shows where the file is estimated to end.
        _ = app.scroll(by: 1_000_000)
        screen = app.render().lines
        let placeholderRow = try #require(screen.firstIndex { $0.contains("… indexing") })
        let estimated = screen[placeholderRow].trimmingCharacters(in: .whitespaces).prefix { $0 != " " }
        #expect(estimated.hasPrefix("~"))
        #expect(Int(estimated.dropFirst()) == app.estimatedTotalLines)
        app.document.index.indexAll()
        app.pump()
        _ = app.jump(toLine: 2_500)
        screen = app.render().lines
        #expect(screen[0].hasPrefix(String(repeating: " ", count: gutter - 5) + "2501 line 2500 "))
        #expect(!screen.contains { $0.contains("~") })
        _ = app.handle(.char("#"))
        #expect(app.gutterWidth == 0)
        #expect(app.topLine == 2_500)
        #expect(app.render().lines[0].hasPrefix("line 2500 "))
    }
}
