import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// The obviously correct model: per width, the full table shape as `[[Double?]]`.
/// Every width has the same shape (the table has one shape; widths only hold different heights).
fileprivate struct HeightCacheModel {
    var table: [CGFloat: [[Double?]]]

    init(widths: [CGFloat], rowsPerSection: [Int]) {
        table = Dictionary(uniqueKeysWithValues: widths.map { ($0, rowsPerSection.map { Array(repeating: nil, count: $0) }) })
    }

    var widths: [CGFloat] { table.keys.sorted() }
    var shape: [Int] { table.values.first!.map(\.count) }
    var count: Int { table.values.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count { $0 != nil } } } }

    mutating func each(_ body: (CGFloat, inout [[Double?]]) -> Void) {
        for w in widths { body(w, &table[w]!) }
    }
}

/// Applies a batch the way the table will: removals in old index space, highest first;
/// then insertions in new index space, lowest first. Moves are remove + insert.
/// Returns the calls issued, in order, so tests can check the order the cache receives.
@MainActor
@discardableResult
fileprivate func applyBatch(
    to cache: IndexPathHeightCache,
    deletedSections: [Int] = [], deletedRows: [IndexPath] = [], reloadedRows: [IndexPath] = [],
    insertedSections: [Int] = [], insertedRows: [IndexPath] = [],
    movedRows: [(from: IndexPath, to: IndexPath)] = []
) -> [String] {
    var calls: [String] = []
    for path in reloadedRows { cache.invalidateRow(at: path); calls.append("invalidate \(path.logDescription)") }
    var movedEntries: [IndexPath: IndexPathHeightCache.RowEntry] = [:]
    let removals = (deletedRows.map { ($0, false) } + movedRows.map { ($0.from, true) }).sorted { $0.0 > $1.0 }
    for (path, isMove) in removals {
        let entry = cache.removeRow(at: path)
        calls.append("removeRow \(path.logDescription)")
        if isMove, let move = movedRows.first(where: { $0.from == path }) { movedEntries[move.to] = entry }
    }
    for section in deletedSections.sorted(by: >) { cache.removeSection(at: section); calls.append("removeSection \(section)") }
    for section in insertedSections.sorted() { cache.insertSections(1, at: section); calls.append("insertSections \(section)") }
    let insertions = (insertedRows + movedRows.map(\.to)).sorted()
    for path in insertions {
        if let entry = movedEntries[path] { cache.insertRow(entry, at: path) } else { cache.insertRows(1, at: path) }
        calls.append("insertRow \(path.logDescription)")
    }
    return calls
}

@MainActor
@Suite struct IndexPathHeightCacheTests {
    let wA: CGFloat = 320, wB: CGFloat = 568

    /// A cache with `rows[s]` rows in section s cached at `width` with height `100 * s + r`.
    func filled(_ rows: [Int], width: CGFloat = 320) -> IndexPathHeightCache {
        let cache = IndexPathHeightCache()
        for (s, n) in rows.enumerated() {
            for r in 0..<n { cache.setHeight(CGFloat(100 * s + r), at: IndexPath(row: r, section: s), width: width) }
        }
        return cache
    }

    /// The heights of `section` rows `0..<n` at `width` (nil where absent).
    func column(_ cache: IndexPathHeightCache, section: Int, rows n: Int, width: CGFloat = 320) -> [Double?] {
        (0..<n).map { cache.storedHeight(at: IndexPath(row: $0, section: section), width: width).map { Double($0) } }
    }

    // MARK: Public API

    @Test func getSetAndCounters() {
        let cache = IndexPathHeightCache()
        let path = IndexPath(row: 3, section: 1)
        #expect(cache.height(at: path, width: wA) == nil)
        cache.setHeight(44, at: path, width: wA)
        #expect(cache.height(at: path, width: wA) == 44)
        #expect(cache.height(at: path, width: wB) == nil)
        #expect(cache.hits == 1 && cache.misses == 2)
        _ = cache.storedHeight(at: path, width: wA)  // does not count
        #expect(cache.hits == 1 && cache.misses == 2)
        cache.setHeight(50, at: path, width: wA)  // replace: still one entry
        #expect(cache.cachedCount == 1 && cache.storedHeight(at: path, width: wA) == 50)
        cache.resetCounters()
        #expect(cache.hits == 0 && cache.misses == 0)
    }

