import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable

// The paged sources' test fixtures: an in-memory source whose loads wait until the test answers
// them (in any order, failing any), cells that show what they were given, and one face over the
// table and the collection view so a session runs on both.

/// One row of the test source: its identity, how many lines it has, and an edit count.
struct PagedTestItem: Identifiable, Equatable, Sendable {
    var id: Int
    var lines: Int
    var version = 0

    /// The height the item's cell fits at `width`: narrower is taller.
    func height(width: CGFloat) -> CGFloat { CGFloat(lines) * (width < 300 ? 14 : 10) + 6 }
}

/// An in-memory source whose loads wait until the test answers them: the test chooses the order
/// of completion, which fail and which return bad answers. `count()` answers at once.
@MainActor
final class ControlledLoader {
    /// The source's rows now.
    var items: [PagedTestItem]
    /// The kind of count `count()` gives.
    var countOf: (Int) -> PagedRowCount = { .exact($0) }
    /// Loads asked for and not answered, oldest first.
    private(set) var pending: [Request] = []
    /// Every range asked for, in order.
    private(set) var asked: [Range<Int>] = []
    /// When true, loads are answered at once from `items` (set while an invalidation reloads).
    var answersAtOnce: () -> Bool = { false }
    /// Makes `count()` throw.
    var countFails = false
    /// Loads the source's tasks have called (not those of an invalidation, which answer at once).
    private(set) var taskCalls = 0
    private var waiters: [(calls: Int, continuation: CheckedContinuation<Void, Never>)] = []

    struct Request {
        let range: Range<Int>
        /// The token of the source's task that applies the answer (`PagedLoadContext`).
        let token: Int?
        let continuation: CheckedContinuation<[PagedTestItem], any Error>
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "disk on fire" }
    }

    init(count: Int, lines: (Int) -> Int = { 1 + $0 % 4 }) {
        items = (0..<count).map { PagedTestItem(id: $0, lines: lines($0)) }
    }

    /// The loader a paged source is given; its first count is `initialCount` (exact by default).
    func loader(initialCount: PagedRowCount? = nil) -> PagedLoader<PagedTestItem> {
        PagedLoader(
            initialCount: initialCount ?? countOf(items.count),
            count: { try await self.count() },
            load: { range in try await self.load(range) })
    }

    private func count() throws -> PagedRowCount {
        if countFails { throw Failure() }
        return countOf(items.count)
    }

    private func load(_ range: Range<Int>) async throws -> [PagedTestItem] {
        let token = PagedLoadContext.token
        asked.append(range)
        if answersAtOnce() {
            if token != nil { noteCall() }
            return slice(range)
        }
        return try await withCheckedThrowingContinuation {
            pending.append(Request(range: range, token: token, continuation: $0))
            if token != nil { noteCall() }
        }
    }

    private func noteCall() {
        taskCalls += 1
        let ready = waiters.filter { $0.calls <= taskCalls }
        waiters.removeAll { $0.calls <= taskCalls }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once the source's tasks have made `calls` loads: a task started runs its load soon after,
    /// off the main actor, and the test waits for that call, not for a time.
    func waitForCalls(_ calls: Int) async {
        guard taskCalls < calls else { return }
        await withCheckedContinuation { waiters.append((calls, $0)) }
    }

    /// The items at `range` now, fewer at the end.
    func slice(_ range: Range<Int>) -> [PagedTestItem] {
        Array(items[min(range.lowerBound, items.count)..<min(range.upperBound, items.count)])
    }

    /// Takes the pending load at `index` out of the queue.
    func take(_ index: Int = 0) -> Request { pending.remove(at: index) }

    /// Answers `request` from the items now, or fails it, or answers with `extra` items too many.
    func answer(_ request: Request, failing: Bool = false, extra: Int = 0) {
        if failing { return request.continuation.resume(throwing: Failure()) }
        var result = slice(request.range)
        if extra > 0 { result += (0..<extra).map { PagedTestItem(id: -1 - $0, lines: 1) } }
        request.continuation.resume(returning: result)
    }

    /// Answers every pending load (cancelled ones too) from the items now.
    func answerAll() {
        while !pending.isEmpty { answer(take()) }
    }
}

