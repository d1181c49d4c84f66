import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// The line a stopped child process wrote for the trap (`ReuseTableError.trap`), or "" when none.
private func trapLine(_ result: ExitTest.Result?) -> String {
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    return text.split(separator: "\n").first { $0.contains("Fatal error: ReuseTable: ") }.map(String.init) ?? ""
}

/// The collection view's editing mode and swipe actions: the list configuration's providers, the
/// cells' `isEditing` and `isSwiped` states, and the `delete` and `reorder` accessories.
@MainActor
@Suite struct CollectionViewSwipeTests {
    // MARK: Swipe actions from the list configuration

    @Test func aSwipeShowsTheListProvidersActionsAndTheCellIsSwiped() {
        let source = ListSwipeSource([20])
        let collection = source.makeCollection()
        let item = IndexPath(item: 2, section: 0)
        #expect(collection.swipeItem(at: item, edge: .trailing)?.actions.map(\.title) == ["Delete", "Flag"])
        #expect(collection.indexPathForSwipedItem == item)
        #expect(collection.swipedItemEdge == .trailing)
        collection.layoutIfNeeded()
        #expect(collection.cellForItem(at: item)?.configurationState.isSwiped == true)
        #expect(source.updates.last?.id == 2 && source.updates.last?.state.isSwiped == true)
        source.completes = false
        collection.performSwipeAction(at: 1)
        #expect(collection.indexPathForSwipedItem == item)  // completion(false): still open
        source.completes = true
        collection.performSwipeAction(at: 1)
        #expect(collection.indexPathForSwipedItem == nil)
        #expect(source.log == ["action Flag", "action Flag"])
        collection.layoutIfNeeded()
        #expect(collection.cellForItem(at: item)?.configurationState.isSwiped == false)
        // Delete: its handler deletes the item (queued until it returns), and the swipe closes.
        collection.swipeItem(at: item, edge: .trailing)
        collection.performSwipeAction(at: 0)
        #expect(collection.numberOfItems(inSection: 0) == 19)
        #expect(collection.indexPathForSwipedItem == nil)
        #expect(source.sections[0][2] == 3)
    }

    @Test func noActionsWithoutAProviderACanEditItemAtOrAListLayout() {
        let source = ListSwipeSource([10])
        let collection = source.makeCollection()
        source.leading = []
        #expect(collection.swipeItem(at: IndexPath(item: 1, section: 0), edge: .leading) == nil)
        source.notEditable = [2]
        #expect(collection.swipeItem(at: IndexPath(item: 2, section: 0), edge: .trailing) == nil)
        source.trailing = []  // an empty configuration offers nothing
        #expect(collection.swipeItem(at: IndexPath(item: 3, section: 0), edge: .trailing) == nil)
        #expect(collection.indexPathForSwipedItem == nil)
        let flow = FlowLayout()
        flow.itemSize = CGSize(width: 40, height: 1)
        collection.collectionViewLayout = flow
        source.trailing = ["Flag"]
        #expect(collection.swipeItem(at: IndexPath(item: 3, section: 0), edge: .trailing) == nil)  // not a list: no providers
        #expect(!collection.fullSwipeItem(at: IndexPath(item: 3, section: 0), edge: .trailing))
    }

    @Test func aFullSwipePerformsTheFirstActionUnlessTheConfigurationSaysNot() {
        let source = ListSwipeSource([10])
        let collection = source.makeCollection()
        #expect(collection.fullSwipeItem(at: IndexPath(item: 4, section: 0), edge: .leading))
        #expect(source.log == ["action Pin"])
        #expect(collection.indexPathForSwipedItem == nil)
        source.fullSwipePerforms = false
        #expect(!collection.fullSwipeItem(at: IndexPath(item: 4, section: 0), edge: .leading))
        #expect(collection.indexPathForSwipedItem == IndexPath(item: 4, section: 0))  // opened, nothing performed
        #expect(source.log == ["action Pin"])
    }

