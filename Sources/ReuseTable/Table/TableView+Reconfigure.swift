import Foundation

// Reconfiguring visible rows in place (UIKit: `reconfigureRows(at:)`, iOS 15);
// the steps are the engine's (`Engine/ReusingView+Reconfigure.swift`), plus
// measuring self-sizing rows again.

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
        performTransaction {
            reconfigureVisibleCells(
                at: indexPaths, in: \.visibleRows, cellFromDataSource: { cellFromDataSource(at: $0) },
                place: { insertSubview($0, at: 0) }
            ) { indexPath, cell in
                showSelection(on: cell, at: indexPath)
                guard rowHeight == TableView.automaticDimension else { return }
                let height = fittingHeight(of: cell, tableWidth: bounds.width, describing: "row \(indexPath.tableDescription)")
                indexPathHeightCache.invalidateHeight(at: indexPath)
                if abs(Double(height) - Double(rectForRow(at: indexPath).height)) > 1e-9 {
                    row(indexPath, changedHeight: height)
                }
            }
        }
    }
}
