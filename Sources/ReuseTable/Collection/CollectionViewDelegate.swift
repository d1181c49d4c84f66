import Foundation

/// Told about display events (UIKit: `UICollectionViewDelegate`). Every method is optional.
///
/// Item sizes come from the layout (`WaterfallLayoutDelegate`, `FlowLayoutDelegate`),
/// as in UIKit, not from this delegate.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
    /// The offset changed (UIKit: `UIScrollViewDelegate.scrollViewDidScroll(_:)`): once per change,
    /// after the layout pass for the new offset, never inside a pass (an offset moved inside a step
    /// is told once when the view's queue drains). Structural calls made here are queued. Default: nothing.
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// The cell is about to appear on screen for `indexPath`.
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    /// The cell left the screen (or its item was deleted) and went back to the pool.
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath)

    // Selection (`CollectionView+Selection.swift`): called by a tap (`tapItem(at:)`), never by `selectItem` or `deselectItem`.

    /// Whether a touch on the item highlights it; false: the tap does nothing at all. Default: true.
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    /// The item was highlighted by a touch. Default: nothing.
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
    /// The touch ended and the item is no longer highlighted. Default: nothing.
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
    /// Whether a tap may select the item (false: a veto). Default: true.
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// A tap selected the item. Default: nothing.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// Whether a tap may deselect the item (the previous item in single selection, the tapped one in
    /// multiple selection); false keeps it selected. Default: true.
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    /// A tap deselected the item. Default: nothing.
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    /// Whether a tap that selected this item alone (not extending a selection) performs its primary
    /// action. Default: true.
    func collectionView(_ collectionView: CollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath) -> Bool
    /// The item's primary action: after `didSelectItemAt`, when the tap selected this item alone and
    /// `canPerformPrimaryActionForItemAt` allowed it. Default: nothing.
    func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath)

    // MARK: Focus (`CollectionView+Focus.swift`, Docs/focus.md)

    /// Whether the item can take focus; false: moves pass over it. Default: true.
    func collectionView(_ collectionView: CollectionView, canFocusItemAt indexPath: IndexPath) -> Bool
    /// Whether focus arriving on the item selects it. Default: the view's `selectionFollowsFocus`.
    func collectionView(_ collectionView: CollectionView, selectionFollowsFocusForItemAt indexPath: IndexPath) -> Bool
    /// Whether focus may move as `context` says; false keeps it where it is. Default: true.
    func collectionView(_ collectionView: CollectionView, shouldUpdateFocusIn context: CollectionViewFocusUpdateContext) -> Bool
    /// Focus moved as `context` says (the cells already show it). Default: nothing.
    func collectionView(
        _ collectionView: CollectionView, didUpdateFocusIn context: CollectionViewFocusUpdateContext, with coordinator: FocusAnimationCoordinator)

    // MARK: Editing (`CollectionView+Swipe.swift`)

    /// Whether the item can be edited: false offers no swipe actions on it. Default: true (UIKit's).
    func collectionView(_ collectionView: CollectionView, canEditItemAt indexPath: IndexPath) -> Bool

    // MARK: Reordering

    /// Where a lifted item would land: return the proposed index path (in the index space after the
    /// move), or another to redirect it. `currentIndexPath` is where it is proposed now. Default: the proposal.
    func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath
}

extension CollectionViewDelegate {
    /// Default: nothing.
    public func scrollViewDidScroll(_ scrollView: ScrollView) {
        (scrollView as? CollectionView)?.noteDefault(.didScroll, of: self)
    }
    /// Default: nothing (and the view stops calling it; see `CollectionView.delegate`).
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        collectionView.noteDefault(.willDisplay, of: self)
    }
    /// Default: nothing (and the view stops calling it; see `CollectionView.delegate`).
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        collectionView.noteDefault(.didEndDisplaying, of: self)
    }
    /// Default: true.
    public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {}
    /// Default: nothing.
    public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    /// Default: true.
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// Default: true.
    public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// Default: true.
    public func collectionView(_ collectionView: CollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    public func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {}

    /// Default: true.
    public func collectionView(_ collectionView: CollectionView, canFocusItemAt indexPath: IndexPath) -> Bool { true }
    /// Default: the view's `selectionFollowsFocus`.
    public func collectionView(_ collectionView: CollectionView, selectionFollowsFocusForItemAt indexPath: IndexPath) -> Bool {
        collectionView.selectionFollowsFocus
    }
    /// Default: true.
    public func collectionView(_ collectionView: CollectionView, shouldUpdateFocusIn context: CollectionViewFocusUpdateContext) -> Bool {
        true
    }
    /// Default: nothing.
    public func collectionView(
        _ collectionView: CollectionView, didUpdateFocusIn context: CollectionViewFocusUpdateContext, with coordinator: FocusAnimationCoordinator
    ) {}

    /// Default: true.
    public func collectionView(_ collectionView: CollectionView, canEditItemAt indexPath: IndexPath) -> Bool { true }

    // MARK: Reordering

    /// Default: the proposed index path.
    public func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { proposedIndexPath }
}
