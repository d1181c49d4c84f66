import Foundation

/// Told about display events (UIKit: `UICollectionViewDelegate`). Every method is optional.
///
/// Item sizes come from the layout (`WaterfallLayoutDelegate`, `FlowLayoutDelegate`),
/// as in UIKit, not from this delegate.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
    /// The offset changed (UIKit: `UIScrollViewDelegate.scrollViewDidScroll(_:)`): once per change,
    /// after the layout pass for the new offset, never inside a pass (an offset moved inside a step
    /// is told once when the view settles). Structural calls made here are queued. Default: nothing.
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// The cell is about to appear on screen for `indexPath`.
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    /// The cell left the screen (or its item was deleted) and went back to the pool.
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
    /// Default: nothing.
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    /// Default: nothing.
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// Default: nothing.
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
}
