import Foundation
import ReuseTable
import ReuseTableTerminal
import Testing

/// Keys from a script, through the public `TerminalDevice`: each read returns the next entry, or
/// nothing (after waiting up to its timeout, at most 1 ms here) once the script is used up, until
/// `quitWhen` holds; then `q`. A loop that never gets there quits after `patience` empty reads (30 s).
@MainActor
final class KeyScript: TerminalDevice {
    var script: [[Key]]
    var quitWhen: () -> Bool
    var patience: Int
    private(set) var frames: [String] = []
    private(set) var emptyReads = 0
    let screenSize: (columns: Int, rows: Int)

    init(_ script: [[Key]], size: (columns: Int, rows: Int) = (24, 6), patience: Int = 30_000, quitWhen: @escaping () -> Bool) {
        self.script = script
        self.quitWhen = quitWhen
        self.patience = patience
        screenSize = size
    }

    func readKeys(timeoutMilliseconds: Int32) -> [Key] {
        if !script.isEmpty { return script.removeFirst() }
        if quitWhen() || emptyReads >= patience { return [.char("q")] }
        emptyReads += 1
        if timeoutMilliseconds > 0 { usleep(1_000) }
        return []
    }

    func write(_ string: String) { frames.append(string) }
}

/// A list fed by a diffable data source whose `i` inserts a row with the async apply, from the key
/// handler, as an app would: the key returns at once and the row appears when the apply is done.
@MainActor
final class AsyncListScreen: TerminalScreen {
    let table: TableView
    let source: TableViewDiffableDataSource<Int, String>
    private(set) var inFlight = 0
    private(set) var finished = 0
    /// Rows the table had when each `i` returned (before its apply ran).
    private(set) var rowsWhenKeyReturned: [Int] = []
    /// Rows the table had at the last frame, and the frame's lines.
    private(set) var rowsDrawn = 0
    private(set) var lastFrame: [String] = []
    private var finishedSinceLastStep = false
    /// The last snapshot asked for: each key edits it (the table may not show it yet).
    private var latest = DiffableDataSourceSnapshot<Int, String>()

    init() {
        table = TableView(frame: CGRect(x: 0, y: 0, width: 24, height: 6))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.applyTerminalDefaults()
        source = TableViewDiffableDataSource(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = item
            return cell
        }
        latest.appendSections([0])
        latest.appendItems(["alpha", "beta"])
        source.apply(latest, animatingDifferences: false)
    }

    func resize(width: Int, height: Int) {
        table.frame = CGRect(x: 0, y: 0, width: width, height: height)
        table.layoutIfNeeded()
    }

    func render() -> CharGrid {
        table.layoutIfNeeded()
        rowsDrawn = table.numberOfRows(inSection: 0)
        let grid = Renderer.render(table, width: Int(table.bounds.width), height: Int(table.bounds.height))
        lastFrame = grid.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        return grid
    }

    func handle(_ key: Key) -> KeyResponse {
        switch key {
        case .char("q"): return .quit
        case .char("i"):
            latest.insertItems(["new \(inFlight + finished + 1)"], beforeItem: "alpha")
            let snapshot = latest
            inFlight += 1
            Task {
                await source.apply(snapshot)
                inFlight -= 1
                finished += 1
                finishedSinceLastStep = true
            }
            rowsWhenKeyReturned.append(table.numberOfRows(inSection: 0))
            return .unchanged
        default: return .unchanged
        }
    }

    var hasIdleWork: Bool { inFlight > 0 || finishedSinceLastStep }

    func runIdleStep(budget: Duration) -> Bool {
        defer { finishedSinceLastStep = false }
        return finishedSinceLastStep
    }

    var idleWait: Duration { .milliseconds(1) }
}

/// The async `run(_:on:)` (the one an `async` `main` and these tests reach); the synchronous one runs
/// the same turns, and the queued jobs through the main run loop, which only the main thread can do.
@MainActor
@Suite struct EventLoopAsyncTests {
    /// An async apply started by a key completes inside the loop, and the frame after it shows the row.
    @Test func anAsyncApplyStartedByAKeyCompletesInsideTheLoop() async {
        let screen = AsyncListScreen()
        let device = KeyScript([[.char("i")]]) { screen.finished == 1 && screen.rowsDrawn == 3 }
        await EventLoop().run(screen, on: device)
        #expect(screen.finished == 1)
        #expect(screen.rowsWhenKeyReturned == [2])  // the key did not wait for the apply
        #expect(screen.table.numberOfRows(inSection: 0) == 3)
        #expect(screen.source.snapshot().itemIdentifiers == ["new 1", "alpha", "beta"])
        #expect(screen.lastFrame.prefix(3) == ["new 1", "alpha", "beta"])
        #expect(device.frames.count == 2)  // the first frame, and the one after the apply
        #expect(device.emptyReads < device.patience)  // it got there, not by running out of reads
    }

    /// Keys pressed while applies are in flight queue theirs behind them (each edits the last snapshot
    /// asked for): all complete, in order, and the last frame shows them.
    @Test func appliesQueuedBehindOneInFlightAllComplete() async {
        let screen = AsyncListScreen()
        let device = KeyScript([[.char("i"), .char("i")], [], [.char("i")]]) { screen.finished == 3 && screen.rowsDrawn == 5 }
        await EventLoop().run(screen, on: device)
        #expect(screen.finished == 3)
        #expect(screen.source.snapshot().itemIdentifiers == ["new 1", "new 2", "new 3", "alpha", "beta"])
        #expect(screen.table.numberOfRows(inSection: 0) == 5)
        #expect(screen.lastFrame.prefix(5) == ["new 1", "new 2", "new 3", "alpha", "beta"])
        #expect(device.emptyReads < device.patience)
    }

    /// Without the loop letting the main actor's queue run, a key's task would wait for the loop to
    /// end: here it has run by the next read, with no idle work reported at all.
    @Test func aTaskStartedByAKeyRunsBetweenKeys() async {
        final class Plain: TerminalScreen {
            var ran = false
            func resize(width: Int, height: Int) {}
            func render() -> CharGrid { CharGrid(width: 1, height: 1) }
            func handle(_ key: Key) -> KeyResponse {
                if key == .char("t") { Task { self.ran = true } }
                return key == .char("q") ? .quit : .unchanged
            }
        }
        let screen = Plain()
        var ranBeforeQuit = false
        let device = KeyScript([[.char("t")], []], patience: 1) {
            ranBeforeQuit = screen.ran
            return true
        }
        await EventLoop().run(screen, on: device)
        #expect(ranBeforeQuit)
    }
}
