import Foundation

// The reuse pool from the collection view's side: registration and asking the
// data source; dequeue and `recycle` are the engine's (`Reuse/ReusePool.swift`).

extension CollectionView {
    /// Registers the class `dequeueReusableCell(withReuseIdentifier:for:)` instantiates for `identifier`.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        registerCell(cellClass, for: identifier)
    }

    /// Always a cell: from the pool (after `prepareForReuse()`) or new of the
    /// registered class. An unregistered identifier stops with a message naming it. The cell learns
    /// where the layout places `indexPath` first: a `CollectionViewListCell` in a list section takes
    /// its list's appearance (`defaultContentConfiguration()`).
    /// - Complexity: O(1).
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        let cell = dequeueRegistered(identifier, for: indexPath, call: "dequeueReusableCell(withReuseIdentifier:for:)")
        cell.takePlace(at: indexPath, in: collectionViewLayout)
        return cell
    }

    /// Tells each cell on screen where the layout places its item now — after the layout is
    /// prepared, since an update or an invalidation may have moved it (a list cell that became or
    /// stopped being its section's header item updates its configuration).
    /// - Complexity: O(v) for v cells on screen.
    func placeCellsOnScreen() {
        for entry in engine.cellsOnScreen.entries { entry.cell.takePlace(at: entry.indexPath, in: collectionViewLayout) }
    }
}
