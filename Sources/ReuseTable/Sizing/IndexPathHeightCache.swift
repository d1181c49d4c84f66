import Foundation

/// Measured row heights by index path, kept separately for every content width.
///
/// The table stores a self-sized row's height here after measuring it with a
/// template cell, and asks here before measuring again. The cache follows every
/// row and section mutation exactly, so a height never lands on the wrong row
/// (the class of bug FDTemplateLayoutCell's cache had: deleting several
/// sections at once, moves implemented as swaps, unsorted index paths).
///
/// ```swift
/// let cache = tableView.indexPathHeightCache
/// if let h = cache.height(at: indexPath, width: 320) { return h }
/// cache.setHeight(measured, at: indexPath, width: 320)
/// ```
///
/// **Widths.** Entries are keyed by the table's width at measurement time, not by
/// two "orientation" buckets. Changing width keeps the other widths' entries, so
/// rotating back is free. Every mutation applies to all widths.
///
/// **Storage.** Per width, per section, one contiguous `[Double]` run of slots
/// with NaN meaning "absent": no boxing, **8 bytes per cached row**. A run covers
/// only the rows between the lowest and the highest cached row of its section
/// (plus at most as much again below, from amortized downward growth), so a
/// 10M-row section with 30 rows measured near the top — or near the bottom —
/// costs about 30 slots, and inserting or deleting rows past a run's end is
/// free. Sections past the highest section with a cached row, and widths with
/// no cached row, take no space at all.
///
/// **Counters.** `height(at:width:)` counts a hit or a miss on every call; it is
/// the lookup the table makes before measuring. Internal code that only wants
/// to look (tests, diagnostics) uses `storedHeight(at:width:)`, which does not.
///
/// **Mutations.** The table's batch-update mechanism drives the cache through
/// internal primitives — `removeSection(at:)`, `removeRow(at:)`,
/// `insertSections(_:at:)`, `insertRows(_:at:)`, `insertSection(_:at:)`,
/// `insertRow(_:at:)`, `invalidateRow(at:)` — applied in UIKit's order: removals
/// in old index space, highest first; then insertions in new index space,
/// lowest first. A move is a removal whose returned entry is re-inserted, never
/// a swap.

public final class IndexPathHeightCache {

    // MARK: Storage

    /// One section's cached heights at one width: slots for rows
    /// `firstRow ..< firstRow + slots.count`, NaN where absent.
    ///
    /// Invariant: `slots` is empty or ends with a present height (trailing NaNs are
    /// trimmed); `present` counts the non-NaN slots; `firstRow >= 0`.
    struct Run: Equatable, Sendable {
        var firstRow = 0
        var slots: [Double] = []
        var present = 0

        var isEmpty: Bool { slots.isEmpty }
        var endRow: Int { firstRow + slots.count }

        static func == (a: Run, b: Run) -> Bool {
            // NaN != NaN, so compare absent slots by absence.
            a.firstRow == b.firstRow && a.present == b.present && a.slots.count == b.slots.count
                && zip(a.slots, b.slots).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
        }

        /// The height stored for `row`, or nil.
        func height(atRow row: Int) -> Double? {
            guard row >= firstRow, row < endRow else { return nil }
            let h = slots[row - firstRow]
            return h.isNaN ? nil : h
        }

        /// Stores `h` for `row`, growing the run as needed; returns whether the row was absent.
        ///
        /// Growing downward doubles the run (bounded by row 0), so measuring rows
        /// one by one while scrolling up costs amortized O(1) per row, not O(run).
        mutating func set(_ h: Double, atRow row: Int) -> Bool {
            if slots.isEmpty {
                firstRow = row
                slots = [h]
                present = 1
                return true
            }
            if row < firstRow {
                let grow = min(firstRow, max(firstRow - row, slots.count))
                slots.insert(contentsOf: repeatElement(Double.nan, count: grow), at: 0)
                firstRow -= grow
            } else if row >= endRow {
                slots.append(contentsOf: repeatElement(Double.nan, count: row - endRow))
                slots.append(h)
                present += 1
                return true
            }
            let i = row - firstRow
            let wasAbsent = slots[i].isNaN
            slots[i] = h
            if wasAbsent { present += 1 }
            return wasAbsent
        }

