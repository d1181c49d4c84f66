import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// The obviously correct model: one entry per slot, everything recomputed by scanning.
struct GeometryModel {
    struct Entry: Equatable { var height: Double; var kind: SlotKind; var isMeasured: Bool }
    var slots: [Entry] = []

    init(_ runs: [HeightRun]) { insert(runs, at: 0) }

    var count: Int { slots.count }
    var totalHeight: Double { offset(of: slots.count) }
    var sectionCount: Int { slots.filter { $0.kind == .header }.count }
    var unmeasuredCount: Int { slots.filter { !$0.isMeasured }.count }

    func offset(of index: Int) -> Double {
        var y = 0.0
        for i in 0..<index { y = y + slots[i].height }
        return y
    }
    func index(atOffset y: Double) -> Int? {
        var start = 0.0
        for (i, s) in slots.enumerated() {
            if start <= y && y < start + s.height { return i }
            start = start + s.height
        }
        return nil
    }
    func slot(at i: Int) -> Slot {
        Slot(index: i, minY: offset(of: i), height: slots[i].height, kind: slots[i].kind, isMeasured: slots[i].isMeasured)
    }
    func headerIndex(ofSection s: Int) -> Int {
        slots.indices.filter { slots[$0].kind == .header }[s]
    }
    func section(containing i: Int) -> Int { slots[0...i].filter { $0.kind == .header }.count - 1 }
    func firstUnmeasured(from i: Int) -> Int? { slots.indices.first { $0 >= i && !slots[$0].isMeasured } }

    mutating func insert(_ runs: [HeightRun], at index: Int) {
        let new = runs.flatMap { repeatElement(Entry(height: $0.height, kind: $0.kind, isMeasured: $0.isMeasured), count: $0.count) }
        slots.insert(contentsOf: new, at: index)
    }
    mutating func removeSubrange(_ range: Range<Int>) -> [HeightRun] {
        var runs: [HeightRun] = []
        for e in slots[range] {
            let run = HeightRun(count: 1, height: e.height, kind: e.kind, isMeasured: e.isMeasured)
            if let last = runs.last, last.canMerge(with: run) { runs[runs.count - 1].count += 1 } else { runs.append(run) }
        }
        slots.removeSubrange(range)
        return runs
    }
}

/// Everything the model answers, computed once per check by plain forward scans.
struct ModelAnswers {
    let model: GeometryModel
    var offsets: [Double] = [0]  // offsets[i] = start of slot i; offsets[count] = total
    var sections: [Int] = []  // section(containing: i)
    var headers: [Int] = []  // headerIndex(ofSection:)
    var nextUnmeasured: [Int?] = []  // firstUnmeasured(from: i)
    var unmeasured = 0

    init(_ model: GeometryModel) {
        self.model = model
        let slots = model.slots
        var y = 0.0, section = -1
        offsets.reserveCapacity(slots.count + 1)
        sections.reserveCapacity(slots.count)
        var i = 0
        while i < slots.count {
            y = y + slots[i].height
            offsets.append(y)
            if slots[i].kind == .header { section += 1; headers.append(i) }
            sections.append(section)
            i += 1
        }
        nextUnmeasured = Array(repeating: nil, count: slots.count)
        var next: Int?
        i = slots.count - 1
        while i >= 0 {
            if !slots[i].isMeasured { next = i; unmeasured += 1 }
            nextUnmeasured[i] = next
            i -= 1
        }
    }

    var total: Double { offsets[model.count] }
    func slot(at i: Int) -> Slot {
        let s = model.slots[i]
        return Slot(index: i, minY: offsets[i], height: s.height, kind: s.kind, isMeasured: s.isMeasured)
    }
    /// Linear scan, as the definition says: the slot whose half-open span holds y.
    func indexLinear(atOffset y: Double) -> Int? {
        let o = offsets
        var i = 0
        while i + 1 < o.count {
            if o[i] <= y && y < o[i + 1] { return i }
            i += 1
        }
        return nil
    }
    /// The same answer by bisection, so full sweeps stay fast; probes check it against `indexLinear`.
    func index(atOffset y: Double) -> Int? {
        guard y >= 0, y < total else { return nil }
        var lo = 0, hi = model.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if offsets[mid] <= y { lo = mid + 1 } else { hi = mid }
        }
        return lo - 1
    }
}

