import Foundation

/// The reuse pool: stacks of idle views keyed by reuse identifier.
///
/// A table or collection view puts a cell here when it scrolls off screen and
/// takes it back when a row with the same identifier scrolls on, so the number
/// of cells ever created stays near the number visible at once.
/// Generic over the cell type so `TableView` and `CollectionView` share it.
///
/// A final class each view holds in a constant, its fields private and each only read or written
/// whole (a change is made on a local, then stored): no access is held across a call (hashing an
/// identifier is one), so the optimizer proves every access exclusive and the runtime checks none,
/// and a view reaching its pool (a constant) is not checked either (Docs/unsafe-code.md).
///
/// - Complexity: `enqueue` and `dequeue` are O(1) amortized.
@MainActor
final class ReusePool<Cell: AnyObject> {
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
    var created: [String: Int] { storedCreated }
    private var storedCreated: [String: Int] = [:]

    /// Teaching switch: when false, `dequeue` always misses and `enqueue` drops the cell.
    var isEnabled: Bool {
        get { storedIsEnabled }
        set { storedIsEnabled = newValue }
    }
    private var storedIsEnabled = true

    init() {}

    /// Idle cells per identifier.
    var idle: [String: [Cell]] {
        var all = stacks
        if hotSlot >= 0 { all[hotSlot] = hot }
        return Dictionary(uniqueKeysWithValues: zip(identifiers, all))
    }

    /// Number of idle cells over all identifiers.
    var count: Int {
        let all = stacks
        return all.reduce(hot.count) { $0 + $1.count }
    }

    /// Makes `identifier`'s stack the hot one, putting the previous one back in `stacks`.
    private func heat(_ identifier: String) {
        var all = stacks, names = identifiers, known = slots
        stacks = []
        let previous = hotSlot
        if previous >= 0 { all[previous] = hot }
        let slot: Int
        if let index = known[identifier] {
            slot = index
        } else {
            slot = all.count
            names.append(identifier)
            all.append([])
            slots = [:]
            known[identifier] = slot
            slots = known
            identifiers = names
        }
        hot = all[slot]
        all[slot] = []
        stacks = all
        hotSlot = slot
        hotIdentifier = identifier
    }

    /// Whether `identifier`'s stack is the hot one (compared on a copy: the comparison may be a call).
    private func isHot(_ identifier: String) -> Bool {
        let hotIdentifier = self.hotIdentifier
        return hotSlot >= 0 && hotIdentifier == identifier
    }

    /// Takes an idle cell for `identifier`, or nil.
    func dequeue(_ identifier: String) -> Cell? {
        guard storedIsEnabled else { return nil }
        if !isHot(identifier) { heat(identifier) }
        var stack = hot
        hot = []
        let cell = stack.popLast()
        hot = stack
        return cell
    }

    /// Returns a cell that left the screen.
    func enqueue(_ cell: Cell, identifier: String) {
        guard storedIsEnabled else { return }
        if !isHot(identifier) { heat(identifier) }
        var stack = hot
        hot = []
        stack.append(cell)
        hot = stack
    }

    /// Puts the cell showing a row or item on top of its stack, so the data source's next dequeue of
    /// `identifier` returns that very cell, to be handed back as it is (`takeHandedBack(_:)`), as
    /// UIKit's reconfigure does. `endHandingBack()` forgets it.
    func handBack(_ cell: Cell, identifier: String) {
        enqueue(cell, identifier: identifier)
        handedBack = storedIsEnabled ? ObjectIdentifier(cell) : nil
    }

    /// Whether `cell`, just dequeued, is the one put back by `handBack(_:identifier:)`: true once.
    /// - Complexity: O(1): one comparison when nothing is handed back.
    func takeHandedBack(_ cell: Cell) -> Bool {
        guard let handedBack, handedBack == ObjectIdentifier(cell) else { return false }
        self.handedBack = nil
        return true
    }

    /// The reconfigure is over: a cell not dequeued since `handBack(_:identifier:)` is an idle cell
    /// like any other, prepared when it is taken.
    func endHandingBack() { handedBack = nil }

    /// Records that a new cell was made for `identifier`.
    func noteCreated(_ identifier: String) {
        var counts = storedCreated
        storedCreated = [:]
        counts[identifier, default: 0] += 1
        storedCreated = counts
    }

