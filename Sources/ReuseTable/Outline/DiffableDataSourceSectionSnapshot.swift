import Foundation

/// The items of one section as a tree: parents, children, and which parents are expanded
/// (UIKit: `NSDiffableDataSourceSectionSnapshot`).
///
/// Only *visible* items — those whose ancestors are all expanded — become rows when the
/// snapshot is applied to a section (`TableViewDiffableDataSource.apply(_:to:animatingDifferences:completion:)`).
/// A collapsed parent keeps its children and their own expansion. Like every snapshot it is a value:
/// copies share storage until one of them changes. Adding an item twice, or naming one that is not
/// there, stops with a message naming the call and the item. An example: Docs/outlines.md.
///
/// - Complexity: expanding or collapsing O(k + log n) for the k items it shows or hides;
///   `index(of:)` and the visible count O(log n) or better.
public struct DiffableDataSourceSectionSnapshot<Item: Hashable & Sendable>: Sendable {
    var storage = OutlineStorage<Item>()

    /// An empty section snapshot.
    public init() {}

    // MARK: Reading

    /// Every item, parents before their children (depth-first), visible or not.
    /// - Complexity: O(n).
    public var items: [Item] {
        storage.order.map { storage.item[Int($0)] }
    }

    /// The items whose ancestors are all expanded, in order: the rows the section shows.
    /// - Complexity: O(n / 64 + v) for v visible items.
    public var visibleItems: [Item] {
        var result: [Item] = []
        result.reserveCapacity(storage.visible.total)
        for (w, word) in storage.visible.words.enumerated() {
            var bits = word
            while bits != 0 {
                result.append(storage.item[Int(storage.order[w << 6 + bits.trailingZeroBitCount])])
                bits &= bits - 1
            }
        }
        return result
    }

    /// The items without a parent, in order.
    /// - Complexity: O(r) for r root items.
    public var rootItems: [Item] {
        var result: [Item] = []
        var p = 0
        while p < storage.count {
            let slot = Int(storage.order[p])
            result.append(storage.item[slot])
            p += Int(storage.descendants[slot]) + 1
        }
        return result
    }

    /// How deep an item is: 0 for a root item. An item not in the snapshot stops with a message.
    /// - Complexity: O(1).
    public func level(of item: Item) -> Int {
        Int(storage.depth[slot(of: item, "level(of:)")])
    }

    /// The item's parent, or nil for a root item. An item not in the snapshot stops with a message.
    /// - Complexity: O(1).
    public func parent(of item: Item) -> Item? {
        let parent = Int(storage.parent[slot(of: item, "parent(of:)")])
        return parent < 0 ? nil : storage.item[parent]
    }

    /// Whether the snapshot holds the item.
    /// - Complexity: O(1).
    public func contains(_ item: Item) -> Bool { storage.index[item] != nil }

    /// The item's index in `items` (visible or not), or nil when it is not in the snapshot, as UIKit's.
    /// - Complexity: O(1).
    public func index(of item: Item) -> Int? {
        storage.index[item].map { Int(storage.position[Int($0)]) }
    }

    /// Whether the item is expanded (its children shown when it is visible itself).
    /// An item not in the snapshot stops with a message.
    /// - Complexity: O(1).
    public func isExpanded(_ item: Item) -> Bool {
        storage.expanded[slot(of: item, "isExpanded(_:)")]
    }

    /// Whether the item is visible: each of its ancestors is expanded.
    /// An item not in the snapshot stops with a message.
    /// - Complexity: O(1).
    public func isVisible(_ item: Item) -> Bool {
        storage.isVisible(slot: slot(of: item, "isVisible(_:)"))
    }

    /// The number of visible items (rows), beyond UIKit.
    /// - Complexity: O(1).
    public var visibleItemCount: Int { storage.visible.total }

    /// The item's index in `visibleItems`, or nil when it is hidden or absent (beyond UIKit).
    /// - Complexity: O(log n).
    public func visibleIndex(of item: Item) -> Int? {
        guard let slot = storage.index[item], storage.isVisible(slot: Int(slot)) else { return nil }
        return storage.visible.rank(Int(storage.position[Int(slot)]))
    }

