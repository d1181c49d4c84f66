import Foundation

extension SlotTree {
    /// An internal node's children and their summaries, in one allocation
    /// (`ColumnBlock`, SlotTree+ColumnBlock.swift): each child beside its slot count
    /// (`Entry`: a descent by index finds the child on the line its count scan just read),
    /// the other fields one column each, and the running sums of the heights (`end(_:)`).
    /// Child j starts at `acc + end(j − 1)` (`start(of:from:)`), the one formula every walk
    /// uses, so a descent by offset makes one independent comparison a child; the node's
    /// height is the last running sum, a function of the children alone.
    /// Docs/row-geometry.md ("The production way") has why and what was measured.
    ///
    /// `@unchecked Sendable`: the block is written only while uniquely referenced.
    struct SummaryColumns: @unchecked Sendable {
        /// A child and its slot count.
        struct Entry: Sendable {
            var count: Int
            var child: Node
        }

        private var block: ColumnBlock

        /// Shared by every leaf (which has no children), so a leaf allocates no block.
        /// Never written: any write first copies it (it is never uniquely referenced).
        nonisolated(unsafe) private static let emptyBlock = ColumnBlock.make(capacity: 0)

        init() { block = Self.emptyBlock }

        /// The columns of `children`, in order.
        init(_ children: some Collection<Node>) {
            let n = children.count
            // Room for the one extra child an insert adds before its node splits.
            block = n == 0 ? Self.emptyBlock : ColumnBlock.make(capacity: n + 2)
            guard n > 0 else { return }
            block.withColumns { header, c in
                Self.store(children, from: 0, in: c)
                header.pointee.count = n
                header.pointee.childrenAreLeaves = children.first!.isLeaf
            }
            refreshGrid()
            refreshEnds(from: 0)
        }

        // MARK: Layout

        /// Lends `body` the block's regions (see `ColumnBlock.withColumns`).
        @inline(__always) private func columns<R>(_ body: (Columns) -> R) -> R {
            block.withColumns { _, c in body(c) }
        }
        @inline(__always) private var capacity: Int { block.withUnsafeMutablePointerToHeader { $0.pointee.capacity } }
        @inline(__always) private var onGrid: Bool {
            get { block.withUnsafeMutablePointerToHeader { $0.pointee.onGrid } }
            nonmutating set { block.withUnsafeMutablePointerToHeader { $0.pointee.onGrid = newValue } }
        }
        @inline(__always) private func checkIndex(_ j: Int) {
            precondition(j >= 0 && j < count, "child \(j) out of range 0..<\(count)")
        }

        // MARK: Reading

        var count: Int { block.withUnsafeMutablePointerToHeader { $0.pointee.count } }
        /// Whether the children are leaves (false while there are none).
        var childrenAreLeaves: Bool { block.withUnsafeMutablePointerToHeader { $0.pointee.childrenAreLeaves } }

        /// Reads a byte of every cache line of leaf `j`'s object and returns them combined: the
        /// loads are independent, so the processor fetches the lines together, and the scan and
        /// shift that follow (a run search and a memmove across the leaf's block) find them in
        /// cache instead of waiting for one line after another. The caller stores the result, so
        /// the loads are not dropped. The bytes are read as bytes of a live object the tree holds
        /// (`unretainedChild`), never interpreted.
        @inline(__always)
        func touchLeaf(_ j: Int) -> UInt8 {
            let base = UnsafeRawPointer(unretainedChild(j).toOpaque())
            var combined: UInt8 = 0
            var offset = 0
            while offset < SlotTree.Node.objectByteCount {
                combined |= base.load(fromByteOffset: offset, as: UInt8.self)
                offset &+= 64
            }
            return combined
        }
        var indices: Range<Int> { 0..<count }

        /// The children, in order.
        var children: [Node] { (0..<count).map { child($0) } }

