import Foundation

/// The bookkeeping behind prefetching, shared by `TableView` and `CollectionView`:
/// which index paths were announced to the prefetch data source and not yet
/// displayed or cancelled. Each view finds the rows or items just ahead of its
/// viewport in the direction of scrolling (nearest first); the window turns that
/// into what to announce and what to cancel.
///
/// - Complexity: O(a + p) per update for a ahead and p previously announced.
enum PrefetchWindow {
    /// Makes `ahead` the announced set. Returns the index paths to cancel (announced
    /// before, no longer ahead and not on screen — one that appeared was used, not
    /// cancelled), sorted, and those to announce (ahead and new), nearest first.
    static func advance(
        _ announced: inout Set<IndexPath>, to ahead: [IndexPath],
        isVisible: (IndexPath) -> Bool
    ) -> (cancelled: [IndexPath], announced: [IndexPath]) {
        let aheadSet = Set(ahead)
        let cancelled = announced.subtracting(aheadSet).filter { !isVisible($0) }.sorted()
        let new = ahead.filter { !announced.contains($0) }
        announced = aheadSet
        return (cancelled, new)
    }

    /// Forgets every announcement; returns them sorted, to cancel (reloads and updates).
    static func cancelAll(_ announced: inout Set<IndexPath>) -> [IndexPath] {
        let all = announced.sorted()
        announced.removeAll()
        return all
    }
}
