import Foundation

extension HeightTree {
    /// An internal node's children's summaries, one array per field (structure of
    /// arrays), plus the running sum of the heights.
    ///
    /// `ends[j]` is `heights[0] + … + heights[j]`, added in order from 0: child
    /// j starts at `acc + ends[j − 1]` below a node that starts at `acc`
    /// (`start(of:from:)`). A descent by offset then compares `y` with
    /// `acc + ends[j]` child by child, each comparison independent of the last,
    /// instead of carrying one chain of additions through every child before
    /// the one it wants. Every walk uses this one formula, so offsets agree
    /// everywhere. An edit of child j re-adds `ends` from j on; the node's
    /// height is `ends.last`, a function of the children alone, never of the
    /// edit history, and with exactly representable heights it is the in-order
    /// sum `RowRecords` computes. (Running sums of the counts were measured too:
    /// keeping them current on every edit cost inserts and deletes more than
    /// the integer scan they replace; see Docs/row-geometry.md.)
    struct SummaryColumns: Sendable {
        private(set) var heights: [Double] = []
        /// `ends[j] = heights[0] + … + heights[j]`, added in order. (Measured
        /// against heights and ends interleaved in one array: a little slower
        /// for every operation, see Docs/row-geometry.md.)
        private(set) var ends: [Double] = []
        private(set) var counts: [Int] = []
        var headers: [Int] = []
        var unmeasured: [Int] = []

        init() {}

        init(_ summaries: some Collection<Summary>) {
            heights.reserveCapacity(summaries.count)
            ends.reserveCapacity(summaries.count)
            counts.reserveCapacity(summaries.count)
            headers.reserveCapacity(summaries.count)
            unmeasured.reserveCapacity(summaries.count)
            for s in summaries {
                counts.append(s.count)
                heights.append(s.height)
                headers.append(s.headers)
                unmeasured.append(s.unmeasured)
            }
            refreshEnds(from: 0)
        }

        var count: Int { counts.count }
        var indices: Range<Int> { 0..<counts.count }

        /// Height of child `j`.
        @inline(__always) func height(_ j: Int) -> Double { heights[j] }
        /// `height(0) + … + height(j)`, added in order.
        @inline(__always) func end(_ j: Int) -> Double { ends[j] }

        /// Sum of the heights, in order (the node's summary height).
        var totalHeight: Double { ends.last ?? 0 }

        /// Where child `j` starts below a node that starts at `acc`.
        @inline(__always) func start(of j: Int, from acc: Double) -> Double { j == 0 ? acc : acc + ends[j - 1] }
        /// Slots in the children before child `j`.
        @inline(__always) func countBefore(_ j: Int) -> Int {
            counts.withUnsafeBufferPointer { c in
                var sum = 0
                for k in 0..<j { sum &+= c[k] }
                return sum
            }
        }

        /// The child holding slot `local` (counted from the node's first slot)
        /// and `local` made relative to it; the last child when `local` is past them all.
        @inline(__always)
        func child(holdingSlot local: Int) -> (child: Int, local: Int) {
            counts.withUnsafeBufferPointer { c in
                let last = c.count - 1
                var j = 0, i = local
                while j < last && i >= c[j] {
                    i &-= c[j]
                    j += 1
                }
                return (j, i)
            }
        }

        /// The child holding offset `y` below a node that starts at `acc`: the
        /// first whose end (`acc + ends[j]`) lies past `y`. Should rounding (only
        /// possible with inexact heights) leave `y` past every child's end, the
        /// last child with height: `y` is at its very end. Needs a child with height.
        @inline(__always)
        func child(holdingOffset y: Double, from acc: Double) -> Int {
            ends.withUnsafeBufferPointer { e in
                let n = e.count
                var j = 0
                while j < n && y >= acc + e[j] { j += 1 }
                return j < n ? j : heights.lastIndex { $0 > 0 }!
            }
        }

        subscript(j: Int) -> Summary {
            get { Summary(count: counts[j], height: heights[j], headers: headers[j], unmeasured: unmeasured[j]) }
            set {
                setCount(j, newValue.count)
                setHeight(j, newValue.height)
                headers[j] = newValue.headers
                unmeasured[j] = newValue.unmeasured
            }
        }

        /// Child `j`'s height; the running sums re-added from j on.
        mutating func setHeight(_ j: Int, _ height: Double) {
            heights[j] = height
            refreshEnds(from: j)
        }

        /// Child `j`'s slot count.
        mutating func setCount(_ j: Int, _ count: Int) { counts[j] = count }

        mutating func append(_ s: Summary) { insert(s, at: counts.count) }

