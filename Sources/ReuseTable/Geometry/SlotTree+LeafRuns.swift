import Foundation

// A leaf's runs live in `words`, a block of 82 words inside the leaf object, in
// one of two encodings: narrow (a `Float` height beside its meta, 8 bytes a run,
// while every height survives the round trip) or wide (`Double` heights, metas in
// `wideMeta`, 12 bytes). Both hand back every height bit for bit. A leaf never
// needs more than `leafCapacity + 2` words: larger inserts go through the parent
// (`insertSplittingLeaf`). Every mutation is written once against `LeafRunStore`.
// Docs/row-geometry.md, "The production way", has the details.

/// The run storage interface every leaf mutation is written against, so one
/// generic body serves both encodings and plain arrays.
protocol LeafRunStore {
    var count: Int { get }
    func height(_ r: Int) -> Double
    func meta(_ r: Int) -> UInt32
    mutating func set(_ r: Int, height: Double, meta: UInt32)
    mutating func setMeta(_ r: Int, _ meta: UInt32)
    mutating func insert(height: Double, meta: UInt32, at r: Int)
    mutating func insert<H: Collection<Double>, M: Collection<UInt32>>(heights: H, meta: M, at r: Int)
    mutating func removeSubrange(_ range: Range<Int>)
}

/// Runs as two growable arrays: the scratch store for merging and rebuilding leaves.
struct RunArrays: LeafRunStore {
    var heights: [Double] = []
    var meta: [UInt32] = []

    var count: Int { meta.count }
    @inline(__always) func height(_ r: Int) -> Double { heights[r] }
    @inline(__always) func meta(_ r: Int) -> UInt32 { meta[r] }
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

/// Shifts words within a leaf's block (the regions may overlap).
@inline(__always)
private func shiftWords(_ words: UnsafeMutablePointer<UInt64>, from source: Int, to target: Int, count: Int) {
    guard count > 0 else { return }
    UnsafeMutableRawPointer(words + target).copyMemory(from: words + source, byteCount: count * MemoryLayout<UInt64>.stride)
}

/// A narrow leaf's block, lent to a mutation: 8 bytes a run.
struct NarrowRuns: LeafRunStore {
    let words: UnsafeMutablePointer<UInt64>
    let capacity: Int
    var count: Int

    @inline(__always) static func pack(_ height: Double, _ meta: UInt32) -> UInt64 {
        UInt64(Float(height).bitPattern) << 32 | UInt64(meta)
    }
    @inline(__always) static func height(of word: UInt64) -> Double { Double(Float(bitPattern: UInt32(truncatingIfNeeded: word >> 32))) }
    @inline(__always) static func meta(of word: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: word) }
    /// Whether `height` survives the 8-byte encoding bit for bit.
    @inline(__always) static func holds(_ height: Double) -> Bool { Double(Float(height)).bitPattern == height.bitPattern }

    @inline(__always) func height(_ r: Int) -> Double { Self.height(of: words[r]) }
    @inline(__always) func meta(_ r: Int) -> UInt32 { Self.meta(of: words[r]) }
    mutating func set(_ r: Int, height: Double, meta m: UInt32) { words[r] = Self.pack(height, m) }
    mutating func setMeta(_ r: Int, _ m: UInt32) { words[r] = words[r] & ~0xFFFF_FFFF | UInt64(m) }
    mutating func insert(height: Double, meta m: UInt32, at r: Int) {
        precondition(count < capacity, "leaf block full")
        shiftWords(words, from: r, to: r + 1, count: count - r)
        words[r] = Self.pack(height, m)
        count += 1
    }
    mutating func insert<H: Collection<Double>, M: Collection<UInt32>>(heights h: H, meta m: M, at r: Int) {
        let k = h.count
        precondition(count + k <= capacity, "leaf block full")
        shiftWords(words, from: r, to: r + k, count: count - r)
        var w = r
        for (height, meta) in zip(h, m) {
            words[w] = Self.pack(height, meta)
            w += 1
        }
        count += k
    }
    mutating func removeSubrange(_ range: Range<Int>) {
        shiftWords(words, from: range.upperBound, to: range.lowerBound, count: count - range.upperBound)
        count -= range.count
    }
}

/// A wide leaf's block and meta array, lent to a mutation: 12 bytes a run.
struct WideRuns: LeafRunStore {
    /// Each word a height's `Double` bits.
    let words: UnsafeMutablePointer<UInt64>
    let capacity: Int
    var metas: [UInt32]

    var count: Int { metas.count }
    @inline(__always) func height(_ r: Int) -> Double { Double(bitPattern: words[r]) }
    @inline(__always) func meta(_ r: Int) -> UInt32 { metas[r] }
    mutating func set(_ r: Int, height: Double, meta m: UInt32) {
        words[r] = height.bitPattern
        metas[r] = m
    }
    mutating func setMeta(_ r: Int, _ m: UInt32) { metas[r] = m }
    mutating func insert(height: Double, meta m: UInt32, at r: Int) {
        precondition(count < capacity, "leaf block full")
        shiftWords(words, from: r, to: r + 1, count: count - r)
        words[r] = height.bitPattern
        metas.insert(m, at: r)
    }
    mutating func insert<H: Collection<Double>, M: Collection<UInt32>>(heights h: H, meta m: M, at r: Int) {
        let k = h.count
        precondition(count + k <= capacity, "leaf block full")
        shiftWords(words, from: r, to: r + k, count: count - r)
        var w = r
        for height in h {
            words[w] = height.bitPattern
            w += 1
        }
        metas.insert(contentsOf: m, at: r)
    }
    mutating func removeSubrange(_ range: Range<Int>) {
        shiftWords(words, from: range.upperBound, to: range.lowerBound, count: count - range.upperBound)
        metas.removeSubrange(range)
    }
}

