import Foundation

/// Measures a table's estimated rows while the host is idle, in time-sliced steps.
///
/// Unlike the article "Caching UITableView row heights" (one row per run-loop turn, a crash when the
/// table was freed first), it works in slices bounded by a time budget (default 2 ms), holds the
/// table weakly, pauses while `tableView.isScrolling`, is cancelled by `reloadData()` (the
/// table's `reloadGeneration` changes), and starts next to the viewport, keeping the visible rows
/// still (a row measured above the viewport changes every offset below it).
///
/// Drive it by calling `step()` from an idle loop (the demo does), or with `RunLoopPrecacheDriver`.
@MainActor
public final class HeightPrecacher {
    /// The table being measured; nil once it is freed.
    public private(set) weak var tableView: TableView?
    /// Time allowed per `step()`.
    public var budget: Duration
    /// True once every slot is measured, the table is gone, or it was reloaded.
    public private(set) var isFinished = false
    /// Slots measured by this precacher.
    public private(set) var measuredCount = 0
    /// The monotonic clock in nanoseconds (injectable so tests are not about time).
    var now: () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }

    private let generation: Int
    private var cursor: Int

    /// Prepares to measure `tableView`'s estimated rows, starting at its first visible row.
    public init(tableView: TableView, budget: Duration = .milliseconds(2)) {
        self.tableView = tableView
        self.budget = budget
        self.generation = tableView.reloadGeneration
        self.cursor = tableView.currentAnchor()?.slotIndex ?? 0
    }

    /// Measures estimated slots until the budget is spent. Returns true while work remains.
    ///
    /// The table lays out once at the end of a step that measured anything, so
    /// visible cells take their new content positions (the screen does not move).
    /// - Complexity: O(m log n) for the m slots measured in the slice.
    @discardableResult
    public func step() -> Bool {
        guard !isFinished else { return false }
        guard let table = tableView, table.reloadGeneration == generation else {
            isFinished = true
            return false
        }
        if table.isScrolling { return true }
        let (seconds, attoseconds) = budget.components
        let budgetNanoseconds = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        let deadline = now() &+ budgetNanoseconds
        var measuredAny = false
        repeat {
            guard table.precacheNextSlot(searchingFrom: &cursor) else {
                isFinished = true
                break
            }
            measuredAny = true
            measuredCount += 1
        } while now() < deadline
        if measuredAny { table.runLayoutPass() }
        return !isFinished
    }
}

/// Runs a `HeightPrecacher` from Foundation's run loop: a timer in the default
/// mode fires a step at most every `interval`; it stops itself when the work ends.
///
/// The precacher measures a main-actor-bound table, so its timer must fire
/// where the main actor runs: on the run loop of the thread that creates the
/// driver (on the main actor). Any other run loop is refused with a message —
/// a timer on a background run loop would measure the table off the main actor.
@MainActor
public final class RunLoopPrecacheDriver {
    private var timer: Timer?
    /// The precacher this driver steps; the driver holds it strongly.
    public let precacher: HeightPrecacher

    /// Starts stepping `precacher` on `runLoop`, which must be the current thread's run loop
    /// (the main run loop in an app; the default).
    public init(precacher: HeightPrecacher, interval: TimeInterval = 1.0 / 120, runLoop: RunLoop = .current) {
        self.precacher = precacher
        if let problem = RunLoopPrecacheDriver.validate(runLoop: runLoop) { ReuseTableError.trap(problem) }
        let timer = Timer(timeInterval: interval, repeats: true) { [weak self] _ in
            // Honest: the timer fires on the run loop of the thread that runs the main actor's code.
            MainActor.assumeIsolated { self?.fire() }
        }
        runLoop.add(timer, forMode: .default)
        self.timer = timer
    }

    /// A driver let go of without `invalidate()` takes its timer off the run loop
    /// (otherwise the repeating timer would keep the loop busy for ever).
    isolated deinit {
        timer?.invalidate()
    }

    /// The message for a run loop the driver cannot use, or nil.
    static func validate(runLoop: RunLoop) -> ReuseTableError? {
        guard runLoop !== RunLoop.current else { return nil }
        return ReuseTableError(
            "RunLoopPrecacheDriver: the run loop must be the one of the thread creating the driver on the main actor "
                + "(RunLoop.current there; RunLoop.main in an app); another thread's run loop would measure the table off the main actor.")
    }

    private func fire() {
        guard let timer, timer.isValid else { return }
        if !precacher.step() {
            timer.invalidate()
            self.timer = nil
        }
    }

    /// Stops the timer.
    public func invalidate() {
        timer?.invalidate()
        timer = nil
    }

    /// Whether the timer still runs.
    public var isRunning: Bool { timer?.isValid ?? false }
}
