import Foundation

/// The cells on screen, sorted by (section, row) — shared by `TableView` and `CollectionView`.
///
/// Visible rows (or items) are few and ordered, so a sorted array beats a
/// dictionary here: a layout pass reconciles the old list with the new one in
/// a single merge walk, with integer comparisons, no `IndexPath` hashing, and
/// delegate calls in a stable order.
/// - Complexity: lookup O(log v); `removeEntries(notIn:)` and `cells(for:)` O(v + w) for v visible
/// cells and w wanted ones (the merge walk).
struct CellsOnScreen<Cell: AnyObject> {
    struct Entry {
        var section: Int
        var row: Int
        var cell: Cell

        var indexPath: IndexPath { IndexPath(row: row, section: section) }
    }

    /// A row a layout pass wants on screen, and where.
    struct Wanted {
        var section: Int
        var row: Int
        var frame: CGRect

        /// Index-path order, for sorting what a layout returned. A plain function: a closure formed
        /// on the main actor would pay an isolation check on every comparison.
        static func precedes(_ a: Wanted, _ b: Wanted) -> Bool { (a.section, a.row) < (b.section, b.row) }
    }

    private(set) var entries: [Entry] = [] {
        didSet { version &+= 1 }
    }
    /// Advanced by every change of the list: an answer about the list holds while it is the same.
    private(set) var version: UInt = 0

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }
    var indexPaths: [IndexPath] { entries.map(\.indexPath) }
    var cells: [Cell] { entries.map(\.cell) }

    /// The cell showing (section, row), if on screen.
    subscript(indexPath: IndexPath) -> Cell? {
        guard indexPath.count == 2 else { return nil }
        let key = (indexPath.section, indexPath.row)
        let low = entries.partitioningIndex { ($0.section, $0.row) >= key }
        guard low < entries.count, entries[low].section == indexPath.section, entries[low].row == indexPath.row else { return nil }
        return entries[low].cell
    }

    /// Replaces the whole list (entries need not be sorted).
    mutating func replace(with newEntries: [Entry]) {
        entries = newEntries.sorted { ($0.section, $0.row) < ($1.section, $1.row) }
    }

    /// Takes every entry out, in order.
    mutating func removeAll() -> [Entry] {
        defer { entries.removeAll(keepingCapacity: true) }
        return entries
    }

    /// Keeps the entries `keep` says yes to and returns the others, in order.
    mutating func partition(keeping keep: (Entry) -> Bool) -> [Entry] {
        var gone: [Entry] = []
        entries.removeAll { entry in
            if keep(entry) { return false }
            gone.append(entry)
            return true
        }
        return gone
    }

    /// Step 1 of making the list match `wanted` (sorted by section, row):
    /// takes out, in order, every entry that is no longer wanted, so the
    /// caller can return those cells to the pool *before* asking for new ones.
    ///
    /// The steps never call out while the list is being changed: a delegate
    /// that reads `visibleCells` from `didEndDisplaying` or `willDisplay`
    /// sees a consistent list, never one in the middle of an update.
    /// - Complexity: O(v + w).
    mutating func removeEntries(notIn wanted: [Wanted]) -> [Entry] {
        var gone: [Entry] = []
        removeEntries(notIn: wanted, into: &gone)
        return gone
    }

    /// `removeEntries(notIn:)` into a caller's array (emptied first). A scroll takes entries
    /// off the ends only: those leave in one block move, without touching the entries that stay.
    /// - Complexity: O(v + w).
    mutating func removeEntries(notIn wanted: [Wanted], into gone: inout [Entry]) {
        gone.emptyKeepingCapacity()
        if let kept = keptRun(of: wanted) {
            guard kept.count < entries.count else { return }
            // One element at a time: a scroll drops one or two, and `removeSubrange` costs
            // more than the moves it saves (Docs/performance-journal.md).
            for e in 0..<kept.lowerBound { gone.append(entries[e]) }
            for e in kept.upperBound..<entries.count { gone.append(entries[e]) }
            while entries.count > kept.upperBound { entries.removeLast() }
            if kept.lowerBound == 1 {
                entries.remove(at: 0)
            } else if kept.lowerBound > 1 {
                entries.removeSubrange(..<kept.lowerBound)
            }
            return
        }
        // Which entries stay, by one merge walk; the common cases are a kept run in the middle.
        var w = 0, firstKept = -1, lastKept = -1, keptCount = 0
        for e in entries.indices {
            let section = entries[e].section, row = entries[e].row
            while w < wanted.count, (wanted[w].section, wanted[w].row) < (section, row) { w += 1 }
            guard w < wanted.count, wanted[w].section == section, wanted[w].row == row else { continue }
            if firstKept < 0 { firstKept = e }
            lastKept = e
            keptCount += 1
        }
        if keptCount == entries.count { return }
        if keptCount == 0 {
            gone.append(contentsOf: entries)
            entries.removeAll(keepingCapacity: true)
            return
        }
        guard lastKept - firstKept + 1 == keptCount else {
            // Entries left from the middle (an update): keep the order, one by one.
            var w = 0
            gone = partition { entry in
                while w < wanted.count, (wanted[w].section, wanted[w].row) < (entry.section, entry.row) { w += 1 }
                return w < wanted.count && wanted[w].section == entry.section && wanted[w].row == entry.row
            }
            return
        }
        gone.append(contentsOf: entries[..<firstKept])
        gone.append(contentsOf: entries[(lastKept + 1)...])
        entries.removeSubrange((lastKept + 1)...)
        entries.removeSubrange(..<firstKept)
    }

    /// The positions in `wanted` of the rows not on the list (the arrivals), in order, into a
    /// caller's array (emptied first). When the list is one run of `wanted` (a scroll), the rows
    /// before and after that run arrive, with no merge.
    /// - Complexity: O(v + w).
    func positionsMissing(from wanted: [Wanted], into result: inout [Int]) {
        result.emptyKeepingCapacity()
        if let start = wantedRunEqualToEntries(in: wanted) {
            for position in 0..<start { result.append(position) }  // a scroll's one or two: no generic append
            for position in (start + entries.count)..<wanted.count { result.append(position) }
            return
        }
        var e = 0
        for (position, target) in wanted.enumerated() {
            while e < entries.count, (entries[e].section, entries[e].row) < (target.section, target.row) { e += 1 }
            if e < entries.count, entries[e].section == target.section, entries[e].row == target.row { continue }
            result.append(position)
        }
    }

    /// Step 2: for each wanted row, the cell already showing it, or nil when the row needs a new cell.
    /// - Complexity: O(v + w).
    func cells(for wanted: [Wanted]) -> [Cell?] {
        var result: [Cell?] = []
        cells(for: wanted, into: &result)
        return result
    }

    /// `cells(for:)` into a caller's array (emptied first), so a layout pass allocates nothing.
    func cells(for wanted: [Wanted], into result: inout [Cell?]) {
        result.emptyKeepingCapacity()
        result.reserveCapacity(wanted.count)
        var e = 0
        for target in wanted {
            while e < entries.count, (entries[e].section, entries[e].row) < (target.section, target.row) { e += 1 }
            if e < entries.count, entries[e].section == target.section, entries[e].row == target.row {
                result.append(entries[e].cell)
            } else {
                result.append(nil)
            }
        }
    }

    // A scroll step keeps one run of the list and adds or drops rows at its ends: the two
    // checks below find that run by comparing entries in step, without a merge walk.

    /// The entries that stay when the list keeps one run equal to a run of `wanted` and every other
    /// entry lies before `wanted`'s first row or after its last; nil otherwise. Read through buffer pointers: no bounds or uniqueness checks in the loops.
    /// - Complexity: O(v + w) comparisons, one per entry before the run and one per row in it.
    private func keptRun(of wanted: [Wanted]) -> Range<Int>? {
        guard let first = wanted.first, let last = wanted.last else { return 0..<0 }
        return entries.withUnsafeBufferPointer { list in
            wanted.withUnsafeBufferPointer { want in
                var e = 0
                while e < list.count, (list[e].section, list[e].row) < (first.section, first.row) { e += 1 }
                guard e < list.count else { return e..<e }
                var w = 0
                while w < want.count, (want[w].section, want[w].row) < (list[e].section, list[e].row) { w += 1 }
                var end = e
                while end < list.count, w < want.count, list[end].section == want[w].section, list[end].row == want[w].row {
                    end += 1
                    w += 1
                }
                // The run stops at the list's end, or every entry after it lies after the last wanted row.
                guard end == list.count || (list[end].section, list[end].row) > (last.section, last.row) else { return nil }
                return e..<end
            }
        }
    }

    /// Where in `wanted` a run equal to the whole list starts, or nil when the list is not one
    /// run of `wanted` (an empty list starts anywhere: 0).
    /// - Complexity: O(w).
    private func wantedRunEqualToEntries(in wanted: [Wanted]) -> Int? {
        guard let head = entries.first else { return 0 }
        var start = 0
        while start < wanted.count, (wanted[start].section, wanted[start].row) < (head.section, head.row) { start += 1 }
        guard start + entries.count <= wanted.count else { return nil }
        for e in entries.indices where entries[e].section != wanted[start + e].section || entries[e].row != wanted[start + e].row {
            return nil
        }
        return start
    }

    /// Step 3: adds a row that arrived on screen, keeping the list sorted.
    /// - Complexity: O(log v) to find the place, O(v) to insert (v is a screenful).
    mutating func insert(_ entry: Entry) {
        // A scroll's arrival goes at an end: no search.
        if let last = entries.last, (last.section, last.row) >= (entry.section, entry.row) {
            if let first = entries.first, (first.section, first.row) > (entry.section, entry.row) {
                return entries.insert(entry, at: 0)
            }
        } else {
            return entries.append(entry)
        }
        let low = entries.partitioningIndex { ($0.section, $0.row) >= (entry.section, entry.row) }
        entries.insert(entry, at: low)
    }
}

extension Array {
    /// `removeAll(keepingCapacity: true)` for a pass's scratch arrays, which hold a few elements
    /// or none: the generic `replaceSubrange` behind `removeAll` costs 70 to 150 instructions,
    /// more than taking up to four elements off the end (Docs/performance-journal.md).
    /// - Complexity: O(count).
    mutating func emptyKeepingCapacity() {
        guard count <= 4 else { return removeAll(keepingCapacity: true) }
        while !isEmpty { removeLast() }
    }
}
