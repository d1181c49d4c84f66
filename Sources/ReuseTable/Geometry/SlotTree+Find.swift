import Foundation

// Queries: each is one walk from the root. Every offset is the same chain of
// additions (`SummaryColumns.start(of:from:)` level by level, then run by run and
// `Double(k) * height` inside a run), so `offset(of:)`, `slot(at:)`,
// `index(atOffset:)` and `forEachSlot(from:_:)` never disagree by a rounding error.

extension SlotTree {
    /// Where slot `index` lives: its leaf, the run and position inside it, and
    /// what lies before the run.
    struct Position {
        var leaf: Node
        var run: Int
        var within: Int
        /// Start Y of the run.
        var runMinY: Double
        /// Headers before the run.
        var headersBefore: Int
    }

    /// Descends by slot count. `index` must be in `0 ..< count`.
    func position(of index: Int) -> Position {
        precondition(index >= 0 && index < count, "slot index \(index) out of range 0..<\(count)")
        var node = root
        var i = index
        var acc = 0.0
        var headers = 0
        while !node.isLeaf {
            let (j, within) = node.childSummaries.child(holdingSlot: i)
            i = within
            acc = node.childSummaries.start(of: j, from: acc)
            for k in 0..<j { headers += node.childSummaries.headers(k) }
            node = node.child(j)
        }
        var r = 0
        while true {
            let m = node.runMeta(r), c = RunMeta.count(m)
            if i < c { break }
            i -= c
            acc = acc + Double(c) * node.runHeight(r)
            if RunMeta.kind(m) == .header { headers += c }
            r += 1
        }
        return Position(leaf: node, run: r, within: i, runMinY: acc, headersBefore: headers)
    }

    /// Start Y of slot `index` (`totalHeight` when `index == count`).
    ///
    /// - Complexity: O(log n).
    public func offset(of index: Int) -> Double {
        if index == count { return totalHeight }
        let p = position(of: index)
        return p.runMinY + Double(p.within) * p.leaf.runHeight(p.run)
    }

    /// Height of slot `index`.
    ///
    /// - Complexity: O(log n).
    public func height(at index: Int) -> Double {
        let p = position(of: index)
        return p.leaf.runHeight(p.run)
    }

    /// Everything about one slot.
    ///
    /// - Complexity: O(log n).
    public func slot(at index: Int) -> Slot {
        let p = position(of: index)
        let h = p.leaf.runHeight(p.run), m = p.leaf.runMeta(p.run)
        return Slot(
            index: index, minY: p.runMinY + Double(p.within) * h, height: h,
            kind: RunMeta.kind(m), isMeasured: RunMeta.isMeasured(m))
    }

    /// The section a slot belongs to: headers at or before `index`, minus one.
    ///
    /// - Complexity: O(log n).
    public func section(containing index: Int) -> Int {
        let p = position(of: index)
        let isHeader = RunMeta.kind(p.leaf.runMeta(p.run)) == .header
        return p.headersBefore + (isHeader ? p.within + 1 : 0) - 1
    }

    /// The slot whose half-open span `[minY, maxY)` contains `y`; zero-height slots contain no point.
    ///
    /// - Complexity: O(log n).
    public func index(atOffset y: Double) -> Int? {
        guard y >= 0, y < totalHeight else { return nil }  // also rejects NaN
        var acc = 0.0
        var base = 0
        // The walk holds its nodes unretained (`self` keeps them alive): a retain per
        // level is an atomic write to a cold cache line, which also stops the
        // processor from starting the next level's loads early.
        var ref = Unmanaged.passUnretained(root)
        while let next = ref._withUnsafeGuaranteedRef({ Self.childContaining(y, in: $0, acc: &acc, base: &base) }) {
            ref = next
        }
        return ref._withUnsafeGuaranteedRef { leaf in
            leaf.isNarrow
                ? Self.index(atOffset: y, in: leaf, NarrowEncoding.self, acc: acc, base: base)
                : Self.index(atOffset: y, in: leaf, WideEncoding.self, acc: acc, base: base)
        }
    }

    /// One level of `index(atOffset:)`: the child of `node` holding `y` (nil for a leaf),
    /// with `acc` and `base` advanced past the children before it.
    @inline(__always)
    private static func childContaining(_ y: Double, in node: Node, acc: inout Double, base: inout Int) -> Unmanaged<Node>? {
        guard !node.isLeaf else { return nil }
        let chosen = node.childSummaries.child(holdingOffset: y, from: acc)
        acc = node.childSummaries.start(of: chosen, from: acc)
        base += node.childSummaries.countBefore(chosen)
        return node.unretainedChild(chosen)
    }

    /// The leaf part of `index(atOffset:)`, specialized per run encoding (no per-run branch on it).
    @inline(__always)
    private static func index<E: LeafEncoding>(atOffset y: Double, in leaf: Node, _: E.Type, acc start: Double, base first: Int) -> Int? {
        var acc = start, base = first
        let n = leaf.runCount
        for r in 0..<n {
            let h = E.height(leaf, r), c = RunMeta.count(E.meta(leaf, r))
            let end = acc + Double(c) * h
            if y < end { return base &+ Self.position(of: y, inRunAt: acc, height: h, count: c) }
            acc = end
            base &+= c
        }
        // Rounding (inexact heights only) left y past the leaf's last end: the
        // last slot with height holds it. Walked back only on this edge, so the
        // common loop above carries nothing for it.
        for r in stride(from: n - 1, through: 0, by: -1) {
            let c = RunMeta.count(E.meta(leaf, r))
            base &-= c
            if E.height(leaf, r) > 0 { return base &+ c &- 1 }
        }
        return nil
    }

