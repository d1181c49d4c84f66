import Foundation
import Synchronization

// A section snapshot's contents: the tree in flat arrays, copied as a handful of
// memcpy's when a shared copy is first changed. Per slot (an item's place in the
// per-item arrays, stable while it stays): the item, its parent's slot, depth,
// descendant count, expansion and preorder position. Per position: the slot there
// and a visible bit. See Docs/outlines.md for the costs.

/// One item of a subtree being inserted: its depth below the subtree's top and its expansion.
struct OutlineNode<Item> {
    var item: Item
    var depth: Int32
    var isExpanded: Bool
}

/// What one change did to the visible items: `removed` rows at `at` replaced by `inserted`.
struct OutlineEdit<Item: Sendable>: Sendable {
    var at: Int
    var removed: Int
    var inserted: [Item]
    /// Whether `inserted` are items new to the snapshot (not shown again by an expand): only
    /// those need checking against the other sections when applied.
    var isFresh: Bool
    /// The stamp the snapshot has once this edit is made.
    var stamp: UInt64
}

/// Stamps name states of the visible items: two section snapshots with the same `head`
/// show the same visible items. Zero is the empty snapshot's.
private let outlineStamps = Atomic<UInt64>(0)

final class OutlineStorage<Item: Hashable & Sendable>: @unchecked Sendable {
    // Per slot.
    var item: [Item] = []
    var parent: [Int32] = []
    var depth: [Int32] = []
    var descendants: [Int32] = []
    var expanded: [Bool] = []
    var position: [Int32] = []
    var freeSlots: [Int32] = []
    // Per position.
    var order: [Int32] = []
    var visible = VisibleBits()
    /// Item → slot.
    var index: [Item: Int32] = [:]
    // The edit log since `base` (see `DiffableDataSourceSectionSnapshot.edits(since:)`).
    var base: UInt64 = 0
    var head: UInt64 = 0
    var edits: [OutlineEdit<Item>] = []
    var loggedItems = 0

    init() {}

    func copy() -> OutlineStorage {
        let copy = OutlineStorage()
        copy.item = item
        copy.parent = parent
        copy.depth = depth
        copy.descendants = descendants
        copy.expanded = expanded
        copy.position = position
        copy.freeSlots = freeSlots
        copy.order = order
        copy.visible = visible
        copy.index = index
        copy.base = base
        copy.head = head
        copy.edits = edits
        copy.loggedItems = loggedItems
        return copy
    }

    var count: Int { order.count }

    // MARK: Lookups

    func slot(of item: Item, _ call: String) throws(ReuseTableError) -> Int {
        guard let slot = index[item] else {
            throw ReuseTableError("Invalid item identifier: \(call) names item \(describe(item)), which is not in the section snapshot.")
        }
        return Int(slot)
    }

    @inline(__always) func isVisible(slot: Int) -> Bool { visible.contains(Int(position[slot])) }

    /// Whether the children of `slot` (or of the roots, for -1) are visible.
    @inline(__always) func showsChildren(_ slot: Int) -> Bool { slot < 0 || (expanded[slot] && isVisible(slot: slot)) }

    // MARK: The log

    /// Records a change of the visible items; a log grown past the visible count (or 4,096 edits)
    /// is dropped instead, and the next apply diffs.
    func log(at: Int, removed: Int, inserted: [Item], isFresh: Bool = false) {
        guard removed > 0 || !inserted.isEmpty else { return }
        let stamp = outlineStamps.add(1, ordering: .relaxed).newValue
        head = stamp
        loggedItems += inserted.count + 1
        if edits.count >= 4096 || loggedItems > max(4096, 2 * visible.total) {
            edits = []
            loggedItems = 0
            base = stamp
        } else {
            edits.append(OutlineEdit(at: at, removed: removed, inserted: inserted, isFresh: isFresh, stamp: stamp))
        }
    }

    // MARK: Inserting

