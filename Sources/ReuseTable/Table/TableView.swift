import Foundation

/// A headless reimplementation of `UITableView`: a scroll view that shows a
/// long list of rows with only as many cells as fit on screen.
///
/// The data flows one way:
///
///     data source ──► geometry (heights) ──► layout (visible range) ──► cells
///
/// This file is the 2013 article's loop, step by step:
/// 1. `reloadData()` → `rebuildGeometry(counts:)` — the article's `generateHeightAndOffsetData`:
///    counts from the data source, one slot per header, row and footer with its height.
/// 2. Setting `contentOffset` → `layoutVisibleRows()` — `layoutTableRows`.
/// 3. `firstVisibleSlot(at:)` — `findRowForOffsetY`, a search in the geometry (O(log n)).
/// 4. `placeVisibleViews()` → `returnRowsThatLeftToThePool(_:)` — `returnNonVisibleRowsToThePool`.
///
/// Everything else lives beside it: estimates and anchoring in `TableView+Estimates.swift`,
/// headers in `TableView+HeaderFooter.swift`, width changes in `TableView+Width.swift`,
/// mutations in `TableView+Updates.swift`, bad numbers in `TableView+BadInput.swift`.
///
/// Every step that calls the data source or delegate runs inside a
/// `LayoutTransaction`: delegates may read the table from any callback, and
/// structural calls they make (a reload, an insert) run when the step is done.
///
/// ```swift
/// let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
/// table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
/// table.dataSource = feed          // numberOfRows, cellForRowAt
/// table.reloadData()
/// table.contentOffset.y = 10_000   // lays out the rows now on screen
/// ```
@MainActor
open class TableView: ScrollView, LayoutTransactionHost {
    /// The table's style, fixed at creation.
    public let style: Style

    /// Supplies counts and cells. Held weakly, as in UIKit.
    open weak var dataSource: TableViewDataSource?
    /// Supplies heights, header and footer views, and is told about display events.
    open weak var delegate: TableViewDelegate?
    /// Told about rows about to appear, nearest first.
    open weak var prefetchDataSource: TableViewDataSourcePrefetching?

    // Every number a host sets is checked as it is set (`TableView+BadInput.swift`):
    // a NaN, infinite or negative value is reported once and replaced.