/// Answers the pending load at `index` (or fails it, or adds `extra` items) and waits until the
/// source has applied or dropped the answer.
@MainActor
@discardableResult
func land(_ harness: PagedHarness, _ loader: ControlledLoader, at index: Int = 0, failing: Bool = false, extra: Int = 0) async -> Range<Int> {
    await arrived(harness, loader)
    let request = loader.take(index)
    let task = request.token.flatMap { harness.core.task(token: $0) }
    loader.answer(request, failing: failing, extra: extra)
    await task?.value
    return request.range
}

/// Waits until every load the source started has reached the loader (is in `pending`).
@MainActor
func arrived(_ harness: PagedHarness, _ loader: ControlledLoader) async {
    await loader.waitForCalls(harness.core.counters.loadsStarted)
}

/// Answers every load, and those the answers start, until none is pending.
@MainActor
func landAll(_ harness: PagedHarness, _ loader: ControlledLoader) async {
    while true {
        await arrived(harness, loader)
        if loader.pending.isEmpty { return }
        await land(harness, loader)
    }
}

/// What a test cell shows.
enum PagedShown: Equatable {
    case item(id: Int, version: Int)
    case placeholder
    case failed
}

/// Shows what it was given; fits the item's height, or 20 for a placeholder, 24 for an error row.
final class PagedTableCell: TableViewCell {
    var shown = PagedShown.placeholder
    var fitting: CGFloat = 20
    /// The `pagedRow` state of the last configuration update.
    var seenState: PagedRowState?
    /// The same, as the configuration update handler saw it.
    var handlerState: PagedRowState?

    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: fitting) }
    override func updateConfiguration(using state: CellConfigurationState) {
        super.updateConfiguration(using: state)
        seenState = state[.pagedRow] as? PagedRowState
    }
}

/// The collection view's `PagedTableCell`.
final class PagedCollectionCell: CollectionViewCell {
    var shown = PagedShown.placeholder
    var fitting: CGFloat = 20
    var seenState: PagedRowState?

    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: fitting) }
    override func updateConfiguration(using state: CellConfigurationState) {
        super.updateConfiguration(using: state)
        seenState = state[.pagedRow] as? PagedRowState
    }
}

/// What a cell shows for `row` at `width`, and the height it fits.
func pagedLook(_ row: PagedRow<PagedTestItem>, width: CGFloat) -> (PagedShown, CGFloat) {
    switch row {
    case .item(let item): (.item(id: item.id, version: item.version), item.height(width: width))
    case .placeholder: (.placeholder, 20)
    case .failed: (.failed, 24)
    }
}

/// A cell on screen, as a session checks it.
struct PagedVisibleRow {
    var row: Int
    var frame: CGRect
    var shown: PagedShown
    var state: PagedRowState?
}

/// A paged source on a table or a collection view, as a session drives it.
@MainActor
protocol PagedHarness: AnyObject {
    var scrollView: ScrollView { get }
    var core: PagedDataSourceCore<PagedTestItem> { get }
    /// The cells on screen after a layout pass, top down.
    var visibleRows: [PagedVisibleRow] { get }
    /// The frame of row `row` in content coordinates.
    func frame(ofRow row: Int) -> CGRect
    func setWidth(_ width: CGFloat)
    var maximumOffsetY: CGFloat { get }
}

/// A 320 × 200 self-sizing table (estimates of 30) over `loader`.
@MainActor
final class PagedTableHarness: PagedHarness {
    let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
    let source: TableViewPagedDataSource<PagedTestItem>
    var diagnostics: [String] = []