    @Test func invalidateHeightForgetsEveryWidth() {
        let cache = IndexPathHeightCache()
        let path = IndexPath(row: 0, section: 0)
        cache.setHeight(44, at: path, width: wA)
        cache.setHeight(30, at: path, width: wB)
        cache.setHeight(60, at: IndexPath(row: 1, section: 0), width: wA)
        cache.invalidateHeight(at: path)
        #expect(cache.storedHeight(at: path, width: wA) == nil && cache.storedHeight(at: path, width: wB) == nil)
        #expect(cache.storedHeight(at: IndexPath(row: 1, section: 0), width: wA) == 60)
        #expect(cache.cachedCount == 1 && cache.cachedWidths == [wA])
        cache.invalidateAll()
        #expect(cache.cachedCount == 0 && cache.allocatedBytes == 0 && cache.checkInvariants().isEmpty)
    }

    @Test func nonFiniteHeightsAreNotStored() {
        let cache = IndexPathHeightCache()
        cache.setHeight(.nan, at: IndexPath(row: 0, section: 0), width: wA)
        cache.setHeight(.infinity, at: IndexPath(row: 1, section: 0), width: wA)
        cache.setHeight(10, at: IndexPath(row: 2, section: 0), width: .nan)
        #expect(cache.cachedCount == 0 && cache.allocatedBytes == 0)
    }

