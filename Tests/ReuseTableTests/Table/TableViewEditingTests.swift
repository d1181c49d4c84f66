import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

@MainActor
@Suite struct TableViewEditingTests {
    @Test func setEditingReachesCellsOnScreenAndCellsAsTheyArrive() {
        let source = SwipeSource([60])
        let table = source.makeTable()
        #expect(!table.isEditing)
        #expect(table.visibleCells.allSatisfy { !$0.isEditing })
        table.setEditing(true, animated: true)
        #expect(table.isEditing)
        #expect(table.visibleCells.allSatisfy { $0.isEditing })
        table.contentOffset.y = 1_000  // arrivals come from the pool: they show the mode now
        #expect(table.visibleCells.allSatisfy { $0.isEditing })
        table.isEditing = false
        #expect(table.visibleCells.allSatisfy { !$0.isEditing })
        table.contentOffset.y = 0  // reused cells that were editing when they left do not keep it
        #expect(table.visibleCells.allSatisfy { !$0.isEditing })
        table.isEditing = true
        table.reloadData()
        #expect(table.visibleCells.allSatisfy { $0.isEditing })
        table.reconfigureRows(at: [.r(0)])
        #expect(table.cellForRow(at: .r(0))?.isEditing == true)
    }

    @Test func tapsSelectDuringEditingOnlyWhenAllowed() {
        let source = SwipeSource([10])
        let table = source.makeTable()
        table.setEditing(true, animated: false)
        table.tapRow(at: .r(1))
        #expect(table.indexPathForSelectedRow == nil)
        #expect(source.log.isEmpty)
        table.allowsSelectionDuringEditing = true
        table.tapRow(at: .r(1))
        #expect(table.indexPathForSelectedRow == .r(1))
        #expect(source.log == ["didSelect 0-1"])
        table.selectRow(at: .r(2), animated: false, scrollPosition: .none)  // programmatic selection is not affected
        #expect(table.indexPathForSelectedRow == .r(2))
        table.allowsSelectionDuringEditing = false
        table.selectRow(at: .r(3), animated: false, scrollPosition: .none)
        #expect(table.indexPathForSelectedRow == .r(3))
        table.setEditing(false, animated: false)
        table.tapRow(at: .r(4))
        #expect(table.indexPathForSelectedRow == .r(4))
    }

    @Test func setEditingFromACallbackRunsWhenTheStepIsDone() {
        let source = SwipeSource([10])
        let table = source.makeTable()
        source.trailing = ["Flag"]
        source.hooks["willBegin"] = { table in
            table.setEditing(true, animated: false)
            #expect(!table.isEditing)  // queued
        }
        table.swipeRow(at: .r(1), edge: .trailing)
        #expect(table.isEditing)
        #expect(table.indexPathForSwipedRow == nil)  // entering editing closed the row
        #expect(source.log == ["trailing 0-1", "willBegin 0-1", "didEnd 0-1"])
    }

    @Test func theEditingStyleAndCanEditRowDecideTheDefaultAction() {
        let source = SwipeSource([4])
        let table = source.makeTable()
        source.styles = [0: .delete, 1: .insert, 2: TableViewCell.EditingStyle.none]
        #expect(table.editingStyle(at: .r(0)) == .delete)
        #expect(table.editingStyle(at: .r(1)) == .insert)
        #expect(table.swipeRow(at: .r(0), edge: .trailing) != nil)
        #expect(table.swipeRow(at: .r(1), edge: .trailing) == nil)
        #expect(table.swipeRow(at: .r(2), edge: .trailing) == nil)
        source.notEditable = [3]
        #expect(!table.canEditRow(at: .r(3)))
        #expect(table.swipeRow(at: .r(3), edge: .trailing) == nil)
    }

    @Test func defaultsMatchUIKit() {
        final class Plain: TableViewDataSource, TableViewDelegate {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            }
        }
        let plain = Plain()
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = plain
        table.delegate = plain
        table.reloadData()
        #expect(!table.allowsSelectionDuringEditing)
        #expect(plain.tableView(table, canEditRowAt: .r(0)))
        #expect(plain.tableView(table, editingStyleForRowAt: .r(0)) == .delete)
        #expect(plain.sectionIndexTitles(for: table) == nil)
        #expect(plain.tableView(table, sectionForSectionIndexTitle: "B", at: 1) == 1)
        let configuration = table.swipeRow(at: .r(1), edge: .trailing)
        #expect(configuration?.performsFirstActionWithFullSwipe == true)
        table.performSwipeAction(at: 0)  // the default commit does nothing: the row stays, the swipe closes
        #expect(table.indexPathForSwipedRow == nil)
        #expect(table.numberOfRows(inSection: 0) == 3)
    }

    /// As UIKit's: a diffable data source offers no swipe actions until a subclass says its rows can be edited.
    @Test func aDiffableDataSourceOffersSwipeActionsOnlyWhenASubclassAllowsEditing() {
        final class Editable: TableViewDiffableDataSource<Int, Int> {
            override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
        }
        for allowsEditing in [false, true] {
            let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
            table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
            let provider: TableViewDiffableDataSource<Int, Int>.CellProvider = { table, indexPath, _ in
                table.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            }
            let source =
                allowsEditing
                ? Editable(tableView: table, cellProvider: provider)
                : TableViewDiffableDataSource<Int, Int>(tableView: table, cellProvider: provider)
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(Array(0..<5))
            source.apply(snapshot)
            let configuration = table.swipeRow(at: IndexPath(row: 1, section: 0), edge: .trailing)
            #expect((configuration != nil) == allowsEditing)
            #expect(configuration?.actions.map(\.title) ?? [] == (allowsEditing ? ["Delete"] : []))
        }
    }
}
