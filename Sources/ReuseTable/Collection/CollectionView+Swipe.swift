import Foundation

// Editing mode and swipe actions on the collection view, as UIKit gave them to lists in iOS 14:
// the item's actions come from the list layout's configuration
// (`leadingSwipeActionsConfigurationProvider`, `trailingSwipeActionsConfigurationProvider`), the
// cell shows `isSwiped` and `isEditing` in its configuration state, and a list cell's `delete` and
// `reorder` accessories drive the swipe and the interactive movement. The state machine is the
// table's (`Engine/SwipeSessions.swift`). See Docs/editing.md.

extension CollectionView {
    /// The edge an item is swiped from (the table's `TableView.SwipeEdge`).
    public typealias SwipeEdge = TableView.SwipeEdge

    /// Whether the collection view is in editing mode (default false, UIKit's name). Setting it is
    /// `setEditing(_:animated:)` without animation.
    /// - Complexity: O(v) to set, for v visible items.
    public var isEditing: Bool {
        get { editing.isEditing }
        set { setEditing(newValue, animated: false) }
    }

    /// Whether a tap (`tapItem(at:)`) selects items while the collection view is editing (default
    /// false, as UIKit). Programmatic selection (`selectItem`) is not affected.
    /// - Complexity: O(1).
    public var allowsSelectionDuringEditing: Bool {
        get { editing.allowsSelectionDuringEditing }
        set { editing.allowsSelectionDuringEditing = newValue }
    }

    /// Enters or leaves editing mode (UIKit's name): closes an item showing swipe actions and shows
    /// the mode in the `isEditing` configuration state of every cell on screen (each updates once,
    /// before the next layout pass); cells displayed later get it as they arrive. A list cell shows
    /// its `.whenEditing` accessories. Called from a data source or delegate method, it runs when
    /// that step is done.
    /// - Complexity: O(v) for v visible items.
    public func setEditing(_ editing: Bool, animated: Bool) {
        setEditingMode(editing, animated: animated)
    }

    /// The item showing its swipe actions, or nil: state of the collection view, so it follows
    /// inserts, deletes and moves and survives the cell's reuse.
    /// - Complexity: O(1).
    public var indexPathForSwipedItem: IndexPath? { editing.swipe?.indexPath }

    /// The actions of the item showing them, or nil (for drawing them).
    /// - Complexity: O(1).
    public var swipedItemConfiguration: SwipeActionsConfiguration? { editing.swipe?.configuration }

    /// The edge the open item was swiped from, or nil (for drawing its actions).
    /// - Complexity: O(1).
    public var swipedItemEdge: SwipeEdge? { editing.swipe?.edge }

    /// A headless swipe that opens an item's actions, as the gesture does in a list: an item already
    /// open closes first; then, when the delegate's `canEditItemAt` allows, the list layout's
    /// provider for the edge is asked (`CollectionLayoutListConfiguration`), and if it offers actions
    /// the item opens and its cell shows `isSwiped`. Returns the configuration shown, or nil (no
    /// provider, a nil or empty configuration, a layout that is not a list).
    ///
    /// Called from a data source or delegate method, the swipe runs when that step is done and
    /// this returns nil. An index path naming no item stops with a message naming it.
    /// - Complexity: O(1) plus the provider.
    @discardableResult
    public func swipeItem(at indexPath: IndexPath, edge: SwipeEdge) -> SwipeActionsConfiguration? {
        swipeFromPublicCall(at: indexPath, edge: edge)
    }

    /// Taps action `index` of the open item: runs its handler; the handler's `completion(true)`
    /// closes the item, `completion(false)` leaves it open. Calls the handler makes (a delete, an
    /// apply) run when it returns. Called from a data source or delegate method, it runs when that
    /// step is done. Without an open item, or with an index the item does not show, it stops with a
    /// message naming both.
    /// - Complexity: O(1) plus the handler.
    public func performSwipeAction(at index: Int) {
        performSwipeActionFromPublicCall(at: index)
    }

    /// A headless full swipe: opens the item as `swipeItem(at:edge:)` does, then, when the
    /// configuration's `performsFirstActionWithFullSwipe` is true, performs its first action.
    /// Returns whether an action was performed. Called from a data source or delegate method, it
    /// runs when that step is done and returns false.
    /// - Complexity: O(1) plus the provider and the handler.
    @discardableResult
    public func fullSwipeItem(at indexPath: IndexPath, edge: SwipeEdge) -> Bool {
        fullSwipeFromPublicCall(at: indexPath, edge: edge, call: "fullSwipeItem(at:edge:)")
    }

    /// Closes the item showing swipe actions, if any, as a tap elsewhere does.
    /// - Complexity: O(1).
    public func closeSwipedItem() {
        closeSwipe()
    }

    /// A list cell's accessory without an action handler was tapped: a `delete` control opens the
    /// item's trailing swipe actions (UIKit: it reveals them), a `reorder` grip lifts the item.
    /// Returns whether something happened; false for a cell this view does not show as an item.
    func accessoryTapped(_ kind: CellAccessory.Kind, on cell: CollectionViewCell) -> Bool {
        guard let indexPath = indexPath(for: cell) else { return false }
        switch kind {
        case .delete: return swipeItem(at: indexPath, edge: .trailing) != nil
        case .reorder: return beginInteractiveMovementForItem(at: indexPath)
        case .multiselect, .outlineDisclosure, .label, .detail, .checkmark, .disclosureIndicator: return false
        }
    }
}

extension CollectionView: SwipingView {
    static var swipeCallName: String { "swipeItem(at:edge:)" }

    func storeEditing(_ state: EditingState) { editing = state }

    /// The list layout's provider for the edge, when the delegate's `canEditItemAt` allows.
    func offeredSwipeConfiguration(at indexPath: IndexPath, edge: SwipeEdge) -> SwipeActionsConfiguration? {
        if let delegate, !calling("collectionView(_:canEditItemAt:)", { delegate.collectionView(self, canEditItemAt: indexPath) }) {
            return nil
        }
        guard let list = collectionViewLayout as? CollectionViewCompositionalLayout else { return nil }
        switch edge {
        case .leading: return calling("leadingSwipeActionsConfigurationProvider") { list.listSwipeActionsConfiguration(at: indexPath, edge: edge) }
        case .trailing: return calling("trailingSwipeActionsConfigurationProvider") { list.listSwipeActionsConfiguration(at: indexPath, edge: edge) }
        }
    }

    /// UIKit's collection view has no delegate calls for a swipe: the cell's `isSwiped` state tells it.
    func swipeDidOpen(at indexPath: IndexPath) {}

    func swipeDidClose(at indexPath: IndexPath?) {}

    func showEditingMode(_ isEditing: Bool, animated: Bool, on cell: CollectionViewCell) {
        cell.cellFlags.isEditing = isEditing
    }

    /// A list cell shows or hides its editing controls, which narrows or widens its content: the
    /// compositional layout measures the items on screen again at the next pass (anchored, as any
    /// estimate), as UIKit's self-sizing follows a cell's new configuration.
    func editingModeDidChange() {
        guard collectionViewLayout is CollectionViewCompositionalLayout, !engine.cellsOnScreen.isEmpty else { return }
        collectionViewLayout.invalidateItems(at: engine.cellsOnScreen.entries.map(\.indexPath))
    }
}
