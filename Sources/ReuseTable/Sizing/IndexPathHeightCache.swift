import Foundation

/// Measured row heights by index path, kept separately for every content width.
///
/// The table stores a self-sized row's height here after measuring it and asks here before measuring
/// again; every row and section mutation moves the entries with their rows (a move re-inserts what the
/// removal returned, never a swap). Per width and section, a sparse B+tree (`SparseRowHeights`): memory
/// follows the rows cached, not the range they span. Storage, memory figures and the mutation order:
/// Docs/height-caches.md.
///
/// - Complexity: n the rows cached in a section at a width, w the cached widths, s the stored sections:
///   row operations O(log n) per width, section operations O(w · s).
public final class IndexPathHeightCache {

    // MARK: Storage

    /// One section's cached heights at every width, as `removeSection(at:)` hands
    /// them out so a section move can re-insert them.
    struct SectionEntry: Equatable, Sendable {
        /// Non-empty sections only, by width.
        var rows: [CGFloat: SparseRowHeights] = [:]
        /// Cached heights in this entry over all widths.
        var count: Int { rows.values.reduce(0) { $0 + $1.count } }
    }

    /// One row's cached heights at every width, as `removeRow(at:)` hands them out
    /// so a row move can re-insert them.
    @_spi(Internals) public struct RowEntry: Equatable, Sendable {
        /// Present heights only, by width.
        var heights: [CGFloat: Double] = [:]
    }

    /// Per width, per section. Invariant: no width maps to an empty array, and no
    /// array ends with an empty section (sections past the last cached one are implicit).
    var storage: [CGFloat: [SparseRowHeights]] = [:]

    var storedCount = 0

    /// The debug log (off by default); the table switches it with `isHeightDebugLogEnabled`.
    var log = HeightCacheLog(component: "IndexPathHeightCache")

    /// Where a refused height (see `setHeight(_:at:width:)`) is reported. The table or collection
    /// view that owns the cache sends it to its own `diagnosticHandler`; a cache made on its
    /// own writes to standard error.
    public var diagnosticHandler: (String) -> Void = { message in
        FileHandle.standardError.write(Data("ReuseTable: \(message)\n".utf8))
    }

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
    /// - Complexity: O(log n), n the rows cached in the section at that width.
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
    /// A height the table could not use — NaN, infinite, negative, or larger than
    /// `TableView.maximumSlotHeight` — or a non-finite width is refused: reported
    /// through `diagnosticHandler`, and the cache keeps what it had, so the row is
    /// measured (or keeps its earlier height) rather than overlapping its neighbours.
    /// So every cached height is one the table can lay out as it is. Negative index
    /// paths are a programmer error and trap.
    ///
    /// - Complexity: O(log n), n the rows cached in the section at that width;
    ///   storing into a section past the last stored one at that width first
    ///   appends empty sections up to it, O(s).
    public func setHeight(_ height: CGFloat, at indexPath: IndexPath, width: CGFloat) {
        let section = indexPath.section, row = indexPath.row
        precondition(section >= 0 && row >= 0, "IndexPathHeightCache: invalid index path \(indexPath.logDescription)")
        if let refusal = GeometryNumber.refusal(
            ofHeight: height, width: width, call: "IndexPathHeightCache.setHeight(_:at:width:)", entry: indexPath.logDescription)
        {
            log("refused store \(height) at \(indexPath.logDescription) width \(width)")
            diagnosticHandler(refusal)
            return
        }
        if Self.set(Double(height), section: section, row: row, in: &storage[width, default: []]) { storedCount += 1 }
        log("store \(indexPath.logDescription) width \(width) = \(height)")
    }

    /// Forgets the height of the row at `indexPath` at every width.
    ///
    /// Call it when the row's content changed without a reload.
    ///
    /// - Complexity: O(w · log n), w the number of cached widths.
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

    /// `invalidateAll()` with the heights freed on a background queue when there are many
    /// (`reloadData()`: a cache the precacher filled holds hundreds of thousands in thousands of nodes).
    /// - Complexity: O(1) on the caller's thread.
    func invalidateAllFreeingInBackground() {
        log("invalidate all (\(storedCount) heights)")
        let previous = storedCount >= ReleasedInBackground<Void>.minimumCount ? ReleasedInBackground(storage) : nil
        storage = [:]
        storedCount = 0
        previous?.release()
    }

    // MARK: Internal lookups

    /// The height cached for `indexPath` at `width`, without counting a hit or a miss.
    ///
    /// - Complexity: O(log n).
    func storedHeight(at indexPath: IndexPath, width: CGFloat) -> CGFloat? {
        let section = indexPath.section
        guard section >= 0, let sections = storage[width], section < sections.count else { return nil }
        return sections[section].height(atRow: indexPath.row).map { CGFloat($0) }
    }

    /// Resets `hits` and `misses` to zero.
    ///
    /// - Complexity: O(1).
    func resetCounters() { hits = 0; misses = 0 }

