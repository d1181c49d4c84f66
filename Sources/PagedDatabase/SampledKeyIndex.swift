// Every k-th key of an order, so that "the row at position N" costs one lookup and a walk of fewer than
// k index entries, not N. The pager's line index samples every 64th line start the same way
// (Sources/Pager/LineIndex.swift); here the samples are keys, and the walk is an index-only query.

/// The sampled keys of one order, built front to back in steps as the loader walks the order.
///
/// `samples[i]` is the key of the row just before position `i * interval` (nil for position 0: the
/// start), so the rows from that position are "the rows after `samples[i]`".
/// - Complexity: memory is one key per `interval` rows: at 10^7 rows and an interval of 64, 156,250 keys.
struct SampledKeyIndex {
    /// Rows between samples.
    let interval: Int
    /// The key before position `i * interval`, for every such position seen so far.
    private(set) var samples: [SortKey?] = [nil]
    /// Rows walked so far, front to back.
    private(set) var rowsSeen = 0
    /// The key of the last row walked; nil before the first.
    private(set) var lastKey: SortKey?
    /// True once the walk has reached the end of the order: `rowsSeen` is then the exact count.
    private(set) var isComplete = false

    /// An empty index sampling every `interval`-th key.
    init(interval: Int) {
        precondition(interval > 0, "a key index samples every k-th row, k > 0 (got \(interval))")
        self.interval = interval
    }

    /// Records `key`, the key of the row at position `rowsSeen`.
    mutating func append(_ key: SortKey) {
        rowsSeen += 1
        lastKey = key
        if rowsSeen % interval == 0 { samples.append(key) }
    }

    /// Marks the walk finished.
    mutating func finish() { isComplete = true }

    /// The nearest sampled position at or before `position`, and the key just before it (nil: the start).
    /// - Precondition: `position <= rowsSeen`.
    func sample(atOrBefore position: Int) -> (position: Int, keyBefore: SortKey?) {
        let slot = min(position / interval, samples.count - 1)
        return (slot * interval, samples[slot])
    }

    /// Heap bytes the samples take (text keys' characters not counted).
    var memoryBytes: Int { samples.capacity * MemoryLayout<SortKey?>.stride }
}

/// How far a loader's key index has got.
public struct IndexProgress: Sendable, Equatable {
    /// Rows walked so far.
    public var rowsIndexed: Int
    /// True when every row has been walked: the count is exact and a jump anywhere costs one walk of
    /// fewer than `sampleInterval` keys.
    public var isComplete: Bool
    /// Keys kept.
    public var samples: Int
    /// Heap bytes the kept keys take.
    public var memoryBytes: Int
}