    /// The visible item at `index` of `visibleItems` (beyond UIKit).
    /// - Complexity: O(log n).
    public func visibleItem(at index: Int) -> Item {
        precondition(
            index >= 0 && index < storage.visible.total,
            "ReuseTable: visibleItem(at:) index \(index) is outside the \(storage.visible.total) visible items.")
        return storage.item[Int(storage.order[storage.visible.select(index)])]
    }

    /// The descendants of `parent` as a snapshot of their own, the parent as its root when
    /// `includingParent`; expansion is kept. A parent not in the snapshot stops with a message.
    /// - Complexity: O(m) for m items copied.
    public func snapshot(of parent: Item, includingParent: Bool = false) -> Self {
        let slot = slot(of: parent, "snapshot(of:includingParent:)")
        var result = Self()
        result.mutate { try $0.insert(storage.nodes(under: slot, including: includingParent), at: 0, under: -1, "snapshot(of:)") }
        return result
    }

    // MARK: Changing

    /// Adds items at the end of `parent`'s children, or as root items after the others when
    /// `parent` is nil. New items are collapsed.
    /// - Complexity: O(k + n / 64 + (n − p)) for k items placed at position p, plus O(depth).
    public mutating func append(_ items: [Item], to parent: Item? = nil) {
        do { try attemptAppend(items, to: parent) } catch { ReuseTableError.trap(error) }
    }

    /// `append` throwing its message instead of stopping (for tests and tools).
    mutating func attemptAppend(_ items: [Item], to parent: Item?) throws(ReuseTableError) {
        try attempt { storage in
            let parentSlot = try parent.map { try storage.slot(of: $0, "append(_:to:)") } ?? -1
            let at = parentSlot < 0 ? storage.count : Int(storage.position[parentSlot]) + Int(storage.descendants[parentSlot]) + 1
            try storage.insert(Self.leaves(items), at: at, under: parentSlot, "append(_:to:)")
        }
    }

    /// Inserts items as siblings just before `item` (same parent).
    /// - Complexity: O(k + n / 64 + (n − p)) for k items placed at position p, plus O(depth).
    public mutating func insert(_ items: [Item], before item: Item) {
        do { try attemptInsert(items, before: item) } catch { ReuseTableError.trap(error) }
    }

    /// `insert` throwing its message instead of stopping (for tests and tools).
    mutating func attemptInsert(_ items: [Item], before item: Item) throws(ReuseTableError) {
        try attempt { storage in
            let slot = try storage.slot(of: item, "insert(_:before:)")
            try storage.insert(Self.leaves(items), at: Int(storage.position[slot]), under: Int(storage.parent[slot]), "insert(_:before:)")
        }
    }

    /// Inserts items as siblings just after `item` and its descendants (same parent).
    /// - Complexity: O(k + n / 64 + (n − p)) for k items placed at position p, plus O(depth).
    public mutating func insert(_ items: [Item], after item: Item) {
        do { try attemptInsert(items, after: item) } catch { ReuseTableError.trap(error) }
    }

    /// `insert` throwing its message instead of stopping (for tests and tools).
    mutating func attemptInsert(_ items: [Item], after item: Item) throws(ReuseTableError) {
        try attempt { storage in
            let slot = try storage.slot(of: item, "insert(_:after:)")
            let at = Int(storage.position[slot]) + Int(storage.descendants[slot]) + 1
            try storage.insert(Self.leaves(items), at: at, under: Int(storage.parent[slot]), "insert(_:after:)")
        }
    }

    /// Deletes items with all of their descendants, as UIKit. An item not in the snapshot
    /// stops with a message before anything is deleted.
    /// - Complexity: O(n / 64 + (n − p) + r) for r items removed from position p on.
    public mutating func delete(_ items: [Item]) {
        do { try attemptDelete(items) } catch { ReuseTableError.trap(error) }
    }

    /// `delete` throwing its message instead of stopping (for tests and tools).
    mutating func attemptDelete(_ items: [Item]) throws(ReuseTableError) {
        try attempt { storage in
            var slots: [Int] = []
            slots.reserveCapacity(items.count)
            for item in items { slots.append(try storage.slot(of: item, "delete(_:)")) }
            storage.removeSubtrees(slots)
        }
    }

    /// Deletes every item.
    /// - Complexity: O(1) beyond releasing storage.
    public mutating func deleteAll() {
        do { try attemptDeleteAll() } catch { ReuseTableError.trap(error) }
    }

