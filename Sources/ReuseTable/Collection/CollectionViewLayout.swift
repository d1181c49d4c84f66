import Foundation

/// Decides where every item of a `CollectionView` goes (UIKit: `UICollectionViewLayout`).
///
/// The collection view calls `prepare()` before it needs positions — after
/// `invalidateLayout()`, after a batch update, after a width change — and then
/// asks `collectionViewContentSize` and `layoutAttributesForElements(in:)` for
/// the viewport on every scroll. Subclasses override all four; the base class places nothing.
/// After a batch update the built-in `FlowLayout` and `WaterfallLayout` take the validated plan
/// (an internal hook) and re-place only from the first changed item of each changed section; a
/// custom subclass gets the UIKit default: `invalidateLayout()`, a full recomputation.
@MainActor
open class CollectionViewLayout {
    /// The collection view using this layout; set by `CollectionView`.
    public internal(set) weak var collectionView: CollectionView?

    /// Whether `prepare()` must run before the next query.
    var needsPrepare = true
    /// Diagnostics about bad settings made before the layout had a collection view.
    var pendingDiagnostics: [String] = []
    /// Decoration view classes by kind (`CollectionViewLayout+Decoration.swift`).
    var decorationClasses: [String: CollectionReusableView.Type] = [:]

    /// Creates a layout; give it to `CollectionView(frame:collectionViewLayout:)`.
    public init() {}

    /// Computes (or brings up to date) the positions the queries will return.
    /// Called by the collection view once after each invalidation, not on every scroll.
    open func prepare() {}

    /// Width and height of all content; the collection view's `contentSize`.
    open var collectionViewContentSize: CGSize { .zero }

    /// The elements — cells and supplementary views — whose frames intersect `rect`, in no particular order.
    open func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] { [] }

    /// Where the item at `indexPath` goes, or nil when the layout has no such item.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }

    /// Where the supplementary view of `elementKind` at `indexPath` goes (a section header is
    /// at `[section, 0]`), or nil when the layout shows none there (UIKit's name).
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        nil
    }

    /// The width a self-sizing cell is measured at (`CollectionView.heightForCell`).
    /// The default is the collection view's width; column layouts return their column width.
    open var itemWidth: CGFloat { collectionView?.bounds.width ?? 0 }

    /// Whether a change of the collection view's bounds to `newBounds` invalidates the layout
    /// (UIKit's question): the collection view's layout pass asks it when the bounds' size changed
    /// since its last pass, and calls `invalidateLayout()` on a yes. `collectionView.bounds` is
    /// already `newBounds` when the pass asks; a subclass that compares sizes keeps the size it
    /// prepared for. The default answers yes when the width changed (item widths depend on it);
    /// `CollectionViewCompositionalLayout` and `FlowLayout` answer yes when the size changed, as UIKit's do.
    /// - Complexity: O(1).
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != boundsBeforeChange.width
    }

    /// The bounds the collection view had in its last layout pass (its current bounds before the
    /// first): what the built-in layouts' `shouldInvalidateLayout(forBoundsChange:)` compares with.
    var boundsBeforeChange: CGRect {
        guard let collectionView else { return .zero }
        return collectionView.engine.pass.lastBounds ?? collectionView.bounds
    }

    /// Forgets everything computed; the next layout pass calls `prepare()` again,
    /// which asks for every item's size again. Subclasses call `super`.
    open func invalidateLayout() {
        needsPrepare = true
        collectionView?.setNeedsLayout()
    }

    /// Forgets what was computed for these items only (their sizes are asked
    /// again); the default invalidates everything (UIKit's invalidation context).
    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidateLayout()
    }

    /// Forgets what was computed for these supplementary views only (their heights are
    /// asked again); the default invalidates everything (UIKit: the invalidation
    /// context's `invalidateSupplementaryElements(ofKind:at:)`).
    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        invalidateLayout()
    }

    // MARK: Hooks used by CollectionView

    /// The collection view applied `plan`; bring the layout to `newCounts`.
    /// The default is a full `invalidateLayout()`.
    func prepare(forCollectionViewUpdates plan: AppliedUpdate, newCounts: [Int]) {
        invalidateLayout()
    }

    /// An item is lifted at `origin` and proposed at `destination` (nil: the movement ended):
    /// a layout that can shows the proposed order from its rect queries, with the items' index
    /// paths still in the data's order. The default shows the data's order.
    func proposeMove(from origin: IndexPath, to destination: IndexPath?, counts: [Int]) {}

    /// Where the item at `indexPath` (the data's order) is shown: in the proposed order while an item
    /// is lifted, for a layout that shows it. The default is `layoutAttributesForItem(at:)`'s frame.
    func shownFrame(ofItem indexPath: IndexPath) -> CGRect? {
        layoutAttributesForItem(at: indexPath)?.frame
    }

    /// The item whose frame contains `point` in the data's order (not the proposed one), or nil.
    func itemInDataOrder(at point: CGPoint) -> IndexPath? {
        let probe = CGRect(x: point.x - 0.25, y: point.y - 0.25, width: 0.5, height: 0.5)
        return layoutAttributesForElements(in: probe).first { $0.representedElementCategory == .cell && $0.frame.contains(point) }?.indexPath
    }

    /// The end of the collection view's settle: a layout that measures cells (the compositional
    /// layout's estimated items) measures what the viewport shows, anchoring the offset on `anchor`
    /// (the item live data put back) while the user sees it or saw it before the change. The default does nothing.
    func settleViewport(keeping anchor: ContentAnchor?) {}

    /// Whether `settleViewport(keeping:)` measures anything (the compositional layout with estimated
    /// items): then live data's anchor is put back before measuring and clamped after. The default is false.
    var measuresViewport: Bool { false }

    /// Before `scrollToItem(at:at:animated:)` reads the item's frame: a layout that measures cells
    /// measures the item and what will share the screen with it at the offset `offsetY` gives for
    /// the item's frame, so the item lands where asked. The default does nothing.
    func measureToScroll(to indexPath: IndexPath, offsetY: (CGRect) -> CGFloat) {}

    /// Scrolls the section holding `indexPath` sideways so the item shows at `position`, when the
    /// section scrolls sideways on its own (the compositional layout's orthogonal sections); true
    /// when an offset moved. The default has no such sections.
    func scrollSideways(toShow indexPath: IndexPath, at position: CollectionView.ScrollPosition) -> Bool { false }

    /// Where a list cell showing the item at `indexPath` sits in its list (its appearance, whether it
    /// is its section's header item), or nil when the item is not in a list section. The default has none.
    func listCellPlacement(ofItemAt indexPath: IndexPath) -> ListCellPlacement? { nil }

    /// Runs `prepare()` if an invalidation or an update asked for it; returns whether it ran. The
    /// cells on screen then learn their places again (`CollectionView.placeCellsOnScreen()`).
    @discardableResult
    func prepareIfNeeded() -> Bool {
        guard needsPrepare else { return false }
        needsPrepare = false
        prepare()
        collectionView?.placeCellsOnScreen()
        return true
    }
}
