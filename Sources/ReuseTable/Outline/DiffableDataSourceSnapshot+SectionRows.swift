import Foundation

// A whole snapshot's sections that were applied as section snapshots ("outlines"): their
// rows are the section snapshot's visible items, and their items stay out of `itemSection`,
// so showing or hiding a hundred thousand rows hashes nothing. Lookups ask the outlines after
// `itemSection`; a whole-snapshot change to such a section's items makes it flat first.

extension DiffableDataSourceSnapshot.Storage {
    /// The section showing `item`, or nil.
    /// - Complexity: O(1), plus O(1) per section with a section snapshot.
    func section(of item: ItemIdentifier) -> SectionIdentifier? {
        if let section = itemSection[item] { return section }
        for (section, outline) in outlines where outline.contains(item) && outline.isVisible(item) { return section }
        return nil
    }

    /// Items over all sections.
    /// - Complexity: O(sections with a section snapshot).
    var itemCount: Int { outlines.values.reduce(itemSection.count) { $0 + $1.visibleItemCount } }

    /// Makes a section with a section snapshot an ordinary one: its rows become items of `itemSection`.
    /// - Complexity: O(n) for its n rows; O(1) for an ordinary section.
    func flatten(_ section: SectionIdentifier) {
        guard outlines.removeValue(forKey: section) != nil, let position = sectionPosition[section] else { return }
        for item in items[position] { itemSection[item] = section }
    }

    /// Throws when one of `items` is in a section snapshot, shown or hidden.
    func requireNotInOutlines(_ items: [ItemIdentifier]) throws(ReuseTableError) {
        guard !outlines.isEmpty else { return }
        for item in items {
            for (section, outline) in outlines where outline.contains(item) {
                throw ReuseTableError(
                    "Duplicate item identifier: \(describe(item)) is already in the section snapshot of section \(describe(section)); "
                        + "item identifiers must be unique.")
            }
        }
    }

    /// Throws, naming `call` and the item, when one of `items` is already in a section other than `section`
    /// (shown, or hidden in its section snapshot).
    /// - Complexity: O(k) hash lookups, times the sections with a section snapshot.
    func requireOnlyIn(_ section: SectionIdentifier, _ items: [ItemIdentifier], call: String) throws(ReuseTableError) {
        for item in items {
            var other = itemSection[item]
            if other == section { other = nil }
            if other == nil {
                for (outlined, outline) in outlines where outlined != section && outline.contains(item) { other = outlined }
            }
            if let other {
                throw ReuseTableError(
                    "Duplicate item identifier: \(call) shows item \(describe(item)) in section \(describe(section)), "
                        + "but it is already in section \(describe(other)); item identifiers must be unique.")
            }
        }
    }

    /// Replaces `removed` rows at `row` of the section at `position`, which has a section snapshot, by `inserted`.
    /// - Complexity: O(k), plus moving the section's later rows.
    func replaceRows(inSection position: Int, at row: Int, removed: Int, inserted: ArraySlice<ItemIdentifier>) {
        let range = row..<(row + removed)
        if !reloaded.isEmpty || !reconfigured.isEmpty {
            for item in items[position][range] {
                reloaded.remove(item)
                reconfigured.remove(item)
            }
        }
        items[position].replaceSubrange(range, with: inserted)
    }
}

extension DiffableDataSourceSnapshot {
    /// This snapshot with the section `identifier` showing `outline`'s visible items (appended as
    /// a new section when absent, as UIKit does for a section snapshot). An item already in
    /// another section throws, naming `call`.
    /// - Complexity: O(n + k) for the n items leaving and the k coming.
    func replacingItems(
        inSection identifier: SectionIdentifier, with outline: DiffableDataSourceSectionSnapshot<ItemIdentifier>, call: String
    ) throws(ReuseTableError) -> Self {
        var next = self
        try next.attempt { storage in
            try storage.requireOnlyIn(identifier, outline.items, call: call)
            if storage.sectionPosition[identifier] == nil { try storage.insertSections([identifier], at: storage.sections.count) }
            let position = storage.sectionPosition[identifier]!
            if storage.outlines[identifier] == nil {
                for item in storage.items[position] {
                    storage.itemSection[item] = nil
                    storage.reloaded.remove(item)
                    storage.reconfigured.remove(item)
                }
            }
            storage.outlines[identifier] = outline.trimmingLog()
            storage.items[position] = outline.visibleItems
        }
        return next
    }
}
