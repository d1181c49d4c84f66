import Foundation
import PagedDatabase
import ReuseTable

// `Demo db` on a terminal: a table's rows as wrapped cells of a `TableView`, loaded a page at a time
// through the `TableLoader`. A row whose page has not arrived shows a one-line placeholder and asks for
// its page; a finished load lands in the next idle step, which reloads the rows of that page on screen.
// A simple stand-in for the library's paged data source (Docs/paged-data.md): no prefetch window, and a
// placeholder's height is one line, so a landing page may move the rows below it.

/// The rows of a loader as a table's data source: loaded pages, loads in flight, failures.
@MainActor
final class DatabaseRows: TableViewDataSource {
    static let pageSize = 50
    /// Pages kept; the farthest from the last page asked for goes first.
    static let residentPages = 40

    private(set) var loader: TableLoader
    /// The row count the table shows: the loader's estimate at first, exact once counted.
    var count: Int
    private(set) var pages: [Int: [DatabaseRow]] = [:]
    private(set) var inFlight: Set<Int> = []
    private(set) var failures: [Int: String] = [:]
    /// Bumped when the loader or its data change: loads started before then are dropped on landing.
    private var generation = 0
    private var lastAsked = 0
    private let inbox = Inbox()

    init(loader: TableLoader, count: Int) {
        self.loader = loader
        self.count = count
    }

    /// Shows `loader`'s rows from now on (another order, or the data changed): every page is dropped.
    func replace(_ loader: TableLoader, count: Int) {
        self.loader = loader
        self.count = count
        pages = [:]
        inFlight = []
        failures = [:]
        generation += 1
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = text(ofRow: indexPath.row)
        cell.contentConfiguration = content
        return cell
    }

    /// Row `row`'s text, or a placeholder (asking for its page) while it is not loaded.
    func text(ofRow row: Int) -> String {
        let page = row / Self.pageSize
        if let rows = pages[page] {
            let offset = row - page * Self.pageSize
            guard offset < rows.count else { return "#\(row + 1) (no such row: the table is shorter than counted)" }
            let values = rows[offset].values.map(\.description)
            return "#\(rows[offset].id)  " + values.dropLast().joined(separator: " · ") + "\n" + (values.last ?? "")
        }
        if let failure = failures[page] { return "row \(row + 1): \(failure) — r retries" }
        request(page)
        return "row \(row + 1) …"
    }

    /// Starts loading `page` unless it is loaded, loading or failed.
    func request(_ page: Int) {
        lastAsked = page
        guard pages[page] == nil, !inFlight.contains(page), failures[page] == nil else { return }
        inFlight.insert(page)
        let (loader, generation, inbox) = (loader, generation, inbox)
        let range = (page * Self.pageSize)..<((page + 1) * Self.pageSize)
        Task.detached {
            do {
                inbox.put(Inbox.Landed(generation: generation, page: page, result: .success(try await loader.load(range))))
            } catch {
                inbox.put(Inbox.Landed(generation: generation, page: page, result: .failure(error)))
            }
        }
    }

    /// Stores the loads that finished since the last call and returns their pages (stale ones dropped),
    /// and whether the count went down: a short page is the end of the rows, whatever was counted.
    /// Keeps at most `residentPages`, dropping the farthest from the last page asked for.
    func takeLanded() -> (pages: Set<Int>, shortened: Bool) {
        var landed: Set<Int> = []
        var shortened = false
        for item in inbox.take() where item.generation == generation {
            inFlight.remove(item.page)
            switch item.result {
            case .success(let rows):
                pages[item.page] = rows
                let end = item.page * Self.pageSize + rows.count
                if rows.count < Self.pageSize, end < count {
                    count = end
                    shortened = true
                }
            case .failure(let error): failures[item.page] = "\(error)"
            }
            landed.insert(item.page)
        }
        while pages.count > Self.residentPages, let far = pages.keys.max(by: { abs($0 - lastAsked) < abs($1 - lastAsked) }) {
            pages[far] = nil
        }
        return (landed, shortened)
    }

    /// Forgets the failures, so their pages load again when shown.
    func retry() -> Bool {
        defer { failures = [:] }
        return !failures.isEmpty
    }

    /// Finished loads handed from the tasks to the main actor.
    final class Inbox: @unchecked Sendable {
        struct Landed: Sendable {
            var generation: Int
            var page: Int
            var result: Result<[DatabaseRow], any Error>
        }
        private let lock = NSLock()
        private var items: [Landed] = []
        func put(_ item: Landed) { lock.withLock { items.append(item) } }
        func take() -> [Landed] {
            lock.withLock {
                defer { items = [] }; return items
            }
        }
    }
}
