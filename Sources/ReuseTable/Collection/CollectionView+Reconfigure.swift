import Foundation

// Reconfiguring visible items in place (UIKit: `reconfigureItems(at:)`, iOS 15);
// the steps are the engine's (`Engine/ReuseEngineView+Reconfigure.swift`).

extension CollectionView {
    /// Asks the data source again for the cells of these items that are on screen,
    /// handing it the cell already showing the item: the visible cell is put on top
    /// of the reuse pool, so `dequeueReusableCell` returns that very cell, as it is —
    /// without `prepareForReuse()`, as UIKit does: what the cell holds stays unless the
    /// data source changes it. Sizes come from the layout and are not asked again;
    /// call `collectionViewLayout.invalidateItems(at:)` when an item's size changed.
    /// Called from a data source or delegate method (a diffable apply from `didSelectItemAt`),
    /// it runs when that step is done, after the calls queued before it.
    /// - Complexity: O(k log v) for k items and v visible items, plus the cells configured.
    public func reconfigureItems(at indexPaths: [IndexPath]) {
        reconfigure(at: indexPaths, call: "reconfigureItems(at:)", again: { [self] in reconfigureItems(at: indexPaths) })
    }
}
