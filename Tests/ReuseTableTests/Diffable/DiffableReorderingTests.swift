import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable

@MainActor
private func makeReorderingHarness(items: [[Int]]) -> DiffableTableHarness {
    let harness = DiffableTableHarness()
    for item in items.joined() { harness.heights[item] = 40 }
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections(Array(items.indices))
    for (section, sectionItems) in items.enumerated() { snapshot.appendItems(sectionItems, toSection: section) }
    harness.dataSource.apply(snapshot)
    harness.table.layoutIfNeeded()
    return harness
}

/// The items the visible cells show, by index path, match the data source's snapshot.
@MainActor
private func expectCellsMatchSnapshot(_ harness: DiffableTableHarness, sourceLocation: SourceLocation = #_sourceLocation) {
    for cell in harness.table.visibleCells {
        let indexPath = harness.table.indexPath(for: cell)!
        #expect((cell as! DiffCell).item == harness.dataSource.itemIdentifier(for: indexPath), sourceLocation: sourceLocation)
    }
}

@MainActor
struct DiffableReorderingTests {
    @Test func nothingReordersWithoutHandlers() {
        let harness = makeReorderingHarness(items: [Array(0..<20)])
        var messages: [String] = []
        harness.table.diagnosticHandler = { messages.append($0) }
        #expect(!harness.table.beginInteractiveMovementForRow(at: IndexPath(row: 0, section: 0)))
        #expect(messages.count == 1)
    }

    @Test func theSnapshotFollowsADropBetweenWillAndDidReorder() {
        let harness = makeReorderingHarness(items: [Array(0..<20), Array(20..<30)])
        var log: [String] = []
        harness.dataSource.reorderingHandlers = .init(
            canReorderItem: { $0 != 3 },
            willReorder: { [unowned harness] transaction in
                log.append("will")
                #expect(harness.dataSource.snapshot().itemIdentifiers == transaction.initialSnapshot.itemIdentifiers)
            },
            didReorder: { [unowned harness] transaction in
                log.append("did")
                #expect(harness.dataSource.snapshot().itemIdentifiers == transaction.finalSnapshot.itemIdentifiers)
                #expect(transaction.initialSnapshot.itemIdentifiers(inSection: 0) == Array(0..<20))
                #expect(transaction.finalSnapshot.itemIdentifiers(inSection: 1) == [20, 21, 1] + Array(22..<30))
                #expect(transaction.difference.movedItems.count + transaction.difference.insertedItems.count >= 1)
            })
        let table = harness.table
        table.diagnosticHandler = { _ in }
        #expect(!table.beginInteractiveMovementForRow(at: IndexPath(row: 3, section: 0)))
        table.contentOffset.y = 600
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 1, section: 0)))
        // Section 1 starts at 20 × 40; its row 2 (item 22) is at 880...920, in the middle of the viewport.
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 900))
        #expect(table.indexPathForInteractivelyMovedRow?.to == IndexPath(row: 2, section: 1))
        table.endInteractiveMovement()
        #expect(log == ["will", "did"])
        #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: 1) == [20, 21, 1] + Array(22..<30))
        #expect(table.numberOfRows(inSection: 0) == 19 && table.numberOfRows(inSection: 1) == 11)
        expectCellsMatchSnapshot(harness)
    }

    @Test func anApplyFromDidReorderRunsAfterTheMove() {
        let harness = makeReorderingHarness(items: [Array(0..<20)])
        harness.heights[100] = 40
        harness.heights[101] = 40
        harness.dataSource.reorderingHandlers.canReorderItem = { _ in true }
        harness.dataSource.reorderingHandlers.didReorder = { [unowned harness] transaction in
            var next = transaction.finalSnapshot
            next.insertItems([100], beforeItem: 0)
            next.appendItems([101])
            harness.dataSource.apply(next)
        }
        let table = harness.table
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 0, section: 0)))
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 5 * 40 + 10))
        table.endInteractiveMovement()
        let expected = [1, 2, 3, 4, 5, 100, 0] + Array(6..<20) + [101]
        #expect(harness.dataSource.snapshot().itemIdentifiers == expected)
        #expect(table.numberOfRows(inSection: 0) == 22)
        expectCellsMatchSnapshot(harness)
    }
}
