import Foundation

/// Where the lines of a `ByteSource` start, built in chunks by a fast newline scan.
///
/// **Compact by sampling.** Only every `sampleInterval`-th line start is stored
/// (8 bytes per 64 lines, 0.125 bytes a line); any other line is found by
/// scanning at most 63 newlines forward from its sample with `memchr`, which
/// for ordinary lines is a few hundred nanoseconds. A 10 GB log of 100-byte
/// lines (10^8 lines) costs 12.5 MB of index, not 800 MB.
///
/// **Chunks.** The scan proceeds in chunks of about `chunkBytes`, each ending
/// just after a newline (or at the end of input), so every line lies in one
/// chunk. The pager adds the chunks finished since its last look as one
/// table section (see `PagerApp.pump()`).
///
/// Lines: a line ends at "\n"; a final line without one is still a line; an
/// empty input has none; "a\n" has one. The "\r" of a CRLF stays in the line
/// bytes (the wrapper drops a trailing one).
///
/// **Growth.** A file followed with `F` grows after the index has finished:
/// `resume()` lets the scan go on. The file's last line may have had no newline
/// yet when it was indexed (an "open tail"); the next chunk then starts inside
/// that line and says so (`Chunk.continuesLine`), so the pager re-measures it.
/// A pipe never publishes a line before its newline (or the end of input).
///
/// Thread safety: the scan (`indexNext`) runs on one thread at a time (the
/// background indexer); readers on any thread take the lock for the samples.
public final class LineIndex: @unchecked Sendable {
    /// One chunk of the scan: the lines `firstLine..<firstLine+lineCount`, in bytes `bytes`.
    struct Chunk: Equatable, Sendable {
        var firstLine: Int
        var lineCount: Int
        var bytes: Range<Int>
        /// The line, indexed before without its newline, whose rest `bytes` starts with; nil when
        /// `bytes` starts at a line start.
        var continuesLine: Int? = nil
    }

    /// Lines per stored sample.
    static let sampleInterval = 64

    let source: ByteSource
    /// Target chunk size for the background scan.
    let chunkBytes: Int
    private let lock = NSLock()
    /// `samples[k]` is the byte offset where line `k * sampleInterval` starts.
    private var samples: [Int] = [0]
    private var chunkList: [Chunk] = []
    private var complete = false
    private var stopRequested = false
    private var backgroundRunning = false
    /// Scan state: the first byte not yet in a chunk, newlines seen before it, and where the line
    /// holding it starts (before it when the last line indexed had no newline: an open tail).
    private var scannedTo = 0
    private var newlinesBefore = 0
    private var lastLineStart = 0

    /// An index of `source`, built in chunks of `chunkBytes` as `indexNext()` or the background thread asks.
    public init(source: ByteSource, chunkBytes: Int = 8 << 20) {
        self.source = source
        self.chunkBytes = chunkBytes
    }

    // MARK: Reading (any thread)

    /// The chunks indexed so far.
    var chunks: [Chunk] { lock.withLock { chunkList } }
    /// Chunks indexed so far, without copying them.
    var chunkCount: Int { lock.withLock { chunkList.count } }
    /// The chunks from `index` on.
    func chunks(from index: Int) -> ArraySlice<Chunk> { lock.withLock { chunkList[min(index, chunkList.count)...] } }
    /// True once every byte is indexed.
    var isComplete: Bool { lock.withLock { complete } }
    /// Lines indexed so far.
    public var indexedLines: Int { lock.withLock { chunkList.last.map { $0.firstLine + $0.lineCount } ?? 0 } }
    /// Bytes indexed so far.
    var indexedBytes: Int { lock.withLock { chunkList.last?.bytes.upperBound ?? 0 } }
    /// Heap bytes the samples and chunk list use (capacity, not count).
    public var memoryBytes: Int {
        lock.withLock { samples.capacity * MemoryLayout<Int>.stride + chunkList.capacity * MemoryLayout<Chunk>.stride }
    }

    /// The byte range of line `line` (an indexed line), without its "\n".
    /// - Complexity: O(sampleInterval) `memchr` calls plus the line's length.
    func lineRange(_ line: Int) -> Range<Int> {
        let (start, chunkEnd) = lineStart(line)
        guard let base = source.base, start < chunkEnd else { return start..<start }
        if let newline = Platform.find(0x0A, from: base + start, count: chunkEnd - start) {
            return start..<(newline.assumingMemoryBound(to: UInt8.self) - base)
        }
        return start..<chunkEnd
    }

    /// Where line `line` starts, and the end of the indexed bytes (a bound for the scan).
    private func lineStart(_ line: Int) -> (Int, Int) {
        let (sample, end) = lock.withLock {
            (samples[min(line / LineIndex.sampleInterval, samples.count - 1)], chunkList.last?.bytes.upperBound ?? 0)
        }
        guard let base = source.base else { return (0, 0) }
        var offset = sample
        var remaining = line - (line / LineIndex.sampleInterval) * LineIndex.sampleInterval
        while remaining > 0, offset < end {
            guard let newline = Platform.find(0x0A, from: base + offset, count: end - offset) else { return (end, end) }
            offset = newline.assumingMemoryBound(to: UInt8.self) - base + 1
            remaining -= 1
        }
        return (offset, end)
    }

