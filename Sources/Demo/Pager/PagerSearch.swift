import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A forward search for a byte string, run on a background thread in blocks.
///
/// Blocks overlap by `needle.count - 1` bytes, so a match that straddles two
/// blocks (or two index chunks) is found. The main loop polls `state`.
final class PagerSearch: @unchecked Sendable {
    enum State: Equatable {
        case running(searchedBytes: Int)
        case found(offset: Int)
        case notFound
    }

    let needle: [UInt8]
    let startOffset: Int
    let blockBytes: Int
    private let source: ByteSource
    private let lock = NSLock()
    private var current: State
    private var cancelled = false

    init(needle: String, in source: ByteSource, from startOffset: Int, blockBytes: Int = 16 << 20) {
        self.needle = Array(needle.utf8)
        self.source = source
        self.startOffset = startOffset
        self.blockBytes = max(blockBytes, self.needle.count)
        current = .running(searchedBytes: 0)
    }

    var state: State { lock.withLock { current } }

    func cancel() { lock.withLock { cancelled = true } }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "pager-search"
        thread.start()
    }

    /// The first offset in `start..<end` where `needle` starts entirely before `end`: `memchr` for its
    /// first byte, `memcmp` for the rest (glibc's `memmem` is not exported to Swift).
    static func find(_ needle: [UInt8], in base: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard let first = needle.first else { return start }
        var position = start
        let last = end - needle.count  // the last offset a match may start at
        return needle.withUnsafeBytes { pattern -> Int? in
            while position <= last, let hit = memchr(base + position, Int32(first), last - position + 1) {
                let offset = hit.assumingMemoryBound(to: UInt8.self) - base
                if memcmp(base + offset, pattern.baseAddress!, needle.count) == 0 { return offset }
                position = offset + 1
            }
            return nil
        }
    }

    /// Searches on the calling thread until found, not found or cancelled.
    func run() {
        guard let base = source.base, !needle.isEmpty else {
            lock.withLock { current = .notFound }
            return
        }
        var position = startOffset
        while !lock.withLock({ cancelled }) {
            let available = source.available
            let complete = source.isComplete
            let end = min(position + blockBytes, available)
            if end - position >= needle.count {
                if let offset = PagerSearch.find(needle, in: base, from: position, to: end) {
                    lock.withLock { current = .found(offset: offset) }
                    return
                }
            }
            if end >= available && complete {
                lock.withLock { current = .notFound }
                return
            }
            if end >= available { usleep(1_000); continue }  // a pipe still filling
            position = max(position, end - (needle.count - 1))
            lock.withLock { current = .running(searchedBytes: end - startOffset) }
        }
    }
}
