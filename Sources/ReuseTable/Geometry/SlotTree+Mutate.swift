import Foundation

// Mutations: descend along one path (copying shared nodes on the way), change
// a leaf, then on the way back up split overfull children, merge underfull
// ones with a neighbour, and recompute each summary on the path from its
// children. Only the root may be underfull; it grows or shrinks a level at a
// time, so every leaf stays at the same depth.

extension SlotTree {
    /// Replaces the height of one slot; the run holding it splits into at most three and heals with neighbours.
    ///
    /// One descent: when the slot already has this height and state, the leaf
    /// is left alone and nothing above it is recomputed. The stamp moves even
    /// then, since the descent may have copied shared nodes.
    ///
    /// - Complexity: O(log n).
    public mutating func setHeight(_ height: Double, at index: Int, isMeasured: Bool) {
        precondition(index >= 0 && index < count, "slot index \(index) out of range 0..<\(count)")
        stamp = GeometryStamp.next()
        makeRootUnique()
        if root.setHeight(height, isMeasured: isMeasured, at: index, config: config) { fixRoot() }
    }

    /// Inserts `runs` so that the first new slot gets index `index`.
    ///
    /// - Complexity: O(k + log n) for k runs: they become about k / `leafCapacity`
    ///   new leaves, and each level above takes a fan-out-th as many new nodes.
    public mutating func insert(_ runs: [HeightRun], at index: Int) {
        precondition(index >= 0 && index <= count, "slot index \(index) out of range 0...\(count)")
        if runs.count == 1, runs[0].count > 0, runs[0].count <= RunMeta.maxCount {
            // The common case (one row, or one run of rows) without temporary arrays.
            let run = runs[0]
            stamp = GeometryStamp.next()
            makeRootUnique()
            root.insert(
                heights: CollectionOfOne(run.height),
                meta: CollectionOfOne(RunMeta.pack(count: run.count, kind: run.kind, isMeasured: run.isMeasured)),
                at: index, config: config)
            fixRoot()
            return
        }
        var heights: [Double] = []
        var meta: [UInt32] = []
        heights.reserveCapacity(runs.count)
        meta.reserveCapacity(runs.count)
        for run in runs {
            precondition(run.count >= 0, "negative run count")
            var left = run.count
            while left > 0 {
                let c = min(left, RunMeta.maxCount)
                heights.append(run.height)
                meta.append(RunMeta.pack(count: c, kind: run.kind, isMeasured: run.isMeasured))
                left -= c
            }
        }
        guard !heights.isEmpty else { return }
        stamp = GeometryStamp.next()
        if root.isLeaf && !root.canTake(heights.count, config: config) {
            // A lone leaf cannot take the runs in its block: give it a parent that lays them out as new leaves.
            root = Node(children: [root])
        }
        makeRootUnique()
        root.insert(heights: heights, meta: meta, at: index, config: config)
        fixRoot()
    }

    /// Removes the slots in `range` and returns them as runs (adjacent equal runs merged).
    ///
    /// - Complexity: O(log n + r) for r runs removed: subtrees wholly inside
    ///   the range are read and dropped without being rebalanced.
    @discardableResult
    public mutating func removeSubrange(_ range: Range<Int>) -> [HeightRun] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "slot range \(range) out of bounds 0..<\(count)")
        var removed = RunCollector()
        guard !range.isEmpty else { return [] }
        stamp = GeometryStamp.next()
        if range.count == count {
            for run in runs { removed.append(run) }
            root = Node(heights: [], meta: [])
            return removed.runs
        }
        makeRootUnique()
        root.remove(range, into: &removed, config: config)
        fixRoot()
        return removed.runs
    }

    /// Keeps every height but marks every slot as an estimate.
    ///
    /// Rebuilds the tree from its own runs, which also merges runs that only
    /// differed in their measured state.
    ///
    /// - Complexity: O(runs).
    public mutating func markAllUnmeasured() {
        guard unmeasuredCount < count else { return }
        stamp = GeometryStamp.next()
        let old = root
        root = Node.build(
            from: Runs(root: old).lazy.map {
                HeightRun(count: $0.count, height: $0.height, kind: $0.kind, isMeasured: false)
            }, config: config)
    }

    private mutating func makeRootUnique() {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
    }

    /// Grows a level while the root is overfull; drops levels while it has one child.
    private mutating func fixRoot() {
        while root.entryCount > config.capacity(isLeaf: root.isLeaf) {
            root = Node(children: root.splitEvenly(config: config))
        }
        while !root.isLeaf && root.childSummaries.count == 1 {
            root = root.child(0)
        }
        if !root.isLeaf && root.childSummaries.count == 0 {
            root = Node(heights: [], meta: [])
        }
    }
}

