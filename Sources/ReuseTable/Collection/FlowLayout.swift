import Foundation

/// A vertical flow: one column (a list) or `numberOfColumns` equal columns
/// filled line by line (a grid), with item heights from a delegate — typically
/// self-sized through `CollectionView.heightForCell(withReuseIdentifier:cacheBy:configuration:)`.
///
/// ```swift
/// let layout = FlowLayout()            // one column, self-sizing via the delegate
/// layout.lineSpacing = 8
/// layout.delegate = feed
/// ```
///
/// **Geometry.** `itemWidth = (width − (columns − 1) × interitemSpacing) / columns`.
/// Item `i` of a section sits in column `i % columns` of line `i / columns`; a
/// line is as tall as its tallest item, items are top-aligned, and
/// `lineSpacing` separates lines and sections. No outer inset.
///
/// **Cost.** Heights are asked once and kept; a change at item `i` re-places the
/// section from the start of `i`'s line; rect queries are binary searches per column.
@MainActor
open class FlowLayout: CollectionViewLayout {
    /// Number of columns (at least 1); 1 is a list. Changing it re-places everything.
    open var numberOfColumns: Int = 1 {
        didSet {
            precondition(numberOfColumns >= 1, "FlowLayout: numberOfColumns must be at least 1")
            invalidateLayout()
        }
    }

    /// Horizontal gap between columns.
    open var interitemSpacing: CGFloat = 0 { didSet { invalidateLayout() } }

    /// Vertical gap between lines, and between sections.
    open var lineSpacing: CGFloat = 0 { didSet { invalidateLayout() } }

    /// The height of every item when there is no delegate (UIKit's default item size is 50).
    open var itemHeight: CGFloat = 50 { didSet { if delegate == nil { invalidateLayout() } } }

    /// Gives every item's height at the column width.
    open weak var delegate: FlowLayoutDelegate?

    var engine = ColumnSections(placement: .rowMajor)
    var needsReset = true

    /// Creates a one-column flow.
    public override init() { super.init() }

    /// The column width: `(width − (columns − 1) × interitemSpacing) / columns`, never negative.
    open override var itemWidth: CGFloat {
        let width = collectionView?.bounds.width ?? 0
        return max(0, (width - CGFloat(numberOfColumns - 1) * interitemSpacing) / CGFloat(numberOfColumns))
    }

    /// Items placed by the last `prepare()` (teaching counter).
    public var itemsPlacedByLastPrepare: Int { engine.lastPlacedCount }

    /// Asks heights for items not yet known and places every item not yet placed.
    /// - Complexity: O(n) after an invalidation; O(n_s − i + sections) after a change at item i.
    open override func prepare() {
        guard let collectionView else {
            engine.reset(counts: [])
            return
        }
        let width = itemWidth
        engine.update(counts: collectionView.itemCounts, reset: needsReset, columns: numberOfColumns, itemWidth: width,
                      columnSpacing: interitemSpacing, lineSpacing: lineSpacing, sectionSpacing: lineSpacing) { indexPath in
            guard let delegate else { return itemHeight }
            let height = delegate.collectionView(collectionView, layout: self, heightForItemAt: indexPath, itemWidth: width)
            return collectionView.checkedItemHeight(height, at: indexPath,
                                                    source: "collectionView(_:layout:heightForItemAt:itemWidth:)")
        }
        needsReset = false
    }

    /// Width of the collection view by the bottom of the last line.
    open override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: engine.contentHeight)
    }

    /// Exactly the items whose frames overlap `rect`, as of the last `prepare()`.
    /// - Complexity: O(log sections + C log n + k) for k results.
    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
        engine.attributes(in: rect)
    }

    /// The item's frame as of the last `prepare()`, or nil; never computes anything.
    /// - Complexity: O(1).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        engine.frame(at: indexPath).map { CollectionViewLayoutAttributes(forCellWith: indexPath, frame: $0) }
    }

    /// Forgets every height and position; the next `prepare()` asks for every item again.
    open override func invalidateLayout() {
        needsReset = true
        super.invalidateLayout()
    }

    /// Forgets these items' heights; only they are asked again.
    open override func invalidateItems(at indexPaths: [IndexPath]) {
        for indexPath in indexPaths { engine.invalidate(indexPath) }
        needsPrepare = true
        collectionView?.setNeedsLayout()
    }

    override func prepare(forCollectionViewUpdates plan: UpdatePlan, newCounts: [Int]) {
        needsPrepare = true
        guard !needsReset else { return }
        engine.apply(plan, newCounts: newCounts)
    }
}
