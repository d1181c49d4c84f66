import Foundation

/// A collection view data source over data that is not in memory: the same mechanism as
/// `TableViewPagedDataSource` (one shared core), speaking the collection view's protocols. Items
/// not loaded yet are placeholder cells; a layout that measures its items (the compositional and
/// list layouts) measures a landed page's items again as they show, keeping the anchor still.
/// One section. Keep a strong reference to it: the collection view holds its data source weakly.
@MainActor
public final class CollectionViewPagedDataSource<Item: Identifiable & Equatable & Sendable>: CollectionViewDataSource,
    CollectionViewDataSourcePrefetching
where Item.ID: Sendable {
    /// Makes the cell for an item: usually a dequeue plus a configuration for the item or the placeholder.
    public typealias CellProvider = @MainActor (CollectionView, IndexPath, PagedRow<Item>) -> CollectionViewCell

    /// The collection view this data source feeds (held weakly).
    public private(set) weak var collectionView: CollectionView?
    private let cellProvider: CellProvider
    let core: PagedDataSourceCore<Item>

    /// Creates the data source and installs it as `collectionView.dataSource` and `prefetchDataSource`.
    public init(
        collectionView: CollectionView, loader: PagedLoader<Item>,
        configuration: PagedDataConfiguration = PagedDataConfiguration(), cellProvider: @escaping CellProvider
    ) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        core = PagedDataSourceCore(loader: loader, configuration: configuration, owner: "CollectionViewPagedDataSource")
        core.target = collectionView
        collectionView.dataSource = self
        collectionView.prefetchDataSource = self
        collectionView.maintainsVisibleContentPosition = true
    }

    /// What the source holds and does now (see `TableViewPagedDataSource.status`).
    public var status: PagedDataStatus { core.status }

    /// What item `item` is now (without loading it).
    public func row(at item: Int) -> PagedRow<Item> { core.peek(item) }

    /// The last bad input or failed load, or nil.
    public var lastError: ReuseTableError? { core.lastError }

    /// Told of every failed load and bad input from the loader.
    public var errorHandler: ((ReuseTableError) -> Void)? {
        get { core.errorHandler }
        set { core.errorHandler = newValue }
    }

    /// The source changed: see `TableViewPagedDataSource.invalidate()`.
    public func invalidate() async { await core.invalidate() }

    /// Loads the failed pages again (all, or those holding `items`).
    public func retryFailedPages(holding items: [Int]? = nil) { core.retry(rows: items) }

    // MARK: CollectionViewDataSource

    /// One section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    /// The items the source shows.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { core.rowCount }

    /// The cell provider's cell for the item, its state set under `ConfigurationStateCustomKey.pagedRow`.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let row = core.row(at: indexPath.item)
        let cell = cellProvider(collectionView, indexPath, row)
        cell.configurationSlots.customStates[.pagedRow] = row.state
        return cell
    }

    // MARK: CollectionViewDataSourcePrefetching

    /// Loads the pages of items about to appear (and `pagesAhead` more).
    public func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        core.prefetch(rows: indexPaths.map(\.item))
    }

    /// Stops waiting for pages of items no longer about to appear; far loads are cancelled.
    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        core.cancelPrefetching(rows: indexPaths.map(\.item))
    }
}
