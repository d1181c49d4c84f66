import Foundation
@_spi(Internals) import ReuseTable

// Faithful re-implementations of the classic techniques ReuseTable is measured
// against. They are deliberately the textbook versions, not tuned rivals: each
// comment says what it re-implements. Baselines keep heights only, so
// `isMeasured` is accepted and ignored.

// MARK: - Geometry baselines

/// Re-implements the common "heights array + offsets prefix array" geometry
/// (the 2013 article's `generateHeightAndOffsetData`, kept as two flat `[Double]`).
///
/// - Complexity: find by offset O(log n) (binary search over offsets); a height
///   change O(n − i) (offsets recomputed from the change point on); insert and
///   remove O(n).
struct FlatArrays: HeightStore {
    private(set) var heights: [Double]
    /// `offsets[i]` is the start Y of slot `i`; `offsets[count]` is the total height.
    private(set) var offsets: [Double]

    init<S: Sequence>(_ runs: S) where S.Element == HeightRun {
        heights = []
        for run in runs { heights.append(contentsOf: repeatElement(run.height, count: run.count)) }
        offsets = [Double](repeating: 0, count: heights.count + 1)
        recomputeOffsets(from: 0)
    }

    var count: Int { heights.count }
    var totalHeight: Double { offsets[heights.count] }
    func offset(of index: Int) -> Double { offsets[index] }
    func height(at index: Int) -> Double { heights[index] }

    func index(atOffset y: Double) -> Int? {
        guard y >= 0, y < totalHeight else { return nil }
        // First i in 1...count with offsets[i] > y; slot i − 1 then contains y
        // (and has a positive height, so zero-height slots are never returned).
        var low = 1, high = heights.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] > y { high = middle } else { low = middle + 1 }
        }
        return low - 1
    }

    mutating func setHeight(_ height: Double, at index: Int, isMeasured: Bool) {
        heights[index] = height
        recomputeOffsets(from: index)
    }

    mutating func insert(_ runs: [HeightRun], at index: Int) {
        var new: [Double] = []
        for run in runs { new.append(contentsOf: repeatElement(run.height, count: run.count)) }
        heights.insert(contentsOf: new, at: index)
        offsets.append(contentsOf: repeatElement(0, count: new.count))
        recomputeOffsets(from: index)
    }

    @discardableResult
    mutating func removeSubrange(_ range: Range<Int>) -> [HeightRun] {
        let removed = HeightRun.runs(of: heights[range])
        heights.removeSubrange(range)
        offsets.removeLast(range.count)
        recomputeOffsets(from: range.lowerBound)
        return removed
    }

    /// Rewrites `offsets[index + 1 ... count]`: the O(n) step every change pays.
    private mutating func recomputeOffsets(from index: Int) {
        heights.withUnsafeBufferPointer { h in
            offsets.withUnsafeMutableBufferPointer { o in
                var y = o[index]
                for i in index..<h.count {
                    y += h[i]
                    o[i + 1] = y
                }
            }
        }
    }
}

/// Re-implements a Fenwick tree (binary indexed tree, Fenwick 1994) over the
/// heights: the classic "prefix sums with point updates" structure.
///
/// - Complexity: offset (prefix sum), height change and find by offset (the
///   standard descending-bit search) are O(log n). Insert and remove are
///   O(n): a Fenwick tree has fixed positions, so both rebuild the tree.
struct Fenwick: HeightStore {
    private(set) var heights: [Double]
    /// 1-based: `tree[i]` holds the sum of heights `(i − lowbit(i)) ..< i`.
    private var tree: [Double]
    private(set) var totalHeight: Double

    init<S: Sequence>(_ runs: S) where S.Element == HeightRun {
        heights = []
        for run in runs { heights.append(contentsOf: repeatElement(run.height, count: run.count)) }
        tree = []
        totalHeight = 0
        rebuild()
    }

    var count: Int { heights.count }
    func height(at index: Int) -> Double { heights[index] }

    func offset(of index: Int) -> Double {
        if index == heights.count { return totalHeight }
        var sum = 0.0
        var i = index
        while i > 0 {
            sum += tree[i]
            i &= i - 1
        }
        return sum
    }

    func index(atOffset y: Double) -> Int? {
        guard y >= 0, y < totalHeight else { return nil }
        // Descend from the highest power of two: take a step when the whole
        // block it covers still ends at or before y. Ends at the last slot whose
        // start is ≤ y; heights are non-negative, so its height is > 0.
        let n = heights.count
        var position = 0
        var remaining = y
        var step = 1 << (Int.bitWidth - 1 - n.leadingZeroBitCount)
        while step > 0 {
            let next = position + step
            if next <= n, tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step >>= 1
        }
        return position
    }

