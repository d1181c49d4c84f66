import Foundation

/// The cells on screen, sorted by (section, row) — shared by `TableView` and `CollectionView`.
///
/// Visible rows (or items) are few and ordered, so a sorted array beats a
/// dictionary here: a layout pass reconciles the old list with the new one in
/// a single merge walk, with integer comparisons, no `IndexPath` hashing, and
/// delegate calls in a stable order.
/// - Complexity: lookup O(log v), `reconcile` O(v) for v visible cells.
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
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            let e = entries[mid]
            if (e.section, e.row) < (indexPath.section, indexPath.row) { low = mid + 1 } else { high = mid }
        }
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

    /// Makes the list match `wanted` (sorted by section, row): every cell that is
    /// no longer wanted goes to `leave` first (so the pool can feed the
    /// arrivals), cells that stay go to `move` with their new frame, and each
    /// new row gets a cell from `arrive`.
    mutating func reconcile(with wanted: [Wanted], leave: (Entry) -> Void, move: (Cell, CGRect) -> Void,
                            arrive: (Wanted) -> Cell) {
        var w = 0
        let leaving = partition { entry in
            while w < wanted.count, (wanted[w].section, wanted[w].row) < (entry.section, entry.row) { w += 1 }
            return w < wanted.count && wanted[w].section == entry.section && wanted[w].row == entry.row
        }
        for entry in leaving { leave(entry) }
        var staying = removeAll()[...]
        var placed: [Entry] = []
        placed.reserveCapacity(wanted.count)
        for target in wanted {
            if let first = staying.first, first.section == target.section, first.row == target.row {
                staying.removeFirst()
                move(first.cell, target.frame)
                placed.append(first)
            } else {
                placed.append(Entry(section: target.section, row: target.row, cell: arrive(target)))
            }
        }
        entries = placed
    }
}
