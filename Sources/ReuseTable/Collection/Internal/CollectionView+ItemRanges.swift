import Foundation

// Item ranges deleted and inserted in one section, without an index path per item: what a
// section snapshot's expand or collapse hands a collection view (Docs/outlines.md). They become an
// update plan of their own kind (`UpdatePlan.init(rowRangesIn:deleted:inserted:sectionCount:)`)
// applied by `apply(_:newCounts:)` like any batch — cells, selection, the open swipe, a lifted item,
// prefetching and the live-data anchor follow it there. The compositional layout takes each range
// as one step (`CollectionViewCompositionalLayout+ItemRanges.swift`), so 10^5 items shown cost
// O(log n) in its tree; other layouts take the ranges item by item.

extension CollectionView {
    /// Deletes `deleted` items (old space, ascending) and inserts `inserted` items (new space,
    /// ascending) of `section` as one update; false, changing nothing, when the view is not loaded,
    /// a batch is being recorded or a layout step runs, or the data source's counts disagree: the
    /// caller then records an ordinary batch.
    /// - Complexity: O(r log r) for r ranges, plus the layout's range update and the visible cells.
    func applyItemRanges(inSection section: Int, deleted: [Range<Int>], inserted: [Range<Int>]) -> Bool {
        guard hasLoadedData, engine.batchRecorder.isIdle, !transaction.isActive, !transaction.isHolding, section < itemCounts.count
        else { return false }
        let oldCounts = itemCounts
        guard let newCounts = try? fetchCounts(), newCounts.count == oldCounts.count else { return false }
        let removed = deleted.reduce(0) { $0 + $1.count }, added = inserted.reduce(0) { $0 + $1.count }
        for i in oldCounts.indices where newCounts[i] != oldCounts[i] + (i == section ? added - removed : 0) { return false }
        let plan = UpdatePlan(rowRangesIn: section, deleted: deleted, inserted: inserted, sectionCount: oldCounts.count)
        performTransaction { apply(plan, newCounts: newCounts) }
        return true
    }
}
