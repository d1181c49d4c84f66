import Foundation
import ReuseTable
import ReuseTableTerminal
import TestSupport
import Testing

// The mouse on a ListScreen: what is under every cell of a screen agrees with what is drawn there;
// a click selects and then performs the primary action; the indicator is dragged.

/// A row that paints its whole frame with its own mark and its accessory area with another, so
/// the rendered grid says which row — and which part of it — every cell shows.
@MainActor
final class MarkCell: TableViewCell, GridDrawable {
    var mark: Character = "?"
    var accessoryMark: Character = "?"

    func draw(in grid: inout CharGrid, frame: GridRect, clip: GridRect) {
        grid.fill(frame, character: mark, clip: clip)
        let content = Renderer.cell(contentView.frame.maxX)
        if content < frame.width {
            let accessory = GridRect(x: frame.x + content, y: frame.y, width: frame.width - content, height: frame.height)
            grid.fill(accessory, character: accessoryMark, clip: clip)
        }
    }
}

/// A header or footer painting its frame with its mark.
@MainActor
final class MarkHeader: TableViewHeaderFooterView, GridDrawable {
    var mark: Character = "?"
    func draw(in grid: inout CharGrid, frame: GridRect, clip: GridRect) { grid.fill(frame, character: mark, clip: clip) }
}

/// Five sections of rows 1–3 lines tall, every third row with an accessory view, headers on every
/// section and footers on odd ones; logs selection and primary actions.
@MainActor
final class MarkRows: TableViewDataSource, TableViewDelegate {
    let counts = [4, 7, 1, 9, 6]
    var log: [String] = []
    var refusesPrimaryAction = false
    /// How many section index titles the data source offers (0: none); title `i` stands for
    /// section `i % 5`.
    var indexTitleCount = 0

    func globalRow(_ indexPath: IndexPath) -> Int { counts[..<indexPath.section].reduce(0, +) + indexPath.row }
    static func rowMark(_ row: Int) -> Character { Character(Unicode.Scalar(0x0410 + row)!) }  // Cyrillic
    static func accessoryMark(_ row: Int) -> Character { Character(Unicode.Scalar(0x0100 + row)!) }  // Latin Extended-A
    static func headerMark(_ section: Int) -> Character { Character(Unicode.Scalar(0x0391 + section)!) }  // Greek
    static func footerMark(_ section: Int) -> Character { Character(Unicode.Scalar(0x30 + section)!) }  // digits
    /// Section index title `i`: an Armenian letter, doubled for odd `i` (titles one and two columns wide).
    static func indexTitle(_ i: Int) -> String { String(repeating: Character(Unicode.Scalar(0x0531 + i)!), count: 1 + i % 2) }

    func numberOfSections(in tableView: TableView) -> Int { counts.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func sectionIndexTitles(for tableView: TableView) -> [String]? {
        indexTitleCount == 0 ? nil : (0..<indexTitleCount).map(Self.indexTitle)
    }
    func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        log.append("index \(index)")
        return index % counts.count
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "mark", for: indexPath) as! MarkCell
        let row = globalRow(indexPath)
        cell.mark = Self.rowMark(row)
        cell.accessoryMark = Self.accessoryMark(row)
        if row % 3 == 0 {
            let accessory = View(frame: CGRect(x: 0, y: 0, width: 2, height: 1))
            cell.accessoryView = accessory
        } else {
            cell.accessoryView = nil
        }
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { CGFloat(1 + globalRow(indexPath) % 3) }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat { 1 }
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat { section % 2 == 1 ? 1 : 0 }
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
        let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header") as! MarkHeader
        header.mark = Self.headerMark(section)
        return header
    }
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? {
        guard section % 2 == 1 else { return nil }
        let footer = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header") as! MarkHeader
        footer.mark = Self.footerMark(section)
        return footer
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { log.append("didSelect \(globalRow(indexPath))") }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { log.append("didDeselect \(globalRow(indexPath))") }
    func tableView(_ tableView: TableView, canPerformPrimaryActionForRowAt indexPath: IndexPath) -> Bool {
        log.append("canPerform \(globalRow(indexPath))")
        return !refusesPrimaryAction
    }
    func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        log.append("perform \(globalRow(indexPath)) selected \(tableView.indexPathsForSelectedRows?.map(globalRow) ?? [])")
    }

    /// A 40 × 12 screen with a status line, the table inset 2 lines at the top and 1 at the bottom.
    func makeScreen() -> (ListScreen, TableView) {
        let table = TableView(frame: .zero, style: .plain)
        table.register(MarkCell.self, forCellReuseIdentifier: "mark")
        table.register(MarkHeader.self, forHeaderFooterViewReuseIdentifier: "header")
        table.dataSource = self
        table.delegate = self
        table.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
        let screen = ListScreen(table: table)
        screen.look.sectionIndex = GridStyle(underline: true, foreground: 5)
        table.contentInset = EdgeInsets(top: 2, left: 0, bottom: 1, right: 0)
        screen.status = { _ in "status" }
        screen.resize(width: 40, height: 12)
        table.contentOffset.y = table.minimumContentOffsetY
        table.layoutIfNeeded()
        return (screen, table)
    }
}

