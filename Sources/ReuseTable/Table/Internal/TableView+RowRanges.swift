import Foundation

// Row ranges deleted and inserted in one section, without an index path per row: what a
// section snapshot's expand or collapse hands the table (Docs/outlines.md). They become an update
// plan of their own kind (`UpdatePlan.init(rowRangesIn:deleted:inserted:sectionCount:)`) applied by
// `apply(_:newCounts:)` like any batch — cells, selection, the open swipe, a lifted row, prefetching
// and the live-data anchor follow it there — with each range one step of the geometry, so a
// hundred thousand rows shown cost O(log n) there, plus their heights (one run when they share one).

extension TableView {
    /// Deletes `deleted` rows (old space, ascending) and inserts `inserted` rows (new space,
    /// ascending) of `section` as one update; false, changing nothing, when the table is not
    /// loaded, a batch is being recorded or a layout step runs, or the data source's counts
    /// disagree: the caller then records an ordinary batch.
    /// - Complexity: O(r log n) for r ranges, plus the inserted rows' heights and the visible cells.
    func applyRowRanges(inSection section: Int, deleted: [Range<Int>], inserted: [Range<Int>]) -> Bool {
        guard hasLoadedData, engine.batchRecorder.isIdle, !transaction.isActive, !transaction.isHolding, section < geometry.sectionCount
        else { return false }
        let oldCounts = countsAsLoaded
        guard let newCounts = try? fetchCounts(), newCounts.count == oldCounts.count else { return false }
        let removed = deleted.reduce(0) { $0 + $1.count }, added = inserted.reduce(0) { $0 + $1.count }
        for i in oldCounts.indices where newCounts[i] != oldCounts[i] + (i == section ? added - removed : 0) { return false }
        let plan = UpdatePlan(rowRangesIn: section, deleted: deleted, inserted: inserted, sectionCount: oldCounts.count)
        performTransaction { apply(plan, newCounts: newCounts) }
        return true
    }
}
