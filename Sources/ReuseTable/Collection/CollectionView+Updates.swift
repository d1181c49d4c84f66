import Foundation

// Mutations with UIKit's semantics, through the same machinery as the table:
// every call records into a `BatchUpdate`; the outermost batch is validated
// against the data source's new counts (`UpdatePlan.make`, "item" wording) and
// applied as the plan's primitive steps to the visible cells, the index-path
// height cache and the layout — which keeps the sizes of surviving items and
// re-places only from the first changed item of each changed section.

extension CollectionView {
    /// Inserts items at index paths named in the space *after* the update.
    /// - Complexity: that of the batch it joins (`performBatchUpdates(_:completion:)`).
    public func insertItems(at indexPaths: [IndexPath]) {
        record("insertItems(at:)") { $0.insertedRows += indexPaths }
    }

    /// Deletes items at index paths named in the space *before* the update.
    /// - Complexity: that of the batch it joins (`performBatchUpdates(_:completion:)`).
    public func deleteItems(at indexPaths: [IndexPath]) {
        record("deleteItems(at:)") { $0.deletedRows += indexPaths }
    }

    /// Asks the data source and the layout again for these items (old index paths).
    /// - Complexity: that of the batch it joins (`performBatchUpdates(_:completion:)`).
    public func reloadItems(at indexPaths: [IndexPath]) {
        record("reloadItems(at:)") { $0.reloadedRows += indexPaths }
    }

    /// Moves an item (old index path) to a new index path: a removal plus an insertion, never a swap. Its size moves with it.
    /// - Complexity: that of the batch it joins (`performBatchUpdates(_:completion:)`).
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record("moveItem(at:to:)") { $0.movedRows.append((indexPath, newIndexPath)) }
    }

    /// Inserts sections (new indices); their items come from the data source.
    /// - Complexity: that of the batch it joins (`performBatchUpdates(_:completion:)`).
    public func insertSections(_ sections: IndexSet) {
        record("insertSections(_:)") { $0.insertedSections.formUnion(sections) }
    }

    /// Deletes sections (old indices) with all their items.
    /// - Complexity: that of the batch it joins (`performBatchUpdates(_:completion:)`).
    public func deleteSections(_ sections: IndexSet) {
        record("deleteSections(_:)") { $0.deletedSections.formUnion(sections) }
    }

    /// Asks the data source again for these sections (old indices).
    /// - Complexity: that of the batch it joins (`performBatchUpdates(_:completion:)`).
    public func reloadSections(_ sections: IndexSet) {
        record("reloadSections(_:)") { $0.reloadedSections.formUnion(sections) }
    }

    /// Moves a section (old index) to a new index; its items keep their sizes and placement.
    /// - Complexity: that of the batch it joins (`performBatchUpdates(_:completion:)`).
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record("moveSection(_:toSection:)") { $0.movedSections.append((section, newSection)) }
    }

    /// Applies every change made in `updates` as one batch, then calls `completion(true)` (nil by default, as in UIKit).
    ///
    /// Inside the batch, deletions and reloads use index paths from before the
    /// update, insertions from after it, whatever order the calls come in.
    /// An inconsistent batch stops with UIKit's kind of message and changes nothing.
    /// - Complexity: O(k log k + sections) to validate k changes, O(k · n_s) to shift the stored heights
    ///   of sections of n_s items, plus re-placing each changed section from its first changed item
    ///   (see `WaterfallLayout`).
    ///
    /// Called from a data source or delegate callback while the view lays out,
    /// the whole batch (the `updates` closure included) runs when the pass ends.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        performBatch(updates, completion: completion)
    }

    /// Applies a validated plan: visible cells are remapped or recycled, then
    /// the height cache and the layout take the plan's four steps, then layout.
    ///
    /// Every piece of state (cells, counts, cache, layout) is updated before
    /// any delegate is called, so a `didEndDisplaying` that reads the view sees the new counts.
    func apply(_ plan: UpdatePlan, newCounts: [Int]) {
        recordBeforeApplying(plan)  // live data, while the layout holds the old frames (`CollectionView+LiveData.swift`)
        cancelAllPrefetching()  // with the old index paths, before anything changes
        followSwipe(plan)  // the item showing swipe actions follows the plan; deleted, it closes
        // An item lifted while this call waited follows it (`InteractiveMovement+WaitingCalls.swift`).
        let lifted = followMovement(plan)
        let plan = AppliedUpdate(plan, oldCounts: itemCounts, newCounts: newCounts)
        let leaving = followUpdate(plan, lifted: lifted)
        remapSupplementaryViews(through: plan.plan)

        applyToHeightCache(plan, newCounts: newCounts)
        itemCounts = newCounts
        collectionViewLayout.prepare(forCollectionViewUpdates: plan, newCounts: newCounts)
        // Until the layout is prepared, a lifted item is shown in the data's order (settle re-places it).
        if engine.pass.movement != nil { collectionViewLayout.proposeMove(from: IndexPath(item: 0, section: 0), to: nil, counts: newCounts) }
        tellDidEndDisplaying(leaving)

        // The offset stays unless the content shrank below it, as in UIKit.
        engine.pass.requests.insert(.clampOffset)
        runLayoutPass()
    }

    /// The index-path height cache follows the same four steps as everything else (`UpdatePlan.apply(to:newCounts:)`),
    /// or is rebuilt in one pass when the update is applied in bulk (`UpdateRowMap`).
    func applyToHeightCache(_ plan: AppliedUpdate, newCounts: [Int]) {
        if let rowMap = plan.rowMap { return indexPathHeightCache.rebuild(following: rowMap) }
        var cache = indexPathHeightCache
        plan.plan.apply(to: &cache, newCounts: newCounts)
    }
}
