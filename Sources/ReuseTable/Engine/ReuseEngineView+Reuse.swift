import Foundation

// The reuse pool from both views' side, written once: dequeue, UIKit's
// complaint about an unregistered identifier, counting the cells a view is
// handed, and where cells go when they leave the screen (`recycle`).

extension ReuseEngineView {
    /// Registers `cellClass` for `identifier` (`register(_:forCellReuseIdentifier:)`, `register(_:forCellWithReuseIdentifier:)`).
    func registerCell(_ cellClass: Cell.Type, for identifier: String) {
        engine.registeredClasses[identifier] = cellClass
        engine.lastRegistration = nil
    }

    /// The class registered for `identifier`, remembering the last answer (a view asks about
    /// the same identifier for every row).
    /// - Complexity: O(1).
    func registeredClass(for identifier: String) -> Cell.Type? {
        if let last = engine.lastRegistration, last.identifier == identifier { return last.cellClass }
        guard let cellClass = engine.registeredClasses[identifier] else { return nil }
        engine.lastRegistration = (identifier, cellClass)
        return cellClass
    }

    /// A cell from the pool (after `prepareForReuse()`), a new one of the
    /// registered class, or nil when the pool is empty and nothing is registered. The cell showing
    /// a row or item being reconfigured comes back as it is, neither prepared nor reset, as UIKit
    /// hands it back (`Engine/ReuseEngineView+Reconfigure.swift`).
    /// - Complexity: O(1).
    func dequeuePooledOrNew(_ identifier: String) -> Cell? {
        if let cell = engine.pool.dequeue(identifier) {
            recorder?.cell(cell, .dequeued, in: self)
            if engine.pool.takeHandedBack(cell) { return cell }
            cell.resetSelectionForReuse()  // the view sets the new row's or item's state when it displays the cell
            cell.prepareForReuse()
            return cell
        }
        guard let cellClass = registeredClass(for: identifier) else { return nil }
        engine.pool.noteCreated(identifier)
        let cell = cellClass.init(reuseIdentifier: identifier)
        recorder?.cell(cell, .created, in: self)
        return cell
    }

    /// Always a cell, pooled or new; an unregistered identifier stops with a message naming `call` and it.
    /// - Complexity: O(1).
    func dequeueRegistered(_ identifier: String, for indexPath: IndexPath, call: String) -> Cell {
        do {
            try validateDequeue(identifier: identifier, for: indexPath)
        } catch {
            ReuseTableError.trap(error, in: call)
        }
        return dequeuePooledOrNew(identifier)!
    }

    /// Throws UIKit's complaint when no class is registered for `identifier`.
    func validateDequeue(identifier: String, for indexPath: IndexPath) throws(ReuseTableError) {
        guard registeredClass(for: identifier) == nil else { return }
        throw ReuseTableError(
            "unable to dequeue a cell with identifier \"\(identifier)\" for \(Self.vocabulary.row) \(Self.vocabulary.describe(indexPath)): "
                + "register a class for it with \(Self.vocabulary.cellRegistration) first "
                + "(registered: \(registeredIdentifierList)).")
    }

    /// Counts a cell the data source handed over, once per cell ("cells created").
    func noteHandedOver(_ cell: Cell) {
        guard !cell.hasBeenSeen else { return }
        cell.hasBeenSeen = true
        engine.counters.cellsCreated += 1
    }

    /// `isReusePoolEnabled` of both views: switching the pool off also drops its idle cells.
    func setReusePoolEnabled(_ enabled: Bool) {
        engine.pool.isEnabled = enabled
        if !enabled { engine.pool.removeAll() }
    }

    /// Takes a cell off screen and puts it in the pool for its identifier (template cells are never pooled).
    func recycle(_ cell: Cell) {
        if !removeSubview(cell) { cell.removeFromSuperview() }
        guard let identifier = cell.reuseIdentifier, !cell.isTemplate else { return }
        engine.pool.enqueue(cell, identifier: identifier)
        recorder?.cell(cell, .recycled, in: self)
    }
}
