import Foundation

// The reuse pool from the collection view's side: registration and asking the
// data source; dequeue and `recycle` are the engine's (`Engine/ReuseEngineView+Reuse.swift`).

extension CollectionView {
    /// Registers the class `dequeueReusableCell(withReuseIdentifier:for:)` instantiates for `identifier`.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        registerCell(cellClass, for: identifier)
    }

    /// Always a cell: from the pool (after `prepareForReuse()`) or new of the
    /// registered class. An unregistered identifier stops with a message naming it.
    /// - Complexity: O(1).
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        dequeueRegistered(identifier, for: indexPath, call: "dequeueReusableCell(withReuseIdentifier:for:)")
    }
}
