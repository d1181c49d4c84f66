import Foundation

// Swipe actions and the editing mode, written once for the table and the collection view. The open
// row or item is the view's state (`EditingState.swipe`), an index path — never a flag in a cell,
// which the pool hands to other rows. It follows every structural update as the selection does
// (`followSwipe(to:)`: batches and an outline's range updates), and closes on a scroll the app or
// the user asks for, a tap, a reload, another swipe and `setEditing(_:animated:)`. Offset moves the
// view makes itself (anchoring, clamping) do not close it: they keep what the user reads still. Each
// view says where the actions come from and whom it tells (`Table/TableView+Swipe.swift`,
// `Collection/CollectionView+Swipe.swift`). See Docs/editing.md.

/// The row or item showing its swipe actions.
struct SwipeSession {
    /// The row or item, as it is now (it follows inserts, deletes and moves).
    var indexPath: IndexPath
    /// The edge it was swiped from.
    let edge: TableView.SwipeEdge
    /// The actions shown.
    let configuration: SwipeActionsConfiguration
    /// Which swipe this is (`EditingState.swipeCount`).
    let number: Int
}

/// A view's editing state: the mode, its selection switch, and the row or item showing swipe actions.
///
/// Kept by the view, never in a cell: a cell is reused for other rows, so the open row is an index
/// path that follows updates (`SwipeSession`), and the mode is shown on each cell as it is displayed.
struct EditingState {
    /// `isEditing`.
    var isEditing = false
    /// `allowsSelectionDuringEditing`.
    var allowsSelectionDuringEditing = false
    /// The row or item showing its swipe actions, if any: one at a time.
    var swipe: SwipeSession?
    /// Numbers each swipe, so a late completion handler of an older swipe closes nothing.
    var swipeCount = 0
}

/// A view whose rows or items open swipe actions and that has an editing mode: `TableView` and
/// `CollectionView`. Each says where a swipe's actions come from and whom it tells; the rest is here.
@MainActor
protocol SwipingView: ReuseEngineView {
    /// The editing state (stored by each view). Read-only here: the code written once for both views
    /// writes it whole, through `storeEditing(_:)`, so no access is held through a protocol's
    /// setter and the optimizer proves every access of the stored field (Docs/unsafe-code.md).
    var editing: EditingState { get }
    /// Replaces the editing state (each view: `editing = state`).
    func storeEditing(_ state: EditingState)
    /// The public call that opens a swipe (`swipeRow(at:edge:)`, `swipeItem(at:edge:)`), for messages.
    static var swipeCallName: String { get }
    /// The actions the app offers for `indexPath` from `edge`, or nil: the table's delegate (and its
    /// default Delete), the collection view's list configuration.
    func offeredSwipeConfiguration(at indexPath: IndexPath, edge: TableView.SwipeEdge) -> SwipeActionsConfiguration?
    /// A swipe opened `indexPath` (the table tells its delegate `willBeginEditingRowAt`).
    func swipeDidOpen(at indexPath: IndexPath)
    /// The open swipe closed; nil: its row or item was deleted (the table tells `didEndEditingRowAt`).
    func swipeDidClose(at indexPath: IndexPath?)
    /// Shows the editing mode on a cell on screen or arriving.
    func showEditingMode(_ isEditing: Bool, animated: Bool, on cell: Cell)
    /// The mode changed and the cells on screen show it (the collection view's list rows are measured again).
    func editingModeDidChange()
}

extension SwipingView {
    // MARK: The public calls, for both views

    /// `swipeRow(at:edge:)` / `swipeItem(at:edge:)`: from a callback it is queued and returns nil;
    /// otherwise checks the index path (stopping with a message naming the call) and opens the swipe.
    func swipeFromPublicCall(at indexPath: IndexPath, edge: TableView.SwipeEdge) -> SwipeActionsConfiguration? {
        let call = Self.swipeCallName
        if deferIfBusy(call, { [self] in _ = swipeFromPublicCall(at: indexPath, edge: edge) }) { return nil }
        loadIfNeeded()
        do { try validateSelectionTarget(indexPath, from: call) } catch { ReuseTableError.trap(error) }
        var shown: SwipeActionsConfiguration?
        performTransaction { shown = openSwipe(at: indexPath, edge: edge)?.configuration }
        return shown
    }

