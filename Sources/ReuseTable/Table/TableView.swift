import Foundation

/// A headless `UITableView`: a scroll view that shows a long list of rows with only as many cells as fit on screen.
///
/// This file holds its settings and state, `reloadData()`, and the ends of the route from an offset to a
/// cell (the offset setter, `dataSourceCell`, `dequeueReusableCell`); the reload's steps are
/// `TableView+Reload.swift`, the pass's table side is `TableView+LayoutPass.swift`.
///
/// ```swift
/// let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
/// table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
/// table.dataSource = feed          // numberOfRows, cellForRowAt
/// table.reloadData()
/// table.contentOffset.y = 10_000   // lays out the rows now on screen
/// ```
@MainActor
open class TableView: ScrollView {
    /// The table's style, fixed at creation.
    public let style: Style

    /// Supplies counts and cells. Held weakly, as in UIKit.
    open var dataSource: TableViewDataSource? {
        get { storedDataSource }
        set {
            storedDataSource = newValue
            sectionIndexCache = nil
        }
    }
    /// Private, each access a plain read or write: no runtime exclusivity check (see `View.bounds`).
    private weak var storedDataSource: TableViewDataSource?
    /// The section index titles last asked for and the section count then (`TableView+SectionIndex.swift`).
    var sectionIndexCache: (titles: [String]?, sections: Int)?
    /// Supplies heights, header and footer views, and is told about display events. Held weakly, as in
    /// UIKit. A per-cell or per-step method the delegate leaves to the protocol's default
    /// (`willDisplay`, `didEndDisplaying`, `scrollViewDidScroll(_:)`) is called once, then no more
    /// until another delegate is set, as UIKit asks a delegate once what it implements.
    open weak var delegate: TableViewDelegate? {
        didSet { engine.defaultedMethods = [] }
    }
    /// Told about rows about to appear, nearest first.
    open var prefetchDataSource: TableViewDataSourcePrefetching? {
        get { storedPrefetchDataSource }
        set { storedPrefetchDataSource = newValue }
    }
    private weak var storedPrefetchDataSource: TableViewDataSourcePrefetching?  // as `storedDataSource`

    // Every number a host sets is checked as it is set: a NaN, infinite or negative value is reported once and replaced (`TableView+BadInput.swift`).

    /// Height of every row when the delegate gives none; `automaticDimension` self-sizes.
    open var rowHeight: CGFloat = 44 {
        didSet { rowHeight = checkedSetting(rowHeight, "rowHeight", fallback: 44, allowsAutomatic: true) }
    }
    /// When positive, rows start with this estimate and are measured as they appear (`automaticDimension`: 44, as UIKit's).
    open var estimatedRowHeight: CGFloat = 0 {
        didSet { estimatedRowHeight = checkedEstimate(estimatedRowHeight, "estimatedRowHeight") }
    }
    /// Gap above each row, as in *Let's Build UITableView*. Applied at the next reload.
    open var rowMargin: CGFloat = 0 {
        didSet { rowMargin = checkedSetting(rowMargin, "rowMargin", fallback: 0, allowsAutomatic: false) }
    }
    /// Header height when the delegate gives none; `automaticDimension`: the view's fitting height, or 0.
    open var sectionHeaderHeight: CGFloat = TableView.automaticDimension {
        didSet { sectionHeaderHeight = checkedSectionHeight(sectionHeaderHeight, "sectionHeaderHeight") }
    }
    /// Footer height when the delegate gives none; `automaticDimension`: the view's fitting height, or 0.
    open var sectionFooterHeight: CGFloat = TableView.automaticDimension {
        didSet { sectionFooterHeight = checkedSectionHeight(sectionFooterHeight, "sectionFooterHeight") }
    }
    /// When positive, headers start with this estimate and are measured as they appear.
    open var estimatedSectionHeaderHeight: CGFloat = 0 {
        didSet { estimatedSectionHeaderHeight = checkedEstimate(estimatedSectionHeaderHeight, "estimatedSectionHeaderHeight") }
    }
    /// When positive, footers start with this estimate and are measured as they appear.
    open var estimatedSectionFooterHeight: CGFloat = 0 {
        didSet { estimatedSectionFooterHeight = checkedEstimate(estimatedSectionFooterHeight, "estimatedSectionFooterHeight") }
    }
    /// `.singleLine` adds `1 / screenScale` to self-sized rows and takes it from every cell's
    /// contentView, as UIKit's separator does.
    open var separatorStyle: SeparatorStyle {
        get { storedSeparatorStyle }
        set { storedSeparatorStyle = newValue }
    }
    /// Points per pixel; the separator is one pixel tall. Must be finite and positive (default 2).
    open var screenScale: CGFloat {
        get { storedScreenScale }
        set { storedScreenScale = checkedScale(newValue) }
    }
    // Private, each access a plain read or write: every placed cell reads both (its separator),
    // without a runtime exclusivity check (see `View.bounds`).
    private var storedSeparatorStyle: SeparatorStyle = .singleLine
    private var storedScreenScale: CGFloat = 2
    /// How far beyond the viewport (above and below) estimated rows are measured ahead of time.
    open var measurementOverscan: CGFloat = 0 {
        didSet { measurementOverscan = checkedSetting(measurementOverscan, "measurementOverscan", fallback: 0, allowsAutomatic: false) }
    }