    /// Inserts `nodes` (a preorder list of subtrees, depths relative to their tops) at `at`,
    /// under `parentSlot` (-1 for roots). An item already present throws, naming `call`, before
    /// anything changes.
    /// - Complexity: O(n / 64 + (n − at) + k) for k nodes, plus O(depth) for the ancestors.
    func insert(_ nodes: [OutlineNode<Item>], at: Int, under parentSlot: Int, _ call: String) throws(ReuseTableError) {
        guard !nodes.isEmpty else { return }
        // Claim every item first, undoing on a duplicate (one hash operation per item).
        let needed = index.count + nodes.count
        if index.capacity < needed { index.reserveCapacity(max(needed, 2 * index.capacity)) }
        for i in nodes.indices {
            guard let previous = index.updateValue(-1, forKey: nodes[i].item) else { continue }
            // Undo: the item's previous slot back, then forget the items claimed before it (a
            // repeat inside `nodes` is among them, so it is forgotten too).
            index[nodes[i].item] = previous
            for claimed in nodes[..<i] { index[claimed.item] = nil }
            throw ReuseTableError(
                "Duplicate item identifier: \(call) adds item \(describe(nodes[i].item)), which is already in the section snapshot; "
                    + "item identifiers must be unique.")
        }
        let baseDepth = parentSlot < 0 ? 0 : depth[parentSlot] + 1
        let showsTop = showsChildren(parentSlot)
        // Slots, parents (a stack of the open ancestors), depths, descendant counts.
        var slots = [Int32]()
        slots.reserveCapacity(nodes.count)
        var stack: [Int] = []  // indices into nodes
        var shows: [Bool] = []  // whether each open ancestor shows its children
        var newBits = VisibleBits.Builder(capacity: nodes.count)
        var visibleItems: [Item] = []
        for i in nodes.indices {
            let node = nodes[i]
            while stack.count > Int(node.depth) { stack.removeLast(); shows.removeLast() }
            let slot = allocateSlot(for: node.item)
            slots.append(slot)
            let parentOfNode = stack.last.map { Int(slots[$0]) } ?? parentSlot
            let isShown = stack.isEmpty ? showsTop : shows.last!
            item[Int(slot)] = node.item
            parent[Int(slot)] = Int32(parentOfNode)
            depth[Int(slot)] = baseDepth + node.depth
            descendants[Int(slot)] = 0
            expanded[Int(slot)] = node.isExpanded
            index[node.item] = slot
            newBits.append(isShown)
            if isShown { visibleItems.append(node.item) }
            stack.append(i)
            shows.append(isShown && node.isExpanded)
        }
        // Descendant counts, children before parents (reverse preorder).
        for i in nodes.indices.reversed() where nodes[i].depth > 0 {
            let slot = Int(slots[i])
            descendants[Int(parent[slot])] += descendants[slot] + 1
        }
        var ancestor = parentSlot
        while ancestor >= 0 {
            descendants[ancestor] += Int32(nodes.count)
            ancestor = Int(parent[ancestor])
        }
        let visibleAt = visible.rank(at)
        order.insert(contentsOf: slots, at: at)
        var bits = VisibleBits.Builder(capacity: order.count)
        bits.append(visible, 0..<at)
        newBits.finish()
        let inserted = VisibleBits(newBits)
        bits.append(inserted, 0..<nodes.count)
        bits.append(visible, at..<visible.count)
        visible = VisibleBits(bits)
        renumber(from: at)
        log(at: visibleAt, removed: 0, inserted: visibleItems, isFresh: true)
    }

    private func allocateSlot(for newItem: Item) -> Int32 {
        if let slot = freeSlots.popLast() { return slot }
        let slot = Int32(item.count)
        item.append(newItem)
        parent.append(-1)
        depth.append(0)
        descendants.append(0)
        expanded.append(false)
        position.append(0)
        return slot
    }

    /// Positions from `start` on, after the order changed there.
    /// - Complexity: O(n − start).
    func renumber(from start: Int) {
        guard start < order.count else { return }
        order.withUnsafeBufferPointer { order in
            position.withUnsafeMutableBufferPointer { position in
                for p in start..<order.count { position[Int(order[p])] = Int32(p) }
            }
        }
    }

    // MARK: Removing

