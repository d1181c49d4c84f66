import Foundation

/// What self-sizing measured in one section: item heights by item index (sparse, sorted), each
/// with the width it was measured at, and the heights of its self-sizing boundary items. Sections
/// nothing was measured in have none, so the memory is O(measured items), not O(items).
///
/// A height counts only at its width: an item that an update moves to a leaf of another width (or
/// into another section) keeps its old height as an estimate and is measured again when it shows.
struct SectionMeasurements {
    /// One measured item.
    struct Entry: Equatable {
        var item: Int
        var height: CGFloat
        /// The width the cell was measured at.
        var width: CGFloat
    }

    /// Measured items, sorted by index.
    private(set) var items: [Entry] = []
    /// Per boundary item of the section (by its index in the section's list): its measured height, NaN until measured.
    var boundary: [CGFloat] = []

    var isEmpty: Bool { items.isEmpty && !boundary.contains { !$0.isNaN } }

    /// The position of the first entry at or after `item`.
    /// - Complexity: O(log m).
    func position(of item: Int) -> Int {
        items.partitioningIndex { $0.item >= item }
    }

    /// What was measured for `item` (height and width), or nil.
    /// - Complexity: O(log m).
    func entry(of item: Int) -> Entry? {
        let p = position(of: item)
        return p < items.count && items[p].item == item ? items[p] : nil
    }

    /// The height of `item` measured at `width`, or nil (not measured, or at another width).
    /// - Complexity: O(log m).
    func height(of item: Int, width: CGFloat) -> CGFloat? {
        guard let entry = entry(of: item), entry.width == width else { return nil }
        return entry.height
    }

    /// Entries for items in `range`.
    /// - Complexity: O(log m).
    func entries(in range: Range<Int>) -> ArraySlice<Entry> {
        items[position(of: range.lowerBound)..<position(of: range.upperBound)]
    }

    /// Records (or replaces) `item`'s height at `width`.
    /// - Complexity: O(log m), plus moving the entries after it when it is new.
    mutating func set(_ height: CGFloat, width: CGFloat, of item: Int) {
        let p = position(of: item)
        if p < items.count, items[p].item == item {
            items[p] = Entry(item: item, height: height, width: width)
        } else {
            items.insert(Entry(item: item, height: height, width: width), at: p)
        }
    }

    /// Forgets `item`'s height (it is measured again when shown).
    mutating func forget(_ item: Int) {
        let p = position(of: item)
        if p < items.count, items[p].item == item { items.remove(at: p) }
    }

    /// Removes `item`; the items after it move up one. Returns what was measured for it, if anything.
    /// - Complexity: O(m).
    mutating func remove(_ item: Int) -> Entry? {
        let p = position(of: item)
        var removed: Entry?
        var q = p
        if p < items.count, items[p].item == item {
            removed = items[p]
            items.remove(at: p)
        }
        while q < items.count {
            items[q].item -= 1
            q += 1
        }
        return removed
    }

    /// Inserts an item at `item` (with what was measured for it when it moved here); the items from there move down one.
    /// - Complexity: O(m).
    mutating func insert(_ item: Int, carrying entry: Entry?) {
        let p = position(of: item)
        for q in p..<items.count { items[q].item += 1 }
        if var entry {
            entry.item = item
            items.insert(entry, at: p)
        }
    }

    /// Replaces every item entry (already sorted).
    mutating func replaceItems(_ entries: [Entry]) {
        items = entries
    }
}
