import Foundation

/// A forward search for a byte string, run on a background thread in blocks.
///
/// Blocks overlap by `needle.count - 1` bytes, so a match that straddles two
/// blocks (or two index chunks) is found. The main loop polls `state`.
public final class PagerSearch: @unchecked Sendable {
    /// How far the search got.
    public enum State: Equatable {
        /// Still looking; `searchedBytes` from the start offset so far.
        case running(searchedBytes: Int)
        /// A match starts at file offset `offset`.
        case found(offset: Int)
        /// No match between the start offset and the end of the input.
        case notFound
    }

    let needle: [UInt8]
    let startOffset: Int
    let blockBytes: Int
    private let source: ByteSource
    private let lock = NSLock()
    private var current: State
    private var cancelled = false

    /// A search for `needle` in `source` from byte `startOffset`, in blocks of `blockBytes`; `start()` runs it.
    public init(needle: String, in source: ByteSource, from startOffset: Int, blockBytes: Int = 16 << 20) {
        self.needle = Array(needle.utf8)
        self.source = source
        self.startOffset = startOffset
        self.blockBytes = max(blockBytes, self.needle.count)
        current = .running(searchedBytes: 0)
    }

    /// Where the search stands, read under the lock.
    public var state: State { lock.withLock { current } }

    func cancel() { lock.withLock { cancelled = true } }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "pager-search"
        thread.start()
    }

    /// Searches on the calling thread until found, not found or cancelled.
    public func run() {
        guard let base = source.base, !needle.isEmpty else {
            lock.withLock { current = .notFound }
            return
        }
        let prepared = ByteScan.Needle(needle)
        var position = startOffset
        while !lock.withLock({ cancelled }) {
            let available = source.available
            let complete = source.isComplete
            let end = min(position + blockBytes, available)
            if end - position >= needle.count {
                if let offset = ByteScan.find(prepared, in: base, from: position, to: end) {
                    lock.withLock { current = .found(offset: offset) }
                    return
                }
            }
            if end >= available && complete {
                lock.withLock { current = .notFound }
                return
            }
            if end >= available { Platform.sleep(microseconds: 1_000); continue }  // a pipe still filling
            position = max(position, end - (needle.count - 1))
            lock.withLock { current = .running(searchedBytes: end - startOffset) }
        }
    }
}
