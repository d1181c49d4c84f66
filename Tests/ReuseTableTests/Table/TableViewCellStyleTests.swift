import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// UIKit's standard cells: which labels each style has, where `layoutSubviews()` puts them, and that
/// self-sizing measures exactly what the layout shows (`TableViewCell+Styles.swift`).
@MainActor
@Suite struct TableViewCellStyleTests {
    /// A standalone cell of `style`, `width` × `height` (no table: no accessory, no separator), laid out.
    func cell(
        _ style: TableViewCell.CellStyle, width: CGFloat, height: CGFloat = 1,
        text: String?, detail: String? = nil, wraps: Bool = false
    ) -> TableViewCell {
        let cell = TableViewCell(style: style, reuseIdentifier: nil)
        if let text {
            cell.textLabel?.text = text
            if wraps { cell.textLabel?.numberOfLines = 0 }
        }
        if let detail {
            cell.detailTextLabel?.text = detail
            if wraps { cell.detailTextLabel?.numberOfLines = 0 }
        }
        cell.frame = CGRect(x: 0, y: 0, width: width, height: height)
        cell.layoutIfNeeded()
        return cell
    }

    // MARK: Labels of each style

    @Test func defaultHasATextLabelAndNoDetailOthersHaveBoth() throws {
        let plain = TableViewCell(style: .default, reuseIdentifier: "a")
        #expect(plain.textLabel != nil)
        #expect(plain.detailTextLabel == nil)
        for style: TableViewCell.CellStyle in [.value1, .value2, .subtitle] {
            let cell = TableViewCell(style: style, reuseIdentifier: "a")
            let text = try #require(cell.textLabel), detail = try #require(cell.detailTextLabel)
            #expect(text !== detail)
            #expect(cell.textLabel === text, "the same label every time")
            #expect(text.superview === cell.contentView && detail.superview === cell.contentView)
            #expect(text.numberOfLines == 1 && detail.numberOfLines == 1, "one line, as UIKit's labels")
        }
    }

