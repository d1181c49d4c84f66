import Foundation

/// The state of a list by identity: sections and the items in them, in order
/// (UIKit: `NSDiffableDataSourceSnapshot`).
///
/// A snapshot is a value: copies are cheap (they share storage) until one of
/// them is changed. Identifiers must be unique across the snapshot; adding one
/// twice, or naming one that is not there, stops with a message naming it.
public struct DiffableDataSourceSnapshot<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>: Sendable {
    var storage = Storage()

    /// An empty snapshot: no sections, no items.
    public init() {}

    // MARK: Reading

    /// Number of items over all sections.
    public var numberOfItems: Int { storage.itemCount }

    /// Number of sections.
    public var numberOfSections: Int { storage.sections.count }

    /// The section identifiers, in order.
    public var sectionIdentifiers: [SectionIdentifier] { storage.sections }

    /// Every item identifier, section after section.
    /// - Complexity: O(items).
    public var itemIdentifiers: [ItemIdentifier] { Array(storage.items.joined()) }

    /// The items of one section, in order. An unknown section stops with a message.
    /// - Complexity: O(1) (the array is shared until either side changes it).
    public func itemIdentifiers(inSection identifier: SectionIdentifier) -> [ItemIdentifier] {
        storage.items[trapping { try storage.position(ofSection: identifier) }]
    }

    /// Number of items in one section. An unknown section stops with a message.
    public func numberOfItems(inSection identifier: SectionIdentifier) -> Int {
        storage.items[trapping { try storage.position(ofSection: identifier) }].count
    }

    /// The position of an item counted across all sections, or nil when absent.
    /// - Complexity: O(sections + items in its section).
    public func indexOfItem(_ identifier: ItemIdentifier) -> Int? {
        guard let (position, row) = try? storage.location(ofItem: identifier) else { return nil }
        var index = 0
        for earlier in 0..<position { index += storage.items[earlier].count }
        return index + row
    }

    /// The position of a section, or nil when absent.
    public func indexOfSection(_ identifier: SectionIdentifier) -> Int? { storage.sectionPosition[identifier] }

    /// The section holding an item, or nil when absent.
    public func sectionIdentifier(containingItem identifier: ItemIdentifier) -> SectionIdentifier? {
        storage.section(of: identifier)
    }

    /// Items marked by `reloadItems(_:)` since the snapshot was made (they get new cells and heights at `apply`).
    public var reloadedItemIdentifiers: [ItemIdentifier] { Array(storage.reloaded) }

    /// Items marked by `reconfigureItems(_:)` (their visible cells are configured again in place at `apply`).
    public var reconfiguredItemIdentifiers: [ItemIdentifier] { Array(storage.reconfigured) }

    // MARK: Sections

    /// Adds sections at the end. A section already present stops with a message naming it.
    /// - Complexity: O(k) for k sections added.
    public mutating func appendSections(_ identifiers: [SectionIdentifier]) {
        mutate { try $0.insertSections(identifiers, at: $0.sections.count) }
    }

    /// Inserts sections before an existing one.
    /// - Complexity: O(sections + k).
    public mutating func insertSections(_ identifiers: [SectionIdentifier], beforeSection section: SectionIdentifier) {
        mutate { try $0.insertSections(identifiers, at: $0.position(ofSection: section)) }
    }

    /// Inserts sections after an existing one.
    /// - Complexity: O(sections + k).
    public mutating func insertSections(_ identifiers: [SectionIdentifier], afterSection section: SectionIdentifier) {
        mutate { try $0.insertSections(identifiers, at: $0.position(ofSection: section) + 1) }
    }

    /// Deletes sections with their items.
    /// - Complexity: O(sections + items deleted).
    public mutating func deleteSections(_ identifiers: [SectionIdentifier]) {
        mutate { try $0.deleteSections(identifiers) }
    }

    /// Moves a section (with its items) before another.
    /// - Complexity: O(sections).
    public mutating func moveSection(_ identifier: SectionIdentifier, beforeSection other: SectionIdentifier) {
        mutate { try $0.moveSection(identifier, relativeTo: other, after: false) }
    }

