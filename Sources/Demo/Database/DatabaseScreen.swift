import Figures
import Foundation
import PagedDatabase
import ReuseTable
import ReuseTableTerminal

// The terminal screen of `Demo db`: a `ListScreen` over `DatabaseRows` (the library's paged data source),
// whose idle steps redraw when pages land, count the table in the background (an invalidation takes the
// count), and look for another writer's commits. Keys: the list's movement keys, `g` a row number, `o` the next order, `/` a filter,
// `F` follow the end, `r` retry, `?` the keys.

/// `Demo db` on a terminal.
@MainActor
final class DatabaseScreen: TerminalScreen {
    let list: ListScreen
    let rows: DatabaseRows
    let table = TableView(frame: .zero)
    private let path: String
    private let tableName: String
    /// The orders on offer: the rowid, then each indexed column.
    private let orders: [RowOrder]
    private var orderIndex = 0
    private var following = false
    /// Whether the end stays on screen while the last pages land (after `G`, until the next movement key):
    /// the paged source keeps the first row seen still, which is not the end.
    private var pinsEnd = false
    /// The source's status at the last idle step: a change redraws.
    private var lastStatus = PagedDataStatus()
    private var lastLook = Date()
    private let counter = CountBox()
    /// The column `/` searches: `body` when there is one, else the last column.
    private let filterColumn: String
    private var filter: RowFilter?
    /// A prompt being typed: `g`'s row number or `/`'s filter text.
    private enum Prompt { case row, filter }
    private var prompt: Prompt?
    private var promptText = ""
    /// True while the status line lists the keys (`?`, until the next key).
    private var showsKeys = false
    /// Why the last order or filter could not be shown (a locked file…), until the next key.
    private(set) var problem: String?

    /// A screen over `loader`'s rows.
    init(loader: TableLoader) {
        path = loader.path
        tableName = loader.schema.name
        filterColumn = loader.columns.contains("body") ? "body" : (loader.columns.last ?? "rowid")
        orders = [.rowid] + loader.schema.orderable.filter { $0 != loader.schema.rowidAlias }.map { RowOrder(column: $0, descending: $0 == "time") }
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        rows = DatabaseRows(loader: loader, table: table)
        list = ListScreen(table: table)
        table.rowHeight = TableView.automaticDimension
        table.estimatedRowHeight = 2
        list.measuresWhileIdle = false
        list.status = { [unowned self] _ in statusLine }
        countInBackground(loader)
    }

    /// Builds the loader's key index off the main actor; the idle step takes the exact count from it.
    private func countInBackground(_ loader: TableLoader) {
        let counter = counter
        counter.start()
        Task.detached {
            try? await loader.buildIndex()
            counter.finish(await loader.count().value)
        }
    }

    /// True from the start of a count until the invalidation that takes its result has been applied.
    var isCounting: Bool { counter.isPending || invalidations > 0 }
    /// Invalidations of the source started and not finished.
    private var invalidations = 0

    /// Rows on screen whose page has not arrived.
    var placeholdersOnScreen: Int { rows.source.status.placeholdersOnScreen }

    var statusLine: String {
        if let problem { return problem }
        if showsKeys {
            return "↑↓ PgUp PgDn Home End · g row · / filter · o order · F follow · r retry · q quit"
        }
        switch prompt {
        case .row: return "go to row: \(promptText)_  (Enter goes, Esc cancels)"
        case .filter: return "rows whose \(filterColumn) contains: \(promptText)_  (Enter filters, empty: every row; Esc cancels)"
        case nil: break
        }
        let top = table.indexPathsForVisibleRows?.first.map { $0.row + 1 } ?? 0
        let order = orders[orderIndex]
        let filtered = filter.map { " · \($0)" } ?? ""
        let status = rows.source.status
        return
            "row \(top.grouped) of \(rows.count.grouped)\(filtered) · by \(order) · pages \(status.residentPages) · loading \(status.loadsInFlight)"
            + " · placeholders \(status.placeholdersOnScreen)\(following ? " · following" : "") · ? keys"
    }

    // MARK: TerminalScreen

    func resize(width: Int, height: Int) { list.resize(width: width, height: height) }

    func render() -> CharGrid {
        table.layoutIfNeeded()
        return list.render()
    }

