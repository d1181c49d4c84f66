import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A large table whose row heights come from the row index (no storage), counting every height asked.
@MainActor
final class HashedHeights: TableViewDataSource, TableViewDelegate, TableViewDataSourcePrefetching {
    let rows: Int
    var asked: [Int] = []
    var prefetched: [[IndexPath]] = []
    var cancelled: [[IndexPath]] = []
    var fixedHeight: Double?

    init(rows: Int, fixedHeight: Double? = nil) {
        self.rows = rows
        self.fixedHeight = fixedHeight
    }

    func height(_ row: Int) -> Double {
        fixedHeight ?? Double(20 + Int((UInt64(row) &* 2_654_435_761) % 97))
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! TestCell
        cell.configuredFor = indexPath
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        asked.append(indexPath.row)
        return CGFloat(height(indexPath.row))
    }
    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) { prefetched.append(indexPaths) }
    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) { cancelled.append(indexPaths) }

    func makeTable(height: CGFloat = 570, estimate: CGFloat) -> TableView {
        TestSupport.makeTable(self, height: height, reload: false) { $0.estimatedRowHeight = estimate }
    }

    /// On-screen y of every visible row.
    func screenPositions(_ table: TableView) -> [IndexPath: CGFloat] {
        Dictionary(
            uniqueKeysWithValues: table.visibleCells.map {
                (($0 as! TestCell).configuredFor!, $0.frame.minY - table.contentOffset.y)
            })
    }
}

@MainActor
@Suite struct TableViewEstimatedHeightTests {
    /// The self-sizing cells article's four cases (see Docs/estimated-heights.md): bounds 570, 100 rows. UIKit measures ceil(570 / estimate)
    /// rows (29, 29, 7, 6); ReuseTable measures only the rows that fill the viewport.
    @Test(arguments: [(20.0, 22.0, 26), (20.0, 100.0, 6), (90.0, 100.0, 6), (1000.0, 100.0, 6)])
    func reloadMeasuresOnlyTheRowsThatFillTheViewport(estimate: Double, real: Double, expected: Int) {
        let source = HashedHeights(rows: 100, fixedHeight: real)
        let table = source.makeTable(estimate: CGFloat(estimate))
        table.reloadData()
        #expect(source.asked == Array(0..<expected))
        #expect(table.indexPathsForVisibleRows?.count == expected)
        #expect(table.estimatedSlotCount == 100 - expected)
    }

    @Test func exactHeightsAskEveryRowUpFront() {
        let source = HashedHeights(rows: 100, fixedHeight: 22)
        let table = source.makeTable(estimate: 0)
        table.reloadData()
        #expect(source.asked == Array(0..<100))
    }

    @Test func contentSizeConvergesAndEachRowIsMeasuredOnce() {
        let source = HashedHeights(rows: 3000)
        let table = source.makeTable(height: 400, estimate: 60)
        table.reloadData()
        let exact = (0..<3000).reduce(0.0) { $0 + source.height($1) }
        #expect(table.contentHeightUncertainty > 0)
        while table.contentOffset.y + 400 < table.contentSize.height {
            table.contentOffset.y += 150
        }
        table.contentOffset.y = 0
        #expect(table.estimatedSlotCount == 0 && table.measuredFraction == 1)
        #expect(Double(table.contentSize.height) == exact)
        #expect(table.contentHeightUncertainty == 0)
        #expect(Set(source.asked).count == source.asked.count, "no row is measured twice")
    }

    @Test func projectedHeightUsesTheErrorsSeenSoFar() {
        let source = HashedHeights(rows: 1000, fixedHeight: 30)
        let table = source.makeTable(height: 300, estimate: 50)
        table.reloadData()
        // Every measured row was 20 shorter than estimated, so the projection is exact.
        #expect(table.projectedContentHeight == 30_000)
        #expect(table.contentHeightUncertainty == CGFloat(table.estimatedSlotCount) * 20)
    }