    /// Moves a section (with its items) after another.
    /// - Complexity: O(sections).
    public mutating func moveSection(_ identifier: SectionIdentifier, afterSection other: SectionIdentifier) {
        mutate { try $0.moveSection(identifier, relativeTo: other, after: true) }
    }

    // MARK: Items

    /// Adds items at the end of `section`, or of the last section when nil.
    /// An item already present, or no section to add to, stops with a message.
    /// - Complexity: O(k) for k items added.
    public mutating func appendItems(_ identifiers: [ItemIdentifier], toSection section: SectionIdentifier? = nil) {
        mutate { storage in
            let position: Int
            if let section {
                position = try storage.position(ofSection: section)
            } else {
                guard !storage.sections.isEmpty else {
                    throw ReuseTableError("Invalid snapshot: there are no sections to append items to; append a section first.")
                }
                position = storage.sections.count - 1
            }
            try storage.insertItems(identifiers, section: position, at: storage.items[position].count)
        }
    }

    /// Inserts items before an existing item, in its section.
    /// - Complexity: O(k + items in that section).
    public mutating func insertItems(_ identifiers: [ItemIdentifier], beforeItem item: ItemIdentifier) {
        mutate { storage in
            let (section, row) = try storage.location(ofItem: item)
            try storage.insertItems(identifiers, section: section, at: row)
        }
    }

    /// Inserts items after an existing item, in its section.
    /// - Complexity: O(k + items in that section).
    public mutating func insertItems(_ identifiers: [ItemIdentifier], afterItem item: ItemIdentifier) {
        mutate { storage in
            let (section, row) = try storage.location(ofItem: item)
            try storage.insertItems(identifiers, section: section, at: row + 1)
        }
    }

    /// Deletes items. An item not in the snapshot stops with a message naming it.
    /// - Complexity: O(k + items in the sections touched).
    public mutating func deleteItems(_ identifiers: [ItemIdentifier]) {
        mutate { try $0.deleteItems(identifiers) }
    }

    /// Deletes every item and every section.
    public mutating func deleteAllItems() {
        storage = Storage()
    }

    /// Moves an item before another (possibly into another section).
    /// - Complexity: O(items in the two sections).
    public mutating func moveItem(_ identifier: ItemIdentifier, beforeItem other: ItemIdentifier) {
        mutate { try $0.moveItem(identifier, relativeTo: other, after: false) }
    }

    /// Moves an item after another (possibly into another section).
    /// - Complexity: O(items in the two sections).
    public mutating func moveItem(_ identifier: ItemIdentifier, afterItem other: ItemIdentifier) {
        mutate { try $0.moveItem(identifier, relativeTo: other, after: true) }
    }

    /// Marks items whose content changed: `apply` gives them new cells and asks their heights again.
    /// - Complexity: O(k).
    public mutating func reloadItems(_ identifiers: [ItemIdentifier]) {
        mutate { storage in
            try storage.requireItems(identifiers, verb: "reload")
            storage.reloaded.formUnion(identifiers)
        }
    }

