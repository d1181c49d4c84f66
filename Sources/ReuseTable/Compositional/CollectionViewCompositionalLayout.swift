import Foundation

/// Settings of a compositional layout as a whole (UIKit: `UICollectionViewCompositionalLayoutConfiguration`).
/// The layout scrolls vertically; sections that scroll sideways say so themselves.
public struct CollectionViewCompositionalLayoutConfiguration {
    /// Space between consecutive sections. Default 0.
    public var interSectionSpacing: CGFloat = 0
    /// The layout's own headers and footers: above the first section and below the last
    /// (index path `IndexPath(index: 0)`, as in UIKit). Default none.
    public var boundarySupplementaryItems: [CollectionLayoutBoundarySupplementaryItem] = []

    /// The defaults: no spacing, no layout-level boundary items.
    public init() {}
}

/// UIKit's `UICollectionViewCompositionalLayout`: each section is a group of items repeated to
/// fill it — lists, grids, carousels scrolling sideways — with headers, footers and backgrounds.
///
/// Unlike UIKit's, it never places an item it does not show: a section's height follows from its
/// item count and its group's pattern, sections and groups sit in the table's height tree, and
/// estimated items are measured as they come on screen without moving what is on it. Vertical
/// scrolling only; the differences from UIKit, with their reasons, and an example are in
/// Docs/compositional-layout.md.
///
/// - Complexity: reload O(sections); a query O(log n + k) for k elements.
@MainActor
open class CollectionViewCompositionalLayout: CollectionViewLayout {
    /// The layout-wide settings; setting them invalidates the layout.
    open var configuration: CollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }

    let sectionProvider: @MainActor (Int, CollectionLayoutEnvironment) -> CollectionLayoutSection?
    var store = CompositionalSections()
    /// The environment the store was built for.
    var environment: CollectionLayoutEnvironment?
    /// Whether the next `prepare()` asks the provider for every section and forgets every measurement.
    var needsRebuild = true
    /// Sections to ask the provider for again at the next `prepare()` (after an update), and whether
    /// the tree must be rebuilt (sections were inserted, removed or moved).
    var sectionsToAsk = IndexSet()
    var needsSlotRebuild = false
    /// Resolved descriptions by the object the provider gave.
    var kindIndex: [ObjectIdentifier: Int32] = [:]
    var nilKind: Int32?
    /// Sideways offsets of orthogonal sections, by section (absent: 0).
    var orthogonalOffsets: [Int: CGFloat] = [:]
    /// What each section's `visibleItemsInvalidationHandler` was last told, by section.
    var notified: [Int: NotifiedState] = [:]
    /// Changes handlers made to visible items, applied to what queries report until the next call.
    var overrides: [ElementKey: CollectionLayoutVisibleItem] = [:]
    /// How many elements the last rect query returned: the next reserves as much.
    var lastQueryCount = 0
    /// Old row-slot counts of the sections an update changed, for replacing their slots.
    var pendingRowSlots: [Int: Int] = [:]
    /// Advanced whenever geometry changes (a prepare, a measurement): visible-items handlers hear of it.
    var generation = 0

    /// A layout whose every section is `section`.
    public convenience init(section: CollectionLayoutSection, configuration: CollectionViewCompositionalLayoutConfiguration = .init()) {
        self.init(sectionProvider: { _, _ in section }, configuration: configuration)
    }

    /// A layout asking `sectionProvider` for each section's description (with the section index and
    /// the environment) whenever it is resolved: after a reload, an invalidation, a width change,
    /// and for sections an update inserts or changes. Return the same object for sections of the same
    /// kind: a description is resolved once per environment and shared. Nil shows no items in that section.
    public init(
        sectionProvider: @escaping @MainActor (Int, CollectionLayoutEnvironment) -> CollectionLayoutSection?,
        configuration: CollectionViewCompositionalLayoutConfiguration = .init()
    ) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    /// The environment of `collectionView`: its bounds' size (no horizontal insets: the headless
    /// views have no safe area).
    func environment(of collectionView: CollectionView) -> CollectionLayoutEnvironment {
        let size = CGSize(width: max(0, collectionView.bounds.width), height: max(0, collectionView.bounds.height))
        return CollectionLayoutEnvironment(container: CollectionLayoutContainer(contentSize: size, contentInsets: .zero))
    }

    // MARK: Prepare

    /// Brings the layout up to date: after an invalidation or a new environment, asks the provider
    /// for every section and builds the tree from item counts (nothing is measured or placed);
    /// after an update, asks only for the sections it changed.
    /// - Complexity: O(sections) provider calls and tree runs after an invalidation; O(k log n) for an update of k sections.
    open override func prepare() {
        guard let collectionView else {
            store = CompositionalSections()
            return
        }
        let environment = environment(of: collectionView)
        generation &+= 1
        if needsRebuild || environment != self.environment || store.records.count != collectionView.itemCounts.count {
            rebuild(in: collectionView, environment: environment)
        } else {
            applyPendingSections(in: collectionView)
        }
    }

    /// Everything from the counts: the provider for every section, no measurements, the tree.
    func rebuild(in collectionView: CollectionView, environment: CollectionLayoutEnvironment) {
        needsRebuild = false
        sectionsToAsk = IndexSet()
        needsSlotRebuild = false
        self.environment = environment
        kindIndex = [:]
        nilKind = nil
        notified = [:]
        overrides = [:]
        let store = CompositionalSections()
        let report = reporter(collectionView)
        store.interSectionSpacing = GeometryNumber.sanitize(
            configuration.interSectionSpacing, as: .length, for: "CollectionViewCompositionalLayoutConfiguration.interSectionSpacing",
            wording: .statement(verb: "is"), report: report)
        let effective = environment.container.effectiveContentSize
        let builder = PlanBuilder(section: -1, report: report)
        store.global = configuration.boundarySupplementaryItems.map {
            ResolvedSection.resolve(
                $0, x: environment.container.contentInsets.leading, width: effective.width, height: effective.height, builder: builder)
        }
        store.globalMeasured = [CGFloat](repeating: .nan, count: store.global.count)
        self.store = store
        let counts = collectionView.itemCounts
        self.store.records.reserveCapacity(counts.count)
        for (s, count) in counts.enumerated() {
            let kind = resolvedKind(forSection: s, in: collectionView, environment: environment)
            self.store.records.append(.init(count: count, kind: kind))
        }
        finishStructure()
        clampOrthogonalOffsets()
    }

    /// Recomputes what depends on every kind and rebuilds the tree.
    func finishStructure() {
        store.reachUp = store.kinds.reduce(store.measuredReachUp) { max($0, $1.reachUp) }
        store.reachDown = store.kinds.reduce(store.measuredReachDown) { max($0, $1.reachDown) }
        store.rebuildSlots()
    }

    /// The provider's description of section `s`, resolved (once per distinct object).
    /// Once a callback queued a structural call, nothing more is asked: the section shows nothing
    /// until the layout is prepared again.
    func resolvedKind(forSection s: Int, in collectionView: CollectionView, environment: CollectionLayoutEnvironment) -> Int32 {
        guard let asked = collectionView.ask("sectionProvider", { sectionProvider(s, environment) }) else {
            needsRebuild = true
            needsPrepare = true
            return kind(for: nil, section: s, collectionView: collectionView, environment: environment)
        }
        if asked == nil, collectionView.itemCounts[s] > 0 {
            collectionView.diagnosticHandler(
                "CollectionViewCompositionalLayout's sectionProvider returned nil for section \(s), which has "
                    + "\(UpdateVocabulary.collection.plural(collectionView.itemCounts[s], "item")); they are not shown.")
        }
        return kind(for: asked, section: s, collectionView: collectionView, environment: environment)
    }

    private func kind(
        for section: CollectionLayoutSection?, section index: Int, collectionView: CollectionView, environment: CollectionLayoutEnvironment
    ) -> Int32 {
        guard let section else {
            if let nilKind { return nilKind }
            nilKind = Int32(store.kinds.count)
            store.kinds.append(ResolvedSection(nil, environment: environment, index: index, report: reporter(collectionView)))
            return nilKind!
        }
        let id = ObjectIdentifier(section)
        if let known = kindIndex[id] { return known }
        let index32 = Int32(store.kinds.count)
        store.kinds.append(ResolvedSection(section, environment: environment, index: index, report: reporter(collectionView)))
        kindIndex[id] = index32
        return index32
    }

    /// Reports through the collection view's diagnostic handler.
    func reporter(_ collectionView: CollectionView) -> (String) -> Void {
        { [weak collectionView] message in collectionView?.diagnosticHandler(message) }
    }

    // MARK: Content size and queries

    /// The collection view's width by the content's height (layout items, every section).
    /// - Complexity: O(1).
    open override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: store.contentHeight)
    }

    /// The query context for the collection view's current offset.
    func queryContext() -> CompositionalQueryContext {
        let offsets = orthogonalOffsets
        guard let collectionView else {
            return CompositionalQueryContext(orthogonalOffset: { offsets[$0] ?? 0 }, visibleTop: 0, visibleBottom: 0)
        }
        let insets = collectionView.adjustedContentInset
        let top = collectionView.contentOffset.y + max(0, insets.top)
        let bottom = collectionView.contentOffset.y + collectionView.bounds.height - max(0, insets.bottom)
        return CompositionalQueryContext(orthogonalOffset: { offsets[$0] ?? 0 }, visibleTop: top, visibleBottom: max(top, bottom))
    }

    /// Every cell, supplementary view and decoration view whose frame overlaps `rect`, as of the last
    /// `prepare()` and measurement; pinned boundary items where the current offset puts them.
    /// - Complexity: O(log n + k) for k slots the rect spans, plus each visited section's boundary items.
    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
        guard rect.minY.isFinite, rect.maxY.isFinite, rect.minX.isFinite, rect.maxX.isFinite, !rect.isNull else { return [] }
        var result: [CollectionViewLayoutAttributes] = []
        result.reserveCapacity(lastQueryCount)  // a scroll's next query returns about as many: no regrowth
        collectElements(in: rect, context: queryContext()) { result.append($0) }
        if !overrides.isEmpty { result = result.map(applyingOverride) }
        lastQueryCount = result.count
        return result
    }

    /// The item's cell frame, or nil out of range or in a section that shows no items.
    /// - Complexity: O(log n), plus O(p log m) when its group has measured items.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < store.sectionCount,
            let frame = store.itemFrame(indexPath.section, indexPath.item, offset: orthogonalOffsets[indexPath.section] ?? 0)
        else { return nil }
        let attributes = CollectionViewLayoutAttributes(forCellWith: indexPath, frame: frame)
        return overrides.isEmpty ? attributes : applyingOverride(attributes)
    }

    /// A boundary item (`[section, 0]`, or `IndexPath(index: 0)` for the layout's own) or an item's
    /// badge (its index path), by kind; nil when there is none.
    /// - Complexity: O(log n).
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        let context = queryContext()
        if indexPath.count == 1 {
            guard indexPath[0] == 0, let b = store.global.firstIndex(where: { $0.kind == elementKind }) else { return nil }
            return CollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: indexPath, frame: store.globalFrames(context)[b])
        }
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < store.sectionCount else { return nil }
        let s = indexPath.section
        let kind = store.kind(s)
        if indexPath.item == 0, let b = kind.boundary.firstIndex(where: { $0.kind == elementKind }) {
            let frame = store.boundaryFrames(s, store.extent(s), context)[b]
            return CollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: indexPath, frame: frame)
        }
        guard indexPath.item >= 0, indexPath.item < store.records[s].count else { return nil }
        let p = kind.leavesPerGroup, k = indexPath.item / p
        var found: CGRect?
        store.forEachElement(ofGroup: k, section: s, origin: store.groupOrigin(s, k, offset: context.orthogonalOffset(s))) { element in
            if case .badge(let leaf, let badgeKind, _, let frame) = element, leaf == indexPath.item % p, badgeKind == elementKind, found == nil {
                found = frame
            }
        }
        return found.map { CollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: indexPath, frame: $0) }
    }

    // Hooks the collection view calls (`CollectionViewLayout`), here because overrides live in the class.

    /// Takes the update, then prepares at once: half updated (counts without slots), the layout
    /// must not be asked for an anchor at the pass's start, which happens when none was recorded
    /// before the update (an empty list keeping its visible content).
    override func prepare(forCollectionViewUpdates plan: AppliedUpdate, newCounts: [Int]) {
        applyUpdate(plan, newCounts: newCounts)
        prepareIfNeeded()
    }

    override func settleViewport(keeping anchor: ContentAnchor?) { measureAndNotify(keeping: anchor) }
    override var measuresViewport: Bool { hasEstimates }

    override func listCellPlacement(ofItemAt indexPath: IndexPath) -> ListCellPlacement? { listPlacement(ofItemAt: indexPath) }

    override func measureToScroll(to indexPath: IndexPath, offsetY: (CGRect) -> CGFloat) {
        measureForScroll(to: indexPath, offsetY: offsetY)  // `CollectionViewCompositionalLayout+SelfSizing.swift`
    }

    override func scrollSideways(toShow indexPath: IndexPath, at position: CollectionView.ScrollPosition) -> Bool {
        slideOrthogonalSection(toShow: indexPath, at: position)
    }

    // MARK: Invalidation

    /// Yes when the size changed (UIKit's answer): dimensions are fractions of the view's width
    /// and height (a group of `.fractionalHeight(0.25)` follows the height); a scroll changes nothing.
    /// - Complexity: O(1).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != boundsBeforeChange.size
    }

    /// Forgets everything: the next `prepare()` asks the provider for every section again, and
    /// estimated items are measured again as they show.
    /// - Complexity: O(1); the next `prepare()` is O(sections).
    open override func invalidateLayout() {
        needsRebuild = true
        super.invalidateLayout()
    }

    /// Forgets these items' measured heights: they are measured again when they show. With
    /// `maintainsVisibleContentPosition`, the item the user reads keeps its place on screen.
    /// - Complexity: O(k (log n + m)) for k index paths, plus the layout's rect query.
    open override func invalidateItems(at indexPaths: [IndexPath]) {
        guard !needsRebuild else { return super.invalidateItems(at: indexPaths) }
        // Live data's anchor, while the frames are the old ones: the pass puts it back and measures
        // the forgotten items around it, keeping it still (`Engine/LiveData.swift`).
        if let collectionView { collectionView.recordBeforeChange { collectionView.liveAnchor { $0 } } }
        for indexPath in indexPaths where indexPath.count == 2 && indexPath.section >= 0 && indexPath.section < store.sectionCount {
            let s = indexPath.section
            guard store.measured(s)?.entry(of: indexPath.item) != nil else { continue }
            store.updateMeasurements(s) { $0.forget(indexPath.item) }
            store.refreshGroup(s, indexPath.item / store.kind(s).leavesPerGroup)
        }
        collectionView?.setNeedsLayout()
    }

    /// Forgets these boundary items' measured heights.
    open override func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        guard !needsRebuild else { return super.invalidateSupplementaryElements(ofKind: elementKind, at: indexPaths) }
        for indexPath in indexPaths where indexPath.count == 2 && indexPath.section >= 0 && indexPath.section < store.sectionCount {
            let s = indexPath.section
            for (b, item) in store.kind(s).boundary.enumerated() where item.kind == elementKind && store.measured(s) != nil {
                store.updateMeasurements(s) { m in if b < m.boundary.count { m.boundary[b] = .nan } }
            }
            store.refreshBoundary(s)
        }
        collectionView?.setNeedsLayout()
    }
}

/// One element's identity: what a visible-items handler's change is kept under.
struct ElementKey: Hashable {
    var category: CollectionView.ElementCategory
    var kind: String?
    var indexPath: IndexPath
}

/// What a section's visible-items handler was last told.
struct NotifiedState: Equatable {
    var offset: CGPoint
    var visible: CGRect
    var generation: Int
}
