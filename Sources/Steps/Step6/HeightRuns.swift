// Step 5's geometry (Docs/steps/step-5-height-tree.md), with step 6's insert and remove: the table's slots (each section's header, then its
// rows) as runs of equal heights in a balanced binary tree, each node summing its subtree's slots and
// heights. Finding the slot at an offset, the offset of a slot and changing one slot's height walk one path:
// O(log n). A run of a million estimated rows is one node, so a reload with estimates costs O(sections).
// The tree is a treap (a binary search tree by position, a heap by a random priority), the shortest balanced
// tree to write; the engine's is a B+tree of the same runs (Sources/ReuseTable/Geometry/SlotTree.swift).

import Foundation

/// The heights of a sequence of slots, as runs in a treap.
struct HeightRuns {
    /// A run of `count` slots, each `height` tall, and what its subtree sums.
    final class Node {
        var count: Int
        var height: CGFloat
        var isMeasured: Bool
        let priority: UInt64
        var left: Node?
        var right: Node?
        /// Slots, points and estimated slots in this subtree.
        var totalCount: Int
        var totalHeight: CGFloat
        var totalEstimated: Int

        init(count: Int, height: CGFloat, isMeasured: Bool, priority: UInt64) {
            self.count = count
            self.height = height
            self.isMeasured = isMeasured
            self.priority = priority
            totalCount = count
            totalHeight = CGFloat(count) * height
            totalEstimated = isMeasured ? 0 : count
        }

        /// Sums the subtree again from the children's sums.
        func update() {
            totalCount = count + (left?.totalCount ?? 0) + (right?.totalCount ?? 0)
            totalHeight = CGFloat(count) * height + (left?.totalHeight ?? 0) + (right?.totalHeight ?? 0)
            totalEstimated = (isMeasured ? 0 : count) + (left?.totalEstimated ?? 0) + (right?.totalEstimated ?? 0)
        }
    }

    private var root: Node?
    /// The priorities' generator: a fixed seed, so every run of a test builds the same tree.
    private var seed: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// How many slots; their total height; how many still hold an estimate.
    var count: Int { root?.totalCount ?? 0 }
    var totalHeight: CGFloat { root?.totalHeight ?? 0 }
    var estimatedCount: Int { root?.totalEstimated ?? 0 }

    /// Appends `count` slots of `height`: one node, whatever the count.
    /// - Complexity: O(log runs).
    mutating func append(count: Int, height: CGFloat, isMeasured: Bool) {
        guard count > 0 else { return }
        root = Self.merge(root, makeNode(count: count, height: height, isMeasured: isMeasured))
    }

    /// The height of slot `index` and whether it was measured.
    /// - Complexity: O(log runs).
    func slot(_ index: Int) -> (height: CGFloat, isMeasured: Bool) {
        var node = root
        var index = index
        while let current = node {
            let leftCount = current.left?.totalCount ?? 0
            if index < leftCount {
                node = current.left
            } else if index < leftCount + current.count {
                return (current.height, current.isMeasured)
            } else {
                index -= leftCount + current.count
                node = current.right
            }
        }
        preconditionFailure("slot \(index) is past the end")
    }

    /// Where slot `index` starts: the heights of every slot before it (`index` may be the count: the total).
    /// - Complexity: O(log runs).
    func offset(of index: Int) -> CGFloat {
        var node = root
        var index = index
        var y: CGFloat = 0
        while let current = node {
            let leftCount = current.left?.totalCount ?? 0
            if index < leftCount {
                node = current.left
                continue
            }
            y += current.left?.totalHeight ?? 0
            index -= leftCount
            if index < current.count { return y + CGFloat(index) * current.height }
            y += CGFloat(current.count) * current.height
            index -= current.count
            node = current.right
        }
        return y
    }

    /// The first slot whose bottom edge is below `y` (the count when none is): step 1's search, down one path.
    /// - Complexity: O(log runs).
    func firstSlot(endingBelow y: CGFloat) -> Int {
        var node = root
        var y = y
        var before = 0
        while let current = node {
            let leftHeight = current.left?.totalHeight ?? 0
            let leftCount = current.left?.totalCount ?? 0
            if let left = current.left, y < leftHeight {
                node = left
                continue
            }
            y -= leftHeight
            before += leftCount
            let runHeight = CGFloat(current.count) * current.height
            if y < runHeight {
                let inRun = current.height > 0 ? Int((y / current.height).rounded(.down)) : 0
                return before + min(max(inRun, 0), current.count - 1)
            }
            y -= runHeight
            before += current.count
            node = current.right
        }
        return before
    }

    /// Slot `index` is now `height` tall, measured: its run is cut around it.
    /// - Complexity: O(log runs).
    mutating func setHeight(_ height: CGFloat, at index: Int) {
        let (before, rest) = Self.split(root, at: index)
        let (_, after) = Self.split(rest, at: 1)
        root = Self.merge(Self.merge(before, makeNode(count: 1, height: height, isMeasured: true)), after)
    }

    /// A slot of `height` arrives before slot `index` (after the last when `index` is the count).
    /// - Complexity: O(log runs).
    mutating func insert(height: CGFloat, isMeasured: Bool, at index: Int) {
        let (before, after) = Self.split(root, at: index)
        root = Self.merge(Self.merge(before, makeNode(count: 1, height: height, isMeasured: isMeasured)), after)
    }

    /// Slot `index` leaves; the slots after it move up one.
    /// - Complexity: O(log runs).
    mutating func remove(at index: Int) {
        let (before, rest) = Self.split(root, at: index)
        root = Self.merge(before, Self.split(rest, at: 1).1)
    }

    /// How many nodes the tree holds: its memory, in runs.
    var runCount: Int {
        func count(_ node: Node?) -> Int { node.map { 1 + count($0.left) + count($0.right) } ?? 0 }
        return count(root)
    }

    private mutating func makeNode(count: Int, height: CGFloat, isMeasured: Bool) -> Node {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Node(count: count, height: height, isMeasured: isMeasured, priority: seed >> 11)
    }

    /// The first `index` slots and the rest; a run across the cut becomes two nodes.
    private static func split(_ node: Node?, at index: Int) -> (Node?, Node?) {
        guard let node else { return (nil, nil) }
        let leftCount = node.left?.totalCount ?? 0
        if index <= leftCount {
            let (a, b) = split(node.left, at: index)
            node.left = b
            node.update()
            return (a, node)
        }
        if index >= leftCount + node.count {
            let (a, b) = split(node.right, at: index - leftCount - node.count)
            node.right = a
            node.update()
            return (node, b)
        }
        // The cut falls inside this run: the part after it goes right, as a node of its own.
        let kept = index - leftCount
        let tail = Node(count: node.count - kept, height: node.height, isMeasured: node.isMeasured, priority: node.priority)
        tail.right = node.right
        tail.update()
        node.count = kept
        node.right = nil
        node.update()
        return (node, tail)
    }

    /// `a` then `b`, one tree: the node with the higher priority on top.
    private static func merge(_ a: Node?, _ b: Node?) -> Node? {
        guard let a else { return b }
        guard let b else { return a }
        if a.priority > b.priority {
            a.right = merge(a.right, b)
            a.update()
            return a
        }
        b.left = merge(a, b.left)
        b.update()
        return b
    }
}
