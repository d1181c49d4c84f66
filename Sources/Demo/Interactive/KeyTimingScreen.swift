import Foundation
import ReuseTableTerminal

/// Wraps a screen and appends how long each key and each frame took to a file: the demo's own
/// latency log, for checking that every key answers within about 100 ms (`scripts/demo-key-latency`
/// drives the demo in tmux and summarizes the log).
///
/// Set `REUSETABLE_KEY_LOG=/path/file` to turn it on; each line is `key <name> <ms> <cpu ms>`,
/// `frame <ms>` or `idle <ms>`, where a key's time is its handling (wall clock, then the main thread's
/// CPU time), a frame's is drawing the grid after it, and an idle step's is work between keys that
/// changed the screen (pages landing in `Demo db`), which holds the next frame as long.
@MainActor
final class KeyTimingScreen<Wrapped: TerminalScreen>: TerminalScreen {
    private let wrapped: Wrapped
    private let log: FileHandle

    /// The wrapper when `REUSETABLE_KEY_LOG` names a file that can be created, else nil.
    static func fromEnvironment(wrapping screen: Wrapped) -> KeyTimingScreen? {
        guard let path = ProcessInfo.processInfo.environment["REUSETABLE_KEY_LOG"], !path.isEmpty,
            FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { return nil }
        return KeyTimingScreen(wrapped: screen, log: handle)
    }

    private init(wrapped: Wrapped, log: FileHandle) {
        self.wrapped = wrapped
        self.log = log
    }

    func resize(width: Int, height: Int) { wrapped.resize(width: width, height: height) }

    func render() -> CharGrid {
        let start = DispatchTime.now().uptimeNanoseconds
        let grid = wrapped.render()
        write("frame \(milliseconds(since: start))")
        return grid
    }

    func handle(_ key: Key) -> KeyResponse {
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = Self.threadCPUNanoseconds()
        let response = wrapped.handle(key)
        let cpu = String(format: "%.1f", Double(Self.threadCPUNanoseconds() - cpuStart) / 1e6)
        write("key \(String(describing: key).replacingOccurrences(of: " ", with: "_")) \(milliseconds(since: start)) \(cpu)")
        return response
    }

    /// The main thread's CPU time: what a key cost without the time a loaded machine kept it waiting.
    private static func threadCPUNanoseconds() -> UInt64 {
        Platform.threadCPUNanoseconds()
    }

    var hasIdleWork: Bool { wrapped.hasIdleWork }
    func runIdleStep(budget: Duration) -> Bool {
        let start = DispatchTime.now().uptimeNanoseconds
        let changed = wrapped.runIdleStep(budget: budget)
        if changed { write("idle \(milliseconds(since: start))") }
        return changed
    }
    var idleWait: Duration { wrapped.idleWait }

    private func milliseconds(since start: UInt64) -> String {
        String(format: "%.1f", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }

    private func write(_ line: String) {
        log.write(Data((line + "\n").utf8))
    }
}