    /// `performSwipeAction(at:)`: from a callback it is queued; otherwise checks the index and runs the handler.
    func performSwipeActionFromPublicCall(at index: Int) {
        if deferIfBusy("performSwipeAction(at:)", { [self] in performSwipeActionFromPublicCall(at: index) }) { return }
        let session: SwipeSession
        do { session = try validatedSwipeAction(at: index) } catch { ReuseTableError.trap(error) }
        performTransaction { perform(session.configuration.actions[index], of: session) }
    }

    /// `fullSwipeRow(at:edge:)` / `fullSwipeItem(at:edge:)`: opens, then performs the first action
    /// when the configuration says so. Returns whether an action was performed.
    func fullSwipeFromPublicCall(at indexPath: IndexPath, edge: TableView.SwipeEdge, call: String) -> Bool {
        if deferIfBusy(call, { [self] in _ = fullSwipeFromPublicCall(at: indexPath, edge: edge, call: call) }) { return false }
        loadIfNeeded()
        do { try validateSelectionTarget(indexPath, from: call) } catch { ReuseTableError.trap(error) }
        var performed = false
        performTransaction {
            guard let session = openSwipe(at: indexPath, edge: edge), session.configuration.performsFirstActionWithFullSwipe else { return }
            perform(session.configuration.actions[0], of: session)
            performed = true
        }
        return performed
    }

    /// Closes the open swipe, if any, as a tap elsewhere does. From a callback it closes at once.
    /// - Complexity: O(1) plus the delegate call.
    func closeSwipe() {
        guard editing.swipe != nil else { return }
        if transaction.isActive { endSwipe() } else { performTransaction { endSwipe() } }
    }

    /// `setEditing(_:animated:)`: closes an open swipe and shows the mode on every cell on screen,
    /// in one step, so each cell's configuration updates once with both changes.
    /// - Complexity: O(v) for v visible cells.
    func setEditingMode(_ isEditing: Bool, animated: Bool) {
        if deferIfBusy("setEditing(_:animated:)", { [self] in setEditingMode(isEditing, animated: animated) }) { return }
        performTransaction {
            closeSwipe()
            guard isEditing != editing.isEditing else { return }
            changeEditing { $0.isEditing = isEditing }
            for entry in engine.cellsOnScreen.entries { showEditingMode(isEditing, animated: animated, on: entry.cell) }
            editingModeDidChange()
        }
    }

    /// Changes the editing state on a copy and stores it whole (`storeEditing(_:)`).
    func changeEditing(_ change: (inout EditingState) -> Void) {
        var state = editing
        change(&state)
        storeEditing(state)
    }

    /// Whether a tap may select now: not while a swipe is open (the tap closes it), nor while
    /// editing unless `allowsSelectionDuringEditing`.
    var tapSelects: Bool {
        editing.swipe == nil && (!editing.isEditing || editing.allowsSelectionDuringEditing)
    }

    /// A tap that does not select (`tapSelects` is false): checks the index path and closes the open swipe.
    func tapClosingSwipe(at indexPath: IndexPath, call: String) {
        if deferIfBusy(call, { [self] in tapClosingSwipe(at: indexPath, call: call) }) { return }
        loadIfNeeded()
        do { try validateSelectionTarget(indexPath, from: call) } catch { ReuseTableError.trap(error) }
        closeSwipe()
    }

    // MARK: The steps

