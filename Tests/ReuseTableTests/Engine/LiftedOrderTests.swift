import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A cell that shows an item and fits a height that depends on the width (narrower: 6 points taller).
final class LiftCell: TableViewCell {
    var item = -1
    var base: CGFloat = 20
    var reuses = 0
    override func prepareForReuse() { reuses += 1 }
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: size.width >= 300 ? base : base + 6) }
}

/// Sections of item ids with heights by id (delegate heights, or self-sizing `LiftCell`s), which
/// follows every `moveRowAt`, logs `didEndDisplaying`, and lets every row move and be swiped.
@MainActor
final class LiftSource: TableViewDataSource, TableViewDelegate {
    var items: [[Int]]
    var heights: [Int: Double] = [:]
    var selfSizing = false
    var moves: [(IndexPath, IndexPath)] = []
    var redirect: ((IndexPath, IndexPath) -> IndexPath)?
    var ended: [(cell: TableViewCell, indexPath: IndexPath)] = []
    var onEnd: ((TableViewCell, IndexPath) -> Void)?
    var onWillDisplay: ((TableView, IndexPath) -> Void)?

    init(items: [[Int]]) { self.items = items }

    func height(of item: Int) -> Double { heights[item] ?? 20 }
    func indexPath(of item: Int) -> IndexPath? {
        for (s, rows) in items.enumerated() { if let r = rows.firstIndex(of: item) { return IndexPath(row: r, section: s) } }
        return nil
    }

    func numberOfSections(in tableView: TableView) -> Int { items.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items[section].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! LiftCell
        cell.item = items[indexPath.section][indexPath.row]
        cell.base = CGFloat(height(of: cell.item))
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        selfSizing ? TableView.automaticDimension : CGFloat(height(of: items[indexPath.section][indexPath.row]))
    }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat { 0 }
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat { 0 }
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        moves.append((sourceIndexPath, destinationIndexPath))
        let item = items[sourceIndexPath.section].remove(at: sourceIndexPath.row)
        items[destinationIndexPath.section].insert(item, at: destinationIndexPath.row)
    }
    func tableView(
        _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath {
        redirect?(sourceIndexPath, proposedDestinationIndexPath) ?? proposedDestinationIndexPath
    }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        onWillDisplay?(tableView, indexPath)
    }
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        ended.append((cell, indexPath))
        onEnd?(cell, indexPath)
    }
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: "Flag") { _, _, done in done(true) }])
    }

    /// A 320-point-wide table over this source; `configure` runs before the first load.
    func makeTable(height: CGFloat = 400, configure: (TableView) -> Void = { _ in }) -> TableView {
        let table = TestSupport.makeTable(self, cell: LiftCell.self, height: height) { table in
            table.separatorStyle = .none
            if selfSizing { table.rowHeight = TableView.automaticDimension }
            configure(table)
        }
        table.layoutIfNeeded()
        return table
    }
}

/// Every cell on screen shows the item the model has at its index path.
@MainActor
func expectCellsShowModel(_ table: TableView, _ items: [[Int]], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(table.numberOfSections == items.count, sourceLocation: sourceLocation)
    for (section, rows) in items.enumerated() where section < table.numberOfSections {
        #expect(table.numberOfRows(inSection: section) == rows.count, "section \(section)", sourceLocation: sourceLocation)
    }
    for cell in table.visibleCells {
        let indexPath = table.indexPath(for: cell)!
        #expect((cell as! LiftCell).item == items[indexPath.section][indexPath.row], "\(indexPath)", sourceLocation: sourceLocation)
    }
}