    func handle(_ key: Key) -> KeyResponse {
        if prompt != nil { return handlePrompt(key) }
        showsKeys = false
        problem = nil
        switch key {
        case .char("?"):
            showsKeys = true
            return .changed
        case .char("g"), .char("/"):
            prompt = key == .char("g") ? .row : .filter
            promptText = ""
            return .changed
        case .char("o"):
            reopen(orderIndex: (orderIndex + 1) % orders.count, filter: filter)
            return .changed
        case .char("F"):
            following.toggle()
            return following ? list.scrollToEnd() : .changed
        case .end, .char("G"), .char(">"):
            // The end stays the end while the last pages land and their rows grow from placeholders.
            pinsEnd = true
            return list.handle(key)
        case .char("r"):
            guard rows.source.status.failedPages > 0 else { return .unchanged }
            rows.source.retryFailedPages()
            return .changed
        default:
            pinsEnd = false
            return list.handle(key)
        }
    }

    /// A key while a prompt is open: typing, Backspace, Enter (go or filter), Esc (cancel).
    private func handlePrompt(_ key: Key) -> KeyResponse {
        switch key {
        case .char(let character) where prompt == .filter || character.isNumber:
            if promptText.count < 100 { promptText.append(character) }
        case .backspace:
            if !promptText.isEmpty { promptText.removeLast() }
        case .escape:
            prompt = nil
        case .enter:
            let kind = prompt
            prompt = nil
            if kind == .row, let number = Int(promptText) { return jump(toRow: number - 1) }
            if kind == .filter {
                reopen(orderIndex: orderIndex, filter: promptText.isEmpty ? nil : RowFilter(column: filterColumn, text: promptText))
            }
        default: break
        }
        return .changed
    }

    /// Shows row `row` (0-based, clamped) at the top: placeholders at once, its page when it lands, the
    /// row staying at the top (the paged source's anchor).
    private func jump(toRow row: Int) -> KeyResponse {
        guard rows.count > 0 else { return .changed }
        let target = min(max(0, row), rows.count - 1)
        pinsEnd = false
        table.scrollToRow(at: IndexPath(row: target, section: 0), at: .top, animated: false)
        return .changed
    }

    /// The table again in order `orderIndex` under `filter`, from its first row; on failure the rows
    /// shown stay, and the status line says why. A filter's count is not known
    /// until its key index has walked the table: it shows a page of rows until then (fewer when its first
    /// page comes back short).
    private func reopen(orderIndex: Int, filter: RowFilter?) {
        let loader: TableLoader
        do {
            loader = try TableLoader(path: path, table: tableName, order: orders[orderIndex], filter: filter)
        } catch {
            problem = "\(error) — the rows shown are unchanged"
            return
        }
        self.orderIndex = orderIndex
        self.filter = filter
        rows.replace(loader)
        table.contentOffset.y = 0
        countInBackground(loader)
    }

    var hasIdleWork: Bool { true }

    var idleWait: Duration { .milliseconds(5) }

    /// Redraws when pages landed (keeping the end on screen after `G`, or with `F` on), takes the count
    /// once known — an invalidation of the source, which also picks up another writer's rows — and once
    /// a second asks the loader whether another connection wrote.
    func runIdleStep(budget: Duration) -> Bool {
        var changed = false
        let status = rows.source.status
        if status != lastStatus {
            lastStatus = status
            if pinsEnd || following { _ = list.scrollToEnd() }
            changed = true
        }
        if counter.take() != nil {
            let source = rows.source
            invalidations += 1
            Task { [weak self] in
                await source.invalidate()
                guard let self else { return }
                invalidations -= 1
                if following { _ = list.scrollToEnd() }
            }
            changed = true
        }
        if -lastLook.timeIntervalSinceNow > 1 {
            lastLook = Date()
            lookForWriters()
        }
        return changed
    }

    /// Asks the loader about other writers off the main actor; a change reopens the table (following
    /// the end when `F` is on).
    private func lookForWriters() {
        let loader = rows.loader
        let counter = counter
        Task.detached {
            guard (try? await loader.checkForChanges()) == true else { return }
            try? await loader.buildIndex()
            counter.finish(await loader.count().value)
        }
        if following, let last = table.indexPathsForVisibleRows?.last, last.row < rows.count - 1 { _ = list.scrollToEnd() }
    }

    /// The exact count, handed from a background task to the idle step.
    final class CountBox: @unchecked Sendable {
        private let lock = NSLock()
        private var pending = false
        private var value: Int??
        /// A count has started: its result is pending.
        func start() { lock.withLock { (pending, value) = (true, nil) } }
        /// The count finished with `count` (nil when the loader could not count).
        func finish(_ count: Int?) { lock.withLock { (pending, value) = (true, .some(count)) } }
        /// The finished count, once: nil while none has finished since the last take.
        func take() -> Int?? {
            lock.withLock {
                defer { if value != nil { (pending, value) = (false, nil) } }
                return value
            }
        }
        var isPending: Bool { lock.withLock { pending } }
    }
}