/// Accumulates removed slots as runs, merging neighbours that could be one.
struct RunCollector {
    var runs: [HeightRun] = []
    /// Header slots and estimated slots appended so far (a leaf's summary
    /// follows a removal by these differences instead of a recount).
    private(set) var headers = 0
    private(set) var unmeasured = 0

    mutating func append(_ run: HeightRun) {
        guard run.count > 0 else { return }
        if run.kind == .header { headers += run.count }
        if !run.isMeasured { unmeasured += run.count }
        if let last = runs.last, last.canMerge(with: run) {
            runs[runs.count - 1].count += run.count
        } else {
            runs.append(run)
        }
    }

    mutating func append(height: Double, meta: UInt32, count: Int) {
        append(HeightRun(count: count, height: height, kind: RunMeta.kind(meta), isMeasured: RunMeta.isMeasured(meta)))
    }
}

extension SlotTree.Node {
    /// Child holding slot `local` (the last child for `local == count`), and `local` made relative to it.
    private func childIndex(for local: Int) -> (child: Int, local: Int) {
        childSummaries.child(holdingSlot: local)
    }

    /// Run holding slot `local` and the position in it; `(runs, 0)` for `local == count`.
    private func runIndex(for local: Int) -> (run: Int, within: Int) {
        // One loop per encoding: a branch on it for every run cost a one-row insert
        // about an eighth of its instructions.
        isNarrow ? runIndex(for: local, NarrowEncoding.self) : runIndex(for: local, WideEncoding.self)
    }

    @inline(__always)
    private func runIndex<E: LeafEncoding>(for local: Int, _: E.Type) -> (run: Int, within: Int) {
        var i = local
        let n = runCount
        for r in 0..<n {
            let c = RunMeta.count(E.meta(self, r))
            if i < c { return (r, i) }
            i -= c
        }
        return (n, 0)
    }

    /// False (and nothing recomputed) when the slot already had this height and state.
    func setHeight(_ height: Double, isMeasured: Bool, at local: Int, config: Config) -> Bool {
        if isLeaf {
            let (r, k) = runIndex(for: local)
            let old = runHeight(r), wasMeasured = RunMeta.isMeasured(runMeta(r))
            if old == height && wasMeasured == isMeasured { return false }
            heightsOnGrid = heightsOnGrid && SlotTree.isOnExactGrid(height)
            if isNarrow && NarrowRuns.holds(height) {
                withNarrowRuns { Node.setHeight(height, isMeasured: isMeasured, run: r, within: k, in: &$0) }
            } else {
                widen()
                withWideRuns { Node.setHeight(height, isMeasured: isMeasured, run: r, within: k, in: &$0) }
            }
            // One slot changed, as `insert` follows its runs: the count and the headers stay, the
            // height follows by difference when that is exact (on the grid, both heights were).
            if wasMeasured != isMeasured { summary.unmeasured += isMeasured ? -1 : 1 }
            summary.height = SlotTree.leafHeight(self, changedBy: height - old)
            return true
        } else {
            let (j, i) = childIndex(for: local)
            if childSummaries.childrenAreLeaves { touched = childSummaries.touchLeaf(j) }
            let child = uniqueChild(j), old = child.summary
            guard child.setHeight(height, isMeasured: isMeasured, at: i, config: config) else { return false }
            childDidChange(j, from: old)
            let new = child.summary
            normalizeChild(at: j, config: config)
            resummarize(childWas: old, isNow: new)
            return true
        }
    }

