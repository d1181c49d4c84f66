import Foundation

/// Told about display events (UIKit: `UICollectionViewDelegate`). Every method is optional.
///
/// Item sizes come from the layout (`WaterfallLayoutDelegate`, `FlowLayoutDelegate`),
/// as in UIKit, not from this delegate.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
    /// The cell is about to appear on screen for `indexPath`.
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    /// The cell left the screen (or its item was deleted) and went back to the pool.
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
    /// Default: nothing.
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// Default: nothing.
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
}