    /// The line containing byte `offset` (an indexed byte).
    /// - Complexity: O(log samples) plus a scan of at most `sampleInterval` lines.
    func line(containingByte offset: Int) -> Int {
        let sampleIndex: Int = lock.withLock {
            var low = 0, high = samples.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if samples[mid] <= offset { low = mid } else { high = mid - 1 }
            }
            return low
        }
        var line = sampleIndex * LineIndex.sampleInterval
        var position = lock.withLock { samples[sampleIndex] }
        guard let base = source.base else { return 0 }
        while position < offset, let newline = Platform.find(0x0A, from: base + position, count: offset - position) {
            position = newline.assumingMemoryBound(to: UInt8.self) - base + 1
            line += 1
        }
        return line
    }

    // MARK: Scanning (one thread)

    /// Indexes the next chunk of at most about `maximumBytes`; returns false when there is nothing to do now
    /// (everything is indexed, or a pipe has not delivered a whole line yet).
    @discardableResult
    func indexNext(maximumBytes: Int? = nil) -> Bool {
        guard !isComplete else { return false }
        let available = source.available
        let inputComplete = source.isComplete
        let start = scannedTo
        if start >= available {
            if inputComplete { lock.withLock { complete = true } }
            return false
        }
        guard let base = source.base else { return false }
        let window = maximumBytes ?? chunkBytes
        var newSamples: [Int] = []
        var newlines = 0
        var lastNewline = -1
        var position = start
        var limit = min(start + window, available)
        while true {
            // The fast part: memchr finds each newline; only sample lines cost a store.
            while position < limit, let found = Platform.find(0x0A, from: base + position, count: limit - position) {
                let at = found.assumingMemoryBound(to: UInt8.self) - base
                newlines += 1
                lastNewline = at
                position = at + 1
                if (newlinesBefore + newlines) % LineIndex.sampleInterval == 0 { newSamples.append(position) }
            }
            position = limit
            if lastNewline >= 0 || limit == available { break }
            limit = min(limit + window, available)  // a line longer than the window: keep looking for its end
        }
        // A chunk ends after its last newline, or at the end of the bytes when no more will come
        // for now (a file; a pipe at its end): a pipe mid-line waits for the rest.
        let end = limit == available && inputComplete ? available : lastNewline + 1
        guard end > start else { return false }
        let tailWasOpen = lastLineStart < start
        let lineStartAfter = lastNewline >= 0 ? lastNewline + 1 : lastLineStart
        let linesBefore = newlinesBefore + (tailWasOpen ? 1 : 0)
        let linesAfter = newlinesBefore + newlines + (end > lineStartAfter ? 1 : 0)
        let chunk = Chunk(
            firstLine: linesBefore, lineCount: linesAfter - linesBefore, bytes: start..<end,
            continuesLine: tailWasOpen ? linesBefore - 1 : nil)
        newlinesBefore += newlines
        scannedTo = end
        lastLineStart = lineStartAfter
        lock.withLock {
            samples.append(contentsOf: newSamples)
            chunkList.append(chunk)
            if end >= available && inputComplete { complete = true }
        }
        return true
    }

    /// The source has grown (a followed file): index the new bytes too, in the background if it runs.
    func resume() {
        let restart = lock.withLock { () -> Bool in
            complete = false
            guard wantsBackground, !backgroundRunning, !stopRequested else { return false }
            backgroundRunning = true
            return true
        }
        if restart { launchBackground() }
    }

    /// Set by `startBackground()`: a resumed index restarts its thread.
    private var wantsBackground = false

    /// Starts the background indexer (which also reads a pipe); it stops when done or on `stop()`,
    /// and starts again on `resume()`.
    func startBackground() {
        let start = lock.withLock { () -> Bool in
            wantsBackground = true
            guard !backgroundRunning else { return false }
            backgroundRunning = true
            return true
        }
        if start { launchBackground() }
    }

    private func launchBackground() {
        let thread = Thread { [self] in
            while true {
                let done = lock.withLock { () -> Bool in
                    if stopRequested || complete {
                        backgroundRunning = false
                        return true
                    }
                    return false
                }
                if done { return }
                if indexNext() { continue }
                if isComplete { continue }
                if source.isPipe {
                    _ = source.readMore()
                } else {
                    Platform.sleep(microseconds: 1_000)
                }
            }
        }
        thread.name = "pager-index"
        thread.start()
    }

    /// Asks the background indexer to stop after its current chunk.
    func stop() {
        lock.withLock { stopRequested = true }
    }

    /// Indexes everything on the calling thread (tests, and sources that are already complete).
    public func indexAll() {
        while true {
            if indexNext() { continue }
            if isComplete { return }
            if source.isPipe, source.readMore() { continue }
            if source.isComplete, !indexNext() { lock.withLock { complete = true }; return }
        }
    }
}
