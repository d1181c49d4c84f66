import Foundation

// Item ranges deleted and inserted in one section, without an index path per item: what a
// section snapshot's expand or collapse hands a collection view whose layout takes ranges (the
// compositional layout, so `list(using:)` outlines; Docs/outlines.md). The same steps as
// `apply(_:newCounts:)` — cells, selection and the live-data anchor follow the rows, then the
// height cache and the layout — with each range one step, so 10^5 items shown cost O(log n)
// in the layout's tree and nothing per item but the data source's identifiers.

extension CollectionView {
    /// Deletes `deleted` items (old space, ascending) and inserts `inserted` items (new space,
    /// ascending) of `section` as one update; false, changing nothing, when the layout does not take
    /// ranges or the view is in a state the range path does not cover (not loaded, inside a batch or
    /// a layout step, an item lifted) or the data source's counts disagree: the caller then records
    /// an ordinary batch.
    /// - Complexity: O(r log r) for r ranges, plus the layout's range update and the visible cells.
    func applyItemRanges(inSection section: Int, deleted: [Range<Int>], inserted: [Range<Int>]) -> Bool {
        guard hasLoadedData, engine.batchRecorder.isIdle, !transaction.isActive, !transaction.isHolding, engine.pass.movement == nil,
            let layout = collectionViewLayout as? CollectionViewCompositionalLayout, section < itemCounts.count
        else { return false }
        let oldCounts = itemCounts
        guard let newCounts = try? fetchCounts(), newCounts.count == oldCounts.count else { return false }
        let map = RowRangeMap(deleted: deleted, inserted: inserted)
        for i in oldCounts.indices where newCounts[i] != oldCounts[i] + (i == section ? map.insertedCount - map.deletedCount : 0) {
            return false
        }
        performTransaction { applyItemRanges(map, inSection: section, newCounts: newCounts, layout: layout) }
        return true
    }

    private func applyItemRanges(_ map: RowRangeMap, inSection section: Int, newCounts: [Int], layout: CollectionViewCompositionalLayout) {
        let newIndexPath = { (old: IndexPath) -> IndexPath? in
            guard old.count == 2, old.section == section else { return old }
            return map.newRow(ofOld: old.item).map { IndexPath(item: $0, section: section) }
        }
        recordBeforeChange { liveAnchor(newIndexPath) }
        cancelAllPrefetching()
        followSwipe(to: newIndexPath)  // the item showing swipe actions follows the ranges; hidden, it closes
        let leaving = moveCellsOnScreen(lifted: nil, to: newIndexPath)
        changeSelection { $0.follow(newIndexPath) }
        // Supplementary views keep their keys: no section moves (as a batch without section changes).

        for range in map.deleted.reversed() { indexPathHeightCache.removeRows(range, inSection: section) }
        for range in map.inserted { indexPathHeightCache.insertRows(range.count, at: IndexPath(item: range.lowerBound, section: section)) }
        itemCounts = newCounts
        layout.applyItemRanges(map, inSection: section, newCount: newCounts[section])
        // Prepared now, not at the pass's start: a layout waiting to be prepared is asked there for
        // an anchor when none was recorded (an empty list), and this one is half updated.
        layout.prepareIfNeeded()
        tellDidEndDisplaying(leaving)

        engine.pass.requests.insert(.clampOffset)  // the offset stays unless the content shrank below it
        runLayoutPass()
    }
}
