import Foundation
import ReuseTable
import Testing

@testable import ReuseTableTerminal

/// A terminal that replays scripted reads and records what the loop wrote.
@MainActor
final class ScriptedDevice: TerminalDevice {
    /// One entry per read: the keys it returns (an empty entry is a read that timed out).
    var reads: [[Key]]
    var screenSize: (columns: Int, rows: Int)
    private(set) var writes: [String] = []
    /// The timeout of every read, in order.
    private(set) var timeouts: [Int32] = []

    init(size: (columns: Int, rows: Int) = (20, 5), reads: [[Key]]) {
        screenSize = size
        self.reads = reads
    }

    func readKeys(timeoutMilliseconds: Int32) -> [Key] {
        timeouts.append(timeoutMilliseconds)
        // The script ran out: quit, so a broken loop cannot hang the test.
        return reads.isEmpty ? [.ctrl("c")] : reads.removeFirst()
    }

    func write(_ string: String) { writes.append(string) }
}

/// A screen that logs what the loop asked of it.
@MainActor
final class LoggingScreen: TerminalScreen {
    var log: [String] = []
    var idleSteps: Int
    var width = 0, height = 0
    var text = "start"

    init(idleSteps: Int = 0) { self.idleSteps = idleSteps }

    func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        log.append("resize \(width)x\(height)")
    }

    func render() -> CharGrid {
        log.append("render")
        var grid = CharGrid(width: width, height: height)
        grid.write(text, x: 0, y: 0)
        return grid
    }

    func handle(_ key: Key) -> KeyResponse {
        log.append("key \(key)")
        switch key {
        case .ctrl("c"), .char("q"): return .quit
        case .char(let character):
            text = String(character)
            return .changed
        default: return .unchanged
        }
    }

    var hasIdleWork: Bool { idleSteps > 0 }

    func runIdleStep(budget: Duration) -> Bool {
        idleSteps -= 1
        log.append("idle")
        return true
    }
}

@MainActor
@Suite struct EventLoopTests {
    @Test func keysRedrawOnlyWhatChangedAndQuitEndsTheLoop() {
        let device = ScriptedDevice(reads: [[.char("a")], [.down], [.char("b"), .char("c")], [.char("q")]])
        let screen = LoggingScreen()
        EventLoop().run(screen, on: device)
        #expect(
            screen.log == [
                "resize 20x5", "render", "key char(\"a\")", "render", "key down", "key char(\"b\")", "key char(\"c\")",
                "render", "key char(\"q\")",
            ])
        // The first frame is drawn in full (a clear first); later ones only where the text changed.
        #expect(device.writes.count == 3)
        #expect(device.writes[0].hasPrefix("\u{1B}[0m\u{1B}[2J"))
        #expect(device.writes[1] == FrameWriter.moveCursor(x: 0, y: 0) + FrameWriter.sgr(.plain) + "a    ")
        #expect(device.writes[2] == FrameWriter.moveCursor(x: 0, y: 0) + FrameWriter.sgr(.plain) + "c")
        #expect(device.reads.isEmpty)
    }

    @Test func aResizeRedrawsInFullAtTheNewSize() {
        let device = ScriptedDevice(reads: [[.resize(columns: 30, rows: 2)], [.char("q")]])
        let screen = LoggingScreen()
        EventLoop().run(screen, on: device)
        #expect(screen.log == ["resize 20x5", "render", "resize 30x2", "render", "key char(\"q\")"])
        #expect(device.writes.count == 2 && device.writes[1].hasPrefix("\u{1B}[0m\u{1B}[2J"))
    }

    @Test func idleWorkRunsOnlyWhileNoKeyIsPendingOneStepPerRead() {
        // Reads: nothing, nothing, a key, nothing..., q. Each empty read is followed by one idle step.
        let device = ScriptedDevice(reads: [[], [], [.char("x")], [], [], [.char("q")]])
        let screen = LoggingScreen(idleSteps: 10)
        var loop = EventLoop()
        var clock: UInt64 = 0
        loop.now = {
            clock += 1_000_000  // 1 ms a look at the clock: idle frames are throttled to one a 100 ms
            return clock
        }
        loop.run(screen, on: device)
        #expect(
            screen.log == [
                "resize 20x5", "render", "idle", "idle", "key char(\"x\")", "render", "idle", "idle", "key char(\"q\")",
            ])
        // While idle work remains, reads do not wait (its timeout is the screen's idleWait, 0).
        #expect(device.timeouts == [0, 0, 0, 0, 0, 0])
    }

    @Test func theEndOfIdleWorkIsDrawnAtOnce() {
        let device = ScriptedDevice(reads: [[], [], [.char("q")]])
        let screen = LoggingScreen(idleSteps: 2)
        var loop = EventLoop()
        loop.now = { 0 }  // the clock stands still: only the end of the work may cause a frame
        loop.run(screen, on: device)
        #expect(screen.log == ["resize 20x5", "render", "idle", "idle", "render", "key char(\"q\")"])
        // With no idle work left, the loop waits for a key.
        #expect(device.timeouts == [0, 0, 500])
    }

    @Test func idleFramesAreThrottled() {
        let device = ScriptedDevice(reads: Array(repeating: [], count: 6) + [[.char("q")]])
        let screen = LoggingScreen(idleSteps: 100)
        var loop = EventLoop()
        var clock: UInt64 = 0
        loop.now = { clock }
        loop.idleRedrawInterval = .milliseconds(100)
        // The clock moves 40 ms per idle step: a frame every third step (at 120 ms, 240 ms).
        final class Advancing: TerminalScreen {
            let inner: LoggingScreen
            let tick: () -> Void
            init(_ inner: LoggingScreen, tick: @escaping () -> Void) {
                self.inner = inner
                self.tick = tick
            }
            func resize(width: Int, height: Int) { inner.resize(width: width, height: height) }
            func render() -> CharGrid { inner.render() }
            func handle(_ key: Key) -> KeyResponse { inner.handle(key) }
            var hasIdleWork: Bool { inner.hasIdleWork }
            func runIdleStep(budget: Duration) -> Bool {
                tick()
                return inner.runIdleStep(budget: budget)
            }
        }
        loop.run(Advancing(screen) { clock += 40_000_000 }, on: device)
        #expect(screen.log.filter { $0 == "render" }.count == 3)
        #expect(screen.log.prefix(7) == ["resize 20x5", "render", "idle", "idle", "idle", "render", "idle"])
    }
}