    /// Closes any open swipe, asks for the configuration and opens the row or item with it. Inside a transaction.
    func openSwipe(at indexPath: IndexPath, edge: TableView.SwipeEdge) -> SwipeSession? {
        closeSwipe()
        guard let configuration = offeredSwipeConfiguration(at: indexPath, edge: edge), !configuration.actions.isEmpty else { return nil }
        var state = editing
        state.swipeCount += 1
        let session = SwipeSession(indexPath: indexPath, edge: edge, configuration: configuration, number: state.swipeCount)
        state.swipe = session
        storeEditing(state)
        showSwiped(true, at: indexPath)
        swipeDidOpen(at: indexPath)
        return session
    }

    /// Runs an action's handler for the open swipe; its `completion(true)` closes it, unless another
    /// swipe opened meanwhile. Inside a transaction.
    func perform(_ action: ContextualAction, of session: SwipeSession) {
        let source: View = engine.cellsOnScreen[session.indexPath] ?? self
        let number = session.number
        calling("ContextualAction.handler") {
            action.handler(action, source) { [weak self] performed in
                guard performed, let self, editing.swipe?.number == number else { return }
                closeSwipe()
            }
        }
    }

    /// Forgets the open swipe and tells the view. Inside a transaction.
    func endSwipe() {
        guard let session = editing.swipe else { return }
        changeEditing { $0.swipe = nil }
        showSwiped(false, at: session.indexPath)
        swipeDidClose(at: session.indexPath)
    }

    /// The open swipe follows a batch update as the selection does: inserts and deletes above shift
    /// it, a move carries it, a reload keeps it; deleted, it closes (told with nil).
    /// - Complexity: O(log k + k) for k changes in its section.
    func followSwipe(_ plan: UpdatePlan) {
        followSwipe { plan.newIndexPath(followingReloadOf: $0) }
    }

    /// The open swipe follows any structural update, given where each old index path goes (nil:
    /// removed): a batch (`followSwipe(_:)`) and the range updates of an outline's expand or collapse
    /// (`applyRanges(inSection:deleted:inserted:)`) all come here, before the
    /// view's structure changes. Removed, it closes (told with nil).
    /// - Complexity: one call of `newIndexPath`, plus the delegate call when it closes.
    func followSwipe(to newIndexPath: (IndexPath) -> IndexPath?) {
        guard let session = editing.swipe else { return }
        if let moved = newIndexPath(session.indexPath) {
            changeEditing { $0.swipe?.indexPath = moved }
            return
        }
        changeEditing { $0.swipe = nil }
        swipeDidClose(at: nil)
    }

    /// The offset a host's `contentOffset` setter moves to, made finite (a NaN is rejected and keeps
    /// the offset); an open swipe closes first when the offset really moves.
    func offsetClosingSwipe(_ newValue: CGPoint) -> CGPoint {
        let offset = sanitizedContentOffset(newValue)
        if editing.swipe != nil, offset != contentOffset { closeSwipe() }
        return offset
    }

    /// Shows on the cell on screen, if any, that `indexPath` opened or closed its swipe actions.
    func showSwiped(_ isSwiped: Bool, at indexPath: IndexPath) {
        engine.cellsOnScreen[indexPath]?.cellFlags.isSwiped = isSwiped
    }

    /// The open swipe, checked for `performSwipeAction(at:)`'s index: without one, or with an index
    /// it does not show, a message naming the call, the row or item and the count.
    func validatedSwipeAction(at index: Int) throws(ReuseTableError) -> SwipeSession {
        let words = Self.vocabulary
        guard let session = editing.swipe else {
            throw ReuseTableError(
                "performSwipeAction(at: \(index)): no \(words.row) shows swipe actions; open one with \(Self.swipeCallName) first.")
        }
        let count = session.configuration.actions.count
        guard index >= 0, index < count else {
            throw ReuseTableError(
                "performSwipeAction(at: \(index)): \(words.row) \(words.describe(session.indexPath)) shows "
                    + "\(words.plural(count, "action")) (indexes 0..<\(count)).")
        }
        return session
    }
}
