import Foundation

/// What `TableViewPagedDataSource` and `CollectionViewPagedDataSource` share, written once: the
/// count, the resident pages, the loads in flight and waiting, failed pages, eviction and the
/// landing of a page. The two public classes are thin faces over it that speak their view's data
/// source and prefetching protocols (as the diffable data sources share `DiffableDataSourceCore`).
///
/// Loads run as tasks; their results are applied here, on the main actor. A page that lands is
/// handed to the view as a reconfigure of its rows (`PagedTarget.pageLanded(rows:)`): the rows on
/// screen are measured again and the anchor kept by the view's one measuring mechanism. Invalidation
/// is in `PagedDataSourceCore+Invalidate.swift`. Docs/paged-data.md.
@MainActor
final class PagedDataSourceCore<Item: Identifiable & Equatable & Sendable> where Item.ID: Sendable {
    let loader: PagedLoader<Item>
    let configuration: PagedDataConfiguration
    /// The view (held weakly by the public class's face).
    weak var target: (any PagedTarget)?
    /// The rows the view shows.
    var rowCount: Int
    /// The count as last known.
    var countKind: PagedRowCount
    /// Loaded pages by page index.
    var resident: [Int: [Item]] = [:]
    /// Pages whose load failed, with the message their rows show.
    var failed: [Int: ReuseTableError] = [:]
    /// Loads running, by page: the task and a token the result must still match to be applied.
    var inFlight: [Int: (task: Task<Void, Never>, token: Int)] = [:]
    /// Pages wanted and not started, the most urgent first.
    var waiting: [Int] = []
    /// Bumped by every invalidation: a result of an older generation is dropped.
    var generation = 0
    /// Set while an invalidation loads: no new load starts, no page lands.
    var isInvalidating = false
    private var nextToken = 0
    /// Every load's task by token, until its result is applied or dropped (cancelled ones too).
    var tasks: [Int: Task<Void, Never>] = [:]
    /// The page of the row last asked for: the viewport's stand-in before the view shows a cell.
    private var lastAskedPage = 0
    /// The counters `PagedDataStatus` reports.
    var counters = PagedDataStatus()
    /// The last bad input or failed load.
    var lastError: ReuseTableError?
    /// Told of every bad input and failed load.
    var errorHandler: ((ReuseTableError) -> Void)?
    /// The public class's name, for messages.
    let owner: String

    init(loader: PagedLoader<Item>, configuration: PagedDataConfiguration, owner: String) {
        self.owner = owner
        var checked = configuration
        checked.pageSize = max(1, configuration.pageSize)
        checked.maximumResidentPages = max(1, configuration.maximumResidentPages)
        checked.maximumLoadsInFlight = max(1, configuration.maximumLoadsInFlight)
        checked.pagesAhead = max(0, configuration.pagesAhead)
        self.configuration = checked
        self.loader = loader
        self.countKind = loader.initialCount
        self.rowCount = max(0, loader.initialCount.rows)
        if loader.initialCount.rows < 0 {
            report("\(owner): the loader's initial count \(loader.initialCount) is negative; the list shows no rows.")
            countKind = .unknown(atLeast: 0)
        }
    }

    var pageSize: Int { configuration.pageSize }

    /// The page holding `row`.
    func page(of row: Int) -> Int { row / pageSize }

    // MARK: Rows

    /// What row `row` is now; a row whose page is not resident asks for it (most urgent first).
    func row(at row: Int) -> PagedRow<Item> {
        let page = page(of: row)
        lastAskedPage = page
        if let items = resident[page] {
            let offset = row - page * pageSize
            if offset < items.count { return .item(items[offset]) }
        }
        if let error = failed[page] { return .failed(error) }
        need(page, urgent: true)
        return .placeholder
    }

    /// What row `row` is, without asking for anything.
    func peek(_ row: Int) -> PagedRow<Item> {
        let page = page(of: row)
        if let items = resident[page], row - page * pageSize < items.count { return .item(items[row - page * pageSize]) }
        if let error = failed[page] { return .failed(error) }
        return .placeholder
    }

    /// Whether `peek(row)` is `.placeholder`, without copying an item out (a status line asks every frame).
    func isPlaceholder(_ row: Int) -> Bool {
        let page = page(of: row)
        if let items = resident[page], row - page * pageSize < items.count { return false }
        return failed[page] == nil
    }

