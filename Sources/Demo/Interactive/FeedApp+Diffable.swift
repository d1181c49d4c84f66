import Foundation
import ReuseTable
import Figures
import Feed

// The feed through a diffable data source: the table is fed snapshots of post ids
// (days as sections), and `i`, `d` and `m` change a copy of the current snapshot
// and apply it. The model (`FeedModel`) changes in step, so the two always agree.

extension FeedApp {
    /// Feeds with at most this many rows get their whole snapshot at once; bigger ones get the
    /// first day at once and the rest from a background thread (`FeedSnapshotLoader`).
    static let synchronousSnapshotRows = 50_000

    /// A fresh diffable data source for the table (its first apply is a `reloadData`).
    private func makeSource() -> TableViewDiffableDataSource<Int, UInt64> {
        FeedDiffableDataSource(tableView: table) { [feed] table, indexPath, postID in
            feed.cell(in: table, at: indexPath, postID: postID)
        }
    }

    /// Shows the shown days through a new diffable data source: its first apply reloads the table.
    /// A million rows: the first day now, the other days when the background build is done.
    func loadSnapshot() {
        loader = nil
        source = makeSource()
        let days = feed.shownSections
        if feed.shownRows <= FeedApp.synchronousSnapshotRows || days <= 1 {
            source.apply(feed.model.snapshot(days: 0..<days), animatingDifferences: false)
        } else {
            source.apply(feed.model.snapshot(days: 0..<1), animatingDifferences: false)
            loader = FeedSnapshotLoader(model: feed.model, days: 0..<days)
        }
    }

    /// Applies the background snapshot when it is ready (or at `deadline`; `.distantFuture` waits).
    /// Returns true when it applied it. Keys that need the whole feed call this first.
    @discardableResult
    func finishLoading(waitingUntil deadline: DispatchTime = .distantFuture) -> Bool {
        guard let loader, let built = loader.result(waitingUntil: deadline) else { return false }
        self.loader = nil
        // The model cannot have changed meanwhile: every edit finishes loading first.
        source.apply(built.snapshot, animatingDifferences: false)
        setMessage(
            "Loaded: \(built.snapshot.numberOfItems.grouped) post ids, built off the main thread "
                + "in \(millis(built.nanoseconds)).")
        precacher = FeedApp.makePrecacher(for: table)
        return true
    }

    /// "0.4 ms", or "–" when timings are hidden (golden tests).
    func millis(_ nanoseconds: UInt64) -> String {
        guard showsTimings else { return "– ms" }
        let ms = Double(nanoseconds) / 1e6
        return ms < 10 ? String(format: "%.1f ms", ms) : "\(Int(ms.rounded()).grouped) ms"
    }

    /// What the last apply did: "+1 −0 moved 0 reloaded 0 in 0.4 ms"; "days +999 −0 in 140 ms" when it added days.
    var applySummary: String {
        let last = source.lastApply
        if last.reloadedData { return "apply: reloadData \(millis(last.nanoseconds))" }
        let days = "days +\(last.sectionsInserted.grouped) −\(last.sectionsDeleted.grouped)"
        let items = "+\(last.inserted) −\(last.deleted) moved \(last.moved) reloaded \(last.reloaded)"
        let onlyDays = last.inserted == 0 && last.deleted == 0 && last.moved == 0 && last.reloaded == 0
        if last.sectionsInserted > 0 || last.sectionsDeleted > 0 {
            return (onlyDays ? days : items + " " + days) + " in \(millis(last.nanoseconds))"
        }
        return items + " in \(millis(last.nanoseconds))"
    }

    /// The post id at an index path of the current snapshot.
    func postID(at indexPath: IndexPath) -> UInt64? { source.itemIdentifier(for: indexPath) }

    /// `i`: a new post before the focused row (or first in the feed), through a snapshot; focus stays on
    /// its post, one row further down.
    func insertRow() -> Outcome {
        finishLoading()
        guard let indexPath = table.indexPathForFocusedRow ?? firstIndexPath else { return .unchanged }
        let asked = table.counters.rowHeightQueries
        let before = postID(at: indexPath)
        let id = feed.model.insertPost(at: indexPath)
        applyEdit { snapshot in
            if let before {
                snapshot.insertItems([id], beforeItem: before)
            } else {
                snapshot.appendItems([id], toSection: indexPath.section)
            }
        } then: { app in
            app.setMessage(
                "i: insertItems([\(app.postName(id))], beforeItem:), apply\(app.asyncNote): "
                    + "\(app.table.counters.rowHeightQueries - asked) height asked.")
        }
        return .changed
    }

