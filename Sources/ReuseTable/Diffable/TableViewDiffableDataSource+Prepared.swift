import Foundation

// The two halves of an async apply, taken apart for the bench: the difference,
// computed anywhere (snapshots are values), and its application on the main
// actor. `applyOnePercentMainActor` times the second half alone.

/// A difference between two snapshots computed ahead of its apply (see `TableViewDiffableDataSource.prepareApply(from:to:)`).
@_spi(Internals) public struct PreparedSnapshotApply<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>: Sendable {
    let snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>
    let difference: SnapshotDifference
}

extension TableViewDiffableDataSource {
    /// Computes the difference from `old` to `new`, on any thread, for `apply(prepared:)`.
    /// - Complexity: that of the difference (see `apply(_:animatingDifferences:completion:)`).
    @_spi(Internals) public nonisolated static func prepareApply(
        from old: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
        to new: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>
    ) -> PreparedSnapshotApply<SectionIdentifier, ItemIdentifier> {
        PreparedSnapshotApply(snapshot: new, difference: SnapshotDifference(from: old, to: new))
    }

    /// Applies a prepared difference; the table must show the snapshot it was prepared from.
    /// - Complexity: the batch update alone: O(k log n) for k changes, or O(n) when they touch most rows.
    @_spi(Internals) public func apply(prepared: PreparedSnapshotApply<SectionIdentifier, ItemIdentifier>) {
        core.applyPrepared(prepared.snapshot, difference: prepared.difference, to: tableView)
    }
}
