import Foundation

/// Heights, header and footer views, and display events (UIKit: `UITableViewDelegate`).
///
/// Every method is optional. Swift has no `respondsToSelector:`, so each
/// height method's default implementation tells the table it was used; that is
/// how a table with a fixed `rowHeight` learns it need not ask every row, which
/// keeps `reloadData()` O(sections) (see `TableView.reloadData()`).
@MainActor
public protocol TableViewDelegate: AnyObject {
    /// The offset changed (UIKit: `UIScrollViewDelegate.scrollViewDidScroll(_:)`): once per change,
    /// after the layout pass for the new offset, never inside a pass — an offset moved inside a
    /// step (scroll anchoring, a clamp, a queued `scrollToRow`) is told once when the table's queue drains.
    /// Structural calls made here are queued (see `LayoutTransaction`). Default: nothing.
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// The exact height of a row; `TableView.automaticDimension` self-sizes it. Without
    /// estimates every row is asked at reload; with them, only rows as they come on screen.
    /// Default: the table's `rowHeight` — and not implementing it keeps reload O(sections).
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// A row's height until it is measured (scrolled into view, or precached). Default: `estimatedRowHeight`.
    func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
    /// A section header's height; `automaticDimension`: its view's fitting height, or 0 without a view.
    /// Default: the table's `sectionHeaderHeight`.
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat
    /// A section footer's height, as for headers. Default: the table's `sectionFooterHeight`.
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat
    /// A header's height until it is measured. Default: `estimatedSectionHeaderHeight` (0: exact).
    func tableView(_ tableView: TableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat
    /// A footer's height until it is measured. Default: `estimatedSectionFooterHeight` (0: exact).
    func tableView(_ tableView: TableView, estimatedHeightForFooterInSection section: Int) -> CGFloat
    /// The view shown for a section header when it is on screen (pinned in `.plain` style). Default: none.
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View?
    /// The view shown for a section footer when it is on screen. Default: none.
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View?
    /// A cell is about to appear. Called once all of a pass's new cells are in place, so
    /// `visibleCells` and `cellForRow(at:)` already include it; structural calls made here
    /// (an insert for "load more", a reload) run when the pass is done.
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// A cell left the screen (or its row was deleted or reloaded) and went back to the pool.
    /// `indexPath` is where the row was *before* the change that removed it, as in UIKit.
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)

    // Selection (`TableView+Selection.swift`): called by a tap (`tapRow(at:)`), never by `selectRow` or `deselectRow`.

    /// Whether a touch on the row highlights it; false: the tap does nothing at all. Default: true.
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// The row was highlighted by a touch. Default: nothing.
    func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath)
    /// The touch ended and the row is no longer highlighted. Default: nothing.
    func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath)
    /// The row about to be selected by a tap: return it, another row (a redirect), or nil (a veto). Default: `indexPath`.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// A tap selected the row (also when it was selected already, in single selection, as UIKit). Default: nothing.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// The row about to be deselected by a tap (the previous row in single selection, the tapped one in
    /// multiple selection): return it, another row, or nil to keep it selected. Default: `indexPath`.
    func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    /// A tap deselected the row. Default: nothing.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
    /// Whether a tap that selected this row alone (not extending a selection) performs its primary
    /// action. Default: true.
    func tableView(_ tableView: TableView, canPerformPrimaryActionForRowAt indexPath: IndexPath) -> Bool
    /// The row's primary action (open it, follow it): after `didSelectRowAt`, when the tap selected
    /// this row alone and `canPerformPrimaryActionForRowAt` allowed it. Default: nothing.
    func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath)

    // MARK: Focus (`TableView+Focus.swift`, Docs/focus.md)

    /// Whether the row can take focus; false: moves pass over it. Default: true.
    func tableView(_ tableView: TableView, canFocusRowAt indexPath: IndexPath) -> Bool
    /// Whether focus arriving on the row selects it. Default: the table's `selectionFollowsFocus`.
    func tableView(_ tableView: TableView, selectionFollowsFocusForRowAt indexPath: IndexPath) -> Bool
    /// Whether focus may move as `context` says; false keeps it where it is. Default: true.
    func tableView(_ tableView: TableView, shouldUpdateFocusIn context: TableViewFocusUpdateContext) -> Bool
    /// Focus moved as `context` says (the cells already show it). Default: nothing.
    func tableView(_ tableView: TableView, didUpdateFocusIn context: TableViewFocusUpdateContext, with coordinator: FocusAnimationCoordinator)

    // MARK: Editing and swipe actions (`TableView+Editing.swift`, `TableView+Swipe.swift`)

    /// The editing style of a row; a swipe without a trailing configuration offers Delete only for `.delete`.
    /// Default: `.delete`.
    func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle
    /// The actions a swipe from the leading edge reveals; nil or no actions: none. Default: nil.
    func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// The actions a swipe from the trailing edge reveals; nil: UIKit's default, one destructive
    /// Delete that calls the data source's `commit(.delete, forRowAt:)` (when the row's editing style
    /// is `.delete`). Default: nil.
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// A swipe opened the row's actions. Default: nothing.
    func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath)
    /// The row's actions closed; `indexPath` is nil when the row was deleted while open. Default: nothing.
    func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?)

    // MARK: Reordering

    /// Where a lifted row would land: return the proposed index path (in the index space after
    /// the move), or another to redirect it. Asked on every update of the target position. Default: the proposal.
    func tableView(
        _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath
}