    /// Which of a run's `count` slots contains `y`, checked against the exact
    /// start offsets `runMinY + k * height` so it agrees with `offset(of:)`.
    static func position(of y: Double, inRunAt runMinY: Double, height h: Double, count c: Int) -> Int {
        if c == 1 { return 0 }  // a run of one slot (every distinct height): no division
        let guess = ((y - runMinY) / h).rounded(.down)
        var k = guess.isFinite ? Int(max(0, min(guess, Double(c - 1)))) : 0
        while k > 0 && y < runMinY + Double(k) * h { k -= 1 }
        while k + 1 < c && y >= runMinY + Double(k + 1) * h { k += 1 }
        return k
    }

    /// Slot index of the header of `section`.
    ///
    /// - Complexity: O(log n).
    public func headerIndex(ofSection section: Int) -> Int {
        precondition(section >= 0 && section < sectionCount, "section \(section) out of range 0..<\(sectionCount)")
        var node = root
        var s = section
        var base = 0
        while !node.isLeaf {
            let columns = node.childSummaries
            var j = 0
            while s >= columns.headers(j) {
                s -= columns.headers(j)
                base += columns.slotCount(j)
                j += 1
            }
            node = node.child(j)
        }
        for r in 0..<node.runCount {
            let m = node.runMeta(r), c = RunMeta.count(m)
            if RunMeta.kind(m) == .header {
                if s < c { return base + s }
                s -= c
            }
            base += c
        }
        preconditionFailure("header count summaries are inconsistent")
    }

    /// The first slot at or after `index` whose height is an estimate.
    ///
    /// - Complexity: O(log n): only the subtree holding `index` can fail to
    ///   answer; after it, the first subtree with unmeasured slots is entered and
    ///   holds one.
    public func firstUnmeasured(from index: Int) -> Int? {
        Self.firstUnmeasured(in: root, from: max(index, 0))
    }

    private static func firstUnmeasured(in node: Node, from local: Int) -> Int? {
        guard node.summary.unmeasured > 0, local < node.summary.count else { return nil }
        var base = 0
        if node.isLeaf {
            for r in 0..<node.runCount {
                let m = node.runMeta(r), c = RunMeta.count(m)
                if !RunMeta.isMeasured(m) && base + c > local { return max(base, local) }
                base += c
            }
            return nil
        }
        for j in node.childSummaries.indices {
            let s = node.childSummaries[j]
            if local < base + s.count && s.unmeasured > 0,
                let found = firstUnmeasured(in: node.child(j), from: max(0, local - base))
            {
                return base + found
            }
            base += s.count
        }
        return nil
    }

    /// Calls `body` with slot `index`, `index + 1`, … until it returns false or the slots end.
    ///
    /// - Complexity: O(log n + slots visited): one descent, then leaf after
    ///   leaf through a stack of the path (amortized O(1) per leaf).
    public func forEachSlot(from index: Int, _ body: (Slot) -> Bool) {
        let start = max(index, 0)
        guard start < count else { return }
        // Path of internal nodes: the child being visited and Y where the node starts.
        var stack: [(node: Node, child: Int, minY: Double)] = []
        var node = root
        var i = start
        var acc = 0.0
        while !node.isLeaf {
            let (j, within) = node.childSummaries.child(holdingSlot: i)
            i = within
            stack.append((node, j, acc))
            acc = node.childSummaries.start(of: j, from: acc)
            node = node.child(j)
        }
        var slotIndex = start
        while true {
            // `acc` is the leaf's start Y here; `i` the first slot to report in it.
            for r in 0..<node.runCount {
                let h = node.runHeight(r), m = node.runMeta(r), c = RunMeta.count(m)
                if i >= c {
                    i -= c
                } else {
                    let kind = RunMeta.kind(m), measured = RunMeta.isMeasured(m)
                    for k in i..<c {
                        let slot = Slot(
                            index: slotIndex, minY: acc + Double(k) * h, height: h,
                            kind: kind, isMeasured: measured)
                        if !body(slot) { return }
                        slotIndex += 1
                    }
                    i = 0
                }
                acc = acc + Double(c) * h
            }
            // Next leaf: climb until a node has a next child, then take leftmost children down.
            var advanced = false
            while let top = stack.popLast() {
                let next = top.child + 1
                guard next < top.node.childSummaries.count else { continue }
                let y = top.node.childSummaries.start(of: next, from: top.minY)
                stack.append((top.node, next, top.minY))
                node = top.node.child(next)
                while !node.isLeaf {
                    stack.append((node, 0, y))
                    node = node.child(0)
                }
                acc = y
                advanced = true
                break
            }
            if !advanced { return }
        }
    }
}
