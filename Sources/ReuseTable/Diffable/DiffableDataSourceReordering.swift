import Foundation

// Reordering through a diffable data source (UIKit's `reorderingHandlers`): when the view
// drops a lifted row or item, the data source moves the item in its snapshot, telling the
// app before and after with a transaction. The view moves the row itself (the drop is a
// `moveRow(at:to:)`), so the data source only follows: no apply, no batch of its own.
// See Docs/reordering.md.

/// What an interactive reorder did to a diffable data source's snapshot (UIKit:
/// `NSDiffableDataSourceTransaction`): the snapshot before, the one after and the difference.
public struct DiffableDataSourceTransaction<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>: Sendable {
    /// The snapshot before the reorder.
    public let initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>
    /// The snapshot after the reorder: the data source's snapshot from then on.
    public let finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>
    /// What changed, in a batch update's index spaces (one moved item).
    public let difference: SnapshotDifference
}

/// The app's say in interactive reordering through a diffable data source (UIKit:
/// `UITableViewDiffableDataSource.ReorderingHandlers`). With no `canReorderItem` nothing reorders.
@MainActor
public struct DiffableDataSourceReorderingHandlers<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable> {
    /// The transaction both callbacks receive.
    public typealias Transaction = DiffableDataSourceTransaction<SectionIdentifier, ItemIdentifier>
    /// Whether the item may be lifted and moved (nil: no item may).
    public var canReorderItem: ((ItemIdentifier) -> Bool)?
    /// Called when a lifted item is dropped, before the data source's snapshot changes.
    public var willReorder: ((Transaction) -> Void)?
    /// Called after the data source's snapshot took the move; an `apply` from here runs after the view's move.
    public var didReorder: ((Transaction) -> Void)?

    /// Handlers that allow nothing (set `canReorderItem` to allow reordering).
    public init(
        canReorderItem: ((ItemIdentifier) -> Bool)? = nil, willReorder: ((Transaction) -> Void)? = nil,
        didReorder: ((Transaction) -> Void)? = nil
    ) {
        self.canReorderItem = canReorderItem
        self.willReorder = willReorder
        self.didReorder = didReorder
    }
}

extension DiffableDataSourceCore {
    /// Whether the item at `indexPath` may move, by `handlers`.
    func canReorder(at indexPath: IndexPath, _ handlers: DiffableDataSourceReorderingHandlers<SectionIdentifier, ItemIdentifier>) -> Bool {
        guard let can = handlers.canReorderItem, let item = current.item(at: indexPath) else { return false }
        return can(item)
    }

    /// The view dropped the item at `source` at `destination` (the index space after the move):
    /// `willReorder`, the snapshot follows, `didReorder`.
    /// - Complexity: O(items in the two sections).
    func reorder(
        from source: IndexPath, to destination: IndexPath,
        _ handlers: DiffableDataSourceReorderingHandlers<SectionIdentifier, ItemIdentifier>
    ) {
        guard let item = current.item(at: source), let section = sectionIdentifier(for: destination.section) else { return }
        guard handlers.willReorder != nil || handlers.didReorder != nil else {
            // No one to hand a transaction: the move is made in the data source's own snapshot, which
            // keeping the snapshot before would copy whole (most of a drop's time at a million items).
            move(item, to: destination.row, in: section, of: &current)
            current.clearMarks()
            return
        }
        let initial = current
        var final = initial
        move(item, to: destination.row, in: section, of: &final)
        let transaction = DiffableDataSourceTransaction(
            initialSnapshot: initial, finalSnapshot: final, difference: SnapshotDifference(from: initial, to: final))
        handlers.willReorder?(transaction)
        follow(final)
        handlers.didReorder?(transaction)
    }

    /// Moves `item` to `row` of `section` (a row counted after its removal) in `snapshot`.
    /// - Complexity: O(items in the two sections).
    private func move(
        _ item: ItemIdentifier, to row: Int, in section: SectionIdentifier,
        of snapshot: inout DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>
    ) {
        snapshot.deleteItems([item])
        let items = snapshot.itemIdentifiers(inSection: section)
        if row < items.count {
            snapshot.insertItems([item], beforeItem: items[row])
        } else {
            snapshot.appendItems([item], toSection: section)
        }
    }
}

extension TableViewDiffableDataSource {
    /// Whether the item at `indexPath` may move: `reorderingHandlers.canReorderItem`'s answer (false without it).
    /// - Complexity: O(1) plus the handler.
    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        core.canReorder(at: indexPath, reorderingHandlers)
    }

    /// The table dropped a lifted row: the snapshot moves the item, between `willReorder` and `didReorder`.
    /// - Complexity: O(items in the two sections).
    public func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        core.reorder(from: sourceIndexPath, to: destinationIndexPath, reorderingHandlers)
    }
}

extension CollectionViewDiffableDataSource {
    /// Whether the item at `indexPath` may move: `reorderingHandlers.canReorderItem`'s answer (false without it).
    /// - Complexity: O(1) plus the handler.
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        core.canReorder(at: indexPath, reorderingHandlers)
    }

    /// The collection view dropped a lifted item: the snapshot moves it, between `willReorder` and `didReorder`.
    /// - Complexity: O(items in the two sections).
    public func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        core.reorder(from: sourceIndexPath, to: destinationIndexPath, reorderingHandlers)
    }
}