    /// Removes the subtrees rooted at the given slots (a slot inside another one's subtree goes
    /// with it), logging the visible rows removed.
    /// - Complexity: O(n / 64 + (n − first) + r) for r items removed, plus O(depth) per subtree.
    func removeSubtrees(_ roots: [Int]) {
        var ranges = roots.map { slot in Int(position[slot])..<(Int(position[slot]) + Int(descendants[slot]) + 1) }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound < last.upperBound { continue }  // nested
            merged.append(range)
        }
        guard let first = merged.first else { return }
        // Highest first, so each logged row index holds when its edit is replayed.
        for range in merged.reversed() {
            let at = visible.rank(range.lowerBound)
            let removed = visible.rank(range.upperBound) - at
            if removed > 0 { log(at: at, removed: removed, inserted: []) }
            let top = Int(order[range.lowerBound])
            var ancestor = Int(parent[top])
            while ancestor >= 0 {
                descendants[ancestor] -= Int32(range.count)
                ancestor = Int(parent[ancestor])
            }
            for p in range {
                let slot = order[p]
                index[item[Int(slot)]] = nil
                freeSlots.append(slot)
            }
        }
        var newOrder: [Int32] = []
        newOrder.reserveCapacity(order.count)
        var bits = VisibleBits.Builder(capacity: order.count)
        var kept = 0
        for range in merged {
            newOrder.append(contentsOf: order[kept..<range.lowerBound])
            bits.append(visible, kept..<range.lowerBound)
            kept = range.upperBound
        }
        newOrder.append(contentsOf: order[kept...])
        bits.append(visible, kept..<order.count)
        order = newOrder
        visible = VisibleBits(bits)
        renumber(from: first.lowerBound)
        if order.isEmpty { reset(keepingLog: true) }
    }

    /// Forgets every item; the log is kept when asked (a change, not a new snapshot).
    func reset(keepingLog: Bool) {
        item = []
        parent = []
        depth = []
        descendants = []
        expanded = []
        position = []
        freeSlots = []
        order = []
        visible = VisibleBits()
        index = [:]
        if !keepingLog { base = 0; head = 0; edits = []; loggedItems = 0 }
    }

    // MARK: Expanding and collapsing

    /// Expands or collapses `slot`; when it is visible, shows or hides the descendants its
    /// expanded descendants reach, logging them as one edit.
    /// - Complexity: O(k + w log(n / w)) for the k items shown or hidden, in w words of positions.
    func setExpanded(_ slot: Int, _ value: Bool) {
        guard expanded[slot] != value else { return }
        expanded[slot] = value
        guard isVisible(slot: slot) else { return }
        let start = Int(position[slot]) + 1
        let end = start + Int(descendants[slot])
        var touched: [Int] = []
        var changed: [Item] = []
        var hidden = 0
        var p = start
        while p < end {
            let child = Int(order[p])
            visible.assign(p, value)
            if touched.last != p >> 6 { touched.append(p >> 6) }
            if value { changed.append(item[child]) } else { hidden += 1 }
            p += expanded[child] ? 1 : Int(descendants[child]) + 1
        }
        visible.recount(touched)
        let at = visible.rank(start)
        if value { log(at: at, removed: 0, inserted: changed) } else { log(at: at, removed: hidden, inserted: []) }
    }

    // MARK: Reading subtrees

    /// The subtree under `slot` (with it when `including`), as insertable nodes.
    /// - Complexity: O(m) for m items.
    func nodes(under slot: Int, including: Bool) -> [OutlineNode<Item>] {
        let start = Int(position[slot]) + (including ? 0 : 1)
        let end = Int(position[slot]) + 1 + Int(descendants[slot])
        let top = depth[slot] + (including ? 0 : 1)
        var nodes: [OutlineNode<Item>] = []
        nodes.reserveCapacity(end - start)
        for p in start..<end {
            let s = Int(order[p])
            nodes.append(OutlineNode(item: item[s], depth: depth[s] - top, isExpanded: expanded[s]))
        }
        return nodes
    }

    /// Every item as insertable nodes.
    /// - Complexity: O(n).
    func allNodes() -> [OutlineNode<Item>] {
        order.map { s in OutlineNode(item: item[Int(s)], depth: depth[Int(s)], isExpanded: expanded[Int(s)]) }
    }
}