        /// Forgets `row`'s height; returns whether it was present.
        mutating func invalidate(row: Int) -> Bool {
            guard row >= firstRow, row < endRow, !slots[row - firstRow].isNaN else { return false }
            slots[row - firstRow] = .nan
            present -= 1
            trimTrailingAbsent()
            return true
        }

        /// Opens `count` absent rows at `row`, shifting later rows down.
        mutating func insertRows(_ count: Int, at row: Int) {
            guard !slots.isEmpty else { return }
            if row <= firstRow {
                firstRow += count
            } else if row < endRow {
                slots.insert(contentsOf: repeatElement(Double.nan, count: count), at: row - firstRow)
            }
            // Past the end: nothing stored there, nothing shifts.
        }

        /// Removes `row`, shifting later rows up; returns its height if it had one.
        mutating func removeRow(_ row: Int) -> Double? {
            guard !slots.isEmpty, row < endRow else { return nil }
            if row < firstRow {
                firstRow -= 1
                return nil
            }
            let h = slots.remove(at: row - firstRow)
            if h.isNaN { trimTrailingAbsent(); return nil }
            present -= 1
            trimTrailingAbsent()
            return h
        }

        /// Keeps the invariant that the last slot holds a height.
        ///
        /// - Complexity: amortized O(1): each trimmed slot was created once.
        private mutating func trimTrailingAbsent() {
            if present == 0 { slots.removeAll(); firstRow = 0; return }
            while let last = slots.last, last.isNaN { slots.removeLast() }
        }
    }

    /// One section's cached heights at every width, as `removeSection(at:)` hands
    /// them out so a section move can re-insert them.
    struct SectionEntry: Equatable, Sendable {
        /// Non-empty runs only, by width.
        var runs: [CGFloat: Run] = [:]
        /// Cached heights in this entry over all widths.
        var count: Int { runs.values.reduce(0) { $0 + $1.present } }
    }

    /// One row's cached heights at every width, as `removeRow(at:)` hands them out
    /// so a row move can re-insert them.
    @_spi(Internals) public struct RowEntry: Equatable, Sendable {
        /// Present heights only, by width.
        var heights: [CGFloat: Double] = [:]
    }

    /// Per width, per section. Invariant: no width maps to an empty array, and no
    /// array ends with an empty run (sections past the last cached one are implicit).
    private var storage: [CGFloat: [Run]] = [:]

    private var storedCount = 0

    /// The debug log (off by default); the table switches it with `isDebugLogEnabled`.
    var log = HeightCacheLog(component: "IndexPathHeightCache")

    /// Creates an empty cache.
    ///
    /// - Complexity: O(1).
    public init() {}

    // MARK: Public API

    /// Lookups of `height(at:width:)` that found a height.
    ///
    /// - Complexity: O(1).
    public private(set) var hits = 0

    /// Lookups of `height(at:width:)` that found nothing.
    ///
    /// - Complexity: O(1).
    public private(set) var misses = 0

    /// Cached heights over all widths (a row cached at two widths counts twice).
    ///
    /// - Complexity: O(1).
    public var cachedCount: Int { storedCount }

    /// The height cached for `indexPath` at `width`, or nil; counts a hit or a miss.
    ///
    /// - Complexity: O(1).
    public func height(at indexPath: IndexPath, width: CGFloat) -> CGFloat? {
        if let h = storedHeight(at: indexPath, width: width) {
            hits += 1
            log("hit \(indexPath.logDescription) width \(width) -> \(h)")
            return h
        }
        misses += 1
        log("miss \(indexPath.logDescription) width \(width)")
        return nil
    }

    /// Caches `height` for `indexPath` at `width`, replacing any previous value.
    ///
    /// Non-finite heights are not stored (NaN marks absent slots; the table
    /// reports bad heights before they get here). Negative index paths are a
    /// programmer error and trap.
    ///
    /// - Complexity: amortized O(1) when the row is within, just below or just
    ///   past the section's cached run; otherwise O(distance) to grow the run.
    public func setHeight(_ height: CGFloat, at indexPath: IndexPath, width: CGFloat) {
        let section = indexPath.section, row = indexPath.row
        precondition(section >= 0 && row >= 0, "IndexPathHeightCache: invalid index path \(indexPath.logDescription)")
        guard height.isFinite, width.isFinite else {
            log("ignored non-finite store \(height) at \(indexPath.logDescription) width \(width)")
            return
        }
        if Self.set(Double(height), section: section, row: row, in: &storage[width, default: []]) { storedCount += 1 }
        log("store \(indexPath.logDescription) width \(width) = \(height)")
    }