    @Test func dequeuedCellsHaveTheDefaultStyleAndLabelsAreMadeOnFirstUse() throws {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 40, height: 10))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        let cell = table.dequeueReusableCell(withIdentifier: "row", for: IndexPath(row: 0, section: 0))
        #expect(cell.contentView.subviews.isEmpty, "no label until one is asked for")
        #expect(cell.detailTextLabel == nil)
        #expect(cell.textLabel != nil)
        #expect(cell.contentView.subviews.count == 1)
        #expect(cell.sizeThatFits(CGSize(width: 40, height: 0)).height == 0, "an empty label fits nothing: the table uses 44")
    }

    @Test func subclassesInheritTheStyleInitializer() throws {
        let cell = FramedLabelCell(style: .subtitle, reuseIdentifier: "framed")
        #expect(cell.reuseIdentifier == "framed")
        #expect(cell.label.superview === cell.contentView, "the subclass's init(reuseIdentifier:) ran")
        #expect(cell.detailTextLabel != nil)
    }

    // MARK: Frames

    @Test func defaultSpansTheContentInsideOneColumnEachSideCentered() throws {
        let shown = cell(.default, width: 20, height: 5, text: "Hello world")
        #expect(shown.textLabel?.frame == CGRect(x: 1, y: 2, width: 18, height: 1))
        let wide = cell(.default, width: 80, height: 1, text: "Hello world")
        #expect(wide.textLabel?.frame == CGRect(x: 1, y: 0, width: 78, height: 1))
        // An accessory narrows the content view, and the label with it.
        let withAccessory = cell(.default, width: 80, height: 1, text: "Hello world")
        withAccessory.accessoryType = .checkmark
        withAccessory.layoutIfNeeded()
        #expect(withAccessory.textLabel?.frame == CGRect(x: 1, y: 0, width: 80 - 40 - 2, height: 1))
    }

    @Test func subtitlePutsTheDetailUnderTheText() throws {
        // "A detail that wraps" is 19 columns: at 18 it wraps after "that".
        let shown = cell(.subtitle, width: 20, height: 5, text: "Title", detail: "A detail that wraps", wraps: true)
        #expect(shown.textLabel?.frame == CGRect(x: 1, y: 1, width: 18, height: 1))
        #expect(shown.detailTextLabel?.frame == CGRect(x: 1, y: 2, width: 18, height: 2))
        #expect(shown.sizeThatFits(CGSize(width: 20, height: 0)).height == 3)
        let wide = cell(.subtitle, width: 40, height: 2, text: "Title", detail: "A detail that wraps", wraps: true)
        #expect(wide.textLabel?.frame == CGRect(x: 1, y: 0, width: 38, height: 1))
        #expect(wide.detailTextLabel?.frame == CGRect(x: 1, y: 1, width: 38, height: 1))
        #expect(wide.sizeThatFits(CGSize(width: 40, height: 0)).height == 2)
    }

    @Test func value1RightAlignsTheDetailOnTheSameLine() throws {
        // "Wi-Fi" is 5 columns, "Home network" 12; one column of padding each side and between them.
        let wide = cell(.value1, width: 40, text: "Wi-Fi", detail: "Home network")
        #expect(wide.textLabel?.frame == CGRect(x: 1, y: 0, width: 25, height: 1))
        #expect(wide.detailTextLabel?.frame == CGRect(x: 27, y: 0, width: 12, height: 1))
        #expect(wide.detailTextLabel!.frame.maxX == 39, "flush with the inner edge")
        let exact = cell(.value1, width: 20, text: "Wi-Fi", detail: "Home network")
        #expect(exact.textLabel?.frame == CGRect(x: 1, y: 0, width: 5, height: 1))
        #expect(exact.detailTextLabel?.frame == CGRect(x: 7, y: 0, width: 12, height: 1))
        // Too narrow for both: the text keeps its 5 columns, the detail gets the other 8 and wraps.
        let narrow = cell(.value1, width: 16, height: 2, text: "Wi-Fi", detail: "Home network", wraps: true)
        #expect(narrow.textLabel?.frame == CGRect(x: 1, y: 0, width: 5, height: 1))
        #expect(narrow.detailTextLabel?.frame == CGRect(x: 7, y: 0, width: 8, height: 2))
        #expect(narrow.sizeThatFits(CGSize(width: 16, height: 0)).height == 2)
        // Both long: the detail gets half (rounded down to a column), the text the rest.
        let long = String(repeating: "word ", count: 10)
        let halves = cell(.value1, width: 22, height: 9, text: long, detail: long, wraps: true)
        #expect(halves.detailTextLabel?.frame.width == 9 && halves.textLabel?.frame.width == 10)
        #expect(halves.detailTextLabel?.frame.maxX == 21)
        // No detail text: the text takes the whole line.
        let alone = cell(.value1, width: 20, text: "Wi-Fi", detail: "")
        #expect(alone.textLabel?.frame == CGRect(x: 1, y: 0, width: 18, height: 1))
    }

    @Test func value2HasANarrowRightAlignedTextColumnThenTheDetail() throws {
        // Inner width 38: the text column is a quarter, 9 columns; "mobile" (6) ends at its right edge.
        let shown = cell(.value2, width: 40, text: "mobile", detail: "+1 555 0100")
        #expect(shown.textLabel?.frame == CGRect(x: 4, y: 0, width: 6, height: 1))
        #expect(shown.detailTextLabel?.frame == CGRect(x: 11, y: 0, width: 28, height: 1))
        let wide = cell(.value2, width: 80, text: "mobile", detail: "+1 555 0100")
        #expect(wide.textLabel?.frame == CGRect(x: 14, y: 0, width: 6, height: 1))
        #expect(wide.detailTextLabel?.frame == CGRect(x: 21, y: 0, width: 58, height: 1))
        // A text wider than its 4-column column wraps in it; the detail is centered beside it.
        let narrow = cell(.value2, width: 20, height: 2, text: "mobile", detail: "+1 555", wraps: true)
        #expect(narrow.textLabel?.frame == CGRect(x: 1, y: 0, width: 4, height: 2))
        #expect(narrow.detailTextLabel?.frame == CGRect(x: 6, y: 0, width: 13, height: 1))
        let centered = cell(.value2, width: 20, height: 5, text: "mobile", detail: "+1 555", wraps: true)
        #expect(centered.textLabel?.frame.minY == 1 && centered.detailTextLabel?.frame.minY == 2)
    }

    // MARK: Self-sizing

    final class StyledSource: TableViewDataSource {
        var rows: [(style: TableViewCell.CellStyle, text: String, detail: String, lines: Int)] = []
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let row = rows[indexPath.row]
            let identifier = "\(row.style)"
            let cell =
                tableView.dequeueReusableCell(withIdentifier: identifier)
                ?? TableViewCell(style: row.style, reuseIdentifier: identifier)
            cell.textLabel?.text = row.text
            cell.textLabel?.numberOfLines = row.lines
            cell.detailTextLabel?.text = row.detail
            cell.detailTextLabel?.numberOfLines = row.lines
            return cell
        }
    }

    @Test func selfSizingMeasuresTheLabelsOfEachStyle() throws {
        let source = StyledSource()
        let text = "The quick brown fox jumps over the lazy dog"  // 43 columns
        source.rows = [
            (.default, text, "", 0), (.default, text, "", 1), (.subtitle, text, "detail", 0),
            (.value1, text, "detail", 0), (.value2, "label", text, 0), (.subtitle, "", "", 0),
        ]
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 22, height: 100))
        table.rowHeight = TableView.automaticDimension
        table.separatorStyle = .none
        table.dataSource = source
        table.reloadData()
        // Inner width 20: the text wraps "The quick brown fox" / "jumps over the lazy" / "dog".
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 3)
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 1, "numberOfLines 1 keeps one line")
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)).height == 4, "three lines of text, one of detail")
        // value1: the detail (6) fits beside a text of 20 - 1 - 6 = 13 columns: 4 lines.
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)).height == 4)
        // value2: a 5-column text column, the detail in 20 - 5 - 1 = 14 columns: 4 lines.
        #expect(table.rectForRow(at: IndexPath(row: 4, section: 0)).height == 4)
        #expect(table.rectForRow(at: IndexPath(row: 5, section: 0)).height == 44, "empty labels: UIKit's 44")
        table.separatorStyle = .singleLine
        table.reloadData()
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 3 + 1 / table.screenScale)
    }

    /// Random texts, styles and widths: every laid-out label is as tall as its wrapped lines, stays
    /// inside the contentView, value1/value2 labels never overlap, and the row is exactly as tall as the
    /// labels it shows (plus the separator) — sizing and layout agree.
    @Test func layoutAndSelfSizingAgreeOnRandomContent() throws {
        var random = SplitMix64(seed: 26)
        let words = ["a", "tiny", "word", "wrapping", "extraordinarily", "界", "δ", "12:30", "—"]
        func phrase() -> String {
            (0..<Int.random(in: 0...12, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: " ")
        }
        let styles: [TableViewCell.CellStyle] = [.default, .value1, .value2, .subtitle]
        let source = StyledSource()
        source.rows = (0..<60).map { _ in
            (styles.randomElement(using: &random)!, phrase(), phrase(), Int.random(in: 0...2, using: &random))
        }
        for width: CGFloat in [12, 20, 33, 80, 200] {
            let table = TableView(frame: CGRect(x: 0, y: 0, width: width, height: 30))
            table.rowHeight = TableView.automaticDimension
            table.dataSource = source
            table.reloadData()
            var offset: CGFloat = 0
            repeat {
                table.contentOffset.y = offset
                for indexPath in table.indexPathsForVisibleRows ?? [] {
                    let cell = try #require(table.cellForRow(at: indexPath))
                    let content = cell.contentView.bounds
                    let labels = [cell.textLabel, cell.detailTextLabel].compactMap { $0 }
                    var needed: [CGFloat] = []
                    for label in labels {
                        let lines = label.text.isEmpty ? 0 : label.wrappedLines(forWidth: label.frame.width).count
                        #expect(label.frame.height == CGFloat(lines), "\(indexPath) at \(width): height is the lines shown")
                        #expect(label.frame.minX >= 0 && label.frame.maxX <= content.maxX)
                        #expect(label.frame.minY >= 0 && label.frame.maxY <= content.maxY + 1e-9)
                        needed.append(label.frame.height)
                    }
                    let style = source.rows[indexPath.row].style
                    if style == .value1 || style == .value2, labels.count == 2, labels.allSatisfy({ $0.frame.width > 0 }) {
                        #expect(labels[0].frame.maxX < labels[1].frame.minX, "\(indexPath) at \(width): side by side")
                    }
                    let fitting = style == .subtitle ? needed.reduce(0, +) : needed.max() ?? 0
                    let expected = (fitting == 0 ? 44 : fitting) + 1 / table.screenScale
                    #expect(table.rectForRow(at: indexPath).height == expected, "\(indexPath) at \(width)")
                }
                offset += 25
            } while offset < table.contentSize.height
        }
    }

    // MARK: Selection style

    @Test func selectionHighlightsTheLabelsUnlessTheStyleIsNone() throws {
        let cell = TableViewCell(style: .subtitle, reuseIdentifier: nil)
        let text = try #require(cell.textLabel), detail = try #require(cell.detailTextLabel)
        #expect(cell.selectionStyle == .default, "UIKit's default")
        cell.setSelected(true, animated: false)
        #expect(text.isHighlighted && detail.isHighlighted)
        cell.selectionStyle = .none
        #expect(cell.isSelected, "still selected")
        #expect(!text.isHighlighted && !detail.isHighlighted, "but not shown")
        cell.setHighlighted(true, animated: false)
        #expect(!text.isHighlighted)
        cell.selectionStyle = .gray
        #expect(text.isHighlighted)
        cell.setSelected(false, animated: false)
        #expect(text.isHighlighted, "still highlighted")
        cell.setHighlighted(false, animated: false)
        #expect(!text.isHighlighted && !detail.isHighlighted)
        // A label made while the cell shows selection starts highlighted.
        let late = TableViewCell(style: .value1, reuseIdentifier: nil)
        late.isSelected = true
        #expect(late.textLabel?.isHighlighted == true)
    }

    final class SelectionSource: TableViewDataSource {
        var unselectableLook: Set<Int> = []
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 100 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = "row \(indexPath.row)"
            cell.selectionStyle = unselectableLook.contains(indexPath.row) ? .none : .default
            return cell
        }
    }

    @Test func aTableShowsSelectionThroughTheLabelsAndNeverOnAReusedCell() throws {
        let source = SelectionSource()
        source.unselectableLook = [4]
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 30, height: 10))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = 1
        table.allowsMultipleSelection = true
        table.dataSource = source
        table.reloadData()
        table.tapRow(at: IndexPath(row: 3, section: 0))
        table.tapRow(at: IndexPath(row: 4, section: 0))
        let three = try #require(table.cellForRow(at: IndexPath(row: 3, section: 0)))
        let four = try #require(table.cellForRow(at: IndexPath(row: 4, section: 0)))
        #expect(three.isSelected && three.textLabel?.isHighlighted == true)
        #expect(four.isSelected && four.textLabel?.isHighlighted == false, "selected, but .none shows nothing")
        for offset: CGFloat in [40, 80, 0] {
            table.contentOffset.y = offset
            for indexPath in table.indexPathsForVisibleRows ?? [] {
                let cell = try #require(table.cellForRow(at: indexPath))
                let shown = indexPath.row == 3
                #expect(cell.textLabel?.isHighlighted == shown, "row \(indexPath.row) at offset \(offset)")
            }
        }
    }

    // MARK: performBatchUpdates' completion defaults to nil

    final class CountSource: TableViewDataSource, CollectionViewDataSource {
        var count = 3
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
        }
    }

    @Test func performBatchUpdatesNeedsNoCompletion() throws {
        let source = CountSource()
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 30, height: 100))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = source
        table.reloadData()
        source.count = 4
        table.performBatchUpdates({ table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic) })
        source.count = 5
        table.performBatchUpdates { table.insertRows(at: [IndexPath(row: 4, section: 0)], with: .none) }
        #expect(table.numberOfRows(inSection: 0) == 5)

        let layout = FlowLayout()
        let grid = CollectionView(frame: CGRect(x: 0, y: 0, width: 30, height: 100), collectionViewLayout: layout)
        grid.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
        grid.dataSource = source
        grid.reloadData()
        source.count = 6
        grid.performBatchUpdates({ grid.insertItems(at: [IndexPath(item: 0, section: 0)]) })
        source.count = 7
        grid.performBatchUpdates { grid.insertItems(at: [IndexPath(item: 6, section: 0)]) }
        #expect(grid.numberOfItems(inSection: 0) == 7)
    }
}