    /// Height of every row when the delegate gives none; `automaticDimension` self-sizes.
    open var rowHeight: CGFloat = 44 {
        didSet { rowHeight = checkedSetting(rowHeight, "rowHeight", fallback: 44, allowsAutomatic: true) }
    }
    /// When positive, rows start with this estimate and are measured as they appear
    /// (`automaticDimension`: an estimate of 44, as UIKit's automatic estimate).
    open var estimatedRowHeight: CGFloat = 0 {
        didSet { estimatedRowHeight = checkedEstimate(estimatedRowHeight, "estimatedRowHeight") }
    }
    /// Gap above each row, as in *Let's Build UITableView*. Applied at the next reload.
    open var rowMargin: CGFloat = 0 {
        didSet { rowMargin = checkedSetting(rowMargin, "rowMargin", fallback: 0, allowsAutomatic: false) }
    }
    /// Header height when the delegate gives none; `automaticDimension`: the view's fitting height, or 0.
    open var sectionHeaderHeight: CGFloat = TableView.automaticDimension {
        didSet {
            sectionHeaderHeight = checkedSetting(
                sectionHeaderHeight, "sectionHeaderHeight", fallback: TableView.automaticDimension, allowsAutomatic: true)
        }
    }
    /// Footer height when the delegate gives none; `automaticDimension`: the view's fitting height, or 0.
    open var sectionFooterHeight: CGFloat = TableView.automaticDimension {
        didSet {
            sectionFooterHeight = checkedSetting(
                sectionFooterHeight, "sectionFooterHeight", fallback: TableView.automaticDimension, allowsAutomatic: true)
        }
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
    open var separatorStyle: SeparatorStyle = .singleLine
    /// Points per pixel; the separator is one pixel tall. Must be finite and positive (default 2).
    open var screenScale: CGFloat = 2 {
        didSet {
            if !(screenScale.isFinite && screenScale > 0) {
                report("invalid screenScale: \(screenScale). It must be finite and positive; using 2.")
                screenScale = 2
            }
        }
    }
    /// How far beyond the viewport (above and below) estimated rows are measured ahead of time.
    open var measurementOverscan: CGFloat = 0 {
        didSet { measurementOverscan = checkedSetting(measurementOverscan, "measurementOverscan", fallback: 0, allowsAutomatic: false) }
    }

    /// Teaching switch: when false, every dequeue misses and every appearing row creates a cell.
    open var isReusePoolEnabled: Bool {
        get { pool.isEnabled }
        set { setReusePoolEnabled(newValue) }
    }

    /// Debug log of template creation, height computations and cache hits and misses (off by default).
    open var isHeightDebugLogEnabled = false { didSet { heightDebugLogSwitched() } }

    /// Live counters for teaching and the demo's status line.
    public internal(set) var counters = Counters()

    /// Whether a tap (`tapRow(at:)`) and `selectRow` select rows (default true, as UIKit).
    /// Turning it off deselects every row. See `TableView+Selection.swift`.
    open var allowsSelection = true {
        didSet { if !allowsSelection { deselectAll(animated: false) } }
    }
    /// Whether several rows may be selected at once; a tap on a selected row then deselects it
    /// (default false, as UIKit). Changing it deselects every row.
    open var allowsMultipleSelection = false {
        didSet { if allowsMultipleSelection != oldValue { deselectAll(animated: false) } }
    }

    // MARK: State

    /// The heights and positions of every header, row and footer: the one record of every current height.
    var geometry: any RowGeometry = TableView.makeGeometry(.tree, [])
    /// Which store `geometry` is.
    public internal(set) var geometryStore: GeometryStore = .tree
    var pool = ReusePool<TableViewCell>()
    var registeredClasses: [String: TableViewCell.Type] = [:]
    var lastRegistration: (identifier: String, cellClass: TableViewCell.Type)?
    /// Cells on screen, sorted by index path.
    var visibleRows = VisibleRows<TableViewCell>()
    /// Scratch space of the layout pass, reused so a pass allocates nothing.
    var scratch = VisibleSlots()
    /// Where the last layout pass's first slot was found in the geometry (a finger for the next lookup).
    var layoutFinger = GeometryFinger()
    /// Header and footer views on screen.
    var visibleSupplementaryViews: [SupplementaryKey: View] = [:]
    /// Cells the data source configured while a row was being measured, kept for display in the same pass.
    var measuredCells: [IndexPath: TableViewCell] = [:]
    /// Whether `reloadData()` has started since the table was made (set *before* the data source is asked).
    var hasLoadedData = false
    /// Whether rows start as estimates (decided at reload).
    var isEstimatingRows: Bool { heightPlan.rowsEstimated }
    /// The `rowMargin` the geometry was built with (a new value applies at the next reload).
    var appliedRowMargin: CGFloat = 0
    /// Whether any height came from measuring content (so a width change must re-measure).
    var usesSelfSizing = false
    /// The width the geometry's measured heights belong to.
    var measuredWidth: CGFloat?
    /// The bounds the last layout pass left the table in.
    var lastLayoutBounds: CGRect?
    /// The insets of the last layout pass (pinned headers sit below the top inset).
    var lastLayoutInsets: EdgeInsets?
    /// True while `layoutVisibleRows()` runs.
    var isLayingOut = false
    /// Exact-height mode was cut short by a deferred call: the next pass measures what is left.
    var needsFullMeasurement = false
    /// The last pass stopped asking for cells because a callback queued a structural call.
    var passWasCutShort = false
    var defaultImplementationsUsed: Set<DelegateHeightMethod> = []
    /// Rows announced to the prefetch data source and not yet displayed or cancelled.
    var prefetchedRows: Set<IndexPath> = []
    var lastLayoutOffsetY: CGFloat = 0
    /// How rows, headers and footers get their first heights (decided at reload, reused by inserts).
    var heightPlan = HeightPlan()
    /// The batch being recorded by `beginUpdates()` / `performBatchUpdates(_:completion:)`.
    var batchRecorder = BatchRecorder()
    /// The guard around every step that calls out (see `LayoutTransaction`).
    var transaction = LayoutTransaction()
    /// The selected rows, by index path: state of the table, never of a cell (`SelectionState`).
    var selection = SelectionState()
    /// Off-screen cells per identifier used only to measure heights (FDTemplateLayoutCell's template cells).
    var templateCells: [String: TableViewCell] = [:]
    var registeredHeaderFooterClasses: [String: TableViewHeaderFooterView.Type] = [:]
    var headerFooterPool = ReusePool<TableViewHeaderFooterView>()
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

    /// Incremented by every reload; idle work started before a reload stops.
    public internal(set) var reloadGeneration = 0

    var hostName: String { "TableView" }

    /// Creates a table. `.plain` pins section headers; `.grouped` lets them scroll.
    public init(frame: CGRect, style: Style = .plain) {
        self.style = style
        super.init(frame: frame)
        routeHeightCacheDiagnostics()
    }

    // MARK: 1. Reload: generateHeightAndOffsetData

    /// Discards all cells and geometry and asks the data source again.
    ///
    /// Heights: with exact heights every row's height is obtained now — but a
    /// delegate that does not implement `heightForRowAt` (detected through the
    /// default implementation, see `TableViewDelegate`) gives every row
    /// `rowHeight`, and each section is then one run: O(sections), not O(rows).
    /// With estimates, rows start as one estimated run per section and only
    /// the rows that fill the viewport are measured. If the content shrank
    /// below the offset, the offset is clamped (no blank screen).
    ///
    /// Called from a data source or delegate method, it runs when that
    /// layout step is done (see `LayoutTransaction`).
    /// - Complexity: O(sections + rows measured).
    open func reloadData() {
        requestReload(keepingHeightCache: false)
    }

    /// Reloads like `reloadData()` but keeps the index-path height cache, for
    /// appending rows ("load more") when earlier rows did not change.
    /// - Complexity: O(sections + rows measured).
    open func reloadDataWithoutInvalidatingHeightCache() {
        requestReload(keepingHeightCache: true)
    }

    /// The reload itself, inside a transaction (see `requestReload(keepingHeightCache:)`).
    func reload(keepingHeightCache: Bool) {
        hasLoadedData = true  // before the data source is asked: its callbacks may query the table
        selection.removeAll()  // the rows are new (UIKit clears the selection on reload)
        if !keepingHeightCache { indexPathHeightCache.invalidateAll() }
        reloadGeneration &+= 1
        estimateStatistics = EstimateStatistics()
        // The counts first, then the callbacks: a change a delegate makes from
        // `didEndDisplaying` (with its own update call) comes after this reload.
        let counts = validatedCounts()
        recycleAllVisibleViews()
        rebuildGeometry(counts: counts)
        clampOffsetToContent()
        layoutVisibleRows()
    }

    /// Asks the data source for counts and builds the geometry.
    ///
    /// The new *structure* is installed first, with placeholder heights, so a
    /// delegate asking `numberOfRows(inSection:)` or `rectForRow(at:)` from
    /// `heightForRowAt` gets answers about the new data. Then the heights are
    /// obtained in one streaming pass into a new store.
    func rebuildGeometry(counts: [Int]) {
        appliedRowMargin = rowMargin
        measuredWidth = bounds.width
        needsFullMeasurement = false
        geometry = TableView.makeGeometry(geometryStore, placeholderRuns(counts: counts))
        usesSelfSizing = rowHeight == TableView.automaticDimension  // before the probe, which may measure content
        // A callback already queued a structural call (from `didEndDisplaying`): ask nothing, it runs next.
        let plan = transaction.hasDeferredWork ? HeightPlan() : HeightPlan(table: self, rowCounts: counts)
        heightPlan = plan
        geometry = TableView.makeGeometry(geometryStore, heightRuns(counts: counts, plan: plan))
        heightPlan.firstRow = nil  // the probe's answer belongs to this reload only
        updateContentSize()
    }

    // MARK: 2. Layout on scroll: layoutTableRows

    /// Setting the offset from a data source or delegate method takes effect when
    /// that layout step is done; a NaN or infinite offset is reported and ignored.
    open override var contentOffset: CGPoint {
        get { super.contentOffset }
        set {
            if deferIfBusy("setting contentOffset", { [self] in contentOffset = newValue }) { return }
            super.contentOffset = newValue
        }
    }

    /// Every offset change lays out the visible rows at once (the article's "layout on setContentOffset").
    /// - Complexity: O(log n + visible rows), n the number of rows, headers and footers.
    open override func scrollViewDidChangeOffset() {
        performTransaction { layoutVisibleRows() }
    }

    /// Lays out the visible rows (`layoutIfNeeded()` after a reload or a width change); asked from a callback,
    /// it leaves the work to the layout step already running.
    /// - Complexity: O(log n + visible rows).
    open override func layoutSubviews() {
        super.layoutSubviews()
        // Asked from a callback (`visibleCells` calls `layoutIfNeeded()`): the running step lays out.
        guard !transaction.isActive else { return }
        performTransaction { layoutVisibleRows() }
    }

    func transactionDidSettle() {
        // A pass cut short by a queued call, or bounds or insets a callback changed while a step ran: lay out again.
        if hasLoadedData, passWasCutShort || lastLayoutBounds != bounds || lastLayoutInsets != adjustedContentInset {
            performTransaction { layoutVisibleRows() }
        }
    }

    /// The heart of the table: make the views on screen match the geometry at the current offset.
    ///
    /// In this order, whatever triggered it (offset, `layoutIfNeeded`, `scrollToRow`, an update):
    /// 1. check the bounds (bad numbers) and the width (a new width re-measures self-sized rows);
    /// 2. measure every estimated slot the viewport shows, keeping what the user sees still (anchoring);
    /// 3. place cells for the visible rows, returning the others to the pool first.
    /// - Complexity: O(log n + visible rows), plus the rows measured.
    func layoutVisibleRows() {
        guard !isLayingOut else { return }
        guard hasLoadedData else { return reload(keepingHeightCache: false) }
        isLayingOut = true
        defer { isLayingOut = false }
        let start = DispatchTime.now().uptimeNanoseconds

        sanitizeBounds()
        if let measuredWidth, measuredWidth != bounds.width { widthDidChange() }
        // A new size (a taller table at the end of the content) or smaller insets (a keyboard hiding)
        // clamp the offset, as the collection view does.
        if let lastLayoutBounds, lastLayoutBounds.size != bounds.size || lastLayoutInsets != adjustedContentInset { clampOffsetToContent() }
        if needsFullMeasurement, !transaction.hasDeferredWork {
            finishFullMeasurement()
        }
        if geometry.unmeasuredCount > 0, !transaction.hasDeferredWork {
            let wanted = visibleSlots(in: viewport)
            returnRowsThatLeftToThePool(visibleRows.removeEntries(notIn: wanted.rows))
            scratch = wanted
            measureSlotsInViewport()
        }
        updateContentSize()
        placeVisibleViews()
        flushMeasuredCells()
        passWasCutShort = transaction.hasDeferredWork
        if !passWasCutShort { updatePrefetching() }
        lastLayoutOffsetY = contentOffset.y
        lastLayoutBounds = bounds
        lastLayoutInsets = adjustedContentInset

        counters.layoutPasses += 1
        counters.lastLayoutNanoseconds = DispatchTime.now().uptimeNanoseconds - start
    }

    /// `contentSize` follows the geometry: all rows, margins, headers and footers, between the
    /// table header and footer views.
    func updateContentSize() {
        let height = tableHeaderFooter.headerHeight + geometry.totalHeight + tableHeaderFooter.footerHeight
        contentSize = CGSize(width: bounds.width, height: CGFloat(height))
    }

    /// The vertical span on screen, in geometry coordinates (content coordinates minus
    /// `geometryOrigin`, the table header's height): what the geometry is searched with.
    var viewport: Range<Double> {
        let top = Double(contentOffset.y) - geometryOrigin
        return top..<(top + Double(max(bounds.height, 0)))
    }

    // MARK: 3. findRowForOffsetY

    /// The slot containing `y` (clamped to the top), with its section and row
    /// (row is -1 for a header and the row count for a footer).
    ///
    /// The lookup starts from where the last one landed (`layoutFinger`): a
    /// scroll step lands in the same leaf of the tree, a run or two away, so it
    /// walks from there instead of descending from the root. The finger is
    /// checked against the tree's stamp, so it is never used stale (see `GeometryFinger`).
    /// - Complexity: O(1) amortized near the last lookup, O(log n) otherwise.
    func firstVisibleSlot(at y: Double) -> (index: Int, section: Int, row: Int)? {
        guard let located = geometry.slot(atOffset: max(y, 0), near: &layoutFinger) else { return nil }
        return (located.slot.index, located.section, located.row)
    }

    /// Calls `body` for every slot from the one containing `range.lowerBound`
    /// until a slot starts at or after `range.upperBound`, with its section and row.
    /// - Complexity: O(log n + slots visited).
    func forEachSlot(in range: Range<Double>, _ body: (Slot, Int, Int) -> Void) {
        guard geometry.count > 0, range.upperBound > 0, let first = firstVisibleSlot(at: range.lowerBound) else { return }
        var section = first.section, row = first.row
        let geometry = self.geometry  // a snapshot to walk (O(1)): `body` may not change what it walks
        geometry.forEachSlot(from: first.index, near: layoutFinger) { slot in
            if slot.index > first.index {
                if slot.kind == .header {
                    section += 1
                    row = -1
                } else {
                    row += 1
                }
            }
            guard slot.minY < range.upperBound else { return false }
            body(slot, section, row)
            return true
        }
    }

    /// The rows intersecting `visible` with their frames, in order, and the headers and
    /// footers there, found in one walk. Reuses the scratch arrays of the last pass
    /// (a pass runs 60–120 times a second: no allocation per pass).
    /// - Complexity: O(log n + visible slots).
    func visibleSlots(in visible: Range<Double>) -> VisibleSlots {
        var found = scratch
        scratch = VisibleSlots()
        found.rows.removeAll(keepingCapacity: true)
        found.supplementary.removeAll(keepingCapacity: true)
        let width = bounds.width
        let margin = Double(appliedRowMargin)
        forEachSlot(in: visible) { slot, section, row in
            guard slot.height > 0, slot.maxY > visible.lowerBound else { return }
            if slot.kind == .row {
                let minY = slot.minY + margin, height = slot.height - margin
                if height > 0, minY + height > visible.lowerBound, minY < visible.upperBound {
                    found.rows.append(.init(section: section, row: row, frame: rowRect(minY: minY, height: height, tableWidth: width)))
                }
            } else {
                found.supplementary.append(
                    (
                        SupplementaryKey(kind: slot.kind, section: section),
                        contentRect(minY: slot.minY, height: slot.height, width: width)
                    ))
            }
        }
        return found
    }

    /// What a pass wants on screen; kept between passes as scratch space.
    struct VisibleSlots {
        var rows: [VisibleRows<TableViewCell>.Wanted] = []
        var supplementary: [(SupplementaryKey, CGRect)] = []
        var staying: [TableViewCell?] = []
        var arrived: [VisibleRows<TableViewCell>.Entry] = []
    }

    // MARK: 4. Place rows; returnNonVisibleRowsToThePool

    /// Places cells, headers and footers for every slot intersecting the viewport.
    ///
    /// Never calls out while the visible list is being changed, so delegates
    /// can read `visibleCells` from any callback:
    /// 1. cells that left go back to the pool first (`didEndDisplaying`), so new rows can reuse them;
    /// 2. cells that stay move to their new frames;
    /// 3. each new row gets a cell from the data source (stopping as soon as a
    ///    callback queued a structural call: its rows may no longer exist);
    /// 4. `willDisplay` runs for each new cell once all are in place, so it sees the new state.
    func placeVisibleViews() {
        let visible = viewport
        var wanted = visibleSlots(in: visible)
        defer { scratch = wanted }
        returnRowsThatLeftToThePool(visibleRows.removeEntries(notIn: wanted.rows))

        visibleRows.cells(for: wanted.rows, into: &wanted.staying)
        wanted.arrived.removeAll(keepingCapacity: true)
        let dataSource = self.dataSource  // one weak load per pass, not per row
        let hasMeasuredCells = !measuredCells.isEmpty, hasPrefetched = !prefetchedRows.isEmpty
        let separatorHeight = self.separatorHeight
        for (target, cell) in zip(wanted.rows, wanted.staying) {
            if let cell {
                cell.separatorHeight = separatorHeight  // the style or the scale may have changed
                cell.frame = target.frame
                cell.layoutIfNeeded()
                continue
            }
            let indexPath = IndexPath(row: target.row, section: target.section)
            let measured = hasMeasuredCells ? measuredCells.removeValue(forKey: indexPath) : nil
            // No cell once a callback queued a structural call: its rows may no longer exist.
            guard let cell = measured ?? cellFromDataSource(at: indexPath, from: dataSource) else { continue }
            cell.frame = target.frame
            cell.layoutIfNeeded()
            insertSubview(cell, at: 0)  // cells stay behind headers and footers
            showSelection(on: cell, at: indexPath)  // every time: a reused cell must not keep another row's state
            let entry = VisibleRows.Entry(section: target.section, row: target.row, cell: cell)
            visibleRows.insert(entry)
            wanted.arrived.append(entry)
            if hasPrefetched { prefetchedRows.remove(indexPath) }
        }
        placeSupplementaryViews(wanted.supplementary, in: visible)
        placeTableHeaderAndFooterViews()
        if !wanted.arrived.isEmpty, let delegate = delegate {
            calling("tableView(_:willDisplay:forRowAt:)") {
                for entry in wanted.arrived {
                    delegate.tableView(self, willDisplay: entry.cell, forRowAt: entry.indexPath)
                }
            }
        }
        wanted.staying.removeAll(keepingCapacity: true)
        wanted.arrived.removeAll(keepingCapacity: true)
    }

    /// Puts cells whose rows left the screen back in the reuse pool, then tells the delegate.
    func returnRowsThatLeftToThePool(_ leaving: [VisibleRows<TableViewCell>.Entry]) {
        guard !leaving.isEmpty else { return }
        for entry in leaving { recycle(entry.cell) }
        guard let delegate else { return }
        calling("tableView(_:didEndDisplaying:forRowAt:)") {
            for entry in leaving {
                delegate.tableView(self, didEndDisplaying: entry.cell, forRowAt: entry.indexPath)
            }
        }
    }
}

/// A header or footer position.
struct SupplementaryKey: Hashable {
    var kind: SlotKind
    var section: Int
}