    @Test func scrollsTapsReloadsAnotherSwipeAndEditingCloseTheItemButARejectedOffsetDoesNot() {
        let source = ListSwipeSource([60])
        let collection = source.makeCollection()
        var messages: [String] = []
        collection.diagnosticHandler = { messages.append($0) }
        func open(_ item: Int) {
            collection.swipeItem(at: IndexPath(item: item, section: 0), edge: .leading)
            #expect(collection.indexPathForSwipedItem == IndexPath(item: item, section: 0))
        }
        open(1)
        collection.contentOffset.y = collection.contentOffset.y  // no move: stays open
        collection.contentOffset = CGPoint(x: 0, y: CGFloat.nan)  // rejected: stays open
        #expect(collection.indexPathForSwipedItem == IndexPath(item: 1, section: 0))
        #expect(messages.count == 1 && messages[0].hasPrefix("invalid contentOffset"))
        collection.contentOffset.y = 3
        #expect(collection.indexPathForSwipedItem == nil)
        open(5)
        collection.scrollToItem(at: IndexPath(item: 40, section: 0), at: .top, animated: false)
        #expect(collection.indexPathForSwipedItem == nil)
        open(41)
        collection.tapItem(at: IndexPath(item: 42, section: 0))  // closes, selects nothing
        #expect(collection.indexPathForSwipedItem == nil)
        #expect(collection.indexPathsForSelectedItems == nil)
        #expect(!source.log.contains { $0.hasPrefix("didSelect") })
        open(41)
        collection.swipeItem(at: IndexPath(item: 42, section: 0), edge: .trailing)
        #expect(collection.indexPathForSwipedItem == IndexPath(item: 42, section: 0))
        collection.reloadData()
        #expect(collection.indexPathForSwipedItem == nil)
        open(41)
        collection.setEditing(true, animated: false)
        #expect(collection.indexPathForSwipedItem == nil)
    }

    @Test func theOpenItemFollowsInsertsDeletesAndMovesAndADeletedOneCloses() {
        let source = ListSwipeSource([10, 10])
        let collection = source.makeCollection()
        collection.swipeItem(at: IndexPath(item: 2, section: 0), edge: .leading)
        source.sections[0].insert(contentsOf: [source.newID(), source.newID()], at: 0)
        collection.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
        #expect(collection.indexPathForSwipedItem == IndexPath(item: 4, section: 0))
        source.sections[0].remove(at: 5)  // after it: nothing moves
        collection.deleteItems(at: [IndexPath(item: 5, section: 0)])
        #expect(collection.indexPathForSwipedItem == IndexPath(item: 4, section: 0))
        source.sections[1].insert(source.sections[0].remove(at: 4), at: 3)
        collection.moveItem(at: IndexPath(item: 4, section: 0), to: IndexPath(item: 3, section: 1))
        #expect(collection.indexPathForSwipedItem == IndexPath(item: 3, section: 1))
        collection.reloadItems(at: [IndexPath(item: 3, section: 1)])
        #expect(collection.indexPathForSwipedItem == IndexPath(item: 3, section: 1))
        source.sections[1].remove(at: 3)
        collection.deleteItems(at: [IndexPath(item: 3, section: 1)])
        #expect(collection.indexPathForSwipedItem == nil)
    }

