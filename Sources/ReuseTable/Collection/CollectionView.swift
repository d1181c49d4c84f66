import Foundation

/// A headless reimplementation of `UICollectionView`: a scroll view that shows
/// many items placed by a `CollectionViewLayout`, with only as many cells as
/// are on screen.
///
/// The same one-way flow as `TableView` (data source → layout → visible rect → cells, through the
/// engine both views share): a new `contentOffset` brings the layout up to date, asks it for the
/// elements in the viewport, returns cells that left to the reuse pool and asks the data source for
/// the ones that arrived. Docs/collection-view.md shows it in use.
@MainActor
open class CollectionView: ScrollView {
    /// Where `scrollToItem(at:at:animated:)` puts the item (UIKit: `UICollectionView.ScrollPosition`, vertical cases).
    public enum ScrollPosition: Sendable {
        /// Scroll as little as possible to show the item (nothing if it is fully visible).
        case none
        /// The item's top at the viewport's top.
        case top
        /// The item's center at the viewport's center.
        case centeredVertically
        /// The item's bottom at the viewport's bottom.
        case bottom
        /// In an orthogonal section, the item's left edge at the section's left edge (UIKit's `.left`);
        /// vertically as little as possible.
        case left
        /// In an orthogonal section, the item's centre at the section's centre; vertically as little as possible.
        case centeredHorizontally
        /// In an orthogonal section, the item's right edge at the section's right edge; vertically as little as possible.
        case right
    }

    /// Places the items. Setting a new layout invalidates it and lays out again.
    open var collectionViewLayout: CollectionViewLayout {
        didSet {
            guard collectionViewLayout !== oldValue else { return }
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
            flushLayoutDiagnostics()
            if engine.hasLoadedData { layOutNowOrWhenDrained() }
        }
    }

    /// Supplies counts and cells. Held weakly, as in UIKit.
    open var dataSource: CollectionViewDataSource? {
        get { storedDataSource }
        set { storedDataSource = newValue }
    }
    /// Private, each access a plain read or write: no runtime exclusivity check (see `View.bounds`).
    private weak var storedDataSource: CollectionViewDataSource?
    /// Told about cells appearing and disappearing, and asked about taps. A per-cell or per-step method
    /// the delegate leaves to the protocol's default (`willDisplay`, `didEndDisplaying`,
    /// `scrollViewDidScroll(_:)`) is called once, then no more until another delegate is set.
    open weak var delegate: CollectionViewDelegate? {
        didSet { engine.defaultedMethods = [] }
    }
    /// Told about items about to scroll on screen, to load their data ahead (UIKit's name). Held weakly.
    open var prefetchDataSource: CollectionViewDataSourcePrefetching? {
        get { storedPrefetchDataSource }
        set { storedPrefetchDataSource = newValue }
    }
    private weak var storedPrefetchDataSource: CollectionViewDataSourcePrefetching?  // as `storedDataSource`

    // MARK: Live data (Docs/live-data.md)

    /// When true, every structural change keeps the item the user reads at its place on screen
    /// (default false: UIKit keeps the offset and lets the content jump). The anchor is the item
    /// the viewport shows highest (smallest `minY`, then index path), kept through updates,
    /// applies, width changes and layout invalidations; only its place on screen is promised.
    /// - Complexity: O(1) to set; a change then queries the layout around the viewport.
    open var maintainsVisibleContentPosition: Bool {
        get { engine.liveData.maintainsVisibleContentPosition }
        set { engine.liveData.maintainsVisibleContentPosition = newValue }
    }

    /// When true, a viewport that shows the end before a change (an append, a new width or inset,
    /// an apply) shows the end after it (default false). Scrolling away releases it; scrolling back
    /// to the end engages it again. It wins over the anchor when both apply.
    /// - Complexity: O(1) to set.
    open var sticksToBottom: Bool {
        get { engine.liveData.sticksToBottom }
        set { setSticksToBottom(newValue) }
    }