@MainActor
@Suite struct ListScreenMouseTests {
    /// The target every cell of the screen should have, read from what the grid shows there.
    func expectedTarget(_ grid: CharGrid, column: Int, line: Int, screen: ListScreen, table: TableView, rows: MarkRows) -> ListScreenTarget {
        if line == screen.height - 1 { return .statusLine }
        let character = grid[column, line].character
        if character == "┃" || character == "│" { return .scrollIndicator(line: line) }
        if grid[column, line].style == screen.look.sectionIndex {
            // The band: the title drawn on this line, in the band's style.
            let scalars = (0..<screen.width).filter { grid[$0, line].style == screen.look.sectionIndex }
                .compactMap { grid[$0, line].character.unicodeScalars.first?.value }.filter { (0x0531...0x0556).contains($0) }
            return scalars.first.map { .sectionIndex(title: Int($0) - 0x0531) } ?? .nothing
        }
        let scalar = character.unicodeScalars.first!.value
        func indexPath(ofRow global: Int) -> IndexPath {
            var row = global
            for (section, count) in rows.counts.enumerated() {
                if row < count { return IndexPath(row: row, section: section) }
                row -= count
            }
            fatalError("no row \(global)")
        }
        switch scalar {
        case 0x0410...0x044F: return .row(indexPath(ofRow: Int(scalar) - 0x0410))
        case 0x0100...0x017F: return .accessory(indexPath(ofRow: Int(scalar) - 0x0100))
        case 0x0391...0x03A9: return .header(section: Int(scalar) - 0x0391)
        case 0x30...0x39: return .footer(section: Int(scalar) - 0x30)
        default: return .nothing
        }
    }

