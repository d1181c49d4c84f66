import Foundation

/// A table data source over data that is not in memory: the app gives a `PagedLoader` and the
/// table shows every row at once — rows not loaded yet as placeholder cells, replaced in place as
/// their pages land, without moving what the reader sees. Keep a strong reference to it: the table
/// holds its data source weakly.
///
/// It becomes the table's data source and prefetch data source: pages load for the rows on screen
/// and those the table prefetches (plus `pagesAhead`), at most `maximumLoadsInFlight` at once, at
/// most `maximumResidentPages` kept. The cell provider gets a `PagedRow` — the item, a placeholder,
/// or a failed load — and every cell it returns carries the row's `PagedRowState` under
/// `ConfigurationStateCustomKey.pagedRow` in its configuration state. It turns on
/// `maintainsVisibleContentPosition`, so an invalidation keeps the reader still. One section.
/// The mechanism is shared with `CollectionViewPagedDataSource`; Docs/paged-data.md tells it.
@MainActor
public final class TableViewPagedDataSource<Item: Identifiable & Equatable & Sendable>: TableViewDataSource, TableViewDataSourcePrefetching
where Item.ID: Sendable {
    /// Makes the cell for a row: usually a dequeue plus a configuration for the item or the placeholder.
    public typealias CellProvider = @MainActor (TableView, IndexPath, PagedRow<Item>) -> TableViewCell

    /// The table this data source feeds (held weakly).
    public private(set) weak var tableView: TableView?
    private let cellProvider: CellProvider
    let core: PagedDataSourceCore<Item>

    /// Creates the data source and installs it as `tableView.dataSource` and `prefetchDataSource`.
    public init(
        tableView: TableView, loader: PagedLoader<Item>, configuration: PagedDataConfiguration = PagedDataConfiguration(),
        cellProvider: @escaping CellProvider
    ) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        core = PagedDataSourceCore(loader: loader, configuration: configuration, owner: "TableViewPagedDataSource")
        core.target = tableView
        tableView.dataSource = self
        tableView.prefetchDataSource = self
        tableView.maintainsVisibleContentPosition = true
    }

    /// What the source holds and does now: rows, resident pages, loads in flight, placeholders on screen.
    /// - Complexity: O(p + v) for p resident pages and v rows on screen.
    public var status: PagedDataStatus { core.status }

    /// What row `row` is now (without loading it).
    public func row(at row: Int) -> PagedRow<Item> { core.peek(row) }

    /// The last bad input or failed load (also told to `errorHandler`), or nil.
    public var lastError: ReuseTableError? { core.lastError }

    /// Told of every failed load and bad input from the loader, with a message naming the rows and counts.
    public var errorHandler: ((ReuseTableError) -> Void)? {
        get { core.errorHandler }
        set { core.errorHandler = newValue }
    }

    /// The source changed: counts again, loads the resident pages again and applies the difference by
    /// identity as one batch (the reader stays still, or follows the end under `sticksToBottom`); rows
    /// outside the resident pages change only the count. A failure is reported and changes nothing.
    public func invalidate() async { await core.invalidate() }

    /// Loads the failed pages again (all of them, or those holding `rows`); their rows show placeholders meanwhile.
    public func retryFailedPages(holding rows: [Int]? = nil) { core.retry(rows: rows) }

    // MARK: TableViewDataSource

    /// One section.
    public func numberOfSections(in tableView: TableView) -> Int { 1 }

    /// The rows the source shows (see `PagedRowCount`).
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { core.rowCount }

    /// The cell provider's cell for the row, its state set under `ConfigurationStateCustomKey.pagedRow`.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let row = core.row(at: indexPath.row)
        let cell = cellProvider(tableView, indexPath, row)
        cell.configurationSlots.customStates[.pagedRow] = row.state
        return cell
    }

    // MARK: TableViewDataSourcePrefetching

    /// Loads the pages of rows about to appear (and `pagesAhead` more).
    public func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        core.prefetch(rows: indexPaths.map(\.row))
    }

    /// Stops waiting for pages of rows no longer about to appear; far loads are cancelled.
    public func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        core.cancelPrefetching(rows: indexPaths.map(\.row))
    }
}