        mutating func insert(_ s: Summary, at j: Int) {
            counts.insert(s.count, at: j)
            heights.insert(s.height, at: j)
            headers.insert(s.headers, at: j)
            unmeasured.insert(s.unmeasured, at: j)
            refreshEnds(from: j)
        }

        mutating func replaceSubrange(_ range: Range<Int>, with summaries: [Summary]) {
            counts.replaceSubrange(range, with: summaries.lazy.map(\.count))
            heights.replaceSubrange(range, with: summaries.lazy.map(\.height))
            headers.replaceSubrange(range, with: summaries.lazy.map(\.headers))
            unmeasured.replaceSubrange(range, with: summaries.lazy.map(\.unmeasured))
            refreshEnds(from: range.lowerBound)
        }

        mutating func removeSubrange(_ range: Range<Int>) {
            counts.removeSubrange(range)
            heights.removeSubrange(range)
            headers.removeSubrange(range)
            unmeasured.removeSubrange(range)
            refreshEnds(from: range.lowerBound)
        }

        /// Recomputes the running sums from child `j` on.
        private mutating func refreshEnds(from j: Int) {
            let n = heights.count
            if ends.count > n { ends.removeSubrange(n...) }
            let j = min(j, ends.count)
            if ends.count < n { ends.append(contentsOf: repeatElement(0, count: n - ends.count)) }
            guard j < n else { return }
            heights.withUnsafeBufferPointer { h in
                ends.withUnsafeMutableBufferPointer { e in
                    var a = j == 0 ? 0.0 : e[j - 1]
                    for k in j..<n {
                        a = a + h[k]
                        e[k] = a
                    }
                }
            }
        }

        /// The sum: heights in order (`totalHeight`, a function of the children alone), integers exact.
        func total() -> Summary {
            var s = Summary()
            s.height = totalHeight
            for c in counts { s.count += c }
            for c in headers { s.headers += c }
            for c in unmeasured { s.unmeasured += c }
            return s
        }

        /// Heap bytes of the five arrays (for `approximateByteCount`).
        var byteCount: Int {
            [counts.capacity, heights.capacity, ends.capacity, headers.capacity, unmeasured.capacity]
                .reduce(0) { $0 + ($1 == 0 ? 0 : 32 + 8 * $1) }
        }
    }

    /// `term(0) + … + term(n − 1)` in one fixed shape: four interleaved partial sums
    /// (`i mod 4`), each in index order, combined as `(s0 + s1) + (s2 + s3)`.
    ///
    /// The result depends only on the terms, never on the history of edits, so
    /// summaries are deterministic; when every partial sum is exactly
    /// representable (integer or dyadic heights well inside 2^53) it equals the
    /// in-order sum bit for bit, which is what `RowRecords` computes. Four
    /// independent chains instead of one cut the latency of re-summing a leaf
    /// on every mutation (a chain of up to 82 dependent additions otherwise).
    /// Internal nodes add in order instead (`SummaryColumns.ends`), since their
    /// descents need the running sums.
    @inline(__always)
    static func fixedShapeSum(_ n: Int, _ term: (Int) -> Double) -> Double {
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0
        var i = 0
        while i + 4 <= n {
            s0 = s0 + term(i)
            s1 = s1 + term(i + 1)
            s2 = s2 + term(i + 2)
            s3 = s3 + term(i + 3)
            i += 4
        }
        if i < n { s0 = s0 + term(i) }
        if i + 1 < n { s1 = s1 + term(i + 1) }
        if i + 2 < n { s2 = s2 + term(i + 2) }
        return (s0 + s1) + (s2 + s3)
    }

    /// A leaf's summary height from its runs, in the fixed shape (the one `leafSummary` uses).
    @inline(__always)
    static func leafHeight<E: LeafEncoding>(_ leaf: Node, _: E.Type) -> Double {
        fixedShapeSum(leaf.runCount) { Double(RunMeta.count(E.meta(leaf, $0))) * E.height(leaf, $0) }
    }

    /// A leaf's summary height, for either encoding.
    static func leafHeight(_ leaf: Node) -> Double {
        leaf.isNarrow ? leafHeight(leaf, NarrowEncoding.self) : leafHeight(leaf, WideEncoding.self)
    }

    /// A leaf's summary from its runs, specialized per encoding.
    static func leafSummary<E: LeafEncoding>(_ leaf: Node, _ encoding: E.Type) -> Summary {
        var s = Summary()
        s.height = leafHeight(leaf, encoding)
        for r in 0..<leaf.runCount {
            let m = E.meta(leaf, r), c = RunMeta.count(m)
            s.count += c
            if RunMeta.kind(m) == .header { s.headers += c }
            if !RunMeta.isMeasured(m) { s.unmeasured += c }
        }
        return s
    }
}