    /// The widths that have at least one cached height, ascending.
    ///
    /// - Complexity: O(w log w).
    var cachedWidths: [CGFloat] { storage.keys.sorted() }

    /// Bytes the storage holds beyond the cache object and the width dictionary:
    /// every tree node with its arrays' capacity and headers, and each width's
    /// array of sections (8 bytes a section). It grows with the rows cached,
    /// never with the row numbers they sit at. Malloc's own rounding is not
    /// included; the bench measures that.
    ///
    /// - Complexity: O(w · s + entries / 64).
    var allocatedBytes: Int {
        storage.values.reduce(0) { total, sections in
            total + 32 + sections.capacity * MemoryLayout<SparseRowHeights>.stride
                + sections.reduce(0) { $0 + $1.allocatedBytes }
        }
    }

    /// Tree nodes over all widths and sections (a leaf holds up to 64 heights).
    ///
    /// - Complexity: O(w · s + entries / 64).
    var storedNodeCount: Int { storage.values.reduce(0) { $0 + $1.reduce(0) { $0 + $1.nodeCount } } }

    // MARK: One width at a time (the table's geometry owns the current width's heights)

    /// Takes the height cached for `indexPath` at `width` out of the cache and
    /// returns it, or nil; later rows keep their index paths. Counts no hit or miss,
    /// and is not logged.
    ///
    /// - Complexity: O(log n).
    func removeHeight(at indexPath: IndexPath, width: CGFloat) -> CGFloat? {
        let section = indexPath.section, row = indexPath.row
        guard section >= 0, row >= 0, storage[width].map({ section < $0.count }) == true else { return nil }
        var removed: Double?
        storage[width]!.withSection(section) { removed = $0.remove(row: row) }
        if storage[width]!.isEmpty { storage[width] = nil }
        guard let removed else { return nil }
        storedCount -= 1
        return CGFloat(removed)
    }

    /// Every height cached at `width`, in index-path order (section, then row).
    /// Not logged.
    ///
    /// - Complexity: O(s + e), e the heights cached at `width`.
    func heights(atWidth width: CGFloat) -> [(IndexPath, CGFloat)] {
        guard let sections = storage[width] else { return [] }
        var result: [(IndexPath, CGFloat)] = []
        result.reserveCapacity(sections.reduce(0) { $0 + $1.count })
        for (section, rows) in sections.enumerated() {
            rows.forEach { row, height in result.append((IndexPath(row: row, section: section), CGFloat(height))) }
        }
        return result
    }

    /// Forgets every height cached at `width`, keeping the other widths. Not logged.
    ///
    /// - Complexity: O(s) plus releasing the storage.
    func removeAll(atWidth width: CGFloat) {
        guard let sections = storage.removeValue(forKey: width) else { return }
        storedCount -= sections.reduce(0) { $0 + $1.count }
    }

    // MARK: Primitive mutations (driven by the table's batch updates)