extension TableViewDelegate {
    /// Default: nothing (and the table stops calling it; see `TableView.delegate`).
    public func scrollViewDidScroll(_ scrollView: ScrollView) {
        (scrollView as? TableView)?.noteDefault(.didScroll, of: self)
    }
    /// Default: the table's `rowHeight`.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.noteDefault(.rowHeight, of: self)
        return tableView.rowHeight
    }
    /// Default: the table's `estimatedRowHeight`.
    public func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.noteDefault(.estimatedRowHeight, of: self)
        return tableView.estimatedRowHeight
    }
    /// Default: the table's `sectionHeaderHeight` (`automaticDimension`: the header view's fitting height, or 0 without a view).
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
        tableView.noteDefault(.headerHeight, of: self)
        return tableView.sectionHeaderHeight
    }
    /// Default: the table's `sectionFooterHeight`.
    public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat {
        tableView.noteDefault(.footerHeight, of: self)
        return tableView.sectionFooterHeight
    }
    /// Default: the table's `estimatedSectionHeaderHeight`.
    public func tableView(_ tableView: TableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat {
        tableView.noteDefault(.estimatedHeaderHeight, of: self)
        return tableView.estimatedSectionHeaderHeight
    }
    /// Default: the table's `estimatedSectionFooterHeight`.
    public func tableView(_ tableView: TableView, estimatedHeightForFooterInSection section: Int) -> CGFloat {
        tableView.noteDefault(.estimatedFooterHeight, of: self)
        return tableView.estimatedSectionFooterHeight
    }
    /// Default: no header view.
    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
    /// Default: no footer view.
    public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
    /// Default: does nothing (and the table stops calling it; see `TableView.delegate`).
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        tableView.noteDefault(.willDisplay, of: self)
    }
    /// Default: does nothing (and the table stops calling it; see `TableView.delegate`).
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        tableView.noteDefault(.didEndDisplaying, of: self)
    }
    /// Default: true.
    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    public func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) {}
    /// Default: nothing.
    public func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) {}
    /// Default: `indexPath` (select the tapped row).
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Default: nothing.
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    /// Default: `indexPath` (deselect it).
    public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Default: nothing.
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    /// Default: true.
    public func tableView(_ tableView: TableView, canPerformPrimaryActionForRowAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    public func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {}

    /// Default: true.
    public func tableView(_ tableView: TableView, canFocusRowAt indexPath: IndexPath) -> Bool { true }
    /// Default: the table's `selectionFollowsFocus`.
    public func tableView(_ tableView: TableView, selectionFollowsFocusForRowAt indexPath: IndexPath) -> Bool {
        tableView.selectionFollowsFocus
    }
    /// Default: true.
    public func tableView(_ tableView: TableView, shouldUpdateFocusIn context: TableViewFocusUpdateContext) -> Bool { true }
    /// Default: nothing.
    public func tableView(
        _ tableView: TableView, didUpdateFocusIn context: TableViewFocusUpdateContext, with coordinator: FocusAnimationCoordinator
    ) {}

    // MARK: Editing and swipe actions

    /// Default: `.delete`, as UIKit.
    public func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .delete }
    /// Default: nil (no leading actions).
    public func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        nil
    }
    /// Default: nil (UIKit's default Delete, when the editing style is `.delete`).
    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        nil
    }
    /// Default: nothing.
    public func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath) {}
    /// Default: nothing.
    public func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) {}

    // MARK: Reordering

    /// Default: the proposed index path.
    public func tableView(
        _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath { proposedDestinationIndexPath }
}
