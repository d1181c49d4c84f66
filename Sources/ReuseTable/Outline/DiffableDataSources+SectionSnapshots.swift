import Foundation

// Section snapshots on the two diffable data sources: thin faces over
// `DiffableDataSourceCore+Outline.swift`. UIKit has them on its collection view's
// diffable data source only; the table's are beyond UIKit, with the same meaning.

extension TableViewDiffableDataSource: OutlineDisclosureToggling {
    /// The handlers asked when an item's outline disclosure is tapped (`TableView.tapOutlineDisclosure(at:)`).
    public var sectionSnapshotHandlers: SectionSnapshotHandlers<ItemIdentifier> {
        get { core.sectionSnapshotHandlers }
        set { core.sectionSnapshotHandlers = newValue }
    }

    /// Makes one section show the visible items of `snapshot` (beyond UIKit, whose table data
    /// source has no section snapshots: this is its collection view data source's call).
    ///
    /// The section's rows become `snapshot.visibleItems`; a section not in the current snapshot
    /// is appended. A section snapshot made from the one applied (`snapshot(for:)`, then
    /// changes) is applied as the row ranges its changes showed and hid, without a diff; any
    /// other is diffed like a whole snapshot. `snapshot()` then shows the section's visible items.
    /// - Complexity: O(k + log n) for k rows shown or hidden, plus the table's range update;
    ///   a diff of the section otherwise.
    public func apply(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifier>, to section: SectionIdentifier,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        core.apply(snapshot, to: section, view: tableView, completion: completion)
    }

    /// The section snapshot of a section: the one last applied to it, or its items as root items
    /// (empty for a section the snapshot does not hold).
    /// - Complexity: O(1) after a section snapshot was applied to it; O(n) the first time otherwise.
    public func snapshot(for section: SectionIdentifier) -> DiffableDataSourceSectionSnapshot<ItemIdentifier> {
        core.sectionSnapshot(for: section)
    }

    func toggleOutlineDisclosure(at indexPath: IndexPath) { core.toggleOutlineDisclosure(at: indexPath, view: tableView) }
    func isItemExpanded(at indexPath: IndexPath) -> Bool { core.isItemExpanded(at: indexPath) }
}

extension CollectionViewDiffableDataSource: OutlineDisclosureToggling {
    /// The handlers asked when an item's outline disclosure is tapped (`CollectionView.tapOutlineDisclosure(at:)`).
    public var sectionSnapshotHandlers: SectionSnapshotHandlers<ItemIdentifier> {
        get { core.sectionSnapshotHandlers }
        set { core.sectionSnapshotHandlers = newValue }
    }

    /// Makes one section show the visible items of `snapshot` (see
    /// `TableViewDiffableDataSource.apply(_:to:animatingDifferences:completion:)`).
    /// - Complexity: O(k + log n) for k items shown or hidden, plus the collection view's update;
    ///   a diff of the section otherwise.
    public func apply(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifier>, to section: SectionIdentifier,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        core.apply(snapshot, to: section, view: collectionView, completion: completion)
    }

    /// The section snapshot of a section: the one last applied to it, or its items as root items.
    /// - Complexity: O(1) after a section snapshot was applied to it; O(n) the first time otherwise.
    public func snapshot(for section: SectionIdentifier) -> DiffableDataSourceSectionSnapshot<ItemIdentifier> {
        core.sectionSnapshot(for: section)
    }

    func toggleOutlineDisclosure(at indexPath: IndexPath) { core.toggleOutlineDisclosure(at: indexPath, view: collectionView) }
    func isItemExpanded(at indexPath: IndexPath) -> Bool { core.isItemExpanded(at: indexPath) }
}