    func insert<H: Collection<Double>, M: Collection<UInt32>>(heights newHeights: H, meta newMeta: M, at local: Int, config: Config) {
        if isLeaf {
            let (r, k) = runIndex(for: local)
            precondition(canTake(newHeights.count, config: config), "a leaf's block cannot take \(newHeights.count) more runs")
            if isNarrow && newHeights.allSatisfy(NarrowRuns.holds) {
                withNarrowRuns { Node.insert(heights: newHeights, meta: newMeta, run: r, within: k, in: &$0) }
            } else {
                widen()
                withWideRuns { Node.insert(heights: newHeights, meta: newMeta, run: r, within: k, in: &$0) }
            }
            // Splitting and healing runs keep the leaf's totals: they grow by exactly
            // what was inserted; the height by difference when that is exact, else re-added.
            var added = 0.0
            var onGrid = heightsOnGrid
            for (height, m) in zip(newHeights, newMeta) {
                let c = RunMeta.count(m)
                summary.count += c
                if RunMeta.kind(m) == .header { summary.headers += c }
                if !RunMeta.isMeasured(m) { summary.unmeasured += c }
                onGrid = onGrid && SlotTree.isOnExactGrid(height)
                added += Double(c) * height
            }
            heightsOnGrid = onGrid
            summary.height = SlotTree.leafHeight(self, changedBy: added)
            return
        } else {
            let (j, i) = childIndex(for: local)
            if childSummaries.childrenAreLeaves { touched = childSummaries.touchLeaf(j) }
            // Read without a retain: the node holds the child.
            if unretainedChild(j)._withUnsafeGuaranteedRef({ $0.isLeaf && !$0.canTake(newHeights.count, config: config) }) {
                insertSplittingLeaf(j, heights: newHeights, meta: newMeta, at: i, config: config)
                return
            }
            let child = uniqueChild(j), old = child.summary
            child.insert(heights: newHeights, meta: newMeta, at: i, config: config)
            childDidChange(j, from: old)
            let new = child.summary
            normalizeChild(at: j, config: config)
            resummarize(childWas: old, isNow: new)
        }
    }

    /// Whether this leaf's block can take `k` more runs in one insert: the
    /// insert may split a run around them (one more), and the leaf must stay
    /// within `leafCapacity + 2` runs (see SlotTree+LeafRuns.swift).
    func canTake(_ k: Int, config: Config) -> Bool { runCount + k + 1 <= config.leafCapacity + 2 }

    /// An insert of more runs than leaf `j`'s block can take: its runs and the
    /// new ones become new leaves in its place, as few as fit (each at least
    /// half full). The old leaf is only read, so a shared one stays intact.
    ///
    /// - Complexity: O(k + runs in the leaf + fan-out).
    private func insertSplittingLeaf<H: Collection<Double>, M: Collection<UInt32>>(
        _ j: Int, heights newHeights: H, meta newMeta: M, at local: Int, config: Config
    ) {
        var runs = child(j).runArrays()
        let (r, k) = Node.runIndex(for: local, in: runs)
        Node.insert(heights: newHeights, meta: newMeta, run: r, within: k, in: &runs)
        replaceChildren(j..<(j + 1), with: Node.makeLeaves(heights: runs.heights, meta: runs.meta, config: config))
        recomputeSummary()
    }

    /// `runIndex(for:)` over any run store.
    private static func runIndex<S: LeafRunStore>(for local: Int, in runs: S) -> (run: Int, within: Int) {
        var i = local
        for r in 0..<runs.count {
            let c = RunMeta.count(runs.meta(r))
            if i < c { return (r, i) }
            i -= c
        }
        return (runs.count, 0)
    }

