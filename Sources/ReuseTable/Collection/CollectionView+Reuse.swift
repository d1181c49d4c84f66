import Foundation

// The reuse pool from the collection view's side: registration, dequeue, and
// where cells go when they leave the screen (`recycle`).

extension CollectionView {
    /// Registers the class `dequeueReusableCell(withReuseIdentifier:for:)` instantiates for `identifier`.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        registeredClasses[identifier] = cellClass
    }

    /// Always a cell: from the pool (after `prepareForReuse()`) or new of the
    /// registered class. An unregistered identifier stops with a message naming it.
    /// - Complexity: O(1).
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        do {
            try validateDequeue(identifier: identifier, for: indexPath)
        } catch {
            TableViewError.trap(error)
        }
        if let cell = pool.dequeue(identifier) {
            cell.prepareForReuse()
            return cell
        }
        pool.noteCreated(identifier)
        return registeredClasses[identifier]!.init(reuseIdentifier: identifier)
    }

    /// Throws UIKit's complaint when no class is registered for `identifier`.
    func validateDequeue(identifier: String, for indexPath: IndexPath) throws(TableViewError) {
        guard registeredClasses[identifier] == nil else { return }
        throw TableViewError(
            "unable to dequeue a cell with identifier \"\(identifier)\" for item \(indexPath.collectionDescription): "
                + "register a class for it with register(_:forCellWithReuseIdentifier:) first "
                + "(registered: \(registeredIdentifierList)).")
    }

    /// Asks the data source for the item's cell and counts cells not seen before.
    func cellFromDataSource(at indexPath: IndexPath) -> CollectionViewCell {
        counters.cellForItemCalls += 1
        guard let dataSource else {
            preconditionFailure("ReuseTable: the collection view has items but no data source")
        }
        let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
        if !cell.hasBeenSeenByCollectionView {
            cell.hasBeenSeenByCollectionView = true
            counters.cellsCreated += 1
        }
        return cell
    }

    /// Takes a cell off screen and puts it in the pool for its identifier.
    func recycle(_ cell: CollectionViewCell) {
        cell.removeFromSuperview()
        guard let identifier = cell.reuseIdentifier, !cell.isTemplateLayoutCell else { return }
        pool.enqueue(cell, identifier: identifier)
    }
}
