import Foundation

/// A headless reimplementation of `UICollectionView`: a scroll view that shows
/// many items placed by a `CollectionViewLayout`, with only as many cells as
/// are on screen.
///
/// The same one-way flow as `TableView`:
///
///     data source ──► layout (prepare: sizes, frames) ──► visible rect ──► cells
///
/// - `reloadData()` reads the counts and invalidates the layout.
/// - Setting `contentOffset` runs `layoutVisibleItems()`: bring the layout up
///   to date if it was invalidated, ask it for the items in the viewport
///   (`layoutAttributesForElements(in:)`), return cells that left to the
///   reuse pool, and ask the data source for the ones that arrived.
///
/// ```swift
/// let layout = WaterfallLayout(numberOfColumns: 2, margin: 8)
/// layout.delegate = photos
/// let grid = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
/// grid.register(PhotoCell.self, forCellWithReuseIdentifier: "photo")
/// grid.dataSource = photos
/// grid.reloadData()
/// grid.contentOffset.y = 5_000   // lays out the items now on screen
/// ```
@MainActor
open class CollectionView: ScrollView, LayoutTransactionHost {
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
    }

    /// Places the items. Setting a new layout invalidates it and lays out again.
    open var collectionViewLayout: CollectionViewLayout {
        didSet {
            guard collectionViewLayout !== oldValue else { return }
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
            if hasLoadedData { layoutVisibleItems() }
        }
    }

    /// Supplies counts and cells. Held weakly, as in UIKit.
    open weak var dataSource: CollectionViewDataSource?
    /// Told about cells appearing and disappearing.
    open weak var delegate: CollectionViewDelegate?

    /// Teaching switch: when false, every dequeue misses and every appearing item creates a cell.
    open var isReusePoolEnabled: Bool {
        get { pool.isEnabled }
        set {
            pool.isEnabled = newValue
            if !newValue { pool.removeAll() }
        }
    }

    /// Debug log of template creation, height computations and cache hits and misses (off by default).
    open var isHeightDebugLogEnabled = false {
        didSet {
            indexPathHeightCache.log.isEnabled = isHeightDebugLogEnabled
            keyedHeightCache.log.isEnabled = isHeightDebugLogEnabled
        }
    }

    /// Live counters for teaching and the demo's status line.
    public internal(set) var counters = Counters()

    /// Self-sized heights by index path and item width: `heightForCell(withReuseIdentifier:cacheBy:configuration:)`.
    public let indexPathHeightCache = IndexPathHeightCache()
    /// Self-sized heights by model key and item width: `heightForCell(withReuseIdentifier:cacheByKey:configuration:)`.
    public let keyedHeightCache = KeyedHeightCache()

    // MARK: State

    var pool = ReusePool<CollectionViewCell>()
    var registeredClasses: [String: CollectionViewCell.Type] = [:]
    /// Cells on screen, by index path.
    var visibleItems = VisibleRows<CollectionViewCell>()
    /// Item counts per section as of the last reload or update (the "before" of the next update).
    var itemCounts: [Int] = []
    var hasLoadedData = false
    var isLayingOut = false
    var lastLayoutWidth: CGFloat?
    /// The batch being recorded by `performBatchUpdates(_:completion:)`.
    var batchRecorder = BatchRecorder()
    /// The guard around every step that calls out (see `LayoutTransaction`, shared with the table).
    var transaction = LayoutTransaction()
    /// The last pass stopped asking for cells because a callback queued a structural call.
    var passWasCutShort = false
    /// The bounds the last layout pass left the view in.
    var lastLayoutBounds: CGRect?

    var hostName: String { "CollectionView" }
    /// Off-screen cells per identifier used only for measuring.
    var templateCells: [String: CollectionViewCell] = [:]

    /// Creates a collection view placing its items with `layout`.
    public init(frame: CGRect, collectionViewLayout layout: CollectionViewLayout) {
        self.collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
    }

    // MARK: Reload

    /// Discards all cells, reads the counts again and invalidates the layout
    /// (every item size is asked again) and the index-path height cache. If the
    /// content shrank below the offset, the offset is clamped (no blank screen).
    /// Called from a data source or delegate method, it runs when that layout step is done.
    /// - Complexity: O(sections) here, plus the layout's `prepare()` (O(items)) at the layout pass it triggers.
    open func reloadData() {
        if transaction.isActive { return transaction.enqueue("reloadData()", { [self] in reloadData() }) }
        performTransaction { reload(keepingHeightCache: false) }
    }

    /// Reloads like `reloadData()` but keeps the index-path height cache ("load more").
    open func reloadDataWithoutInvalidatingHeightCache() {
        if transaction.isActive {
            return transaction.enqueue("reloadDataWithoutInvalidatingHeightCache()", { [self] in reloadDataWithoutInvalidatingHeightCache() })
        }
        performTransaction { reload(keepingHeightCache: true) }
    }

    func reload(keepingHeightCache: Bool) {
        hasLoadedData = true  // before the data source is asked: its callbacks may query the view
        if !keepingHeightCache { indexPathHeightCache.invalidateAll() }
        // The counts first, then the callbacks (`didEndDisplaying`), as the table does.
        let counts = validatedCounts()
        recycleAllVisibleCells()
        itemCounts = counts
        collectionViewLayout.invalidateLayout()
        layoutVisibleItems()
    }

    func loadIfNeeded() {
        if !hasLoadedData { reloadData() }
    }

    /// The data source's counts, validated (SPEC §6); traps with the message otherwise.
    func validatedCounts() -> [Int] {
        do {
            return try fetchCounts()
        } catch {
            TableViewError.trap(error)
        }
    }

    /// Reads the counts, throwing a precise message for negative values.
    func fetchCounts() throws(TableViewError) -> [Int] {
        guard let dataSource else { return [] }
        return try UpdateVocabulary.collection.readCounts(
            sections: { calling("numberOfSections(in:)") { dataSource.numberOfSections(in: self) } },
            sectionsMethod: "numberOfSections(in:)",
            rows: { section in
                calling("collectionView(_:numberOfItemsInSection:)") { dataSource.collectionView(self, numberOfItemsInSection: section) }
            },
            rowsMethod: "collectionView(_:numberOfItemsInSection:)")
    }

    /// Returns every visible cell to the pool.
    func recycleAllVisibleCells() {
        returnItemsThatLeftToThePool(visibleItems.removeAll())
    }

    /// Puts cells whose items left the screen back in the reuse pool, then tells the delegate.
    func returnItemsThatLeftToThePool(_ leaving: [VisibleRows<CollectionViewCell>.Entry]) {
        guard !leaving.isEmpty else { return }
        for entry in leaving { recycle(entry.cell) }
        guard let delegate else { return }
        calling("collectionView(_:didEndDisplaying:forItemAt:)") {
            for entry in leaving {
                delegate.collectionView(self, didEndDisplaying: entry.cell, forItemAt: entry.indexPath)
            }
        }
    }

    // MARK: Layout on scroll

    /// Setting the offset from a data source or delegate method takes effect when
    /// that layout step is done; a NaN or infinite offset is reported and ignored.
    open override var contentOffset: CGPoint {
        get { super.contentOffset }
        set {
            if transaction.isActive { return transaction.enqueue("setting contentOffset", { [self] in contentOffset = newValue }) }
            super.contentOffset = newValue
        }
    }

    /// Every offset change lays out the visible items at once ("layout on setContentOffset").
    /// - Complexity: O(log n + visible items).
    open override func scrollViewDidChangeOffset() {
        performTransaction { layoutVisibleItems() }
    }

    /// Lays out the visible items; a new width invalidates the layout first.
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard !transaction.isActive else { return }  // asked from a callback: the running step lays out
        performTransaction { layoutVisibleItems() }
    }

    func transactionDidSettle() {
        // A pass cut short by a queued call, or bounds a callback changed while a step ran: lay out again.
        if hasLoadedData, passWasCutShort || lastLayoutBounds != bounds {
            performTransaction { layoutVisibleItems() }
        }
    }

    /// The heart of the collection view: make the cells on screen match the layout at the current offset.
    ///
    /// In this order, whatever triggered it:
    /// 1. bad bounds are reported and fixed; a new width invalidates the layout (item widths depend on it);
    /// 2. `prepare()` runs if the layout was invalidated or updated;
    /// 3. an offset the content no longer reaches (it shrank) is clamped;
    /// 4. the layout names the items intersecting the viewport; cells that
    ///    left go back to the pool first, then cells that stay are moved and
    ///    new ones are asked of the data source; `willDisplay` runs once all are in place.
    /// - Complexity: O(log n + visible items) when nothing was invalidated.
    func layoutVisibleItems() {
        guard !isLayingOut else { return }
        guard hasLoadedData else { return reload(keepingHeightCache: false) }
        isLayingOut = true
        defer { isLayingOut = false }
        let start = DispatchTime.now().uptimeNanoseconds

        sanitizeBounds()
        if let lastLayoutWidth, lastLayoutWidth != bounds.width {
            collectionViewLayout.invalidateLayout()
        }
        lastLayoutWidth = bounds.width
        let contentChanges = collectionViewLayout.needsPrepare
        collectionViewLayout.prepareIfNeeded()
        let size = collectionViewLayout.collectionViewContentSize
        contentSize = CGSize(width: size.width.isFinite ? size.width : 0, height: size.height.isFinite ? max(size.height, 0) : 0)
        if contentChanges, bounds.origin.y > maximumContentOffsetY, bounds.origin.y > 0 {
            bounds.origin.y = maximumContentOffsetY  // the content shrank below the offset: no blank screen
        }
        placeVisibleCells()
        passWasCutShort = transaction.hasDeferredWork
        lastLayoutBounds = bounds

        counters.layoutPasses += 1
        counters.lastLayoutNanoseconds = DispatchTime.now().uptimeNanoseconds - start
    }

    /// The rectangle of content on screen.
    var viewport: CGRect { CGRect(origin: contentOffset, size: CGSize(width: max(bounds.width, 0), height: max(bounds.height, 0))) }

    /// Places a cell for every item the layout puts in the viewport, in the
    /// table's steps (`VisibleRows`): cells that left go back to the pool first,
    /// cells that stay move, arriving items get cells from the data source (none
    /// once a callback queued a structural call), then `willDisplay` for each.
    func placeVisibleCells() {
        let visible = viewport
        var wanted: [VisibleRows<CollectionViewCell>.Wanted] = []
        if visible.width > 0, visible.height > 0 {
            for attributes in collectionViewLayout.layoutAttributesForElements(in: visible)
            where attributes.frame.intersectsOpen(visible) {
                wanted.append(.init(section: attributes.indexPath.section, row: attributes.indexPath.item, frame: attributes.frame))
            }
        }
        wanted.sort { ($0.section, $0.row) < ($1.section, $1.row) }

        returnItemsThatLeftToThePool(visibleItems.removeEntries(notIn: wanted))
        let staying = visibleItems.cells(for: wanted)
        var arrived: [VisibleRows<CollectionViewCell>.Entry] = []
        var stopped = transaction.hasDeferredWork
        for (target, cell) in zip(wanted, staying) {
            if let cell {
                cell.frame = target.frame
                cell.layoutIfNeeded()
                continue
            }
            guard !stopped else { continue }
            let cell = cellFromDataSource(at: IndexPath(item: target.row, section: target.section))
            cell.frame = target.frame
            cell.layoutIfNeeded()
            addSubview(cell)
            let entry = VisibleRows.Entry(section: target.section, row: target.row, cell: cell)
            visibleItems.insert(entry)
            arrived.append(entry)
            stopped = transaction.hasDeferredWork
        }
        if !arrived.isEmpty, let delegate {
            calling("collectionView(_:willDisplay:forItemAt:)") {
                for entry in arrived {
                    delegate.collectionView(self, willDisplay: entry.cell, forItemAt: entry.indexPath)
                }
            }
        }
        counters.mostVisibleAtOnce = max(counters.mostVisibleAtOnce, visibleItems.count)
    }

    // MARK: Counters

    /// Live counters (the demo's status line and the teaching tour read them).
    public struct Counters: Sendable, Equatable {
        /// Distinct cells the collection view has been handed (by dequeue or by the data source).
        public var cellsCreated = 0
        /// Calls of `collectionView(_:cellForItemAt:)`.
        public var cellForItemCalls = 0
        /// Self-sizing measurements (`sizeThatFits` on a template cell).
        public var selfSizingMeasurements = 0
        /// Layout passes run.
        public var layoutPasses = 0
        /// Duration of the last layout pass (including any `prepare()` it ran).
        public var lastLayoutNanoseconds: UInt64 = 0
        /// The most cells on screen at once so far.
        public var mostVisibleAtOnce = 0
    }

    /// Cells waiting in the reuse pool.
    public var reusePoolCount: Int { pool.count }

    /// Cells ever created per identifier by dequeue (teaching counter).
    public var cellsCreatedByIdentifier: [String: Int] { pool.created }
}

extension CGRect {
    /// Overlap with positive extent on both axes' open intervals; an item of height 0
    /// counts when it lies strictly inside the rect's vertical span.
    func intersectsOpen(_ other: CGRect) -> Bool {
        minX < other.maxX && maxX > other.minX && minY < other.maxY && maxY > other.minY
    }
}