/// While a row is lifted, every cell on screen stands where the proposed order puts it, heights
/// read from the rows' rects now (the lifted one's included): no gap, no overlap.
@MainActor
func expectProposedFrames(_ table: TableView, _ items: [[Int]], sourceLocation: SourceLocation = #_sourceLocation) {
    guard let (origin, destination) = table.indexPathForInteractivelyMovedRow else { return }
    var height: [Int: Double] = [:]
    for (s, rows) in items.enumerated() {
        for (r, item) in rows.enumerated() { height[item] = Double(table.rectForRow(at: IndexPath(row: r, section: s)).height) }
    }
    var proposed = items
    let lifted = proposed[origin.section].remove(at: origin.row)
    proposed[destination.section].insert(lifted, at: destination.row)
    var y = 0.0, minY: [Int: Double] = [:]
    for item in proposed.joined() {
        minY[item] = y
        y += height[item]!
    }
    for cell in table.visibleCells {
        let item = (cell as! LiftCell).item
        #expect(Double(cell.frame.minY) == minY[item], "item \(item)", sourceLocation: sourceLocation)
        #expect(Double(cell.frame.height) == height[item], "item \(item)", sourceLocation: sourceLocation)
    }
    let cell = table.engine.pass.movement!.cell
    #expect(Double(cell.frame.height) == height[lifted], "the lifted item \(lifted)", sourceLocation: sourceLocation)
}

@MainActor
@Suite struct LiftedOrderTests {
    // MARK: Calls made during a lift name rows in the order before it, and run first at the drop

