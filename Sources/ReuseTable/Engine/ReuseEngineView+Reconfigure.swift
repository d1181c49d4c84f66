import Foundation

// Reconfiguring visible cells in place (UIKit, iOS 15: `reconfigureRows(at:)`,
// `reconfigureItems(at:)`), written once: not a batch update, so the geometry,
// the layout and every other cell are left alone. Used by the diffable data
// sources for `reconfigureItems`.

extension ReuseEngineView {
    /// `reconfigureRows(at:)` and `reconfigureItems(at:)`: called from a data source or delegate
    /// method, queued (`again` calls the public method when that step is done, after the calls
    /// queued before it); otherwise, in a transaction of its own, `prepare`, then every visible cell
    /// at `indexPaths` asked anew (`reconfigureVisibleCells(at:reconfigured:notReached:)`) and shown
    /// selected or not, then `finish`. The table measures self-sized rows in the closures.
    /// - Complexity: O(k log v) for k index paths and v visible cells, plus the cells configured.
    func reconfigure(
        at indexPaths: [IndexPath], call: String, again: @escaping () -> Void, prepare: () -> Void = {},
        reconfigured: (IndexPath, Cell) -> Void = { _, _ in }, notReached: (IndexPath) -> Void = { _ in }, finish: () -> Void = {}
    ) {
        if deferIfBusy(call, again) { return }
        performTransaction {
            prepare()
            reconfigureVisibleCells(at: indexPaths) { indexPath, cell in
                showSelection(on: cell, at: indexPath)
                reconfigured(indexPath, cell)
            } notReached: {
                notReached($0)
            }
            finish()
        }
    }

    /// Asks the data source again for the visible cells at `indexPaths`, handing it
    /// the cell already showing each: that cell is put on top of the reuse pool, so
    /// `dequeueReusableCell` returns that very cell, as it is — without `prepareForReuse()`,
    /// as UIKit reconfigures (`ReusePool.handBack(_:identifier:)`).
    /// A different cell (another identifier, or no pool) takes the old one's place;
    /// the old one is already in the pool if it could be reused. Index paths not on
    /// screen are ignored: they are configured when they appear. `reconfigured` runs
    /// for each cell configured (the table measures self-sizing rows there).
    ///
    /// Once a callback queued a structural call, `cellFromDataSource` answers nil (`ask(_:_:)`):
    /// the cells not reconfigured yet leave the screen (`notReached` runs for each first), so
    /// the next pass — after the queued call, wherever their rows are then — asks for them anew.
    /// - Complexity: O(k log v) for k index paths and v visible cells, plus the cells configured
    ///   (and O(v) for each one replaced by a different cell).
    func reconfigureVisibleCells(
        at indexPaths: [IndexPath], reconfigured: (IndexPath, Cell) -> Void,
        notReached: (IndexPath) -> Void = { _ in }
    ) {
        guard engine.hasLoadedData else { return }
        for (position, indexPath) in indexPaths.enumerated() {
            guard let old = engine.cellsOnScreen[indexPath] else { continue }
            if let identifier = old.reuseIdentifier { engine.pool.handBack(old, identifier: identifier) }
            let asked = cellFromDataSource(at: indexPath)
            engine.pool.endHandingBack()  // not dequeued (another identifier, or no dequeue): an idle cell like any other
            guard let cell = asked else {
                if let identifier = old.reuseIdentifier { _ = engine.pool.dequeue(identifier) }  // back on screen, as it was
                let waiting = indexPaths[position...].filter { engine.cellsOnScreen[$0] != nil }
                waiting.forEach(notReached)
                let rows = Set(waiting)
                recycle(changeCellsOnScreen { cells in cells.partition { !rows.contains($0.indexPath) } })
                engine.pass.requests.insert(.runAgain)
                return
            }
            if cell !== old {
                old.removeFromSuperview()
                cell.frame = old.frame
                addCellSubview(cell)
                changeCellsOnScreen { cells in
                    let entries = cells.removeAll().map { entry in
                        entry.cell === old ? CellsOnScreen.Entry(section: entry.section, row: entry.row, cell: cell) : entry
                    }
                    cells.replace(with: entries)
                }
            }
            cell.layoutIfNeeded()
            reconfigured(indexPath, cell)
        }
    }

    /// The cells on screen after any pending layout pass, as UIKit's `visibleCells`,
    /// `indexPathsForVisibleRows`/`Items` and `cellForRow`/`Item(at:)` answer.
    /// - Complexity: O(1), plus a pending layout pass.
    var cellsOnScreenAfterLayout: CellsOnScreen<Cell> {
        layoutIfNeeded()
        return engine.cellsOnScreen
    }
}
