import Foundation

// The reuse pool from the table's side: registration, dequeue, and where
// cells go when they leave the screen (`recycle`).

extension TableView {
    /// Registers the class `dequeueReusableCell` instantiates for `identifier`.
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        registeredClasses[identifier] = cellClass
        lastRegistration = nil
    }

    /// The class registered for `identifier`, remembering the last answer
    /// (a table asks about the same identifier for every row).
    func registeredClass(for identifier: String) -> TableViewCell.Type? {
        if let last = lastRegistration, last.identifier == identifier { return last.cellClass }
        guard let cellClass = registeredClasses[identifier] else { return nil }
        lastRegistration = (identifier, cellClass)
        return cellClass
    }

    /// A cell from the pool (after `prepareForReuse()`), a new one of the
    /// registered class, or nil when the pool is empty and nothing is registered.
    /// - Complexity: O(1).
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        if let cell = pool.dequeue(identifier) {
            cell.prepareForReuse()
            return cell
        }
        guard let cellClass = registeredClass(for: identifier) else { return nil }
        pool.noteCreated(identifier)
        return cellClass.init(reuseIdentifier: identifier)
    }

    /// Always a cell: pooled or new. An unregistered identifier stops with a message naming it.
    /// - Complexity: O(1).
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        do {
            try validateDequeue(identifier: identifier, for: indexPath)
        } catch {
            TableViewError.trap(error)
        }
        return dequeueReusableCell(withIdentifier: identifier)!
    }

    /// Throws UIKit's complaint when no class is registered for `identifier`.
    func validateDequeue(identifier: String, for indexPath: IndexPath) throws(TableViewError) {
        guard registeredClass(for: identifier) == nil else { return }
        throw TableViewError(
            "unable to dequeue a cell with identifier \"\(identifier)\" for row \(indexPath.tableDescription): "
                + "register a class for it with register(_:forCellReuseIdentifier:) first "
                + "(registered: \(registeredIdentifierList)).")
    }

    /// Cells ever created per identifier by dequeue (teaching counter).
    public var cellsCreatedByIdentifier: [String: Int] { pool.created }

    /// Asks the data source for the row's cell and counts cells the table has not seen before.
    func cellFromDataSource(at indexPath: IndexPath, from dataSource: TableViewDataSource? = nil) -> TableViewCell {
        counters.cellForRowCalls += 1
        guard let dataSource = dataSource ?? self.dataSource else {
            preconditionFailure("ReuseTable: the table has rows but no data source")
        }
        // The callback's name, for messages, without a closure (this runs for every row that appears).
        let saved = transaction.callback
        transaction.callback = "tableView(_:cellForRowAt:)"
        let cell = dataSource.tableView(self, cellForRowAt: indexPath)
        transaction.callback = saved
        if !cell.hasBeenSeenByTable {
            cell.hasBeenSeenByTable = true
            counters.cellsCreated += 1
        }
        return cell
    }

    /// Takes a cell off screen and puts it in the pool for its identifier.
    func recycle(_ cell: TableViewCell) {
        if !removeSubview(cell) { cell.removeFromSuperview() }
        guard let identifier = cell.reuseIdentifier, !cell.isTemplateLayoutCell else { return }
        pool.enqueue(cell, identifier: identifier)
    }

    /// Returns cells configured for measuring that the layout did not display.
    func flushMeasuredCells() {
        guard !measuredCells.isEmpty else { return }
        for cell in measuredCells.values { recycle(cell) }
        measuredCells.removeAll()
    }
}
