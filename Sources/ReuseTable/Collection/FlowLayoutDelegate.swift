import Foundation

/// Gives `FlowLayout` the sizes of its items, headers and footers
/// (UIKit: `UICollectionViewDelegateFlowLayout`). Every method is optional; the
/// defaults are the layout's `itemSize`, `headerReferenceSize` and `footerReferenceSize`.
///
/// Implement `heightForItemAt:itemWidth:` (it is told the column width) or UIKit's
/// `sizeForItemAt` (only the height is used). For self-sizing items, answer with
/// `CollectionView.heightForCell(withReuseIdentifier:cacheBy:configuration:)`, which measures a
/// configured template cell once and caches the height.
@MainActor
public protocol FlowLayoutDelegate: AnyObject {
    /// The height of the item at `indexPath` when it is `itemWidth` wide.
    /// Default: the height of `collectionView(_:layout:sizeForItemAt:)`.
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout,
        heightForItemAt indexPath: IndexPath, itemWidth: CGFloat
    ) -> CGFloat
    /// The item's size (UIKit's name); only the height is used. Default: `layout.itemSize`.
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> CGSize
    /// The header's size for `section` (UIKit's name); only the height is used, 0 means no header.
    /// Default: `layout.headerReferenceSize`.
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, referenceSizeForHeaderInSection section: Int) -> CGSize
    /// The footer's size for `section` (UIKit's name); only the height is used, 0 means no footer.
    /// Default: `layout.footerReferenceSize`.
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, referenceSizeForFooterInSection section: Int) -> CGSize
}

extension FlowLayoutDelegate {
    /// Default: the height of `sizeForItemAt`.
    public func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout,
        heightForItemAt indexPath: IndexPath, itemWidth: CGFloat
    ) -> CGFloat {
        self.collectionView(collectionView, layout: layout, sizeForItemAt: indexPath).height
    }
    /// Default: `layout.itemSize`.
    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        layout.itemSize
    }
    /// Default: `layout.headerReferenceSize`.
    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
        layout.headerReferenceSize
    }
    /// Default: `layout.footerReferenceSize`.
    public func collectionView(_ collectionView: CollectionView, layout: FlowLayout, referenceSizeForFooterInSection section: Int) -> CGSize {
        layout.footerReferenceSize
    }
}
