import Foundation

// Mutations with UIKit's semantics. Every call records into a `BatchUpdate`;
// the outermost batch is validated against the data source's new counts
// (`UpdatePlan.make`) and applied as primitive steps to the geometry, the
// index-path height cache and the visible cells — one mechanism for all three.
// Only inserted and reloaded rows are asked for heights; moved rows carry theirs.

extension TableView {
    /// Inserts rows at index paths named in the space *after* the update.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { $0.insertedRows += indexPaths }
    }

    /// Deletes rows at index paths named in the space *before* the update.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { $0.deletedRows += indexPaths }
    }

    /// Asks the data source again for these rows (old index paths): new cells and new heights.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { $0.reloadedRows += indexPaths }
    }

    /// Moves a row (old index path) to a new index path: a removal plus an insertion, never a swap. Its height moves with it.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { $0.movedRows.append((indexPath, newIndexPath)) }
    }

    /// Inserts sections (new indices); their rows come from the data source.
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { $0.insertedSections.formUnion(sections) }
    }

    /// Deletes sections (old indices) with all their rows.
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { $0.deletedSections.formUnion(sections) }
    }

    /// Asks the data source again for these sections (old indices).
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { $0.reloadedSections.formUnion(sections) }
    }

    /// Moves a section (old index) to a new index, rows and heights included.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record { $0.movedSections.append((section, newSection)) }
    }

    /// Applies every change made in `updates` as one batch, then calls `completion(true)`.
    ///
    /// Inside the batch, deletions and reloads use index paths from before the
    /// update, insertions from after it, whatever order the calls come in.
    /// An inconsistent batch stops with UIKit's kind of message and changes nothing.
    /// - Complexity: O(k log n + sections) for k changed rows.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        beginUpdates()
        updates?()
        endUpdates()
        completion?(true)
    }

    /// Starts recording a batch (UIKit's older spelling of `performBatchUpdates`); batches nest.
    public func beginUpdates() { batchRecorder.begin() }

    /// Ends a batch; the outermost one is validated and applied.
    public func endUpdates() {
        guard let batch = batchRecorder.end() else { return }
        guard hasLoadedData else { return reloadData() }
        do {
            let (plan, newCounts) = try validatedPlan(for: batch)
            apply(plan, newCounts: newCounts)
        } catch {
            TableViewError.trap(error)
        }
    }

    /// Records one call into the current batch, or makes it a batch of its own.
    func record(_ change: (inout BatchUpdate) -> Void) {
        beginUpdates()
        _ = batchRecorder.record(change)
        endUpdates()
    }

    /// Validates a batch against the counts before (the geometry) and after (the data source).
    func validatedPlan(for batch: BatchUpdate) throws(TableViewError) -> (UpdatePlan, [Int]) {
        let oldCounts = (0..<geometry.sectionCount).map { rowCount(inSection: $0) }
        let newCounts = try fetchCounts()
        return (try UpdatePlan.make(batch, oldCounts: oldCounts, newCounts: newCounts, vocabulary: .table), newCounts)
    }

    /// Records the changes `updates` makes and validates them without applying anything (for tests and tools).
    func validateUpdates(_ updates: () -> Void) throws(TableViewError) {
        // `updates` calls back into the table, so no access to the recorder is held while it runs.
        let saved = batchRecorder
        batchRecorder = BatchRecorder()
        batchRecorder.begin()
        updates()
        let batch = batchRecorder.end()!
        batchRecorder = saved
        _ = try validatedPlan(for: batch)
    }

    /// Applies a validated plan: visible cells first (remapped or recycled), then
    /// the geometry and the cache in the plan's four steps, then layout.
    func apply(_ plan: UpdatePlan, newCounts: [Int]) {
        flushMeasuredCells()
        cancelAllPrefetching()
        var remapped: [VisibleRows<TableViewCell>.Entry] = []
        for entry in visibleRows.removeAll() {
            if let new = plan.newIndexPath(forOld: entry.indexPath) {
                remapped.append(VisibleRows.Entry(section: new.section, row: new.row, cell: entry.cell))
            } else {
                recycle(entry.cell)
                delegate?.tableView(self, didEndDisplaying: entry.cell, forRowAt: entry.indexPath)
            }
        }
        visibleRows.replace(with: remapped)
        for view in visibleSupplementaryViews.values { recycleSupplementary(view) }
        visibleSupplementaryViews.removeAll()

        var movedRowRuns: [IndexPath: [HeightRun]] = [:]
        var movedRowHeights: [IndexPath: IndexPathHeightCache.RowEntry] = [:]
        var movedSectionRuns: [Int: [HeightRun]] = [:]
        var movedSectionHeights: [Int: IndexPathHeightCache.SectionEntry] = [:]
        let movedRowSources = Set(plan.rowInsertions.compactMap { insertion -> IndexPath? in
            if case .moved(let from) = insertion.source { return from } else { return nil }
        })
        let movedSectionSources = Set(plan.sectionInsertions.compactMap { insertion -> Int? in
            if case .moved(let from) = insertion.source { return from } else { return nil }
        })

        // 1–2. Removals, old index space, highest first.
        for indexPath in plan.rowRemovals {
            let slot = slotIndex(forRow: indexPath)
            let runs = geometry.removeSubrange(slot..<(slot + 1))
            let heights = indexPathHeightCache.removeRow(at: indexPath)
            if movedRowSources.contains(indexPath) {
                movedRowRuns[indexPath] = runs
                movedRowHeights[indexPath] = heights
            }
        }
        for section in plan.sectionRemovals {
            let runs = geometry.removeSubrange(slotRange(ofSection: section))
            let heights = indexPathHeightCache.removeSection(at: section)
            if movedSectionSources.contains(section) {
                movedSectionRuns[section] = runs
                movedSectionHeights[section] = heights
            }
        }
        // 3–4. Insertions, new index space, lowest first.
        for (section, source) in plan.sectionInsertions {
            let at = section < geometry.sectionCount ? geometry.headerIndex(ofSection: section) : geometry.count
            switch source {
            case .fresh:
                indexPathHeightCache.insertSections(1, at: section)
                geometry.insert(freshSectionRuns(section, rowCount: newCounts[section]), at: at)
            case .moved(let from):
                indexPathHeightCache.insertSection(movedSectionHeights[from]!, at: section)
                geometry.insert(movedSectionRuns[from]!, at: at)
            }
        }
        let margin = Double(appliedRowMargin)
        defer { heightPlan.firstRow = nil }  // a probe's answer belongs to this update only
        for (indexPath, source) in plan.rowInsertions {
            let at = geometry.headerIndex(ofSection: indexPath.section) + 1 + indexPath.row
            switch source {
            case .fresh:
                indexPathHeightCache.insertRows(1, at: indexPath)
                resolveHeightPlan(first: indexPath)
                let run = heightPlan.rowRun(section: indexPath.section, row: indexPath.row, count: indexPath.row + 1,
                                            margin: margin, table: self)!
                geometry.insert([HeightRun(count: 1, height: run.height, kind: .row, isMeasured: run.isMeasured)], at: at)
            case .moved(let from):
                indexPathHeightCache.insertRow(movedRowHeights[from]!, at: indexPath)
                geometry.insert(movedRowRuns[from]!, at: at)
            }
        }

        // The offset stays where it was unless the content shrank below it
        // (measuring estimated rows that came into view can shrink it again).
        updateContentSize()
        repeat {
            if contentOffset.y > maximumContentOffsetY, contentOffset.y > 0 {
                bounds.origin.y = maximumContentOffsetY
            }
            layoutVisibleRows()
        } while contentOffset.y > maximumContentOffsetY && contentOffset.y > 0
    }

    /// Decides the row plan at the first row inserted into a table that had none at reload.
    func resolveHeightPlan(first: IndexPath) {
        guard case .undecided = heightPlan.rows else { return }
        heightPlan.resolveRows(table: self, first: first)
        isEstimatingRows = heightPlan.rowsEstimated
    }

    /// Slots of a section: header, rows, footer.
    func slotRange(ofSection section: Int) -> Range<Int> {
        let start = geometry.headerIndex(ofSection: section)
        let end = section + 1 < geometry.sectionCount ? geometry.headerIndex(ofSection: section + 1) : geometry.count
        return start..<end
    }

    /// Header, rows and footer of a new section, by the reload's height plan.
    func freshSectionRuns(_ section: Int, rowCount: Int) -> [HeightRun] {
        var runs = [heightPlan.headerRun(section: section, table: self)]
        if rowCount > 0 { resolveHeightPlan(first: IndexPath(row: 0, section: section)) }
        var row = 0
        while let run = heightPlan.rowRun(section: section, row: row, count: rowCount, margin: Double(appliedRowMargin), table: self) {
            runs.append(run)
            row += run.count
        }
        runs.append(heightPlan.footerRun(section: section, table: self))
        return runs
    }
}