/// Read access to a leaf's runs in one encoding, so read loops are specialized
/// per encoding instead of branching on it for every run.
protocol LeafEncoding {
    static func height(_ leaf: SlotTree.Node, _ r: Int) -> Double
    static func meta(_ leaf: SlotTree.Node, _ r: Int) -> UInt32
}

enum NarrowEncoding: LeafEncoding {
    @inline(__always) static func height(_ leaf: SlotTree.Node, _ r: Int) -> Double { NarrowRuns.height(of: leaf.words[r]) }
    @inline(__always) static func meta(_ leaf: SlotTree.Node, _ r: Int) -> UInt32 { NarrowRuns.meta(of: leaf.words[r]) }
}

enum WideEncoding: LeafEncoding {
    @inline(__always) static func height(_ leaf: SlotTree.Node, _ r: Int) -> Double { Double(bitPattern: leaf.words[r]) }
    @inline(__always) static func meta(_ leaf: SlotTree.Node, _ r: Int) -> UInt32 { leaf.wideMeta[r] }
}

extension SlotTree.Node {
    /// Words in a leaf's block: `leafCapacity + 2` for the largest capacity `Config` accepts.
    static let wordCapacity = 82
    typealias Words = InlineArray<82, UInt64>

    /// Height of run `r`, bit for bit as stored.
    @inline(__always) func runHeight(_ r: Int) -> Double {
        isNarrow ? NarrowEncoding.height(self, r) : WideEncoding.height(self, r)
    }
    /// Packed count, kind and measured flag of run `r`.
    @inline(__always) func runMeta(_ r: Int) -> UInt32 {
        isNarrow ? NarrowEncoding.meta(self, r) : WideEncoding.meta(self, r)
    }

    /// Runs in `range` (all by default) as stand-alone arrays, for rebuilding leaves.
    func runArrays(_ range: Range<Int>? = nil) -> RunArrays {
        let range = range ?? 0..<runCount
        var runs = RunArrays()
        runs.heights.reserveCapacity(range.count)
        runs.meta.reserveCapacity(range.count)
        for r in range {
            runs.heights.append(runHeight(r))
            runs.meta.append(runMeta(r))
        }
        return runs
    }

    /// Lends a narrow leaf's block to `body` as `NarrowRuns`; the run count follows what `body` leaves.
    @inline(__always)
    func withNarrowRuns<R>(_ body: (inout NarrowRuns) -> R) -> R {
        precondition(isLeaf && isNarrow, "not a narrow leaf")
        return withUnsafeMutablePointer(to: &words) { block in
            var runs = NarrowRuns(
                words: UnsafeMutableRawPointer(block).assumingMemoryBound(to: UInt64.self),
                capacity: Self.wordCapacity, count: runCount)
            let result = body(&runs)
            runCount = runs.count
            return result
        }
    }

    /// Lends a wide leaf's block and meta array to `body` as `WideRuns`.
    @inline(__always)
    func withWideRuns<R>(_ body: (inout WideRuns) -> R) -> R {
        precondition(isLeaf && !isNarrow, "not a wide leaf")
        return withUnsafeMutablePointer(to: &words) { block in
            var runs = WideRuns(
                words: UnsafeMutableRawPointer(block).assumingMemoryBound(to: UInt64.self),
                capacity: Self.wordCapacity, metas: wideMeta)
            wideMeta = []  // the view holds the only reference, so writing it does not copy
            let result = body(&runs)
            runCount = runs.count
            wideMeta = runs.metas
            return result
        }
    }

    /// Switches a narrow leaf to 12-byte runs, in place (when a height that is not a `Float` enters it).
    func widen() {
        guard isNarrow else { return }
        var metas: [UInt32] = []
        metas.reserveCapacity(Self.wordCapacity)
        for r in 0..<runCount {
            let word = words[r]
            metas.append(NarrowRuns.meta(of: word))
            words[r] = NarrowRuns.height(of: word).bitPattern
        }
        wideMeta = metas
        isNarrow = false
    }

    /// Switches a wide leaf back to 8-byte runs when every height fits again.
    func narrowIfPossible() {
        guard !isNarrow, (0..<runCount).allSatisfy({ NarrowRuns.holds(Double(bitPattern: words[$0])) }) else { return }
        for r in 0..<runCount { words[r] = NarrowRuns.pack(Double(bitPattern: words[r]), wideMeta[r]) }
        wideMeta = []
        isNarrow = true
    }

    /// Fills an empty leaf's block with `runs`, in the narrowest encoding that keeps every height's bits.
    func store(heights: [Double], meta: [UInt32]) {
        precondition(heights.count <= Self.wordCapacity, "\(heights.count) runs exceed a leaf's \(Self.wordCapacity) words")
        runCount = heights.count
        heightsOnGrid = heights.allSatisfy(SlotTree.isOnExactGrid)
        isNarrow = heights.allSatisfy(NarrowRuns.holds)
        if isNarrow {
            for r in heights.indices { words[r] = NarrowRuns.pack(heights[r], meta[r]) }
            wideMeta = []
        } else {
            for r in heights.indices { words[r] = heights[r].bitPattern }
            var metas: [UInt32] = []
            metas.reserveCapacity(Self.wordCapacity)
            metas.append(contentsOf: meta)
            wideMeta = metas
        }
    }
}
