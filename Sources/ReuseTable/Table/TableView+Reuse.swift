import Foundation

// The reuse pool from the table's side: registration and asking the data
// source; dequeue and `recycle` are the engine's (`Engine/ReuseEngineView+Reuse.swift`).

extension TableView {
    /// Registers the class `dequeueReusableCell` instantiates for `identifier`.
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        registerCell(cellClass, for: identifier)
    }

    /// A cell from the pool (after `prepareForReuse()`), a new one of the
    /// registered class, or nil when the pool is empty and nothing is registered.
    /// - Complexity: O(1).
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        dequeuePooledOrNew(identifier)
    }

    /// Always a cell: pooled or new. An unregistered identifier stops with a message naming it.
    /// - Complexity: O(1).
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        dequeueRegistered(identifier, for: indexPath, call: "dequeueReusableCell(withIdentifier:for:)")
    }
}
