import Foundation

// Item ranges shown and hidden in one section (an outline's expand or collapse: a range plan,
// `UpdatePlan.init(rowRangesIn:deleted:inserted:sectionCount:)`, handed over by `applyUpdate(_:newCounts:)`): the section's count, its measured heights moved
// with their items, and its slots replaced at the next prepare — O(log n + runs of the section),
// the items shown or hidden never visited one by one.

extension CollectionViewCompositionalLayout {
    /// The collection view deleted and inserted `map`'s ranges of section `s`, which now holds `newCount` items.
    /// - Complexity: O(m log r) for m measured items of the section and r ranges; its slots at the next prepare.
    func applyItemRanges(_ map: RowRangeMap, inSection s: Int, newCount: Int) {
        needsPrepare = true
        store.placedGroups.removeAll()
        guard !needsRebuild, s < store.sectionCount else { return }  // prepared from the counts anyway
        if !needsSlotRebuild, pendingRowSlots[s] == nil {
            pendingRowSlots[s] = store.kind(s).rowSlotCount(items: store.records[s].count)
        }
        if store.measured(s) != nil { store.updateMeasurements(s) { $0.follow(map) } }
        if store.records[s].count != newCount { sectionsToAsk.insert(s) }
        store.records[s].count = newCount
        overrides = [:]
    }
}

extension SectionMeasurements {
    /// Moves every measured item where `map` puts it; deleted items' heights are dropped (shown
    /// again, they are measured again).
    /// - Complexity: O(m log r).
    mutating func follow(_ map: RowRangeMap) {
        var entries: [Entry] = []
        entries.reserveCapacity(items.count)
        for var entry in items {
            guard let new = map.newRow(ofOld: entry.item) else { continue }
            entry.item = new
            entries.append(entry)
        }
        replaceItems(entries)
    }
}
