import Foundation

// Building nodes: the O(n) bulk load, and the split/merge helpers every
// mutation uses to keep nodes between half full and full.

extension SlotTree.Node {
    typealias Node = SlotTree.Node
    typealias Config = SlotTree.Config

    /// Bulk load: stream the runs into leaves, then stack full parents on
    /// top, level by level. Never holds the input as an array.
    ///
    /// Leaves are filled to `capacity − capacity / 16` (75 of 80 runs): the room
    /// left lets a fresh tree absorb scattered inserts without splitting, for about
    /// 6% more leaf memory (Docs/row-geometry.md, "Why these sizes").
    static func build<S: Sequence>(from runs: S, config: Config) -> Node where S.Element == HeightRun {
        let cap = config.leafCapacity
        let fill = cap - cap / 16
        var leaves: [Node] = []
        var heights: [Double] = []
        var meta: [UInt32] = []
        heights.reserveCapacity(cap)
        meta.reserveCapacity(cap)

        func emit(_ height: Double, _ attributes: UInt32, _ count: Int) {
            var left = count
            while left > 0 {
                let c = min(left, RunMeta.maxCount)
                heights.append(height)
                meta.append(attributes | UInt32(c))
                left -= c
                if heights.count == fill {
                    leaves.append(Node(heights: heights, meta: meta))
                    heights.removeAll(keepingCapacity: true)
                    meta.removeAll(keepingCapacity: true)
                }
            }
        }

        // Adjacent equal runs are merged before they reach a leaf.
        var pending: (height: Double, attributes: UInt32, count: Int)?
        for run in runs {
            precondition(run.count >= 0, "negative run count")
            guard run.count > 0 else { continue }
            let attributes = RunMeta.pack(count: 0, kind: run.kind, isMeasured: run.isMeasured)
            if let p = pending, p.height == run.height, p.attributes == attributes {
                pending!.count += run.count
            } else {
                if let p = pending { emit(p.height, p.attributes, p.count) }
                pending = (run.height, attributes, run.count)
            }
        }
        if let p = pending { emit(p.height, p.attributes, p.count) }
        if !heights.isEmpty {
            let last = Node(heights: heights, meta: meta)
            if let previous = leaves.last, last.entryCount < config.minimum(isLeaf: true) {
                // Only the last leaf can be short: share runs with the full one before it.
                leaves.removeLast()
                let p = previous.runArrays()
                leaves.append(contentsOf: makeLeaves(heights: p.heights + heights, meta: p.meta + meta, config: config))
            } else {
                leaves.append(last)
            }
        }
        guard !leaves.isEmpty else { return Node(heights: [], meta: []) }

        var level = leaves
        while level.count > 1 {
            level = makeInternals(children: level, config: config)
        }
        return level[0]
    }

    /// Splits runs into as few leaves as fit, sizes as equal as possible (each at least half full).
    static func makeLeaves(heights: [Double], meta: [UInt32], config: Config) -> [Node] {
        let n = heights.count
        let parts = max(1, (n + config.leafCapacity - 1) / config.leafCapacity)
        return (0..<parts).map { p in
            let range = (n * p / parts)..<(n * (p + 1) / parts)
            return Node(heights: Array(heights[range]), meta: Array(meta[range]))
        }
    }

    /// Groups children into as few internal nodes as fit, sizes as equal as possible.
    static func makeInternals(children: [Node], config: Config) -> [Node] {
        let n = children.count
        let parts = max(1, (n + config.fanout - 1) / config.fanout)
        return (0..<parts).map { p in
            Node(children: Array(children[(n * p / parts)..<(n * (p + 1) / parts)]))
        }
    }

    /// An overfull node as several nodes of legal size.
    func splitEvenly(config: Config) -> [Node] {
        if isLeaf {
            let runs = runArrays()
            return Node.makeLeaves(heights: runs.heights, meta: runs.meta, config: config)
        }
        return Node.makeInternals(children: Array(children), config: config)
    }

    /// Two neighbours as one node, or as two at least half full when they do not fit in one.
    static func merge(_ a: Node, _ b: Node, config: Config) -> [Node] {
        if a.isLeaf {
            var runs = a.runArrays()
            let rb = b.runArrays()
            runs.insert(heights: rb.heights, meta: rb.meta, at: runs.count)
            compact(&runs)
            return makeLeaves(heights: runs.heights, meta: runs.meta, config: config)
        }
        // A short child of either (a node with a single short child cannot fix
        // it alone) may now merge with its new neighbour, so normalize first.
        let combined = Node(children: Array(a.children) + b.children)
        combined.normalizeChildren(config: config)
        return combined.entryCount > config.fanout ? combined.splitEvenly(config: config) : [combined]
    }

    /// Merges adjacent runs that could be one (same height, kind and state),
    /// so a run split by `setHeight` heals when the height is set back.
    static func compact<S: LeafRunStore>(_ runs: inout S) {
        compact(&runs, around: 0...max(0, runs.count - 1))
    }

    /// `compact` limited to `window`: only runs there can have become mergeable.
    static func compact<S: LeafRunStore>(_ runs: inout S, around window: ClosedRange<Int>) {
        guard runs.count > 0 else { return }
        let lower = max(0, window.lowerBound), upper = min(runs.count - 1, window.upperBound)
        guard lower <= upper else { return }
        var w = lower
        var r = lower
        while r < runs.count {
            if r > upper && w == r { break }  // past the window and nothing shifted: done
            let m = runs.meta(r), c = RunMeta.count(m)
            if c == 0 { r += 1; continue }
            let h = runs.height(r)
            if w > 0, runs.height(w - 1) == h,
                RunMeta.attributes(runs.meta(w - 1)) == RunMeta.attributes(m),
                RunMeta.count(runs.meta(w - 1)) + c <= RunMeta.maxCount
            {
                runs.setMeta(w - 1, runs.meta(w - 1) + UInt32(c))
            } else {
                if w != r { runs.set(w, height: h, meta: m) }
                w += 1
            }
            r += 1
        }
        if w < r { runs.removeSubrange(w..<r) }
    }
}
