import Foundation
import Testing

@testable import ReuseTable

/// Every update of a cell's configuration, as its handler saw it.
@MainActor
final class UpdateLog {
    struct Entry: Equatable {
        var cell: ObjectIdentifier
        var row: Int
        var state: CellConfigurationState
    }
    var entries: [Entry] = []
    func count(of cell: AnyObject) -> Int { entries.filter { $0.cell == ObjectIdentifier(cell) }.count }
    func last(of cell: AnyObject) -> Entry? { entries.last { $0.cell == ObjectIdentifier(cell) } }
}

/// A table of numbered rows whose cells record every configuration update (through the handler set
/// in `cellForRowAt`, as a modern app does).
@MainActor
final class ConfiguredRows: TableViewDataSource, TableViewDelegate {
    var rows: [Int]
    let log = UpdateLog()
    var onUpdate: ((TableViewCell, CellConfigurationState) -> Void)?
    init(count: Int) { rows = Array(0..<count) }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        let row = rows[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = "row \(row)"
        cell.contentConfiguration = content
        cell.configurationUpdateHandler = { [log, weak self] cell, state in
            log.entries.append(.init(cell: ObjectIdentifier(cell), row: row, state: state))
            self?.onUpdate?(cell, state)
        }
        return cell
    }
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
        rows.insert(rows.remove(at: source.row), at: destination.row)
    }

    func table(height: CGFloat = 10) -> TableView {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 30, height: height))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = 1
        table.dataSource = self
        table.delegate = self
        table.layoutIfNeeded()
        return table
    }
}

@MainActor
@Suite struct ConfigurationUpdateTests {
    @Test func anArrivingCellIsUpdatedOnceBeforeWillDisplay() {
        let source = ConfiguredRows(count: 50)
        let table = source.table()
        #expect(table.visibleCells.count == 10)
        #expect(source.log.entries.count == 10)
        for cell in table.visibleCells { #expect(source.log.count(of: cell) == 1) }
    }

    @Test func aTapGivesOneUpdateSelectedAndNotHighlighted() {
        let source = ConfiguredRows(count: 50)
        let table = source.table()
        let cell = table.cellForRow(at: IndexPath(row: 3, section: 0))!
        let before = source.log.entries.count
        table.tapRow(at: IndexPath(row: 3, section: 0))
        #expect(source.log.entries.count == before + 1)
        let last = source.log.last(of: cell)!
        #expect(last.state.isSelected)
        #expect(!last.state.isHighlighted)
        #expect(cell.configurationState == last.state)
    }

    @Test func programmaticSelectionWaitsForTheNextPass() {
        let source = ConfiguredRows(count: 50)
        let table = source.table()
        let before = source.log.entries.count
        table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        table.selectRow(at: IndexPath(row: 4, section: 0), animated: false, scrollPosition: .none)
        #expect(source.log.entries.count == before)
        table.layoutIfNeeded()
        // Row 2 selected then deselected: its state is back where it was, but it was marked; row 4 selected.
        #expect(source.log.entries.count == before + 2)
        #expect(source.log.entries.last { $0.row == 4 }?.state.isSelected == true)
    }

    @Test func offScreenCellsAreNotUpdatedAndReusedOnesStartCurrent() {
        let source = ConfiguredRows(count: 50)
        let table = source.table()
        let first = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        table.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
        table.contentOffset.y = 20  // row 0 leaves before any pass updates it
        let cellCount = source.log.count(of: first)
        #expect(source.log.last(of: first)?.row != 0 || source.log.last(of: first)?.state.isSelected == false)
        table.contentOffset.y = 0
        let back = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        #expect(source.log.last(of: back)?.row == 0)
        #expect(source.log.last(of: back)?.state.isSelected == true)
        _ = cellCount
    }
}
