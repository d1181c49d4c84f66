import Foundation

// Mutations with UIKit's semantics. Every call records into a `BatchUpdate`;
// the outermost batch is validated against the data source's new counts
// (`UpdatePlan.make`) and applied as primitive steps to the geometry, the
// index-path height cache and the visible cells — one mechanism for all three.
// Only inserted and reloaded rows are asked for heights; moved rows carry theirs.

extension TableView {
    /// Inserts rows at index paths named in the space *after* the update.
    ///
    /// Only the inserted rows are asked for heights (or get the estimate). Called from a
    /// data source or delegate method, it runs when that layout step is done.
    /// - Complexity: O(k log n + sections) for k rows, plus the rows measured on screen.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record("insertRows(at:with:)") { $0.insertedRows += indexPaths }
    }

    /// Deletes rows at index paths named in the space *before* the update.
    /// - Complexity: O(k log n + sections) for k rows.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record("deleteRows(at:with:)") { $0.deletedRows += indexPaths }
    }

    /// Asks the data source again for these rows (old index paths): new cells and new heights.
    /// - Complexity: O(k log n + sections) for k rows, plus their heights.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record("reloadRows(at:with:)") { $0.reloadedRows += indexPaths }
    }

    /// Moves a row (old index path) to a new index path: a removal plus an insertion, never a swap. Its height moves with it.
    /// - Complexity: O(log n + sections); no height is asked.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record("moveRow(at:to:)") { $0.movedRows.append((indexPath, newIndexPath)) }
    }

    /// Inserts sections (new indices); their rows come from the data source.
    /// - Complexity: O(sections + runs · log n): a section of fixed or estimated rows is one run.
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        record("insertSections(_:with:)") { $0.insertedSections.formUnion(sections) }
    }

    /// Deletes sections (old indices) with all their rows.
    /// - Complexity: O(sections + runs · log n) for the runs of the deleted sections.
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        record("deleteSections(_:with:)") { $0.deletedSections.formUnion(sections) }
    }

    /// Asks the data source again for these sections (old indices).
    /// - Complexity: as a delete plus an insert of the same sections.
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        record("reloadSections(_:with:)") { $0.reloadedSections.formUnion(sections) }
    }

    /// Moves a section (old index) to a new index, rows and heights included.
    /// - Complexity: O(sections + runs · log n) for the runs of the moved section; no height is asked.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record("moveSection(_:toSection:)") { $0.movedSections.append((section, newSection)) }
    }

    /// Applies every change made in `updates` as one batch, then calls `completion(true)` (nil by default, as in UIKit).
    ///
    /// Inside the batch, deletions and reloads use index paths from before the
    /// update, insertions from after it, whatever order the calls come in.
    /// An inconsistent batch stops with UIKit's kind of message and changes nothing.
    /// Called from a data source or delegate method, the whole batch (`updates`
    /// included) runs when that layout step is done.
    /// - Complexity: O(k log n + sections) for k changed rows.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        performBatch(updates, completion: completion)
    }

    /// Starts recording a batch (UIKit's older spelling of `performBatchUpdates`); batches nest.
    public func beginUpdates() { beginBatch() }

    /// Ends a batch; the outermost one is validated and applied (after the running
    /// layout step, when called from a data source or delegate method).
    /// - Complexity: O(k log n + sections) for k changed rows.
    public func endUpdates() { endBatch() }

    /// Applies a validated plan in two phases, so every callback sees a consistent table:
    /// 1. *Structure*: visible cells are remapped (or recycled), and the geometry and
    ///    the cache take the plan's four steps; fresh rows and sections get
    ///    placeholder heights. Nothing is asked of the delegate.
    /// 2. *Heights*: fresh headers, rows and footers are asked for their heights
    ///    (a delegate reading counts or rects now gets the new structure).
    /// Cells of removed rows go to the pool in phase 1 and are told `didEndDisplaying` (with
    /// their old index paths) after phase 2, once the update is applied, as in UIKit; a layout pass follows.
    func apply(_ plan: UpdatePlan, newCounts: [Int]) {
        recordBeforeApplying(plan)  // live data: the anchor and whether the table follows the end (`TableView+LiveData.swift`)
        returnCellsFromMeasuring()
        cancelAllPrefetching()
        // The row showing swipe actions follows the plan; deleted, it closes while the table still has its old structure.
        followSwipe(plan)
        let oldCounts = (0..<geometry.sectionCount).map { rowCount(inSection: $0) }
        // A row lifted while this call waited follows it (`InteractiveMovement+WaitingCalls.swift`).
        let lifted = followMovement(plan)
        let plan = AppliedUpdate(plan, oldCounts: oldCounts, newCounts: newCounts)
        let leaving = followUpdate(plan, lifted: lifted)
        for entry in visibleSupplementaryViews.removeAll() { recycleSupplementary(entry.view) }

        // 1–4. The plan's steps, taken by the geometry and the cache together (`TableView+UpdateSteps.swift`),
        // or, for a plan touching most rows, both rebuilt in one pass (`TableView+BulkUpdate.swift`).
        let freshSections: [(section: Int, withRows: Bool)], freshRows: [IndexPath]
        var freshRowRanges: [(section: Int, rows: Range<Int>)] = []
        if let rowMap = plan.rowMap {
            (freshSections, freshRows) = rebuildStructure(plan.plan, rowMap, oldCounts: oldCounts, newCounts: newCounts)
        } else {
            var structure = TableStructureUpdate(table: self)
            plan.plan.apply(to: &structure, newCounts: newCounts)
            (freshSections, freshRows, freshRowRanges) = (structure.freshSections, structure.freshRows, structure.freshRowRanges)
        }

        // Phase 2: heights of what is new, asked with the new structure in place.
        defer { heightPlan.firstRow = nil }  // a probe's answer belongs to this update only
        for (section, withRows) in freshSections where !transaction.hasDeferredWork {
            fillHeights(ofSection: section, rowCount: newCounts[section], includingRows: withRows)
        }
        let margin = Double(appliedRowMargin)
        // In bulk the answers are collected and the geometry rebuilt once with them (`TableView+BulkUpdate.swift`).
        var collected: [(slot: Int, run: HeightRun)]? = plan.rowMap == nil ? nil : []
        var header = (section: -1, slot: 0)
        for indexPath in freshRows {
            if transaction.hasDeferredWork {
                measureEverythingAtNextPass()
                break
            }
            resolveHeightPlan(first: indexPath)
            let run = heightPlan.rowRun(
                section: indexPath.section, row: indexPath.row, count: indexPath.row + 1,
                margin: margin, table: self)!
            if header.section != indexPath.section { header = (indexPath.section, geometry.headerIndex(ofSection: indexPath.section)) }
            if collected != nil {
                collected!.append((header.slot + 1 + indexPath.row, run))
            } else {
                geometry.setHeight(run.height, at: header.slot + 1 + indexPath.row, isMeasured: run.isMeasured)
            }
        }
        if let collected { setRowHeightsInOnePass(collected) }
        for (section, rows) in freshRowRanges { fillHeights(ofRows: rows, inSection: section) }
        tellDidEndDisplaying(leaving)  // the update is applied: a delegate reading the table sees the new structure
        // The offset stays where it was unless the content shrank below it.
        clampOffsetToContent()
        runLayoutPass()
    }

    /// Replaces the placeholder heights of fresh rows `rows` of `section` (a range an outline's
    /// expand inserted) by the plan's, asked a run at a time with the new structure in place.
    /// - Complexity: O(runs · log n): one run for rows that share a height.
    func fillHeights(ofRows rows: Range<Int>, inSection section: Int) {
        guard !transaction.hasDeferredWork else { return measureEverythingAtNextPass() }
        resolveHeightPlan(first: IndexPath(row: rows.lowerBound, section: section))
        var runs: [HeightRun] = []
        var row = rows.lowerBound
        while row < rows.upperBound, !transaction.hasDeferredWork,
            var run = heightPlan.rowRun(section: section, row: row, count: rows.upperBound, margin: Double(appliedRowMargin), table: self)
        {
            run.count = min(run.count, rows.upperBound - row)
            runs.append(run)
            row += run.count
        }
        if row < rows.upperBound {  // cut short by a queued call
            runs.append(placeholderRowRun(count: rows.upperBound - row))
            measureEverythingAtNextPass()
        }
        let start = geometry.headerIndex(ofSection: section) + 1 + rows.lowerBound
        geometry.removeSubrange(start..<(start + rows.count))
        geometry.insert(runs, at: start)
    }

    /// Decides the row plan at the first row inserted into a table that had none at reload.
    func resolveHeightPlan(first: IndexPath) {
        guard case .undecided = heightPlan.rows else { return }
        heightPlan.resolveRows(table: self, first: first)
    }

    /// Slots of a section: header, rows, footer.
    func slotRange(ofSection section: Int) -> Range<Int> {
        let start = geometry.headerIndex(ofSection: section)
        let end = section + 1 < geometry.sectionCount ? geometry.headerIndex(ofSection: section + 1) : geometry.count
        return start..<end
    }

    /// Replaces a fresh section's placeholder heights by the plan's: header, rows (unless
    /// `includingRows` is false: rows moved in keep theirs, fresh ones are asked one by one), footer.
    /// - Complexity: O(runs · log n), runs being 3 for a uniform section.
    func fillHeights(ofSection section: Int, rowCount: Int, includingRows: Bool = true) {
        let header = geometry.headerIndex(ofSection: section)
        guard !transaction.hasDeferredWork else { return }
        let headerRun = heightPlan.headerRun(section: section, table: self)
        geometry.setHeight(headerRun.height, at: header, isMeasured: headerRun.isMeasured)
        if includingRows, rowCount > 0, !transaction.hasDeferredWork {
            resolveHeightPlan(first: IndexPath(row: 0, section: section))
            var runs: [HeightRun] = []
            var row = 0
            while !transaction.hasDeferredWork,
                let run = heightPlan.rowRun(section: section, row: row, count: rowCount, margin: Double(appliedRowMargin), table: self)
            {
                runs.append(run)
                row += run.count
            }
            if row < rowCount {  // cut short by a queued call
                runs.append(placeholderRowRun(count: rowCount - row))
                measureEverythingAtNextPass()
            }
            geometry.removeSubrange((header + 1)..<(header + 1 + rowCount))
            geometry.insert(runs, at: header + 1)
        }
        guard !transaction.hasDeferredWork else { return }
        let footerRun = heightPlan.footerRun(section: section, table: self)
        geometry.setHeight(footerRun.height, at: header + 1 + rowCount, isMeasured: footerRun.isMeasured)
    }
}