    /// Opens `count` empty sections at `section`, shifting later sections down.
    ///
    /// - Complexity: O(w · s), s the number of stored sections; free past the last stored section.
    func insertSections(_ count: Int = 1, at section: Int) {
        precondition(count >= 0 && section >= 0)
        guard count > 0 else { return }
        forEachWidth { _, sections in
            if section < sections.count {
                sections.insert(contentsOf: repeatElement(SparseRowHeights(), count: count), at: section)
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
        forEachWidth { width, sections in
            guard section < sections.count else { return }
            let rows = sections.remove(at: section)
            if !rows.isEmpty { entry.rows[width] = rows }
            sections.trimTrailingEmptySections()
        }
        storedCount -= entry.count
        return entry
    }

    /// Inserts a section with the heights of `entry` at `section`, shifting later sections down.
    ///
    /// - Complexity: O(w · s).
    func insertSection(_ entry: SectionEntry, at section: Int) {
        precondition(section >= 0)
        forEachWidth(including: entry.rows.keys) { width, sections in
            if let rows = entry.rows[width], !rows.isEmpty {
                if sections.count < section {
                    sections.append(contentsOf: repeatElement(SparseRowHeights(), count: section - sections.count))
                }
                sections.insert(rows, at: section)
            } else if section < sections.count {
                sections.insert(SparseRowHeights(), at: section)
            }
        }
        storedCount += entry.count
    }

    /// Forgets every height in `section` at every width, keeping later sections in place.
    ///
    /// - Complexity: O(w · s) plus releasing the section's storage.
    func invalidateSection(at section: Int) {
        guard section >= 0 else { return }
        forEachWidth { _, sections in
            guard section < sections.count else { return }
            storedCount -= sections[section].count
            sections[section] = SparseRowHeights()
            sections.trimTrailingEmptySections()
        }
    }

    /// Opens `count` rows without heights at `indexPath`, shifting later rows of the section down.
    ///
    /// - Complexity: O(w · log n), whatever `count` and however many rows are cached below.
    @_spi(Internals) public func insertRows(_ count: Int, at indexPath: IndexPath) {
        let section = indexPath.section, row = indexPath.row
        precondition(count >= 0 && section >= 0 && row >= 0)
        guard count > 0 else { return }
        forEachWidth { _, sections in
            if section < sections.count { sections[section].insertRows(count, at: row) }
        }
    }

    /// Removes the row at `indexPath` at every width, shifting later rows up, and returns its heights.
    ///
    /// - Complexity: O(w · log n).
    @discardableResult
    @_spi(Internals) public func removeRow(at indexPath: IndexPath) -> RowEntry {
        let section = indexPath.section, row = indexPath.row
        precondition(section >= 0 && row >= 0)
        var entry = RowEntry()
        forEachWidth { width, sections in
            guard section < sections.count else { return }
            if let h = sections[section].removeRow(row) { entry.heights[width] = h }
            sections.trimTrailingEmptySections()
        }
        storedCount -= entry.heights.count
        return entry
    }

    /// Removes `rows` of `section` at every width, shifting later rows up.
    ///
    /// - Complexity: O(w · r log n) for the r rows removed of a section with cached heights; O(w) otherwise.
    func removeRows(_ rows: Range<Int>, inSection section: Int) {
        guard !rows.isEmpty, section >= 0 else { return }
        var removed = 0
        forEachWidth { _, sections in
            guard section < sections.count, !sections[section].isEmpty else { return }
            for _ in rows { if sections[section].removeRow(rows.lowerBound) != nil { removed += 1 } }
            sections.trimTrailingEmptySections()
        }
        storedCount -= removed
    }

    /// Inserts a row with the heights of `entry` at `indexPath`, shifting later rows down.
    ///
    /// - Complexity: O(w · log n) (plus O(s) to reach a section past the last stored one).
    func insertRow(_ entry: RowEntry, at indexPath: IndexPath) {
        let section = indexPath.section, row = indexPath.row
        precondition(section >= 0 && row >= 0)
        forEachWidth(including: entry.heights.keys) { width, sections in
            if section < sections.count { sections[section].insertRows(1, at: row) }
            if let h = entry.heights[width] { _ = Self.set(h, section: section, row: row, in: &sections) }
        }
        storedCount += entry.heights.count
    }

    /// Forgets the row's height at every width (a reload), keeping later rows in place.
    ///
    /// - Complexity: O(w · log n).
    func invalidateRow(at indexPath: IndexPath) {
        let section = indexPath.section, row = indexPath.row
        guard section >= 0, row >= 0 else { return }
        forEachWidth { _, sections in
            guard section < sections.count else { return }
            if sections[section].remove(row: row) != nil { storedCount -= 1 }
            sections.trimTrailingEmptySections()
        }
    }

    // MARK: Helpers

    /// Stores `h` at `section`/`row` in one width's sections, adding empty sections as needed;
    /// returns whether the row was absent.
    static func set(_ h: Double, section: Int, row: Int, in sections: inout [SparseRowHeights]) -> Bool {
        if sections.count <= section {
            sections.append(contentsOf: repeatElement(SparseRowHeights(), count: section + 1 - sections.count))
        }
        return sections[section].set(h, atRow: row)
    }

    /// Runs `body` on every width's sections in place, then drops widths left empty.
    ///
    /// `extra` widths (from an entry being re-inserted) get a bucket first if missing.
    private func forEachWidth(
        including extra: some Sequence<CGFloat> = EmptyCollection<CGFloat>(),
        _ body: (CGFloat, inout [SparseRowHeights]) -> Void
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
    ///
    /// - Complexity: O(entries).
    func checkInvariants() -> [String] {
        var problems: [String] = []
        var total = 0
        for (width, sections) in storage {
            if sections.isEmpty { problems.append("width \(width): empty bucket") }
            if sections.last?.isEmpty == true { problems.append("width \(width): trailing empty section") }
            for (s, rows) in sections.enumerated() {
                problems += rows.checkInvariants().map { "width \(width) section \(s): \($0)" }
                var present = 0
                rows.forEach { _, _ in present += 1 }
                if present != rows.count { problems.append("width \(width) section \(s): count \(rows.count) != \(present)") }
                total += present
            }
        }
        if total != storedCount { problems.append("cachedCount \(storedCount) != \(total)") }
        return problems
    }
}

extension Array where Element == SparseRowHeights {
    /// Drops empty sections at the end: sections past the last cached one are implicit.
    fileprivate mutating func trimTrailingEmptySections() {
        while let last = self.last, last.isEmpty { removeLast() }
    }

    /// Mutates section `index` in place, then drops trailing empty sections.
    fileprivate mutating func withSection(_ index: Int, _ body: (inout SparseRowHeights) -> Void) {
        body(&self[index])
        trimTrailingEmptySections()
    }
}
