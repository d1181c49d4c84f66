import Foundation
import ReuseTable
import ReuseTableTerminal
import Figures
import Feed

// Work too long to do between two keys, done between them instead: exact heights computed off the
// main thread (`e`, and `w` in exact mode), the waterfall's tile heights (`c`), the feed's snapshot
// built off the main thread at start; and the precacher's slices. The event loop calls
// `runIdleStep` whenever no key is pending; keys keep working and the status line shows progress.

/// Exact heights being computed, and what they are for.
struct PendingHeights {
    enum Purpose: Equatable {
        /// `e`: the exact-height table, at the current width.
        case exactMode
        /// `w` with exact heights: the other width.
        case exactWidth
    }

    let work: BackgroundHeights
    let purpose: Purpose
    /// Lines `+` had added when the work started: a post grown since is computed again.
    let extraLines: [UInt64: Int]
}

extension FeedApp {
    /// Keys that need the feed's whole snapshot (they edit it or look past the first day).
    static let keysNeedingTheSnapshot: Set<Key> = [
        .char("i"), .char("d"), .char("m"), .char("c"), .end, .char(">"), .char("G"),
    ]

    /// True while there is idle work: precaching, the snapshot, heights off the main thread, the waterfall's.
    var hasIdleWork: Bool {
        precacherIsRunning || loader != nil || pendingHeights != nil || pendingWaterfall != nil
            || waterfall?.hasIdleWork == true || appliesInFlight > 0 || appliedSinceIdleStep
    }

    /// How long the loop waits for a key between idle steps: a millisecond while only an async apply
    /// is awaited (its end arrives through the main actor's queue), else no wait.
    var idleWait: Duration {
        let onlyApplying =
            appliesInFlight > 0 && !precacherIsRunning && loader == nil && pendingHeights == nil
            && pendingWaterfall == nil && waterfall?.hasIdleWork != true
        return onlyApplying ? .milliseconds(1) : .zero
    }

    /// One slice of idle work: applies what background threads finished (waiting for them up to
    /// `budget` when nothing else is to do), else measures rows for `budget`. Returns true when the
    /// screen may have changed (progress counts as a change).
    func runIdleStep(budget: Duration = .milliseconds(2)) -> Bool {
        // Waiting for a background thread costs no CPU; with main-thread work to do, only look.
        let deadline: DispatchTime = precacherIsRunning ? .now() : .now() + .nanoseconds(Int(budget.nanoseconds))
        var changed = false
        if appliedSinceIdleStep {
            appliedSinceIdleStep = false
            changed = true
            runKeysWaitingForTheApply()
        }
        if loader != nil, finishLoading(waitingUntil: deadline) {
            changed = true
            runKeysWaitingForTheSnapshot()
        }
        if pendingHeights != nil {
            applyPendingHeights(waitingUntil: deadline)
            changed = true
        }
        if pendingWaterfall != nil {
            openPendingWaterfall(waitingUntil: deadline)
            changed = true
        }
        if let waterfall, waterfall.hasIdleWork, waterfall.runIdleStep(waitingUntil: deadline) { changed = true }
        if precacherIsRunning, let precacher {
            if !precacher.step(budget: budget) { self.precacher = nil }
            changed = true
        }
        return changed
    }

    /// Waits for every background job and applies it: the tour and the tests, which have no keys to keep answering.
    func finishBackgroundWork() {
        finishLoading()
        runKeysWaitingForTheSnapshot()
        if pendingHeights != nil { applyPendingHeights(waitingUntil: .distantFuture) }
        if pendingWaterfall != nil { openPendingWaterfall(waitingUntil: .distantFuture) }
        waterfall?.finishBackgroundWork()
    }

    // MARK: The snapshot

    /// A key that needs the whole snapshot, pressed while it is built: it runs when the snapshot is applied.
    func waitForTheSnapshot(_ key: Key) -> Outcome {
        keysWaitingForTheSnapshot.append(key)
        setMessage("\(key.name): waits for the snapshot, still being built off the main thread.")
        return .changed
    }

    /// A key pressed while an async apply is in flight waits for it (the table still shows the
    /// snapshot before it); `q` quits at once.
    func waitForTheApply(_ key: Key) -> Outcome {
        if key == .char("q") || key == .ctrl("c") { return .quit }
        keysWaitingForTheApply.append(key)
        return .unchanged
    }

    /// Runs the keys that waited for an apply; one that starts another apply makes the rest wait again.
    func runKeysWaitingForTheApply() {
        let keys = keysWaitingForTheApply
        keysWaitingForTheApply = []
        for key in keys { _ = handle(key) }
    }

    func runKeysWaitingForTheSnapshot() {
        let keys = keysWaitingForTheSnapshot
        keysWaitingForTheSnapshot = []
        for key in keys { _ = handle(key) }
    }

    // MARK: Exact heights

    /// Starts computing the exact heights of the exact-mode days at `columns`, off the main thread.
    func startExactHeights(_ purpose: PendingHeights.Purpose, columns: Int) {
        cancelPendingHeights()
        let days = 0..<min(FeedApp.exactModeDays, feed.model.sectionCount)
        let extraLines = feed.extraLines
        let work = BackgroundHeights(model: feed.model, days: days, columns: columns) { post, columns in
            FeedCell.height(of: post, extraLines: extraLines[post.id] ?? 0, columns: columns)
        }
        pendingHeights = PendingHeights(work: work, purpose: purpose, extraLines: extraLines)
        let key = purpose == .exactMode ? "e" : "w"
        setMessage("\(key): computing all \(work.total.grouped) heights off the main thread first (\(key) cancels).")
    }

    /// "exact heights 4,352 of 10,000 (43%)" while they are computed.
    var pendingHeightsSegment: [String] {
        guard let pending = pendingHeights else { return [] }
        return ["exact heights \(pending.work.progressText)"]
    }

    func cancelPendingHeights() {
        pendingHeights?.work.cancel()
        pendingHeights = nil
    }

    /// Applies the heights if they are computed (waiting for them until `deadline`).
    func applyPendingHeights(waitingUntil deadline: DispatchTime) {
        guard let pending = pendingHeights, let (heights, nanoseconds) = pending.work.result(waitingUntil: deadline) else {
            return
        }
        pendingHeights = nil
        var known = heights
        for (id, lines) in feed.extraLines where pending.extraLines[id] != lines { known[id] = nil }  // grown meanwhile
        feed.exactHeights[pending.work.columns] = known
        let computed = "\(heights.count.grouped) heights computed off the main thread in \(millis(nanoseconds))"
        switch pending.purpose {
        case .exactMode:
            setHeightMode(.exact)
            setMessage("Exact: \(computed); reloadData: \(millis(lastReloadMicroseconds * 1_000)).")
        case .exactWidth:
            _ = rotate()
            setMessage("Width \(tableWidth): \(computed). w: back.")
        }
    }

    /// A width change by the terminal: exact heights known only for another width become estimates again.
    func resizedWidth() {
        cancelPendingHeights()
        guard heightMode == .exact, feed.exactHeights[tableWidth] == nil else { return }
        setHeightMode(.estimated)
        setMessage("New width: back to estimated heights; e computes exact ones for this width.")
    }
}

extension Key {
    /// How the status line names a key.
    var name: String {
        switch self {
        case .char(let character): return String(character)
        case .end: return "End"
        case .enter: return "Enter"
        default: return "\(self)"
        }
    }
}
