import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// The two orders both views keep the same way (the engine writes them once): a removed row's
/// cell hears `didEndDisplaying` after the update is applied, and a batch ended from inside a
/// callback waits for the step that called it.
@MainActor
struct UpdateOrderTests {
    /// Twenty rows of 20 points; hooks in `didEndDisplaying` and `willDisplay`.
    final class Rows: TableViewDataSource, TableViewDelegate {
        var count = 20
        var didEnd: ((TableView, TableViewCell, IndexPath) -> Void)?
        var willDisplay: ((TableView, IndexPath) -> Void)?
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        }
        func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 20 }
        func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
            didEnd?(tableView, cell, indexPath)
        }
        func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
            willDisplay?(tableView, indexPath)
        }
    }

    /// Twenty items of 20 points in one column; the same hooks.
    final class Items: CollectionViewDataSource, CollectionViewDelegate, FlowLayoutDelegate {
        var count = 20
        var didEnd: ((CollectionView, CollectionViewCell, IndexPath) -> Void)?
        var willDisplay: ((CollectionView, IndexPath) -> Void)?
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
        }
        func collectionView(
            _ collectionView: CollectionView, layout: FlowLayout, heightForItemAt indexPath: IndexPath, itemWidth: CGFloat
        ) -> CGFloat { 20 }
        func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
            didEnd?(collectionView, cell, indexPath)
        }
        func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
            willDisplay?(collectionView, indexPath)
        }
    }

    func makeTable() -> (TableView, Rows) {
        let rows = Rows()
        let table = TestSupport.makeTable(rows, cell: TableViewCell.self, identifier: "row", width: 200, height: 100, reload: false)
        table.layoutIfNeeded()
        return (table, rows)
    }

    func makeCollection() -> (CollectionView, Items) {
        let items = Items()
        let layout = FlowLayout()
        layout.numberOfColumns = 1
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 100), collectionViewLayout: layout)
        layout.delegate = items
        cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
        cv.dataSource = items
        cv.delegate = items
        cv.layoutIfNeeded()
        return (cv, items)
    }

    // MARK: didEndDisplaying after the update is applied

    @Test func aDeletedRowsCellHearsDidEndDisplayingWithTheNewStructureInPlace() {
        let (table, rows) = makeTable()
        let doomed = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        var seen: [(IndexPath, Int, Bool, Bool)] = []
        rows.didEnd = { table, cell, indexPath in
            seen.append((indexPath, table.numberOfRows(inSection: 0), table.visibleCells.contains { $0 === cell }, cell === doomed))
        }
        rows.count = 19
        table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .none)
        #expect(seen.count == 1)
        #expect(seen.first?.0 == IndexPath(row: 1, section: 0), "the old index path")
        #expect(seen.first?.1 == 19, "the table has the new count")
        #expect(seen.first?.2 == false, "the cell is off screen")
        #expect(seen.first?.3 == true)
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).minY == 20)
    }

    @Test func aDeletedItemsCellHearsDidEndDisplayingWithTheNewStructureInPlace() {
        let (cv, items) = makeCollection()
        let doomed = cv.cellForItem(at: IndexPath(item: 1, section: 0))!
        var seen: [(IndexPath, Int, Bool, Bool)] = []
        items.didEnd = { cv, cell, indexPath in
            seen.append((indexPath, cv.numberOfItems(inSection: 0), cv.visibleCells.contains { $0 === cell }, cell === doomed))
        }
        items.count = 19
        cv.deleteItems(at: [IndexPath(item: 1, section: 0)])
        #expect(seen.count == 1)
        #expect(seen.first?.0 == IndexPath(item: 1, section: 0), "the old index path")
        #expect(seen.first?.1 == 19, "the collection view has the new count")
        #expect(seen.first?.2 == false, "the cell is off screen")
        #expect(seen.first?.3 == true)
    }

    // MARK: A batch ended from a callback waits for the step that called it

    @Test func aTableBatchEndedFromWillDisplayRunsAfterThePass() {
        let (table, rows) = makeTable()
        var countsInside: [Int] = []
        rows.willDisplay = { table, indexPath in
            guard indexPath.row == 5, rows.count == 20 else { return }
            rows.count = 21
            table.beginUpdates()
            table.insertRows(at: [IndexPath(row: 20, section: 0)], with: .none)
            table.endUpdates()
            countsInside.append(table.numberOfRows(inSection: 0))
        }
        table.contentOffset.y = 40
        #expect(countsInside == [20], "inside the callback the table still has the old count")
        #expect(table.numberOfRows(inSection: 0) == 21, "the batch ran when the pass ended")
    }

    @Test func aCollectionBatchEndedFromWillDisplayRunsAfterThePass() {
        let (cv, items) = makeCollection()
        var countsInside: [Int] = []
        items.willDisplay = { cv, indexPath in
            guard indexPath.item == 5, items.count == 20 else { return }
            items.count = 21
            cv.performBatchUpdates { cv.insertItems(at: [IndexPath(item: 20, section: 0)]) }
            countsInside.append(cv.numberOfItems(inSection: 0))
        }
        cv.contentOffset.y = 40
        #expect(countsInside == [20], "inside the callback the collection view still has the old count")
        #expect(cv.numberOfItems(inSection: 0) == 21, "the batch ran when the pass ended")
    }
}
