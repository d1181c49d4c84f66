import Foundation
import ReuseTable
import ReuseTableTerminal

/// The full-screen demo: `FeedApp` on a real terminal, run by the product's `EventLoop`.
///
/// The loop draws only when something changed (and then only the changed cells), handles every key
/// that arrived in one read before drawing, and while no key is pending gives the app's idle work —
/// the height precacher, the snapshot built in the background — a slice of time.
@MainActor
enum InteractiveDemo {
    /// Runs until `q`; returns the exit status.
    static func run() -> Int32 {
        let size = Terminal.size() ?? (columns: 80, rows: 24)
        let app = FeedApp(width: size.columns, height: size.rows)
        app.appliesAsynchronously = true  // the event loop runs the main actor's queue between keys
        do {
            if let timed = KeyTimingScreen.fromEnvironment(wrapping: app) {
                try EventLoop().run(timed)
            } else {
                try EventLoop().run(app)
            }
        } catch {
            print("The interactive demo needs a terminal (\(error)); try `swift run Demo tour`.")
            return 1
        }
        return 0
    }
}
