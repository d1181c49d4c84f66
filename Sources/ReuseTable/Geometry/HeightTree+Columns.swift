import Foundation

extension HeightTree {
    /// An internal node's children and their summaries: each child beside its
    /// slot count (`entries`), the other fields one array each (structure of
    /// arrays), plus the running sum of the heights.
    ///
    /// A child sits in the same 16-byte entry as its count, so a descent by
    /// index reads the child's reference from the cache line its count scan
    /// just read, instead of one more dependent miss in a separate array of
    /// children; the scan reads 16 bytes a child instead of 8.
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
        /// A child and its slot count.
        struct Entry: Sendable {
            var count: Int
            var child: Node
        }

        private(set) var heights: [Double] = []
        /// `ends[j] = heights[0] + … + heights[j]`, added in order. (Measured
        /// against heights and ends interleaved in one array: a little slower
        /// for every operation, see Docs/row-geometry.md.)
        private(set) var ends: [Double] = []
        /// The children, each with its slot count.
        private(set) var entries: [Entry] = []
        var headers: [Int] = []
        var unmeasured: [Int] = []

        init() {}

        /// The columns of `children`, in order.
        init(_ children: some Collection<Node>) {
            heights.reserveCapacity(children.count)
            ends.reserveCapacity(children.count)
            entries.reserveCapacity(children.count)
            headers.reserveCapacity(children.count)
            unmeasured.reserveCapacity(children.count)
            for child in children {
                let s = child.summary
                entries.append(Entry(count: s.count, child: child))
                heights.append(s.height)
                headers.append(s.headers)
                unmeasured.append(s.unmeasured)
            }
            refreshEnds(from: 0)
        }

        var count: Int { entries.count }
        var indices: Range<Int> { 0..<entries.count }

        /// The children, in order (a view of `entries`).
        var children: LazyMapCollection<[Entry], Node> { entries.lazy.map(\.child) }

        /// Child `j`.
        @inline(__always) func child(_ j: Int) -> Node { entries[j].child }
        /// Slots in child `j`.
        @inline(__always) func slotCount(_ j: Int) -> Int { entries[j].count }
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
            entries.withUnsafeBufferPointer { e in
                var sum = 0
                for k in 0..<j { sum &+= e[k].count }
                return sum
            }
        }

        /// The child holding slot `local` (counted from the node's first slot)
        /// and `local` made relative to it; the last child when `local` is past them all.
        @inline(__always)
        func child(holdingSlot local: Int) -> (child: Int, local: Int) {
            entries.withUnsafeBufferPointer { e in
                let last = e.count - 1
                var j = 0, i = local
                while j < last && i >= e[j].count {
                    i &-= e[j].count
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

        /// Child `j` without a retain, for read-only walks while the tree holds this node.
        @inline(__always)
        func unretainedChild(_ j: Int) -> Unmanaged<Node> {
            precondition(j >= 0 && j < entries.count, "child \(j) out of range 0..<\(entries.count)")
            // The reference's bits read as an unmanaged reference (same layout): no retain, no release.
            return entries.withUnsafeBufferPointer {
                UnsafeRawPointer($0.baseAddress! + j).load(
                    fromByteOffset: MemoryLayout<Entry>.offset(of: \Entry.child)!, as: Unmanaged<Node>.self)
            }
        }

        /// Child `j`, copied first if another tree shares it.
        mutating func uniqueChild(_ j: Int) -> Node {
            if !isKnownUniquelyReferenced(&entries[j].child) { entries[j].child = entries[j].child.copy() }
            return entries[j].child
        }

        /// Child `j`'s summary as the columns hold it (the child's own may have changed since).
        subscript(j: Int) -> Summary {
            Summary(count: entries[j].count, height: heights[j], headers: headers[j], unmeasured: unmeasured[j])
        }

        /// Copies child `j`'s current summary into the columns.
        mutating func refresh(_ j: Int) {
            let s = entries[j].child.summary
            setCount(j, s.count)
            setHeight(j, s.height)
            headers[j] = s.headers
            unmeasured[j] = s.unmeasured
        }

        /// Child `j`'s height; the running sums re-added from j on.
        mutating func setHeight(_ j: Int, _ height: Double) {
            heights[j] = height
            refreshEnds(from: j)
        }

        /// Child `j`'s slot count.
        mutating func setCount(_ j: Int, _ count: Int) { entries[j].count = count }

        mutating func insert(_ child: Node, at j: Int) {
            let s = child.summary
            entries.insert(Entry(count: s.count, child: child), at: j)
            heights.insert(s.height, at: j)
            headers.insert(s.headers, at: j)
            unmeasured.insert(s.unmeasured, at: j)
            refreshEnds(from: j)
        }

        mutating func replaceSubrange(_ range: Range<Int>, with children: [Node]) {
            entries.replaceSubrange(range, with: children.lazy.map { Entry(count: $0.summary.count, child: $0) })
            heights.replaceSubrange(range, with: children.lazy.map(\.summary.height))
            headers.replaceSubrange(range, with: children.lazy.map(\.summary.headers))
            unmeasured.replaceSubrange(range, with: children.lazy.map(\.summary.unmeasured))
            refreshEnds(from: range.lowerBound)
        }

        mutating func removeSubrange(_ range: Range<Int>) {
            entries.removeSubrange(range)
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
            for e in entries { s.count += e.count }
            for c in headers { s.headers += c }
            for c in unmeasured { s.unmeasured += c }
            return s
        }

        /// Heap bytes of the five arrays (for `approximateByteCount`).
        var byteCount: Int {
            func bytes<T>(_ a: [T]) -> Int { a.capacity == 0 ? 0 : 32 + a.capacity * MemoryLayout<T>.stride }
            return bytes(entries) + bytes(heights) + bytes(ends) + bytes(headers) + bytes(unmeasured)
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

    /// The bound below which sums of grid heights stay exact: a multiple of 2^-8 below
    /// 2^44 has at most 52 significant bits.
    static let exactGridLimit = 0x1p44

    /// Whether `height` is on the exact grid: a non-negative multiple of 1/256 below
    /// `exactGridLimit` (every integer height, and halves, quarters… of a point).
    ///
    /// Terms `count × height` of such heights are multiples of 1/256 too, and while
    /// their total stays below `exactGridLimit` every sum of them, in any order, is
    /// exact. So a leaf whose heights are all on the grid can follow an insert or a
    /// removal by adding or subtracting the terms (O(1)) and get the very number
    /// `fixedShapeSum` would add up from the runs (O(runs)): a one-row insert at 10^6
    /// rows spent about 450 of its 3,000 instructions re-adding its leaf.
    @inline(__always)
    static func isOnExactGrid(_ height: Double) -> Bool {
        let scaled = height * 256
        return height >= 0 && height < exactGridLimit && scaled.rounded(.towardZero) == scaled
    }

    /// The leaf's height sum after its runs changed by `delta` (the exact sum of the terms
    /// inserted, or minus those removed): by difference when that is exact, else re-added.
    @inline(__always)
    static func leafHeight(_ leaf: Node, changedBy delta: Double) -> Double {
        // Terms are non-negative, so totals below the limit before and after mean every
        // partial sum was below it too: the old sum was exact and so is the new one.
        if leaf.heightsOnGrid && leaf.summary.height < exactGridLimit {
            let height = leaf.summary.height + delta
            if height >= 0 && height < exactGridLimit { return height }
        }
        return leafHeight(leaf)
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
