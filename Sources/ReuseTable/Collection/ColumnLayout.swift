import Foundation

/// The machinery `FlowLayout` and `WaterfallLayout` share: equal-width
/// columns of items whose heights are asked once and whose positions are kept
/// and updated incrementally by `ColumnSections`.
///
/// The two layouts differ only in how an item picks its place (line by line,
/// or into the shortest column), in their spacing, and in their delegate;
/// everything else — prepare, queries, invalidation, updates — is here once.
/// Not meant for subclassing outside ReuseTable (its initializer is internal).
@MainActor
open class ColumnLayout: CollectionViewLayout {
    var engine: ColumnSections
    var needsReset = true

    init(placement: ColumnSections.Placement) {
        engine = ColumnSections(placement: placement)
        super.init()
    }

    /// Number of columns (the subclass's setting).
    var columnCount: Int { 1 }
    /// Horizontal gap between columns.
    var columnSpacing: CGFloat { 0 }
    /// Vertical gap between items of a column (between lines for a grid), and between sections.
    var lineSpacingBetweenItems: CGFloat { 0 }
    /// The delegate's height for an item at `width`, or nil when there is no delegate.
    func delegateHeight(at indexPath: IndexPath, itemWidth width: CGFloat, in collectionView: CollectionView) -> CGFloat? { nil }
    /// The height of every item when there is no delegate.
    var fallbackItemHeight: CGFloat { 50 }

    /// The column width: `(width − (columns − 1) × column spacing) / columns`, never negative or non-finite.
    open override var itemWidth: CGFloat {
        let width = collectionView?.bounds.width ?? 0
        let columns = max(columnCount, 1)
        let result = (width - CGFloat(columns - 1) * columnSpacing) / CGFloat(columns)
        return result.isFinite ? max(0, result) : 0
    }

    /// Items placed by the last `prepare()` — the whole collection after a reload,
    /// only the tail of the changed section after an update (teaching counter).
    public var itemsPlacedByLastPrepare: Int { engine.lastPlacedCount }

    /// True while `prepare()` asks the delegate for heights: a read from that
    /// callback that would prepare again answers from what is placed instead.
    var isPreparing = false

    /// Asks heights for items not yet known and places every item not yet placed.
    ///
    /// The delegate is called while no access to the positions is held (a
    /// callback may read the layout). If a callback queues a structural call
    /// (`LayoutTransaction`), no further heights are asked — the queued call may
    /// have removed those items — and the layout stays invalidated for the next pass.
    /// - Complexity: O(n · C) after an invalidation; O((n_s − i) · C + sections) after a change at item i of a section of n_s items.
    open override func prepare() {
        guard !isPreparing else { return }
        guard let collectionView else {
            engine.reset(counts: [])
            return
        }
        isPreparing = true
        defer { isPreparing = false }
        let width = itemWidth
        engine.resetIfNeeded(counts: collectionView.itemCounts, reset: needsReset, columns: max(columnCount, 1), itemWidth: width,
                             columnSpacing: columnSpacing, lineSpacing: lineSpacingBetweenItems, sectionSpacing: lineSpacingBetweenItems)
        needsReset = false
        var cutShort = false
        var s = 0
        while s < engine.sections.count {
            var item = engine.sections[s].validCount
            while item < engine.sections[s].heights.count {
                if engine.sections[s].heights[item].isNaN {
                    if collectionView.transaction.hasDeferredWork {
                        cutShort = true
                        engine.sections[s].heights[item] = 0
                    } else {
                        let indexPath = IndexPath(item: item, section: s)
                        let height = itemHeight(at: indexPath, width: width, in: collectionView)
                        // The callback may have reset the layout (a setting changed): stop, and prepare again later.
                        guard s < engine.sections.count, item < engine.sections[s].heights.count else { cutShort = true; break }
                        engine.sections[s].heights[item] = height
                    }
                }
                item += 1
            }
            s += 1
        }
        engine.placeDirtySections()
        if cutShort || needsReset {
            // Heights of 0 stand in for the ones not asked: ask everything again at the next prepare.
            needsReset = true
            needsPrepare = true
        }
    }

    /// One item's height from the delegate (checked), or the fallback height.
    func itemHeight(at indexPath: IndexPath, width: CGFloat, in collectionView: CollectionView) -> CGFloat {
        let height = collectionView.calling("collectionView(_:layout:heightForItemAt:itemWidth:)") {
            delegateHeight(at: indexPath, itemWidth: width, in: collectionView)
        }
        guard let height else { return fallbackItemHeight }
        return collectionView.sanitizedHeight(height, for: "height of item \(indexPath.collectionDescription) from collectionView(_:layout:heightForItemAt:itemWidth:)")
    }

    /// Width of the collection view by the bottom of the lowest item.
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
    /// - Complexity: O(1) here; the next `prepare()` is O(n · C).
    open override func invalidateLayout() {
        needsReset = true
        super.invalidateLayout()
    }

    /// Forgets these items' heights; the next `prepare()` asks only for them and
    /// re-places from the first of them in each section.
    /// - Complexity: O(k) for k index paths here; the next `prepare()` re-places from the first of them.
    open override func invalidateItems(at indexPaths: [IndexPath]) {
        for indexPath in indexPaths { engine.invalidate(indexPath) }
        needsPrepare = true
        collectionView?.setNeedsLayout()
    }

    override func prepare(forCollectionViewUpdates plan: UpdatePlan, newCounts: [Int]) {
        needsPrepare = true
        guard !needsReset else { return }  // a full recomputation is pending anyway
        engine.apply(plan, newCounts: newCounts)
    }
}
