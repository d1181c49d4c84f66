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

    func globalRow(_ indexPath: IndexPath) -> Int { counts[..<indexPath.section].reduce(0, +) + indexPath.row }
    static func rowMark(_ row: Int) -> Character { Character(Unicode.Scalar(0x0410 + row)!) }  // Cyrillic
    static func accessoryMark(_ row: Int) -> Character { Character(Unicode.Scalar(0x0100 + row)!) }  // Latin Extended-A
    static func headerMark(_ section: Int) -> Character { Character(Unicode.Scalar(0x0391 + section)!) }  // Greek
    static func footerMark(_ section: Int) -> Character { Character(Unicode.Scalar(0x30 + section)!) }  // digits

    func numberOfSections(in tableView: TableView) -> Int { counts.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
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
