import Foundation

/// `&pattern`: the numbers of the lines holding a byte string, found on a background thread.
///
/// The same exact-bytes match as the search (`/`) and as `grep -F` in the C locale: a line
/// matches when the needle's bytes occur in it (a needle never holds a newline, so no match
/// spans two lines). The scan goes through the source in blocks that end just after a
/// newline, so every line lies in one block; in a block one pass (`ByteScan.matchingLines`)
/// counts newlines and tests for the needle together, records each matching line's number and
/// goes on after that line's end. It does not need the line index, so it runs as fast as the
/// bytes arrive, beside it.
///
/// While more bytes may come (a pipe still open, a file followed with `F`), a last line
/// without its newline is left for later; `resume()` goes on after the source grew.
public final class PagerFilter: @unchecked Sendable {
    let needle: ByteScan.Needle
    /// The needle as typed, for messages.
    let query: String
    let blockBytes: Int
    private let source: ByteSource
    private let lock = NSLock()
    private var matches: [Int] = []
    private var scanned = 0
    private var complete = false
    private var cancelled = false
    private var running = false
    /// Set while more bytes may come: the scan stops at the last newline.
    private var growing: Bool

    // Scan state (the scanning thread only).
    /// Where the next search starts: a line start.
    private var position = 0
    /// Newlines before `position`.
    private var linesBefore = 0

    /// A filter for `query` over `source`; call `start()` (background) or `run()` (here).
    /// `growing`: more bytes may come even from a file (it is being followed).
    public init(query: String, in source: ByteSource, growing: Bool = false, blockBytes: Int = 1 << 20) {
        self.query = query
        needle = ByteScan.Needle(Array(query.utf8))
        self.source = source
        self.growing = growing
        self.blockBytes = max(blockBytes, 1)
    }

    /// Matching lines found so far.
    public var matchCount: Int { lock.withLock { matches.count } }
    /// The matching line numbers (0-based, increasing) from the `index`-th on.
    func matches(from index: Int) -> ArraySlice<Int> { lock.withLock { matches[min(index, matches.count)...] } }
    /// Bytes scanned so far.
    var scannedBytes: Int { lock.withLock { scanned } }
    /// Lines decided so far: every match among the first `scannedLines` lines has been found.
    var scannedLines: Int { lock.withLock { decidedLines } }
    private var decidedLines = 0
    /// True once every byte is scanned and none will come (until `resume()`).
    var isComplete: Bool { lock.withLock { complete } }

    func cancel() { lock.withLock { cancelled = true } }

    /// Scans on a background thread until done or cancelled, and again after each `resume()`.
    func start() {
        lock.withLock { inBackground = true }
        resume()
    }

    /// Set by `start()`: a resumed filter scans on its own thread (otherwise the caller runs `run()`).
    private var inBackground = false

    /// Scans what is new (after the source grew or `growing` changed): on a background thread once
    /// `start()` ran, else at the caller's next `run()`.
    func resume() {
        let launch = lock.withLock { () -> Bool in
            complete = false
            guard inBackground, !running, !cancelled else { return false }
            running = true
            return true
        }
        guard launch else { return }
        let thread = Thread { [self] in
            while true {
                let done = lock.withLock { () -> Bool in
                    guard cancelled || complete else { return false }
                    running = false
                    return true
                }
                if done { return }
                if !step() && !isComplete { Platform.sleep(microseconds: 1_000) }  // waiting for bytes
            }
        }
        thread.name = "pager-filter"
        thread.start()
    }

    /// Whether more bytes may come from a file (it is being followed); the scan goes on either way.
    func setGrowing(_ value: Bool) {
        lock.withLock { growing = value }
        resume()
    }

    /// Scans on the calling thread until done (or cancelled); waits while a pipe is open.
    public func run() {
        while !lock.withLock({ cancelled || complete }) {
            if !step() && !isComplete { Platform.sleep(microseconds: 1_000) }
        }
    }

    /// Scans the next block; false when there is nothing to scan now.
    func step() -> Bool {
        guard let base = source.base else {
            lock.withLock { complete = true }
            return false
        }
        let available = source.available
        let final = source.isComplete && !lock.withLock({ growing })
        // The end of what can be decided now: everything, or up to the last newline while bytes may come.
        var end = available
        if !final {
            while end > position && base[end - 1] != 0x0A { end -= 1 }
        }
        guard end > position else {
            if final { lock.withLock { complete = true } }
            return false
        }
        var limit = min(position + blockBytes, end)
        if limit < end, let newline = Platform.find(0x0A, from: base + limit - 1, count: end - limit + 1) {
            limit = newline.assumingMemoryBound(to: UInt8.self) - base + 1  // a block ends after a newline
        } else {
            limit = end
        }
        var found: [Int] = []
        let lines = linesBefore + ByteScan.matchingLines(needle, in: base, from: position, to: limit, firstLine: linesBefore, into: &found)
        if base[limit - 1] == 0x0A {
            position = limit
        } else {
            // The input ends inside a line: keep its start, so a resumed scan sees the whole line again.
            var start = limit
            while start > position && base[start - 1] != 0x0A { start -= 1 }
            position = start
        }
        linesBefore = lines
        let decided = lines + (position < limit ? 1 : 0)
        lock.withLock {
            // A resumed scan sees the previous last line again; it is listed once.
            if let first = found.first, first == matches.last { found.removeFirst() }
            matches.append(contentsOf: found)
            scanned = limit
            decidedLines = decided
            if limit >= available && final { complete = true }
        }
        return true
    }
}
