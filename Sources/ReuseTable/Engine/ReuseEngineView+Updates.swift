import Foundation

// What both views do the same way around a batch update, besides applying the plan
// (`UpdatePlan.apply(to:newCounts:)`): recording a batch, validating and applying it (or
// waiting, from a callback), and taking the cells on screen through it.

extension ReuseEngineView {
    /// Validates a batch against the counts before (the view's, `countsAsLoaded`) and after (the
    /// data source's, `fetchCounts()`): the plan and the new counts, or a message naming the call.
    /// - Complexity: O(sections + changes).
    func validatedPlan(for batch: BatchUpdate) throws(ReuseTableError) -> (UpdatePlan, [Int]) {
        let oldCounts = countsAsLoaded
        let newCounts = try fetchCounts()
        return (try UpdatePlan.make(batch, oldCounts: oldCounts, newCounts: newCounts, vocabulary: Self.vocabulary), newCounts)
    }

    /// `performBatchUpdates(_:completion:)` for both views: called from a data source or
    /// delegate callback, the whole batch (`updates` included) runs when that step is done.
    func performBatch(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        if deferIfBusy("performBatchUpdates(_:completion:)", { [self] in performBatch(updates, completion: completion) }) { return }
        beginBatch()
        updates?()
        endBatch()
        completion?(true)
    }

    /// Starts recording a batch; batches nest.
    func beginBatch() { engine.batchRecorder.begin() }

    /// Ends a batch; the outermost one is validated and applied — after the running step
    /// when called from a callback, in both views (UIKit's order: a change made from
    /// `willDisplay` or `didEndDisplaying` never lands in the middle of the pass that called it).
    func endBatch() {
        guard let batch = engine.batchRecorder.end() else { return }
        if deferIfBusy("endUpdates()", { [self] in applyBatch(batch) }) { return }
        applyBatch(batch)
    }

    /// Validates `batch` (an inconsistent one stops with its message) and applies it.
    func applyBatch(_ batch: BatchUpdate) {
        guard engine.hasLoadedData else { return reloadData() }
        let plan: (UpdatePlan, [Int])
        do {
            plan = try validatedPlan(for: batch)
        } catch {
            ReuseTableError.trap(error)
        }
        performTransaction { apply(plan.0, newCounts: plan.1) }
    }

    /// Records one call into the batch being recorded, or makes it a batch of its own
    /// (waiting for the running step when called from a callback).
    func record(_ name: String, _ change: @escaping (inout BatchUpdate) -> Void) {
        if engine.batchRecorder.record(change) { return }
        if deferIfBusy(name, { [self] in record(name, change) }) { return }
        beginBatch()
        _ = engine.batchRecorder.record(change)
        endBatch()
    }

    /// Takes the cells on screen, the selection and focus through `plan` (`moveCellsOnScreen(lifted:to:)`);
    /// called before the view's counts change (focus reads them to find a neighbour).
    func followUpdate(_ plan: AppliedUpdate, lifted: CellsOnScreen<Cell>.Entry?) -> [CellsOnScreen<Cell>.Entry] {
        let leaving = moveCellsOnScreen(lifted: lifted) { plan.newIndexPath(forOld: $0) }
        changeSelection { $0.follow(plan) }  // the same mapping as the cells: deletes drop, moves carry, reloads keep
        if engine.focus.focused != nil || engine.focus.remembered != nil {
            var focus = engine.focus
            focus.follow(plan, oldCounts: countsAsLoaded)  // a row that leaves hands focus to a neighbour (`FocusState`)
            engine.focus = focus
            showFocusOnCellsOnScreen()
        }
        return leaving
    }

    /// Takes the cells on screen through an update: kept cells move to their new index paths,
    /// removed ones (and `lifted`, whose row a waited call took) go to the pool. Returns those that
    /// left: the caller tells `didEndDisplaying` once the update is applied, in both views (UIKit's
    /// order: a delegate reading the view then sees the new structure).
    func moveCellsOnScreen(
        lifted: CellsOnScreen<Cell>.Entry?, to newIndexPath: (IndexPath) -> IndexPath?
    ) -> [CellsOnScreen<Cell>.Entry] {
        var remapped: [CellsOnScreen<Cell>.Entry] = []
        var leaving: [CellsOnScreen<Cell>.Entry] = []
        if let lifted { leaving.append(lifted) }
        for entry in changeCellsOnScreen({ $0.removeAll() }) {
            if let new = newIndexPath(entry.indexPath) {
                remapped.append(.init(section: new.section, row: new.row, cell: entry.cell))
            } else {
                leaving.append(entry)
            }
        }
        for entry in leaving { recycle(entry.cell) }
        changeCellsOnScreen { $0.replace(with: remapped) }
        return leaving
    }

    /// Records the changes `updates` makes and validates them without applying anything (for tests and tools).
    func validateUpdates(_ updates: () -> Void) throws(ReuseTableError) {
        loadIfNeeded()
        // `updates` calls back into the view, so no access to the recorder is held while it runs.
        let saved = engine.batchRecorder
        engine.batchRecorder = BatchRecorder()
        engine.batchRecorder.begin()
        updates()
        let batch = engine.batchRecorder.end()!
        engine.batchRecorder = saved
        _ = try validatedPlan(for: batch)
    }
}