    /// Forgets the height of the row at `indexPath` at every width.
    ///
    /// Call it when the row's content changed without a reload.
    ///
    /// - Complexity: O(w), w the number of cached widths.
    public func invalidateHeight(at indexPath: IndexPath) {
        log("invalidate \(indexPath.logDescription) (all widths)")
        invalidateRow(at: indexPath)
    }

    /// Forgets every cached height at every width. `reloadData()` calls it.
    ///
    /// - Complexity: O(1) plus releasing the storage.
    public func invalidateAll() {
        log("invalidate all (\(storedCount) heights)")
        storage.removeAll()
        storedCount = 0
    }

    // MARK: Internal lookups

    /// The height cached for `indexPath` at `width`, without counting a hit or a miss.
    ///
    /// - Complexity: O(1).
    func storedHeight(at indexPath: IndexPath, width: CGFloat) -> CGFloat? {
        let section = indexPath.section
        guard section >= 0, let runs = storage[width], section < runs.count else { return nil }
        return runs[section].height(atRow: indexPath.row).map { CGFloat($0) }
    }

    /// Resets `hits` and `misses` to zero.
    func resetCounters() { hits = 0; misses = 0 }

    /// The widths that have at least one cached height.
    var cachedWidths: [CGFloat] { storage.keys.sorted() }

    /// Slots allocated over all widths and sections (8 bytes each): the memory cost.
    var slotCount: Int { storage.values.reduce(0) { $0 + $1.reduce(0) { $0 + $1.slots.count } } }

    // MARK: Primitive mutations (driven by the table's batch updates)

    /// Opens `count` empty sections at `section`, shifting later sections down.
    ///
    /// - Complexity: O(w · s), s the number of stored sections; free past the last stored section.
    func insertSections(_ count: Int = 1, at section: Int) {
        precondition(count >= 0 && section >= 0)
        guard count > 0 else { return }
        forEachWidth { _, runs in
            if section < runs.count {
                runs.insert(contentsOf: repeatElement(Run(), count: count), at: section)
            }
        }
    }

    /// Removes `section` at every width, shifting later sections up, and returns its heights.
    ///
    /// - Complexity: O(w · s).
    @discardableResult
    func removeSection(at section: Int) -> SectionEntry {
        precondition(section >= 0)
        var entry = SectionEntry()
        forEachWidth { width, runs in
            guard section < runs.count else { return }
            let run = runs.remove(at: section)
            if !run.isEmpty { entry.runs[width] = run }
            runs.trimTrailingEmptyRuns()
        }
        storedCount -= entry.count
        return entry
    }

    /// Inserts a section with the heights of `entry` at `section`, shifting later sections down.
    ///
    /// - Complexity: O(w · s).
    func insertSection(_ entry: SectionEntry, at section: Int) {
        precondition(section >= 0)
        forEachWidth(including: entry.runs.keys) { width, runs in
            if let run = entry.runs[width], !run.isEmpty {
                if runs.count < section {
                    runs.append(contentsOf: repeatElement(Run(), count: section - runs.count))
                }
                runs.insert(run, at: section)
            } else if section < runs.count {
                runs.insert(Run(), at: section)
            }
        }
        storedCount += entry.count
    }

    /// Forgets every height in `section` at every width, keeping later sections in place.
    ///
    /// - Complexity: O(w · s).
    func invalidateSection(at section: Int) {
        guard section >= 0 else { return }
        forEachWidth { _, runs in
            guard section < runs.count else { return }
            storedCount -= runs[section].present
            runs[section] = Run()
            runs.trimTrailingEmptyRuns()
        }
    }

    /// Opens `count` rows without heights at `indexPath`, shifting later rows of the section down.
    ///
    /// - Complexity: O(w · (k + count)), k the cached slots after the row; free past the run's end.
    @_spi(Internals) public func insertRows(_ count: Int, at indexPath: IndexPath) {
        let section = indexPath.section, row = indexPath.row
        precondition(count >= 0 && section >= 0 && row >= 0)
        guard count > 0 else { return }
        forEachWidth { _, runs in
            if section < runs.count { runs[section].insertRows(count, at: row) }
        }
    }

