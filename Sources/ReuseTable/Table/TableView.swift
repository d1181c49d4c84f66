import Foundation

/// A headless reimplementation of `UITableView`: a scroll view that shows a
/// long list of rows with only as many cells as fit on screen.
///
/// The data flows one way:
///
///     data source ──► geometry (heights) ──► layout (visible range) ──► cells
///
/// - `reloadData()` asks the data source for counts and builds the *geometry*:
///   one slot per header, row and footer with its height (`HeightTree`).
/// - Setting `contentOffset` runs `layoutVisibleRows()`: find the first slot
///   in the viewport by a geometry search, measure any estimated slots there,
///   place cells for visible rows, and return the rest to the reuse pool.
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
    /// `.plain`: section headers stick to the top while their section is on screen; `.grouped`: they scroll.
    public enum Style: Sendable { case plain, grouped }
    /// Whether self-sized rows get a hairline separator added to their height.
    public enum SeparatorStyle: Sendable { case none, singleLine }
    /// Where `scrollToRow(at:at:animated:)` puts the row.
    public enum ScrollPosition: Sendable { case none, top, middle, bottom }
    /// Kept for signature parity: a headless table applies changes immediately.
    public enum RowAnimation: Sendable { case none, automatic, fade, top, bottom, left, right, middle }

    /// Row, header or footer height meaning "size it from its content" (UIKit's value, -1).
    public static let automaticDimension: CGFloat = -1

    /// The table's style, fixed at creation.
    public let style: Style

    /// Supplies counts and cells. Held weakly, as in UIKit.
    open weak var dataSource: TableViewDataSource?
    /// Supplies heights, header and footer views, and is told about display events.
    open weak var delegate: TableViewDelegate?
    /// Told about rows about to appear, nearest first.
    open weak var prefetchDataSource: TableViewDataSourcePrefetching?

    /// Height of every row when the delegate gives none; `automaticDimension` self-sizes.
    open var rowHeight: CGFloat = 44
    /// When positive, rows start with this estimate and are measured as they appear.
    open var estimatedRowHeight: CGFloat = 0
    /// Gap above each row, as in *Let's Build UITableView*. Applied at the next reload.
    open var rowMargin: CGFloat = 0
    /// Header height when the delegate gives none; `automaticDimension`: the view's fitting height, or 0.
    open var sectionHeaderHeight: CGFloat = TableView.automaticDimension
    /// Footer height when the delegate gives none; `automaticDimension`: the view's fitting height, or 0.
    open var sectionFooterHeight: CGFloat = TableView.automaticDimension
    /// When positive, headers start with this estimate and are measured as they appear.
    open var estimatedSectionHeaderHeight: CGFloat = 0
    /// When positive, footers start with this estimate and are measured as they appear.
    open var estimatedSectionFooterHeight: CGFloat = 0
    /// `.singleLine` adds `1 / screenScale` to self-sized rows, as UIKit's separator does.
    open var separatorStyle: SeparatorStyle = .singleLine
    /// Points per pixel; the separator is one pixel tall.
    open var screenScale: CGFloat = 2
    /// How far beyond the viewport (above and below) estimated rows are measured ahead of time.
    open var measurementOverscan: CGFloat = 0

    /// Teaching switch: when false, every dequeue misses and every appearing row creates a cell.
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

    /// Where diagnostics about bad input go (invalid heights); the default writes to standard error.
    open var diagnosticHandler: (String) -> Void = { message in
        FileHandle.standardError.write(Data("ReuseTable: \(message)\n".utf8))
    }

    /// Live counters for teaching and the demo's status line.
    @exclusivity(unchecked) public internal(set) var counters = Counters()

    // MARK: State

    /// The heights and positions of every header, row and footer.
    @exclusivity(unchecked) var geometry: any RowGeometry = TableView.makeGeometry(.tree, [])
    /// Which store `geometry` is.
    public private(set) var geometryStore: GeometryStore = .tree
    @exclusivity(unchecked) var pool = ReusePool<TableViewCell>()
    var registeredClasses: [String: TableViewCell.Type] = [:]
    var lastRegistration: (identifier: String, cellClass: TableViewCell.Type)?
    // `@exclusivity(unchecked)` on the state a layout pass touches for every
    // row: the table is main-actor bound and never lends these out while
    // changing them, and the runtime access tracking cost more than the work.

    /// Cells on screen, sorted by index path.
    @exclusivity(unchecked) var visibleRows = VisibleRows<TableViewCell>()
    /// Scratch list of the rows a layout pass wants on screen (kept to avoid an allocation per pass).
    @exclusivity(unchecked) var wantedRows: [VisibleRows<TableViewCell>.Wanted] = []
    /// Header and footer views on screen.
    var visibleSupplementaryViews: [SupplementaryKey: View] = [:]
    /// Cells the data source configured while a row was being measured, kept for display in the same pass.
    @exclusivity(unchecked) var measuredCells: [IndexPath: TableViewCell] = [:]
    /// Whether `reloadData()` has run since the data source changed.
    var hasLoadedData = false
    /// Whether rows start as estimates (decided at reload).
    var isEstimatingRows = false
    /// The `rowMargin` the geometry was built with (a new value applies at the next reload).
    var appliedRowMargin: CGFloat = 0
    /// Whether any height came from measuring content (so a width change must re-measure).
    var usesSelfSizing = false
    var lastLayoutWidth: CGFloat?
    var isLayingOut = false
    var defaultImplementationsUsed: Set<DelegateHeightMethod> = []
    /// Rows announced to the prefetch data source and not yet displayed or cancelled.
    var prefetchedRows: Set<IndexPath> = []
    var lastLayoutOffsetY: CGFloat = 0
    /// How rows, headers and footers get their first heights (decided at reload, reused by inserts).
    var heightPlan = HeightPlan()
    /// The batch being recorded by `beginUpdates()` / `performBatchUpdates(_:completion:)`.
    var batchRecorder = BatchRecorder()
    /// Off-screen cells per identifier used only to measure heights (FDTemplateLayoutCell's template cells).
    var templateCells: [String: TableViewCell] = [:]
    var registeredHeaderFooterClasses: [String: TableViewHeaderFooterView.Type] = [:]
    var headerFooterPool = ReusePool<TableViewHeaderFooterView>()
    var templateHeaderFooterViews: [String: TableViewHeaderFooterView] = [:]

    /// Heights by index path and content width: self-sized rows, and `heightForCell(withIdentifier:cacheBy:configuration:)`.
    public let indexPathHeightCache = IndexPathHeightCache()
    /// Heights by model key and content width: `heightForCell(withIdentifier:cacheByKey:configuration:)`.
    public let keyedHeightCache = KeyedHeightCache()

    /// How far measurements have differed from estimates (for the honest scroll indicator).
    var estimateStatistics = EstimateStatistics()

    /// Incremented by every reload; idle work started before a reload stops.
    public internal(set) var reloadGeneration = 0

    /// Creates a table. `.plain` pins section headers; `.grouped` lets them scroll.
    public init(frame: CGRect, style: Style = .plain) {
        self.style = style
        super.init(frame: frame)
    }

    // MARK: Reload

    /// Discards all cells and geometry and asks the data source again.
    ///
    /// Heights: with exact heights every row's height is obtained now — but a
    /// delegate that does not implement `heightForRowAt` (detected through the
    /// default implementation, see `TableViewDelegate`) gives every row
    /// `rowHeight`, and each section is then one run: O(sections), not O(rows).
    /// With estimates, rows start as one estimated run per section and only
    /// the rows that fill the viewport are measured.
    /// - Complexity: O(sections + rows measured).
    open func reloadData() {
        indexPathHeightCache.invalidateAll()
        reloadDataWithoutInvalidatingHeightCache()
    }

    /// Reloads like `reloadData()` but keeps the index-path height cache, for
    /// appending rows ("load more") when earlier rows did not change.
    open func reloadDataWithoutInvalidatingHeightCache() {
        reloadGeneration &+= 1
        estimateStatistics = EstimateStatistics()
        recycleAllVisibleViews()
        rebuildGeometry()
        hasLoadedData = true
        layoutVisibleRows()
    }

    /// Loads data on first use, as UIKit does on its first layout.
    func loadIfNeeded() {
        if !hasLoadedData { reloadData() }
    }

    /// Returns every visible cell to the pool and removes header and footer views.
    func recycleAllVisibleViews() {
        for entry in visibleRows.removeAll() {
            recycle(entry.cell)
            delegate?.tableView(self, didEndDisplaying: entry.cell, forRowAt: entry.indexPath)
        }
        for view in visibleSupplementaryViews.values { recycleSupplementary(view) }
        visibleSupplementaryViews.removeAll()
        flushMeasuredCells()
        cancelAllPrefetching()
    }

    /// Asks the data source for counts and builds the geometry in one pass.
    func rebuildGeometry() {
        let counts = validatedCounts()
        usesSelfSizing = rowHeight == TableView.automaticDimension  // before the probe, which may measure content
        let plan = HeightPlan(table: self, rowCounts: counts)
        heightPlan = plan
        isEstimatingRows = plan.rowsEstimated
        appliedRowMargin = rowMargin
        let margin = Double(appliedRowMargin)
        var section = 0, phase = 0, row = 0
        // A lazy generator: 10M exact heights flow into the store without an intermediate array.
        let runs = AnyIterator<HeightRun> { [self] in
            while section < counts.count {
                switch phase {
                case 0:
                    phase = 1
                    return plan.headerRun(section: section, table: self)
                case 1:
                    if let run = plan.rowRun(section: section, row: row, count: counts[section], margin: margin, table: self) {
                        row += run.count
                        return run
                    }
                    phase = 2
                default:
                    let run = plan.footerRun(section: section, table: self)
                    section += 1
                    phase = 0
                    row = 0
                    return run
                }
            }
            return nil
        }
        geometry = TableView.makeGeometry(geometryStore, runs)
        heightPlan.firstRow = nil  // the probe's answer belongs to this reload only
        updateContentSize()
    }

    /// The data source's section and row counts, validated (SPEC §6).
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
        return try UpdateVocabulary.table.readCounts(
            sections: { dataSource.numberOfSections(in: self) }, sectionsMethod: "numberOfSections(in:)",
            rows: { dataSource.tableView(self, numberOfRowsInSection: $0) }, rowsMethod: "tableView(_:numberOfRowsInSection:)")
    }

    // MARK: Layout on scroll

    open override func scrollViewDidChangeOffset() {
        layoutVisibleRows()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if hasLoadedData, let lastLayoutWidth, lastLayoutWidth != bounds.width {
            widthDidChange()
        }
        layoutVisibleRows()
    }

    /// The heart of the table: make the views on screen match the geometry at the current offset.
    ///
    /// 1. Measure estimated slots in (and `measurementOverscan` around) the viewport,
    ///    keeping the first visible measured row still on screen (scroll anchoring).
    /// 2. Walk the slots that intersect the viewport; reposition cells that stay,
    ///    return the others to the pool, and ask the data source for new ones.
    /// - Complexity: O(log n + visible rows), plus the rows measured.
    func layoutVisibleRows() {
        guard !isLayingOut else { return }
        loadIfNeeded()
        isLayingOut = true
        defer { isLayingOut = false }
        let start = DispatchTime.now().uptimeNanoseconds
        lastLayoutWidth = bounds.width

        if geometry.unmeasuredCount > 0 {
            recycleCellsOutsideViewport()
            measureSlotsNearViewport()
        }
        updateContentSize()
        placeVisibleViews()
        flushMeasuredCells()
        updatePrefetching()
        lastLayoutOffsetY = contentOffset.y

        counters.layoutPasses += 1
        counters.lastLayoutNanoseconds = DispatchTime.now().uptimeNanoseconds - start
    }

    /// `contentSize` follows the geometry: all rows, margins, headers and footers.
    func updateContentSize() {
        contentSize = CGSize(width: bounds.width, height: CGFloat(geometry.totalHeight))
    }

    /// The vertical span on screen.
    var viewport: Range<Double> {
        let top = Double(contentOffset.y)
        return top..<(top + Double(max(bounds.height, 0)))
    }

    /// Places cells, headers and footers for every slot intersecting the viewport.
    ///
    /// The old visible rows and the new ones are both sorted, so one merge
    /// walk finds the cells that stay (repositioned), the ones that leave
    /// (back to the pool *first*, so new rows can reuse them) and the rows
    /// that need a cell from the data source.
    func placeVisibleViews() {
        let visible = viewport
        var supplementary: [(SupplementaryKey, CGRect)] = []
        let width = bounds.width
        let margin = Double(appliedRowMargin)
        wantedRows.removeAll(keepingCapacity: true)
        forEachSlot(in: visible) { slot, section, row in
            guard slot.height > 0, slot.maxY > visible.lowerBound else { return }
            switch slot.kind {
            case .row:
                let minY = slot.minY + margin, height = slot.height - margin
                if height > 0, minY + height > visible.lowerBound, minY < visible.upperBound {
                    wantedRows.append(.init(section: section, row: row, frame: CGRect(x: 0, y: minY, width: width, height: height)))
                }
            case .header, .footer:
                let key = SupplementaryKey(kind: slot.kind, section: section)
                supplementary.append((key, CGRect(x: 0, y: slot.minY, width: width, height: slot.height)))
            }
        }
        if style == .plain, let pinned = pinnedHeader(in: visible) {
            supplementary.removeAll { $0.0 == pinned.0 }
            supplementary.append(pinned)
        }

        // Cells that left go back to the pool first, so new rows can reuse them.
        let delegate = self.delegate, dataSource = self.dataSource  // one weak load per pass, not per row
        visibleRows.reconcile(with: wantedRows, leave: { entry in
            recycle(entry.cell)
            delegate?.tableView(self, didEndDisplaying: entry.cell, forRowAt: entry.indexPath)
        }, move: { cell, frame in
            cell.frame = frame
            cell.layoutIfNeeded()
        }, arrive: { wanted in
            let indexPath = IndexPath(row: wanted.row, section: wanted.section)
            let measured = measuredCells.isEmpty ? nil : measuredCells.removeValue(forKey: indexPath)
            let cell = measured ?? cellFromDataSource(at: indexPath, from: dataSource)
            cell.frame = wanted.frame
            cell.layoutIfNeeded()
            insertSubview(cell, at: 0)  // cells stay behind headers and footers
            if !prefetchedRows.isEmpty { prefetchedRows.remove(indexPath) }
            delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
            return cell
        })
        placeSupplementaryViews(supplementary)
    }

    /// Cells whose rows no longer intersect the viewport go back to the pool
    /// before estimated rows are measured, so measuring can reuse them.
    func recycleCellsOutsideViewport() {
        let visible = viewport
        let leaving = visibleRows.partition { entry in
            let rect = rectForRowUnchecked(entry.indexPath)
            return rect.height > 0 && Double(rect.minY) < visible.upperBound && Double(rect.maxY) > visible.lowerBound
        }
        for entry in leaving {
            recycle(entry.cell)
            delegate?.tableView(self, didEndDisplaying: entry.cell, forRowAt: entry.indexPath)
        }
    }

    /// Measures every estimated slot in and near the viewport, keeping what the
    /// user sees still (scroll anchoring).
    ///
    /// The anchoring rule: the anchor is the first *measured* slot on screen
    /// (the first slot on screen when none is measured yet, as after a jump).
    /// 1. Walking down from the anchor, each estimated slot is measured and the
    ///    walk continues from its *measured* end, so only the rows that really
    ///    fill the viewport are measured (seed 003: UIKit measures
    ///    ceil(viewport / estimate) rows instead). Nothing above the anchor
    ///    changes, so nothing moves.
    /// 2. Walking up from the anchor, each estimated slot still reaching into
    ///    the viewport is measured; its change Δ moves the anchor by Δ, and the
    ///    offset moves by Δ with it, so the anchor — and every row below it —
    ///    keeps its place on screen. This is what makes scrolling *up* into
    ///    estimated rows smooth.
    ///
    /// UIKit keeps the offset and lets the content jump; TanStack Virtual
    /// corrects the offset for items measured before the scroll offset;
    /// react-virtuoso compensates while scrolling up, and its maintainer
    /// describes the jumps that remain when short items replace tall estimates
    /// (react-virtuoso #436). Anchoring on the first measured slot covers both
    /// directions with one rule, and the tests hold it to exact positions.
    /// - Complexity: O(m log n) for m slots measured.
    func measureSlotsNearViewport() {
        let overscan = Double(max(measurementOverscan, 0))
        var visible = viewport
        var firstVisible: Slot?
        var anchor: Slot?
        forEachSlot(in: visible) { slot, _, _ in
            guard slot.height > 0, slot.maxY > visible.lowerBound else { return }
            if firstVisible == nil { firstVisible = slot }
            if anchor == nil, slot.isMeasured { anchor = slot }
        }
        guard let anchorSlot = anchor ?? firstVisible else { return }
        let screenY = anchorSlot.minY - visible.lowerBound

        // 1. Down from the anchor, with positions updated as slots are measured.
        var index = anchorSlot.index
        var y = anchorSlot.minY
        while index < geometry.count, y < visible.upperBound + overscan {
            if !geometry.slot(at: index).isMeasured {
                measureSlot(at: index, keepCell: y < visible.upperBound)
            }
            y += geometry.height(at: index)
            index += 1
        }
        // 2. Up from the anchor, moving the offset with every change above it.
        index = anchorSlot.index - 1
        while index >= 0 {
            let slot = geometry.slot(at: index)
            if slot.maxY <= visible.lowerBound - overscan { break }
            if !slot.isMeasured {
                measureSlot(at: index, keepCell: slot.maxY > visible.lowerBound)
                restoreAnchor(slotIndex: anchorSlot.index, screenY: screenY)
                visible = viewport
            }
            index -= 1
        }
    }

    /// Moves the offset (without a layout pass) so that slot `slotIndex` starts `screenY` below the top.
    func restoreAnchor(slotIndex: Int, screenY: Double) {
        let oldTop = contentOffset.y
        var newTop = CGFloat(geometry.offset(of: slotIndex) - screenY)
        if newTop < 0, oldTop >= 0 { newTop = 0 }  // the top of the list is a hard edge
        if newTop != oldTop {
            bounds.origin.y = newTop
            counters.anchorAdjustments += 1
        }
    }

    /// The first visible slot and its distance from the viewport's top, for keeping it still across a change.
    func currentAnchor() -> (slotIndex: Int, screenY: Double)? {
        let visible = viewport
        var anchor: (Int, Double)?
        forEachSlot(in: visible) { slot, _, _ in
            if anchor == nil, slot.height > 0, slot.maxY > visible.lowerBound {
                anchor = (slot.index, slot.minY - visible.lowerBound)
            }
        }
        return anchor
    }

    /// Calls `body` for every slot from the one containing `range.lowerBound`
    /// until a slot starts at or after `range.upperBound`, with its section and row
    /// (row is -1 for a header and the row count for a footer).
    /// - Complexity: O(log n + slots visited).
    func forEachSlot(in range: Range<Double>, _ body: (Slot, Int, Int) -> Void) {
        guard geometry.count > 0, range.upperBound > 0 else { return }
        let startY = max(range.lowerBound, 0)
        guard let first = geometry.index(atOffset: startY) else { return }
        var section = geometry.section(containing: first)
        var row = first - geometry.headerIndex(ofSection: section) - 1
        geometry.forEachSlot(from: first) { slot in
            if slot.index > first {
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

    /// In `.plain` style, the header of the section at the top stays pinned
    /// until the section's end pushes it up.
    func pinnedHeader(in visible: Range<Double>) -> (SupplementaryKey, CGRect)? {
        let top = visible.lowerBound
        guard top > 0, let index = geometry.index(atOffset: top) else { return nil }
        let section = geometry.section(containing: index)
        let headerIndex = geometry.headerIndex(ofSection: section)
        let header = geometry.slot(at: headerIndex)
        guard header.height > 0 else { return nil }
        let sectionEnd = section + 1 < geometry.sectionCount
            ? geometry.offset(of: geometry.headerIndex(ofSection: section + 1))
            : geometry.totalHeight
        let y = min(max(header.minY, top), sectionEnd - header.height)
        return (SupplementaryKey(kind: .header, section: section),
                CGRect(x: 0, y: y, width: bounds.width, height: header.height))
    }

    /// Adds, moves and removes header and footer views.
    func placeSupplementaryViews(_ wanted: [(SupplementaryKey, CGRect)]) {
        guard !wanted.isEmpty || !visibleSupplementaryViews.isEmpty else { return }
        let keys = Set(wanted.map(\.0))
        for (key, view) in visibleSupplementaryViews where !keys.contains(key) {
            recycleSupplementary(view)
            visibleSupplementaryViews[key] = nil
        }
        for (key, frame) in wanted {
            if visibleSupplementaryViews[key] == nil, let view = supplementaryView(for: key) {
                addSubview(view)
                visibleSupplementaryViews[key] = view
            }
            guard let view = visibleSupplementaryViews[key] else { continue }
            view.frame = frame
            view.layoutIfNeeded()
        }
        // The pinned header (last in `wanted`) draws above everything.
        if let last = wanted.last, let view = visibleSupplementaryViews[last.0] { bringSubviewToFront(view) }
    }

    func supplementaryView(for key: SupplementaryKey) -> View? {
        switch key.kind {
        case .header: return delegate?.tableView(self, viewForHeaderInSection: key.section)
        default: return delegate?.tableView(self, viewForFooterInSection: key.section)
        }
    }

    // MARK: Width changes

    /// A new width (rotation, split view) re-measures self-sized rows, keeping the first visible row in place.
    ///
    /// Every slot is marked as an estimate — its old height is a good one — and
    /// then, with exact heights, measured again at once; with estimates, only as
    /// it appears. The per-width height caches make rotating back free.
    func widthDidChange() {
        guard usesSelfSizing else { return }
        let anchor = currentAnchor()
        recycleAllVisibleViews()
        geometry.markAllUnmeasured()
        if !isEstimatingRows { measureAllUnmeasuredSlots() }
        if let anchor { restoreAnchor(slotIndex: anchor.slotIndex, screenY: anchor.screenY) }
        updateContentSize()
        if contentOffset.y > maximumContentOffsetY, contentOffset.y > 0 {
            bounds.origin.y = maximumContentOffsetY  // shorter content after re-measuring
        }
    }

    /// Measures every slot still holding an estimate (exact-height mode after a width change).
    func measureAllUnmeasuredSlots() {
        var start = 0
        while let index = geometry.firstUnmeasured(from: start) {
            measureSlot(at: index)
            start = index + 1
        }
    }

    // MARK: Geometry store

    /// The two row-geometry implementations (see Docs/row-geometry.md).
    public enum GeometryStore: String, Sendable, CaseIterable {
        /// `HeightTree`: a B+tree of height runs, O(log n) everything.
        case tree
        /// `RowRecords`: the 2013 article's array of (startY, height) records.
        case records
    }

    /// Switches the geometry store, keeping every height.
    /// - Complexity: O(runs).
    public func setGeometryStore(_ store: GeometryStore) {
        guard store != geometryStore else { return }
        let runs = geometry.removeSubrange(0..<geometry.count)
        geometry = TableView.makeGeometry(store, runs)
        geometryStore = store
    }

    static func makeGeometry<S: Sequence>(_ store: GeometryStore, _ runs: S) -> any RowGeometry
    where S.Element == HeightRun {
        switch store {
        case .tree: return HeightTree(runs)
        case .records: return RowRecords(runs)
        }
    }

    // MARK: Counters

    /// Live counters (the demo's status line and the teaching tour read them).
    public struct Counters: Sendable, Equatable {
        /// Distinct cells the table has been handed (created by registration or by the data source).
        public var cellsCreated = 0
        /// Calls of `tableView(_:cellForRowAt:)`.
        public var cellForRowCalls = 0
        /// Exact row heights obtained (delegate calls and self-sizing measurements).
        public var rowHeightQueries = 0
        /// Self-sizing measurements (`sizeThatFits` on a cell).
        public var selfSizingMeasurements = 0
        /// Layout passes run.
        public var layoutPasses = 0
        /// Duration of the last layout pass.
        public var lastLayoutNanoseconds: UInt64 = 0
        /// Offset corrections made by scroll anchoring.
        public var anchorAdjustments = 0
    }

    /// Cells waiting in the reuse pool.
    public var reusePoolCount: Int { pool.count }

    func noteDefaultImplementation(_ method: DelegateHeightMethod) {
        defaultImplementationsUsed.insert(method)
    }
}

/// A header or footer position.
struct SupplementaryKey: Hashable {
    var kind: SlotKind
    var section: Int
}