    /// Marks items whose visible cells `apply` should configure again in place: no
    /// new cell, no delete and insert, no height query unless the row sizes itself.
    /// - Complexity: O(k).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifier]) {
        mutate { storage in
            try storage.requireItems(identifiers, verb: "reconfigure")
            storage.reconfigured.formUnion(identifiers)
        }
    }

    // MARK: Validation (testable) and copy-on-write

    /// Runs a change on unshared storage, throwing its message instead of stopping (for tests and tools).
    mutating func attempt(_ change: (Storage) throws -> Void) throws(ReuseTableError) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        do { try change(storage) } catch { throw error as? ReuseTableError ?? ReuseTableError("\(error)") }
    }

    /// Runs a change for the public method `call`; bad input stops with the message naming it, as UIKit traps.
    private mutating func mutate(_ call: String = #function, _ change: (Storage) throws -> Void) {
        do { try attempt(change) } catch { ReuseTableError.trap(error, in: call) }
    }

    /// Runs a query for the public method `call`; bad input stops with the message naming it.
    private func trapping<T>(_ call: String = #function, _ body: () throws -> T) -> T {
        do { return try body() } catch { ReuseTableError.trap(error as? ReuseTableError ?? ReuseTableError("\(error)"), in: call) }
    }

    /// The snapshot's contents, shared by copies until one of them changes.
    ///
    /// Sections are kept as parallel arrays (identifiers, item lists); two hash
    /// maps answer "where is this section" and "which section holds this item"
    /// in O(1). An item's row is found by a scan of its section, as it is needed
    /// only by the relative inserts and moves.
    final class Storage: @unchecked Sendable {
        var sections: [SectionIdentifier] = []
        var items: [[ItemIdentifier]] = []
        var sectionPosition: [SectionIdentifier: Int] = [:]
        var itemSection: [ItemIdentifier: SectionIdentifier] = [:]
        var reloaded: Set<ItemIdentifier> = []
        var reconfigured: Set<ItemIdentifier> = []
        /// Sections applied as section snapshots: their items are the snapshot's visible items,
        /// kept out of `itemSection` (`DiffableDataSourceSnapshot+SectionRows.swift`).
        var outlines: [SectionIdentifier: DiffableDataSourceSectionSnapshot<ItemIdentifier>] = [:]

        init() {}

        func copy() -> Storage {
            let copy = Storage()
            copy.sections = sections
            copy.items = items
            copy.sectionPosition = sectionPosition
            copy.itemSection = itemSection
            copy.reloaded = reloaded
            copy.reconfigured = reconfigured
            copy.outlines = outlines
            return copy
        }

        func position(ofSection identifier: SectionIdentifier) throws(ReuseTableError) -> Int {
            guard let position = sectionPosition[identifier] else {
                throw ReuseTableError("Invalid section identifier: \(describe(identifier)) is not in the snapshot.")
            }
            return position
        }

        func location(ofItem identifier: ItemIdentifier) throws(ReuseTableError) -> (section: Int, row: Int) {
            guard let section = section(of: identifier), let position = sectionPosition[section],
                let row = outlines[section]?.visibleIndex(of: identifier) ?? items[position].firstIndex(of: identifier)
            else {
                throw ReuseTableError("Invalid item identifier: \(describe(identifier)) is not in the snapshot.")
            }
            return (position, row)
        }

        func requireItems(_ identifiers: [ItemIdentifier], verb: String) throws(ReuseTableError) {
            for identifier in identifiers where section(of: identifier) == nil {
                throw ReuseTableError("Invalid item identifier: attempt to \(verb) item \(describe(identifier)), which is not in the snapshot.")
            }
        }

        private func reindexSections(from start: Int) {
            for position in start..<sections.count { sectionPosition[sections[position]] = position }
        }

        func insertSections(_ identifiers: [SectionIdentifier], at position: Int) throws(ReuseTableError) {
            var seen = Set<SectionIdentifier>()
            for identifier in identifiers where sectionPosition[identifier] != nil || !seen.insert(identifier).inserted {
                throw ReuseTableError(
                    "Duplicate section identifier: \(describe(identifier)) is already in the snapshot; section identifiers must be unique.")
            }
            sections.insert(contentsOf: identifiers, at: position)
            items.insert(contentsOf: Array(repeating: [], count: identifiers.count), at: position)
            reindexSections(from: position)
        }

        func deleteSections(_ identifiers: [SectionIdentifier]) throws(ReuseTableError) {
            var positions: [Int] = []
            for identifier in identifiers {
                guard let position = sectionPosition[identifier] else {
                    throw ReuseTableError(
                        "Invalid section identifier: attempt to delete section \(describe(identifier)), which is not in the snapshot.")
                }
                positions.append(position)
            }
            for position in Set(positions).sorted(by: >) {
                let outline = outlines.removeValue(forKey: sections[position])
                for item in items[position] {
                    if outline == nil { itemSection[item] = nil }
                    reloaded.remove(item)
                    reconfigured.remove(item)
                }
                sectionPosition[sections[position]] = nil
                sections.remove(at: position)
                items.remove(at: position)
            }
            if let lowest = positions.min() { reindexSections(from: lowest) }
        }

        func moveSection(_ identifier: SectionIdentifier, relativeTo other: SectionIdentifier, after: Bool) throws(ReuseTableError) {
            let from = try position(ofSection: identifier)
            _ = try position(ofSection: other)
            guard identifier != other else { return }
            let moved = items.remove(at: from)
            sections.remove(at: from)
            let target = sections.firstIndex(of: other)! + (after ? 1 : 0)
            sections.insert(identifier, at: target)
            items.insert(moved, at: target)
            reindexSections(from: min(from, target))
        }

        func insertItems(_ identifiers: [ItemIdentifier], section position: Int, at row: Int) throws(ReuseTableError) {
            flatten(sections[position])
            try requireNotInOutlines(identifiers)
            try claimNewItems(identifiers, for: sections[position])
            if row == items[position].count {
                items[position].append(contentsOf: identifiers)
            } else {
                items[position].insert(contentsOf: identifiers, at: row)
            }
        }

        /// Records `identifiers` as items of `section`, one hash operation each; an identifier already in
        /// the snapshot or repeated in `identifiers` throws, with the map left as it was.
        /// - Complexity: O(k) for k identifiers.
        func claimNewItems(_ identifiers: [ItemIdentifier], for section: SectionIdentifier) throws(ReuseTableError) {
            // Grow geometrically: reserving exactly the new count would rehash every item on each
            // call, quadratic for items appended a few at a time.
            let needed = itemSection.count + identifiers.count
            if itemSection.capacity < needed { itemSection.reserveCapacity(max(needed, 2 * itemSection.capacity)) }
            // An index loop: `enumerated()` in unspecialized generic code looks up metadata every step.
            for index in identifiers.indices {
                let identifier = identifiers[index]
                guard let previous = itemSection.updateValue(section, forKey: identifier) else { continue }
                // Undo: the duplicate's previous section back, then forget the new ones claimed before it
                // (a repeat inside `identifiers` is among them, so it is forgotten too).
                itemSection[identifier] = previous
                for claimed in identifiers[..<index] { itemSection[claimed] = nil }
                throw ReuseTableError(
                    "Duplicate item identifier: \(describe(identifier)) is already in the snapshot; item identifiers must be unique.")
            }
        }

        func deleteItems(_ identifiers: [ItemIdentifier]) throws(ReuseTableError) {
            try requireItems(identifiers, verb: "delete")
            if !outlines.isEmpty { for identifier in identifiers { if let section = section(of: identifier) { flatten(section) } } }
            var gone: [Int: Set<ItemIdentifier>] = [:]
            for identifier in identifiers {
                guard let section = itemSection.removeValue(forKey: identifier) else { continue }  // named twice
                gone[sectionPosition[section]!, default: []].insert(identifier)
                reloaded.remove(identifier)
                reconfigured.remove(identifier)
            }
            for (position, set) in gone { items[position].removeAll { set.contains($0) } }
        }

        func moveItem(_ identifier: ItemIdentifier, relativeTo other: ItemIdentifier, after: Bool) throws(ReuseTableError) {
            _ = try location(ofItem: identifier)
            _ = try location(ofItem: other)
            guard identifier != other else { return }
            if let section = section(of: identifier) { flatten(section) }
            if let section = section(of: other) { flatten(section) }
            let from = try location(ofItem: identifier)
            items[from.section].remove(at: from.row)
            let to = try location(ofItem: other)
            items[to.section].insert(identifier, at: to.row + (after ? 1 : 0))
            itemSection[identifier] = sections[to.section]
        }
    }
}

/// How messages quote an identifier: strings in quotes, anything else as printed.
func describe<T>(_ identifier: T) -> String {
    if let string = identifier as? String { return "\"\(string)\"" }
    return String(describing: identifier)
}