        @inline(__always) func child(_ j: Int) -> Node {
            checkIndex(j)
            return columns { $0.entries[j].child }
        }
        /// Slots in child `j`.
        @inline(__always) func slotCount(_ j: Int) -> Int {
            checkIndex(j)
            return columns { $0.entries[j].count }
        }
        /// Height of child `j`.
        @inline(__always) func height(_ j: Int) -> Double {
            checkIndex(j)
            return columns { $0.heights[j] }
        }
        /// `height(0) + … + height(j)`, added in order.
        @inline(__always) func end(_ j: Int) -> Double {
            checkIndex(j)
            return columns { $0.ends[j] }
        }
        /// Header slots in child `j`.
        @inline(__always) func headers(_ j: Int) -> Int {
            checkIndex(j)
            return columns { $0.headers[j] }
        }
        /// Estimated slots in child `j`.
        @inline(__always) func unmeasured(_ j: Int) -> Int {
            checkIndex(j)
            return columns { $0.unmeasured[j] }
        }

        /// Sum of the heights, in order (the node's summary height).
        var totalHeight: Double {
            let n = count
            return n == 0 ? 0 : columns { $0.ends[n - 1] }
        }

        /// Where child `j` starts below a node that starts at `acc`.
        @inline(__always) func start(of j: Int, from acc: Double) -> Double { j == 0 ? acc : acc + end(j - 1) }
        /// Slots in the children before child `j`.
        @inline(__always) func countBefore(_ j: Int) -> Int {
            precondition(j >= 0 && j <= count, "child \(j) out of range 0...\(count)")
            return columns { c in
                var sum = 0
                for k in 0..<j { sum &+= c.entries[k].count }
                return sum
            }
        }

        /// The child holding slot `local` (counted from the node's first slot)
        /// and `local` made relative to it; the last child when `local` is past them all.
        @inline(__always)
        func child(holdingSlot local: Int) -> (child: Int, local: Int) {
            let last = count - 1
            return columns { c in
                let e = c.entries
                var j = 0, i = local
                // Four children a step while the slot lies past all four (none of them the last):
                // one comparison for four counts instead of four, the loads independent.
                while j &+ 4 <= last {
                    let four = e[j].count &+ e[j &+ 1].count &+ e[j &+ 2].count &+ e[j &+ 3].count
                    if i < four { break }
                    i &-= four
                    j &+= 4
                }
                while j < last && i >= e[j].count {
                    i &-= e[j].count
                    j += 1
                }
                return (j, i)
            }
        }

        /// The child holding offset `y` below a node that starts at `acc`: the
        /// first whose end (`acc + end(j)`) lies past `y`. Should rounding (only
        /// possible with inexact heights) leave `y` past every child's end, the
        /// last child with height: `y` is at its very end. Needs a child with height.
        @inline(__always)
        func child(holdingOffset y: Double, from acc: Double) -> Int {
            let n = count
            return columns { c in
                let e = c.ends
                var j = 0
                while j < n && y >= acc + e[j] { j += 1 }
                if j < n { return j }
                let h = c.heights
                var k = n - 1
                while k > 0 && !(h[k] > 0) { k -= 1 }
                precondition(h[k] > 0, "no child with height")
                return k
            }
        }

        /// Child `j` without a retain, for read-only walks while the tree holds this node.
        @inline(__always)
        func unretainedChild(_ j: Int) -> Unmanaged<Node> {
            checkIndex(j)
            // The entry's reference read as an unmanaged reference (the same bits): no retain, no release.
            return columns { c in
                UnsafeRawPointer(c.entries + j).load(
                    fromByteOffset: MemoryLayout<Entry>.offset(of: \Entry.child)!, as: Unmanaged<Node>.self)
            }
        }

        /// Child `j`'s summary as the columns hold it (the child's own may have changed since).
        subscript(j: Int) -> Summary {
            Summary(count: slotCount(j), height: height(j), headers: headers(j), unmeasured: unmeasured(j))
        }

        /// The sum: heights in order (`totalHeight`, a function of the children alone), integers exact.
        func total() -> Summary {
            var s = Summary()
            s.height = totalHeight
            let n = count
            columns { c in
                for j in 0..<n {
                    s.count += c.entries[j].count
                    s.headers += c.headers[j]
                    s.unmeasured += c.unmeasured[j]
                }
            }
            return s
        }