/// Compares every answer of a store with the model, exactly.
func expectAgrees<G: RowGeometry>(
    _ g: G, _ m: ModelAnswers, probes: Int, rng: inout SplitMix64,
    full: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
) {
    func check(_ ok: Bool, _ what: @autoclosure () -> String) {
        if !ok { Issue.record("\(G.self): \(what())", sourceLocation: sourceLocation) }
    }
    let n = m.model.count
    check(g.count == n, "count \(g.count) != \(n)")
    check(g.totalHeight == m.total, "totalHeight \(g.totalHeight) != \(m.total)")
    check(g.sectionCount == m.headers.count, "sectionCount")
    check(g.unmeasuredCount == m.unmeasured, "unmeasuredCount")
    check(g.offset(of: n) == m.total, "offset(of: count)")
    check(g.index(atOffset: -0.25) == nil && g.index(atOffset: .nan) == nil, "out-of-range offsets")
    check(g.index(atOffset: m.total) == nil, "offset at totalHeight")
    guard n > 0, g.count == n else { return }

    var indices = (0..<probes).map { _ in Int.random(in: 0..<n, using: &rng) }
    if full { indices = Array(0..<n) }
    for i in indices {
        check(g.slot(at: i) == m.slot(at: i), "slot(at: \(i)) \(g.slot(at: i)) != \(m.slot(at: i))")
        check(g.offset(of: i) == m.offsets[i], "offset(of: \(i))")
        check(g.height(at: i) == m.model.slots[i].height, "height(at: \(i))")
        check(g.section(containing: i) == m.sections[i], "section(containing: \(i))")
        check(g.firstUnmeasured(from: i) == m.nextUnmeasured[i], "firstUnmeasured(from: \(i))")
        // Exactly on a boundary, just either side, and a random point.
        let y = m.offsets[i]
        for probe in [y, y + 0.125, y - 0.125, Double.random(in: 0..<max(m.total, 1), using: &rng)] {
            let expected = m.index(atOffset: probe)
            if !full && probe != y { check(expected == m.indexLinear(atOffset: probe), "model bisection at \(probe)") }
            check(g.index(atOffset: probe) == expected, "index(atOffset: \(probe))")
        }
        var walked: [Slot] = []
        g.forEachSlot(from: i) {
            walked.append($0); return walked.count < 5
        }
        check(walked == (i..<min(i + 5, n)).map { m.slot(at: $0) }, "forEachSlot(from: \(i))")
    }
    check(g.firstUnmeasured(from: n) == nil, "firstUnmeasured(from: count)")
    for s in (full ? Array(m.headers.indices) : (0..<min(probes, m.headers.count)).map { _ in Int.random(in: 0..<m.headers.count, using: &rng) }) {
        check(g.headerIndex(ofSection: s) == m.headers[s], "headerIndex(ofSection: \(s))")
    }
}

@Suite struct GeometryModelTests {
    static let heights: [Double] = [0, 0.25, 0.5, 1, 2.75, 10, 44, 44.5]

    static func randomRuns(_ rng: inout SplitMix64, maxRuns: Int = 4, maxCount: Int = 20) -> [HeightRun] {
        (0..<Int.random(in: 1...maxRuns, using: &rng)).map { _ in
            HeightRun(
                count: Int.random(in: 0...maxCount, using: &rng),
                height: heights.randomElement(using: &rng)!,
                kind: [SlotKind.header, .row, .row, .row, .footer].randomElement(using: &rng)!,
                isMeasured: Bool.random(using: &rng))
        }
    }