    /// `d`: deletes the focused post, through a snapshot; focus passes to the next post.
    func deleteRow() -> Outcome {
        finishLoading()
        guard let indexPath = table.indexPathForFocusedRow, let id = postID(at: indexPath) else { return .unchanged }
        feed.model.deletePost(at: indexPath)
        applyEdit {
            $0.deleteItems([id])
        } then: { app in
            app.clampTableOffset()
            app.setMessage("d: deleteItems([\(app.postName(id))]), apply\(app.asyncNote): its cell went back to the pool.")
        }
        return .changed
    }

    /// `m`: moves the focused post two rows down its day (from the last rows, to the day's top); focus
    /// goes with it.
    func moveRow() -> Outcome {
        finishLoading()
        guard let indexPath = table.indexPathForFocusedRow, let id = postID(at: indexPath) else { return .unchanged }
        let count = table.numberOfRows(inSection: indexPath.section)
        guard count > 1 else { return .unchanged }
        let target = indexPath.row + 2 < count ? indexPath.row + 2 : 0
        let asked = table.counters.rowHeightQueries
        guard let anchor = postID(at: IndexPath(row: target, section: indexPath.section)) else { return .unchanged }
        feed.model.movePost(from: indexPath, to: IndexPath(row: target, section: indexPath.section))
        applyEdit { snapshot in
            if target == 0 {
                snapshot.moveItem(id, beforeItem: anchor)
            } else {
                snapshot.moveItem(id, afterItem: anchor)
            }
        } then: { app in
            app.setMessage(
                "m: moveItem(\(app.postName(id)), \(target == 0 ? "to the day's top" : "2 rows down")), apply\(app.asyncNote): "
                    + "\(app.table.counters.rowHeightQueries - asked) heights asked.")
        }
        return .changed
    }

    /// Edits a copy of the current snapshot and applies it, then `finish`. In the interactive demo both
    /// happen off the main actor: the edit (a million-item snapshot is copied when changed) in a
    /// detached task, the difference in the async apply, whose end the event loop runs between keys;
    /// keys pressed meanwhile wait for it. Elsewhere (the tour, tests) both happen at once, and so in
    /// exact-height mode, whose `heightForRowAt` reads the model by index path: there the table must
    /// not show the old snapshot once the model has changed (and it is one day, a quick diff).
    func applyEdit(
        _ edit: @escaping @Sendable (inout DiffableDataSourceSnapshot<Int, UInt64>) -> Void,
        then finish: @escaping (FeedApp) -> Void
    ) {
        let current = source.snapshot()
        guard appliesAsynchronously, !feed.usesExactHeights else {
            var snapshot = current
            edit(&snapshot)
            source.apply(snapshot)
            finish(self)
            return
        }
        let source = self.source!
        appliesInFlight += 1
        Task { [weak self] in
            let snapshot = await Task.detached {
                var snapshot = current
                edit(&snapshot)
                return snapshot
            }.value
            await source.apply(snapshot)
            guard let self else { return }
            appliesInFlight -= 1
            appliedSinceIdleStep = true
            finish(self)
        }
    }

    /// " (async, diff 0.4 ms off the main actor)" after an async apply; nothing otherwise.
    var asyncNote: String {
        guard appliesAsynchronously, !feed.usesExactHeights else { return "" }
        return " (async, diff \(millis(source.lastApply.diffNanosecondsOffMainActor)) off the main actor)"
    }

    /// "#123,456" for a generated post, "#new 3" for an inserted one.
    func postName(_ id: UInt64) -> String {
        id >= FeedGenerator.firstInsertedID ? "new \(id - FeedGenerator.firstInsertedID + 1)" : "#\(id.grouped)"
    }

    /// Sections (days) of the current snapshot rebuilt from the model, applied as one diff: how the
    /// table catches up with edits made elsewhere (the waterfall), without a `reloadData`. Through
    /// `applyEdit`, so off the main actor in the interactive demo; then `finish`.
    func applyModel(inSections sections: Set<Int>, then finish: @escaping (FeedApp) -> Void) {
        let days = sections.sorted().map { (section: $0, ids: feed.model.ids(inSection: $0)) }
        applyEdit(
            { snapshot in
                for day in days where snapshot.indexOfSection(day.section) != nil {
                    snapshot.deleteItems(snapshot.itemIdentifiers(inSection: day.section))
                    snapshot.appendItems(day.ids, toSection: day.section)
                }
            }, then: finish)
    }
}