    mutating func setHeight(_ height: Double, at index: Int, isMeasured: Bool) {
        let delta = height - heights[index]
        heights[index] = height
        totalHeight += delta
        let n = heights.count
        tree.withUnsafeMutableBufferPointer { tree in
            var i = index + 1
            while i <= n {
                tree[i] += delta
                i += i & -i
            }
        }
    }

    mutating func insert(_ runs: [HeightRun], at index: Int) {
        var new: [Double] = []
        for run in runs { new.append(contentsOf: repeatElement(run.height, count: run.count)) }
        heights.insert(contentsOf: new, at: index)
        rebuild()
    }

    @discardableResult
    mutating func removeSubrange(_ range: Range<Int>) -> [HeightRun] {
        let removed = HeightRun.runs(of: heights[range])
        heights.removeSubrange(range)
        rebuild()
        return removed
    }

    /// O(n) construction: each node adds itself into its parent once.
    private mutating func rebuild() {
        let n = heights.count
        tree = [Double](repeating: 0, count: n + 1)
        var total = 0.0
        heights.withUnsafeBufferPointer { h in
            tree.withUnsafeMutableBufferPointer { tree in
                for i in 1...max(1, n) where i <= n {
                    tree[i] += h[i - 1]
                    total += h[i - 1]
                    let parent = i + (i & -i)
                    if parent <= n { tree[parent] += tree[i] }
                }
            }
        }
        totalHeight = total
    }
}

extension HeightRun {
    /// Row runs for consecutive heights, equal neighbours merged.
    static func runs<C: Collection>(of heights: C) -> [HeightRun] where C.Element == Double {
        var runs: [HeightRun] = []
        for height in heights {
            if let last = runs.last, last.height == height {
                runs[runs.count - 1].count += 1
            } else {
                runs.append(HeightRun(count: 1, height: height))
            }
        }
        return runs
    }
}

// MARK: - Height-cache baselines

/// What the `heightCache` suite needs from a height cache. Like the source
/// articles' caches, a cache holds two widths (portrait and landscape): get and set use the current
/// one; inserting or deleting a row updates both, as the articles did.
protocol BenchHeightCache {
    /// An empty cache sized for `sections` sections of `rowsPerSection` rows.
    init(sections: Int, rowsPerSection: Int)
    func height(section: Int, row: Int) -> Double?
    mutating func setHeight(_ height: Double, section: Int, row: Int)
    /// Shifts later rows down; the new row has no height.
    mutating func insertRow(section: Int, row: Int)
    /// Shifts later rows up.
    mutating func deleteRow(section: Int, row: Int)
    /// Caches `height(section, row)` for every row, in both orientations.
    mutating func fillBothOrientations(sections: Int, rowsPerSection: Int, height: (Int, Int) -> Double)
}

/// Re-implements the cache of the article "Caching UITableView row heights":
/// `NSMutableDictionary<NSString *, NSMutableDictionary<NSString *, NSNumber *> *>`
/// per orientation, keyed by the section and row numbers as strings, with key
/// `"-1"` holding the largest index in use. Insert shifts keys by swapping
/// neighbours one at a time from the end; delete moves the row to the end the
/// same way, removes it, then finds the new largest index by sorting all keys.
/// (The article's sort comparator never returns ascending; we sort correctly.)
struct StringKeyedDictionaries: BenchHeightCache {
    /// `NSMutableDictionary` is a reference type; so is this.
    final class Table {
        var entries: [String: NSNumber] = ["-1": NSNumber(value: -1)]
    }
    /// One orientation: the outer dictionary. Its `"-1"` entry is `maxSection`
    /// (kept apart only because Swift dictionaries have one value type).
    final class Orientation {
        var maxSection = -1
        var sections: [String: Table] = [:]
    }

    private var current = Orientation()
    private var other = Orientation()

    init(sections: Int, rowsPerSection: Int) {}

    private static func key(_ index: Int) -> String { String(index) }

    func height(section: Int, row: Int) -> Double? {
        current.sections[Self.key(section)]?.entries[Self.key(row)]?.doubleValue
    }

    mutating func setHeight(_ height: Double, section: Int, row: Int) {
        let table: Table
        if let existing = current.sections[Self.key(section)] {
            table = existing
        } else {
            table = Table()
            current.sections[Self.key(section)] = table
            if current.maxSection < section { current.maxSection = section }
        }
        if Self.currentIndex(table) < row { table.entries["-1"] = NSNumber(value: row) }
        table.entries[Self.key(row)] = NSNumber(value: height)
    }