    /// Removes the row at `indexPath` at every width, shifting later rows up, and returns its heights.
    ///
    /// - Complexity: O(w · k), k the cached slots after the row; free past the run's end.
    @discardableResult
    @_spi(Internals) public func removeRow(at indexPath: IndexPath) -> RowEntry {
        let section = indexPath.section, row = indexPath.row
        precondition(section >= 0 && row >= 0)
        var entry = RowEntry()
        forEachWidth { width, runs in
            guard section < runs.count else { return }
            if let h = runs[section].removeRow(row) { entry.heights[width] = h }
            runs.trimTrailingEmptyRuns()
        }
        storedCount -= entry.heights.count
        return entry
    }

    /// Inserts a row with the heights of `entry` at `indexPath`, shifting later rows down.
    ///
    /// - Complexity: O(w · k), k the cached slots after the row.
    func insertRow(_ entry: RowEntry, at indexPath: IndexPath) {
        let section = indexPath.section, row = indexPath.row
        precondition(section >= 0 && row >= 0)
        forEachWidth(including: entry.heights.keys) { width, runs in
            if section < runs.count { runs[section].insertRows(1, at: row) }
            if let h = entry.heights[width] { _ = Self.set(h, section: section, row: row, in: &runs) }
        }
        storedCount += entry.heights.count
    }

    /// Forgets the row's height at every width (a reload), keeping later rows in place.
    ///
    /// - Complexity: O(w).
    func invalidateRow(at indexPath: IndexPath) {
        let section = indexPath.section, row = indexPath.row
        guard section >= 0, row >= 0 else { return }
        forEachWidth { _, runs in
            guard section < runs.count else { return }
            if runs[section].invalidate(row: row) { storedCount -= 1 }
            runs.trimTrailingEmptyRuns()
        }
    }

    // MARK: Helpers

    /// Stores `h` at `section`/`row` in one width's sections, adding empty sections as needed;
    /// returns whether the row was absent.
    private static func set(_ h: Double, section: Int, row: Int, in runs: inout [Run]) -> Bool {
        if runs.count <= section {
            runs.append(contentsOf: repeatElement(Run(), count: section + 1 - runs.count))
        }
        return runs[section].set(h, atRow: row)
    }

    /// Runs `body` on every width's sections in place, then drops widths left empty.
    ///
    /// `extra` widths (from an entry being re-inserted) get a bucket first if missing.
    private func forEachWidth(
        including extra: some Sequence<CGFloat> = EmptyCollection<CGFloat>(),
        _ body: (CGFloat, inout [Run]) -> Void
    ) {
        for width in extra where storage[width] == nil { storage[width] = [] }
        var emptied: [CGFloat] = []
        var i = storage.startIndex
        while i != storage.endIndex {
            // Mutating through `values` yields the array in place (no copy) and keeps indices valid.
            body(storage.keys[i], &storage.values[i])
            if storage.values[i].isEmpty { emptied.append(storage.keys[i]) }
            storage.formIndex(after: &i)
        }
        for width in emptied { storage[width] = nil }
    }

    /// Checks every storage invariant; for tests.
    func checkInvariants() -> [String] {
        var problems: [String] = []
        var total = 0
        for (width, runs) in storage {
            if runs.isEmpty { problems.append("width \(width): empty bucket") }
            if runs.last?.isEmpty == true { problems.append("width \(width): trailing empty section") }
            for (s, run) in runs.enumerated() {
                let present = run.slots.count(where: { !$0.isNaN })
                if present != run.present { problems.append("width \(width) section \(s): present \(run.present) != \(present)") }
                if run.slots.last?.isNaN == true { problems.append("width \(width) section \(s): trailing NaN") }
                if run.firstRow < 0 || (run.isEmpty && run.firstRow != 0) {
                    problems.append("width \(width) section \(s): firstRow \(run.firstRow)")
                }
                total += present
            }
        }
        if total != storedCount { problems.append("cachedCount \(storedCount) != \(total)") }
        return problems
    }
}

extension Array where Element == IndexPathHeightCache.Run {
    /// Drops empty runs at the end: sections past the last cached one are implicit.
    fileprivate mutating func trimTrailingEmptyRuns() {
        while let last = self.last, last.isEmpty { removeLast() }
    }
}
