import Foundation

/// A collection view data source driven by snapshots (UIKit: `UICollectionViewDiffableDataSource`).
///
/// The same diff as `TableViewDiffableDataSource`, applied as one
/// `performBatchUpdates` of the collection view, so the layout keeps the sizes
/// and placement of every item that did not change. Keep a strong reference
/// to it: the collection view holds its data source weakly.
///
/// ```swift
/// let dataSource = CollectionViewDiffableDataSource<Int, Photo.ID>(collectionView: grid) { grid, indexPath, id in
///     grid.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
/// }
/// dataSource.apply(snapshot)
/// ```
@MainActor
open class CollectionViewDiffableDataSource<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>: CollectionViewDataSource {
    /// Makes the cell for an item: usually a dequeue plus configuration.
    public typealias CellProvider = @MainActor (CollectionView, IndexPath, ItemIdentifier) -> CollectionViewCell?
    /// Makes a section header or footer: the collection view, the kind, the index path (`[section, 0]`).
    public typealias SupplementaryViewProvider = @MainActor (CollectionView, String, IndexPath) -> CollectionReusableView?

    /// Makes the supplementary views (UIKit's name); nil, the default, or a nil answer shows none.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// The collection view this data source feeds (held weakly).
    public private(set) weak var collectionView: CollectionView?
    private let cellProvider: CellProvider
    private var current = DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>()
    private var isInCellProvider = false
    /// What the last `apply` did, for status lines and tests.
    public private(set) var lastApply = DiffableApplyReport()

    /// Creates the data source and installs it as `collectionView.dataSource`.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    /// A copy of the current snapshot (with no pending reload or reconfigure marks).
    public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier> { current }

    /// Makes the collection view show `snapshot`, changing only what differs
    /// (see `TableViewDiffableDataSource.apply`). Calling it from inside the cell
    /// provider stops with a message.
    /// - Complexity: O(n log n) for n items in the sections that changed, plus the
    ///   collection view's batch update; O(sections) when nothing changed.
    public func apply(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
                      animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        do { try validateApply() } catch { TableViewError.trap(error) }
        let start = DispatchTime.now().uptimeNanoseconds
        var next = snapshot
        next.clearMarks()
        guard let collectionView else { current = next; completion?(); return }
        if !collectionView.hasLoadedData || current.numberOfSections == 0 {
            current = next
            collectionView.reloadData()
            lastApply = DiffableApplyReport(reloadedData: true, nanoseconds: DispatchTime.now().uptimeNanoseconds - start)
            completion?()
            return
        }
        let difference = SnapshotDifference(from: current, to: snapshot)
        current = next
        if !difference.isEmpty {
            collectionView.performBatchUpdates({
                if !difference.deletedSections.isEmpty { collectionView.deleteSections(difference.deletedSections) }
                if !difference.insertedSections.isEmpty { collectionView.insertSections(difference.insertedSections) }
                for move in difference.movedSections { collectionView.moveSection(move.from, toSection: move.to) }
                if !difference.deletedItems.isEmpty { collectionView.deleteItems(at: difference.deletedItems) }
                if !difference.insertedItems.isEmpty { collectionView.insertItems(at: difference.insertedItems) }
                for move in difference.movedItems { collectionView.moveItem(at: move.from, to: move.to) }
                if !difference.reloadedItems.isEmpty { collectionView.reloadItems(at: difference.reloadedItems) }
            }, completion: nil)
        }
        if !difference.reconfiguredItems.isEmpty { collectionView.reconfigureItems(at: difference.reconfiguredItems) }
        lastApply = DiffableApplyReport(difference, nanoseconds: DispatchTime.now().uptimeNanoseconds - start)
        completion?()
    }

    /// Throws when `apply` would be reentrant (called from the cell provider), for tests and tools.
    func validateApply() throws(TableViewError) {
        if isInCellProvider {
            throw TableViewError("apply(_:animatingDifferences:completion:) was called from inside the cell provider; "
                + "the collection view is asking for a cell of the current snapshot. Apply after it finishes, not while it is laying out cells.")
        }
    }

    /// The item shown at an index path, or nil when there is none.
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifier? { current.item(at: indexPath) }

    /// Where an item is shown, or nil when it is not in the current snapshot.
    /// - Complexity: O(items in its section).
    public func indexPath(for itemIdentifier: ItemIdentifier) -> IndexPath? {
        current.indexPath(of: itemIdentifier).map { IndexPath(item: $0.item, section: $0.section) }
    }

    /// The section identifier at an index, or nil.
    public func sectionIdentifier(for index: Int) -> SectionIdentifier? {
        current.storage.sections.indices.contains(index) ? current.storage.sections[index] : nil
    }

    /// The index of a section identifier, or nil.
    public func index(for sectionIdentifier: SectionIdentifier) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: CollectionViewDataSource

    /// Number of sections in the current snapshot.
    public func numberOfSections(in collectionView: CollectionView) -> Int { current.numberOfSections }

    /// Number of items in a section of the current snapshot.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        current.storage.items[section].count
    }

    /// The cell provider's cell for the item at `indexPath`.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        guard let item = current.item(at: indexPath) else {
            TableViewError.trap(TableViewError("CollectionViewDiffableDataSource: no item at \(indexPath.collectionDescription) in the current snapshot."))
        }
        isInCellProvider = true
        defer { isInCellProvider = false }
        guard let cell = cellProvider(collectionView, indexPath, item) else {
            TableViewError.trap(TableViewError("CollectionViewDiffableDataSource: the cell provider returned nil for item \(describe(item)) at \(indexPath.collectionDescription)."))
        }
        return cell
    }

    /// The supplementary view provider's view, or none.
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind elementKind: String,
                               at indexPath: IndexPath) -> CollectionReusableView {
        supplementaryViewProvider?(collectionView, elementKind, indexPath) ?? .absentSupplementaryView()
    }
}