    /// When true, content shorter than the viewport lies at its bottom, through
    /// `adjustedContentInset.top` (`contentInset` stays the host's), so layout attributes and
    /// `indexPathForItem(at:)` stay in content coordinates (default false).
    /// - Complexity: O(1), plus a layout pass.
    open var alignsContentToBottom: Bool {
        get { engine.liveData.alignsContentToBottom }
        set { setAlignsContentToBottom(newValue) }
    }

    /// Whether a tap (`tapItem(at:)`) and `selectItem` select items (default true, as UIKit).
    /// Turning it off deselects every item. See `CollectionView+Selection.swift`.
    open var allowsSelection = true {
        didSet { if !allowsSelection { deselectAll(animated: false) } }
    }
    /// Whether several items may be selected at once; a tap on a selected item then deselects it
    /// (default false, as UIKit). Changing it deselects every item.
    open var allowsMultipleSelection = false {
        didSet { if allowsMultipleSelection != oldValue { deselectAll(animated: false) } }
    }

    /// Teaching switch: when false, every dequeue misses and every appearing item creates a cell.
    open var isReusePoolEnabled: Bool {
        get { engine.pool.isEnabled }
        set {
            setReusePoolEnabled(newValue)
            supplementary.pool.isEnabled = newValue
            if !newValue { supplementary.pool.removeAll() }
        }
    }

    /// Debug log of template creation, height computations and cache hits and misses (off by default).
    open var isHeightDebugLogEnabled = false { didSet { heightDebugLogSwitched() } }

    /// Self-sized heights by index path and item width: `heightForCell(withReuseIdentifier:cacheBy:configuration:)`.
    public let indexPathHeightCache = IndexPathHeightCache()
    /// Self-sized heights by model key and item width: `heightForCell(withReuseIdentifier:cacheByKey:configuration:)`.
    public let keyedHeightCache = KeyedHeightCache()

    // MARK: State

    /// What the collection view keeps as the table does: the pool, the cells on screen, the pass, the
    /// transaction, selection, the batch being recorded, prefetching, live data (`Engine/ReuseEngine.swift`).
    let engine = ReuseEngine<CollectionViewCell>()
    /// Item counts per section as of the last reload or update (the "before" of the next update).
    var itemCounts: [Int] = []
    /// Editing mode and the item showing swipe actions (`CollectionView+Swipe.swift`).
    var editing = EditingState()
    /// Items whose non-finite frames were already reported (cleared by a reload).
    var reportedBadFrames: Set<IndexPath> = []
    /// What the last stage 2 found besides the screen (`wanted(cells:supplementary:notes:)`).
    var wantedNotes = UnusableFrames()
    /// Section headers and footers: registrations, pool, views on screen (`CollectionView+Supplementary.swift`).
    var supplementary = SupplementaryViews()

    /// Creates a collection view placing its items with `layout`.
    public init(frame: CGRect, collectionViewLayout layout: CollectionViewLayout) {
        self.collectionViewLayout = layout
        super.init(frame: .zero)
        routeHeightCacheDiagnostics()
        self.frame = frame
        layout.collectionView = self
        flushLayoutDiagnostics()
    }

    /// "CollectionView", for messages.
    var hostName: String { "CollectionView" }

    /// The queued calls ran: finish a pass that was cut short, so the screen matches the layout.

    // MARK: Reload

    /// Discards all cells, reads the counts again and invalidates the layout
    /// (every item size is asked again) and the index-path height cache.
    /// - Complexity: O(sections) here, plus the layout's `prepare()` (O(items)) at the layout pass it triggers.
    /// A reload while an item is lifted cancels the movement first (Docs/reordering.md).
    open func reloadData() {
        cancelMovementBeforeReload(by: "reloadData()")
        requestReload(keepingHeightCache: false)
    }

    /// Reloads like `reloadData()` but keeps the index-path height cache ("load more").
    /// - Complexity: as `reloadData()`.
    open func reloadDataWithoutInvalidatingHeightCache() {
        cancelMovementBeforeReload(by: "reloadDataWithoutInvalidatingHeightCache()")
        requestReload(keepingHeightCache: true)
    }