    /// Teaching switch: when false, every dequeue misses and every appearing row creates a cell.
    open var isReusePoolEnabled: Bool {
        get { engine.pool.isEnabled }
        set { setReusePoolEnabled(newValue) }
    }

    /// Debug log of template creation, height computations and cache hits and misses (off by default).
    open var isHeightDebugLogEnabled = false { didSet { heightDebugLogSwitched() } }

    // MARK: Live data (Docs/live-data.md)

    /// When true, every structural change keeps the row the user reads at its place on screen
    /// (default false: UIKit keeps the offset and lets the content jump).
    ///
    /// The anchor is the first row (not a header or footer) whose rect intersects the viewport
    /// below the top inset and that stays — neither deleted nor moved; when that row goes, the
    /// next row below it that stays. After a batch update, a diffable apply or
    /// `reloadDataWithoutInvalidatingHeightCache()`, its `rectForRow(at:).minY − contentOffset.y` is
    /// what it was, unless the offset had to be clamped. Measuring estimates,
    /// `row(_:changedHeight:)` and width changes anchor whatever this says.
    /// - Complexity: O(1) to set; a change then walks from the viewport's top to the anchor.
    open var maintainsVisibleContentPosition: Bool {
        get { engine.liveData.maintainsVisibleContentPosition }
        set { engine.liveData.maintainsVisibleContentPosition = newValue }
    }

    /// When true, a viewport that shows the end before a change (an append, measuring, a new width or inset,
    /// an apply) shows it after (default false); scrolling away releases it, back to the end engages it again.
    /// It wins over the anchor when both apply.
    /// - Complexity: O(1) to set.
    open var sticksToBottom: Bool {
        get { engine.liveData.sticksToBottom }
        set { setSticksToBottom(newValue) }
    }

    /// When true, content shorter than the viewport lies at its bottom, through
    /// `adjustedContentInset.top` (`contentInset` stays the host's), so rect queries and
    /// `indexPathForRow(at:)` stay in content coordinates (default false).
    /// - Complexity: O(1), plus a layout pass.
    open var alignsContentToBottom: Bool {
        get { engine.liveData.alignsContentToBottom }
        set { setAlignsContentToBottom(newValue) }
    }

