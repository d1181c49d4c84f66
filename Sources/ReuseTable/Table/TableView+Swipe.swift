import Foundation

// Swipe actions: headless stand-ins for the swipe gesture, with UIKit's delegate sequence.
//
// The open row is the table's state (`EditingState.swipe`), an index path — never a flag in a
// cell, which the pool hands to other rows. It follows batch updates as the selection does
// (`followSwipe(_:)`), and closes on a scroll the user or the app asks for (`contentOffset`,
// `scrollToRow`), a tap, `reloadData()`, another swipe and `setEditing(_:animated:)`. Offset
// moves the table makes itself — anchoring, clamping — do not close it: they keep what the user
// reads still, and the row showing actions is part of it. See Docs/editing.md.

/// The row showing its swipe actions.
struct SwipeSession {
    /// The row, as it is now (it follows inserts, deletes and moves).
    var indexPath: IndexPath
    /// The edge it was swiped from.
    let edge: TableView.SwipeEdge
    /// The actions shown.
    let configuration: SwipeActionsConfiguration
    /// Which swipe this is (`EditingState.swipeCount`).
    let number: Int
}

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
        if deferIfBusy("swipeRow(at:edge:)", { [self] in swipeRow(at: indexPath, edge: edge) }) { return nil }
        loadIfNeeded()
        do { try validateSelectionTarget(indexPath, from: "swipeRow(at:edge:)") } catch { ReuseTableError.trap(error) }
        var shown: SwipeActionsConfiguration?
        performTransaction { shown = openSwipe(at: indexPath, edge: edge)?.configuration }
        return shown
    }

    /// Taps action `index` of the open row: runs its handler; the handler's `completion(true)`
    /// closes the row (`didEndEditingRowAt`), `completion(false)` leaves it open. Calls the handler
    /// makes (a delete, a reload) run when it returns, as from any callback. Called from a data
    /// source or delegate method, it runs when that step is done. Without an open row, or with an
    /// index the row does not show, it stops with a message naming both.
    /// - Complexity: O(1) plus the handler.
    public func performSwipeAction(at index: Int) {
        if deferIfBusy("performSwipeAction(at:)", { [self] in performSwipeAction(at: index) }) { return }
        let session: SwipeSession
        do { session = try validatedSwipeAction(at: index) } catch { ReuseTableError.trap(error) }
        performTransaction { perform(session.configuration.actions[index], of: session) }
    }

    /// A headless full swipe: opens the row as `swipeRow(at:edge:)` does, then, when the
    /// configuration's `performsFirstActionWithFullSwipe` is true, performs its first action.
    /// Returns whether an action was performed (false: none offered, or the row stays open).
    /// Called from a data source or delegate method, it runs when that step is done and returns false.
    /// - Complexity: O(1) plus the delegate calls and the handler.
    @discardableResult
    public func fullSwipeRow(at indexPath: IndexPath, edge: SwipeEdge) -> Bool {
        if deferIfBusy("fullSwipeRow(at:edge:)", { [self] in fullSwipeRow(at: indexPath, edge: edge) }) { return false }
        loadIfNeeded()
        do { try validateSelectionTarget(indexPath, from: "fullSwipeRow(at:edge:)") } catch { ReuseTableError.trap(error) }
        var performed = false
        performTransaction {
            guard let session = openSwipe(at: indexPath, edge: edge), session.configuration.performsFirstActionWithFullSwipe else { return }
            perform(session.configuration.actions[0], of: session)
            performed = true
        }
        return performed
    }

    /// Closes the row showing swipe actions, if any (`didEndEditingRowAt`), as a tap elsewhere does.
    /// Called from a data source or delegate method, it closes at once.
    /// - Complexity: O(1) plus the delegate call.
    public func closeSwipedRow() {
        guard editing.swipe != nil else { return }
        if transaction.isActive { endSwipe() } else { performTransaction { endSwipe() } }
    }

    // MARK: The steps

    /// Closes any open row, asks for the configuration and opens the row with it. Inside a transaction.
    func openSwipe(at indexPath: IndexPath, edge: SwipeEdge) -> SwipeSession? {
        closeSwipedRow()
        guard let configuration = swipeConfiguration(at: indexPath, edge: edge), !configuration.actions.isEmpty else { return nil }
        editing.swipeCount += 1
        let session = SwipeSession(indexPath: indexPath, edge: edge, configuration: configuration, number: editing.swipeCount)
        editing.swipe = session
        showSwiped(true, at: indexPath)
        if let delegate { calling("tableView(_:willBeginEditingRowAt:)") { delegate.tableView(self, willBeginEditingRowAt: indexPath) } }
        return session
    }

    /// The delegate's configuration for the edge, or UIKit's default Delete for a nil trailing one.
    func swipeConfiguration(at indexPath: IndexPath, edge: SwipeEdge) -> SwipeActionsConfiguration? {
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

    /// Runs an action's handler for the open row. Inside a transaction.
    func perform(_ action: ContextualAction, of session: SwipeSession) {
        let source: View = engine.cellsOnScreen[session.indexPath] ?? self
        let number = session.number
        calling("ContextualAction.handler") {
            action.handler(action, source) { [weak self] performed in
                guard performed, let self, editing.swipe?.number == number else { return }
                closeSwipedRow()
            }
        }
    }

    /// Forgets the open row and tells the delegate. Inside a transaction.
    func endSwipe() {
        guard let session = editing.swipe else { return }
        editing.swipe = nil
        showSwiped(false, at: session.indexPath)
        if let delegate { calling("tableView(_:didEndEditingRowAt:)") { delegate.tableView(self, didEndEditingRowAt: session.indexPath) } }
    }

    /// The open row follows a batch update as the selection does: inserts and deletes above shift it,
    /// a move carries it, a reload keeps it; deleted, it closes (`didEndEditingRowAt` with nil).
    /// - Complexity: O(log k + k) for k changes in its section.
    func followSwipe(_ plan: UpdatePlan) {
        guard let session = editing.swipe else { return }
        if let moved = plan.newIndexPath(followingReloadOf: session.indexPath) {
            editing.swipe?.indexPath = moved
            return
        }
        editing.swipe = nil
        if let delegate { calling("tableView(_:didEndEditingRowAt:)") { delegate.tableView(self, didEndEditingRowAt: nil) } }
    }

    /// Moves the offset for the host's `contentOffset`, closing an open row first when it moves. The
    /// offset is made finite first: a NaN is rejected and keeps the offset, which then has not moved.
    func setContentOffsetClosingSwipe(_ newValue: CGPoint) {
        let offset = sanitizedContentOffset(newValue)
        if editing.swipe != nil, offset != super.contentOffset { closeSwipedRow() }
        super.contentOffset = offset
    }

    /// The open row, checked for `performSwipeAction(at:)`'s index.
    func validatedSwipeAction(at index: Int) throws(ReuseTableError) -> SwipeSession {
        guard let session = editing.swipe else {
            throw ReuseTableError("performSwipeAction(at: \(index)): no row shows swipe actions; open one with swipeRow(at:edge:) first.")
        }
        let count = session.configuration.actions.count
        guard index >= 0, index < count else {
            throw ReuseTableError(
                "performSwipeAction(at: \(index)): row \(session.indexPath.tableDescription) shows \(count) action\(count == 1 ? "" : "s") "
                    + "(indexes 0..<\(count)).")
        }
        return session
    }
}