    /// The reload itself, inside a transaction. The view counts as loaded
    /// before the data source is first asked, so a callback that reads the view
    /// ("is this the last item?") never starts another reload.
    func reload(keepingHeightCache: Bool) {
        cancelAllPrefetching()
        engine.hasLoadedData = true
        changeSelection { $0.removeAll() }  // the items are new (UIKit clears the selection on reload)
        closeSwipe()  // and none shows swipe actions
        if !keepingHeightCache { indexPathHeightCache.invalidateAll() }
        itemCounts = validatedCounts()
        engine.focus.followReload(counts: itemCounts)  // focus keeps its index path, or the nearest item (`FocusState`)
        reportedBadFrames = []
        collectionViewLayout.invalidateLayout()
        // The new counts are in place before `didEndDisplaying`: a delegate reading the view sees them.
        var leaving = changeCellsOnScreen { $0.removeAll() }
        // An item lifted while this reload waited cannot be found in the new data (`InteractiveMovement+WaitingCalls.swift`).
        if let lifted = loseMovementToReload(by: keepingHeightCache ? "reloadDataWithoutInvalidatingHeightCache()" : "reloadData()") {
            leaving.append(lifted)
        }
        recycle(leaving)
        recycleAllSupplementaryViews()
        engine.pass.requests.insert(.clampOffset)  // a reload that shrinks the content must not leave a blank screen
        runLayoutPass()
    }

    static var countCallbacks: (sections: StaticString, rows: StaticString) {
        ("numberOfSections(in:)", "collectionView(_:numberOfItemsInSection:)")
    }

    func dataSourceSectionCount() -> Int? { dataSource.map { $0.numberOfSections(in: self) } }

    func dataSourceCount(inSection section: Int) -> Int { dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0 }

    // MARK: Layout on scroll

    /// Every offset change lays out the visible items at once ("layout on setContentOffset").
    /// - Complexity: O(log n + visible items).
    open override func scrollViewDidChangeOffset() {
        layOutNowOrWhenDrained()
    }

    /// The offset; setting it lays out at once. Set from a data source or delegate
    /// callback, it is applied when the running pass ends (`LayoutTransaction`).
    /// A non-finite coordinate is reported and the old one kept.
    open override var contentOffset: CGPoint {
        get { super.contentOffset }
        set {
            if deferIfBusy("setting contentOffset", waitsForMovement: false, { [self] in contentOffset = newValue }) { return }
            // Made finite first (a NaN is reported and kept out); a real move closes an item showing swipe actions.
            super.contentOffset = offsetClosingSwipe(newValue)
        }
    }