    /// The summary after one child's summary went from `old` to `new` and the
    /// children were normalized (a split or merge keeps the totals): the integer
    /// fields by difference (exact), the height the last running sum. O(1).
    private func resummarize(childWas old: SlotTree.Summary, isNow new: SlotTree.Summary) {
        summary.count += new.count - old.count
        summary.headers += new.headers - old.headers
        summary.unmeasured += new.unmeasured - old.unmeasured
        summary.height = childSummaries.totalHeight
    }

    func remove(_ range: Range<Int>, into removed: inout RunCollector, config: Config) {
        if isLeaf {
            let headersBefore = removed.headers, unmeasuredBefore = removed.unmeasured
            let removedHeight =
                isNarrow
                ? withNarrowRuns { Node.remove(range, from: &$0, into: &removed) }
                : withWideRuns { Node.remove(range, from: &$0, into: &removed) }
            // The totals drop by exactly what was removed; the height by difference when
            // that is exact, else re-added.
            summary.count -= range.count
            summary.headers -= removed.headers - headersBefore
            summary.unmeasured -= removed.unmeasured - unmeasuredBefore
            summary.height = SlotTree.leafHeight(self, changedBy: -removedHeight)
            return
        } else {
            // A range inside one child (a one-row delete) is found by the count scan; the
            // general walk below tests every child before it against the range, which cost
            // a one-row delete about 40% of its instructions.
            let (j, i) = childIndex(for: range.lowerBound)
            if childSummaries.childrenAreLeaves { touched = childSummaries.touchLeaf(j) }
            if i + range.count <= childSummaries.slotCount(j) {
                let child = uniqueChild(j), old = child.summary
                child.remove(i..<(i + range.count), into: &removed, config: config)
                childDidChange(j, from: old)
                let new = child.summary
                normalizeChild(at: j, config: config)
                resummarize(childWas: old, isNow: new)
                return
            }
            // Children wholly inside the range are read and dropped; at most the first and
            // the last are cut, by recursion, so two optionals hold them (no allocation).
            var start = 0
            var dropped: Range<Int>?
            var firstCut: Int?, lastCut: Int?
            var onlyChange: (old: SlotTree.Summary, new: SlotTree.Summary)?
            for j in childSummaries.indices {
                let c = childSummaries.slotCount(j)
                let lo = max(start, range.lowerBound), hi = min(start + c, range.upperBound)
                if lo < hi {
                    if lo == start && hi == start + c {
                        for run in SlotTree.Runs(root: child(j)) { removed.append(run) }
                        dropped = (dropped?.lowerBound ?? j)..<(j + 1)
                    } else {
                        let child = uniqueChild(j), old = child.summary
                        child.remove((lo - start)..<(hi - start), into: &removed, config: config)
                        childDidChange(j, from: old)
                        if firstCut == nil { firstCut = j; onlyChange = (old, child.summary) } else { lastCut = j }
                    }
                }
                start += c
                if start >= range.upperBound { break }
            }
            if let dropped {
                replaceChildren(dropped, with: [])
                if let j = firstCut, j >= dropped.upperBound { firstCut = j - dropped.count }
                if let j = lastCut, j >= dropped.upperBound { lastCut = j - dropped.count }
            }
            // The cut children (now neighbours at most) are the only ones out of bounds.
            if let j = lastCut, j < childSummaries.count { normalizeChild(at: j, config: config) }
            if let j = firstCut, j < childSummaries.count { normalizeChild(at: j, config: config) }
            if dropped == nil, lastCut == nil, let change = onlyChange {
                // The common case, one child cut: its difference is the node's.
                resummarize(childWas: change.old, isNow: change.new)
                return
            }
        }
        recomputeSummary()
    }