    init(_ loader: ControlledLoader, configuration: PagedDataConfiguration = PagedHarnessDefaults.configuration) {
        table.register(PagedTableCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = TableView.automaticDimension
        table.estimatedRowHeight = 30
        source = TableViewPagedDataSource(tableView: table, loader: loader.loader(), configuration: configuration) { table, indexPath, row in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath) as! PagedTableCell
            (cell.shown, cell.fitting) = pagedLook(row, width: table.bounds.width)
            // A configured cell: a placeholder at a row already measured keeps that row's height.
            cell.configurationUpdateHandler = { cell, state in (cell as! PagedTableCell).handlerState = state[.pagedRow] as? PagedRowState }
            return cell
        }
        table.diagnosticHandler = { [unowned self] in diagnostics.append($0) }
        loader.answersAtOnce = { [weak self] in self?.source.core.isInvalidating ?? false }
        table.reloadData()
        table.layoutIfNeeded()
    }

    var scrollView: ScrollView { table }
    var core: PagedDataSourceCore<PagedTestItem> { source.core }
    var visibleRows: [PagedVisibleRow] {
        table.layoutIfNeeded()
        return table.engine.cellsOnScreen.entries.map { entry in
            let cell = entry.cell as! PagedTableCell
            return PagedVisibleRow(row: entry.row, frame: cell.frame, shown: cell.shown, state: cell.seenState)
        }
    }
    func frame(ofRow row: Int) -> CGRect { table.rectForRow(at: IndexPath(row: row, section: 0)) }
    func setWidth(_ width: CGFloat) { table.frame.size.width = width }
    var maximumOffsetY: CGFloat { table.maximumContentOffsetY }
}

/// A 320 × 200 collection view, laid out as a list or by a compositional layout of estimated items.
@MainActor
final class PagedCollectionHarness: PagedHarness {
    let collection: CollectionView
    let source: CollectionViewPagedDataSource<PagedTestItem>

    init(_ loader: ControlledLoader, list: Bool, configuration: PagedDataConfiguration = PagedHarnessDefaults.configuration) {
        let layout: CollectionViewCompositionalLayout
        if list {
            layout = CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain))
        } else {
            let size = CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(30))
            let group = CollectionLayoutGroup.vertical(layoutSize: size, subitems: [CollectionLayoutItem(layoutSize: size)])
            layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group))
        }
        collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 200), collectionViewLayout: layout)
        collection.register(PagedCollectionCell.self, forCellWithReuseIdentifier: "item")
        source = CollectionViewPagedDataSource(collectionView: collection, loader: loader.loader(), configuration: configuration) {
            view, indexPath, row in
            let cell = view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! PagedCollectionCell
            (cell.shown, cell.fitting) = pagedLook(row, width: view.bounds.width)
            return cell
        }
        loader.answersAtOnce = { [weak self] in self?.source.core.isInvalidating ?? false }
        collection.reloadData()
        collection.layoutIfNeeded()
    }

    var scrollView: ScrollView { collection }
    var core: PagedDataSourceCore<PagedTestItem> { source.core }
    var visibleRows: [PagedVisibleRow] {
        collection.layoutIfNeeded()
        return collection.engine.cellsOnScreen.entries.map { entry in
            let cell = entry.cell as! PagedCollectionCell
            return PagedVisibleRow(row: entry.row, frame: cell.frame, shown: cell.shown, state: cell.seenState)
        }.sorted { $0.row < $1.row }
    }
    func frame(ofRow row: Int) -> CGRect {
        collection.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: row, section: 0))?.frame ?? .null
    }
    func setWidth(_ width: CGFloat) { collection.frame.size.width = width }
    var maximumOffsetY: CGFloat { collection.maximumContentOffsetY }
}

/// The sessions' configuration: pages of 10, at most 6 resident, 2 loads at once, 1 page ahead.
enum PagedHarnessDefaults {
    static var configuration: PagedDataConfiguration {
        var configuration = PagedDataConfiguration()
        configuration.pageSize = 10
        configuration.maximumResidentPages = 6
        configuration.maximumLoadsInFlight = 2
        return configuration
    }
}
