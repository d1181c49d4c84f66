import Foundation

// Mutations: descend along one path (copying shared nodes on the way), change
// a leaf, then on the way back up split overfull children, merge underfull
// ones with a neighbour, and recompute each summary on the path from its
// children. Only the root may be underfull; it grows or shrinks a level at a
// time, so every leaf stays at the same depth.

extension HeightTree {
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
    /// - Complexity: O(k + log n) for k runs: they go into one leaf, which
    ///   splits into about k / 64 leaves, and each level above absorbs 1/32 as
    ///   many new nodes.
    public mutating func insert(_ runs: [HeightRun], at index: Int) {
        precondition(index >= 0 && index <= count, "slot index \(index) out of range 0...\(count)")
        if runs.count == 1, runs[0].count > 0, runs[0].count <= RunMeta.maxCount {
            // The common case (one row, or one run of rows) without temporary arrays.
            let run = runs[0]
            stamp = GeometryStamp.next()
            makeRootUnique()
            root.insert(heights: CollectionOfOne(run.height),
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
        root = Node.build(from: Runs(root: old).lazy.map {
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
        while !root.isLeaf && root.children.count == 1 {
            root = root.children[0]
        }
        if !root.isLeaf && root.children.isEmpty {
            root = Node(heights: [], meta: [])
        }
    }
}

/// Accumulates removed slots as runs, merging neighbours that could be one.
struct RunCollector {
    var runs: [HeightRun] = []

    mutating func append(_ run: HeightRun) {
        guard run.count > 0 else { return }
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

extension HeightTree.Node {
    /// Child holding slot `local` (the last child for `local == count`), and `local` made relative to it.
    private func childIndex(for local: Int) -> (child: Int, local: Int) {
        var j = 0, i = local
        while j < childSummaries.count - 1 && i >= childSummaries[j].count {
            i -= childSummaries[j].count
            j += 1
        }
        return (j, i)
    }

    /// Run holding slot `local` and the position in it; `(runs, 0)` for `local == count`.
    private func runIndex(for local: Int) -> (run: Int, within: Int) {
        var i = local
        for r in meta.indices {
            let c = RunMeta.count(meta[r])
            if i < c { return (r, i) }
            i -= c
        }
        return (meta.count, 0)
    }

    /// False (and nothing recomputed) when the slot already had this height and state.
    func setHeight(_ height: Double, isMeasured: Bool, at local: Int, config: Config) -> Bool {
        if isLeaf {
            let (r, k) = runIndex(for: local)
            let m = meta[r], old = heights[r], c = RunMeta.count(m), kind = RunMeta.kind(m)
            if old == height && RunMeta.isMeasured(m) == isMeasured { return false }
            let after = c - k - 1
            // Split the run in place into [k before] [the slot] [after], then heal.
            let slotMeta = RunMeta.pack(count: 1, kind: kind, isMeasured: isMeasured)
            var at = r
            if k > 0 {
                meta[r] = RunMeta.attributes(m) | UInt32(k)
                at += 1
                heights.insert(height, at: at)
                meta.insert(slotMeta, at: at)
            } else {
                heights[r] = height
                meta[r] = slotMeta
            }
            if after > 0 {
                heights.insert(old, at: at + 1)
                meta.insert(RunMeta.attributes(m) | UInt32(after), at: at + 1)
            }
            Node.compact(&heights, &meta, around: max(0, r - 1)...min(heights.count - 1, at + 2))
        } else {
            let (j, i) = childIndex(for: local)
            guard uniqueChild(j).setHeight(height, isMeasured: isMeasured, at: i, config: config) else { return false }
            childDidChange(j)
            normalizeChild(at: j, config: config)
        }
        recomputeSummary()
        return true
    }

    func insert<H: Collection<Double>, M: Collection<UInt32>>(heights newHeights: H, meta newMeta: M, at local: Int, config: Config) {
        if isLeaf {
            var (r, k) = runIndex(for: local)
            if k > 0 {
                // Split the run at the insertion point.
                let m = meta[r], c = RunMeta.count(m)
                meta[r] = RunMeta.attributes(m) | UInt32(k)
                heights.insert(heights[r], at: r + 1)
                meta.insert(RunMeta.attributes(m) | UInt32(c - k), at: r + 1)
                r += 1
            }
            heights.insert(contentsOf: newHeights, at: r)
            meta.insert(contentsOf: newMeta, at: r)
            Node.compact(&heights, &meta, around: max(0, r - 1)...min(heights.count - 1, r + newHeights.count))
        } else {
            let (j, i) = childIndex(for: local)
            uniqueChild(j).insert(heights: newHeights, meta: newMeta, at: i, config: config)
            childDidChange(j)
            normalizeChild(at: j, config: config)
        }
        recomputeSummary()
    }

    func remove(_ range: Range<Int>, into removed: inout RunCollector, config: Config) {
        if isLeaf {
            // In place: shorten or drop the runs the range covers, shift the rest down.
            var start = 0, w = 0, firstTouched = -1
            for r in meta.indices {
                let m = meta[r], c = RunMeta.count(m)
                let overlap = max(0, min(start + c, range.upperBound) - max(start, range.lowerBound))
                if overlap > 0 {
                    removed.append(height: heights[r], meta: m, count: overlap)
                    if firstTouched < 0 { firstTouched = w }
                }
                if c - overlap > 0 {
                    heights[w] = heights[r]
                    meta[w] = RunMeta.attributes(m) | UInt32(c - overlap)
                    w += 1
                }
                start += c
            }
            heights.removeSubrange(w...)
            meta.removeSubrange(w...)
            if firstTouched >= 0, !heights.isEmpty {
                // Runs on either side of the gap may now be one.
                Node.compact(&heights, &meta, around: max(0, firstTouched - 1)...min(heights.count - 1, firstTouched + 1))
            }
        } else {
            // Children wholly inside the range are read and dropped; at most the
            // first and last are cut, by recursion.
            // At most two children are cut (the first and the last the range
            // touches), so they are kept in two optionals, not an array: a
            // one-row delete allocates nothing per level.
            var start = 0
            var dropped: Range<Int>?
            var firstCut: Int?, lastCut: Int?
            for j in childSummaries.indices {
                let c = childSummaries[j].count
                let lo = max(start, range.lowerBound), hi = min(start + c, range.upperBound)
                if lo < hi {
                    if lo == start && hi == start + c {
                        for run in HeightTree.Runs(root: children[j]) { removed.append(run) }
                        dropped = (dropped?.lowerBound ?? j)..<(j + 1)
                    } else {
                        uniqueChild(j).remove((lo - start)..<(hi - start), into: &removed, config: config)
                        childDidChange(j)
                        if firstCut == nil { firstCut = j } else { lastCut = j }
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
            if let j = lastCut, j < children.count { normalizeChild(at: j, config: config) }
            if let j = firstCut, j < children.count { normalizeChild(at: j, config: config) }
        }
        recomputeSummary()
    }

    /// Brings child `j` back within bounds: splits it when overfull, drops it
    /// when empty, merges it with a neighbour when underfull.
    ///
    /// - Complexity: O(fan-out): only the changed child and one neighbour are read.
    func normalizeChild(at j: Int, config: Config) {
        let child = children[j]
        let e = child.entryCount
        let capacity = config.capacity(isLeaf: child.isLeaf)
        if e > capacity && e <= 2 * capacity {
            // The common case (one insertion too many): keep the left half in
            // place and move the right half to one new node.
            let right = child.splitOffRightHalf()
            childSummaries[j] = child.summary
            children.insert(right, at: j + 1)
            childSummaries.insert(right.summary, at: j + 1)
        } else if e > capacity {
            replaceChildren(j..<(j + 1), with: child.splitEvenly(config: config))
        } else if e == 0 {
            replaceChildren(j..<(j + 1), with: [])
        } else if e < config.minimum(isLeaf: child.isLeaf) && children.count > 1 {
            let l = j + 1 < children.count ? j : j - 1
            let merged = Node.merge(children[l], children[l + 1], config: config)
            replaceChildren(l..<(l + 2), with: merged)
        }
    }

    /// Moves the right half of the entries to a new node and returns it (both halves at least half full).
    func splitOffRightHalf() -> HeightTree.Node {
        let mid = entryCount / 2
        let right: HeightTree.Node
        if isLeaf {
            right = HeightTree.Node(heights: Array(heights[mid...]), meta: Array(meta[mid...]))
            heights.removeSubrange(mid...)
            meta.removeSubrange(mid...)
        } else {
            right = HeightTree.Node(children: Array(children[mid...]))
            children.removeSubrange(mid...)
            childSummaries.removeSubrange(mid...)
        }
        recomputeSummary()
        return right
    }

    /// Normalizes every child (used after building a node from two others' children).
    func normalizeChildren(config: Config) {
        var j = children.count - 1
        while j >= 0 {
            if j < children.count { normalizeChild(at: j, config: config) }
            j -= 1
        }
    }
}

extension HeightTree {
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
                node = node.children[0]
            }
            leaf = node
            run = 0
        }

        /// The next run.
        ///
        /// - Complexity: amortized O(1).
        public mutating func next() -> HeightRun? {
            while true {
                if let leaf, run < leaf.meta.count {
                    let m = leaf.meta[run]
                    defer { run += 1 }
                    return HeightRun(count: RunMeta.count(m), height: leaf.heights[run],
                                     kind: RunMeta.kind(m), isMeasured: RunMeta.isMeasured(m))
                }
                guard let top = stack.popLast() else {
                    leaf = nil
                    return nil
                }
                if top.next < top.node.children.count {
                    stack.append((top.node, top.next + 1))
                    descend(top.node.children[top.next])
                }
            }
        }
    }
}