    @Test func aHeightChangeMadeDuringALiftReachesTheRowTheAppNamed() {
        let source = LiftSource(items: [Array(0..<30)])
        let table = source.makeTable()
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 1, section: 0)))
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 5 * 20 + 10))
        #expect(table.indexPathForInteractivelyMovedRow?.to == IndexPath(row: 5, section: 0))
        source.heights[3] = 50
        table.row(IndexPath(row: 3, section: 0), changedHeight: 50)
        table.endInteractiveMovement()
        #expect(source.items[0].prefix(7) == [0, 2, 3, 4, 5, 1, 6])
        #expect(table.rectForRow(at: source.indexPath(of: 3)!).height == 50)
        #expect(table.rectForRow(at: source.indexPath(of: 4)!).height == 20)
        expectCellsShowModel(table, source.items)
    }

    @Test func aReloadAndASwipeMadeDuringALiftReachTheRowsTheAppNamed() {
        let source = LiftSource(items: [Array(0..<30)])
        let table = source.makeTable()
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 1, section: 0)))
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 5 * 20 + 10))
        source.heights[3] = 60
        table.reloadRows(at: [IndexPath(row: 3, section: 0)], with: .none)
        table.swipeRow(at: IndexPath(row: 4, section: 0), edge: .trailing)
        #expect(table.indexPathForSwipedRow == nil)  // waiting
        table.endInteractiveMovement()
        #expect(table.rectForRow(at: source.indexPath(of: 3)!).height == 60)
        #expect(table.rectForRow(at: source.indexPath(of: 4)!).height == 20)
        #expect(table.indexPathForSwipedRow == source.indexPath(of: 4))
        expectCellsShowModel(table, source.items)
    }

    @Test func theDropIsTranslatedThroughInsertsAndDeletesThatWaited() {
        let source = LiftSource(items: [Array(0..<30), Array(30..<40)])
        let table = source.makeTable()
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 1, section: 0)))
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 5 * 20 + 10))
        // Item 1 is proposed before item 6. The app inserts two items above it and deletes item 4, in
        // one batch (a waiting call is checked against the data source when it runs, as from a callback).
        source.items[0].remove(at: 4)
        source.items[0].insert(contentsOf: [98, 99], at: 0)
        table.performBatchUpdates {
            table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .none)
            table.deleteRows(at: [IndexPath(row: 4, section: 0)], with: .none)
        }
        #expect(table.numberOfRows(inSection: 0) == 30)  // waiting: the table keeps the order before the lift
        table.endInteractiveMovement()
        #expect(source.moves.count == 1)
        #expect(source.moves[0].0 == IndexPath(row: 3, section: 0) && source.moves[0].1 == IndexPath(row: 6, section: 0))
        #expect(source.items[0].prefix(8) == [98, 99, 0, 2, 3, 5, 1, 6])
        expectCellsShowModel(table, source.items)
    }

    @Test func aDropWhoseRowWasDeletedMeanwhileIsCancelledWithADiagnostic() {
        let source = LiftSource(items: [Array(0..<30)])
        let table = source.makeTable()
        var messages: [String] = []
        table.diagnosticHandler = { messages.append($0) }
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 1, section: 0)))
        let lifted = table.engine.pass.movement!.cell
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 5 * 20 + 10))
        source.items[0].remove(at: 1)
        table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .none)
        table.endInteractiveMovement()
        #expect(source.moves.isEmpty)
        #expect(table.indexPathForInteractivelyMovedRow == nil)
        #expect(
            messages == [
                "endInteractiveMovement(): row (section 0, row 1) was removed by deleteRows(at:with:), called while it was lifted; "
                    + "the movement is cancelled."
            ])
        #expect(source.ended.filter { $0.cell === lifted }.map(\.indexPath) == [IndexPath(row: 1, section: 0)])  // to the pool
        expectCellsShowModel(table, source.items)
    }

    // MARK: Across sections, the source section deleted (a queued deleteSections)

    @Test func aCrossSectionDropAfterItsSectionWasDeletedIsCancelled() {
        let source = LiftSource(items: [Array(0..<10), Array(10..<40)])
        let table = source.makeTable()
        var messages: [String] = []
        table.diagnosticHandler = { messages.append($0) }
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 1, section: 0)))
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 12 * 20 + 10))
        #expect(table.indexPathForInteractivelyMovedRow?.to == IndexPath(row: 2, section: 1))
        source.items.remove(at: 0)
        table.deleteSections(IndexSet(integer: 0), with: .none)
        table.endInteractiveMovement()
        #expect(source.moves.isEmpty)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("endInteractiveMovement(): row (section 0, row 1) was removed by deleteSections(_:with:)") == true)
        expectCellsShowModel(table, source.items)

        // The destination's section deleted: cancelled as well.
        source.items = [Array(0..<10), Array(10..<40)]
        table.reloadData()
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 1, section: 0)))
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 12 * 20 + 10))
        source.items.remove(at: 1)
        table.deleteSections(IndexSet(integer: 1), with: .none)
        table.endInteractiveMovement()
        #expect(source.moves.isEmpty)
        #expect(messages.count == 2)
        #expect(
            messages.last
                == "endInteractiveMovement(): the destination (section 1, row 2) of row (section 0, row 1) was removed by "
                + "deleteSections(_:with:), called while it was lifted; the movement is cancelled.")
        expectCellsShowModel(table, source.items)
    }

    // MARK: A diffable apply during a lift cancels it

    @MainActor
    func liftedHarness() -> DiffableTableHarness {
        let harness = DiffableTableHarness()
        for item in 0..<1_000 { harness.heights[item] = 40 }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<40))
        harness.dataSource.apply(snapshot)
        harness.table.layoutIfNeeded()
        harness.dataSource.reorderingHandlers.canReorderItem = { _ in true }
        #expect(harness.table.beginInteractiveMovementForRow(at: IndexPath(row: 1, section: 0)))
        harness.table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 2 * 40 + 20))
        #expect(harness.table.indexPathForInteractivelyMovedRow?.to == IndexPath(row: 2, section: 0))
        return harness
    }

    @MainActor
    func expectTableShowsSnapshot(_ harness: DiffableTableHarness, sourceLocation: SourceLocation = #_sourceLocation) {
        let table = harness.table
        #expect(table.indexPathForInteractivelyMovedRow == nil, sourceLocation: sourceLocation)
        #expect(table.numberOfRows(inSection: 0) == harness.dataSource.snapshot().numberOfItems, sourceLocation: sourceLocation)
        table.layoutIfNeeded()
        #expect(!table.visibleCells.isEmpty, sourceLocation: sourceLocation)
        for cell in table.visibleCells {
            #expect(
                (cell as! DiffCell).item == harness.dataSource.itemIdentifier(for: table.indexPath(for: cell)!), sourceLocation: sourceLocation)
        }
    }

    @Test func anApplyDuringALiftCancelsItThenApplies() async {
        for async in [false, true] {
            let harness = liftedHarness()
            var next = DiffableDataSourceSnapshot<Int, Int>()
            next.appendSections([0])
            next.appendItems([777] + Array(0..<40))
            harness.heights[777] = 40
            if async { await harness.dataSource.apply(next) } else { harness.dataSource.apply(next, completion: nil) }
            #expect(harness.dataSource.snapshot().itemIdentifiers == [777] + Array(0..<40))
            expectTableShowsSnapshot(harness)
            var messages: [String] = []
            harness.table.diagnosticHandler = { messages.append($0) }
            harness.table.endInteractiveMovement()  // nothing is lifted any more
            #expect(messages.count == 1)
            #expect(harness.dataSource.snapshot().itemIdentifiers == [777] + Array(0..<40))
            expectTableShowsSnapshot(harness)
        }
    }

    @Test func anApplyDuringALiftCancelsItInACollectionView() async {
        for async in [false, true] {
            let harness = DiffableCollectionHarness()
            for item in 0..<1_000 { harness.heights[item] = 50 }
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(Array(0..<40))
            harness.dataSource.apply(snapshot, completion: nil)
            let collection = harness.collection
            collection.layoutIfNeeded()
            harness.dataSource.reorderingHandlers.canReorderItem = { _ in true }
            #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
            collection.updateInteractiveMovementTargetPosition(CGPoint(x: 250, y: 80))
            #expect(collection.indexPathForInteractivelyMovedItem?.to == IndexPath(item: 5, section: 0))
            var next = DiffableDataSourceSnapshot<Int, Int>()
            next.appendSections([0])
            next.appendItems([777] + Array(0..<40))
            if async { await harness.dataSource.apply(next) } else { harness.dataSource.apply(next, completion: nil) }
            #expect(collection.indexPathForInteractivelyMovedItem == nil)
            collection.diagnosticHandler = { _ in }
            collection.endInteractiveMovement()
            collection.layoutIfNeeded()
            #expect(harness.dataSource.snapshot().itemIdentifiers == [777] + Array(0..<40))
            #expect(collection.numberOfItems(inSection: 0) == 41)
            #expect(!collection.engine.cellsOnScreen.entries.isEmpty)
            for entry in collection.engine.cellsOnScreen.entries {
                #expect((entry.cell as! DiffItemCell).item == harness.dataSource.itemIdentifier(for: entry.indexPath))
            }
        }
    }

    // MARK: The anchor at the drop

    /// The first row on screen is lifted: every row below it stands 20 points higher in the proposed
    /// order than in the data's. The anchor is where the user sees it, so nothing moves at the drop.
    @Test func theDropIsSeamlessWithMaintainsVisibleContentPosition() {
        for maintains in [false, true] {
            let source = LiftSource(items: [Array(0..<100)])
            let table = source.makeTable(height: 200) { $0.maintainsVisibleContentPosition = maintains }
            table.contentOffset.y = 100
            #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 5, section: 0)))
            table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 10 * 20 + 10))
            #expect(table.indexPathForInteractivelyMovedRow?.to == IndexPath(row: 10, section: 0))
            let lifted = table.engine.pass.movement!.cell as! LiftCell
            var onScreen: [Int: CGFloat] = [:]
            for cell in table.visibleCells { onScreen[(cell as! LiftCell).item] = cell.frame.minY - table.contentOffset.y }
            onScreen[lifted.item] = CGFloat(10 * 20) - table.contentOffset.y
            #expect(onScreen[6] == 0)
            table.endInteractiveMovement()
            #expect(table.contentOffset.y == 100, "maintains \(maintains)")
            for cell in table.visibleCells {
                let item = (cell as! LiftCell).item
                if let before = onScreen[item] {
                    #expect(cell.frame.minY - table.contentOffset.y == before, "item \(item), maintains \(maintains)")
                }
            }
        }
    }

    /// The same in a waterfall of one and of two columns: the first item on screen is lifted and
    /// dropped further down; every item stays where it was shown.
    @Test func theWaterfallDropIsSeamlessWithMaintainsVisibleContentPosition() {
        var random = SplitMix64(seed: 44)
        for columns in [1, 2] {
            for maintains in [false, true] {
                let source = MovingCollection(CollectionModel(sectionCounts: [80], rng: &random))
                for i in source.model.sections[0].indices { source.model.sections[0][i].height = 40 }
                let layout = WaterfallLayout(numberOfColumns: columns, margin: 0)
                layout.delegate = source
                let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 200), collectionViewLayout: layout)
                collection.register(ItemCell.self, forCellWithReuseIdentifier: "item")
                collection.dataSource = source
                collection.delegate = source
                collection.maintainsVisibleContentPosition = maintains
                collection.reloadData()
                collection.layoutIfNeeded()
                collection.contentOffset.y = 200
                let first = columns == 1 ? 5 : 10, target = CGPoint(x: 150, y: 330)
                #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: first, section: 0)))
                collection.updateInteractiveMovementTargetPosition(target)
                #expect(collection.indexPathForInteractivelyMovedItem?.to == IndexPath(item: columns == 1 ? 8 : 17, section: 0))
                var onScreen: [Int: CGPoint] = [:]
                for cell in collection.visibleCells {
                    onScreen[(cell as! ItemCell).itemID] = CGPoint(x: cell.frame.minX, y: cell.frame.minY - collection.contentOffset.y)
                }
                collection.endInteractiveMovement()
                #expect(collection.contentOffset.y == 200, "columns \(columns), maintains \(maintains)")
                for cell in collection.visibleCells {
                    let id = (cell as! ItemCell).itemID
                    if let before = onScreen[id] {
                        let after = CGPoint(x: cell.frame.minX, y: cell.frame.minY - collection.contentOffset.y)
                        #expect(after == before, "item \(id), columns \(columns), maintains \(maintains)")
                    }
                }
            }
        }
    }

    // MARK: The lifted row's height follows measurement and width

    @Test func theLiftedRowsHeightFollowsAWidthChange() {
        let source = LiftSource(items: [Array(0..<60)])
        source.selfSizing = true
        let table = source.makeTable()
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)).height == 20)
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 2, section: 0)))
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 6 * 20 + 10))
        expectProposedFrames(table, source.items)
        table.frame.size.width = 200
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)).height == 26)
        expectProposedFrames(table, source.items)
        table.endInteractiveMovement()
        expectCellsShowModel(table, source.items)
    }

    @Test func theLiftedRowsHeightFollowsItsMeasurement() {
        let source = LiftSource(items: [Array(0..<200)])
        for item in 0..<200 { source.heights[item] = 30 }
        let table = source.makeTable(height: 300) { $0.estimatedRowHeight = 20 }
        // Row 60 is an estimate when lifted (off screen); the drag takes it up and the table scrolls to where it came from.
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 60, section: 0)))
        #expect(table.rectForRow(at: IndexPath(row: 60, section: 0)).height == 20)
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 150))
        let destination = table.indexPathForInteractivelyMovedRow!.to
        #expect(destination.row < 10)
        table.contentOffset.y = table.rectForRow(at: IndexPath(row: 58, section: 0)).minY
        #expect(table.rectForRow(at: IndexPath(row: 60, section: 0)).height == 30)
        expectProposedFrames(table, source.items)
        table.endInteractiveMovement()
        expectCellsShowModel(table, source.items)
    }

    // MARK: The lifted cell and didEndDisplaying

    @Test func theLiftedCellHearsDidEndDisplayingOnlyWhenItReallyLeaves() {
        let source = LiftSource(items: [Array(0..<300)])
        let table = source.makeTable(height: 400)
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 0, section: 0)))
        let lifted = table.engine.pass.movement!.cell
        for _ in 0..<40 { table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: table.contentOffset.y + 395)) }
        #expect(table.contentOffset.y > 1_000)
        #expect(!source.ended.contains { $0.cell === lifted })
        // Dropped where it came from, now far above the viewport: it leaves the screen then, once.
        source.redirect = { origin, _ in origin }
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: table.contentOffset.y + 200))
        table.endInteractiveMovement()
        #expect(source.ended.filter { $0.cell === lifted }.map(\.indexPath) == [IndexPath(row: 0, section: 0)])
        #expect(!table.visibleCells.contains { $0 === lifted })
        expectCellsShowModel(table, source.items)

        // Dropped on screen: it never leaves.
        source.redirect = nil
        source.ended = []
        let top = table.indexPathsForVisibleRows!.first!
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: top.row + 2, section: 0)))
        let second = table.engine.pass.movement!.cell
        for _ in 0..<10 { table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: table.contentOffset.y + 395)) }
        table.endInteractiveMovement()
        #expect(!source.ended.contains { $0.cell === second })
        #expect(table.visibleCells.contains { $0 === second })
    }
}