    /// `deleteAll` throwing its message instead of stopping (for tests and tools).
    mutating func attemptDeleteAll() throws(ReuseTableError) {
        try attempt { storage in
            let shown = storage.visible.total
            storage.reset(keepingLog: true)
            storage.log(at: 0, removed: shown, inserted: [])
        }
    }

    /// Expands items: a visible one shows its children (and theirs, where expanded).
    /// An item not in the snapshot stops with a message before anything changes.
    /// - Complexity: O(k + log n) for the k items shown (see `OutlineStorage.setExpanded`).
    public mutating func expand(_ items: [Item]) {
        do { try attemptExpand(items) } catch { ReuseTableError.trap(error) }
    }

    /// `expand` throwing its message instead of stopping (for tests and tools).
    mutating func attemptExpand(_ items: [Item]) throws(ReuseTableError) {
        try attempt { storage in
            let slots = try items.map { item in try storage.slot(of: item, "expand(_:)") }
            for slot in slots { storage.setExpanded(slot, true) }
        }
    }

    /// Collapses items: their descendants are hidden, keeping their own expansion.
    /// An item not in the snapshot stops with a message before anything changes.
    /// - Complexity: O(k + log n) for the k items hidden.
    public mutating func collapse(_ items: [Item]) {
        do { try attemptCollapse(items) } catch { ReuseTableError.trap(error) }
    }

    /// `collapse` throwing its message instead of stopping (for tests and tools).
    mutating func attemptCollapse(_ items: [Item]) throws(ReuseTableError) {
        try attempt { storage in
            let slots = try items.map { item in try storage.slot(of: item, "collapse(_:)") }
            for slot in slots { storage.setExpanded(slot, false) }
        }
    }

    /// Replaces the descendants of `parent` with the items of `snapshot` (its roots become
    /// `parent`'s children, its expansion kept). An item of `snapshot` found elsewhere in this
    /// snapshot, or a `parent` not in it, stops with a message before anything changes.
    /// - Complexity: O(m + r + n / 64 + (n − p)) for m items added and r removed after position p.
    public mutating func replace(childrenOf parent: Item, using snapshot: Self) {
        do { try attemptReplace(childrenOf: parent, using: snapshot) } catch { ReuseTableError.trap(error) }
    }

    /// `replace` throwing its message instead of stopping (for tests and tools).
    mutating func attemptReplace(childrenOf parent: Item, using snapshot: Self) throws(ReuseTableError) {
        try attempt { storage in
            let call = "replace(childrenOf:using:)"
            let slot = try storage.slot(of: parent, call)
            let start = Int(storage.position[slot]) + 1
            let children = start..<(start + Int(storage.descendants[slot]))
            for item in snapshot.items {
                if let other = storage.index[item], !children.contains(Int(storage.position[Int(other)])) {
                    throw ReuseTableError(
                        "Duplicate item identifier: \(call) adds item \(describe(item)), which is already in the section snapshot "
                            + "outside the children of \(describe(parent)); item identifiers must be unique.")
                }
            }
            var childSlots: [Int] = []
            var p = start
            while p < children.upperBound {
                let child = Int(storage.order[p])
                childSlots.append(child)
                p += Int(storage.descendants[child]) + 1
            }
            storage.removeSubtrees(childSlots)
            try storage.insert(snapshot.storage.allNodes(), at: Int(storage.position[slot]) + 1, under: slot, call)
        }
    }

    // MARK: Validation (testable) and copy-on-write

    static func leaves(_ items: [Item]) -> [OutlineNode<Item>] {
        items.map { OutlineNode(item: $0, depth: 0, isExpanded: false) }
    }

    /// Runs a change on unshared storage, throwing its message instead of stopping (for tests and tools).
    mutating func attempt(_ change: (OutlineStorage<Item>) throws -> Void) throws(ReuseTableError) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        do { try change(storage) } catch { throw error as? ReuseTableError ?? ReuseTableError("\(error)") }
    }

    /// Runs a change; bad input stops with the message, as UIKit traps.
    private mutating func mutate(_ change: (OutlineStorage<Item>) throws -> Void) {
        do { try attempt(change) } catch { ReuseTableError.trap(error) }
    }

    /// The item's slot; an item not in the snapshot stops with a message naming `call`.
    private func slot(of item: Item, _ call: String) -> Int {
        do { return try storage.slot(of: item, call) } catch { ReuseTableError.trap(error) }
    }
}