    /// Whether a tap (`tapRow(at:)`) and `selectRow` select rows (default true, as UIKit); off deselects every row.
    open var allowsSelection = true {
        didSet { if !allowsSelection { deselectAll(animated: false) } }
    }
    /// Whether several rows may be selected at once; a tap on a selected row then deselects it
    /// (default false, as UIKit); a change deselects every row.
    open var allowsMultipleSelection = false {
        didSet { if allowsMultipleSelection != oldValue { deselectAll(animated: false) } }
    }

    // MARK: State

    // The state a pass reads on every step keeps the runtime's exclusivity checks, as the engine's
    // does: a callback that changes what the pass holds inout stops with "simultaneous access".

    /// What the table keeps as the collection view does: the pool, the cells on screen, the pass, the
    /// transaction, selection, the batch being recorded, prefetching, live data (`Engine/ReuseEngine.swift`).
    let engine = ReuseEngine<TableViewCell>()
    /// The heights and positions of every header, row and footer: the one record of every current height.
    var geometry: any RowGeometry = TableView.makeGeometry(.tree, []) {
        didSet {
            engine.pass.layoutGeneration &+= 1
            geometryTotals = GeometryTotals(geometry)
        }
    }
    /// `geometry`'s counts and height, kept with it: a scroll step reads them without a copy of the existential.
    var geometryTotals = GeometryTotals()
    /// Which store `geometry` is.
    public internal(set) var geometryStore: GeometryStore = .tree
    /// The node sizes a new `SlotTree` is built with (`setTreeNodeCapacities(leaf:fanout:)`).
    var treeConfig = SlotTree.Config.standard
    /// What stage 2 of the last pass kept: the layout finger and the walk of the viewport's slots
    /// (`wanted(cells:supplementary:notes:)`, which the pass hands it to).
    var wantedNotes = TableWalk()
    var visibleSupplementaryViews = SupplementaryViewsOnScreen<SupplementaryKey, View>()  // header and footer views on screen
    var pinnedSections = PinnedSections()  // the pinned header's lookups (`pinnedHeader(in:)`)
    /// Whether rows start as estimates (decided at reload).
    var isEstimatingRows: Bool { heightPlan.rowsEstimated }
    /// The `rowMargin` the geometry was built with (a new value applies at the next reload).
    var appliedRowMargin: CGFloat = 0
    /// Whether any height came from measuring content (so a width change must re-measure).
    var usesSelfSizing = false
    /// The width the geometry's measured heights belong to.
    var measuredWidth: CGFloat?
    /// How rows, headers and footers get their first heights (decided at reload, reused by inserts).
    var heightPlan = HeightPlan()
    var editing = EditingState()  // editing mode and the row showing swipe actions (`Engine/SwipeSessions.swift`)
    var registeredHeaderFooterClasses: [String: TableViewHeaderFooterView.Type] = [:]
    let headerFooterPool = ReusePool<TableViewHeaderFooterView>()
    var templateHeaderFooterViews: [String: TableViewHeaderFooterView] = [:]
    /// `tableHeaderView` and `tableFooterView` with the heights they were set with (`TableView+TableHeader.swift`).
    var tableHeaderFooter = TableHeaderFooterViews()

    /// Heights by index path and table width: self-sized rows (every width measured, so a
    /// width round trip is free) and `heightForCell(withIdentifier:cacheBy:configuration:)`.
    public let indexPathHeightCache = IndexPathHeightCache()
    /// Heights by model key and content width: `heightForCell(withIdentifier:cacheByKey:configuration:)`.
    public let keyedHeightCache = KeyedHeightCache()

    /// How far measurements have differed from estimates (for the honest scroll indicator).
    var estimateStatistics = EstimateStatistics()
    /// The table's own counters (`counters` adds the engine's).
    var heightCounters = HeightCounters()

    /// Incremented by every reload; idle work started before a reload stops.
    public internal(set) var reloadGeneration = 0

    /// Creates a table. `.plain` pins section headers; `.grouped` lets them scroll.
    public init(frame: CGRect, style: Style = .plain) {
        self.style = style
        super.init(frame: frame)
        routeHeightCacheDiagnostics()
    }

