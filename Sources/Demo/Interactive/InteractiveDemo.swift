import Foundation
import ReuseTable

/// The full-screen demo: `FeedApp` on a real terminal.
///
/// The loop: draw only when something changed (and then only the changed
/// cells, through `FrameWriter`); handle every key that arrived in one read
/// before drawing, so key repeat never queues frames; while no key is
/// pending, give the height precacher a slice of time.
@MainActor
enum InteractiveDemo {
    /// Runs until `q`; returns the exit status.
    static func run() -> Int32 {
        let terminal = Terminal()
        do {
            try terminal.enter()
        } catch {
            print("The interactive demo needs a terminal (\(error)); try `swift run Demo tour`.")
            return 1
        }
        defer { terminal.restore() }
        var size = Terminal.size() ?? (columns: 80, rows: 24)
        let app = FeedApp(width: size.columns, height: size.rows)
        var previous: CharGrid?
        var needsDraw = true
        var lastDraw: UInt64 = 0
        while true {
            if terminal.takeResize(), let newSize = Terminal.size() {
                size = newSize
                app.resize(width: size.columns, height: size.rows)
                previous = nil  // a resize redraws everything
                needsDraw = true
            }
            let now = DispatchTime.now().uptimeNanoseconds
            // Idle work changes counters continually: redraw for it at most ten times a second.
            if needsDraw {
                let grid = app.render()
                terminal.write(FrameWriter.update(from: previous, to: grid))
                previous = grid
                needsDraw = false
                lastDraw = now
            }
            let keys = terminal.readKeys(timeoutMilliseconds: app.hasIdleWork ? 0 : 500)
            if keys.isEmpty {
                if app.runIdleStep(),
                    !app.hasIdleWork || DispatchTime.now().uptimeNanoseconds - lastDraw > 100_000_000
                {
                    needsDraw = true
                }
                continue
            }
            for key in keys {
                switch app.handle(key) {
                case .quit: return 0
                case .changed: needsDraw = true
                case .unchanged: break
                }
            }
        }
    }
}