    @Test func scrollingUpIntoEstimatedRowsKeepsVisibleRowsStill() {
        let source = HashedHeights(rows: 1_000_000)
        let table = source.makeTable(height: 500, estimate: 44)
        table.reloadData()
        table.contentOffset.y = 22_000_000
        var adjusted = 0
        for step in 0..<400 {
            let delta: CGFloat = step % 50 == 49 ? 180 : 7
            let before = source.screenPositions(table)
            let adjustmentsBefore = table.counters.anchorAdjustments
            table.contentOffset.y -= delta
            adjusted += table.counters.anchorAdjustments - adjustmentsBefore
            let after = source.screenPositions(table)
            for (row, y) in before {
                if let moved = after[row] { #expect(moved - y == delta, "row \(row) at step \(step)") }
            }
            #expect(!after.isEmpty)
        }
        #expect(adjusted > 30, "upward scrolling through estimates corrected the offset")
        // Downward scrolling never needs a correction.
        let adjustmentsBefore = table.counters.anchorAdjustments
        for _ in 0..<200 {
            let before = source.screenPositions(table)
            table.contentOffset.y += 9
            for (row, y) in before { if let moved = source.screenPositions(table)[row] { #expect(y - moved == 9) } }
        }
        #expect(table.counters.anchorAdjustments == adjustmentsBefore)
    }

    @Test func scrollToRowLandsExactlyInAHugeEstimatedTable() {
        let source = HashedHeights(rows: 5_000_000)
        let table = source.makeTable(height: 600, estimate: 50)
        table.reloadData()
        for (row, position) in [(2_500_000, TableView.ScrollPosition.top), (4_000_123, .middle), (1_234_567, .bottom), (4_999_999, .bottom)] {
            let indexPath = IndexPath(row: row, section: 0)
            table.scrollToRow(at: indexPath, at: position, animated: false)
            let rect = table.rectForRow(at: indexPath)
            let top = table.contentOffset.y
            switch position {
            case .top: #expect(rect.minY == top)
            case .middle: #expect(rect.midY == top + 300)
            default: #expect(rect.maxY == top + 600)
            }
            #expect(table.cellForRow(at: indexPath) != nil)
            #expect(table.geometry.slot(at: table.slotIndex(forRow: indexPath)).isMeasured)
        }
        #expect(source.asked.count < 200, "only the neighbourhoods were measured")
    }

    @Test func precacherMeasuresEverythingInBudgetedSlicesWithoutMovingTheScreen() {
        let source = HashedHeights(rows: 2000)
        let table = source.makeTable(height: 400, estimate: 60)
        table.reloadData()
        table.contentOffset.y = 50_000
        let before = source.screenPositions(table)
        let precacher = HeightPrecacher(tableView: table, budget: .milliseconds(2))
        var clock: UInt64 = 0
        precacher.now = {
            clock += 1_000_000; return clock
        }  // every clock read is 1 ms later
        var steps = 0
        var previous = 0
        while precacher.step() {
            steps += 1
            #expect(precacher.measuredCount - previous <= 2, "a 2 ms slice stops once its budget is spent")
            previous = precacher.measuredCount
        }
        #expect(precacher.isFinished && table.estimatedSlotCount == 0)
        #expect(steps > 100)
        #expect(source.screenPositions(table) == before)
        #expect(Set(source.asked).count == 2000 && source.asked.count == 2000)
    }

    @Test func precacherPausesWhileScrollingAndStopsOnReloadOrRelease() {
        let source = HashedHeights(rows: 500)
        var table: TableView? = source.makeTable(estimate: 50)
        table!.reloadData()
        let precacher = HeightPrecacher(tableView: table!)
        table!.isScrolling = true
        let asked = source.asked.count
        #expect(precacher.step() && source.asked.count == asked)
        table!.isScrolling = false
        table!.reloadData()
        #expect(!precacher.step() && precacher.isFinished)

        let second = HeightPrecacher(tableView: table!)
        table = nil  // the table is freed before the idle work runs (the crash in "Caching UITableView row heights")
        #expect(second.tableView == nil)
        #expect(!second.step())
    }

    /// Runs the current run loop's default mode for at most `turns` short turns, stopping
    /// early once `done()`; returns the turns taken. The bound is a count of turns, not a
    /// wall-clock deadline, and every outcome checked after it is exact.
    @discardableResult
    func spinRunLoop(turns: Int, until done: () -> Bool) -> Int {
        var turn = 0
        while turn < turns, !done() {
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.005))
            turn += 1
        }
        return turn
    }

    /// True when the current run loop's default mode has nothing scheduled: a turn that may
    /// not wait returns at once saying it could not run.
    func runLoopIsEmpty() -> Bool { !RunLoop.current.run(mode: .default, before: Date()) }

    /// A precacher whose clock never moves measures everything in its first step, so the
    /// driver's first timer fire finishes the work and the driver stops itself.
    @Test func runLoopDriverStopsItselfOnceNothingIsLeft() {
        let source = HashedHeights(rows: 300)
        let table = source.makeTable(estimate: 50)
        table.reloadData()
        let visible = source.asked.count
        let precacher = HeightPrecacher(tableView: table, budget: .seconds(1))
        precacher.now = { 0 }
        let wasEmpty = runLoopIsEmpty()
        let driver = RunLoopPrecacheDriver(precacher: precacher, interval: 0.001)
        #expect(driver.isRunning && precacher.measuredCount == 0, "nothing runs before the run loop turns")
        #expect(table.estimatedSlotCount == 300 - visible)

        spinRunLoop(turns: 400) { !driver.isRunning }
        #expect(!driver.isRunning, "the driver stopped itself")
        if wasEmpty { #expect(runLoopIsEmpty(), "the stopped driver left no timer on the run loop") }
        #expect(precacher.isFinished && precacher.measuredCount == 300 - visible)
        #expect(table.estimatedSlotCount == 0 && table.measuredFraction == 1)
        #expect(source.asked.count == 300 && Set(source.asked).count == 300, "every row measured exactly once")
    }

    /// Each fire measures exactly two rows (a 2 ms budget on a clock that moves 1 ms a read);
    /// `invalidate()` stops the timer, and turning the run loop afterwards measures nothing.
    @Test func runLoopDriverInvalidateStopsItEarly() {
        let source = HashedHeights(rows: 300)
        let table = source.makeTable(estimate: 50)
        table.reloadData()
        let visible = source.asked.count
        let precacher = HeightPrecacher(tableView: table, budget: .milliseconds(2))
        var clock: UInt64 = 0
        precacher.now = {
            clock += 1_000_000; return clock
        }
        let wasEmpty = runLoopIsEmpty()
        let driver = RunLoopPrecacheDriver(precacher: precacher, interval: 0.001)
        spinRunLoop(turns: 400) { precacher.measuredCount > 0 }
        driver.invalidate()
        #expect(!driver.isRunning)
        if wasEmpty { #expect(runLoopIsEmpty(), "invalidate() took the timer off the run loop") }
        let measured = precacher.measuredCount
        #expect(measured > 0 && measured % 2 == 0 && measured < 300 - visible, "\(measured) rows in whole fires of two")

        spinRunLoop(turns: 5) { false }
        #expect(precacher.measuredCount == measured && !precacher.isFinished)
        #expect(table.estimatedSlotCount == 300 - visible - measured)
    }

    /// The driver accepts only the run loop of the thread creating it; another thread's is
    /// refused with a message saying why.
    @Test func runLoopDriverRefusesAnotherThreadsRunLoop() {
        #expect(RunLoopPrecacheDriver.validate(runLoop: RunLoop.current) == nil)
        let other = Self.otherThreadsRunLoop()
        #expect(other !== RunLoop.current)
        #expect(
            RunLoopPrecacheDriver.validate(runLoop: other)?.message
                == "RunLoopPrecacheDriver: the run loop must be the one of the thread creating the driver on the main actor "
                + "(RunLoop.current there; RunLoop.main in an app); another thread's run loop would measure the table off the main actor.")
    }

    /// Another thread's run loop, for the tests that must be refused.
    nonisolated static func otherThreadsRunLoop() -> RunLoop {
        final class Box: @unchecked Sendable { var runLoop: RunLoop? }
        let box = Box(), started = DispatchSemaphore(value: 0)
        Thread {
            box.runLoop = RunLoop.current
            started.signal()
        }.start()
        started.wait()
        return box.runLoop!
    }

    static func makeDriverOnAnotherThreadsRunLoop() {
        let source = HashedHeights(rows: 10)
        let table = source.makeTable(estimate: 50)
        table.reloadData()
        _ = RunLoopPrecacheDriver(precacher: HeightPrecacher(tableView: table), runLoop: otherThreadsRunLoop())
    }

    /// Creating a driver on another thread's run loop stops the program with that message
    /// (checked in a child process).
    @Test func runLoopDriverTrapsOnAnotherThreadsRunLoop() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await TableViewEstimatedHeightTests.makeDriverOnAnotherThreadsRunLoop()
        }
        let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            errors.contains("ReuseTable: RunLoopPrecacheDriver: the run loop must be the one of the thread creating the driver"),
            "\(errors.prefix(400))")
    }

    @Test func prefetchAnnouncesRowsAheadNearestFirstAndCancelsOnReversal() {
        let source = HashedHeights(rows: 500, fixedHeight: 50)
        let table = source.makeTable(height: 200, estimate: 0)
        table.prefetchDataSource = source
        table.reloadData()
        // Rows 0–3 are visible; the ten below are announced, nearest first.
        #expect(source.prefetched == [(4...13).map { IndexPath(row: $0, section: 0) }])
        table.contentOffset.y = 10  // row 4 appears; only row 14 is new ahead
        #expect(source.prefetched.last == [IndexPath(row: 14, section: 0)])
        table.contentOffset.y = 5  // reversing: nothing is above row 0, the rows below are cancelled
        #expect(source.cancelled.last == (5...14).map { IndexPath(row: $0, section: 0) })
        table.contentOffset.y = 2000  // a jump down: rows 40… are visible, 44… ahead
        #expect(source.prefetched.last == (44...53).map { IndexPath(row: $0, section: 0) })
        table.contentOffset.y = 1900  // scrolling up: rows above the first visible, nearest first
        #expect(source.prefetched.last == (28...37).map { IndexPath(row: $0, section: 0) }.reversed())
    }
}
