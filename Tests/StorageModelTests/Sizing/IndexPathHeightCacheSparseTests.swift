import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// The sparse storage: memory that follows the cached rows, not their row numbers;
/// O(log n) shifts in sections of millions of rows; exact heights; and the
/// one-width members the table's geometry uses.
@MainActor
@Suite struct IndexPathHeightCacheSparseTests {
    let wA: CGFloat = 320, wB: CGFloat = 568

    /// The bound for memory: at most this many bytes per cached height, plus a fixed allowance.
    static func affordable(_ entries: Int, perEntry: Int = 40) -> Int { entries * perEntry + 512 }

    /// A random height from random bits: any exponent and mantissa up to `TableView.maximumSlotHeight`, subnormals included.
    static func randomHeight(_ rng: inout SplitMix64) -> Double {
        while true {
            let d = Double(bitPattern: rng.next() & ~(1 << 63))  // sign cleared: a height is 0 or more
            if d <= Double(TableView.maximumSlotHeight) { return d }
        }
    }

    // MARK: A huge section with its first and last screens cached

    /// 32 rows cached at the end of a 10M-row section (after `scrollToRow` to the last row),
    /// then rows inserted at the top, removed, and moved: every value lands on its row, and
    /// the storage stays the size of 32 entries throughout.
    @Test func tenMillionRowSectionWithTheLastRowsCached() {
        let cache = IndexPathHeightCache()
        let n = 10_000_000
        var model: [Int: CGFloat] = [:]
        for r in (n - 32)..<n {
            let h = CGFloat(20 + r % 7) + 0.25
            cache.setHeight(h, at: IndexPath(row: r, section: 0), width: wA)
            model[r] = h
        }
        let bytes = cache.allocatedBytes
        #expect(bytes <= Self.affordable(32), "\(bytes) bytes for 32 entries")
        #expect(cache.storedNodeCount == 1)

        func check(_ label: String) {
            #expect(cache.cachedCount == model.count, "\(label)")
            let stored = cache.heights(atWidth: wA).map { ($0.0.row, $0.1) }
            let expected = model.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            #expect(stored.elementsEqual(expected, by: ==), "\(label)")
            let bytes = cache.allocatedBytes
            #expect(bytes <= Self.affordable(32), "\(label): \(bytes) bytes")
            #expect(cache.checkInvariants().isEmpty, "\(label)")
        }
        func shift(from row: Int, by delta: Int) {
            model = Dictionary(uniqueKeysWithValues: model.map { ($0.key >= row ? $0.key + delta : $0.key, $0.value) })
        }

        cache.insertRows(1, at: IndexPath(row: 1, section: 0))
        shift(from: 1, by: 1)
        #expect(cache.storedHeight(at: IndexPath(row: n, section: 0), width: wA) == model[n])
        check("insert 1 at row 1")

        cache.insertRows(5_000_000, at: IndexPath(row: 1, section: 0))
        shift(from: 1, by: 5_000_000)
        check("insert 5M at row 1")

        #expect(cache.removeRow(at: IndexPath(row: 0, section: 0)) == .init())  // uncached: later rows move up
        shift(from: 1, by: -1)
        check("remove row 0")

        // Remove a cached row: it comes back with its height; the rows after it move up.
        let last = model.keys.max()!
        let removed = cache.removeRow(at: IndexPath(row: last - 10, section: 0))
        #expect(removed == .init(heights: [wA: Double(model[last - 10]!)]))
        let movedHeight = model.removeValue(forKey: last - 10)!
        shift(from: last - 10 + 1, by: -1)
        check("remove a cached row")

        // Move it to row 3: rows 3 and later move down.
        cache.insertRow(removed, at: IndexPath(row: 3, section: 0))
        shift(from: 3, by: 1)
        model[3] = movedHeight
        check("move to row 3")

        // Move the first cached row below the end: everything between moves up by one.
        let entry = cache.removeRow(at: IndexPath(row: 3, section: 0))
        model[3] = nil
        shift(from: 4, by: -1)
        let end = model.keys.max()! + 1000
        cache.insertRow(entry, at: IndexPath(row: end, section: 0))
        model[end] = movedHeight
        check("move past the end")

        // A section inserted above keeps everything, one section down.
        cache.insertSections(1, at: 0)
        #expect(cache.heights(atWidth: wA).allSatisfy { $0.0.section == 1 })
        #expect(cache.storedHeight(at: IndexPath(row: end, section: 1), width: wA) == movedHeight)
    }