    /// Drops every idle cell (used when the pool is switched off).
    func removeAll() {
        let emptied = stacks.map { _ in [Cell]() }
        stacks = emptied
        hot = []
    }
}

// MARK: - The pool from both views' side

// The reuse pool from both views' side, written once: dequeue, UIKit's
// complaint about an unregistered identifier, counting the cells a view is
// handed, and where cells go when they leave the screen (`recycle`).

extension ReuseEngineView {
    /// Registers `cellClass` for `identifier` (`register(_:forCellReuseIdentifier:)`, `register(_:forCellWithReuseIdentifier:)`).
    func registerCell(_ cellClass: Cell.Type, for identifier: String) {
        engine.registeredClasses[identifier] = cellClass
        engine.lastRegistration = nil
    }

    /// The class registered for `identifier`, remembering the last answer (a view asks about
    /// the same identifier for every row).
    /// - Complexity: O(1).
    func registeredClass(for identifier: String) -> Cell.Type? {
        if let last = engine.lastRegistration, last.identifier == identifier { return last.cellClass }
        guard let cellClass = engine.registeredClasses[identifier] else { return nil }
        engine.lastRegistration = (identifier, cellClass)
        return cellClass
    }

    /// A cell from the pool (after `prepareForReuse()`), a new one of the
    /// registered class, or nil when the pool is empty and nothing is registered. The cell showing
    /// a row or item being reconfigured comes back as it is, neither prepared nor reset, as UIKit
    /// hands it back (`Engine/ReuseEngineView+Reconfigure.swift`).
    /// - Complexity: O(1).
    func dequeuePooledOrNew(_ identifier: String) -> Cell? {
        if let cell = engine.pool.dequeue(identifier) {
            recorder?.cell(cell, .dequeued, in: self)
            if engine.pool.takeHandedBack(cell) { return cell }
            cell.resetSelectionForReuse()  // the view sets the new row's or item's state when it displays the cell
            cell.prepareForReuse()
            return cell
        }
        guard let cellClass = registeredClass(for: identifier) else { return nil }
        engine.pool.noteCreated(identifier)
        let cell = cellClass.init(reuseIdentifier: identifier)
        recorder?.cell(cell, .created, in: self)
        return cell
    }

    /// Always a cell, pooled or new; an unregistered identifier stops with a message naming `call` and it.
    /// - Complexity: O(1).
    func dequeueRegistered(_ identifier: String, for indexPath: IndexPath, call: String) -> Cell {
        do {
            try validateDequeue(identifier: identifier, for: indexPath)
        } catch {
            ReuseTableError.trap(error, in: call)
        }
        return dequeuePooledOrNew(identifier)!
    }

    /// Throws UIKit's complaint when no class is registered for `identifier`.
    func validateDequeue(identifier: String, for indexPath: IndexPath) throws(ReuseTableError) {
        guard registeredClass(for: identifier) == nil else { return }
        throw ReuseTableError(
            "unable to dequeue a cell with identifier \"\(identifier)\" for \(Self.vocabulary.row) \(Self.vocabulary.describe(indexPath)): "
                + "register a class for it with \(Self.vocabulary.cellRegistration) first "
                + "(registered: \(registeredIdentifierList)).")
    }

    /// Counts a cell the data source handed over, once per cell ("cells created").
    func noteHandedOver(_ cell: Cell) {
        guard !cell.hasBeenSeen else { return }
        cell.hasBeenSeen = true
        engine.counters.cellsCreated += 1
    }

    /// `isReusePoolEnabled` of both views: switching the pool off also drops its idle cells.
    func setReusePoolEnabled(_ enabled: Bool) {
        engine.pool.isEnabled = enabled
        if !enabled { engine.pool.removeAll() }
    }

    /// Takes a cell off screen and puts it in the pool for its identifier (template cells are never pooled).
    func recycle(_ cell: Cell) {
        if !removeSubview(cell) { cell.removeFromSuperview() }
        guard let identifier = cell.reuseIdentifier, !cell.isTemplateLayoutCell else { return }
        engine.pool.enqueue(cell, identifier: identifier)
        recorder?.cell(cell, .recycled, in: self)
    }
}