    @Test func callsFromHandlersAndProvidersAreQueuedAndProvidersMayReadTheView() {
        let source = ListSwipeSource([20])
        let collection = source.makeCollection()
        var seen: [String] = []
        source.onProvider = { view, indexPath in
            // The old swipe is closed before the provider is asked; the view answers queries.
            seen.append("\(indexPath.item) of \(view.numberOfItems(inSection: 0)), open \(String(describing: view.indexPathForSwipedItem))")
            if indexPath.item == 2 { #expect(view.swipeItem(at: IndexPath(item: 9, section: 0), edge: .leading) == nil) }  // queued
        }
        collection.swipeItem(at: IndexPath(item: 2, section: 0), edge: .trailing)
        #expect(seen == ["2 of 20, open nil", "9 of 20, open nil"])
        #expect(collection.indexPathForSwipedItem == IndexPath(item: 9, section: 0))  // the queued swipe ran after
        source.onProvider = nil
        source.onAction = { view in
            view.swipeItem(at: IndexPath(item: 5, section: 0), edge: .trailing)  // queued: runs when the handler returns
            #expect(view.indexPathForSwipedItem == IndexPath(item: 9, section: 0))
        }
        collection.performSwipeAction(at: 0)  // Pin, completion(true): 9 closes, then 5 opens
        #expect(collection.indexPathForSwipedItem == IndexPath(item: 5, section: 0))
        source.onAction = { view in view.setEditing(true, animated: false) }
        source.completes = false
        collection.performSwipeAction(at: 1)  // Flag, completion(false); the queued setEditing closes it
        #expect(collection.isEditing)
        #expect(collection.indexPathForSwipedItem == nil)
        #expect(source.log == ["action Pin", "action Flag"])
    }

    // MARK: Editing

    @Test func setEditingUpdatesEachListCellOnceAndShowsTheEditingAccessories() {
        let source = ListSwipeSource([40])
        let collection = source.makeCollection()
        let visible = collection.indexPathsForVisibleItems
        #expect(visible.count >= 10)
        let cellsBefore = visible.map { ObjectIdentifier(collection.cellForItem(at: $0)!) }
        collection.swipeItem(at: visible[1], edge: .trailing)
        collection.layoutIfNeeded()
        source.updates = []
        collection.setEditing(true, animated: true)  // closes the swipe and edits: one update per cell, with both
        #expect(collection.isEditing)
        collection.layoutIfNeeded()
        // The cells on screen stay and update once each; the rows are measured again with cells of
        // their own from the data source (configured, so updated once, for the new state).
        #expect(collection.indexPathsForVisibleItems == visible)
        #expect(visible.map { ObjectIdentifier(collection.cellForItem(at: $0)!) } == cellsBefore)
        #expect(source.updates.count { cellsBefore.contains($0.cell) } == visible.count)
        #expect(Set(source.updates.map(\.cell)).count == source.updates.count, "once per cell")
        #expect(source.updates.allSatisfy { $0.state.isEditing && !$0.state.isSwiped })
        for indexPath in visible {
            let cell = collection.cellForItem(at: indexPath) as! CollectionViewListCell
            let shown = cell.accessoryLayout(width: cell.bounds.width).accessories.keys.sorted()
            #expect(shown == [0, 1], "delete and reorder while editing, the chevron hidden")
            #expect(cell.contentView.frame.minX > 0, "the delete control leads")
        }
        // Cells arriving later show the mode; leaving it updates each cell once more.
        collection.contentOffset.y = 20
        let arrived = collection.indexPathsForVisibleItems.filter { !visible.contains($0) }
        #expect(!arrived.isEmpty)
        for indexPath in arrived { #expect(collection.cellForItem(at: indexPath)?.configurationState.isEditing == true) }
        source.updates = []
        let shownCells = collection.visibleCells.map { ObjectIdentifier($0) }
        collection.isEditing = false
        collection.layoutIfNeeded()
        #expect(source.updates.count { shownCells.contains($0.cell) } == shownCells.count)
        #expect(Set(source.updates.map(\.cell)).count == source.updates.count, "once per cell")
        #expect(source.updates.allSatisfy { !$0.state.isEditing })
        let cell = collection.cellForItem(at: collection.indexPathsForVisibleItems[0]) as! CollectionViewListCell
        #expect(cell.accessoryLayout(width: cell.bounds.width).accessories.keys.sorted() == [2])
        source.updates = []
        collection.setEditing(false, animated: false)  // no change: no update
        collection.layoutIfNeeded()
        #expect(source.updates.isEmpty)
    }

    @Test func editingMeasuresTheListRowsOnScreenAgainWithTheFirstOneStill() {
        let source = ListSwipeSource([60])
        // 11 columns: "item 10" fits beside the chevron (one line), not beside the editing controls (two).
        let collection = source.makeCollection(width: 11, height: 12)
        collection.contentOffset.y = 10
        let first = collection.indexPathsForVisibleItems[0]
        #expect(first == IndexPath(item: 10, section: 0))
        func heights() -> [CGFloat] { collection.indexPathsForVisibleItems.map { collection.layoutAttributesForItem(at: $0)!.frame.height } }
        func firstOnScreen() -> CGFloat? { collection.cellForItem(at: first).map { $0.frame.minY - collection.contentOffset.y } }
        #expect(Set(heights()) == [1])
        #expect(firstOnScreen() == 0)
        collection.setEditing(true, animated: false)
        collection.layoutIfNeeded()
        #expect(Set(heights()) == [2])
        #expect(firstOnScreen() == 0, "anchored: the row the user reads stays")
        #expect(collection.cellForItem(at: first)?.frame.height == 2)
        collection.setEditing(false, animated: false)
        collection.layoutIfNeeded()
        #expect(Set(heights()) == [1])
        #expect(firstOnScreen() == 0)
    }

    @Test func whileEditingATapSelectsOnlyWithAllowsSelectionDuringEditing() {
        let source = ListSwipeSource([10])
        let collection = source.makeCollection()
        #expect(!collection.allowsSelectionDuringEditing)
        collection.isEditing = true
        collection.tapItem(at: IndexPath(item: 1, section: 0))
        #expect(collection.indexPathsForSelectedItems == nil)
        collection.allowsSelectionDuringEditing = true
        collection.tapItem(at: IndexPath(item: 1, section: 0))
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(source.log == ["didSelect 1"])
    }

    // MARK: Accessories

    @Test func theDeleteAccessoryOpensTheTrailingActionsUnlessItHasAHandler() {
        let source = ListSwipeSource([10])
        let collection = source.makeCollection()
        let item = IndexPath(item: 3, section: 0)
        var cell = collection.cellForItem(at: item) as! CollectionViewListCell
        #expect(!cell.tapAccessory(at: 0))  // not editing: the control is not shown
        #expect(collection.indexPathForSwipedItem == nil)
        collection.isEditing = true
        collection.layoutIfNeeded()
        #expect(cell.tapAccessory(at: 0))
        #expect(collection.indexPathForSwipedItem == item)
        #expect(collection.swipedItemEdge == .trailing)
        collection.performSwipeAction(at: 0)  // Delete
        #expect(source.sections[0] == [0, 1, 2, 4, 5, 6, 7, 8, 9])
        // With a handler of its own, the control runs it and opens nothing.
        var taps = 0
        source.deleteHandler = { taps += 1 }
        collection.reloadData()
        collection.layoutIfNeeded()
        cell = collection.cellForItem(at: item) as! CollectionViewListCell
        #expect(cell.tapAccessory(at: 0))
        #expect(taps == 1)
        #expect(collection.indexPathForSwipedItem == nil)
        // No trailing actions: nothing opens.
        source.deleteHandler = nil
        source.trailing = nil
        collection.reloadData()
        collection.layoutIfNeeded()
        cell = collection.cellForItem(at: item) as! CollectionViewListCell
        #expect(!cell.tapAccessory(at: 0))
        #expect(collection.indexPathForSwipedItem == nil)
    }

    @Test func theReorderAccessoryLiftsTheItemForTheInteractiveMovement() {
        let source = ListSwipeSource([10])
        let collection = source.makeCollection()
        collection.isEditing = true
        collection.layoutIfNeeded()
        let cell = collection.cellForItem(at: IndexPath(item: 1, section: 0)) as! CollectionViewListCell
        #expect(cell.tapAccessory(at: 1))
        #expect(collection.indexPathForInteractivelyMovedItem?.from == IndexPath(item: 1, section: 0))
        collection.layoutIfNeeded()
        #expect(cell.configurationState.isReordering)
        let target = collection.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))!.frame
        collection.updateInteractiveMovementTargetPosition(CGPoint(x: target.midX, y: target.midY))
        collection.endInteractiveMovement()
        #expect(source.log == ["move 1"])
        #expect(source.sections[0] == [0, 2, 3, 4, 1, 5, 6, 7, 8, 9])
        #expect(collection.indexPathForInteractivelyMovedItem == nil)
    }