    /// The status now, with the placeholders on screen counted from the view.
    var status: PagedDataStatus {
        var status = counters
        status.rows = rowCount
        status.count = countKind
        status.residentPages = resident.count
        status.residentItems = resident.values.reduce(0) { $0 + $1.count }
        status.loadsInFlight = inFlight.count
        status.loadsWaiting = waiting.count
        status.failedPages = failed.count
        if let rows = target?.rowsOnScreen {
            status.placeholdersOnScreen = rows.reduce(0) { count, row in isPlaceholder(row) ? count + 1 : count }
        }
        return status
    }

    // MARK: Prefetching

    /// The view announced rows about to appear: their pages, and `pagesAhead` more past the
    /// farthest in the same direction, are wanted after the pages on screen.
    func prefetch(rows: [Int]) {
        guard let first = rows.first, let last = rows.last else { return }
        var pages: [Int] = []
        for row in rows where !pages.contains(page(of: row)) { pages.append(page(of: row)) }
        let downward = last >= first && (target?.rowsOnScreen.map { first >= $0.upperBound } ?? true)
        let farthest = page(of: downward ? rows.max()! : rows.min()!)
        for step in 0..<configuration.pagesAhead {
            let ahead = downward ? farthest + 1 + step : farthest - 1 - step
            if !pages.contains(ahead) { pages.append(ahead) }
        }
        for page in pages { need(page, urgent: false) }
        trimFarLoads()
    }

    /// The view no longer expects these rows: their pages that have not started stop waiting
    /// (running loads go on unless their rows are far: `trimFarLoads()`).
    func cancelPrefetching(rows: [Int]) {
        let onScreen = visiblePages
        let pages = Set(rows.map(page(of:))).filter { !onScreen.contains($0) }
        waiting.removeAll { pages.contains($0) }
        trimFarLoads()
    }

    // MARK: Loads

    /// Wants `page` loaded: started now when a slot is free, else queued (`urgent` first).
    func need(_ page: Int, urgent: Bool) {
        guard page >= 0, page * pageSize < rowCount, resident[page] == nil, failed[page] == nil, inFlight[page] == nil else { return }
        if let index = waiting.firstIndex(of: page) {
            guard urgent, index > 0 else { return }
            waiting.remove(at: index)
        }
        if isInvalidating || inFlight.count >= configuration.maximumLoadsInFlight {
            if urgent, !isInvalidating { trimFarLoads(around: page) }
            if isInvalidating || inFlight.count >= configuration.maximumLoadsInFlight {
                if urgent { waiting.insert(page, at: 0) } else { waiting.append(page) }
                return
            }
        }
        start(page)
    }

    /// The range a load of `page` asks for: clamped to the count when it is exact; a whole page
    /// otherwise, so a short answer shows where the rows end.
    func range(ofPage page: Int) -> Range<Int> {
        let lower = page * pageSize
        return countKind.isExact ? lower..<min(lower + pageSize, rowCount) : lower..<lower + pageSize
    }

    private func start(_ page: Int) {
        let range = range(ofPage: page)
        let generation = generation, load = loader.load
        nextToken += 1
        let token = nextToken
        counters.loadsStarted += 1
        let task = PagedLoadContext.$token.withValue(token) {
            Task { [weak self] in
                let result: Result<[Item], any Error>
                do { result = .success(try await load(range)) } catch { result = .failure(error) }
                self?.landed(page: page, range: range, token: token, generation: generation, result: result)
            }
        }
        inFlight[page] = (task, token)
        tasks[token] = task
    }

    /// Starts waiting loads while slots are free, nearest to the viewport first.
    func startWaiting() {
        guard !isInvalidating else { return }
        while inFlight.count < configuration.maximumLoadsInFlight, !waiting.isEmpty {
            let page = waiting.removeFirst()
            guard page * pageSize < rowCount, resident[page] == nil, failed[page] == nil, inFlight[page] == nil else { continue }
            start(page)
        }
    }

    /// The task of the load with `token` (`PagedLoadContext.token` inside the load), until its
    /// result is applied or dropped: tests wait on it after answering the load.
    func task(token: Int) -> Task<Void, Never>? { tasks[token] }

    // MARK: Distance from the viewport

    /// The pages the view shows now (the page last asked for before it shows any).
    var visiblePages: ClosedRange<Int> {
        guard let rows = target?.rowsOnScreen, !rows.isEmpty else { return lastAskedPage...lastAskedPage }
        return page(of: rows.lowerBound)...page(of: rows.upperBound - 1)
    }

