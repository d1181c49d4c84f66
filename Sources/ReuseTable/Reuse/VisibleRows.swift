import Foundation

/// The cells on screen, sorted by (section, row) — shared by `TableView` and `CollectionView`.
///
/// Visible rows (or items) are few and ordered, so a sorted array beats a
/// dictionary here: a layout pass reconciles the old list with the new one in
/// a single merge walk, with integer comparisons, no `IndexPath` hashing, and
/// delegate calls in a stable order.
/// - Complexity: lookup O(log v); `removeEntries(notIn:)` and `cells(for:)` O(v + w) for v visible
/// cells and w wanted ones (the merge walk).
struct VisibleRows<Cell: AnyObject> {
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
    /// Returns where in `wanted` the entries left start when they are one run of it, as a
    /// scroll leaves them (for `positionsMissing(from:runStart:into:)`), or nil.
    /// - Complexity: O(v + w).
    @discardableResult
    mutating func removeEntries(notIn wanted: [Wanted], into gone: inout [Entry]) -> Int? {
        gone.emptyKeepingCapacity()
        if let kept = keptRun(of: wanted) {
            guard kept.entries.count < entries.count else { return kept.wantedStart }
            // One element at a time: a scroll drops one or two, and `removeSubrange` costs
            // more than the moves it saves (Docs/performance-journal.md).
            for e in 0..<kept.entries.lowerBound { gone.append(entries[e]) }
            for e in kept.entries.upperBound..<entries.count { gone.append(entries[e]) }
            while entries.count > kept.entries.upperBound { entries.removeLast() }
            if kept.entries.lowerBound == 1 {
                entries.remove(at: 0)
            } else if kept.entries.lowerBound > 1 {
                entries.removeSubrange(..<kept.entries.lowerBound)
            }
            return kept.wantedStart
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
        if keptCount == entries.count { return nil }
        if keptCount == 0 {
            gone.append(contentsOf: entries)
            entries.removeAll(keepingCapacity: true)
            return nil
        }
        guard lastKept - firstKept + 1 == keptCount else {
            // Entries left from the middle (an update): keep the order, one by one.
            var w = 0
            gone = partition { entry in
                while w < wanted.count, (wanted[w].section, wanted[w].row) < (entry.section, entry.row) { w += 1 }
                return w < wanted.count && wanted[w].section == entry.section && wanted[w].row == entry.row
            }
            return nil
        }
        gone.append(contentsOf: entries[..<firstKept])
        gone.append(contentsOf: entries[(lastKept + 1)...])
        entries.removeSubrange((lastKept + 1)...)
        entries.removeSubrange(..<firstKept)
        return nil
    }

    /// Takes out the first `first` and the last `last` entries, in order, into a caller's array
    /// (emptied first): `removeEntries(notIn:into:)` when the caller knows those are the entries
    /// that left (`WantedRowsChange`).
    /// - Complexity: O(first + last), plus the move of the entries that stay when `first > 0`.
    mutating func removeEnds(first: Int, last: Int, into gone: inout [Entry]) {
        gone.emptyKeepingCapacity()
        guard first > 0 || last > 0 else { return }
        for e in 0..<first { gone.append(entries[e]) }
        for e in (entries.count - last)..<entries.count { gone.append(entries[e]) }
        for _ in 0..<last { entries.removeLast() }
        if first == 1 { entries.remove(at: 0) } else if first > 1 { entries.removeSubrange(..<first) }
    }

    /// Whether the list is exactly `wanted[start..<(start + count)]` (checked in debug builds after a
    /// pass took entries off by `removeEnds(first:last:into:)`).
    /// - Complexity: O(v).
    func isRun(of wanted: [Wanted], at start: Int) -> Bool {
        guard start >= 0, start + entries.count <= wanted.count else { return false }
        return entries.indices.allSatisfy { entries[$0].section == wanted[start + $0].section && entries[$0].row == wanted[start + $0].row }
    }

    /// The positions in `wanted` of the rows not on the list (the arrivals), in order, into a
    /// caller's array (emptied first).
    /// - Complexity: O(v + w).
    func positionsMissing(from wanted: [Wanted], into result: inout [Int]) {
        positionsMissing(from: wanted, runStart: nil, into: &result)
    }

    /// `positionsMissing(from:into:)`, told where the list lies in `wanted` when it is one run of it
    /// (`removeEntries(notIn:into:)`'s answer, the list unchanged since): the rows before and after
    /// that run arrive, with no comparison. A `runStart` that does not fit is not used.
    /// - Complexity: O(arrivals) with a fitting `runStart`, O(v + w) otherwise.
    func positionsMissing(from wanted: [Wanted], runStart: Int?, into result: inout [Int]) {
        result.emptyKeepingCapacity()
        let start: Int?
        if let runStart, runStart >= 0, runStart + entries.count <= wanted.count {
            start = runStart
        } else {
            start = wantedRunEqualToEntries(in: wanted)
        }
        if let start {
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

    /// The entries that stay when the list keeps one run equal to a run of `wanted` (starting at
    /// `wantedStart`) and every other entry lies before `wanted`'s first row or after its last; nil
    /// otherwise. Read through buffer pointers: no bounds or uniqueness checks in the loops.
    /// - Complexity: O(v + w) comparisons, one per entry before the run and one per row in it.
    private func keptRun(of wanted: [Wanted]) -> (entries: Range<Int>, wantedStart: Int)? {
        guard let first = wanted.first, let last = wanted.last else { return (0..<0, 0) }
        return entries.withUnsafeBufferPointer { list in
            wanted.withUnsafeBufferPointer { want in
                var e = 0
                while e < list.count, (list[e].section, list[e].row) < (first.section, first.row) { e += 1 }
                guard e < list.count else { return (e..<e, 0) }
                var w = 0
                while w < want.count, (want[w].section, want[w].row) < (list[e].section, list[e].row) { w += 1 }
                let start = w
                var end = e
                while end < list.count, w < want.count, list[end].section == want[w].section, list[end].row == want[w].row {
                    end += 1
                    w += 1
                }
                // The run stops at the list's end, or every entry after it lies after the last wanted row.
                guard end == list.count || (list[end].section, list[end].row) > (last.section, last.row) else { return nil }
                return (e..<end, start)
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
