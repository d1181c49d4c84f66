import Foundation

/// What self-sizing measured in one section: item heights by item index (sparse, sorted) and the
/// heights of its self-sizing boundary items. Sections nothing was measured in have none, so the
/// memory is O(measured items), not O(items).
struct SectionMeasurements {
    /// One measured item.
    struct Entry: Equatable {
        var item: Int
        var height: CGFloat
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

    /// The measured height of `item`, or nil.
    /// - Complexity: O(log m).
    func height(of item: Int) -> CGFloat? {
        let p = position(of: item)
        return p < items.count && items[p].item == item ? items[p].height : nil
    }

    /// Entries for items in `range`.
    /// - Complexity: O(log m).
    func entries(in range: Range<Int>) -> ArraySlice<Entry> {
        items[position(of: range.lowerBound)..<position(of: range.upperBound)]
    }

    /// Records (or replaces) `item`'s height.
    /// - Complexity: O(log m), plus moving the entries after it when it is new.
    mutating func set(_ height: CGFloat, of item: Int) {
        let p = position(of: item)
        if p < items.count, items[p].item == item {
            items[p].height = height
        } else {
            items.insert(Entry(item: item, height: height), at: p)
        }
    }

    /// Forgets `item`'s height (it is measured again when shown).
    mutating func forget(_ item: Int) {
        let p = position(of: item)
        if p < items.count, items[p].item == item { items.remove(at: p) }
    }

    /// Removes `item`; the items after it move up one. Returns its height, if measured.
    /// - Complexity: O(m).
    mutating func remove(_ item: Int) -> CGFloat? {
        let p = position(of: item)
        var removed: CGFloat?
        var q = p
        if p < items.count, items[p].item == item {
            removed = items[p].height
            items.remove(at: p)
        }
        while q < items.count {
            items[q].item -= 1
            q += 1
        }
        return removed
    }

    /// Inserts an item at `item` (measured when `height` is given); the items from there move down one.
    /// - Complexity: O(m).
    mutating func insert(_ item: Int, height: CGFloat?) {
        let p = position(of: item)
        for q in p..<items.count { items[q].item += 1 }
        if let height { items.insert(Entry(item: item, height: height), at: p) }
    }

    /// Replaces every item entry (already sorted).
    mutating func replaceItems(_ entries: [Entry]) {
        items = entries
    }
}
