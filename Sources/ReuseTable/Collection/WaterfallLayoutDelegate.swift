import Foundation

/// Gives `WaterfallLayout` the height of each item at the column width, and optionally
/// its section headers and footers, its column count and its margin (the waterfall
/// article's `numberOfColumnWithCollectionView:` and `marginOfCellWithCollectionView:`).
@MainActor
public protocol WaterfallLayoutDelegate: AnyObject {
    /// The height of the item at `indexPath` when it is `itemWidth` wide. Asked once per
    /// item until the item is reloaded, the layout is invalidated or the width changes.
    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout,
        heightForItemAt indexPath: IndexPath, itemWidth: CGFloat
    ) -> CGFloat
    /// The height of `section`'s header (full width, above its items); 0, the default, shows none.
    /// Asked once per section until the layout is invalidated, the section reloaded or
    /// `invalidateSupplementaryElements(ofKind:at:)` names it.
    func collectionView(_ collectionView: CollectionView, layout: WaterfallLayout, heightForHeaderInSection section: Int) -> CGFloat
    /// The height of `section`'s footer (full width, below its tallest column); 0, the default, shows none.
    func collectionView(_ collectionView: CollectionView, layout: WaterfallLayout, heightForFooterInSection section: Int) -> CGFloat
    /// The number of columns (at least 1; less is reported and replaced by 1). Default: `layout.numberOfColumns`.
    /// Read at every `prepare()`; a new value re-places everything (call `invalidateLayout()` to have it read).
    func numberOfColumns(in collectionView: CollectionView, layout: WaterfallLayout) -> Int
    /// The gap between columns, items and sections (finite, 0 or more). Default: `layout.margin`.
    /// Read at every `prepare()`; a new value re-places everything.
    func marginOfCell(in collectionView: CollectionView, layout: WaterfallLayout) -> CGFloat
}

extension WaterfallLayoutDelegate {
    /// Default: 0, no header.
    public func collectionView(_ collectionView: CollectionView, layout: WaterfallLayout, heightForHeaderInSection section: Int) -> CGFloat { 0 }
    /// Default: 0, no footer.
    public func collectionView(_ collectionView: CollectionView, layout: WaterfallLayout, heightForFooterInSection section: Int) -> CGFloat { 0 }
    /// Default: the layout's `numberOfColumns`.
    public func numberOfColumns(in collectionView: CollectionView, layout: WaterfallLayout) -> Int { layout.numberOfColumns }
    /// Default: the layout's `margin`.
    public func marginOfCell(in collectionView: CollectionView, layout: WaterfallLayout) -> CGFloat { layout.margin }
}
