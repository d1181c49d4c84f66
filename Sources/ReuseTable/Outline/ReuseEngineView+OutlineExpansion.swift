import Foundation

// A cell's `isExpanded` configuration state follows its item's expansion in the data source's
// section snapshot, on both views: a cell handed over by the data source reads it with the rest
// of its state (`cellStateFlags(at:)`), and when an apply changes what is expanded, the cells on
// screen are told before the view's update, so each marked one updates once in that update's pass
// (Docs/modern-cells.md, "When a configuration updates"). A tap on a disclosure reaches the data
// source the same way from both views (`tapOutlineDisclosure(at:)`). An expand or collapse reaches
// the view as ranges of rows or items (`applyRanges(inSection:deleted:inserted:)`), one update plan
// applied like any batch.

extension ReuseEngineView {
    /// Gives each cell on screen the expansion `isExpanded` says for its index path; a cell
    /// whose state changes is marked for its once-before-the-next-pass update.
    /// - Complexity: O(v) calls of `isExpanded` for v cells on screen.
    func markExpansion(_ isExpanded: (IndexPath) -> Bool) {
        for entry in engine.cellsOnScreen.entries { entry.cell.cellFlags.isExpanded = isExpanded(entry.indexPath) }
    }

    /// From now on, cells handed over ask the data source whether their item is expanded (until
    /// then, no view pays for the question).
    func noteShowsOutlines() { engine.pass.configurationUpdates.showsOutlines = true }

    /// Whether a section snapshot was ever applied to the view.
    var showsOutlines: Bool { engine.pass.configurationUpdates.showsOutlines }

    /// Deletes `deleted` rows or items (old space, ascending) and inserts `inserted` (new space,
    /// ascending) of `section` as one update, without an index path each: what a section snapshot's
    /// expand or collapse hands the view (Docs/outlines.md). They become an update plan of their own
    /// kind (`UpdatePlan.init(rowRangesIn:deleted:inserted:sectionCount:)`) applied by
    /// `apply(_:newCounts:)` like any batch, so cells, selection, focus, the open swipe, a lifted row,
    /// prefetching and the live-data anchor follow it there. The table's geometry and the
    /// compositional layout take each range as one step (O(log n) for 10^5 rows shown); other layouts
    /// take the ranges item by item. False, changing nothing, when the view is not loaded, a batch is
    /// being recorded or a layout step runs, or the data source's counts disagree: the caller then
    /// records an ordinary batch.
    /// - Complexity: O(r log n) for r ranges, plus the inserted rows' heights and the visible cells.
    func applyRanges(inSection section: Int, deleted: [Range<Int>], inserted: [Range<Int>]) -> Bool {
        guard engine.hasLoadedData, engine.batchRecorder.isIdle, !transaction.isActive, !transaction.isHolding else { return false }
        let oldCounts = countsAsLoaded
        guard section < oldCounts.count, let newCounts = try? fetchCounts(), newCounts.count == oldCounts.count else { return false }
        let removed = deleted.reduce(0) { $0 + $1.count }, added = inserted.reduce(0) { $0 + $1.count }
        for i in oldCounts.indices where newCounts[i] != oldCounts[i] + (i == section ? added - removed : 0) { return false }
        let plan = UpdatePlan(rowRangesIn: section, deleted: deleted, inserted: inserted, sectionCount: oldCounts.count)
        performTransaction { apply(plan, newCounts: newCounts) }
        return true
    }
}

/// A view whose data source may hold section snapshots (the table and the collection view):
/// expansion read and the disclosure tapped, written once for both.
@MainActor
protocol OutlineShowingView: ReuseEngineView {
    /// The data source when it keeps section snapshots (a diffable data source), else nil.
    var outlineSource: OutlineDisclosureToggling? { get }
}

extension OutlineShowingView {
    /// The body of both views' public `tapOutlineDisclosure(at:)`: the data source's section
    /// snapshot expands or collapses the item; any other data source ignores the tap. An index
    /// path outside the view stops with a message; called from a callback, it runs when that step is done.
    func tapOutlineDisclosureFromPublicCall(at indexPath: IndexPath) {
        if deferIfBusy("tapOutlineDisclosure(at:)", { [self] in tapOutlineDisclosureFromPublicCall(at: indexPath) }) { return }
        loadIfNeeded()
        do { try validateSelectionTarget(indexPath, from: "tapOutlineDisclosure(at:)") } catch { ReuseTableError.trap(error) }
        outlineSource?.toggleOutlineDisclosure(at: indexPath)
    }
}

extension TableView: OutlineShowingView {
    var outlineSource: OutlineDisclosureToggling? { dataSource as? OutlineDisclosureToggling }
}

extension CollectionView: OutlineShowingView {
    var outlineSource: OutlineDisclosureToggling? { dataSource as? OutlineDisclosureToggling }
}
