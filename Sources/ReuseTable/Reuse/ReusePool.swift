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
    /// Idle cells per identifier; the most recently returned cell is reused first.
    private(set) var idle: [String: [Cell]] = [:]

    /// How many cells were created per identifier (teaching counter).
    private(set) var created: [String: Int] = [:]

    /// Teaching switch: when false, `dequeue` always misses and `enqueue` drops the cell.
    var isEnabled = true

    /// Number of idle cells over all identifiers.
    var count: Int { idle.values.reduce(0) { $0 + $1.count } }

    /// Total number of cells created over all identifiers.
    var totalCreated: Int { created.values.reduce(0, +) }

    /// Takes an idle cell for `identifier`, or nil.
    mutating func dequeue(_ identifier: String) -> Cell? {
        guard isEnabled else { return nil }
        return idle[identifier]?.popLast()
    }

    /// Returns a cell that left the screen.
    mutating func enqueue(_ cell: Cell, identifier: String) {
        guard isEnabled else { return }
        idle[identifier, default: []].append(cell)
    }

    /// Records that a new cell was made for `identifier`.
    mutating func noteCreated(_ identifier: String) {
        created[identifier, default: 0] += 1
    }

    /// Drops every idle cell (used when the pool is switched off).
    mutating func removeAll() { idle.removeAll() }
}
