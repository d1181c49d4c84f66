import Foundation

// Reconfiguring visible cells in place (UIKit, iOS 15: `reconfigureRows(at:)`,
// `reconfigureItems(at:)`), written once: not a batch update, so the geometry,
// the layout and every other cell are left alone. Used by the diffable data
// sources for `reconfigureItems`.

extension ReusingView {
    /// Asks the data source again for the visible cells at `indexPaths`, handing it
    /// the cell already showing each: that cell is put on top of the reuse pool, so
    /// `dequeueReusableCell` returns that very cell (after `prepareForReuse()`).
    /// A different cell (another identifier, or no pool) takes the old one's place
    /// through `place`; the old one is already in the pool if it could be reused.
    /// Index paths not on screen are ignored: they are configured when they appear.
    /// `reconfigured` runs for each cell configured (the table measures self-sizing rows there).
    /// `cellFromDataSource` answers nil once a callback queued a structural call (`ask(_:_:)`):
    /// the index paths of the visible cells not reconfigured yet are returned, and the view
    /// takes those cells off the screen so its next pass (after the queued call, wherever
    /// their rows are then) asks for them anew.
    /// - Complexity: O(k log v) for k index paths and v visible cells, plus the cells configured
    ///   (and O(v) for each one replaced by a different cell).
    func reconfigureVisibleCells(
        at indexPaths: [IndexPath], in visible: ReferenceWritableKeyPath<Self, VisibleRows<Cell>>,
        cellFromDataSource: (IndexPath) -> Cell?, place: (Cell) -> Void,
        reconfigured: (IndexPath, Cell) -> Void = { _, _ in }
    ) -> [IndexPath] {
        guard hasLoadedData else { return [] }
        for (position, indexPath) in indexPaths.enumerated() {
            guard let old = self[keyPath: visible][indexPath] else { continue }
            if let identifier = old.reuseIdentifier { pool.enqueue(old, identifier: identifier) }
            guard let cell = cellFromDataSource(indexPath) else {
                if let identifier = old.reuseIdentifier { _ = pool.dequeue(identifier) }  // back on screen, as it was
                return indexPaths[position...].filter { self[keyPath: visible][$0] != nil }
            }
            if cell !== old {
                old.removeFromSuperview()
                cell.frame = old.frame
                place(cell)
                let entries = self[keyPath: visible].removeAll().map { entry in
                    entry.cell === old ? VisibleRows.Entry(section: entry.section, row: entry.row, cell: cell) : entry
                }
                self[keyPath: visible].replace(with: entries)
            }
            cell.layoutIfNeeded()
            reconfigured(indexPath, cell)
        }
        return []
    }

    /// The cells on screen after any pending layout pass, as UIKit's `visibleCells`,
    /// `indexPathsForVisibleRows`/`Items` and `cellForRow`/`Item(at:)` answer.
    /// - Complexity: O(1), plus a pending layout pass.
    func visibleAfterLayout(_ visible: KeyPath<Self, VisibleRows<Cell>>) -> VisibleRows<Cell> {
        layoutIfNeeded()
        return self[keyPath: visible]
    }
}