    @Test func debugLogReportsHitsMissesStoresAndInvalidations() {
        let cache = IndexPathHeightCache()
        var lines: [String] = []
        cache.setHeight(1, at: IndexPath(row: 0, section: 0), width: wA)  // log off: nothing
        cache.log.isEnabled = true
        cache.log.sink = { lines.append($0) }
        _ = cache.height(at: IndexPath(row: 0, section: 0), width: wA)
        _ = cache.height(at: IndexPath(row: 1, section: 0), width: wA)
        cache.setHeight(44, at: IndexPath(row: 1, section: 0), width: wA)
        cache.invalidateHeight(at: IndexPath(row: 1, section: 0))
        #expect(
            lines == [
                "[IndexPathHeightCache] hit [0, 0] width 320.0 -> 1.0",
                "[IndexPathHeightCache] miss [0, 1] width 320.0",
                "[IndexPathHeightCache] store [0, 1] width 320.0 = 44.0",
                "[IndexPathHeightCache] invalidate [0, 1] (all widths)",
            ])
    }

    // MARK: Storage cost

    @Test func hugeSectionCostsOnlyTheCachedRows() {
        let cache = IndexPathHeightCache()
        let n = 10_000_000
        for r in 0..<30 { cache.setHeight(44, at: IndexPath(row: r, section: 0), width: wA) }
        let thirty = cache.allocatedBytes
        #expect(thirty <= 30 * 24 + 256)
        cache.insertRows(1000, at: IndexPath(row: 5_000_000, section: 0))  // past the cached rows: nothing moves
        _ = cache.removeRow(at: IndexPath(row: n - 1, section: 0))
        #expect(cache.allocatedBytes == thirty)
        // Jump to the end and scroll up: thirty more entries, not a run down to them.
        for r in stride(from: n - 1, to: n - 31, by: -1) { cache.setHeight(20, at: IndexPath(row: r, section: 1), width: wA) }
        #expect(cache.allocatedBytes <= 2 * thirty + 64)
        // Prepending rows above the bottom rows only shifts them.
        cache.insertRows(1_000_000, at: IndexPath(row: 0, section: 1))
        #expect(cache.storedHeight(at: IndexPath(row: n - 1 + 1_000_000, section: 1), width: wA) == 20)
        #expect(cache.storedHeight(at: IndexPath(row: n - 1, section: 1), width: wA) == nil)
        #expect(cache.allocatedBytes <= 2 * thirty + 64 && cache.cachedCount == 60 && cache.checkInvariants().isEmpty)
    }

    @Test func indexPathsBeyondTheStoredExtentAreHarmless() {
        let cache = filled([3])
        #expect(cache.removeRow(at: IndexPath(row: 7, section: 0)) == .init())
        #expect(cache.removeRow(at: IndexPath(row: 0, section: 9)) == .init())
        #expect(cache.removeSection(at: 9) == .init())
        cache.insertRows(5, at: IndexPath(row: 40, section: 0))
        cache.insertRows(5, at: IndexPath(row: 0, section: 40))
        cache.insertSections(3, at: 12)
        cache.invalidateRow(at: IndexPath(row: 99, section: 99))
        cache.invalidateSection(at: 99)
        #expect(column(cache, section: 0, rows: 4) == [0, 1, 2, nil])
        #expect(cache.cachedCount == 3 && cache.checkInvariants().isEmpty)
        // Re-inserting an entry far past the extent places it exactly there.
        cache.insertRow(.init(heights: [wA: 7]), at: IndexPath(row: 1000, section: 5))
        #expect(cache.storedHeight(at: IndexPath(row: 1000, section: 5), width: wA) == 7)
        #expect(cache.checkInvariants().isEmpty)
    }

    // MARK: Regressions: FDTemplateLayoutCell's known cache bugs, as the primitive calls the table issues

    /// FD's `deleteSections:` removed each index in ascending order from a mutable array,
    /// so every removal after the first hit the wrong section. Removals run highest first.
    @Test func deletingSeveralSectionsAtOnce() {
        let cache = filled([2, 2, 2, 2, 2])
        let calls = applyBatch(to: cache, deletedSections: [1, 3, 0])
        #expect(calls == ["removeSection 3", "removeSection 1", "removeSection 0"])
        #expect(column(cache, section: 0, rows: 2) == [200, 201])
        #expect(column(cache, section: 1, rows: 2) == [400, 401])
        #expect(column(cache, section: 2, rows: 2) == [nil, nil])
        #expect(cache.cachedCount == 4 && cache.checkInvariants().isEmpty)
    }

    /// FD (and the cache of "Caching UITableView row heights") moved a row by exchanging it with its target, which is only
    /// right for adjacent rows. A move is remove + insert: the rows between shift by one.
    @Test func movingARowAcrossNonAdjacentPositions() {
        let cache = filled([6])
        let entry = cache.removeRow(at: IndexPath(row: 1, section: 0))
        cache.insertRow(entry, at: IndexPath(row: 4, section: 0))
        #expect(column(cache, section: 0, rows: 6) == [0, 2, 3, 4, 1, 5])  // a swap would give [0, 4, 2, 3, 1, 5]
        let back = cache.removeRow(at: IndexPath(row: 4, section: 0))
        cache.insertRow(back, at: IndexPath(row: 1, section: 0))
        #expect(column(cache, section: 0, rows: 6) == [0, 1, 2, 3, 4, 5])
        #expect(cache.checkInvariants().isEmpty)
    }

    /// Moving across sections shifts rows up in the source and down in the destination,
    /// and carries the row's heights at every width.
    @Test func movingARowAcrossSections() {
        let cache = filled([4, 3])
        cache.setHeight(77, at: IndexPath(row: 1, section: 0), width: wB)
        applyBatch(to: cache, movedRows: [(IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 1))])
        #expect(column(cache, section: 0, rows: 4) == [0, 2, 3, nil])
        #expect(column(cache, section: 1, rows: 4) == [100, 101, 1, 102])
        #expect(cache.storedHeight(at: IndexPath(row: 2, section: 1), width: wB) == 77)
        #expect(cache.cachedCount == 8 && cache.checkInvariants().isEmpty)
    }

    /// FD's `moveSection:toSection:` exchanged the two sections' arrays; every section between
    /// them must shift instead.
    @Test func movingASectionAcrossNonAdjacentPositions() {
        let cache = filled([1, 1, 1, 1, 1])
        let entry = cache.removeSection(at: 0)
        cache.insertSection(entry, at: 3)
        let firsts = (0..<5).map { column(cache, section: $0, rows: 1)[0] }
        #expect(firsts == [100, 200, 300, 0, 400])  // a swap would give [300, 100, 200, 0, 400]
        let back = cache.removeSection(at: 3)
        cache.insertSection(back, at: 0)
        #expect((0..<5).map { column(cache, section: $0, rows: 1)[0] } == [0, 100, 200, 300, 400])
        // Moving a section past the end of the stored sections keeps its heights.
        let last = cache.removeSection(at: 0)
        cache.insertSection(last, at: 9)
        #expect(cache.storedHeight(at: IndexPath(row: 0, section: 9), width: wA) == 0)
        #expect(cache.cachedCount == 5 && cache.checkInvariants().isEmpty)
    }

    /// FD inserted index paths in the order given; inserting [5, 1, 3] unsorted places rows
    /// wrongly. The table sorts: the cache receives insertions ascending, in new index space.
    @Test func unsortedMultiRowInserts() {
        let cache = filled([5])
        let paths = [5, 1, 3].map { IndexPath(row: $0, section: 0) }
        let calls = applyBatch(to: cache, insertedRows: paths)
        #expect(calls == ["insertRow [0, 1]", "insertRow [0, 3]", "insertRow [0, 5]"])
        #expect(column(cache, section: 0, rows: 8) == [0, nil, 1, nil, 2, nil, 3, 4])
        // What the unsorted order would have produced:
        let naive = filled([5])
        for path in paths { naive.insertRows(1, at: path) }
        #expect(column(naive, section: 0, rows: 8) != column(cache, section: 0, rows: 8))
    }

    /// Batch updates: reloads and deletes in old index space, inserts in new index space.
    @Test func batchUpdateUsesOldThenNewIndexSpace() {
        let cache = filled([5])  // a b c d e = 0 1 2 3 4
        applyBatch(
            to: cache,
            deletedRows: [IndexPath(row: 3, section: 0), IndexPath(row: 1, section: 0)],
            reloadedRows: [IndexPath(row: 4, section: 0)],
            insertedRows: [IndexPath(row: 2, section: 0), IndexPath(row: 0, section: 0)])
        #expect(column(cache, section: 0, rows: 5) == [nil, 0, nil, 2, nil])  // X a Y c e'
        #expect(cache.cachedCount == 2 && cache.checkInvariants().isEmpty)
    }

    /// FD kept two orientation buckets; widths are keys here, and a round trip keeps A's heights.
    @Test func widthRoundTripKeepsHeights() {
        let cache = filled([3], width: wA)
        #expect(cache.height(at: IndexPath(row: 0, section: 0), width: wB) == nil)  // rotate: measure again
        for r in 0..<3 { cache.setHeight(CGFloat(10 + r), at: IndexPath(row: r, section: 0), width: wB) }
        #expect(column(cache, section: 0, rows: 3, width: wA) == [0, 1, 2])  // rotate back: free
        #expect(column(cache, section: 0, rows: 3, width: wB) == [10, 11, 12])
        // Mutations follow every width.
        cache.removeRow(at: IndexPath(row: 0, section: 0))
        #expect(column(cache, section: 0, rows: 2, width: wA) == [1, 2])
        #expect(column(cache, section: 0, rows: 2, width: wB) == [11, 12])
    }

    @Test func reloadSectionForgetsOnlyThatSection() {
        let cache = filled([2, 2, 2])
        cache.invalidateSection(at: 1)
        #expect(column(cache, section: 1, rows: 2) == [nil, nil])
        #expect(column(cache, section: 2, rows: 2) == [200, 201])
        cache.invalidateSection(at: 2)
        #expect(cache.cachedCount == 2 && cache.checkInvariants().isEmpty)
    }

    // MARK: Model-based

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomOperationsMatchTheModel(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let widths: [CGFloat] = [320, 375.5, 1024]
        var model = HeightCacheModel(widths: widths, rowsPerSection: [5, 0, 8])
        let cache = IndexPathHeightCache()
        var expectedHits = 0, expectedMisses = 0

        func randomHeight() -> Double { Double(Int.random(in: 1...4000, using: &rng)) / 4 }
        func randomWidth() -> CGFloat { widths.randomElement(using: &rng)! }
        /// An existing row, or nil when the table has none.
        func randomRow() -> IndexPath? {
            let nonEmpty = model.shape.indices.filter { model.shape[$0] > 0 }
            guard let s = nonEmpty.randomElement(using: &rng) else { return nil }
            return IndexPath(row: Int.random(in: 0..<model.shape[s], using: &rng), section: s)
        }
        /// A position a row can be inserted at (0...rows), or nil with no sections.
        func randomSlot() -> IndexPath? {
            guard !model.shape.isEmpty else { return nil }
            let s = Int.random(in: 0..<model.shape.count, using: &rng)
            return IndexPath(row: Int.random(in: 0...model.shape[s], using: &rng), section: s)
        }

        for step in 0..<1500 {
            let total = model.shape.reduce(0, +)
            var op = Int.random(in: 0..<100, using: &rng)
            if total > 150 && op < 40 { op += 60 }  // keep the table small: bias to removals
            switch op {
            case 0..<30:  // set
                guard let path = randomRow() else { break }
                let h = randomHeight(), w = randomWidth()
                cache.setHeight(CGFloat(h), at: path, width: w)
                model.table[w]![path.section][path.row] = h
            case 30..<40:  // get (counted)
                guard let path = randomRow() else { break }
                let w = randomWidth()
                let expected = model.table[w]![path.section][path.row]
                if expected == nil { expectedMisses += 1 } else { expectedHits += 1 }
                #expect(cache.height(at: path, width: w).map { Double($0) } == expected)
            case 40..<50:  // insert rows
                guard let path = randomSlot() else { break }
                let count = Int.random(in: 1...3, using: &rng)
                cache.insertRows(count, at: path)
                model.each { _, t in t[path.section].insert(contentsOf: repeatElement(nil, count: count), at: path.row) }
            case 50..<55:  // insert sections
                let s = Int.random(in: 0...model.shape.count, using: &rng), count = Int.random(in: 1...2, using: &rng)
                let rows = (0..<count).map { _ in Int.random(in: 0...6, using: &rng) }
                cache.insertSections(count, at: s)
                model.each { _, t in t.insert(contentsOf: rows.map { Array(repeating: nil, count: $0) }, at: s) }
            case 55..<60:  // batch: several row inserts, unsorted input
                guard !model.shape.isEmpty else { break }
                let s = Int.random(in: 0..<model.shape.count, using: &rng)
                let n = Int.random(in: 1...4, using: &rng)
                let newRows = Array((0..<(model.shape[s] + n)).shuffled(using: &rng).prefix(n))  // new index space
                applyBatch(to: cache, insertedRows: newRows.map { IndexPath(row: $0, section: s) })
                model.each { _, t in for r in newRows.sorted() { t[s].insert(nil, at: r) } }
            case 60..<72:  // delete row
                guard let path = randomRow() else { break }
                let entry = cache.removeRow(at: path)
                var expected = IndexPathHeightCache.RowEntry()
                model.each { w, t in if let h = t[path.section].remove(at: path.row) { expected.heights[w] = h } }
                #expect(entry == expected)
            case 72..<80:  // move row (any section, any distance)
                guard let from = randomRow() else { break }
                let entry = cache.removeRow(at: from)
                var moved: [CGFloat: Double?] = [:]
                model.each { w, t in moved[w] = t[from.section].remove(at: from.row) }
                let to = randomSlot()!
                cache.insertRow(entry, at: to)
                model.each { w, t in t[to.section].insert(moved[w]!, at: to.row) }
            case 80..<84:  // delete section
                guard !model.shape.isEmpty else { break }
                let s = Int.random(in: 0..<model.shape.count, using: &rng)
                cache.removeSection(at: s)
                model.each { _, t in t.remove(at: s) }
            case 84..<88:  // move section
                guard !model.shape.isEmpty else { break }
                let from = Int.random(in: 0..<model.shape.count, using: &rng)
                let entry = cache.removeSection(at: from)
                var moved: [CGFloat: [Double?]] = [:]
                model.each { w, t in moved[w] = t.remove(at: from) }
                let to = Int.random(in: 0...model.shape.count, using: &rng)
                cache.insertSection(entry, at: to)
                model.each { w, t in t.insert(moved[w]!, at: to) }
            case 88..<91:  // batch: delete several sections
                guard !model.shape.isEmpty else { break }
                let doomed = Array(Set((0..<3).map { _ in Int.random(in: 0..<model.shape.count, using: &rng) }))
                applyBatch(to: cache, deletedSections: doomed)
                model.each { _, t in for s in doomed.sorted(by: >) { t.remove(at: s) } }
            case 91..<94:  // batch: delete several rows of one section
                guard let path = randomRow() else { break }
                let s = path.section
                let doomed = Array(Set((0..<3).map { _ in Int.random(in: 0..<model.shape[s], using: &rng) }))
                applyBatch(to: cache, deletedRows: doomed.map { IndexPath(row: $0, section: s) })
                model.each { _, t in for r in doomed.sorted(by: >) { t[s].remove(at: r) } }
            case 94..<97:  // reload / invalidate a row
                guard let path = randomRow() else { break }
                if step.isMultiple(of: 2) { cache.invalidateRow(at: path) } else { cache.invalidateHeight(at: path) }
                model.each { _, t in t[path.section][path.row] = nil }
            case 97..<99:  // reload a section
                guard !model.shape.isEmpty else { break }
                let s = Int.random(in: 0..<model.shape.count, using: &rng)
                cache.invalidateSection(at: s)
                model.each { _, t in t[s] = t[s].map { _ in nil } }
            default:  // reloadData
                cache.invalidateAll()
                model.each { _, t in t = t.map { $0.map { _ in nil } } }
            }
            // Compare every entry, including one section and two rows past the shape (must be absent).
            let problems = cache.checkInvariants()
            #expect(problems.isEmpty, "seed \(seed) step \(step): \(problems)")
            #expect(cache.cachedCount == model.count, "seed \(seed) step \(step)")
            var mismatches = 0
            for w in widths {
                let t = model.table[w]!
                for s in 0...t.count {
                    let rows = s < t.count ? t[s] : []
                    for r in 0..<(rows.count + 2) {
                        let expected = r < rows.count ? rows[r] : nil
                        if cache.storedHeight(at: IndexPath(row: r, section: s), width: w).map({ Double($0) }) != expected { mismatches += 1 }
                    }
                }
            }
            #expect(mismatches == 0, "seed \(seed) step \(step) op \(op)")
            if mismatches > 0 || !problems.isEmpty { return }
        }
        #expect(cache.hits == expectedHits && cache.misses == expectedMisses)
    }
}
