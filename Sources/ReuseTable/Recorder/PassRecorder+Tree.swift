import Foundation

// The height tree as the watch page draws it: every node with its sums, taken again only when the
// tree's stamp changed, and shared between steps while a node and its subtree stay the same (so a
// height change costs the records of the nodes it touched). A node keeps its identity while it lives;
// nodes are held weakly, which leaves `isKnownUniquelyReferenced` (copy on write) as it was.

/// A weak reference to a tree node: a node freed and its address reused gets a new identity.
final class WeakNode {
    weak var node: SlotTree.Node?
    init(_ node: SlotTree.Node) { self.node = node }
}

extension PassRecorder {
    /// Most nodes a snapshot records; past it, a node's children are left out.
    static let snapshotNodeLimit = 400

    /// The tree's root record (interned: unchanged subtrees share records with earlier steps).
    func snapshot(of tree: SlotTree) -> Int {
        if let last = lastTree, last.stamp == tree.stamp { return last.root }
        var budget = Self.snapshotNodeLimit
        let root = record(tree.root, budget: &budget)
        lastTree = (tree.stamp, root)
        return root
    }

    private func record(_ node: SlotTree.Node, budget: inout Int) -> Int {
        budget -= 1
        var children: [Int] = []
        var runs: [TreeRun] = []
        if node.isLeaf {
            for r in 0..<node.runCount {
                let meta = node.runMeta(r)
                runs.append(
                    TreeRun(count: RunMeta.count(meta), height: node.runHeight(r), kind: RunMeta.kind(meta), isMeasured: RunMeta.isMeasured(meta)))
            }
        } else if budget > 0 {
            for j in 0..<node.childSummaries.count where budget > 0 { children.append(record(node.child(j), budget: &budget)) }
        }
        let summary = node.summary
        let content = TreeNode(
            id: id(of: node), isLeaf: node.isLeaf, count: summary.count, height: summary.height, unmeasured: summary.unmeasured,
            headers: summary.headers, children: children, runs: runs)
        if let index = internedNodes[content] { return index }
        internedNodes[content] = treeNodes.count
        treeNodes.append(content)
        return treeNodes.count - 1
    }

    /// The node's identity: the same number while the node lives.
    func id(of node: SlotTree.Node) -> Int {
        let key = ObjectIdentifier(node)
        if let known = nodeIDs[key], known.node.node === node { return known.id }
        let id = nextNodeID
        nextNodeID += 1
        nodeIDs[key] = (id, WeakNode(node))
        return id
    }

    /// The nodes a lookup of `y` visits, root first, and the run of the leaf holding `y`: with a
    /// finger hit only the finger's leaf (no descent); otherwise the root descent
    /// `SlotTree.slot(atOffset:near:)` makes, one `child(holdingOffset:from:)` a level.
    func descent(of tree: SlotTree, toOffset y: Double, fingerHit: Bool) -> (path: [Int], run: Int?) {
        guard y >= 0, y < tree.totalHeight else { return ([], nil) }
        var node = tree.root
        var acc = 0.0
        var path: [Int] = []
        while !node.isLeaf {
            path.append(id(of: node))
            let chosen = node.childSummaries.child(holdingOffset: y, from: acc)
            acc = node.childSummaries.start(of: chosen, from: acc)
            node = node.child(chosen)
        }
        path.append(id(of: node))
        var run: Int?
        for r in 0..<node.runCount {
            let end = acc + Double(RunMeta.count(node.runMeta(r))) * node.runHeight(r)
            if y < end {
                run = r
                break
            }
            acc = end
        }
        return (fingerHit ? [path[path.count - 1]] : path, run)
    }
}
