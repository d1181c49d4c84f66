import Foundation

/// Runs a `TerminalScreen`: keys and resizes in, frames out, idle work in between.
///
/// Each turn draws if something changed (only the changed cells, `FrameWriter`), then reads every
/// key that arrived before the next frame (key repeat never queues frames), or, with none, runs one
/// idle step of `idleBudget`: a key never waits behind more than one. Idle work that keeps changing
/// the screen is drawn at most every `idleRedrawInterval`. Between keys the loop runs what waits on
/// the main actor's queue (a key's `Task { … }`, an `async` apply), so async code works as it does
/// with a run loop.
///
///     let screen = ListScreen(table: table)
///     try EventLoop().run(screen)          // until a key answers .quit (q); throws when not a terminal
@MainActor
public struct EventLoop {
    /// The time given to one idle step (default 2 ms).
    public var idleBudget: Duration = .milliseconds(2)
    /// While idle work goes on, frames it causes are at most this often (default 100 ms).
    public var idleRedrawInterval: Duration = .milliseconds(100)
    /// The longest wait for a key when there is no idle work (default 500 ms).
    public var maximumWait: Duration = .milliseconds(500)
    /// The monotonic clock in nanoseconds (tests inject one).
    var now: () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }

    /// An event loop with the default timings.
    public init() {}

    /// Puts `terminal` in raw mode on the alternate screen (with mouse wheel reports if `mouse`),
    /// runs `screen` on it until a key answers `.quit`, and restores the terminal.
    ///
    /// Throws `Terminal.Failure.notATerminal` at once, before touching anything, when standard input
    /// or output is not a terminal: the caller can then print frames instead.
    public func run(_ screen: some TerminalScreen, terminal: Terminal = Terminal(), mouse: Bool = true) throws(Terminal.Failure) {
        try terminal.enter(mouse: mouse)
        defer { terminal.restore() }
        run(screen, on: terminal)
    }

    /// The same from async code (an `async` `main`): between keys it suspends, so the main actor's
    /// queued jobs run on whatever thread serves it.
    public func run(
        _ screen: some TerminalScreen, terminal: Terminal = Terminal(), mouse: Bool = true
    ) async throws(Terminal.Failure) {
        try terminal.enter(mouse: mouse)
        defer { terminal.restore() }
        await run(screen, on: terminal)
    }

    /// Runs `screen` on `device` until a key answers `.quit`, running the main actor's queued jobs
    /// between keys through the main run loop (a synchronous `main`, on the main thread).
    /// - Complexity: per frame, O(screen cells) for the difference plus the screen's own work.
    public func run(_ screen: some TerminalScreen, on device: some TerminalDevice) {
        var turns = Turns(loop: self, screen: screen, device: device)
        repeat { EventLoop.runMainActorJobs() } while turns.next()
    }

    /// Runs `screen` on `device` until a key answers `.quit`; between keys it suspends (`Task.yield()`),
    /// so the jobs queued on the main actor meanwhile run first, wherever the main actor runs.
    /// - Complexity: per frame, O(screen cells) for the difference plus the screen's own work.
    public func run(_ screen: some TerminalScreen, on device: some TerminalDevice) async {
        var turns = Turns(loop: self, screen: screen, device: device)
        repeat { await Task.yield() } while turns.next()
    }

    /// The loop's state between turns: one turn draws if needed, then reads keys or runs an idle step.
    @MainActor
    private struct Turns<Screen: TerminalScreen, Device: TerminalDevice> {
        let loop: EventLoop
        let screen: Screen
        let device: Device
        var previous: CharGrid?
        var needsDraw = true
        var idleChanged = false  // idle work changed the screen since the last frame
        var lastDraw: UInt64 = 0

        init(loop: EventLoop, screen: Screen, device: Device) {
            self.loop = loop
            self.screen = screen
            self.device = device
            let size = device.screenSize
            screen.resize(width: size.columns, height: size.rows)
        }

        /// One turn; false once a key answered `.quit`.
        mutating func next() -> Bool {
            if needsDraw {
                idleChanged = false
                let grid = screen.render()
                device.write(FrameWriter.update(from: previous, to: grid))
                previous = grid
                needsDraw = false
                lastDraw = loop.now()
            }
            let idle = screen.hasIdleWork
            let keys = device.readKeys(timeoutMilliseconds: EventLoop.milliseconds(idle ? screen.idleWait : loop.maximumWait))
            if keys.isEmpty {
                if idle, screen.runIdleStep(budget: loop.idleBudget) { idleChanged = true }
                if idleChanged, !screen.hasIdleWork || loop.now() &- lastDraw >= EventLoop.nanoseconds(loop.idleRedrawInterval) {
                    needsDraw = true
                }
                return true
            }
            for key in keys {
                if case .resize(let columns, let rows) = key {
                    screen.resize(width: columns, height: rows)
                    previous = nil  // a new size is drawn in full
                    needsDraw = true
                    continue
                }
                switch screen.handle(key) {
                case .quit: return false
                case .changed: needsDraw = true
                case .unchanged: break
                }
            }
            return true
        }
    }

    /// Runs the jobs queued on the main actor now (each may queue more; those run on the next turn).
    ///
    /// The loop holds the main thread, so the main queue is serviced here: one pass of the main run
    /// loop that does not wait (on Linux it drains the main dispatch queue, the main actor's executor).
    /// Off the main thread (an `async` `main` runs the main actor elsewhere) this can do nothing:
    /// there the async `run` is the one that lets the jobs run.
    static func runMainActorJobs() {
        guard Thread.isMainThread else { return }
        _ = RunLoop.main.run(mode: .default, before: .distantPast)
    }

    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return UInt64(clamping: seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    }

    static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: nanoseconds(duration) / 1_000_000)
    }
}
