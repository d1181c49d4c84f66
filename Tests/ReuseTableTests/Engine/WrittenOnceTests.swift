import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Rules the engine writes once for both views (Engine/): the data source's counts asked each
/// under its own name, where a lifted row or item can land, and reconfiguring a visible cell.
/// Each rule is checked on both views with the same data: two sections of five, 20 points each.
@MainActor
struct WrittenOnceTests {
    final class Rows: TableViewDataSource, TableViewDelegate {
        var inSections: ((TableView) -> Void)?
        var inRows: ((TableView) -> Void)?
        var redirect: IndexPath?
        func numberOfSections(in tableView: TableView) -> Int {
            inSections?(tableView)
            return 2
        }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
            inRows?(tableView)
            return 5
        }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        }
        func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 20 }
        func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
        func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
        func tableView(
            _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
            toProposedIndexPath proposedDestinationIndexPath: IndexPath
        ) -> IndexPath { redirect ?? proposedDestinationIndexPath }
    }

    final class Items: CollectionViewDataSource, CollectionViewDelegate, FlowLayoutDelegate {
        var inSections: ((CollectionView) -> Void)?
        var inItems: ((CollectionView) -> Void)?
        var redirect: IndexPath?
        func numberOfSections(in collectionView: CollectionView) -> Int {
            inSections?(collectionView)
            return 2
        }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
            inItems?(collectionView)
            return 5
        }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
        }
        func collectionView(
            _ collectionView: CollectionView, layout: FlowLayout, heightForItemAt indexPath: IndexPath, itemWidth: CGFloat
        ) -> CGFloat { 20 }
        func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
        func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
        func collectionView(
            _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
            atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
        ) -> IndexPath { redirect ?? proposedIndexPath }
    }

    func makeTable(_ rows: Rows, messages: Box<[String]>) -> TableView {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.diagnosticHandler = { messages.value.append($0) }
        table.dataSource = rows
        table.delegate = rows
        table.layoutIfNeeded()
        return table
    }

    func makeCollection(_ items: Items, messages: Box<[String]>) -> CollectionView {
        let layout = FlowLayout()
        layout.numberOfColumns = 1
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
        layout.delegate = items
        cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
        cv.diagnosticHandler = { messages.value.append($0) }
        cv.dataSource = items
        cv.delegate = items
        cv.layoutIfNeeded()
        return cv
    }

    final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    // MARK: Counts asked each under its own name

    @Test func aTableNamesEachCountMethodWhileItRuns() {
        let rows = Rows(), messages = Box<[String]>([])
        let table = makeTable(rows, messages: messages)
        rows.inSections = { _ = $0.beginInteractiveMovementForRow(at: IndexPath(row: 0, section: 0)) }
        table.reloadData()
        rows.inSections = nil
        rows.inRows = { _ = $0.beginInteractiveMovementForRow(at: IndexPath(row: 0, section: 0)) }
        table.reloadData()
        #expect(messages.value.first?.contains("was called from numberOfSections(in:);") == true, "\(messages.value)")
        #expect(messages.value.last?.contains("was called from tableView(_:numberOfRowsInSection:);") == true, "\(messages.value)")
    }

    @Test func aCollectionViewNamesEachCountMethodWhileItRuns() {
        let items = Items(), messages = Box<[String]>([])
        let cv = makeCollection(items, messages: messages)
        items.inSections = { _ = $0.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)) }
        cv.reloadData()
        items.inSections = nil
        items.inItems = { _ = $0.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)) }
        cv.reloadData()
        #expect(messages.value.first?.contains("was called from numberOfSections(in:);") == true, "\(messages.value)")
        #expect(messages.value.last?.contains("was called from collectionView(_:numberOfItemsInSection:);") == true, "\(messages.value)")
    }

    // MARK: Where a lifted element can land

    /// In another section one past its last is a place; in the origin's section the last place is
    /// its last index (the element leaves it first); a section that does not exist is none.
    @Test func aRedirectOutsideThePlacesIsRefusedAlikeInBothViews() {
        let cases: [(IndexPath, Bool)] = [
            (IndexPath(row: 5, section: 1), true), (IndexPath(row: 4, section: 0), true),
            (IndexPath(row: 5, section: 0), false), (IndexPath(row: 6, section: 1), false), (IndexPath(row: 0, section: 2), false),
        ]
        for (redirect, valid) in cases {
            let rows = Rows(), tableMessages = Box<[String]>([])
            let table = makeTable(rows, messages: tableMessages)
            #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 0, section: 0)))
            rows.redirect = redirect
            table.updateInteractiveMovementTargetPosition(CGPoint(x: 100, y: 70))
            #expect((table.indexPathForInteractivelyMovedRow?.to == redirect) == valid, "table, \(redirect)")
            #expect(tableMessages.value.contains { $0.contains("which is not a place") } == !valid, "table, \(redirect)")

            let items = Items(), collectionMessages = Box<[String]>([])
            let cv = makeCollection(items, messages: collectionMessages)
            #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
            items.redirect = redirect
            cv.updateInteractiveMovementTargetPosition(CGPoint(x: 100, y: 70))
            #expect((cv.indexPathForInteractivelyMovedItem?.to == redirect) == valid, "collection view, \(redirect)")
            #expect(collectionMessages.value.contains { $0.contains("which is not a place") } == !valid, "collection view, \(redirect)")
        }
    }

    // MARK: Reconfiguring a visible cell

    @Test func aReconfiguredSelectedCellComesBackTheSameAndSelectedInBothViews() {
        let rows = Rows(), messages = Box<[String]>([])
        let table = makeTable(rows, messages: messages)
        let row = IndexPath(row: 1, section: 0)
        table.selectRow(at: row, animated: false, scrollPosition: .none)
        let cell = table.cellForRow(at: row)
        table.reconfigureRows(at: [row])
        #expect(table.cellForRow(at: row) === cell)
        #expect(table.cellForRow(at: row)?.isSelected == true)

        let items = Items()
        let cv = makeCollection(items, messages: messages)
        let item = IndexPath(item: 1, section: 0)
        cv.selectItem(at: item, animated: false, scrollPosition: .none)
        let itemCell = cv.cellForItem(at: item)
        cv.reconfigureItems(at: [item])
        #expect(cv.cellForItem(at: item) === itemCell)
        #expect(cv.cellForItem(at: item)?.isSelected == true)
        #expect(messages.value.isEmpty, "\(messages.value)")
    }

    final class CountingRow: TableViewCell {
        var prepared = 0
        override func prepareForReuse() { prepared += 1 }
    }

    final class CountingItem: CollectionViewCell {
        var prepared = 0
        override func prepareForReuse() { prepared += 1 }
    }

    /// UIKit hands the data source the cell already showing the row without `prepareForReuse()`:
    /// reconfiguring keeps what the cell holds (an image loading, a text field's state) unless the
    /// configuration changes it. A cell taken from the pool for another row is still prepared.
    @Test func aReconfiguredCellIsNotPreparedForReuseInBothViews() {
        let rows = Rows(), messages = Box<[String]>([])
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        table.register(CountingRow.self, forCellReuseIdentifier: "row")
        table.diagnosticHandler = { messages.value.append($0) }
        table.dataSource = rows
        table.delegate = rows
        table.layoutIfNeeded()
        let row = IndexPath(row: 1, section: 0)
        let cell = table.cellForRow(at: row) as! CountingRow
        table.reconfigureRows(at: [row, IndexPath(row: 3, section: 1)])
        #expect(table.cellForRow(at: row) === cell)
        #expect(cell.prepared == 0, "reconfigureRows(at:) prepared the cell it handed back")
        table.reloadData()  // every cell goes to the pool and is taken again: prepared
        table.layoutIfNeeded()
        #expect(table.visibleCells.allSatisfy { ($0 as! CountingRow).prepared == 1 })

        let items = Items()
        let layout = FlowLayout()
        layout.numberOfColumns = 1
        layout.delegate = items
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
        cv.register(CountingItem.self, forCellWithReuseIdentifier: "item")
        cv.diagnosticHandler = { messages.value.append($0) }
        cv.dataSource = items
        cv.delegate = items
        cv.layoutIfNeeded()
        let item = IndexPath(item: 1, section: 0)
        let itemCell = cv.cellForItem(at: item) as! CountingItem
        cv.reconfigureItems(at: [item, IndexPath(item: 3, section: 1)])
        #expect(cv.cellForItem(at: item) === itemCell)
        #expect(itemCell.prepared == 0, "reconfigureItems(at:) prepared the cell it handed back")
        cv.reloadData()
        cv.layoutIfNeeded()
        #expect(cv.visibleCells.allSatisfy { ($0 as! CountingItem).prepared == 1 })
        #expect(messages.value.isEmpty, "\(messages.value)")
    }
}
