import Foundation

// Swipe actions in the table's words: the row's configuration comes from the delegate (a nil
// trailing one is UIKit's default Delete), and the delegate hears `willBeginEditingRowAt` and
// `didEndEditingRowAt`. The state machine — the open row, following updates, what closes it — is
// the engine's, shared with the collection view (`Engine/SwipeSessions.swift`). See Docs/editing.md.

extension TableView {
    /// The edge a row is swiped from: `leading` reveals the leading actions, `trailing` the trailing ones.
    public enum SwipeEdge: Sendable {
        /// The leading edge (the left in a left-to-right language).
        case leading
        /// The trailing edge (the right in a left-to-right language).
        case trailing
    }

    /// The row showing its swipe actions, or nil: state of the table, so it follows inserts,
    /// deletes and moves above it and survives the cell's reuse.
    /// - Complexity: O(1).
    public var indexPathForSwipedRow: IndexPath? { editing.swipe?.indexPath }

    /// The actions of the row showing them, or nil (for drawing them).
    /// - Complexity: O(1).
    public var swipedRowConfiguration: SwipeActionsConfiguration? { editing.swipe?.configuration }

    /// The edge the open row was swiped from, or nil (for drawing its actions).
    /// - Complexity: O(1).
    public var swipedRowEdge: SwipeEdge? { editing.swipe?.edge }

    /// A headless swipe that opens a row's actions, as the gesture does: a row already open closes
    /// first (`didEndEditingRowAt`), then — when the data source's `canEditRowAt` allows — the
    /// delegate is asked for the edge's configuration (a nil trailing one is UIKit's default Delete,
    /// offered when the editing style is `.delete`), and if it has actions the row opens
    /// (`willBeginEditingRowAt`). Returns the configuration shown, or nil when none is offered.
    ///
    /// Called from a data source or delegate method, the swipe runs when that step is done and
    /// this returns nil. An index path naming no row stops with a message naming it.
    /// - Complexity: O(1) plus the delegate calls.
    @discardableResult
    public func swipeRow(at indexPath: IndexPath, edge: SwipeEdge) -> SwipeActionsConfiguration? {
        swipeFromPublicCall(at: indexPath, edge: edge)
    }

    /// Taps action `index` of the open row: runs its handler; the handler's `completion(true)`
    /// closes the row (`didEndEditingRowAt`), `completion(false)` leaves it open. Calls the handler
    /// makes (a delete, a reload) run when it returns, as from any callback. Called from a data
    /// source or delegate method, it runs when that step is done. Without an open row, or with an
    /// index the row does not show, it stops with a message naming both.
    /// - Complexity: O(1) plus the handler.
    public func performSwipeAction(at index: Int) {
        performSwipeActionFromPublicCall(at: index)
    }

    /// A headless full swipe: opens the row as `swipeRow(at:edge:)` does, then, when the
    /// configuration's `performsFirstActionWithFullSwipe` is true, performs its first action.
    /// Returns whether an action was performed (false: none offered, or the row stays open).
    /// Called from a data source or delegate method, it runs when that step is done and returns false.
    /// - Complexity: O(1) plus the delegate calls and the handler.
    @discardableResult
    public func fullSwipeRow(at indexPath: IndexPath, edge: SwipeEdge) -> Bool {
        fullSwipeFromPublicCall(at: indexPath, edge: edge, call: "fullSwipeRow(at:edge:)")
    }

    /// Closes the row showing swipe actions, if any (`didEndEditingRowAt`), as a tap elsewhere does.
    /// Called from a data source or delegate method, it closes at once.
    /// - Complexity: O(1) plus the delegate call.
    public func closeSwipedRow() {
        closeSwipe()
    }
}

extension TableView: SwipingView {
    static var swipeCallName: String { "swipeRow(at:edge:)" }

    func storeEditing(_ state: EditingState) { editing = state }

    /// The delegate's configuration for the edge, or UIKit's default Delete for a nil trailing one.
    func offeredSwipeConfiguration(at indexPath: IndexPath, edge: SwipeEdge) -> SwipeActionsConfiguration? {
        guard canEditRow(at: indexPath) else { return nil }
        switch edge {
        case .leading:
            guard let delegate else { return nil }
            return calling("tableView(_:leadingSwipeActionsConfigurationForRowAt:)") {
                delegate.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
            }
        case .trailing:
            let asked = delegate.flatMap { delegate in
                calling("tableView(_:trailingSwipeActionsConfigurationForRowAt:)") {
                    delegate.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath)
                }
            }
            if let asked { return asked }  // the delegate's own actions; nil: UIKit's default below
            guard editingStyle(at: indexPath) == .delete else { return nil }
            return SwipeActionsConfiguration(actions: [defaultDeleteAction()])
        }
    }

    /// UIKit's default trailing action: Delete, telling the data source `commit(.delete, forRowAt:)`
    /// for the row open when it is performed.
    func defaultDeleteAction() -> ContextualAction {
        ContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, completion in
            guard let self, let indexPath = indexPathForSwipedRow, let dataSource else { return completion(false) }
            calling("tableView(_:commit:forRowAt:)") { dataSource.tableView(self, commit: .delete, forRowAt: indexPath) }
            completion(true)
        }
    }

    func swipeDidOpen(at indexPath: IndexPath) {
        if let delegate { calling("tableView(_:willBeginEditingRowAt:)") { delegate.tableView(self, willBeginEditingRowAt: indexPath) } }
    }

    func swipeDidClose(at indexPath: IndexPath?) {
        if let delegate { calling("tableView(_:didEndEditingRowAt:)") { delegate.tableView(self, didEndEditingRowAt: indexPath) } }
    }

    func showEditingMode(_ isEditing: Bool, animated: Bool, on cell: TableViewCell) {
        cell.setEditing(isEditing, animated: animated)
    }

    /// A row sized by its cell is measured again by the configuration update the mode's change asked for.
    func editingModeDidChange() {}
}
