import Foundation

// Row ranges deleted and inserted in one section, without an index path per row: what a
// section snapshot's expand or collapse hands the table (Docs/outlines.md). The same two
// phases as `apply(_:newCounts:)` — structure, then heights of what is new — with each range
// one step of the geometry, so a hundred thousand rows shown cost O(log n) there, plus their
// heights (one run when they share one).

extension TableView {
    /// Deletes `deleted` rows (old space, ascending) and inserts `inserted` rows (new space,
    /// ascending) of `section` as one update; false, changing nothing, when the table is in a state
    /// the range path does not cover (not loaded, inside a batch or a layout step, editing, a row
    /// lifted) or the data source's counts disagree: the caller then records an ordinary batch.
    /// - Complexity: O(r log n) for r ranges, plus the inserted rows' heights and the visible cells.
    func applyRowRanges(inSection section: Int, deleted: [Range<Int>], inserted: [Range<Int>]) -> Bool {
        guard hasLoadedData, engine.batchRecorder.isIdle, !transaction.isActive, !transaction.isHolding, !isEditing,
            engine.pass.movement == nil, section < geometry.sectionCount
        else { return false }
        let oldCounts = countsAsLoaded
        guard let newCounts = try? fetchCounts(), newCounts.count == oldCounts.count else { return false }
        let removed = deleted.reduce(0) { $0 + $1.count }, added = inserted.reduce(0) { $0 + $1.count }
        for i in oldCounts.indices where newCounts[i] != oldCounts[i] + (i == section ? added - removed : 0) { return false }
        performTransaction { applyRanges(section, deleted: deleted, inserted: inserted, newCount: newCounts[section]) }
        return true
    }

    private func applyRanges(_ section: Int, deleted: [Range<Int>], inserted: [Range<Int>], newCount: Int) {
        let map = RowRangeMap(deleted: deleted, inserted: inserted)
        let newIndexPath = { (old: IndexPath) -> IndexPath? in
            guard old.section == section else { return old }
            return map.newRow(ofOld: old.row).map { IndexPath(row: $0, section: section) }
        }
        recordBeforeChange { liveAnchor(newIndexPath) }
        returnCellsFromMeasuring()
        cancelAllPrefetching()
        // The row showing swipe actions follows the ranges; hidden, it closes while the table still has its old structure.
        followSwipe(to: newIndexPath)
        // Cells of deleted rows go to the pool now and hear `didEndDisplaying` (with their old
        // index paths) once the ranges are applied, as a batch does.
        let leaving = moveCellsOnScreen(lifted: nil, to: newIndexPath)
        changeSelection { $0.follow(newIndexPath) }
        for view in visibleSupplementaryViews.values { recycleSupplementary(view) }
        visibleSupplementaryViews = [:]

        // Structure: each range one step of the geometry and the cache; fresh rows get placeholders.
        let header = geometry.headerIndex(ofSection: section)
        for range in deleted.reversed() {
            geometry.removeSubrange((header + 1 + range.lowerBound)..<(header + 1 + range.upperBound))
            indexPathHeightCache.removeRows(range, inSection: section)
        }
        for range in inserted {
            geometry.insert([placeholderRowRun(count: range.count)], at: header + 1 + range.lowerBound)
            indexPathHeightCache.insertRows(range.count, at: IndexPath(row: range.lowerBound, section: section))
        }

        // Heights of the fresh rows, asked with the new structure in place: a run at a time.
        defer { heightPlan.firstRow = nil }
        let margin = Double(appliedRowMargin)
        for range in inserted {
            guard !transaction.hasDeferredWork else {
                measureEverythingAtNextPass()
                break
            }
            resolveHeightPlan(first: IndexPath(row: range.lowerBound, section: section))
            var runs: [HeightRun] = []
            var row = range.lowerBound
            while row < range.upperBound, !transaction.hasDeferredWork,
                var run = heightPlan.rowRun(section: section, row: row, count: range.upperBound, margin: margin, table: self)
            {
                run.count = min(run.count, range.upperBound - row)
                runs.append(run)
                row += run.count
            }
            if row < range.upperBound {  // cut short by a queued call
                runs.append(placeholderRowRun(count: range.upperBound - row))
                measureEverythingAtNextPass()
            }
            let start = header + 1 + range.lowerBound
            geometry.removeSubrange(start..<(start + range.count))
            geometry.insert(runs, at: start)
        }
        tellDidEndDisplaying(leaving)
        _ = clampOffsetToContent()
        runLayoutPass()
    }
}
