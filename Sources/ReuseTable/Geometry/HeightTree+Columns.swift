import Foundation

extension HeightTree {
    /// An internal node's children's summaries, one array per field (structure of arrays).
    ///
    /// A descent by height reads only `heights` (8 bytes a child: 64 children
    /// are 8 cache lines), a descent by slot index only `counts`; with one
    /// array of 32-byte `Summary` values both read four times as many lines.
    /// Measured at 10^7 rows: see "Second wave" in Docs/row-geometry.md.
    struct SummaryColumns: Sendable {
        var heights: [Double] = []
        var counts: [Int] = []
        var headers: [Int] = []
        var unmeasured: [Int] = []

        init() {}

        init(_ summaries: some Collection<Summary>) {
            heights.reserveCapacity(summaries.count)
            counts.reserveCapacity(summaries.count)
            headers.reserveCapacity(summaries.count)
            unmeasured.reserveCapacity(summaries.count)
            for s in summaries { append(s) }
        }

        var count: Int { counts.count }
        var indices: Range<Int> { 0..<counts.count }

        subscript(j: Int) -> Summary {
            get { Summary(count: counts[j], height: heights[j], headers: headers[j], unmeasured: unmeasured[j]) }
            set {
                counts[j] = newValue.count
                heights[j] = newValue.height
                headers[j] = newValue.headers
                unmeasured[j] = newValue.unmeasured
            }
        }

        mutating func append(_ s: Summary) {
            counts.append(s.count)
            heights.append(s.height)
            headers.append(s.headers)
            unmeasured.append(s.unmeasured)
        }

        mutating func insert(_ s: Summary, at j: Int) {
            counts.insert(s.count, at: j)
            heights.insert(s.height, at: j)
            headers.insert(s.headers, at: j)
            unmeasured.insert(s.unmeasured, at: j)
        }

        mutating func replaceSubrange(_ range: Range<Int>, with summaries: [Summary]) {
            counts.replaceSubrange(range, with: summaries.lazy.map(\.count))
            heights.replaceSubrange(range, with: summaries.lazy.map(\.height))
            headers.replaceSubrange(range, with: summaries.lazy.map(\.headers))
            unmeasured.replaceSubrange(range, with: summaries.lazy.map(\.unmeasured))
        }

        mutating func removeSubrange(_ range: Range<Int>) {
            counts.removeSubrange(range)
            heights.removeSubrange(range)
            headers.removeSubrange(range)
            unmeasured.removeSubrange(range)
        }

        /// The sum: heights in the fixed shape of `fixedShapeSum` (a function of the children alone), integers in any order.
        func total() -> Summary {
            var s = Summary()
            s.height = heights.withUnsafeBufferPointer { h in HeightTree.fixedShapeSum(h.count) { h[$0] } }
            for c in counts { s.count += c }
            for c in headers { s.headers += c }
            for c in unmeasured { s.unmeasured += c }
            return s
        }

        /// Heap bytes of the four arrays (for `approximateByteCount`).
        var byteCount: Int {
            [counts.capacity, heights.capacity, headers.capacity, unmeasured.capacity].reduce(0) { $0 + ($1 == 0 ? 0 : 32 + 8 * $1) }
        }
    }

    /// `term(0) + … + term(n − 1)` in one fixed shape: four interleaved partial sums
    /// (`i mod 4`), each in index order, combined as `(s0 + s1) + (s2 + s3)`.
    ///
    /// The result depends only on the terms, never on the history of edits, so
    /// summaries are deterministic; when every partial sum is exactly
    /// representable (integer or dyadic heights well inside 2^53) it equals the
    /// in-order sum bit for bit, which is what `RowRecords` computes. Four
    /// independent chains instead of one cut the latency of re-summing a node
    /// on every mutation (a chain of 64 dependent additions per level).
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
