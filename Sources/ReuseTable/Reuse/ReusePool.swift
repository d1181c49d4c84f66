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
    /// recently returned cell is reused first. The stack of the identifier used last lives in
    /// `hot` instead (its place here is empty): a table usually asks for the same identifier
    /// again, and then a dequeue is one string comparison and a `popLast()` of a stored array.
    private var stacks: [[Cell]] = []
    private var identifiers: [String] = []
    private var slots: [String: Int] = [:]
    /// The stack of `identifiers[hotSlot]`, out of `stacks` while it is the one used last.
    private var hot: [Cell] = []
    private var hotSlot = -1
    /// `identifiers[hotSlot]`, kept beside it: one comparison, no array access.
    private var hotIdentifier = ""

    /// The cell put back to be handed back as it is, without `prepareForReuse()`: the cell showing a
    /// row or item being reconfigured (`handBack(_:identifier:)`), until it is dequeued or the
    /// reconfigure ends.
    private var handedBack: ObjectIdentifier?

    /// How many cells were created per identifier (teaching counter).
    private(set) var created: [String: Int] = [:]

    /// Teaching switch: when false, `dequeue` always misses and `enqueue` drops the cell.
    var isEnabled = true

    /// Idle cells per identifier.
    var idle: [String: [Cell]] {
        var all = stacks
        if hotSlot >= 0 { all[hotSlot] = hot }
        return Dictionary(uniqueKeysWithValues: zip(identifiers, all))
    }

    /// Number of idle cells over all identifiers.
    var count: Int { stacks.reduce(hot.count) { $0 + $1.count } }

    /// Makes `identifier`'s stack the hot one, putting the previous one back in `stacks`.
    private mutating func heat(_ identifier: String) {
        if hotSlot >= 0 { swap(&stacks[hotSlot], &hot) }
        let slot: Int
        if let known = slots[identifier] {
            slot = known
        } else {
            slot = stacks.count
            identifiers.append(identifier)
            stacks.append([])
            slots[identifier] = slot
        }
        swap(&stacks[slot], &hot)
        hotSlot = slot
        hotIdentifier = identifier
    }

    /// Takes an idle cell for `identifier`, or nil.
    mutating func dequeue(_ identifier: String) -> Cell? {
        guard isEnabled else { return nil }
        if hotSlot < 0 || hotIdentifier != identifier { heat(identifier) }
        return hot.popLast()
    }

    /// Returns a cell that left the screen.
    mutating func enqueue(_ cell: Cell, identifier: String) {
        guard isEnabled else { return }
        if hotSlot < 0 || hotIdentifier != identifier { heat(identifier) }
        hot.append(cell)
    }

    /// Puts the cell showing a row or item on top of its stack, so the data source's next dequeue of
    /// `identifier` returns that very cell, to be handed back as it is (`takeHandedBack(_:)`), as
    /// UIKit's reconfigure does. `endHandingBack()` forgets it.
    mutating func handBack(_ cell: Cell, identifier: String) {
        enqueue(cell, identifier: identifier)
        handedBack = isEnabled ? ObjectIdentifier(cell) : nil
    }

    /// Whether `cell`, just dequeued, is the one put back by `handBack(_:identifier:)`: true once.
    /// - Complexity: O(1): one comparison when nothing is handed back.
    mutating func takeHandedBack(_ cell: Cell) -> Bool {
        guard let handedBack, handedBack == ObjectIdentifier(cell) else { return false }
        self.handedBack = nil
        return true
    }

    /// The reconfigure is over: a cell not dequeued since `handBack(_:identifier:)` is an idle cell
    /// like any other, prepared when it is taken.
    mutating func endHandingBack() { handedBack = nil }

    /// Records that a new cell was made for `identifier`.
    mutating func noteCreated(_ identifier: String) {
        created[identifier, default: 0] += 1
    }

    /// Drops every idle cell (used when the pool is switched off).
    mutating func removeAll() {
        for i in stacks.indices { stacks[i].removeAll() }
        hot.removeAll()
    }
}