    /// The other half of that scenario: the first screen and the last cached
    /// (row 0 is measured on the first load), which a dense run stretched to 10M slots.
    @Test func firstAndLastScreenOfTenMillionRows() {
        let cache = IndexPathHeightCache()
        let n = 10_000_000
        for r in Array(0..<16) + Array((n - 16)..<n) { cache.setHeight(44, at: IndexPath(row: r, section: 0), width: wA) }
        #expect(cache.cachedCount == 32 && cache.allocatedBytes <= Self.affordable(32))
        cache.insertRows(1, at: IndexPath(row: 1, section: 0))
        #expect(cache.storedHeight(at: IndexPath(row: 0, section: 0), width: wA) == 44)
        #expect(cache.storedHeight(at: IndexPath(row: 1, section: 0), width: wA) == nil)
        #expect(cache.storedHeight(at: IndexPath(row: 16, section: 0), width: wA) == 44)
        #expect(cache.storedHeight(at: IndexPath(row: n, section: 0), width: wA) == 44)
        #expect(cache.storedHeight(at: IndexPath(row: n - 16, section: 0), width: wA) == nil)
        #expect(cache.allocatedBytes <= Self.affordable(32) && cache.checkInvariants().isEmpty)
    }

    // MARK: Memory per entry

    /// Rows measured in order (scrolling down, or up) fill leaves: about 17 bytes an entry.
    /// Scattered rows leave leaves at least half full. Removing most entries gives memory back.
    @Test(arguments: ["ascending", "descending", "scattered"])
    func bytesPerEntry(order: String) {
        let cache = IndexPathHeightCache()
        let n = 20_000
        var rows = Array(0..<n).map { $0 * 1_000 }
        var rng = SplitMix64(seed: 7)
        switch order {
        case "descending": rows.reverse()
        case "scattered": rows.shuffle(using: &rng)
        default: break
        }
        for r in rows { cache.setHeight(44, at: IndexPath(row: r, section: 0), width: wA) }
        let perEntry = Double(cache.allocatedBytes) / Double(n)
        print("bytesPerEntry \(order): \(perEntry) bytes per entry, \(cache.storedNodeCount) nodes")
        #expect(perEntry <= (order == "scattered" ? 36 : 18.5), "\(order): \(perEntry) bytes per entry")
        #expect(perEntry >= 16, "16 bytes of data per entry")
        #expect(cache.checkInvariants().isEmpty)
        // Remove all but every tenth entry: leaves merge, memory follows the entries.
        for (i, r) in rows.enumerated() where !i.isMultiple(of: 10) {
            cache.invalidateRow(at: IndexPath(row: r, section: 0))
        }
        #expect(cache.cachedCount == n / 10)
        #expect(cache.allocatedBytes <= Self.affordable(n / 10), "\(cache.allocatedBytes) bytes for \(n / 10) entries")
        #expect(cache.checkInvariants().isEmpty)
    }

    // MARK: Exact values