    mutating func insertRow(section: Int, row: Int) {
        for orientation in [current, other] {
            if let table = orientation.sections[Self.key(section)] { Self.insert(row, in: table) }
        }
    }

    mutating func deleteRow(section: Int, row: Int) {
        for orientation in [current, other] {
            if let table = orientation.sections[Self.key(section)] { Self.delete(row, in: table) }
        }
    }

    /// Fills both orientations, as a table that has been shown both ways would be.
    mutating func fillBothOrientations(sections: Int, rowsPerSection: Int, height: (Int, Int) -> Double) {
        for _ in 0..<2 {
            for section in 0..<sections {
                for row in 0..<rowsPerSection { setHeight(height(section, row), section: section, row: row) }
            }
            swap(&current, &other)
        }
    }

    private static func currentIndex(_ table: Table) -> Int { table.entries["-1"]?.intValue ?? -1 }

    private static func exchange(_ i: Int, _ j: Int, in table: Table) {
        let a = table.entries[key(i)], b = table.entries[key(j)]
        table.entries[key(i)] = b
        table.entries[key(j)] = a
    }

    private static func insert(_ index: Int, in table: Table) {
        let lastIndex = currentIndex(table)
        if lastIndex < 0 { return }
        var i = lastIndex
        while i >= index { exchange(i, i + 1, in: table); i -= 1 }
        if lastIndex >= index {
            table.entries["-1"] = NSNumber(value: lastIndex + 1)
            table.entries[key(index)] = nil
        }
    }

    private static func delete(_ index: Int, in table: Table) {
        let lastIndex = currentIndex(table)
        if lastIndex < 0 { return }
        var i = index
        while i != lastIndex { exchange(i, i < lastIndex ? i + 1 : i - 1, in: table); i += i < lastIndex ? 1 : -1 }
        table.entries[key(lastIndex)] = nil
        let keys = table.entries.keys.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }
        table.entries["-1"] = NSNumber(value: keys.last.flatMap { Int($0) } ?? -1)
    }
}

/// Re-implements UITableView+FDTemplateLayoutCell's `FDIndexPathHeightCache`:
/// per orientation an `NSMutableArray` of sections, each an `NSMutableArray`
/// of boxed `NSNumber` heights with `@-1` meaning "not cached"; arrays grow on
/// demand filled with `@-1`; insert and delete call `insertObject:atIndex:` and
/// `removeObjectAtIndex:` on the section in both orientations.
struct BoxedNestedArrays: BenchHeightCache {
    /// The `@-1` sentinel, compared with `isEqual(to:)` as FD's `isEqualToNumber:` did.
    static let absent = NSNumber(value: -1)

    private var current: [[NSNumber]] = []
    private var other: [[NSNumber]] = []

    init(sections: Int, rowsPerSection: Int) {}

    func height(section: Int, row: Int) -> Double? {
        guard section < current.count, row < current[section].count else { return nil }
        let number = current[section][row]
        return number.isEqual(to: Self.absent) ? nil : number.doubleValue
    }

    mutating func setHeight(_ height: Double, section: Int, row: Int) {
        Self.buildIfNeeded(&current, section: section, row: row)
        current[section][row] = NSNumber(value: height)
    }

    mutating func insertRow(section: Int, row: Int) {
        Self.buildIfNeeded(&current, section: section, row: row - 1)
        Self.buildIfNeeded(&other, section: section, row: row - 1)
        current[section].insert(Self.absent, at: row)
        other[section].insert(Self.absent, at: row)
    }

    mutating func deleteRow(section: Int, row: Int) {
        Self.buildIfNeeded(&current, section: section, row: row)
        Self.buildIfNeeded(&other, section: section, row: row)
        current[section].remove(at: row)
        other[section].remove(at: row)
    }

    mutating func fillBothOrientations(sections: Int, rowsPerSection: Int, height: (Int, Int) -> Double) {
        for _ in 0..<2 {
            for section in 0..<sections {
                for row in 0..<rowsPerSection { setHeight(height(section, row), section: section, row: row) }
            }
            swap(&current, &other)
        }
    }

    /// FD's `buildCachesAtIndexPathsIfNeeded:`: grow to cover the index path, padding with `@-1`.
    private static func buildIfNeeded(_ sections: inout [[NSNumber]], section: Int, row: Int) {
        while sections.count <= section { sections.append([]) }
        while sections[section].count <= row { sections[section].append(absent) }
    }
}