    /// The frame; a non-finite or negative size or a non-finite origin is reported and replaced by 0.
    /// Set from a callback, the view lays out again when its queue drains.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = sanitizedFrame(newValue, what: "frame") }
    }

    /// Lays out the visible items; a new size invalidates the layout first when the layout says so.
    /// - Complexity: O(log n + visible items), plus the layout's `prepare()` after an invalidation.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layOutNowOrWhenDrained()
    }

    /// The layout pass's first stage (`runLayoutPass()` in `Engine/LayoutPass.swift` runs the three):
    /// bring the layout up to date with the bounds before anything is placed.
    /// 1. Bad geometry (NaN or negative sizes, NaN offsets) is reported and sanitized.
    /// 2. A new size invalidates the layout when the layout says so (`shouldInvalidateLayout(forBoundsChange:)`).
    /// 3. `prepare()` runs if the layout was invalidated or updated.
    /// 4. The offset is clamped if the content shrank, the viewport changed size or a reload
    ///    or an update asked for it, as UIKit does.
    /// - Complexity: O(1) when nothing was invalidated, plus the layout's `prepare()`.
    func settle() {
        recorder?.stage(.settle, in: self)
        sanitizeBounds()
        if let last = engine.pass.lastBounds, last.size != bounds.size, collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) {
            collectionViewLayout.invalidateLayout()
        }
        let following = beginLiveSettle()  // live data: the anchor and whether to follow the end (`CollectionView+LiveData.swift`)
        var clamps = engine.pass.requests.contains(.clampOffset) || isViewportResized
        engine.pass.requests.remove(.clampOffset)
        let oldContentHeight = contentSize.height
        // A lifted item's proposed order is re-placed from the positions just prepared (a new
        // width, an update that ran before its drop): sizes and places follow them.
        if collectionViewLayout.prepareIfNeeded(), engine.pass.movement != nil { movementDidChange() }
        contentSize = sanitizedContentSize(collectionViewLayout.collectionViewContentSize)
        if contentSize.height < oldContentHeight { clamps = true }
        if clamps, contentOffset.y > maximumContentOffsetY {  // the range includes the insets (`ScrollView.swift`)
            moveOffset(toY: maximumContentOffsetY, because: .clamp)  // inside the pass: no second pass
        }
        let anchor = finishCollectionSettle(following: following)
        // Layouts that measure cells measure what shows, keeping live data's anchor still (`CollectionViewLayout.settleViewport(keeping:)`).
        collectionViewLayout.settleViewport(keeping: anchor)
        if collectionViewLayout.measuresViewport { clampAfterMeasuring() }
        placeLiftedCell()
    }

    /// The rectangle of content on screen.
    var viewport: CGRect { CGRect(origin: contentOffset, size: CGSize(width: max(bounds.width, 0), height: max(bounds.height, 0))) }

    /// The layout pass's second stage, pure: the items the layout puts in the viewport, sorted, and
    /// the supplementary elements of the same query. Frames that are not finite are skipped and
    /// noted in `notes`; `didFindWanted()` reports them. Writes the caller's arrays (emptied first).
    /// - Complexity: the layout's rect query, O(log n + k) for the built-in layouts.
    func wanted(
        cells wanted: inout [CellsOnScreen<CollectionViewCell>.Wanted], supplementary: inout [CollectionViewLayoutAttributes],
        notes: inout UnusableFrames
    ) {
        recorder?.stage(.wanted, in: self)
        notes.frames.removeAll(keepingCapacity: true)
        wanted.removeAll(keepingCapacity: true)
        supplementary.removeAll(keepingCapacity: true)
        let visible = viewport
        guard visible.width > 0, visible.height > 0 else { return }
        for attributes in layoutAttributesShown(in: visible) {
            guard attributes.representedElementCategory == .cell else {
                supplementary.append(attributes)
                continue
            }
            let frame = attributes.frame
            guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.width.isFinite, frame.height.isFinite else {
                notes.frames.append((attributes.indexPath, frame))
                continue
            }
            if frame.intersectsOpen(visible) {
                wanted.append(.init(section: attributes.indexPath.section, row: attributes.indexPath.item, frame: frame))
            }
        }
        wanted.sort(by: CellsOnScreen.Wanted.precedes)
    }

    /// Reports each item whose frame stage 2 could not use, once until the next reload.
    func didFindWanted() {
        guard !wantedNotes.frames.isEmpty else { return }
        let found = wantedNotes.frames
        wantedNotes = UnusableFrames()
        for (indexPath, frame) in found where reportedBadFrames.insert(indexPath).inserted {
            diagnosticHandler(
                "\(type(of: collectionViewLayout)).layoutAttributesForElements(in:) returned the frame \(frame) "
                    + "for item \(indexPath.collectionDescription); a frame must be finite. The item is not shown.")
        }
    }

    // The third stage, reconcile, is the engine's (`Engine/LayoutPass.swift`).

    func refresh(_ cell: CollectionViewCell) {}

    func addCellSubview(_ cell: CollectionViewCell) {
        addSubview(cell)
    }

    func placeSupplementaryElements(_ wanted: [CollectionViewLayoutAttributes]) {
        placeVisibleSupplementaryViews(wanted)
    }
}

extension CGRect {
    /// Overlap with positive extent on both axes' open intervals; an item of height 0
    /// counts when it lies strictly inside the rect's vertical span.
    func intersectsOpen(_ other: CGRect) -> Bool {
        minX < other.maxX && maxX > other.minX && minY < other.maxY && maxY > other.minY
    }
}

/// What the collection view's stage 2 found besides the screen: items whose frames are not finite.
struct UnusableFrames {
    var frames: [(IndexPath, CGRect)] = []
}