    @Test(arguments: [0, 3, 7, 12, 20, 1_000])
    func everyCellHitsWhatIsDrawnThere(scrolledBy lines: Int) {
        let rows = MarkRows()
        let (screen, table) = rows.makeScreen()
        _ = screen.scroll(by: lines)
        let grid = screen.render()
        var kinds: Set<String> = []
        for line in 0..<screen.height {
            for column in 0..<screen.width {
                let target = screen.target(atColumn: column, line: line)
                let expected = expectedTarget(grid, column: column, line: line, screen: screen, table: table, rows: rows)
                #expect(target == expected, "column \(column), line \(line), offset \(table.contentOffset.y)\n\(grid.lines.joined(separator: "\n"))")
                kinds.insert("\(target)".prefix(while: { $0 != "(" }).description)
            }
        }
        // The first screen shows rows, accessories, headers, a footer, the indicator and the status line.
        if lines == 0 { #expect(kinds.isSuperset(of: ["nothing", "row", "accessory", "header", "scrollIndicator", "statusLine"])) }
        #expect(screen.target(atColumn: -1, line: 0) == .nothing && screen.target(atColumn: 0, line: screen.height) == .nothing)
    }

    /// With a section index of `titles` titles — fewer than the lines between the insets, or more —
    /// every cell still hits what is drawn there, the band included.
    @Test(arguments: [(5, 0), (5, 12), (2, 1_000), (20, 0), (20, 9)])
    func everyCellHitsWhatIsDrawnThereWithASectionIndex(titles: Int, scrolledBy lines: Int) {
        let rows = MarkRows()
        rows.indexTitleCount = titles
        let (screen, table) = rows.makeScreen()
        _ = screen.scroll(by: lines)
        let grid = screen.render()
        var shown: Set<Int> = []
        for line in 0..<screen.height {
            for column in 0..<screen.width {
                let target = screen.target(atColumn: column, line: line)
                let expected = expectedTarget(grid, column: column, line: line, screen: screen, table: table, rows: rows)
                #expect(target == expected, "column \(column), line \(line), offset \(table.contentOffset.y)\n\(grid.lines.joined(separator: "\n"))")
                if case .sectionIndex(let title) = target { shown.insert(title) }
            }
        }
        // Every title when they fit between the insets (8 lines); else one a line, the first and the last among them.
        let between = screen.listHeight - 3
        #expect(shown.count == min(titles, between) && shown.contains(0) && shown.contains(titles - 1))
        let bar = SectionIndexBar(table)!
        #expect(bar.column + bar.width == screen.width - 1 && bar.width == 3)  // left of the indicator; a blank and two columns
    }

    @Test func aClickOnASectionIndexTitleScrollsItsSectionHeaderToTheTop() throws {
        let rows = MarkRows()
        rows.indexTitleCount = 5
        let (screen, table) = rows.makeScreen()
        let bar = try #require(SectionIndexBar(table))
        let line = try #require((0..<screen.listHeight).first { bar.title(atLine: $0) == 3 })
        #expect(click(screen, column: bar.column + 1, line: line) == .changed)
        #expect(rows.log == ["index 3"])
        #expect(screen.target(atColumn: 0, line: 2) == .header(section: 3))  // just below the 2-line top inset
        #expect(table.contentOffset.y == table.rectForHeader(inSection: 3).minY - 2)
        #expect(table.indexPathForSelectedRow == nil)
        // A drag from the first title down the band (and off it) taps each title it reaches once.
        rows.log = []
        let first = bar.firstLine
        _ = screen.handle(.mouse(MouseEvent(kind: .press, button: .left, column: bar.column, line: first)))
        for step in 0..<bar.lineTitles.count {
            _ = screen.handle(.mouse(MouseEvent(kind: .drag, button: .left, column: 5, line: first + step)))
            _ = screen.handle(.mouse(MouseEvent(kind: .drag, button: .left, column: 6, line: first + step)))
        }
        _ = screen.handle(.mouse(MouseEvent(kind: .release, button: .left, column: 6, line: first + bar.lineTitles.count - 1)))
        #expect(rows.log == ["index 1", "index 2", "index 3", "index 4"])
        #expect(screen.target(atColumn: 0, line: 2) == .header(section: 4))
    }

    func click(_ screen: ListScreen, column: Int, line: Int) -> KeyResponse {
        _ = screen.handle(.mouse(MouseEvent(kind: .press, button: .left, column: column, line: line)))
        return screen.handle(.mouse(MouseEvent(kind: .release, button: .left, column: column, line: line)))
    }

    /// The screen line showing the first line of global row `row`.
    func line(ofRow row: Int, _ screen: ListScreen) -> Int {
        for line in 0..<screen.listHeight where screen.target(atColumn: 0, line: line) == .row(IndexPath(row: row, section: 0)) {
            return line
        }
        Issue.record("row \(row) is not on screen")
        return 0
    }

    @Test func aClickSelectsTheRowThenPerformsItsPrimaryAction() {
        let rows = MarkRows()
        let (screen, table) = rows.makeScreen()
        #expect(click(screen, column: 3, line: line(ofRow: 1, screen)) == .changed)
        #expect(rows.log == ["didSelect 1", "canPerform 1", "perform 1 selected [1]"])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        rows.log = []
        #expect(click(screen, column: 38, line: line(ofRow: 3, screen)) == .changed)  // on the accessory
        #expect(rows.log == ["didDeselect 1", "didSelect 3", "canPerform 3", "perform 3 selected [3]"])
        rows.log = []
        #expect(screen.handle(.enter) == .changed)  // Enter: the selected row's primary action
        #expect(rows.log == ["canPerform 3", "perform 3 selected [3]"])
    }

    @Test func aPressAndAReleaseOnDifferentRowsOrAHeaderClickNothing() {
        let rows = MarkRows()
        let (screen, table) = rows.makeScreen()
        _ = screen.handle(.mouse(MouseEvent(kind: .press, button: .left, column: 3, line: line(ofRow: 0, screen))))
        #expect(screen.handle(.mouse(MouseEvent(kind: .release, button: .left, column: 3, line: line(ofRow: 2, screen)))) == .unchanged)
        #expect(click(screen, column: 3, line: line(ofRow: 0, screen) - 1) == .unchanged)  // section 0's header
        #expect(click(screen, column: 3, line: 11) == .unchanged)  // the status line
        _ = screen.handle(.mouse(MouseEvent(kind: .press, button: .right, column: 3, line: line(ofRow: 0, screen))))
        #expect(screen.handle(.mouse(MouseEvent(kind: .release, button: .right, column: 3, line: line(ofRow: 0, screen)))) == .unchanged)
        #expect(rows.log.isEmpty && table.indexPathForSelectedRow == nil)
        #expect(screen.handle(.enter) == .unchanged)  // nothing selected
    }

    @Test func refusedPrimaryActionsAndAScreenToldToIgnoreTheMouse() {
        let rows = MarkRows()
        rows.refusesPrimaryAction = true
        let (screen, table) = rows.makeScreen()
        _ = click(screen, column: 3, line: line(ofRow: 1, screen))
        #expect(rows.log == ["didSelect 1", "canPerform 1"])
        rows.log = []
        screen.respondsToMouse = false
        #expect(click(screen, column: 3, line: line(ofRow: 2, screen)) == .unchanged)
        #expect(rows.log.isEmpty && table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(screen.handle(.wheelDown) == .changed)  // the wheel still scrolls
    }

    @Test func pressingAndDraggingTheIndicatorScrollsWhereItPoints() {
        let rows = MarkRows()
        let (screen, table) = rows.makeScreen()
        let column = screen.width - 1
        let last = screen.listHeight - 1
        func press(_ line: Int) -> KeyResponse { screen.handle(.mouse(MouseEvent(kind: .press, button: .left, column: column, line: line))) }
        func release() { _ = screen.handle(.mouse(MouseEvent(kind: .release, button: .left, column: column, line: 0))) }
        #expect(press(last) == .changed)  // below the thumb: its middle jumps there, the end
        #expect(table.contentOffset.y == table.maximumContentOffsetY)
        release()
        #expect(press(0) == .changed)
        #expect(table.contentOffset.y == table.minimumContentOffsetY)
        release()
        // Held by its top line and dragged to each line of the track, the thumb's top follows.
        #expect(press(0) == .unchanged)
        for line in 0..<screen.listHeight {
            _ = screen.handle(.mouse(MouseEvent(kind: .drag, button: .left, column: column, line: line)))
            let indicator = ScrollIndicator(table)!
            #expect(indicator.thumbStart == min(line, indicator.trackLength - indicator.thumbLength), "line \(line)")
        }
        _ = screen.handle(.mouse(MouseEvent(kind: .release, button: .left, column: column, line: 3)))
        let offset = table.contentOffset.y
        // After the release a drag is no longer the indicator's.
        #expect(screen.handle(.mouse(MouseEvent(kind: .drag, button: .left, column: column, line: 0))) == .unchanged)
        #expect(table.contentOffset.y == offset && rows.log.isEmpty)
    }
}
