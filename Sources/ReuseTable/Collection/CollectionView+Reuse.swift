import Foundation

// The reuse pool from the collection view's side: registration and asking the
// data source; dequeue and `recycle` are the engine's (`Engine/ReusingView+Reuse.swift`).

extension CollectionView {
    /// Registers the class `dequeueReusableCell(withReuseIdentifier:for:)` instantiates for `identifier`.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        registeredClasses[identifier] = cellClass
    }

    /// Always a cell: from the pool (after `prepareForReuse()`) or new of the
    /// registered class. An unregistered identifier stops with a message naming it.
    /// - Complexity: O(1).
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        dequeueRegistered(identifier, for: indexPath)
    }

    /// Asks the data source for the item's cell (through `ask(_:_:)`: nil once a structural
    /// call is queued) and counts cells not seen before.
    func cellFromDataSource(at indexPath: IndexPath) -> CollectionViewCell? {
        guard let dataSource else {
            preconditionFailure("ReuseTable: the collection view has items but no data source")
        }
        guard let cell = ask("collectionView(_:cellForItemAt:)", { dataSource.collectionView(self, cellForItemAt: indexPath) }) else { return nil }
        counters.cellForItemCalls += 1
        noteHandedOver(cell)
        return cell
    }
}
