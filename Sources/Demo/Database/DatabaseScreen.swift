import Figures
import Foundation
import PagedDatabase
import ReuseTable
import ReuseTableTerminal

// The terminal screen of `Demo db`: a `ListScreen` over `DatabaseRows`, whose idle steps take the pages
// that landed and reload their rows on screen, count the table in the background, and look for another
// writer's commits. Keys: the list's movement keys, `o` the next order, `F` follow the end, `r` retry.

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
    /// True after a key that went to the end, until another movement key.
    private var atEnd = false
    private var lastLook = Date()
    private let counter = CountBox()

    /// A screen over `loader`'s rows, `count` of them as far as the loader knows yet.
    init(loader: TableLoader, count: Int) {
        path = loader.path
        tableName = loader.schema.name
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
        counter.set(nil)
        Task.detached {
            try? await loader.buildIndex()
            counter.set(await loader.count().value)
        }
    }

    var statusLine: String {
        let top = table.indexPathsForVisibleRows?.first.map { $0.row + 1 } ?? 0
        let order = orders[orderIndex]
        return "row \(top.grouped) of \(rows.count.grouped) · by \(order) · pages \(rows.pages.count) · loading \(rows.inFlight.count)"
            + " · placeholders \(rows.placeholdersAsked)\(following ? " · following" : "") · o order F follow r retry q quit"
    }

    // MARK: TerminalScreen

    func resize(width: Int, height: Int) { list.resize(width: width, height: height) }

    func render() -> CharGrid {
        rows.placeholdersAsked = 0
        table.layoutIfNeeded()
        return list.render()
    }

    func handle(_ key: Key) -> KeyResponse {
        switch key {
        case .char("o"):
            orderIndex = (orderIndex + 1) % orders.count
            reopen()
            return .changed
        case .char("F"):
            following.toggle()
            return following ? list.scrollToEnd() : .changed
        case .end, .char("G"), .char(">"):
            // The end stays the end while the last pages land and their rows grow from placeholders.
            atEnd = true
            return list.handle(key)
        case .char("r"):
            guard rows.retry() else { return .unchanged }
            table.reloadData()
            return .changed
        default:
            atEnd = false
            return list.handle(key)
        }
    }

    /// The table again in the current order, from its first row.
    private func reopen() {
        guard let loader = try? TableLoader(path: path, table: tableName, order: orders[orderIndex]) else { return }
        rows.replace(loader, count: rows.count)
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
        let landed = Set(rows.takeLanded())
        if !landed.isEmpty {
            let shown = (table.indexPathsForVisibleRows ?? []).filter { landed.contains($0.row / DatabaseRows.pageSize) }
            if !shown.isEmpty { table.reloadRows(at: shown, with: .none) }
            if atEnd || following { _ = list.scrollToEnd() }
            changed = true
        }
        if let exact = counter.take(), exact != rows.count {
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
            counter.set(await loader.count().value)
        }
        if following, let last = table.indexPathsForVisibleRows?.last, last.row < rows.count - 1 { _ = list.scrollToEnd() }
    }

    /// The exact count, handed from a background task to the idle step.
    final class CountBox: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Int?
        func set(_ count: Int?) { lock.withLock { value = count } }
        func take() -> Int? {
            lock.withLock {
                defer { value = nil }; return value
            }
        }
    }
}
