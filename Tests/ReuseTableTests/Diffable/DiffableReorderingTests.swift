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

    /// Without willReorder or didReorder the move is made in the data source's own snapshot: the
    /// snapshot follows the drop as with them, and a snapshot the app took before keeps its order.
    @Test func aDropWithoutTransactionHandlersMovesTheItemAndLeavesEarlierCopiesAlone() {
        for (from, target) in [(1, 2), (4, 0), (0, 12), (7, 7)] {
            let harness = makeReorderingHarness(items: [Array(0..<20), Array(20..<30)])
            harness.dataSource.reorderingHandlers.canReorderItem = { _ in true }
            let before = harness.dataSource.snapshot()
            let table = harness.table
            #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: from, section: 0)))
            table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: CGFloat(target) * 40 + 20))
            guard let to = table.indexPathForInteractivelyMovedRow?.to, to.section == 0 else {
                Issue.record("no proposed row in section 0 for \(target)")
                continue
            }
            table.endInteractiveMovement()
            var model = Array(0..<20)
            model.insert(model.remove(at: from), at: to.row)
            #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: 0) == model, "drop \(from) → \(to.row)")
            #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: 1) == Array(20..<30))
            #expect(harness.dataSource.indexPath(for: model[to.row]) == to)
            #expect(before.itemIdentifiers(inSection: 0) == Array(0..<20))
            #expect(table.numberOfRows(inSection: 0) == 20)
            expectCellsMatchSnapshot(harness)
        }
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
