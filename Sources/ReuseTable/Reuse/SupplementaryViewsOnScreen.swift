import Foundation

/// The supplementary views on screen — headers, footers, badges, decorations — sorted by key,
/// beside `CellsOnScreen`, which holds the cells.
///
/// A screen shows a few of them, so a sorted array beats a dictionary as it does for the cells:
/// a layout pass finds the views that left in one merge walk of two sorted lists, with
/// comparisons and no hashing of a kind's string or an index path, and places the others in the
/// order of their keys, so the data source is asked top to bottom.
/// - Complexity: lookup O(log v) for v views on screen; `removeEntries(notIn:into:)` O(v + w).
struct SupplementaryViewsOnScreen<Key: Comparable, View: AnyObject> {
    struct Entry {
        var key: Key
        var view: View
    }

    /// An element a layout pass wants on screen: where, and how far in front (above 0: in front of
    /// the cells, lowest first).
    struct Wanted {
        var key: Key
        var frame: CGRect
        var zIndex: Int
    }

    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }
    var views: [View] { entries.map(\.view) }

    /// The view showing `key`, if on screen; setting nil takes it off the list (not off the screen).
    subscript(key: Key) -> View? {
        get {
            let e = firstEntry(notBelow: key)
            return e < entries.count && entries[e].key == key ? entries[e].view : nil
        }
        set {
            let e = firstEntry(notBelow: key)
            let present = e < entries.count && entries[e].key == key
            switch (newValue, present) {
            case (let view?, true): entries[e].view = view
            case (let view?, false): entries.insert(Entry(key: key, view: view), at: e)
            case (nil, true): entries.remove(at: e)
            case (nil, false): break
            }
        }
    }

    /// Replaces the whole list (entries need not be sorted; of equal keys the last stays).
    mutating func replace(with newEntries: [Entry]) {
        entries.removeAll(keepingCapacity: true)
        for entry in newEntries { self[entry.key] = entry.view }
    }

    /// Takes every entry out, in order.
    mutating func removeAll() -> [Entry] {
        defer { entries.removeAll(keepingCapacity: true) }
        return entries
    }

    /// Sorts what a layout returned by key and keeps the last of equal keys (a layout that names an
    /// element twice shows it once, where it named it last). Insertion sort: a screen holds a few,
    /// mostly in order already.
    /// - Complexity: O(w²) comparisons at worst, O(w) when already sorted.
    static func sortByKey(_ wanted: inout [Wanted]) {
        var i = 1
        while i < wanted.count {
            var j = i
            while j > 0, wanted[j].key < wanted[j - 1].key {
                wanted.swapAt(j, j - 1)
                j -= 1
            }
            if j > 0, wanted[j].key == wanted[j - 1].key {
                wanted.remove(at: j - 1)  // the earlier one goes; i now names the next unsorted element
            } else {
                i += 1
            }
        }
    }

    /// Takes out, in order, every entry no longer in `wanted` (sorted by `sortByKey(_:)`), into a
    /// caller's array (emptied first), so the caller can return those views to the pool before it
    /// asks for new ones.
    /// - Complexity: O(v + w).
    mutating func removeEntries(notIn wanted: [Wanted], into gone: inout [View]) {
        gone.emptyKeepingCapacity()
        var w = 0, kept = 0
        for e in entries.indices {
            let key = entries[e].key
            while w < wanted.count, wanted[w].key < key { w += 1 }
            if w < wanted.count, wanted[w].key == key {
                if kept != e { entries[kept] = entries[e] }
                kept += 1
            } else {
                gone.append(entries[e].view)
            }
        }
        while entries.count > kept { entries.removeLast() }
    }

    /// The position of the first entry whose key is not below `key`.
    private func firstEntry(notBelow key: Key) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
