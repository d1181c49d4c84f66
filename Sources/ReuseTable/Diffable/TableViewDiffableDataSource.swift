import Foundation

/// A table data source driven by snapshots (UIKit: `UITableViewDiffableDataSource`).
///
/// It becomes the table's data source; you hand it snapshots and it works out
/// the deletions, insertions, moves and reloads, applying them as one batch
/// update so heights, geometry and visible cells follow. Keep a strong
/// reference to it: the table holds its data source weakly, as in UIKit.
///
/// ```swift
/// let dataSource = TableViewDiffableDataSource<Int, Post.ID>(tableView: table) { table, indexPath, id in
///     let cell = table.dequeueReusableCell(withIdentifier: "post", for: indexPath)
///     cell.textLabel.text = posts[id]!.title
///     return cell
/// }
/// var snapshot = DiffableDataSourceSnapshot<Int, Post.ID>()
/// snapshot.appendSections([0])
/// snapshot.appendItems(posts.keys.sorted())
/// dataSource.apply(snapshot)
/// ```
@MainActor
open class TableViewDiffableDataSource<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>: TableViewDataSource {
    /// Makes the cell for an item: usually a dequeue plus configuration.
    public typealias CellProvider = @MainActor (TableView, IndexPath, ItemIdentifier) -> TableViewCell?

    /// The table this data source feeds (held weakly).
    public private(set) weak var tableView: TableView?
    private let cellProvider: CellProvider
    private var current = DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>()
    private var isInCellProvider = false
    /// What the last `apply` did, for status lines and tests.
    public private(set) var lastApply = DiffableApplyReport()

    /// Creates the data source and installs it as `tableView.dataSource`.
    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    /// A copy of the current snapshot (with no pending reload or reconfigure marks).
    public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier> { current }

    /// Makes the table show `snapshot`, changing only what differs.
    ///
    /// The first apply on a table that has not loaded is a `reloadData()`. Later
    /// ones diff by identity and run one `performBatchUpdates`: unchanged items
    /// keep their cells and are not asked for heights again; moved items keep
    /// their cached heights; inserted and reloaded ones are asked. Then the
    /// visible cells of reconfigured items are configured again in place.
    /// `animatingDifferences` is accepted for parity; a headless table applies
    /// immediately, and both values diff (iOS 15 behaviour).
    /// Calling this from inside the cell provider stops with a message.
    /// - Complexity: O(n log n) for n items in the sections that changed, plus
    ///   O(k log n) for the k changes in the table; O(sections) when nothing changed.
    public func apply(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
                      animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        do { try validateApply() } catch { TableViewError.trap(error) }
        let start = DispatchTime.now().uptimeNanoseconds
        var next = snapshot
        next.clearMarks()
        guard let tableView else { current = next; completion?(); return }
        if !tableView.hasLoadedData || current.numberOfSections == 0 {
            current = next
            tableView.reloadData()
            lastApply = DiffableApplyReport(reloadedData: true, nanoseconds: DispatchTime.now().uptimeNanoseconds - start)
            completion?()
            return
        }
        let difference = SnapshotDifference(from: current, to: snapshot)
        current = next
        if !difference.isEmpty {
            tableView.performBatchUpdates({
                if !difference.deletedSections.isEmpty { tableView.deleteSections(difference.deletedSections, with: .automatic) }
                if !difference.insertedSections.isEmpty { tableView.insertSections(difference.insertedSections, with: .automatic) }
                for move in difference.movedSections { tableView.moveSection(move.from, toSection: move.to) }
                if !difference.deletedItems.isEmpty { tableView.deleteRows(at: difference.deletedItems, with: .automatic) }
                if !difference.insertedItems.isEmpty { tableView.insertRows(at: difference.insertedItems, with: .automatic) }
                for move in difference.movedItems { tableView.moveRow(at: move.from, to: move.to) }
                if !difference.reloadedItems.isEmpty { tableView.reloadRows(at: difference.reloadedItems, with: .automatic) }
            }, completion: nil)
        }
        if !difference.reconfiguredItems.isEmpty { tableView.reconfigureRows(at: difference.reconfiguredItems) }
        lastApply = DiffableApplyReport(difference, nanoseconds: DispatchTime.now().uptimeNanoseconds - start)
        completion?()
    }

