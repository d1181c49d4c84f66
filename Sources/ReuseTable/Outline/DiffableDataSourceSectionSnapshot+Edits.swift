import Foundation

// How `apply(_:to:)` avoids diffing a million items to show a hundred thousand more: a
// section snapshot logs what each change did to its visible items, stamped, and can say
// which edits turn an earlier snapshot's rows into its own (see Docs/outlines.md).

extension DiffableDataSourceSectionSnapshot {
    /// The edits that turn `earlier`'s visible items into this snapshot's, in order, when this
    /// snapshot was made from `earlier` (or from a snapshot showing the same rows) by logged
    /// changes; nil when that cannot be proved, and the caller diffs.
    /// - Complexity: O(e) for the e edits logged.
    func edits(since earlier: Self) -> ArraySlice<OutlineEdit<Item>>? {
        let mark = earlier.storage.head
        if storage.head == mark { return storage.edits[storage.edits.endIndex...] }
        if storage.base == mark { return storage.edits[...] }
        guard let i = storage.edits.lastIndex(where: { $0.stamp == mark }) else { return nil }
        return storage.edits[(i + 1)...]
    }

    /// This snapshot with its log emptied: what a data source keeps after applying it, so
    /// the log does not grow for ever (the copy shares every other array).
    /// - Complexity: O(1).
    func trimmingLog() -> Self {
        guard !storage.edits.isEmpty || storage.base != storage.head else { return self }
        var copy = self
        try? copy.attempt { storage in
            storage.edits = []
            storage.loggedItems = 0
            storage.base = storage.head
        }
        return copy
    }
}
