import Foundation

// Reconfiguring visible items in place (UIKit: `reconfigureItems(at:)`, iOS 15),
// used by diffable data sources for `reconfigureItems`. Not a batch update:
// the layout and every other cell are left alone.

extension CollectionView {
    /// Asks the data source again for the cells of these items that are on screen,
    /// handing it the cell already showing the item: the visible cell is put on top
    /// of the reuse pool, so `dequeueReusableCell` returns that very cell (after
    /// `prepareForReuse()`). Sizes come from the layout and are not asked again;
    /// call `collectionViewLayout.invalidateItems(at:)` when an item's size changed.
    /// Called from a data source or delegate method (a diffable apply from `didSelectItemAt`),
    /// it runs when that step is done, after the calls queued before it.
    /// - Complexity: O(k log v) for k items and v visible items, plus the cells configured.
    public func reconfigureItems(at indexPaths: [IndexPath]) {
        if deferIfBusy("reconfigureItems(at:)", { [self] in reconfigureItems(at: indexPaths) }) { return }
        guard hasLoadedData else { return }
        performTransaction { reconfigureVisibleItems(at: indexPaths) }
    }

    private func reconfigureVisibleItems(at indexPaths: [IndexPath]) {
        for indexPath in indexPaths {
            guard let old = visibleItems[indexPath] else { continue }
            if let identifier = old.reuseIdentifier { pool.enqueue(old, identifier: identifier) }
            let cell = calling("collectionView(_:cellForItemAt:)") { cellFromDataSource(at: indexPath) }
            if cell !== old {
                old.removeFromSuperview()
                cell.frame = old.frame
                addSubview(cell)
                let entries = visibleItems.removeAll().map { entry in
                    entry.cell === old ? VisibleRows.Entry(section: entry.section, row: entry.row, cell: cell) : entry
                }
                visibleItems.replace(with: entries)
            }
            cell.layoutIfNeeded()
            showSelection(on: cell, at: indexPath)
        }
    }
}
