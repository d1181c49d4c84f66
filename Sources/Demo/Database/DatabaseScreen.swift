import Figures
import Foundation
import PagedDatabase
import ReuseTable
import ReuseTableTerminal

// The terminal screen of `Demo db`: a `ListScreen` over `DatabaseRows`, whose idle steps take the pages
// that landed and reload their rows on screen, count the table in the background, and look for another
// writer's commits. Keys: the list's movement keys, `g` a row number, `o` the next order, `/` a filter,
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
    /// What stays on screen while pages land and their rows grow from one-line placeholders, until the
    /// next movement key: the end (after `G`), or the row `g` went to, at the top.
    private enum Pin { case none, end, row(Int) }
    private var pin = Pin.none
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

    /// A screen over `loader`'s rows, `count` of them as far as the loader knows yet.
    init(loader: TableLoader, count: Int) {
        path = loader.path
        tableName = loader.schema.name
        filterColumn = loader.columns.contains("body") ? "body" : (loader.columns.last ?? "rowid")
        orders = [.rowid] + loader.schema.orderable.filter { $0 != loader.schema.rowidAlias }.map { RowOrder(column: $0, descending: $0 == "time") }
        rows = DatabaseRows(loader: loader, count: count)
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = rows
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

    /// True from the start of a count until the idle step has taken its result.
    var isCounting: Bool { counter.isPending }

    /// Rows on screen whose page has not arrived.
    var placeholdersOnScreen: Int {
        (table.indexPathsForVisibleRows ?? []).filter { rows.pages[$0.row / DatabaseRows.pageSize] == nil }.count
    }

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
        return "row \(top.grouped) of \(rows.count.grouped)\(filtered) · by \(order) · pages \(rows.pages.count) · loading \(rows.inFlight.count)"
            + " · placeholders \(placeholdersOnScreen)\(following ? " · following" : "") · ? keys"
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
            pin = .end
            return list.handle(key)
        case .char("r"):
            guard rows.retry() else { return .unchanged }
            table.reloadData()
            return .changed
        default:
            pin = .none
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

    /// Shows row `row` (0-based, clamped) at the top: placeholders at once, its page when it lands.
    private func jump(toRow row: Int) -> KeyResponse {
        guard rows.count > 0 else { return .changed }
        let target = min(max(0, row), rows.count - 1)
        pin = .row(target)
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
        rows.replace(loader, count: loader.countWhenOpened.value ?? DatabaseRows.pageSize)
        table.reloadData()
        table.contentOffset.y = 0
        countInBackground(loader)
    }

    var hasIdleWork: Bool { true }

    var idleWait: Duration { .milliseconds(5) }

    /// Lands finished pages (their rows on screen reloaded), takes the count once known, and once a
    /// second asks the loader whether another connection wrote.
    func runIdleStep(budget: Duration) -> Bool {
        var changed = false
        let (landed, shortened) = rows.takeLanded()
        if shortened { table.reloadData() }
        if !landed.isEmpty {
            let shown = (table.indexPathsForVisibleRows ?? []).filter { landed.contains($0.row / DatabaseRows.pageSize) }
            if !shown.isEmpty { table.reloadRows(at: shown, with: .none) }
            switch pin {
            case .end: _ = list.scrollToEnd()
            case .row(let row) where row < rows.count: table.scrollToRow(at: IndexPath(row: row, section: 0), at: .top, animated: false)
            default: if following { _ = list.scrollToEnd() }
            }
            changed = true
        }
        if let taken = counter.take(), let exact = taken, exact != rows.count {
            // Counted, or another writer changed the table: the pages may be stale, so they go.
            rows.replace(rows.loader, count: exact)
            table.reloadData()
            if following { _ = list.scrollToEnd() }
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
