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

    /// A spacing or size a host set: finite and 0 or more, else reported once (through the
    /// collection view's `diagnosticHandler`, or standard error before one is attached) and replaced.
    func checked(_ value: CGFloat, _ name: String, fallback: CGFloat = 0) -> CGFloat {
        guard value.isFinite, value >= 0, value <= TableView.maximumSlotHeight else {
            let message = "invalid \(name): \(value). It must be finite and 0 or more; using \(fallback)."
            if let collectionView {
                collectionView.diagnosticHandler(message)
            } else {
                FileHandle.standardError.write(Data("ReuseTable: \(message)\n".utf8))
            }
            return fallback
        }
        return value
    }

    /// The column width: `(width − (columns − 1) × column spacing) / columns`, never negative.
    open override var itemWidth: CGFloat {
        let width = collectionView?.bounds.width ?? 0
        return max(0, (width - CGFloat(columnCount - 1) * columnSpacing) / CGFloat(columnCount))
    }

    /// Items placed by the last `prepare()` — the whole collection after a reload,
    /// only the tail of the changed section after an update (teaching counter).
    public var itemsPlacedByLastPrepare: Int { engine.lastPlacedCount }

    /// Asks heights for items not yet known and places every item not yet placed.
    /// - Complexity: O(n · C) after an invalidation; O((n_s − i) · C + sections) after a change at item i of a section of n_s items.
    open override func prepare() {
        guard let collectionView else {
            engine.reset(counts: [])
            return
        }
        let width = itemWidth
        // Once a callback queued a structural call, nothing more is asked: the rest get
        // placeholder heights, and the layout is prepared from scratch at the next pass.
        var cutShort = false
        engine.update(counts: collectionView.itemCounts, reset: needsReset, columns: columnCount, itemWidth: width,
                      columnSpacing: columnSpacing, lineSpacing: lineSpacingBetweenItems, sectionSpacing: lineSpacingBetweenItems) { indexPath in
            if collectionView.transaction.hasDeferredWork {
                cutShort = true
                return fallbackItemHeight
            }
            guard let height = collectionView.calling("collectionView(_:layout:heightForItemAt:itemWidth:)", {
                delegateHeight(at: indexPath, itemWidth: width, in: collectionView)
            }) else {
                return fallbackItemHeight
            }
            return collectionView.sanitizedHeight(height, for: "height of item \(indexPath.collectionDescription) from collectionView(_:layout:heightForItemAt:itemWidth:)")
        }
        needsReset = cutShort
        if cutShort { needsPrepare = true }  // prepared again from scratch once the queued call ran
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
    open override func invalidateLayout() {
        needsReset = true
        super.invalidateLayout()
    }

    /// Forgets these items' heights; the next `prepare()` asks only for them and
    /// re-places from the first of them in each section.
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
