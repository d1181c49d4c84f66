import Foundation

// Shape and memory accounting, for tests and the benchmark.

extension SlotTree {
    /// Number of runs stored (ten million rows of one height are one run).
    ///
    /// - Complexity: O(nodes).
    public var runCount: Int { reduceNodes(0) { $0 + ($1.isLeaf ? $1.runCount : 0) } }

    /// Number of nodes, leaves included.
    ///
    /// - Complexity: O(nodes).
    public var nodeCount: Int { reduceNodes(0) { acc, _ in acc + 1 } }

    /// Levels from the root to the leaves (1 for a lone leaf).
    ///
    /// - Complexity: O(log n).
    public var depth: Int {
        var d = 1, node = root
        while !node.isLeaf { d += 1; node = node.child(0) }
        return d
    }

    /// Heap bytes the tree holds, from its own layout: per node the object
    /// (16-byte header plus fields, the leaf block included), per non-empty
    /// array a 32-byte header plus its capacity.
    ///
    /// - Complexity: O(nodes).
    public var approximateByteCount: Int {
        // The summary, the column block's reference, the flags (padded to 8), `runCount`, `wideMeta`, the run block.
        let object = 16 + MemoryLayout<Summary>.stride + 8 + 8 + MemoryLayout<Node.Words>.stride + 2 * 8
        let objectBytes = (object + 15) / 16 * 16
        func arrayBytes<T>(_ a: [T]) -> Int { a.capacity == 0 ? 0 : 32 + a.capacity * MemoryLayout<T>.stride }
        return reduceNodes(0) { acc, node in
            acc + objectBytes + arrayBytes(node.wideMeta) + node.childSummaries.byteCount
        }
    }

    private func reduceNodes<T>(_ initial: T, _ combine: (T, Node) -> T) -> T {
        var result = initial
        var pending = [root]
        while let node = pending.popLast() {
            result = combine(result, node)
            pending.append(contentsOf: node.children)
        }
        return result
    }

    /// A broken structural invariant, with where it was found.
    struct InvariantViolation: Error, CustomStringConvertible {
        var description: String
    }

    /// Checks every structural invariant: summaries and running sums equal a fresh
    /// recomputation, bit for bit; nodes are within capacity and (except the root) at
    /// least half full; no empty runs or leaves; adjacent runs cannot merge; every leaf
    /// is at one depth; encodings, grid flags and `childrenAreLeaves` are true.
    ///
    /// - Complexity: O(nodes + runs).
    func checkInvariants() throws {
        func fail(_ message: String) throws -> Never { throw InvariantViolation(description: message) }

        func check(_ node: Node, isRoot: Bool, path: @autoclosure () -> String) throws -> Int {
            let cap = config.capacity(isLeaf: node.isLeaf)
            let e = node.entryCount
            if e > cap { try fail("\(path()): \(e) entries exceed capacity \(cap)") }
            if !isRoot && e < config.minimum(isLeaf: node.isLeaf) {
                try fail("\(path()): \(e) entries below minimum \(config.minimum(isLeaf: node.isLeaf))")
            }
            var expected = Summary()
            var depth = 1
            if node.isLeaf {
                if !node.isNarrow && node.wideMeta.count != node.runCount {
                    try fail("\(path()): \(node.runCount) runs but \(node.wideMeta.count) metas")
                }
                if node.isNarrow && !node.wideMeta.isEmpty { try fail("\(path()): runs in both encodings") }
                if node.isNarrow, let r = (0..<node.runCount).first(where: { !NarrowRuns.holds(node.runHeight($0)) }) {
                    try fail("\(path()): run \(r) in the 8-byte encoding does not keep its height")
                }
                if !isRoot && e == 0 { try fail("\(path()): empty leaf") }
                if node.heightsOnGrid, let r = (0..<node.runCount).first(where: { !SlotTree.isOnExactGrid(node.runHeight($0)) }) {
                    try fail("\(path()): marked on the exact grid, but run \(r)'s height \(node.runHeight(r)) is not")
                }
                for r in 0..<node.runCount {
                    let h = node.runHeight(r), m = node.runMeta(r)
                    if RunMeta.count(m) == 0 { try fail("\(path()): empty run \(r)") }
                    if r > 0, node.runHeight(r - 1) == h,
                        RunMeta.attributes(node.runMeta(r - 1)) == RunMeta.attributes(m),
                        RunMeta.count(node.runMeta(r - 1)) + RunMeta.count(m) <= RunMeta.maxCount
                    {
                        try fail("\(path()): runs \(r - 1) and \(r) should have merged")
                    }
                    expected.addRun(height: h, meta: m)
                }
                // Heights are summed in the fixed shape (see `fixedShapeSum`), recomputed here from the runs.
                expected.height = SlotTree.fixedShapeSum(node.runCount) { Double(RunMeta.count(node.runMeta($0))) * node.runHeight($0) }
            } else {
                if isRoot && e < 2 { try fail("root: internal with \(e) children") }
                if e > 0 && node.childSummaries.childrenAreLeaves != node.child(0).isLeaf {
                    try fail("\(path()): the column block says its children are\(node.childSummaries.childrenAreLeaves ? "" : " not") leaves")
                }
                var childDepth: Int?
                for (j, child) in node.children.enumerated() {
                    let d = try check(child, isRoot: false, path: "\(path())/\(j)")
                    if let cd = childDepth, cd != d { try fail("\(path()): children at depths \(cd) and \(d)") }
                    childDepth = d
                    if node.childSummaries[j] != child.summary {
                        try fail("\(path()): childSummaries[\(j)] is stale")
                    }
                    expected.add(child.summary)
                }
                depth = (childDepth ?? 0) + 1
                // Heights are summed in order (see `SummaryColumns`), and the running sums must be current.
                var end = 0.0
                for (j, child) in node.children.enumerated() {
                    end = end + child.summary.height
                    if node.childSummaries.end(j).bitPattern != end.bitPattern {
                        try fail("\(path()): running sum at child \(j) is stale")
                    }
                }
                expected.height = end
            }
            if expected != node.summary {
                try fail("\(path()): summary \(node.summary) but children sum to \(expected)")
            }
            return depth
        }
        _ = try check(root, isRoot: true, path: "root")
    }
}