    /// Random operations on both stores and the model; every answer must match exactly.
    func run(seed: UInt64, operations: Int, maxSlots: Int, leafCapacity: Int, fanout: Int) throws {
        var rng = SplitMix64(seed: seed)
        let initial = Self.randomRuns(&rng, maxRuns: 30)
        var model = GeometryModel(initial)
        var tree = SlotTree(initial, leafCapacity: leafCapacity, fanout: fanout)
        var records = RowRecords(initial)
        try tree.checkInvariants()
        // Copies share nodes until written (copy-on-write): one kept from time to time must keep
        // its answers while the tree changes, and stays a tree of its own when it changes itself.
        var copy: (tree: SlotTree, model: GeometryModel)?

        for step in 0..<operations {
            if step % 97 == 0 { copy = (tree, model) }
            if step % 97 == 40, var kept = copy {
                let at = Int.random(in: 0...kept.model.count, using: &rng)
                let runs = [HeightRun(count: 1, height: 0.5)]
                kept.tree.insert(runs, at: at)
                kept.model.insert(runs, at: at)
                if kept.model.count > 0 {
                    let i = Int.random(in: 0..<kept.model.count, using: &rng)
                    kept.tree.removeSubrange(i..<(i + 1))
                    _ = kept.model.removeSubrange(i..<(i + 1))
                }
                copy = kept
            }
            let roll = Int.random(in: 0..<100, using: &rng)
            if roll < 35 && model.count < maxSlots {
                let runs = Self.randomRuns(&rng)
                let at = Int.random(in: 0...model.count, using: &rng)
                model.insert(runs, at: at)
                tree.insert(runs, at: at)
                records.insert(runs, at: at)
            } else if roll < 60 && model.count > 0 {
                let lo = Int.random(in: 0..<model.count, using: &rng)
                let hi = roll < 58 ? min(model.count, lo + Int.random(in: 0...40, using: &rng)) : model.count
                let range = (roll == 59 ? 0 : lo)..<hi
                let expected = model.removeSubrange(range)
                #expect(tree.removeSubrange(range) == expected, "seed \(seed) step \(step): tree removed runs")
                #expect(records.removeSubrange(range) == expected, "seed \(seed) step \(step): records removed runs")
            } else if roll < 97 && model.count > 0 {
                let i = Int.random(in: 0..<model.count, using: &rng)
                let h = Self.heights.randomElement(using: &rng)!
                let measured = Bool.random(using: &rng)
                model.slots[i].height = h
                model.slots[i].isMeasured = measured
                tree.setHeight(h, at: i, isMeasured: measured)
                records.setHeight(h, at: i, isMeasured: measured)
            } else {
                for i in model.slots.indices { model.slots[i].isMeasured = false }
                tree.markAllUnmeasured()
                records.markAllUnmeasured()
            }
            do { try tree.checkInvariants() } catch {
                Issue.record("seed \(seed) step \(step): \(error)")
                return
            }
            let full = step % 250 == 0
            let answers = ModelAnswers(model)
            expectAgrees(tree, answers, probes: 3, rng: &rng, full: full)
            expectAgrees(records, answers, probes: 3, rng: &rng, full: full)
            if step % 97 == 96, let kept = copy {
                do { try kept.tree.checkInvariants() } catch {
                    Issue.record("seed \(seed) step \(step), the copy: \(error)")
                    return
                }
                expectAgrees(kept.tree, ModelAnswers(kept.model), probes: 20, rng: &rng)
            }
        }
        #expect(Array(tree.runs).reduce(0) { $0 + $1.count } == model.count)
    }

    @Test(arguments: [(UInt64(1), 4, 4), (2, 2, 3), (3, 5, 3), (4, 64, 32)])
    func randomOperations(seed: UInt64, leafCapacity: Int, fanout: Int) throws {
        try run(seed: seed, operations: 3_000, maxSlots: 2_000, leafCapacity: leafCapacity, fanout: fanout)
    }

    /// The long sweep, with the standard node sizes among them (leaf blocks filling up,
    /// multi-run inserts built as new leaves): `REUSETABLE_LONG=1 swift test --filter GeometryModelTests`.
    @Test(
        .enabled(if: ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"),
        arguments: Array(UInt64(200)..<UInt64(216)))
    func randomOperationsLong(seed: UInt64) throws {
        let sizes = [(80, 64), (4, 4), (2, 3), (80, 3), (3, 64)]
        let (leafCapacity, fanout) = sizes[Int(seed) % sizes.count]
        try run(seed: seed, operations: 8_000, maxSlots: 12_000, leafCapacity: leafCapacity, fanout: fanout)
    }

    @Test func removingEverythingAndReinserting() throws {
        var rng = SplitMix64(seed: 99)
        var tree = SlotTree([], leafCapacity: 4, fanout: 4)
        for _ in 0..<20 {
            let runs = (0..<200).map { _ in
                HeightRun(count: Int.random(in: 1...3, using: &rng), height: Self.heights.randomElement(using: &rng)!)
            }
            var model = GeometryModel(runs)
            tree.insert(runs, at: 0)
            try tree.checkInvariants()
            expectAgrees(tree, ModelAnswers(model), probes: 20, rng: &rng, full: true)
            let removed = tree.removeSubrange(0..<tree.count)
            #expect(removed == model.removeSubrange(0..<model.count))
            #expect(tree.count == 0 && tree.totalHeight == 0 && tree.depth == 1)
            try tree.checkInvariants()
        }
    }
}
