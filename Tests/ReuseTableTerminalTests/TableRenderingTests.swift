import Foundation
import ReuseTable
import TestSupport
import Testing

@testable import ReuseTableTerminal

/// Whole tables rendered into character grids, compared with golden grids: plain cells, headers,
/// selection, separators, wide and combining characters, and every width from 20 to 200 columns
/// against a model of where each row's lines must land.
@MainActor
@Suite struct TableRenderingTests {
    static let fruit = ["apple", "banana", "cherry", "damson", "elder", "fig", "grape", "hazel"]

    @Test func aPlainListNeedsNoDrawingCode() {
        let rows = TextRows([Self.fruit])
        let table = rows.makeTable(width: 20, height: 4)
        #expect(Renderer.render(table, width: 20, height: 4).trimmedLines == ["apple", "banana", "cherry", "damson"])
        table.contentOffset.y = 3
        #expect(Renderer.render(table, width: 20, height: 4).trimmedLines == ["damson", "elder", "fig", "grape"])
        // The grid is as wide as asked, a short table leaves blank lines below its rows.
        let grid = Renderer.render(table, width: 20, height: 6)
        #expect(grid.lines.allSatisfy { $0.count == 20 })
        #expect(grid.trimmedLines == ["damson", "elder", "fig", "grape", "", ""])
    }

    @Test func sectionHeadersAreBarsAndTheTopOnePins() {
        let rows = TextRows([["apple", "banana", "cherry"], ["oak", "ash", "elm"]], headers: ["Fruit", "Trees"])
        let table = rows.makeTable(width: 20, height: 5)
        let top = Renderer.render(table, width: 20, height: 5)
        #expect(top.trimmedLines == [" Fruit", "apple", "banana", "cherry", " Trees"])
        let bar = DefaultLook.standard.header
        #expect(top.allCells(in: GridRect(x: 0, y: 0, width: 20, height: 1)) { $0 == bar })
        #expect(top.allCells(in: GridRect(x: 0, y: 4, width: 20, height: 1)) { $0 == bar })
        #expect(top.allCells(in: GridRect(x: 0, y: 1, width: 20, height: 3)) { $0 == .plain })
        // Scrolled two lines: the first section's header stays pinned over its rows ("plain" style).
        table.contentOffset.y = 2
        #expect(Renderer.render(table, width: 20, height: 5).trimmedLines == [" Fruit", "cherry", " Trees", "oak", "ash"])
        // Further: the next section's header takes its place.
        table.contentOffset.y = 5
        #expect(Renderer.render(table, width: 20, height: 5).trimmedLines == [" Trees", "ash", "elm", "", ""])
    }

    @Test func aSelectedRowIsDrawnInReverseVideoAcrossItsWholeWidth() {
        let rows = TextRows([Self.fruit])
        let table = rows.makeTable(width: 20, height: 4)
        table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        let grid = Renderer.render(table, width: 20, height: 4)
        #expect(grid.trimmedLines == ["apple", "banana", "cherry", "damson"])
        #expect(grid.allCells(in: GridRect(x: 0, y: 1, width: 20, height: 1)) { $0 == GridStyle(reverse: true) })
        #expect(grid.allCells(in: GridRect(x: 0, y: 0, width: 20, height: 1)) { $0 == .plain })
        #expect(grid.allCells(in: GridRect(x: 0, y: 2, width: 20, height: 2)) { $0 == .plain })

        // The selection is the table's: scrolled away, the cell that showed it is reused plain, and
        // scrolled back, the row is reversed again (whichever cell shows it now).
        table.contentOffset.y = 4
        let away = Renderer.render(table, width: 20, height: 4)
        #expect(away.trimmedLines == ["elder", "fig", "grape", "hazel"])
        #expect(away.allCells(in: away.bounds) { $0 == .plain })
        table.contentOffset.y = 1
        let back = Renderer.render(table, width: 20, height: 4)
        #expect(back.trimmedLines == ["banana", "cherry", "damson", "elder"])
        #expect(back.allCells(in: GridRect(x: 0, y: 0, width: 20, height: 1)) { $0.reverse })
        #expect(back.allCells(in: GridRect(x: 0, y: 1, width: 20, height: 3)) { $0 == .plain })
    }