    /// Heights come back bit for bit: random bit patterns (any height the cache takes, from
    /// negative zero and subnormals to the maximum), through stores, shifts, moves and section moves.
    @Test func randomDoublesRoundTripBitForBit() {
        var rng = SplitMix64(seed: 0xB17)
        let cache = IndexPathHeightCache()
        var values = (0..<500).map { _ in Self.randomHeight(&rng) }
        values += [
            -0.0, 0.0, .leastNonzeroMagnitude, Double(TableView.maximumSlotHeight), .leastNormalMagnitude, 0.1, 1.0 / 3.0,
        ]
        for (i, v) in values.enumerated() { cache.setHeight(CGFloat(v), at: IndexPath(row: i * 3, section: 0), width: wA) }
        func bits(_ pairs: [(IndexPath, CGFloat)]) -> [UInt64] { pairs.map { Double($0.1).bitPattern } }
        #expect(bits(cache.heights(atWidth: wA)) == values.map(\.bitPattern))
        for (i, v) in values.enumerated() {
            #expect(cache.storedHeight(at: IndexPath(row: i * 3, section: 0), width: wA).map { Double($0).bitPattern } == v.bitPattern)
        }
        // Shift, move a row, move the section: still the same bits.
        cache.insertRows(7, at: IndexPath(row: 0, section: 0))
        let entry = cache.removeRow(at: IndexPath(row: 7, section: 0))
        #expect(entry.heights[wA]?.bitPattern == values[0].bitPattern)
        cache.insertRow(entry, at: IndexPath(row: 7, section: 0))
        let section = cache.removeSection(at: 0)
        cache.insertSection(section, at: 2)
        #expect(bits(cache.heights(atWidth: wA)) == values.map(\.bitPattern))
        #expect(cache.heights(atWidth: wA).map(\.0) == values.indices.map { IndexPath(row: 7 + $0 * 3, section: 2) })
        let last = values.count - 1
        #expect(
            cache.removeHeight(at: IndexPath(row: 7 + last * 3, section: 2), width: wA).map { Double($0).bitPattern }
                == values[last].bitPattern)
    }

    // MARK: One width at a time

    @Test func removeHeightTakesOneEntryWithoutCounting() {
        let cache = IndexPathHeightCache()
        let p = IndexPath(row: 5, section: 1), q = IndexPath(row: 9, section: 1)
        cache.setHeight(44, at: p, width: wA)
        cache.setHeight(30, at: p, width: wB)
        cache.setHeight(61, at: q, width: wA)
        var lines: [String] = []
        cache.log.isEnabled = true
        cache.log.sink = { lines.append($0) }
        #expect(cache.removeHeight(at: p, width: wA) == 44)
        #expect(cache.removeHeight(at: p, width: wA) == nil)  // already taken
        #expect(cache.removeHeight(at: IndexPath(row: 5, section: 7), width: wA) == nil)
        #expect(cache.removeHeight(at: p, width: 999) == nil)
        #expect(cache.hits == 0 && cache.misses == 0 && lines.isEmpty)
        #expect(cache.storedHeight(at: p, width: wB) == 30)  // other widths keep it
        #expect(cache.storedHeight(at: q, width: wA) == 61)  // later rows do not move
        #expect(cache.cachedCount == 2 && cache.checkInvariants().isEmpty)
        #expect(cache.removeHeight(at: q, width: wA) == 61)
        #expect(cache.cachedWidths == [wB] && cache.checkInvariants().isEmpty)  // an emptied width disappears
    }

    @Test func heightsAtAWidthInIndexPathOrder() {
        let cache = IndexPathHeightCache()
        let paths = [
            IndexPath(row: 3_000_000, section: 2), IndexPath(row: 0, section: 0), IndexPath(row: 7, section: 2),
            IndexPath(row: 70, section: 0), IndexPath(row: 1, section: 5),
        ]
        for (i, p) in paths.enumerated() {
            cache.setHeight(CGFloat(i) + 0.5, at: p, width: wA)
            cache.setHeight(100, at: p, width: wB)
        }
        let stored = cache.heights(atWidth: wA)
        #expect(stored.map(\.0) == paths.sorted())
        #expect(stored.map(\.1) == paths.sorted().map { CGFloat(paths.firstIndex(of: $0)!) + 0.5 })
        #expect(cache.heights(atWidth: 1).isEmpty)
        #expect(cache.hits == 0 && cache.misses == 0)
    }

    @Test func removeAllAtAWidthKeepsTheOthers() {
        let cache = IndexPathHeightCache()
        for r in 0..<100 {
            cache.setHeight(44, at: IndexPath(row: r * 1000, section: r % 3), width: wA)
            cache.setHeight(30, at: IndexPath(row: r, section: 0), width: wB)
        }
        cache.removeAll(atWidth: wA)
        #expect(cache.cachedWidths == [wB] && cache.cachedCount == 100)
        #expect(cache.heights(atWidth: wA).isEmpty && cache.heights(atWidth: wB).count == 100)
        cache.removeAll(atWidth: wA)  // nothing there: no-op
        cache.removeAll(atWidth: wB)
        #expect(cache.cachedCount == 0 && cache.cachedWidths.isEmpty && cache.allocatedBytes == 0)
        #expect(cache.checkInvariants().isEmpty)
    }

    // MARK: Model-based, sparse

    /// Random operations over sections of up to a billion rows, with rows cached in
    /// clusters far apart, against a dictionary model (width → section → row → height).
    @Test(arguments: [11, 12, 13] as [UInt64])
    func randomSparseOperationsMatchADictionaryModel(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let widths: [CGFloat] = [320, 375.5, 1024]
        var shape: [Int] = [1_000_000_000, 5, 3_000_000]
        var model: [CGFloat: [[Int: Double]]] = Dictionary(uniqueKeysWithValues: widths.map { ($0, shape.map { _ in [:] }) })
        let cache = IndexPathHeightCache()
        var expectedHits = 0, expectedMisses = 0

        func random(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        func randomWidth() -> CGFloat { widths.randomElement(using: &rng)! }
        /// A row of section `s`: near the top, near the end, or anywhere.
        func randomRow(in s: Int) -> Int {
            let n = shape[s]
            switch random(0...3) {
            case 0: return random(0...min(n - 1, 200))
            case 1: return max(0, n - 1 - random(0...200))
            case 2:  // a cached row, if any
                let cached = widths.flatMap { model[$0]![s].keys }
                return cached.randomElement(using: &rng) ?? random(0...(n - 1))
            default: return random(0...(n - 1))
            }
        }
        func randomPath() -> IndexPath? {
            let nonEmpty = shape.indices.filter { shape[$0] > 0 }
            guard let s = nonEmpty.randomElement(using: &rng) else { return nil }
            return IndexPath(row: randomRow(in: s), section: s)
        }
        /// A place a row can go: 0...rows.
        func randomSlot() -> IndexPath? {
            guard !shape.isEmpty else { return nil }
            let s = random(0...(shape.count - 1))
            return IndexPath(row: shape[s] == 0 ? 0 : min(randomRow(in: s) + random(0...1), shape[s]), section: s)
        }
        func eachWidth(_ body: (CGFloat, inout [[Int: Double]]) -> Void) { for w in widths { body(w, &model[w]!) } }
        func shift(_ rows: [Int: Double], from row: Int, by delta: Int) -> [Int: Double] {
            Dictionary(uniqueKeysWithValues: rows.map { ($0.key >= row ? $0.key + delta : $0.key, $0.value) })
        }

        for step in 0..<2500 {
            let op = random(0...99)
            switch op {
            case 0..<40:  // set (half of them random bits)
                guard let p = randomPath() else { break }
                let w = randomWidth()
                let h = step.isMultiple(of: 2) ? Self.randomHeight(&rng) : Double(random(1...4000)) / 4
                cache.setHeight(CGFloat(h), at: p, width: w)
                model[w]![p.section][p.row] = h
            case 40..<48:  // counted get
                guard let p = randomPath() else { break }
                let w = randomWidth()
                let expected = model[w]![p.section][p.row]
                if expected == nil { expectedMisses += 1 } else { expectedHits += 1 }
                #expect(cache.height(at: p, width: w).map { Double($0).bitPattern } == expected?.bitPattern)
            case 48..<56:  // insert rows, up to a million at once
                guard let p = randomSlot() else { break }
                let count = [1, 2, random(1...1_000), random(1...1_000_000)][random(0...3)]
                cache.insertRows(count, at: p)
                shape[p.section] += count
                eachWidth { _, t in t[p.section] = shift(t[p.section], from: p.row, by: count) }
            case 56..<66:  // remove a row
                guard let p = randomPath() else { break }
                let entry = cache.removeRow(at: p)
                var expected = IndexPathHeightCache.RowEntry()
                eachWidth { w, t in
                    if let h = t[p.section].removeValue(forKey: p.row) { expected.heights[w] = h }
                    t[p.section] = shift(t[p.section], from: p.row + 1, by: -1)
                }
                shape[p.section] -= 1
                #expect(entry == expected)
            case 66..<74:  // move a row, any section, any distance
                guard let from = randomPath() else { break }
                let entry = cache.removeRow(at: from)
                var moved: [CGFloat: Double] = [:]
                eachWidth { w, t in
                    moved[w] = t[from.section].removeValue(forKey: from.row)
                    t[from.section] = shift(t[from.section], from: from.row + 1, by: -1)
                }
                shape[from.section] -= 1
                let to = randomSlot()!
                cache.insertRow(entry, at: to)
                shape[to.section] += 1
                eachWidth { w, t in
                    t[to.section] = shift(t[to.section], from: to.row, by: 1)
                    if let h = moved[w] { t[to.section][to.row] = h }
                }
            case 74..<80:  // reload a row
                guard let p = randomPath() else { break }
                if step.isMultiple(of: 2) { cache.invalidateRow(at: p) } else { cache.invalidateHeight(at: p) }
                eachWidth { _, t in t[p.section][p.row] = nil }
            case 80..<86:  // take one height out at one width
                guard let p = randomPath() else { break }
                let w = randomWidth()
                let taken = cache.removeHeight(at: p, width: w)
                #expect(taken.map { Double($0).bitPattern } == model[w]![p.section].removeValue(forKey: p.row)?.bitPattern)
            case 86..<89:  // insert a section
                let s = random(0...shape.count)
                cache.insertSections(1, at: s)
                shape.insert(random(0...2_000_000_000), at: s)
                eachWidth { _, t in t.insert([:], at: s) }
            case 89..<92:  // move a section
                guard !shape.isEmpty, shape.count > 1 else { break }
                let from = random(0...(shape.count - 1))
                let entry = cache.removeSection(at: from)
                let rows = shape.remove(at: from)
                var moved: [CGFloat: [Int: Double]] = [:]
                eachWidth { w, t in moved[w] = t.remove(at: from) }
                let to = random(0...shape.count)
                cache.insertSection(entry, at: to)
                shape.insert(rows, at: to)
                eachWidth { w, t in t.insert(moved[w]!, at: to) }
            case 92..<94:  // delete a section
                guard shape.count > 1 else { break }
                let s = random(0...(shape.count - 1))
                cache.removeSection(at: s)
                shape.remove(at: s)
                eachWidth { _, t in t.remove(at: s) }
            case 94..<96:  // reload a section
                guard !shape.isEmpty else { break }
                let s = random(0...(shape.count - 1))
                cache.invalidateSection(at: s)
                eachWidth { _, t in t[s] = [:] }
            case 96..<98:  // drop one width
                let w = randomWidth()
                cache.removeAll(atWidth: w)
                model[w] = model[w]!.map { _ in [:] }
            default:
                if step.isMultiple(of: 5) {  // reloadData
                    cache.invalidateAll()
                    eachWidth { _, t in t = t.map { _ in [:] } }
                }
            }

            let problems = cache.checkInvariants()
            #expect(problems.isEmpty, "seed \(seed) step \(step) op \(op): \(problems.prefix(3))")
            let total = widths.reduce(0) { $0 + model[$1]!.reduce(0) { $0 + $1.count } }
            #expect(cache.cachedCount == total, "seed \(seed) step \(step) op \(op)")
            var mismatches = 0
            for w in widths {
                let expected = model[w]!.enumerated().flatMap { s, rows in
                    rows.sorted { $0.key < $1.key }.map { (IndexPath(row: $0.key, section: s), $0.value.bitPattern) }
                }
                let stored = cache.heights(atWidth: w).map { ($0.0, Double($0.1).bitPattern) }
                if !stored.elementsEqual(expected, by: ==) { mismatches += 1 }
                // A few direct lookups: cached rows and their neighbours.
                for (p, bits) in expected.prefix(4) + expected.suffix(4) {
                    if cache.storedHeight(at: p, width: w).map({ Double($0).bitPattern }) != bits { mismatches += 1 }
                    let next = IndexPath(row: p.row + 1, section: p.section)
                    if cache.storedHeight(at: next, width: w).map({ Double($0).bitPattern }) != model[w]![p.section][p.row + 1]?.bitPattern {
                        mismatches += 1
                    }
                }
            }
            #expect(mismatches == 0, "seed \(seed) step \(step) op \(op)")
            #expect(cache.allocatedBytes <= Self.affordable(total, perEntry: 64) + 160 * shape.count * widths.count)
            if mismatches > 0 || !problems.isEmpty { return }
        }
        #expect(cache.hits == expectedHits && cache.misses == expectedMisses)
    }

    /// The tree alone, large enough for three levels, against a sorted array of (row, height):
    /// random sets, removals, shifts both ways, checked in full every few hundred steps.
    @Test(arguments: [21, 22] as [UInt64])
    func treeAtThreeLevelsMatchesASortedArray(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var tree = SparseRowHeights()
        var model: [(row: Int, height: Double)] = []
        func lowerBound(_ row: Int) -> Int {
            var lo = 0, hi = model.count
            while lo < hi { let mid = (lo + hi) / 2; if model[mid].row < row { lo = mid + 1 } else { hi = mid } }
            return lo
        }
        var maxLevels = 0
        for step in 0..<30_000 {
            let span = (model.last?.row ?? 0) + 1000
            let row = Int.random(in: 0...span, using: &rng)
            let i = lowerBound(row)
            let op = Int.random(in: 0..<100, using: &rng)
            // Grow for the first two thirds, then shrink.
            let growing = step < 20_000
            switch op {
            case 0..<(growing ? 60 : 25):
                let h = Double(Int.random(in: 0...1000, using: &rng)) / 8
                let wasAbsent = tree.set(h, atRow: row)
                #expect(wasAbsent == !(i < model.count && model[i].row == row))
                if wasAbsent { model.insert((row, h), at: i) } else { model[i].height = h }
            case 0..<(growing ? 75 : 70):
                let target = model.isEmpty ? row : model[Int.random(in: 0..<model.count, using: &rng)].row
                let j = lowerBound(target)
                let removed = tree.removeRow(target)
                #expect(removed == (j < model.count && model[j].row == target ? model[j].height : nil))
                if removed != nil { model.remove(at: j) }
                for k in j..<model.count { model[k].row -= 1 }
            case 0..<85:
                let count = Int.random(in: 1...50, using: &rng)
                tree.insertRows(count, at: row)
                for k in i..<model.count { model[k].row += count }
            default:
                let removed = tree.remove(row: row)
                #expect(removed == (i < model.count && model[i].row == row ? model[i].height : nil))
                if removed != nil { model.remove(at: i) }
            }
            var levels = 0
            if tree.nodeCount > 1 { levels = tree.nodeCount > 1 + 64 ? 3 : 2 }
            maxLevels = max(maxLevels, levels)
            if step % 500 == 0 || step == 29_999 {
                #expect(tree.checkInvariants().isEmpty, "step \(step): \(tree.checkInvariants().prefix(3))")
                var stored: [(Int, Double)] = []
                tree.forEach { stored.append(($0, $1)) }
                #expect(stored.elementsEqual(model.map { ($0.row, $0.height) }, by: ==), "seed \(seed) step \(step)")
                #expect(tree.count == model.count)
            }
        }
        #expect(maxLevels == 3, "the test should reach three levels")
        #expect(tree.allocatedBytes <= Self.affordable(model.count))
    }

    /// Writes to a tree nobody else holds happen in place: a hidden copy-on-write
    /// of the whole tree would make every operation O(n) without changing a result.
    @Test func writesToAnUnsharedTreeDoNotCopyIt() {
        var tree = SparseRowHeights()
        for r in 0..<5_000 { _ = tree.set(1, atRow: r * 3) }
        let root = tree.rootIdentity
        tree.insertRows(5, at: 1)
        _ = tree.set(2, atRow: 0)  // replace: no structural change
        _ = tree.removeRow(1)  // uncached row: a shift
        _ = tree.remove(row: 2)  // uncached row: nothing
        tree.addGap(1, atIndex: 10)
        tree.setHeight(3, atIndex: 20)
        #expect(tree.rootIdentity == root && tree.checkInvariants().isEmpty)
        let copy = tree
        tree.insertRows(1, at: 0)
        #expect(tree.rootIdentity != root && copy.rootIdentity == root)
    }

    /// A copy shares nodes until one side writes; then they are independent.
    @Test func treeCopiesAreIndependent() {
        var a = SparseRowHeights()
        for r in 0..<500 { _ = a.set(Double(r), atRow: r * 2) }
        var b = a
        b.insertRows(10, at: 0)
        _ = b.set(-1, atRow: 0)
        #expect(a.height(atRow: 0) == 0 && a.height(atRow: 998) == 499 && a.count == 500)
        #expect(b.height(atRow: 0) == -1 && b.height(atRow: 1008) == 499 && b.count == 501)
        #expect(a.checkInvariants().isEmpty && b.checkInvariants().isEmpty && a != b)
    }
}
