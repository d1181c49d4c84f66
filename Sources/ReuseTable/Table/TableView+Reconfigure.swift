import Foundation

// Reconfiguring visible rows in place (UIKit: `reconfigureRows(at:)`, iOS 15),
// used by diffable data sources for `reconfigureItems`. Not a batch update:
// the geometry, the height caches and every other cell are left alone.

extension TableView {
    /// Asks the data source again for the cells of these rows that are on screen,
    /// handing it the cell already showing the row: the visible cell is put on top
    /// of the reuse pool, so the data source's `dequeueReusableCell` returns that
    /// very cell (after `prepareForReuse()`). No row is deleted or inserted and no
    /// height is asked — unless rows size themselves (`rowHeight ==
    /// automaticDimension`), when the row is measured again and moved to its new
    /// height with `row(_:changedHeight:)`. Rows off screen are ignored: they are
    /// configured when they appear. Called from a data source or delegate method (a checkmark
    /// set from `didSelectRowAt`, a diffable apply), it runs when that step is done, after the
    /// calls queued before it, so its index paths name the rows as they are then.
    /// - Complexity: O(k log v) for k rows and v visible rows, plus the cells configured.
    public func reconfigureRows(at indexPaths: [IndexPath]) {
        if transaction.isActive { return transaction.enqueue("reconfigureRows(at:)", { [self] in reconfigureRows(at: indexPaths) }) }
        guard hasLoadedData else { return }
        performTransaction { reconfigureVisibleRows(at: indexPaths) }
    }

    private func reconfigureVisibleRows(at indexPaths: [IndexPath]) {
        for indexPath in indexPaths {
            guard let old = visibleRows[indexPath] else { continue }
            if let identifier = old.reuseIdentifier { pool.enqueue(old, identifier: identifier) }
            let cell = cellFromDataSource(at: indexPath)
            if cell !== old {
                // A different cell (another identifier, or no pool): it takes the old one's place;
                // the old one is already in the pool if it could be reused.
                old.removeFromSuperview()
                cell.frame = old.frame
                insertSubview(cell, at: 0)
                let entries = visibleRows.removeAll().map { entry in
                    entry.cell === old ? VisibleRows.Entry(section: entry.section, row: entry.row, cell: cell) : entry
                }
                visibleRows.replace(with: entries)
            }
            cell.layoutIfNeeded()
            showSelection(on: cell, at: indexPath)
            if rowHeight == TableView.automaticDimension {
                let height = fittingHeight(of: cell, tableWidth: bounds.width, describing: "row \(indexPath.tableDescription)")
                indexPathHeightCache.invalidateHeight(at: indexPath)
                if abs(Double(height) - Double(rectForRow(at: indexPath).height)) > 1e-9 {
                    row(indexPath, changedHeight: height)
                }
            }
        }
    }
}
