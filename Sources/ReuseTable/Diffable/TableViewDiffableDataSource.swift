import Foundation

/// A table data source driven by snapshots (UIKit: `UITableViewDiffableDataSource`).
///
/// It becomes the table's data source; you hand it snapshots and it works out
/// the deletions, insertions, moves and reloads, applying them as one batch
/// update so heights, geometry and visible cells follow. Keep a strong
/// reference to it: the table holds its data source weakly, as in UIKit.
/// An example and how the difference is computed: Docs/diffable.md.
@MainActor
open class TableViewDiffableDataSource<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>: TableViewDataSource {
    /// Makes the cell for an item: usually a dequeue plus configuration.
    public typealias CellProvider = @MainActor (TableView, IndexPath, ItemIdentifier) -> TableViewCell?

    /// The table this data source feeds (held weakly).
    public private(set) weak var tableView: TableView?
    private let cellProvider: CellProvider
    /// The snapshot, `apply` and the cell provider's guard, shared with `CollectionViewDiffableDataSource`.
    let core = DiffableDataSourceCore<SectionIdentifier, ItemIdentifier>(viewNoun: "table", owner: "TableViewDiffableDataSource")
    /// What the last `apply` did, for status lines and tests.
    public var lastApply: DiffableApplyReport { core.lastApply }
    /// The app's say in interactive reordering (`beginInteractiveMovementForRow(at:)`); by default nothing reorders.
    public var reorderingHandlers = DiffableDataSourceReorderingHandlers<SectionIdentifier, ItemIdentifier>()
    /// The handlers' types, as UIKit nests them.
    public typealias ReorderingHandlers = DiffableDataSourceReorderingHandlers<SectionIdentifier, ItemIdentifier>

    /// Creates the data source and installs it as `tableView.dataSource`.
    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    /// A copy of the current snapshot (with no pending reload or reconfigure marks).
    public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier> { core.current }

    /// Makes the table show `snapshot`, changing only what differs.
    ///
    /// The first apply on a table that has not loaded is a `reloadData()`. Later
    /// ones diff by identity and run one `performBatchUpdates`: unchanged items
    /// keep their cells and are not asked for heights again; moved items keep
    /// their cached heights; inserted and reloaded ones are asked. Then the
    /// visible cells of reconfigured items are configured again in place.
    /// `animatingDifferences` is accepted for parity; a headless table applies
    /// immediately, and both values diff (iOS 15 behaviour).
    /// Calling this from inside the cell provider stops with a message. While an async apply is in
    /// flight, it is queued behind it instead: it returns at once and `completion` runs once it is applied.
    /// - Complexity: O(n log n) for n items in the sections that changed, plus
    ///   O(k log n) for the k changes in the table; O(sections) when nothing changed.
    public func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        core.apply(snapshot, to: tableView, completion: completion)
    }

    /// Makes the table show `snapshot`, computing the difference off the main actor.
    ///
    /// The difference from the snapshot before it is computed in a background task (snapshots
    /// are values); the batch update then runs on the main actor, as `apply(_:animatingDifferences:completion:)`'s does.
    /// Applies made while one is in flight, async or not, are queued in order, and each diffs
    /// against the snapshot the one before it leaves; `snapshot()` answers what the table shows
    /// meanwhile. Returns once this snapshot is applied. See Docs/diffable.md, "Applying off the main actor".
    /// - Complexity: the difference (see `apply(_:animatingDifferences:completion:)`) off the main actor;
    ///   on it, O(k log n) for the k changes in the table, or O(n) when they touch most rows.
    public func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>, animatingDifferences: Bool = true
    ) async {
        await core.applyOffMainActor(snapshot) { [weak self] in self?.tableView }
    }

    /// Throws when `apply` would be reentrant (called from the cell provider), for tests and tools.
    func validateApply() throws(ReuseTableError) { try core.validateApply() }

    /// The item shown at an index path, or nil when there is none.
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifier? { core.current.item(at: indexPath) }

    /// Where an item is shown, or nil when it is not in the current snapshot.
    /// - Complexity: O(log n) in a section applied as a section snapshot, else O(items in its section).
    public func indexPath(for itemIdentifier: ItemIdentifier) -> IndexPath? { core.indexPath(for: itemIdentifier) }

    /// The section identifier at an index, or nil.
    public func sectionIdentifier(for index: Int) -> SectionIdentifier? { core.sectionIdentifier(for: index) }

    /// The index of a section identifier, or nil.
    public func index(for sectionIdentifier: SectionIdentifier) -> Int? { core.current.indexOfSection(sectionIdentifier) }

    // MARK: TableViewDataSource

    /// Number of sections in the current snapshot.
    public func numberOfSections(in tableView: TableView) -> Int { core.current.numberOfSections }

    /// Number of items in a section of the current snapshot.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        core.numberOfItems(inSection: section)
    }

    /// The cell provider's cell for the item at `indexPath`.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        core.cell(at: indexPath, describing: \.tableDescription) { cellProvider(tableView, indexPath, $0) }
    }

    // MARK: Editing and section index: override in a subclass, as with UIKit's diffable data source

    /// Whether the row can be edited (swiped). Default: false, as UIKit's diffable data source:
    /// override in a subclass to offer swipe actions and the default Delete.
    /// - Complexity: O(1).
    open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    /// The user asked to delete or insert the row: apply a snapshot without it. Default: nothing.
    /// - Complexity: O(1).
    open func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    /// The section index's titles. Default: nil (no index). Override in a subclass.
    /// - Complexity: O(1).
    open func sectionIndexTitles(for tableView: TableView) -> [String]? { nil }
    /// The section a section index title stands for. Default: `index`.
    /// - Complexity: O(1).
    open func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
}
