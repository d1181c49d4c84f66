import Foundation

/// Gives `FlowLayout` the height of each item at the column width
/// (UIKit: `UICollectionViewDelegateFlowLayout`'s `sizeForItemAt`, height only).
///
/// For self-sizing items, answer with the collection view's template-cell API,
/// which measures a configured cell once and caches the height:
///
/// ```swift
/// func collectionView(_ cv: CollectionView, layout: FlowLayout,
///                     heightForItemAt indexPath: IndexPath, itemWidth: CGFloat) -> CGFloat {
///     cv.heightForCell(withReuseIdentifier: "Post", cacheBy: indexPath) { cell in
///         (cell as! PostCell).configure(with: posts[indexPath.item])
///     }
/// }
/// ```
@MainActor
public protocol FlowLayoutDelegate: AnyObject {
    /// The height of the item at `indexPath` when it is `itemWidth` wide.
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout,
                        heightForItemAt indexPath: IndexPath, itemWidth: CGFloat) -> CGFloat
}
