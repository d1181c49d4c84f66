import Foundation

// How a leaf stores its runs. Two encodings, chosen per leaf:
//
// - `NarrowRuns`: one `[UInt64]`, a run per element: the height as a `Float`'s
//   bits in the high half, the packed meta (`RunMeta`) in the low half. 8 bytes
//   a run, one array per leaf. Used while every height in the leaf converts to
//   `Float` and back to the same `Double` bit pattern (integers up to 2^24,
//   halves, quarters, most heights a frame layout produces).
// - `WideRuns`: `[Double]` heights beside `[UInt32]` meta, 12 bytes a run, for
//   any other height (0.1, 1/3, subnormals, huge values).
//
// Both hand back the stored `Double` bit for bit: a height goes into a narrow
// leaf only when `Double(Float(h))` has `h`'s exact bit pattern. A narrow leaf
// widens (once, in place) when a height that does not fit enters it; a leaf
// is made narrow again whenever it is rebuilt (bulk load, split, merge).
// Summaries never see the encoding: they are computed from the `Double`s.

/// The run storage interface every leaf mutation is written against, so one
/// generic body serves both encodings.
protocol LeafRunStore {
    var count: Int { get }
    func height(_ r: Int) -> Double
    func meta(_ r: Int) -> UInt32
    /// Whether `height` can be stored without changing its bits.
    static func holds(_ height: Double) -> Bool
    mutating func set(_ r: Int, height: Double, meta: UInt32)
    mutating func setMeta(_ r: Int, _ meta: UInt32)
    mutating func insert(height: Double, meta: UInt32, at r: Int)
    mutating func insert<H: Collection<Double>, M: Collection<UInt32>>(heights: H, meta: M, at r: Int)
    mutating func removeSubrange(_ range: Range<Int>)
}

/// 12 bytes a run: any `Double` height.
struct WideRuns: LeafRunStore {
    var heights: [Double] = []
    var meta: [UInt32] = []

    var count: Int { meta.count }
    @inline(__always) func height(_ r: Int) -> Double { heights[r] }
    @inline(__always) func meta(_ r: Int) -> UInt32 { meta[r] }
    static func holds(_ height: Double) -> Bool { true }
    mutating func set(_ r: Int, height: Double, meta m: UInt32) {
        heights[r] = height
        meta[r] = m
    }
    mutating func setMeta(_ r: Int, _ m: UInt32) { meta[r] = m }
    mutating func insert(height: Double, meta m: UInt32, at r: Int) {
        heights.insert(height, at: r)
        meta.insert(m, at: r)
    }
    mutating func insert<H: Collection<Double>, M: Collection<UInt32>>(heights h: H, meta m: M, at r: Int) {
        heights.insert(contentsOf: h, at: r)
        meta.insert(contentsOf: m, at: r)
    }
    mutating func removeSubrange(_ range: Range<Int>) {
        heights.removeSubrange(range)
        meta.removeSubrange(range)
    }
}

/// 8 bytes a run: heights that are exactly `Float`s.
struct NarrowRuns: LeafRunStore {
    var packed: [UInt64] = []

    var count: Int { packed.count }
    @inline(__always) static func pack(_ height: Double, _ meta: UInt32) -> UInt64 {
        UInt64(Float(height).bitPattern) << 32 | UInt64(meta)
    }
    @inline(__always) static func height(of word: UInt64) -> Double { Double(Float(bitPattern: UInt32(truncatingIfNeeded: word >> 32))) }
    @inline(__always) static func meta(of word: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: word) }
    @inline(__always) func height(_ r: Int) -> Double { Self.height(of: packed[r]) }
    @inline(__always) func meta(_ r: Int) -> UInt32 { Self.meta(of: packed[r]) }
    @inline(__always) static func holds(_ height: Double) -> Bool { Double(Float(height)).bitPattern == height.bitPattern }
    mutating func set(_ r: Int, height: Double, meta m: UInt32) { packed[r] = Self.pack(height, m) }
    mutating func setMeta(_ r: Int, _ m: UInt32) { packed[r] = packed[r] & ~0xFFFF_FFFF | UInt64(m) }
    mutating func insert(height: Double, meta m: UInt32, at r: Int) { packed.insert(Self.pack(height, m), at: r) }
    mutating func insert<H: Collection<Double>, M: Collection<UInt32>>(heights h: H, meta m: M, at r: Int) {
        packed.insert(contentsOf: zip(h, m).lazy.map { Self.pack($0, $1) }, at: r)
    }
    mutating func removeSubrange(_ range: Range<Int>) { packed.removeSubrange(range) }
}

extension HeightTree.Node {
    /// Runs in this leaf.
    @inline(__always) var runCount: Int { narrow.packed.isEmpty ? wide.meta.count : narrow.packed.count }
    /// Height of run `r`, bit for bit as stored.
    @inline(__always) func runHeight(_ r: Int) -> Double { narrow.packed.isEmpty ? wide.heights[r] : narrow.height(r) }
    /// Packed count, kind and measured flag of run `r`.
    @inline(__always) func runMeta(_ r: Int) -> UInt32 { narrow.packed.isEmpty ? wide.meta[r] : narrow.meta(r) }
    /// Whether the leaf uses the 8-byte encoding.
    var isNarrow: Bool { !narrow.packed.isEmpty }

    /// Runs in `range` (all by default) as stand-alone arrays, for rebuilding leaves.
    func runArrays(_ range: Range<Int>? = nil) -> (heights: [Double], meta: [UInt32]) {
        let range = range ?? 0..<runCount
        if isNarrow {
            let words = narrow.packed[range]
            return (words.map(NarrowRuns.height(of:)), words.map(NarrowRuns.meta(of:)))
        }
        return (Array(wide.heights[range]), Array(wide.meta[range]))
    }

    /// Switches a narrow leaf to 12-byte runs (when a height that is not a `Float` enters it).
    func widen() {
        guard isNarrow else { return }
        let (h, m) = runArrays()
        var w = WideRuns()
        w.heights.reserveCapacity(max(h.count, storageCapacity))
        w.meta.reserveCapacity(max(h.count, storageCapacity))
        w.heights.append(contentsOf: h)
        w.meta.append(contentsOf: m)
        wide = w
        narrow = NarrowRuns()
    }

    /// Room reserved per leaf array, so inserts after a bulk load do not reallocate.
    var storageCapacity: Int { isNarrow ? narrow.packed.capacity : wide.meta.capacity }

    /// Stores runs in the narrowest encoding that keeps every height's bits, reserving `capacity` runs.
    static func store(heights: [Double], meta: [UInt32], capacity: Int) -> (WideRuns, NarrowRuns) {
        if !heights.isEmpty && heights.allSatisfy(NarrowRuns.holds) {
            var packed: [UInt64] = []
            packed.reserveCapacity(max(capacity, heights.count))
            for r in heights.indices { packed.append(NarrowRuns.pack(heights[r], meta[r])) }
            return (WideRuns(), NarrowRuns(packed: packed))
        }
        var w = WideRuns()
        if capacity > heights.count {
            w.heights.reserveCapacity(capacity)
            w.meta.reserveCapacity(capacity)
            w.heights.append(contentsOf: heights)
            w.meta.append(contentsOf: meta)
        } else {
            w.heights = heights
            w.meta = meta
        }
        return (w, NarrowRuns())
    }
}