    @Test func aStyledLabelInASelectedRowKeepsItsStyleAndIsReversedWithTheRow() {
        let rows = TextRows([["apple", "banana"]])
        let table = rows.makeTable(width: 12, height: 2)
        let cell = table.cellForRow(at: IndexPath(row: 0, section: 0)) as! TextCell
        let tag = StyledLabel(text: "new", style: GridStyle(bold: true, foreground: 2))
        tag.frame = CGRect(x: 8, y: 0, width: 3, height: 1)
        cell.contentView.addSubview(tag)
        table.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
        let grid = Renderer.render(table, width: 12, height: 2)
        #expect(grid.trimmedLines == ["apple   new", "banana"])
        #expect(grid[8, 0].style == GridStyle(bold: true, reverse: true, foreground: 2))
        #expect(grid[0, 0].style == GridStyle(reverse: true))
        // A look of its own: selection in bold instead.
        let bold = Renderer.render(table, width: 12, height: 2, look: DefaultLook(selection: GridStyle(bold: true)))
        #expect(bold[0, 0].style == GridStyle(bold: true))
        #expect(bold[0, 1].style == .plain)
    }

    /// UIKit's plain cell, with no subclass: its `textLabel`, placed by the `.default` style one column in.
    @Test func aPlainTableViewCellShowsItsTextLabel() {
        @MainActor final class Plain: TableViewDataSource {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 100 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "plain", for: indexPath)
                cell.textLabel?.text = "row \(indexPath.row + 1)"
                cell.selectionStyle = indexPath.row == 1 ? .none : .default
                return cell
            }
        }
        let source = Plain()
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 12, height: 3))
        table.applyTerminalDefaults()
        table.showsVerticalScrollIndicator = false  // about the cell's label (ScrollIndicatorTests)
        table.register(TableViewCell.self, forCellReuseIdentifier: "plain")
        table.dataSource = source
        table.layoutIfNeeded()
        #expect(Renderer.render(table, width: 12, height: 3).trimmedLines == [" row 1", " row 2", " row 3"])
        // Selected: reversed, unless the cell's selectionStyle is .none (the row is selected all the same).
        table.allowsMultipleSelection = true
        table.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
        table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        let grid = Renderer.render(table, width: 12, height: 3)
        #expect(grid.allCells(in: GridRect(x: 0, y: 0, width: 12, height: 1)) { $0.reverse })
        #expect(grid.allCells(in: GridRect(x: 0, y: 1, width: 12, height: 2)) { !$0.reverse })
        withExtendedLifetime(source) {}
    }

    @Test func aHighlightedRowIsDrawnLikeASelectedOne() {
        let rows = TextRows([["apple", "banana"]])
        let table = rows.makeTable(width: 10, height: 2)
        table.cellForRow(at: IndexPath(row: 1, section: 0))?.isHighlighted = true
        let grid = Renderer.render(table, width: 10, height: 2)
        #expect(grid.allCells(in: GridRect(x: 0, y: 1, width: 10, height: 1)) { $0.reverse })
        #expect(grid.allCells(in: GridRect(x: 0, y: 0, width: 10, height: 1)) { !$0.reverse })
    }

    @Test func separatorsAreWholeLinesWithTheTerminalDefaults() {
        let rows = TextRows([["apple", "banana", "cherry"]])
        let table = rows.makeTable(width: 10, height: 6, selfSizing: true)
        table.separatorStyle = .singleLine  // one line below each row at the terminal's scale of 1
        table.reloadData()
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)) == CGRect(x: 0, y: 2, width: 10, height: 2))
        let grid = Renderer.render(table, width: 10, height: 6)
        #expect(grid.trimmedLines == ["apple", "──────────", "banana", "──────────", "cherry", "──────────"])
        #expect(grid.allCells(in: GridRect(x: 0, y: 1, width: 10, height: 1)) { $0 == DefaultLook.standard.separatorStyle })
        // A selected row is reversed above its separator, not on it.
        table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        let selected = Renderer.render(table, width: 10, height: 6)
        #expect(selected.allCells(in: GridRect(x: 0, y: 2, width: 10, height: 1)) { $0.reverse })
        #expect(selected.allCells(in: GridRect(x: 0, y: 3, width: 10, height: 1)) { !$0.reverse })
    }

    @Test func aSeparatorThinnerThanALineIsNotDrawn() {
        // UIKit's defaults: a separator of 1 / screenScale = half a line is no whole line of the grid.
        let rows = TextRows([["apple", "banana", "cherry"]])
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 10, height: 6))
        table.register(TextCell.self, forCellReuseIdentifier: "text")
        table.rowHeight = 2
        table.dataSource = rows
        table.layoutIfNeeded()
        #expect(table.separatorStyle == .singleLine && table.screenScale == 2)
        let grid = Renderer.render(table, width: 10, height: 6)
        #expect(grid.trimmedLines == ["apple", "", "banana", "", "cherry", ""])
        #expect(!grid.lines.joined().contains("─"))
    }

    @Test func wideAndCombiningCharactersTakeTheirColumns() {
        let rows = TextRows([["東京タワー展望台", "cafe\u{301} crème brûle\u{301}e", "👍🏽 ok", "a漢b字c"]])
        let table = rows.makeTable(width: 9, height: 7, selfSizing: true)
        let grid = Renderer.render(table, width: 9, height: 7)
        // 16 columns of CJK wrap at 9 columns between characters; combining marks stay on their letters.
        #expect(grid.trimmedLines == ["東京タワ", "ー展望台", "café", "crème", "brûlée", "👍🏽 ok", "a漢b字c"])
        // Each line is 9 columns wide on the terminal: wide glyphs are followed by their continuation.
        for y in 0..<grid.height {
            var columns = 0
            for x in 0..<grid.width where !grid[x, y].isContinuation { columns += max(1, displayWidth(grid[x, y].character)) }
            #expect(columns == 9, "line \(y)")
        }
        #expect(grid[0, 0].character == "東" && grid[1, 0].isContinuation)
        #expect(grid[3, 2].character == "e\u{301}")
    }

    @Test func aWideCharacterCutByTheScreenEdgeBecomesASpace() {
        let rows = TextRows([["abc東京"]])
        let table = rows.makeTable(width: 10, height: 1)
        // The table is wider than the grid: the grid's edge cuts 東 in half.
        let grid = Renderer.render(table, width: 4, height: 1)
        #expect(grid.lines == ["abc "])
        #expect(!grid[3, 0].isContinuation)
    }

    /// Every width from 20 to 200 (a sample of them in CI, all with REUSETABLE_LONG=1), random
    /// texts that wrap, random scroll offsets: each screen line is the model's line — the rows'
    /// wrapped lines stacked in order, sliced at the offset.
    @Test func everyWidthFrom20To200MatchesTheModel() {
        let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"
        let widths = long ? Array(20...200) : [20, 21, 33, 47, 64, 80, 99, 120, 157, 200]
        var random = SplitMix64(seed: 7)
        let words = ["table", "reuse", "東京", "cell", "caché", "e\u{301}t\u{E9}", "pool", "🙂", "a", "height", "B+tree"]
        for width in widths {
            let texts = (0..<40).map { _ in
                (0..<Int.random(in: 1...25, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
            }
            let rows = TextRows([texts])
            let height = Int.random(in: 3...30, using: &random)
            let table = rows.makeTable(width: width, height: height, selfSizing: true)
            // The model: each row's lines, wrapped at the width, one under the other.
            let modelLines = texts.flatMap { Label.wrap($0, columns: width, numberOfLines: 0) }
            for _ in 0..<4 {
                let offset = Int.random(in: 0...max(0, modelLines.count - height), using: &random)
                table.contentOffset.y = CGFloat(offset)
                let grid = Renderer.render(table, width: width, height: height)
                let expected = (offset..<(offset + height)).map { $0 < modelLines.count ? modelLines[$0] : "" }
                let trimmed = expected.map { String($0.reversed().drop { $0 == " " }.reversed()) }
                #expect(grid.trimmedLines == trimmed, "width \(width), offset \(offset)")
            }
        }
    }
}
