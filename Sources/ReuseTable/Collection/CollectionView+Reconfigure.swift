import Foundation

// Reconfiguring visible items in place (UIKit: `reconfigureItems(at:)`, iOS 15);
// the steps are the engine's (`Engine/ReusingView+Reconfigure.swift`).

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
        performTransaction {
            let waiting = reconfigureVisibleCells(
                at: indexPaths, in: \.cellsOnScreen,
                cellFromDataSource: { cellFromDataSource(at: $0) },
                place: { addSubview($0) }
            ) { indexPath, cell in
                showSelection(on: cell, at: indexPath)
            }
            guard !waiting.isEmpty else { return }
            // A callback queued a call while the cells were asked: the rest leave the screen
            // and are asked anew by the pass after that call.
            let items = Set(waiting)
            recycle(cellsOnScreen.partition { !items.contains($0.indexPath) })
            pass.requests.insert(.runAgain)
        }
    }
}
