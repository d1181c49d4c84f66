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
    /// The proposed order while an item is lifted (`ColumnLayout+ProposedOrder.swift`).
    var proposal: ProposedColumnOrder?

    /// The most columns a layout takes (more is reported and replaced by this): every section keeps
    /// one list per column, so a column count is memory, and 1,000 columns are already narrower than a point.
    public static let maximumColumns = 1_000

    init(packing: ColumnSections.Packing) {
        engine = ColumnSections(packing: packing)
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
    /// Space around each section's items (a flow layout's `sectionInset`).
    var itemsInset: EdgeInsets { .zero }
    /// Gap between sections.
    var sectionSpacing: CGFloat { lineSpacingBetweenItems }
    /// The delegate's header (or footer) height for `section`; 0 when there is none.
    func delegateSupplementaryHeight(footer: Bool, section: Int, in collectionView: CollectionView) -> CGFloat { 0 }
    /// The delegate method behind `delegateSupplementaryHeight`, for messages.
    func supplementaryHeightMethod(footer: Bool) -> StaticString {
        footer ? "collectionView(_:layout:heightForFooterInSection:)" : "collectionView(_:layout:heightForHeaderInSection:)"
    }
    /// Reads settings the delegate may give (column count, margin) before a prepare.
    func resolveDelegateSettings(in collectionView: CollectionView) {}

    /// The column width: `(width − insets − (columns − 1) × column spacing) / columns`, never negative or non-finite.
    open override var itemWidth: CGFloat {
        let width = (collectionView?.bounds.width ?? 0) - itemsInset.left - itemsInset.right
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
        resolveDelegateSettings(in: collectionView)
        let width = itemWidth
        engine.resetIfNeeded(
            counts: collectionView.itemCounts, reset: needsReset, columns: max(columnCount, 1), itemWidth: width,
            columnSpacing: columnSpacing, lineSpacing: lineSpacingBetweenItems, sectionSpacing: sectionSpacing,
            inset: itemsInset, contentWidth: max(collectionView.bounds.width, 0))
        needsReset = false
        var cutShort = false
        var s = 0
        while s < engine.sections.count {
            if engine.sections[s].headerHeight.isNaN || engine.sections[s].footerHeight.isNaN {
                guard askSupplementaryHeights(ofSection: s, in: collectionView) else {
                    cutShort = true
                    if s >= engine.sections.count { break } else { s += 1; continue }
                }
            }
            var item = engine.sections[s].validCount
            while item < engine.sections[s].heights.count {
                if engine.sections[s].heights[item].isNaN {
                    let height = itemHeight(at: IndexPath(item: item, section: s), width: width, in: collectionView)
                    // The callback may have reset the layout (a setting changed): stop, and prepare again later.
                    guard s < engine.sections.count, item < engine.sections[s].heights.count else { cutShort = true; break }
                    if let height {
                        engine.sections[s].heights[item] = height
                    } else {
                        cutShort = true  // not asked: a structural call is queued
                        engine.sections[s].heights[item] = 0
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

    /// One item's height from the delegate (checked), or the fallback height;
    /// nil when not asked (a structural call is queued, see `ask(_:_:)`).
    func itemHeight(at indexPath: IndexPath, width: CGFloat, in collectionView: CollectionView) -> CGFloat? {
        let asked = collectionView.ask("collectionView(_:layout:heightForItemAt:itemWidth:)") {
            delegateHeight(at: indexPath, itemWidth: width, in: collectionView)
        }
        guard let asked else { return nil }
        guard let height = asked else { return fallbackItemHeight }
        return collectionView.sanitizedHeight(
            height, for: "height of item \(indexPath.collectionDescription) from collectionView(_:layout:heightForItemAt:itemWidth:)")
    }

    /// Asks the unknown header and footer heights of section `s`; false when a callback
    /// queued a structural call or reset the layout (the unknown ones are then placed as 0).
    private func askSupplementaryHeights(ofSection s: Int, in collectionView: CollectionView) -> Bool {
        for footer in [false, true] {
            let known = footer ? engine.sections[s].footerHeight : engine.sections[s].headerHeight
            guard known.isNaN else { continue }
            guard let height = supplementaryHeight(footer: footer, section: s, in: collectionView) else { return false }
            guard s < engine.sections.count else { return false }
            if footer { engine.sections[s].footerHeight = height } else { engine.sections[s].headerHeight = height }
        }
        return true
    }

    /// One section's header (or footer) height from the delegate, checked (bad input is reported and replaced, see Docs/heights-and-template-cells.md).
    /// Nil when not asked (a structural call is queued, see `ask(_:_:)`).
    func supplementaryHeight(footer: Bool, section: Int, in collectionView: CollectionView) -> CGFloat? {
        let method = supplementaryHeightMethod(footer: footer)
        guard let height = collectionView.ask(method, { delegateSupplementaryHeight(footer: footer, section: section, in: collectionView) })
        else { return nil }
        return collectionView.sanitizedHeight(height, for: "height of the \(footer ? "footer" : "header") of section \(section) from \(method)")
    }

    /// Width of the collection view by the bottom of the last section (its footer, or its lowest item plus the bottom inset).
    open override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: engine.contentHeight)
    }

    /// Exactly the items, section headers and section footers whose frames overlap `rect`, as of the last `prepare()`.
    /// - Complexity: O(log sections + C log n + k) for k results.
    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
        proposal?.attributes(in: rect) ?? engine.attributes(in: rect)
    }

    /// The item's frame as of the last `prepare()`, or nil; never computes anything.
    /// - Complexity: O(1).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        engine.frame(at: indexPath).map { CollectionViewLayoutAttributes(forCellWith: indexPath, frame: $0) }
    }

    /// The section header's or footer's frame as of the last `prepare()` (full width, at x = 0),
    /// or nil for another kind, an index path out of range or a height of 0; never computes anything.
    /// - Complexity: O(1).
    open override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String,
        at indexPath: IndexPath
    ) -> CollectionViewLayoutAttributes? {
        guard let footer = Self.isFooter(elementKind), indexPath.count == 2, indexPath.item == 0,
            let frame = engine.supplementaryFrame(footer: footer, inSection: indexPath.section)
        else { return nil }
        return CollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: indexPath, frame: frame)
    }

    /// Whether `kind` is a footer (true), a header (false), or neither (nil).
    static func isFooter(_ kind: String) -> Bool? {
        switch kind {
        case CollectionView.elementKindSectionHeader: false
        case CollectionView.elementKindSectionFooter: true
        default: nil
        }
    }

    /// Forgets these sections' header (or footer) heights; the next `prepare()` asks only for
    /// them and moves the later sections, re-placing no item.
    /// - Complexity: O(k), then O(sections) at the next `prepare()`.
    open override func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        guard let footer = Self.isFooter(elementKind) else { return }
        for indexPath in indexPaths where indexPath.count == 2 { engine.invalidateSupplementary(footer: footer, inSection: indexPath.section) }
        needsPrepare = true
        collectionView?.setNeedsLayout()
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

    // Reordering's hooks (`ColumnLayout+ProposedOrder.swift`): the proposed order is re-placed.
    override func proposeMove(from origin: IndexPath, to destination: IndexPath?, counts: [Int]) {
        proposeColumnMove(from: origin, to: destination, counts: counts)
    }

    override func itemInDataOrder(at point: CGPoint) -> IndexPath? { columnItem(at: point) }

    override func shownFrame(ofItem indexPath: IndexPath) -> CGRect? { shownColumnFrame(of: indexPath) }

    override func prepare(forCollectionViewUpdates plan: AppliedUpdate, newCounts: [Int]) {
        needsPrepare = true
        guard !needsReset else { return }  // a full recomputation is pending anyway
        engine.apply(plan, newCounts: newCounts)
    }
}
