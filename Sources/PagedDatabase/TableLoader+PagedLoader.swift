import ReuseTable

// A `TableLoader` as the loader of the library's paged data sources (`TableViewPagedDataSource`,
// Docs/paged-data.md): the one adapter `Demo db` and `Demo bench --filter paging` both use.

extension TableLoader {
    /// This loader as a paged source asks it: the count (estimated until the key index has walked every
    /// row, unknown under a filter until then) and the rows of a range, each read on this actor.
    /// `pageSize` is the source's page: an unknown count shows one page of placeholders to start with.
    public nonisolated func pagedLoader(pageSize: Int) -> PagedLoader<DatabaseRow> {
        PagedLoader(
            initialCount: countWhenOpened.paged(pageSize: pageSize),
            count: { await self.count().paged(pageSize: pageSize) },
            load: { range in try await self.load(range) })
    }
}

extension RowCount {
    /// The count as a paged source takes it; unknown shows at least one page of `pageSize` rows.
    public func paged(pageSize: Int) -> PagedRowCount {
        switch self {
        case .exact(let rows): .exact(rows)
        case .estimated(let rows): .estimated(rows)
        case .unknown: .unknown(atLeast: pageSize)
        }
    }
}
