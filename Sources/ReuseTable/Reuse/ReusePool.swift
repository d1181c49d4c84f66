import Foundation

/// The reuse pool: stacks of idle views keyed by reuse identifier.
///
/// A table or collection view puts a cell here when it scrolls off screen and
/// takes it back when a row with the same identifier scrolls on, so the number
/// of cells ever created stays near the number visible at once.
/// Generic over the cell type so `TableView` and `CollectionView` share it.
///
/// - Complexity: `enqueue` and `dequeue` are O(1) amortized.
@MainActor
struct ReusePool<Cell: AnyObject> {
    /// One stack of idle cells per identifier, in `identifiers` order; the most
    /// recently returned cell is reused first.
    private var stacks: [[Cell]] = []
    private var identifiers: [String] = []
    private var slots: [String: Int] = [:]
    /// The stack used last: a table usually asks for the same identifier again,
    /// and comparing two short strings is cheaper than hashing one.
    private var lastSlot = -1
    /// `identifiers[lastSlot]`, kept beside it: one comparison, no array access.
    private var lastIdentifier = ""

    /// How many cells were created per identifier (teaching counter).
    private(set) var created: [String: Int] = [:]

    /// Teaching switch: when false, `dequeue` always misses and `enqueue` drops the cell.
    var isEnabled = true

    /// Idle cells per identifier.
    var idle: [String: [Cell]] { Dictionary(uniqueKeysWithValues: zip(identifiers, stacks)) }

    /// Number of idle cells over all identifiers.
    var count: Int { stacks.reduce(0) { $0 + $1.count } }

    private mutating func slot(for identifier: String) -> Int {
        if lastSlot >= 0, lastIdentifier == identifier { return lastSlot }
        lastIdentifier = identifier
        if let slot = slots[identifier] {
            lastSlot = slot
            return slot
        }
        identifiers.append(identifier)
        stacks.append([])
        lastSlot = stacks.count - 1
        slots[identifier] = lastSlot
        return lastSlot
    }

    /// Takes an idle cell for `identifier`, or nil.
    mutating func dequeue(_ identifier: String) -> Cell? {
        guard isEnabled else { return nil }
        return stacks[slot(for: identifier)].popLast()
    }

    /// Returns a cell that left the screen.
    mutating func enqueue(_ cell: Cell, identifier: String) {
        guard isEnabled else { return }
        stacks[slot(for: identifier)].append(cell)
    }

    /// Records that a new cell was made for `identifier`.
    mutating func noteCreated(_ identifier: String) {
        created[identifier, default: 0] += 1
    }

    /// Drops every idle cell (used when the pool is switched off).
    mutating func removeAll() {
        for i in stacks.indices { stacks[i].removeAll() }
    }
}
