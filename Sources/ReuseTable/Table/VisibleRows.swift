import Foundation

/// The cells on screen, sorted by (section, row).
///
/// Visible rows are a contiguous, ordered range, so a sorted array beats a
/// dictionary here: a layout pass merges the old list with the new range in
/// one walk, with integer comparisons and no `IndexPath` hashing.
/// - Complexity: lookup O(log v), merge O(v) for v visible rows.
struct VisibleRows {
    struct Entry {
        var section: Int
        var row: Int
        var cell: TableViewCell

        var indexPath: IndexPath { IndexPath(row: row, section: section) }
    }

    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }
    var indexPaths: [IndexPath] { entries.map(\.indexPath) }
    var cells: [TableViewCell] { entries.map(\.cell) }

    /// The cell showing (section, row), if on screen.
    subscript(indexPath: IndexPath) -> TableViewCell? {
        guard indexPath.count == 2 else { return nil }
        let i = insertionIndex(section: indexPath.section, row: indexPath.row)
        guard i < entries.count, entries[i].section == indexPath.section, entries[i].row == indexPath.row else { return nil }
        return entries[i].cell
    }

    /// Index of the first entry at or after (section, row).
    private func insertionIndex(section: Int, row: Int) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            let e = entries[mid]
            if e.section < section || (e.section == section && e.row < row) { low = mid + 1 } else { high = mid }
        }
        return low
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
}
