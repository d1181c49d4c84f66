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

    private(set) var entries: [Entry] = []

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
        var w = 0
        return partition { entry in
            while w < wanted.count, (wanted[w].section, wanted[w].row) < (entry.section, entry.row) { w += 1 }
            return w < wanted.count && wanted[w].section == entry.section && wanted[w].row == entry.row
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
        result.removeAll(keepingCapacity: true)
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

    /// Step 3: adds a row that arrived on screen, keeping the list sorted.
    /// - Complexity: O(log v) to find the place, O(v) to insert (v is a screenful).
    mutating func insert(_ entry: Entry) {
        let low = entries.partitioningIndex { ($0.section, $0.row) >= (entry.section, entry.row) }
        entries.insert(entry, at: low)
    }
}