    // MARK: Reload (the article's generateHeightAndOffsetData)

    /// Discards all cells and geometry and asks the data source again.
    ///
    /// With exact heights every row's height is obtained now — without `heightForRowAt`
    /// every row is `rowHeight` and each section one run: O(sections), not O(rows). With
    /// estimates only the rows that fill the viewport are measured. A shorter content clamps
    /// the offset. Called from a callback, it runs when that step is done (`LayoutTransaction`).
    /// - Complexity: O(sections + rows measured).
    /// A reload while a row is lifted cancels the movement first (Docs/reordering.md).
    open func reloadData() {
        sectionIndexCache = nil
        cancelMovementBeforeReload(by: "reloadData()")
        requestReload(keepingHeightCache: false)
    }

    /// Reloads like `reloadData()` but keeps the index-path height cache, for
    /// appending rows ("load more") when earlier rows did not change.
    /// - Complexity: O(sections + rows measured).
    open func reloadDataWithoutInvalidatingHeightCache() {
        sectionIndexCache = nil
        cancelMovementBeforeReload(by: "reloadDataWithoutInvalidatingHeightCache()")
        requestReload(keepingHeightCache: true)
    }

    // MARK: An offset starts the layout pass (the article's layoutTableRows)

    /// Setting the offset from a data source or delegate method takes effect when
    /// that layout step is done; a NaN or infinite offset is reported and ignored.
    open override var contentOffset: CGPoint {
        get { super.contentOffset }
        set {
            // The flag first: the queued closure is formed (and allocated) only when a step is running.
            if transaction.isActive, deferIfBusy("setting contentOffset", waitsForMovement: false, { [self] in contentOffset = newValue }) {
                return
            }
            // A scroll closes a row showing swipe actions; without one, the offset is made finite once, below.
            super.contentOffset = editing.swipe == nil ? newValue : offsetClosingSwipe(newValue)
        }
    }

    /// Every offset change lays out the visible rows at once (the article's "layout on setContentOffset").
    /// - Complexity: O(log n + visible rows), n the number of rows, headers and footers.
    open override func scrollViewDidChangeOffset() {
        layOutNowOrWhenDrained()
    }

    /// Lays out the visible rows (`layoutIfNeeded()` after a reload or a width change); asked from a callback,
    /// it leaves the work to the layout step already running.
    /// - Complexity: O(log n + visible rows).
    open override func layoutSubviews() {
        engine.pass.layoutGeneration &+= 1  // asked for a layout (not a scroll): every cell is placed again
        layOutNowOrWhenDrained()
    }

    // MARK: The data source's cell, dequeued

    static var cellCallback: StaticString { "tableView(_:cellForRowAt:)" }

    /// The data source's cell for a row arriving on screen: reconcile asks through
    /// `cellFromDataSource(at:)` (Engine/LayoutPass.swift), which shows its state.
    func dataSourceCell(at indexPath: IndexPath) -> TableViewCell {
        guard let dataSource else { preconditionFailure("ReuseTable: the table has rows but no data source") }
        return dataSource.tableView(self, cellForRowAt: indexPath)
    }

    /// Registers the class `dequeueReusableCell` instantiates for `identifier`.
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        registerCell(cellClass, for: identifier)
    }

    /// A cell from the pool (after `prepareForReuse()`), a new one of the
    /// registered class, or nil when the pool is empty and nothing is registered.
    /// - Complexity: O(1).
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        dequeuePooledOrNew(identifier)
    }

    /// Always a cell: pooled or new (`dequeueRegistered`, Reuse/ReusePool.swift). An
    /// unregistered identifier stops with a message naming it.
    /// - Complexity: O(1).
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        dequeueRegistered(identifier, for: indexPath, call: "dequeueReusableCell(withIdentifier:for:)")
    }
}