        /// Heap bytes of the block (for `approximateByteCount`); 0 for a leaf's shared empty block.
        var byteCount: Int { capacity == 0 ? 0 : ColumnBlock.byteCount(capacity) }

        // MARK: Writing

        /// Makes the block this node's own, with room for `needed` children.
        @inline(__always)
        private mutating func reserve(_ needed: Int) {
            if _slowPath(!isKnownUniquelyReferenced(&block) || capacity < needed) { reallocate(needed) }
        }

        /// Copies (when shared) or moves (when owned) the columns to a new block of at least `needed` children.
        private mutating func reallocate(_ needed: Int) {
            let unique = isKnownUniquelyReferenced(&block)
            let old = capacity, n = count
            let fresh = ColumnBlock.make(capacity: Swift.max(needed, unique ? old + old / 2 : old, 4))
            block.withColumns { oldHeader, from in
                fresh.withColumns { header, to in
                    if unique {
                        to.entries.moveInitialize(from: from.entries, count: n)
                        oldHeader.pointee.count = 0  // moved out: the old block must not release them
                    } else {
                        to.entries.initialize(from: from.entries, count: n)
                    }
                    to.heights.initialize(from: from.heights, count: n)
                    to.ends.initialize(from: from.ends, count: n)
                    to.headers.initialize(from: from.headers, count: n)
                    to.unmeasured.initialize(from: from.unmeasured, count: n)
                    header.pointee.count = n
                    header.pointee.onGrid = oldHeader.pointee.onGrid
                    header.pointee.childrenAreLeaves = oldHeader.pointee.childrenAreLeaves
                }
            }
            block = fresh
        }

        /// Child `j`, copied first if another tree shares it.
        mutating func uniqueChild(_ j: Int) -> Node {
            checkIndex(j)
            reserve(0)
            return columns { c in
                let e = c.entries + j
                if !isKnownUniquelyReferenced(&e.pointee.child) { e.pointee.child = e.pointee.child.copy() }
                return e.pointee.child
            }
        }

        /// Copies child `j`'s current summary into the columns.
        mutating func refresh(_ j: Int) {
            let s = child(j).summary
            setCount(j, s.count)
            setHeight(j, s.height)
            setHeaders(j, s.headers)
            setUnmeasured(j, s.unmeasured)
        }

        /// Child `j`'s height; the running sums from j on follow it.
        mutating func setHeight(_ j: Int, _ height: Double) {
            checkIndex(j)
            reserve(0)
            let n = count
            let followed: Bool = columns { c in
                let old = c.heights[j]
                c.heights[j] = height
                guard onGrid && SlotTree.isOnExactGrid(height) else { return false }
                // On the grid and below `exactGridLimit` every running sum is exact, so the
                // difference gives `refreshEnds`'s numbers without its dependent chain.
                let e = c.ends
                let delta = height - old
                guard e[n - 1] < SlotTree.exactGridLimit && e[n - 1] + delta < SlotTree.exactGridLimit else { return false }
                for k in j..<n { e[k] = e[k] + delta }
                return true
            }
            if followed { return }
            if !SlotTree.isOnExactGrid(height) { onGrid = false }
            refreshEnds(from: j)
        }

        /// Records that child `j`'s summary went from `old` (what the columns hold for it)
        /// to its current one, writing only the fields that changed: a one-row insert or
        /// delete of a measured row writes the count and the height (and the running sums).
        @inline(__always)
        mutating func childDidChange(_ j: Int, from old: Summary) {
            let new = unretainedChild(j)._withUnsafeGuaranteedRef { $0.summary }
            if new.count != old.count { setCount(j, new.count) }
            if new.height.bitPattern != old.height.bitPattern { setHeight(j, new.height) }
            if new.headers != old.headers { setHeaders(j, new.headers) }
            if new.unmeasured != old.unmeasured { setUnmeasured(j, new.unmeasured) }
        }

        /// Child `j`'s slot count.
        mutating func setCount(_ j: Int, _ count: Int) {
            checkIndex(j)
            reserve(0)
            columns { $0.entries[j].count = count }
        }

