import Foundation

/// Measured groups placed recently, by section and group (`CompositionalSections.placedGroup(_:_:)`):
/// a scroll visits a group in pass after pass, and its elements, its slot and its reach all read
/// how its measured leaves place it.
///
/// A small set-associative cache, as a processor keeps memory lines: group `k` of section `s` may
/// sit in one set of `ways` entries, chosen from `s` and `k`, so a lookup is an index and two
/// compares, where a dictionary hashed its key first (a scroll step looks up every group on screen).
/// Neighbouring groups of a section fall in neighbouring sets; two groups of neighbouring sections
/// that fall in one set both stay; a third arriving there takes the place of the one kept earlier,
/// which is placed again when asked. Emptying is O(1): what was kept before reads as empty.
struct PlacedGroupCache {
    static let sets = 64
    /// Two: the lookup reads both entries of a set.
    static let ways = 2
    /// How many groups the cache keeps at most: more than a screen shows.
    static var capacity: Int { sets * ways }

    private struct Entry {
        /// `s << 32 | k`, or -1 for none.
        var key = -1
        /// When it was kept (`clock`); at or before `emptiedAt`, it reads as empty.
        var kept = 0
        var placed = CompositionalSections.PlacedGroup(elements: [], height: 0)
    }

    /// Empty until the first group is kept, so a layout that never measures allocates nothing.
    private var entries: [Entry] = []
    /// Counts the groups kept.
    private var clock = 0
    private var emptiedAt = 0

    /// The first entry of the set group `k` of section `s` belongs to.
    private static func firstEntry(_ s: Int, _ k: Int) -> Int { ((k &+ s &* 41) & (sets - 1)) &* ways }

    /// Sections and groups count below 2^31 (a section's item count is 32 bits), so the key is unique.
    private static func key(_ s: Int, _ k: Int) -> Int { s << 32 | k }

    /// Group `k` of section `s` as it was kept, or nil. Setting nil forgets it.
    subscript(s: Int, k: Int) -> CompositionalSections.PlacedGroup? {
        get {
            guard !entries.isEmpty else { return nil }
            let key = Self.key(s, k), first = Self.firstEntry(s, k)
            if entries[first].key == key && entries[first].kept > emptiedAt { return entries[first].placed }
            if entries[first + 1].key == key && entries[first + 1].kept > emptiedAt { return entries[first + 1].placed }
            return nil
        }
        set {
            let key = Self.key(s, k), first = Self.firstEntry(s, k)
            guard let newValue else {
                guard !entries.isEmpty else { return }
                for i in first..<(first + Self.ways) where entries[i].key == key { entries[i] = Entry() }
                return
            }
            if entries.isEmpty { entries = Array(repeating: Entry(), count: Self.capacity) }
            // Its own entry, else an empty one, else the one kept earliest.
            var target = first
            for i in first..<(first + Self.ways) {
                if entries[i].key == key {
                    target = i
                    break
                }
                if entries[i].kept <= emptiedAt || entries[i].kept < entries[target].kept { target = i }
            }
            clock += 1
            entries[target] = Entry(key: key, kept: clock, placed: newValue)
        }
    }

    /// Forgets every group.
    /// - Complexity: O(1): the entries stay until their places are taken, and read as empty.
    mutating func removeAll() { emptiedAt = clock }
}