    /// A leaf's part of `setHeight`: splits run `r` in place into [k before] [the slot] [after], then heals.
    private static func setHeight<S: LeafRunStore>(_ height: Double, isMeasured: Bool, run r: Int, within k: Int, in runs: inout S) {
        let m = runs.meta(r), old = runs.height(r), c = RunMeta.count(m), kind = RunMeta.kind(m)
        let after = c - k - 1
        let slotMeta = RunMeta.pack(count: 1, kind: kind, isMeasured: isMeasured)
        var at = r
        if k > 0 {
            runs.setMeta(r, RunMeta.attributes(m) | UInt32(k))
            at += 1
            runs.insert(height: height, meta: slotMeta, at: at)
        } else {
            runs.set(r, height: height, meta: slotMeta)
        }
        if after > 0 {
            runs.insert(height: old, meta: RunMeta.attributes(m) | UInt32(after), at: at + 1)
        }
        compact(&runs, around: max(0, r - 1)...min(runs.count - 1, at + 2))
    }

    /// A leaf's part of `insert`: splits the run at the insertion point, inserts, heals.
    private static func insert<S: LeafRunStore, H: Collection<Double>, M: Collection<UInt32>>(
        heights newHeights: H, meta newMeta: M, run: Int, within k: Int, in runs: inout S
    ) {
        var r = run
        if k > 0 {
            let m = runs.meta(r), c = RunMeta.count(m)
            runs.setMeta(r, RunMeta.attributes(m) | UInt32(k))
            runs.insert(height: runs.height(r), meta: RunMeta.attributes(m) | UInt32(c - k), at: r + 1)
            r += 1
        }
        runs.insert(heights: newHeights, meta: newMeta, at: r)
        compact(&runs, around: max(0, r - 1)...min(runs.count - 1, r + newHeights.count))
    }

    /// A leaf's part of `remove`, in place: shortens or drops the runs the range covers, shifts the rest down.
    /// Returns the sum of the removed terms (`count × height`), in slot order.
    @discardableResult
    private static func remove<S: LeafRunStore>(_ range: Range<Int>, from runs: inout S, into removed: inout RunCollector) -> Double {
        let n = runs.count
        // The common case, a range inside one run (a one-row delete): shorten or drop that run only.
        var first = 0, r0 = 0
        while r0 < n, first + RunMeta.count(runs.meta(r0)) <= range.lowerBound {
            first += RunMeta.count(runs.meta(r0))
            r0 += 1
        }
        if r0 < n, range.upperBound <= first + RunMeta.count(runs.meta(r0)) {
            let m = runs.meta(r0), c = RunMeta.count(m), height = runs.height(r0)
            removed.append(height: height, meta: m, count: range.count)
            if range.count < c {
                runs.setMeta(r0, RunMeta.attributes(m) | UInt32(c - range.count))
            } else {
                runs.removeSubrange(r0..<(r0 + 1))
                // Its neighbours may now be one run.
                if runs.count > 0 { compact(&runs, around: max(0, r0 - 1)...min(runs.count - 1, r0)) }
            }
            return Double(range.count) * height
        }
        var start = 0, w = 0, firstTouched = -1
        var removedHeight = 0.0
        for r in 0..<n {
            let m = runs.meta(r), c = RunMeta.count(m)
            let overlap = max(0, min(start + c, range.upperBound) - max(start, range.lowerBound))
            if overlap > 0 {
                removed.append(height: runs.height(r), meta: m, count: overlap)
                removedHeight += Double(overlap) * runs.height(r)
                if firstTouched < 0 { firstTouched = w }
            }
            if c - overlap > 0 {
                if overlap > 0 || w != r { runs.set(w, height: runs.height(r), meta: RunMeta.attributes(m) | UInt32(c - overlap)) }
                w += 1
            }
            start += c
        }
        if w < n { runs.removeSubrange(w..<n) }
        if firstTouched >= 0, runs.count > 0 {
            // Runs on either side of the gap may now be one.
            compact(&runs, around: max(0, firstTouched - 1)...min(runs.count - 1, firstTouched + 1))
        }
        return removedHeight
    }

