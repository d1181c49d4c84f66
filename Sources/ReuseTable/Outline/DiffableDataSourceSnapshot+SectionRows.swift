import Foundation

// What applying a section snapshot does to the whole snapshot a data source shows: one
// section's rows replaced, a range at a time (a logged edit) or all at once (the fallback).

extension DiffableDataSourceSnapshot.Storage {
    /// Throws, naming `call` and the item, when one of `items` is already in a section other than `section`.
    /// - Complexity: O(k) hash lookups.
    func requireOnlyIn(_ section: SectionIdentifier, _ items: [ItemIdentifier], call: String) throws(ReuseTableError) {
        for item in items {
            if let other = itemSection[item], other != section {
                throw ReuseTableError(
                    "Duplicate item identifier: \(call) shows item \(describe(item)) in section \(describe(section)), "
                        + "but it is already in section \(describe(other)); item identifiers must be unique.")
            }
        }
    }

    /// Replaces `removed` rows at `row` of the section at `position` by `inserted` (items checked
    /// by the caller: in no other section, and not among the rows that stay).
    /// - Complexity: O(r + k) hash operations, plus moving the section's later rows.
    func replaceRows(inSection position: Int, at row: Int, removed: Int, inserted: [ItemIdentifier]) {
        let range = row..<(row + removed)
        for item in items[position][range] {
            itemSection[item] = nil
            reloaded.remove(item)
            reconfigured.remove(item)
        }
        let section = sections[position]
        let needed = itemSection.count + inserted.count
        if itemSection.capacity < needed { itemSection.reserveCapacity(max(needed, 2 * itemSection.capacity)) }
        for item in inserted { itemSection[item] = section }
        items[position].replaceSubrange(range, with: inserted)
    }
}

extension DiffableDataSourceSnapshot {
    /// This snapshot with the section `identifier`'s items replaced by `items` (appended as a new
    /// section when absent, as UIKit does for a section snapshot). An item already in another
    /// section throws, naming `call`.
    /// - Complexity: O(n + k) for the n items leaving and the k coming.
    func replacingItems(inSection identifier: SectionIdentifier, with items: [ItemIdentifier], call: String) throws(ReuseTableError)
        -> Self
    {
        var next = self
        try next.attempt { storage in
            try storage.requireOnlyIn(identifier, items, call: call)
            if storage.sectionPosition[identifier] == nil { try storage.insertSections([identifier], at: storage.sections.count) }
            let position = storage.sectionPosition[identifier]!
            storage.replaceRows(inSection: position, at: 0, removed: storage.items[position].count, inserted: items)
        }
        return next
    }
}