        /// Child `j`'s header slots.
        mutating func setHeaders(_ j: Int, _ headers: Int) {
            checkIndex(j)
            reserve(0)
            columns { $0.headers[j] = headers }
        }

        /// Child `j`'s estimated slots.
        mutating func setUnmeasured(_ j: Int, _ unmeasured: Int) {
            checkIndex(j)
            reserve(0)
            columns { $0.unmeasured[j] = unmeasured }
        }

        mutating func insert(_ child: Node, at j: Int) {
            replaceSubrange(j..<j, with: CollectionOfOne(child))
        }

        mutating func removeSubrange(_ range: Range<Int>) {
            replaceSubrange(range, with: EmptyCollection())
        }

        /// Replaces the children in `range` by `children`, with their summaries.
        mutating func replaceSubrange(_ range: Range<Int>, with children: some Collection<Node>) {
            let n = count, k = children.count
            precondition(range.lowerBound >= 0 && range.upperBound <= n, "children \(range) out of range 0..<\(n)")
            let newCount = n - range.count + k
            reserve(newCount)
            let lo = range.lowerBound, tail = n - range.upperBound
            block.withColumns { header, c in
                (c.entries + lo).deinitialize(count: range.count)
                if k != range.count && tail > 0 {
                    (c.entries + lo + k).moveInitialize(from: c.entries + range.upperBound, count: tail)
                    (c.heights + lo + k).moveInitialize(from: c.heights + range.upperBound, count: tail)
                    (c.headers + lo + k).moveInitialize(from: c.headers + range.upperBound, count: tail)
                    (c.unmeasured + lo + k).moveInitialize(from: c.unmeasured + range.upperBound, count: tail)
                }
                Self.store(children, from: lo, in: c)
                if k > 0 { header.pointee.childrenAreLeaves = children.first!.isLeaf }
                header.pointee.count = newCount
            }
            refreshGrid()
            refreshEnds(from: lo)
        }

        /// Initializes the entries from `j` on with `children` and writes their summaries' columns
        /// (the running sums are the caller's to refresh).
        private static func store(_ children: some Collection<Node>, from j: Int, in c: Columns) {
            var j = j
            for child in children {
                let s = child.summary
                (c.entries + j).initialize(to: Entry(count: s.count, child: child))
                c.heights[j] = s.height
                c.headers[j] = s.headers
                c.unmeasured[j] = s.unmeasured
                j += 1
            }
        }

        /// Recomputes whether every height is on the exact grid.
        private func refreshGrid() {
            let n = count
            onGrid = columns { c in
                var all = true
                for k in 0..<n where !SlotTree.isOnExactGrid(c.heights[k]) { all = false }
                return all
            }
        }

        /// Recomputes the running sums from child `j` on.
        private mutating func refreshEnds(from j: Int) {
            let n = count
            guard j < n else { return }
            columns { c in
                let h = c.heights, e = c.ends
                var a = j == 0 ? 0.0 : e[j - 1]
                for k in j..<n {
                    a = a + h[k]
                    e[k] = a
                }
            }
        }
    }

    /// `term(0) + … + term(n − 1)` in one fixed shape: four interleaved partial sums
    /// (`i mod 4`), each in index order, combined as `(s0 + s1) + (s2 + s3)`.
    ///
    /// A function of the terms alone, so leaf summaries are deterministic; with exactly
    /// representable partial sums it equals the in-order sum `RowRecords` computes. Four
    /// independent chains re-sum a leaf in a quarter of one chain's latency.
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
    /// Every sum of such terms below the limit is exact in any order, so a leaf or a
    /// block on the grid follows an edit by the difference and gets the very number
    /// re-adding would (Docs/row-geometry.md, "Why summary heights are re-summed").
    @inline(__always)
    static func isOnExactGrid(_ height: Double) -> Bool {
        // Below the limit `scaled` is below 2^52, so the conversion to an integer is exact
        // up to the truncated fraction (and cheaper than `rounded(.towardZero)`, a call to
        // `trunc` on baseline x86-64); NaN fails the first comparison.
        guard height >= 0 && height < exactGridLimit else { return false }
        let scaled = height * 256
        return Double(Int64(scaled)) == scaled
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