    /// How many pages `page` lies outside `pages` (0 inside).
    func distance(_ page: Int, from pages: ClosedRange<Int>) -> Int {
        page < pages.lowerBound ? pages.lowerBound - page : max(0, page - pages.upperBound)
    }

    /// A load farther than this many pages from the viewport is cancelled, its result dropped.
    var farDistance: Int { max(configuration.pagesAhead + 1, configuration.maximumResidentPages / 2) }

    /// Cancels the loads and forgets the waiting pages whose rows went far from the viewport
    /// (or from `page`, a row just asked for after a jump), then starts waiting ones.
    func trimFarLoads(around page: Int? = nil) {
        let center = page.map { $0...$0 } ?? visiblePages
        for (far, load) in inFlight where distance(far, from: center) > farDistance {
            load.task.cancel()
            inFlight[far] = nil
            counters.loadsCancelled += 1
        }
        waiting.removeAll { distance($0, from: center) > farDistance }
        if page == nil { startWaiting() }
    }

    /// Drops the farthest pages from the viewport while more than `maximumResidentPages` are
    /// resident; pages on screen stay, and `keeping` (the page that just landed). Their rows keep
    /// their heights in the view's geometry.
    func evictFarPages(keeping kept: Int? = nil) {
        let onScreen = visiblePages
        while resident.count > configuration.maximumResidentPages {
            guard
                let farthest = resident.keys.filter({ !onScreen.contains($0) && $0 != kept }).max(by: {
                    distance($0, from: onScreen) < distance($1, from: onScreen)
                })
            else { return }
            resident[farthest] = nil
            counters.pagesEvicted += 1
        }
    }

    // MARK: Errors

    /// Notes bad input or a failed load: `lastError`, then the handler.
    func report(_ message: String) {
        let error = ReuseTableError(message)
        lastError = error
        errorHandler?(error)
    }

    /// "rows 100..<150"
    static func describe(_ range: Range<Int>) -> String { "rows \(range.lowerBound)..<\(range.upperBound)" }
}

/// What a load knows of itself while it runs: the token of its task, so a test loader can name the
/// task that applies its answer.
enum PagedLoadContext {
    @TaskLocal static var token: Int?
}

/// What a paged data source asks of its view, beyond the diffable vocabulary (batches, reconfigure).
@MainActor
protocol PagedTarget: DiffableTarget {
    /// The rows on screen as of the last pass (no layout), or nil before any.
    var rowsOnScreen: Range<Int>? { get }
    /// The rows of a page that landed: configured again where on screen, measured, the anchor kept.
    func pageLanded(rows: [IndexPath])
}

extension ReuseEngineView {
    /// The rows of section 0 on screen as of the last pass.
    var rowsOnScreenInFirstSection: Range<Int>? {
        var low = Int.max, high = Int.min
        for entry in engine.cellsOnScreen.entries where entry.section == 0 {
            low = min(low, entry.row)
            high = max(high, entry.row)
        }
        return low <= high ? low..<high + 1 : nil
    }
}

extension TableView: PagedTarget {
    var rowsOnScreen: Range<Int>? { rowsOnScreenInFirstSection }

    /// `reconfigureRows(at:)`: rows on screen measured again through the anchor; self-sized rows off
    /// screen keep their height as an estimate, measured when they show.
    func pageLanded(rows: [IndexPath]) { reconfigureRows(at: rows) }
}

extension CollectionView: PagedTarget {
    var rowsOnScreen: Range<Int>? { rowsOnScreenInFirstSection }

    /// `reconfigureItems(at:)`, then a layout that measures its items forgets their heights, so the
    /// items are measured again as they show (`Engine/ViewportMeasuring.swift`); the item seen highest
    /// is recorded first as live data's anchor (`Engine/LiveData.swift`) and put back when the view
    /// settles, as for any change, since forgotten heights above it turn back into estimates. The
    /// other items on screen keep their heights (a placeholder of an evicted page keeps its item's),
    /// as the table's rows do.
    func pageLanded(rows: [IndexPath]) {
        reconfigureItems(at: rows)
        guard collectionViewLayout is CollectionViewCompositionalLayout else { return }
        recordBeforeChange { liveAnchor { $0 } }
        collectionViewLayout.invalidateItems(at: rows)
    }
}
