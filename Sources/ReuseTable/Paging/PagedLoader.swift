import Foundation

// What an app hands a paged data source (`TableViewPagedDataSource`, `CollectionViewPagedDataSource`):
// a loader — how many rows there are and the items of a range, loaded asynchronously — and what each
// row then is to its cell: an item, a placeholder, or a failed load. Docs/paged-data.md tells the contract.

/// How many rows a paged source has, as its loader knows it.
public enum PagedRowCount: Hashable, Sendable {
    /// Exactly this many rows: every load inside it returns as many items as it asks for.
    case exact(Int)
    /// About this many rows: a short page marks the end (the count becomes exact there), a full
    /// page at the end shows one more page of placeholders.
    case estimated(Int)
    /// Not known yet, at least this many: the list grows a page of placeholders each time the last
    /// page loads full, and stops at the first short page.
    case unknown(atLeast: Int)

    /// The number of rows the list shows for this count.
    public var rows: Int {
        switch self {
        case .exact(let n), .estimated(let n), .unknown(atLeast: let n): n
        }
    }

    /// Whether the count is exact.
    public var isExact: Bool {
        if case .exact = self { return true }
        return false
    }
}

/// The two questions a paged data source asks its app: how many rows there are, and what the items
/// of a range are. Both run off the main actor; the source applies their answers on it.
///
/// `load(range)` must return the items at those positions, in order: exactly `range.count` under an
/// exact count; under an estimated or unknown one, fewer only at the end (none past it). Anything
/// else, or a throw, shows that page as failed rows, with a message naming the range and the counts,
/// and changes nothing else.
public struct PagedLoader<Item: Sendable>: Sendable {
    /// The count the list shows before `count` is first asked (at `invalidate()`).
    public var initialCount: PagedRowCount
    /// Counts the rows again (asked by `invalidate()`).
    public var count: @Sendable () async throws -> PagedRowCount
    /// Loads the items at the positions of `range`.
    public var load: @Sendable (Range<Int>) async throws -> [Item]

    /// A loader: the first count, how to count again, how to load a range.
    public init(
        initialCount: PagedRowCount, count: @escaping @Sendable () async throws -> PagedRowCount,
        load: @escaping @Sendable (Range<Int>) async throws -> [Item]
    ) {
        self.initialCount = initialCount
        self.count = count
        self.load = load
    }
}

/// What one row of a paged source is when its cell is asked for.
public enum PagedRow<Item> {
    /// The row's item, loaded.
    case item(Item)
    /// The row's page is not loaded (or is loading): show a placeholder.
    case placeholder
    /// The row's page failed to load: show an error row; `retryFailedPages()` loads it again.
    case failed(ReuseTableError)

    /// The loaded item, or nil.
    public var item: Item? {
        if case .item(let item) = self { return item }
        return nil
    }

    /// What the cell's configuration state says about the row (`ConfigurationStateCustomKey.pagedRow`).
    public var state: PagedRowState {
        switch self {
        case .item: .loaded
        case .placeholder: .placeholder
        case .failed: .failed
        }
    }
}

/// The value of the custom state `ConfigurationStateCustomKey.pagedRow` on a paged source's cells.
public enum PagedRowState: Hashable, Sendable {
    /// The cell shows a loaded item.
    case loaded
    /// The cell stands in for a row not loaded yet.
    case placeholder
    /// The cell shows a row whose page failed to load.
    case failed
}

extension ConfigurationStateCustomKey {
    /// Set by the paged data sources on every cell they hand over: a `PagedRowState`. Read it in a
    /// `configurationUpdateHandler` (`state[.pagedRow] as? PagedRowState`) to give placeholders their look.
    public static let pagedRow = ConfigurationStateCustomKey("ReuseTable.pagedRow")
}

/// How a paged data source loads and keeps pages.
public struct PagedDataConfiguration: Hashable, Sendable {
    /// Rows per page: each load asks for one page.
    public var pageSize = 50
    /// The most pages kept in memory; the farthest from the viewport is dropped first. Pages on
    /// screen are never dropped, so make it larger than the pages one screen spans.
    public var maximumResidentPages = 20
    /// The most loads running at once; more wait, nearest first.
    public var maximumLoadsInFlight = 2
    /// Pages loaded past the rows the view prefetches, in the direction of scrolling.
    public var pagesAhead = 1

    /// The defaults: pages of 50, 20 resident, 2 loads at once, 1 page ahead.
    public init() {}
}

/// What a paged data source holds and does now: for status lines and tests.
public struct PagedDataStatus: Hashable, Sendable {
    /// The rows the list shows.
    public var rows = 0
    /// The count as last known.
    public var count = PagedRowCount.unknown(atLeast: 0)
    /// Pages loaded and kept.
    public var residentPages = 0
    /// Items in the resident pages.
    public var residentItems = 0
    /// Loads running.
    public var loadsInFlight = 0
    /// Loads waiting for a free slot.
    public var loadsWaiting = 0
    /// Pages whose load failed (shown as error rows).
    public var failedPages = 0
    /// Rows on screen showing a placeholder.
    public var placeholdersOnScreen = 0
    /// Loads started since the source was made.
    public var loadsStarted = 0
    /// Loads cancelled because their rows went far from the viewport.
    public var loadsCancelled = 0
    /// Results that arrived after their rows went far away or the source was invalidated, dropped.
    public var resultsDropped = 0
    /// Pages dropped to stay within `maximumResidentPages`.
    public var pagesEvicted = 0

    /// A status of nothing: no rows, nothing loaded.
    public init() {}
}
