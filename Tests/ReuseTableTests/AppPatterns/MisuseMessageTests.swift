import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// The line a stopped child process wrote for the trap (`ReuseTableError.trap`), or "" when none.
private func trapLine(_ result: ExitTest.Result?) -> String {
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    return text.split(separator: "\n").first { $0.contains("Fatal error: ReuseTable: ") }.map(String.init) ?? ""
}

/// A 10-row table (`LiftSource`), a 3-item waterfall: what the calls below misuse.
@MainActor
private func smallTable() -> TableView { LiftSource(items: [Array(0..<10)]).makeTable() }

@MainActor
private func smallCollection() -> CollectionView {
    let layout = WaterfallLayout(numberOfColumns: 2, margin: 0)
    let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 200), collectionViewLayout: layout)
    let model = CollectionModel()
    model.sections = [[ModelItem(id: 1, height: 10), ModelItem(id: 2, height: 10), ModelItem(id: 3, height: 10)]]
    collection.register(ItemCell.self, forCellWithReuseIdentifier: "item")
    collection.dataSource = model
    collection.reloadData()
    collection.layoutIfNeeded()
    return collection
}

/// Every call that stops on bad input names itself first, whatever check it shares with others
/// (a query, a scroll, a dequeue, a snapshot edit). Each runs in a child process (an exit test):
/// the trap ends it, and its message is read from the child's standard error.
@MainActor
@Suite struct MisuseMessageTests {
    @Test func scrollToRowOutOfRangeNamesTheCallAlsoDuringALift() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let source = LiftSource(items: [Array(0..<10)])
                let table = source.makeTable()
                _ = table.beginInteractiveMovementForRow(at: IndexPath(row: 1, section: 0))
                table.scrollToRow(at: IndexPath(row: 10, section: 0), at: .top, animated: false)
            }
        }
        #expect(
            trapLine(result).hasSuffix(
                "ReuseTable: scrollToRow(at:at:animated:): row (section 0, row 10) is out of range: section 0 has 10 rows."),
            "\(trapLine(result))")
    }

    @Test func tableQueriesNameTheCall() async {
        let rect = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = smallTable().rectForRow(at: IndexPath(row: 12, section: 0)) }
        }
        #expect(trapLine(rect).hasSuffix("rectForRow(at:): row (section 0, row 12) is out of range: section 0 has 10 rows."), "\(trapLine(rect))")
        let rows = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = smallTable().numberOfRows(inSection: 3) }
        }
        #expect(trapLine(rows).hasSuffix("numberOfRows(inSection:): section 3 does not exist: the table has 1 section."), "\(trapLine(rows))")
        let header = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = smallTable().rectForHeader(inSection: -1) }
        }
        #expect(trapLine(header).contains("ReuseTable: rectForHeader(inSection:): section -1 does not exist"), "\(trapLine(header))")
        let height = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { smallTable().row(IndexPath(row: 10, section: 0), changedHeight: 30) }
        }
        #expect(trapLine(height).contains("ReuseTable: row(_:changedHeight:): row (section 0, row 10) is out of range"), "\(trapLine(height))")
        let dequeue = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = smallTable().dequeueReusableCell(withIdentifier: "nope", for: IndexPath(row: 0, section: 0)) }
        }
        #expect(
            trapLine(dequeue).contains("ReuseTable: dequeueReusableCell(withIdentifier:for:): unable to dequeue a cell with identifier \"nope\""),
            "\(trapLine(dequeue))")
    }

    @Test func collectionViewCallsNameTheCall() async {
        let items = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = smallCollection().numberOfItems(inSection: 1) }
        }
        #expect(
            trapLine(items).hasSuffix("numberOfItems(inSection:): section 1 does not exist: the collection view has 1 section."),
            "\(trapLine(items))")
        let scroll = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { smallCollection().scrollToItem(at: IndexPath(item: 3, section: 0), at: .top, animated: false) }
        }
        #expect(
            trapLine(scroll).hasSuffix(
                "scrollToItem(at:at:animated:): index path (section 0, item 3) is out of range: section 0 contains only 3 items."),
            "\(trapLine(scroll))")
        let dequeue = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = smallCollection().dequeueReusableCell(withReuseIdentifier: "nope", for: IndexPath(item: 0, section: 0)) }
        }
        #expect(
            trapLine(dequeue).contains("ReuseTable: dequeueReusableCell(withReuseIdentifier:for:): unable to dequeue a cell"),
            "\(trapLine(dequeue))")
    }

    @Test func snapshotEditsNameTheCall() async {
        let append = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendItems([1])
        }
        #expect(
            trapLine(append).hasSuffix(
                "ReuseTable: appendItems(_:toSection:): Invalid snapshot: there are no sections to append items to; append a section first."),
            "\(trapLine(append))")
        let delete = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.deleteItems([4])
        }
        #expect(
            trapLine(delete).hasSuffix(
                "ReuseTable: deleteItems(_:): Invalid item identifier: attempt to delete item 4, which is not in the snapshot."),
            "\(trapLine(delete))")
        let count = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let snapshot = DiffableDataSourceSnapshot<Int, Int>()
            _ = snapshot.numberOfItems(inSection: 9)
        }
        #expect(
            trapLine(count).hasSuffix("ReuseTable: numberOfItems(inSection:): Invalid section identifier: 9 is not in the snapshot."),
            "\(trapLine(count))")
    }
}