    // MARK: Bad input

    @Test func badSwipeCallsNameTheCallTheItemAndTheCount() {
        let source = ListSwipeSource([3])
        let collection = source.makeCollection()
        #expect(
            throws: ReuseTableError("performSwipeAction(at: 0): no item shows swipe actions; open one with swipeItem(at:edge:) first.")
        ) {
            try collection.validatedSwipeAction(at: 0)
        }
        collection.swipeItem(at: IndexPath(item: 1, section: 0), edge: .trailing)
        #expect(throws: ReuseTableError("performSwipeAction(at: 2): item (section 0, item 1) shows 2 actions (indexes 0..<2).")) {
            try collection.validatedSwipeAction(at: 2)
        }
        #expect(throws: ReuseTableError("performSwipeAction(at: -1): item (section 0, item 1) shows 2 actions (indexes 0..<2).")) {
            try collection.validatedSwipeAction(at: -1)
        }
        #expect(collection.indexPathForSwipedItem == IndexPath(item: 1, section: 0))  // state intact
        #expect(source.log.isEmpty)
    }

    @Test func misusedSwipeCallsStopWithTheirMessage() async {
        let none = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { ListSwipeSource([3]).makeCollection().performSwipeAction(at: 0) }
        }
        #expect(
            trapLine(none).hasSuffix("performSwipeAction(at: 0): no item shows swipe actions; open one with swipeItem(at:edge:) first."),
            "\(trapLine(none))")
        let outside = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = ListSwipeSource([3]).makeCollection().swipeItem(at: IndexPath(item: 7, section: 0), edge: .leading) }
        }
        #expect(
            trapLine(outside).hasSuffix("swipeItem(at:edge:): index path (section 0, item 7) is out of range: section 0 contains only 3 items."),
            "\(trapLine(outside))")
    }
}
