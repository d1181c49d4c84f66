import Foundation

/// Gives `WaterfallLayout` the height of each item at the column width.
@MainActor
public protocol WaterfallLayoutDelegate: AnyObject {
    /// The height of the item at `indexPath` when it is `itemWidth` wide. Asked once per
    /// item until the item is reloaded, the layout is invalidated or the width changes.
    func collectionView(_ collectionView: CollectionView, layout: WaterfallLayout,
                        heightForItemAt indexPath: IndexPath, itemWidth: CGFloat) -> CGFloat
}
