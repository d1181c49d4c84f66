import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Two values sharing a tree's nodes (a copy), each then written on its own: the other must keep
/// its answers. These run in CI's release build too (`.ci/run`): a node copied on write and stored
/// into storage the optimizer misreads can live in a stack frame that has returned, which only an
/// optimized build shows (Docs/unsafe-code.md).
@Suite struct SlotTreeCopyOnWriteTests {
    /// Node sizes that make every kind of node: narrow and wide leaves, internal nodes a few levels deep.
    static let sizes = [(2, 3), (4, 4), (5, 3), (80, 64)]

    /// Heights that keep a leaf narrow (`Float`-exact) and ones that widen it (not `Float`-exact), all
    /// multiples of 2^-30 so that every sum the model adds in order is exact and equals the tree's.
    static let heights: [Double] = [0, 1, 2.75, 44, 44.5, 1 + 0x1p-30, 44 + 0x1p-28, 0x1p-30]

    static func randomRuns(_ rng: inout SplitMix64, count: Int) -> [HeightRun] {
        (0..<count).map { _ in
            HeightRun(
                count: Int.random(in: 1...6, using: &rng), height: heights.randomElement(using: &rng)!,
                kind: [SlotKind.header, .row, .row, .footer].randomElement(using: &rng)!,
                isMeasured: Bool.random(using: &rng))
        }
    }

    /// One random write to `tree` and `model` alike.
    static func write(_ tree: inout SlotTree, _ model: inout GeometryModel, _ rng: inout SplitMix64) {
        let roll = Int.random(in: 0..<10, using: &rng)
        if roll < 3 || model.count == 0 {
            let runs = randomRuns(&rng, count: Int.random(in: 1...3, using: &rng))
            let at = Int.random(in: 0...model.count, using: &rng)
            tree.insert(runs, at: at)
            model.insert(runs, at: at)
        } else if roll < 5 {
            let lo = Int.random(in: 0..<model.count, using: &rng)
            let range = lo..<min(model.count, lo + Int.random(in: 1...12, using: &rng))
            #expect(tree.removeSubrange(range) == model.removeSubrange(range))
        } else {
            let i = Int.random(in: 0..<model.count, using: &rng)
            let h = heights.randomElement(using: &rng)!
            tree.setHeight(h, at: i, isMeasured: true)
            model.slots[i].height = h
            model.slots[i].isMeasured = true
        }
    }

    @Test(arguments: 0..<sizes.count)
    func twoValuesSharingNodesAreWrittenApart(size: Int) throws {
        let (leafCapacity, fanout) = Self.sizes[size]
        var rng = SplitMix64(seed: UInt64(40 + size))
        let initial = Self.randomRuns(&rng, count: 400)
        var a = SlotTree(initial, leafCapacity: leafCapacity, fanout: fanout)
        var modelA = GeometryModel(initial)
        for round in 0..<30 {
            // The copy shares every node; then both are written, in turns.
            var b = a
            var modelB = modelA
            for _ in 0..<8 {
                Self.write(&a, &modelA, &rng)
                Self.write(&b, &modelB, &rng)
            }
            try a.checkInvariants()
            try b.checkInvariants()
            expectAgrees(a, ModelAnswers(modelA), probes: 24, rng: &rng)
            expectAgrees(b, ModelAnswers(modelB), probes: 24, rng: &rng)
            // Keep one of the two, so the next round copies a tree that was itself a copy.
            if round % 2 == 1 { (a, modelA) = (b, modelB) }
        }
    }

    /// A copy kept while the original is written row by row, over a big tree (many levels of
    /// internal nodes, so every write copies a path of them).
    @Test func aCopyKeepsItsHeightsWhileTheOriginalChanges() throws {
        let n = 200_000
        var a = SlotTree([HeightRun(count: n, height: 44, isMeasured: false)])
        // Runs of one row each: the tree is as deep as 200,000 rows make it.
        for i in stride(from: 0, to: n, by: 2) { a.setHeight(Double(i % 7 + 1), at: i, isMeasured: true) }
        func initial(_ i: Int) -> Double { i % 2 == 0 ? Double(i % 7 + 1) : 44 }
        let b = a
        var rng = SplitMix64(seed: 5)
        var changed: [Int: Double] = [:]
        for _ in 0..<2_000 {
            let i = Int.random(in: 0..<n, using: &rng)
            let h = Double(Int.random(in: 10...90, using: &rng))
            a.setHeight(h, at: i, isMeasured: true)
            changed[i] = h
        }
        try a.checkInvariants()
        try b.checkInvariants()
        for i in stride(from: 0, to: n, by: 997) {
            #expect(b.height(at: i) == initial(i), "the copy's row \(i)")
            #expect(a.height(at: i) == changed[i] ?? initial(i), "the original's row \(i)")
        }
        for (i, h) in changed { #expect(a.height(at: i) == h, "the original's row \(i)") }
        var total = 0.0
        for i in 0..<n { total += initial(i) }
        #expect(b.totalHeight == total)
    }

    /// New nodes made by splits and merges are stored into the blocks too, in both values.
    @Test func splitsAndMergesInBothValues() throws {
        var rng = SplitMix64(seed: 77)
        var a = SlotTree([HeightRun(count: 1, height: 1)], leafCapacity: 2, fanout: 3)
        var modelA = GeometryModel([HeightRun(count: 1, height: 1)])
        for i in 0..<600 {
            let runs = [HeightRun(count: 1, height: Double(i % 5) + 0.5)]
            a.insert(runs, at: i % (modelA.count + 1))
            modelA.insert(runs, at: i % (modelA.count + 1))
        }
        var b = a
        var modelB = modelA
        while modelA.count > 10 {
            let i = Int.random(in: 0..<modelA.count, using: &rng)
            #expect(a.removeSubrange(i..<(i + 1)) == modelA.removeSubrange(i..<(i + 1)))
            let runs = [HeightRun(count: 2, height: 3.25)]
            let at = Int.random(in: 0...modelB.count, using: &rng)
            b.insert(runs, at: at)
            modelB.insert(runs, at: at)
        }
        try a.checkInvariants()
        try b.checkInvariants()
        expectAgrees(a, ModelAnswers(modelA), probes: 10, rng: &rng, full: true)
        expectAgrees(b, ModelAnswers(modelB), probes: 50, rng: &rng)
    }
}
