import Foundation

/// A collection view data source driven by snapshots (UIKit: `UICollectionViewDiffableDataSource`).
///
/// The same diff as `TableViewDiffableDataSource`, applied as one
/// `performBatchUpdates` of the collection view, so the layout keeps the sizes
/// and placement of every item that did not change. Keep a strong reference
/// to it: the collection view holds its data source weakly.
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
    /// The snapshot, `apply` and the cell provider's guard, shared with `TableViewDiffableDataSource`.
    let core = DiffableDataSourceCore<SectionIdentifier, ItemIdentifier>(viewNoun: "collection view", owner: "CollectionViewDiffableDataSource")
    /// What the last `apply` did, for status lines and tests.
    public var lastApply: DiffableApplyReport { core.lastApply }
    /// The app's say in interactive reordering (`beginInteractiveMovementForItem(at:)`); by default nothing reorders.
    public var reorderingHandlers = DiffableDataSourceReorderingHandlers<SectionIdentifier, ItemIdentifier>()
    /// The handlers' types, as UIKit nests them.
    public typealias ReorderingHandlers = DiffableDataSourceReorderingHandlers<SectionIdentifier, ItemIdentifier>

    /// Creates the data source and installs it as `collectionView.dataSource`.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    /// A copy of the current snapshot (with no pending reload or reconfigure marks).
    public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier> { core.current }

    /// Makes the collection view show `snapshot`, changing only what differs
    /// (see `TableViewDiffableDataSource.apply`). Calling it from inside the cell
    /// provider stops with a message; while an async apply is in flight it is queued instead.
    /// - Complexity: O(n log n) for n items in the sections that changed, plus the
    ///   collection view's batch update; O(sections) when nothing changed.
    public func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        core.apply(snapshot, to: collectionView, completion: completion)
    }

    /// Makes the collection view show `snapshot`, computing the difference off the main actor.
    ///
    /// The difference from the snapshot before it is computed in a background task (snapshots
    /// are values); the batch update then runs on the main actor, as `apply(_:animatingDifferences:completion:)`'s does.
    /// Applies made while one is in flight, async or not, are queued in order, and each diffs
    /// against the snapshot the one before it leaves; `snapshot()` answers what the collection view shows
    /// meanwhile. Returns once this snapshot is applied. See Docs/diffable.md, "Applying off the main actor".
    /// - Complexity: the difference (see `apply(_:animatingDifferences:completion:)`) off the main actor;
    ///   on it, O(k log n) for the k changes in the collection view, or O(n) when they touch most rows.
    public func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>, animatingDifferences: Bool = true
    ) async {
        await core.applyOffMainActor(snapshot) { [weak self] in self?.collectionView }
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

    // MARK: CollectionViewDataSource

    /// Number of sections in the current snapshot.
    public func numberOfSections(in collectionView: CollectionView) -> Int { core.current.numberOfSections }

    /// Number of items in a section of the current snapshot.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        core.numberOfItems(inSection: section)
    }

    /// The cell provider's cell for the item at `indexPath`.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        core.cell(at: indexPath, describing: \.collectionDescription) { cellProvider(collectionView, indexPath, $0) }
    }

    /// The supplementary view provider's view, or none.
    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind elementKind: String,
        at indexPath: IndexPath
    ) -> CollectionReusableView {
        supplementaryViewProvider?(collectionView, elementKind, indexPath) ?? .absentSupplementaryView()
    }
}