    /// Brings child `j` back within bounds: splits it when overfull, drops it
    /// when empty, merges it with a neighbour when underfull.
    ///
    /// - Complexity: O(fan-out): only the changed child and one neighbour are read.
    func normalizeChild(at j: Int, config: Config) {
        // The common case, a child within bounds, read without a retain (the node holds the child).
        let (e, isLeaf) = unretainedChild(j)._withUnsafeGuaranteedRef { ($0.entryCount, $0.isLeaf) }
        let capacity = config.capacity(isLeaf: isLeaf)
        if e <= capacity && e >= config.minimum(isLeaf: isLeaf) { return }
        let child = self.child(j)
        if e > capacity && e <= 2 * capacity {
            // The common case (one insertion too many): keep the left half in
            // place and move the right half to one new node.
            let right = child.splitOffRightHalf()
            childSummaries.refresh(j)
            childSummaries.insert(right, at: j + 1)
        } else if e > capacity {
            replaceChildren(j..<(j + 1), with: child.splitEvenly(config: config))
        } else if e == 0 {
            replaceChildren(j..<(j + 1), with: [])
        } else if e < config.minimum(isLeaf: child.isLeaf) && childSummaries.count > 1 {
            let l = j + 1 < childSummaries.count ? j : j - 1
            let merged = Node.merge(self.child(l), self.child(l + 1), config: config)
            replaceChildren(l..<(l + 2), with: merged)
        }
    }

    /// Moves the right half of the entries to a new node and returns it (both halves at least half full).
    func splitOffRightHalf() -> SlotTree.Node {
        let mid = entryCount / 2
        let right: SlotTree.Node
        if isLeaf {
            let runs = runArrays(mid..<runCount)
            right = SlotTree.Node(heights: runs.heights, meta: runs.meta)
            if isNarrow {
                withNarrowRuns { $0.removeSubrange(mid..<$0.count) }
            } else {
                withWideRuns { $0.removeSubrange(mid..<$0.count) }
                // A leaf widened by one odd height may fit the 8-byte encoding again.
                narrowIfPossible()
            }
        } else {
            right = SlotTree.Node(children: Array(children[mid...]))
            childSummaries.removeSubrange(mid..<childSummaries.count)
        }
        recomputeSummary()
        return right
    }

    /// Normalizes every child (used after building a node from two others' children).
    func normalizeChildren(config: Config) {
        var j = childSummaries.count - 1
        while j >= 0 {
            if j < childSummaries.count { normalizeChild(at: j, config: config) }
            j -= 1
        }
    }
}

extension SlotTree {
    /// The tree's runs in slot order, read lazily leaf by leaf.
    ///
    /// - Complexity: O(1) to create; iterating is O(runs).
    public var runs: Runs { Runs(root: root) }

    /// A lazy sequence of a subtree's runs.
    public struct Runs: Sequence, IteratorProtocol {
        private var stack: [(node: Node, next: Int)] = []
        private var leaf: Node?
        private var run = 0

        init(root: Node) { descend(root) }

        private mutating func descend(_ node: Node) {
            var node = node
            while !node.isLeaf {
                stack.append((node, 1))
                node = node.child(0)
            }
            leaf = node
            run = 0
        }

        /// The next run.
        ///
        /// - Complexity: amortized O(1).
        public mutating func next() -> HeightRun? {
            while true {
                if let leaf, run < leaf.runCount {
                    let m = leaf.runMeta(run)
                    defer { run += 1 }
                    return HeightRun(
                        count: RunMeta.count(m), height: leaf.runHeight(run),
                        kind: RunMeta.kind(m), isMeasured: RunMeta.isMeasured(m))
                }
                guard let top = stack.popLast() else {
                    leaf = nil
                    return nil
                }
                if top.next < top.node.childSummaries.count {
                    stack.append((top.node, top.next + 1))
                    descend(top.node.child(top.next))
                }
            }
        }
    }
}