    /// Throws when `apply` would be reentrant (called from the cell provider), for tests and tools.
    func validateApply() throws(TableViewError) {
        if isInCellProvider {
            throw TableViewError("apply(_:animatingDifferences:completion:) was called from inside the cell provider; "
                + "the table is asking for a cell of the current snapshot. Apply after the table finishes, not while it is laying out cells.")
        }
    }

    /// The item shown at an index path, or nil when there is none.
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifier? {
        current.item(at: indexPath)
    }

    /// Where an item is shown, or nil when it is not in the current snapshot.
    /// - Complexity: O(items in its section).
    public func indexPath(for itemIdentifier: ItemIdentifier) -> IndexPath? {
        current.indexPath(of: itemIdentifier)
    }

    /// The section identifier at an index, or nil.
    public func sectionIdentifier(for index: Int) -> SectionIdentifier? {
        current.storage.sections.indices.contains(index) ? current.storage.sections[index] : nil
    }

    /// The index of a section identifier, or nil.
    public func index(for sectionIdentifier: SectionIdentifier) -> Int? {
        current.indexOfSection(sectionIdentifier)
    }

    // MARK: TableViewDataSource

    /// Number of sections in the current snapshot.
    public func numberOfSections(in tableView: TableView) -> Int { current.numberOfSections }

    /// Number of items in a section of the current snapshot.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        current.storage.items[section].count
    }

    /// The cell provider's cell for the item at `indexPath`.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let item = current.item(at: indexPath) else {
            TableViewError.trap(TableViewError("TableViewDiffableDataSource: no item at \(indexPath.tableDescription) in the current snapshot."))
        }
        isInCellProvider = true
        defer { isInCellProvider = false }
        guard let cell = cellProvider(tableView, indexPath, item) else {
            TableViewError.trap(TableViewError("TableViewDiffableDataSource: the cell provider returned nil for item \(describe(item)) at \(indexPath.tableDescription)."))
        }
        return cell
    }
}

/// What one `apply` did: counts of each kind of change and its duration.
public struct DiffableApplyReport: Sendable, Equatable {
    /// Whether the apply was a `reloadData()` (the first one).
    public var reloadedData = false
    /// Items inserted (including reloaded items that also moved).
    public var inserted = 0
    /// Items deleted.
    public var deleted = 0
    /// Items moved (the fewest that produce the new order).
    public var moved = 0
    /// Items reloaded in place.
    public var reloaded = 0
    /// Items reconfigured in place.
    public var reconfigured = 0
    /// Sections inserted, deleted and moved.
    public var sectionsInserted = 0, sectionsDeleted = 0, sectionsMoved = 0
    /// Wall time of the apply, diff and table update included.
    public var nanoseconds: UInt64 = 0

    /// An empty report.
    public init() {}

    init(reloadedData: Bool, nanoseconds: UInt64) {
        self.reloadedData = reloadedData
        self.nanoseconds = nanoseconds
    }

    init(_ difference: SnapshotDifference, nanoseconds: UInt64) {
        inserted = difference.insertedItems.count
        deleted = difference.deletedItems.count
        moved = difference.movedItems.count
        reloaded = difference.reloadedItems.count
        reconfigured = difference.reconfiguredItems.count
        sectionsInserted = difference.insertedSections.count
        sectionsDeleted = difference.deletedSections.count
        sectionsMoved = difference.movedSections.count
        self.nanoseconds = nanoseconds
    }
}

extension DiffableDataSourceSnapshot {
    /// The item at a (section, row) position, or nil.
    func item(at indexPath: IndexPath) -> ItemIdentifier? {
        guard indexPath.count == 2, storage.items.indices.contains(indexPath.section) else { return nil }
        let items = storage.items[indexPath.section]
        return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }

    /// The (section, row) of an item, or nil.
    func indexPath(of identifier: ItemIdentifier) -> IndexPath? {
        guard let location = try? storage.location(ofItem: identifier) else { return nil }
        return IndexPath(row: location.row, section: location.section)
    }

    /// Drops the reload and reconfigure marks (they belong to one apply).
    mutating func clearMarks() {
        guard !storage.reloaded.isEmpty || !storage.reconfigured.isEmpty else { return }
        try? attempt { storage in
            storage.reloaded.removeAll()
            storage.reconfigured.removeAll()
        }
    }
}
