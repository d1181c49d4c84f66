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

        /// The sum, heights added in child order (the one chain every query repeats), integers in any order.
        func total() -> Summary {
            var s = Summary()
            for h in heights { s.height = s.height + h }
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
}
