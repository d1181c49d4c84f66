import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

@Suite struct SlotTreeTests {
    @Test func emptyTree() throws {
        var tree = SlotTree([])
        try tree.checkInvariants()
        #expect(tree.count == 0 && tree.totalHeight == 0 && tree.sectionCount == 0 && tree.unmeasuredCount == 0)
        #expect(tree.offset(of: 0) == 0)
        #expect(tree.index(atOffset: 0) == nil)
        #expect(tree.firstUnmeasured(from: 0) == nil)
        var visited = 0
        tree.forEachSlot(from: 0) { _ in
            visited += 1; return true
        }
        #expect(visited == 0)
        #expect(tree.removeSubrange(0..<0) == [])
        tree.insert([], at: 0)
        tree.markAllUnmeasured()
        #expect(tree.runCount == 0 && tree.depth == 1)
        try tree.checkInvariants()
    }

    @Test func oneRow() throws {
        var tree = SlotTree([HeightRun(count: 1, height: 44, isMeasured: false)])
        #expect(tree.slot(at: 0) == Slot(index: 0, minY: 0, height: 44, kind: .row, isMeasured: false))
        #expect(tree.index(atOffset: 0) == 0 && tree.index(atOffset: 43.75) == 0 && tree.index(atOffset: 44) == nil)
        #expect(tree.section(containing: 0) == -1)
        #expect(tree.firstUnmeasured(from: 0) == 0)
        tree.setHeight(20, at: 0, isMeasured: true)
        #expect(tree.totalHeight == 20 && tree.unmeasuredCount == 0 && tree.firstUnmeasured(from: 0) == nil)
        #expect(tree.removeSubrange(0..<1) == [HeightRun(count: 1, height: 20)])
        #expect(tree.count == 0 && tree.totalHeight == 0)
        try tree.checkInvariants()
    }

    @Test func zeroHeightSlotsContainNoPoint() {
        let tree = SlotTree([
            HeightRun(count: 1, height: 0, kind: .header), HeightRun(count: 3, height: 10),
            HeightRun(count: 2, height: 0), HeightRun(count: 1, height: 5, kind: .footer),
        ])
        #expect(tree.index(atOffset: 0) == 1)
        #expect(tree.index(atOffset: 30) == 6)
        #expect(tree.offset(of: 4) == 30 && tree.offset(of: 6) == 30)
        #expect(tree.headerIndex(ofSection: 0) == 0)
        #expect(tree.section(containing: 6) == 0)
    }

    /// Ten million rows of one height are one run; queries are exact; one
    /// measured row splits the run into three, and setting it back heals it.
    @Test func tenMillionUniformRows() throws {
        let n = 10_000_000
        var tree = SlotTree([HeightRun(count: n, height: 44, isMeasured: false)])
        #expect(tree.runCount == 1 && tree.nodeCount == 1)
        #expect(tree.totalHeight == Double(n) * 44)
        var rng = SplitMix64(seed: 7)
        for _ in 0..<1_000 {
            let i = Int.random(in: 0..<n, using: &rng)
            #expect(tree.offset(of: i) == Double(i) * 44)
            #expect(tree.index(atOffset: Double(i) * 44) == i)
            #expect(tree.index(atOffset: Double(i) * 44 + 43.5) == i)
            let y = Double.random(in: 0..<tree.totalHeight, using: &rng)
            #expect(tree.index(atOffset: y) == Int(y / 44))
        }
        let mid = n / 2
        tree.setHeight(100, at: mid, isMeasured: true)
        #expect(tree.runCount == 3)
        #expect(tree.totalHeight == Double(n - 1) * 44 + 100)
        #expect(tree.slot(at: mid - 1) == Slot(index: mid - 1, minY: Double(mid - 1) * 44, height: 44, kind: .row, isMeasured: false))
        #expect(tree.slot(at: mid) == Slot(index: mid, minY: Double(mid) * 44, height: 100, kind: .row, isMeasured: true))
        #expect(tree.slot(at: mid + 1) == Slot(index: mid + 1, minY: Double(mid) * 44 + 100, height: 44, kind: .row, isMeasured: false))
        #expect(tree.index(atOffset: Double(mid) * 44 + 99.75) == mid)
        #expect(tree.index(atOffset: Double(mid) * 44 + 100) == mid + 1)
        #expect(tree.firstUnmeasured(from: mid) == mid + 1)
        #expect(tree.unmeasuredCount == n - 1)
        try tree.checkInvariants()
        tree.setHeight(44, at: mid, isMeasured: false)
        #expect(tree.runCount == 1)
        tree.markAllUnmeasured()
        #expect(tree.runCount == 1)
    }

    @Test func runsLongerThanTheCountFieldAreSplit() throws {
        let n = RunMeta.maxCount * 2 + 5
        var tree = SlotTree([HeightRun(count: n, height: 1)])
        #expect(tree.count == n && tree.runCount == 3 && tree.totalHeight == Double(n))
        #expect(tree.index(atOffset: Double(n) - 0.5) == n - 1)
        try tree.checkInvariants()
        #expect(tree.removeSubrange(0..<n) == [HeightRun(count: n, height: 1)])
    }

    @Test func sectionsAreFoundByCountingHeaders() throws {
        // 1,000 sections of header, 3 rows, footer, with tiny nodes so lookups cross many levels.
        let sections = 1_000
        let runs = (0..<sections).lazy.flatMap { s in
            [
                HeightRun(count: 1, height: 28, kind: .header), HeightRun(count: 3, height: Double(s % 7)),
                HeightRun(count: 1, height: 0, kind: .footer),
            ]
        }
        let tree = SlotTree(runs, leafCapacity: 4, fanout: 4)
        try tree.checkInvariants()
        #expect(tree.sectionCount == sections)
        for s in stride(from: 0, to: sections, by: 37) {
            #expect(tree.headerIndex(ofSection: s) == s * 5)
            #expect(tree.section(containing: s * 5) == s)
            #expect(tree.section(containing: s * 5 + 4) == s)
        }
    }

    @Test func copiesAreIndependent() throws {
        let original = SlotTree((0..<500).lazy.map { HeightRun(count: 1, height: Double($0)) }, leafCapacity: 4, fanout: 4)
        var copy = original
        copy.setHeight(0.5, at: 250, isMeasured: true)
        copy.insert([HeightRun(count: 10, height: 2)], at: 3)
        copy.removeSubrange(100..<200)
        #expect(original.count == 500 && original.height(at: 250) == 250)
        #expect(original.totalHeight == Double(499 * 500 / 2))
        try original.checkInvariants()
        try copy.checkInvariants()
        #expect(copy.count == 410)
    }

    /// An internal node's columns live in one block that copies share until one of them
    /// writes it. Two copies edited in turn, and now and then made to share again, with
    /// one-row inserts, deletes and height changes whose heights are on the exact grid
    /// (the running sums follow by the difference) or not (they are re-added), must each
    /// match their own array and keep every invariant (which re-adds the running sums).
    @Test func copiesEditedInTurnKeepTheirOwnColumns() throws {
        var random = SplitMix64(seed: 7)
        let start = (0..<300).map { Double($0 % 40) }
        let first = SlotTree(start.lazy.map { HeightRun(count: 1, height: $0) }, leafCapacity: 4, fanout: 4)
        var trees = [first, first]
        var models = [start, start]
        for step in 0..<250 {
            let t = step % 2
            if random.next() % 7 == 0 {
                trees[1 - t] = trees[t]
                models[1 - t] = models[t]
            }
            let height = random.next() % 4 == 0 ? 1.0 / 3.0 : Double(random.next() % 50) / 4
            let n = models[t].count
            switch random.next() % 3 {
            case 0:
                let i = Int(random.next() % UInt64(n + 1))
                trees[t].insert([HeightRun(count: 1, height: height)], at: i)
                models[t].insert(height, at: i)
            case 1 where n > 1:
                let i = Int(random.next() % UInt64(n))
                trees[t].removeSubrange(i..<(i + 1))
                models[t].remove(at: i)
            default:
                let i = Int(random.next() % UInt64(n))
                trees[t].setHeight(height, at: i, isMeasured: true)
                models[t][i] = height
            }
            for k in 0..<2 {
                try trees[k].checkInvariants()
                #expect(trees[k].count == models[k].count)
                for (i, h) in models[k].enumerated() where trees[k].height(at: i).bitPattern != h.bitPattern {
                    Issue.record("copy \(k) after step \(step): slot \(i) is \(trees[k].height(at: i)), not \(h)")
                }
            }
        }
    }

    @Test func bulkInsertAndRemoveRoundTrip() throws {
        var tree = SlotTree([HeightRun(count: 100, height: 10)], leafCapacity: 4, fanout: 4)
        let inserted = (0..<5_000).map { (i: Int) -> HeightRun in
            HeightRun(count: 1 + i % 3, height: Double(i % 97) * 0.25, kind: .row, isMeasured: i % 2 == 0)
        }
        tree.insert(inserted, at: 50)
        try tree.checkInvariants()
        let total = inserted.reduce(0) { $0 + $1.count }
        #expect(tree.count == 100 + total)
        #expect(tree.removeSubrange(50..<(50 + total)) == inserted)
        #expect(tree.runCount == 1 && tree.depth == 1)
        try tree.checkInvariants()
    }

    /// Inserts of more runs than a leaf's block holds (82 words at the standard
    /// sizes) go through the parent, which lays the leaf's runs and the new ones
    /// out as new leaves; a lone root leaf first gets a parent. Checked at the
    /// standard node sizes, into a lone leaf and into a deep tree, with Float-exact
    /// and wide heights, and with a copy sharing every node (which must not change).
    @Test(arguments: [false, true])
    func insertsLargerThanALeafBlockBuildNewLeaves(wideHeights: Bool) throws {
        func height(_ i: Int) -> Double { wideHeights && i % 7 == 0 ? Double(i) / 3 : Double(20 + i % 61) }
        func runs(_ n: Int, from first: Int) -> [HeightRun] {
            (first..<(first + n)).map { HeightRun(count: 1 + $0 % 2, height: height($0), isMeasured: $0 % 3 != 0) }
        }
        for (initialRuns, at) in [(10, 5), (1_000, 0), (1_000, 777), (20_000, 13_001)] {
            let initial = runs(initialRuns, from: 0)
            var model = initial.flatMap { Array(repeating: HeightRun(count: 1, height: $0.height, isMeasured: $0.isMeasured), count: $0.count) }
            var tree = SlotTree(initial)
            let shared = tree
            let inserted = runs(300, from: 5_000)
            tree.insert(inserted, at: at)
            model.insert(
                contentsOf: inserted.flatMap { Array(repeating: HeightRun(count: 1, height: $0.height, isMeasured: $0.isMeasured), count: $0.count) },
                at: at)
            try tree.checkInvariants()
            try shared.checkInvariants()
            #expect(shared.count == initial.reduce(0) { $0 + $1.count }, "the copy kept its rows")
            #expect(Array(shared.runs) == SlotTree(initial).runs.map { $0 }, "the copy kept its runs")
            #expect(tree.count == model.count)
            var y = 0.0
            for (i, row) in model.enumerated() {
                let slot = tree.slot(at: i)
                #expect(slot.height.bitPattern == row.height.bitPattern && slot.isMeasured == row.isMeasured, "row \(i)")
                // Exact heights: the offsets are RowRecords' in-order sums. Thirds round, and the
                // tree's offsets are its own fixed chain, so those are checked against themselves.
                if !wideHeights { #expect(slot.minY == y, "row \(i) starts at \(slot.minY), not \(y)") }
                if row.height > 0 { #expect(tree.index(atOffset: slot.minY) == i, "row \(i) is found at its own offset") }
                y = y + row.height
            }
        }
    }

    /// Distinct heights, the worst case for memory: one run per row, packed into leaves
    /// filled to `capacity − capacity / 16` by the bulk load, so the node count (what the
    /// memory follows) is about rows / 75. Measured bytes are `Demo bench`'s job.
    @Test func distinctHeightsArePackedIntoNearlyFullLeaves() throws {
        let n = ProcessInfo.processInfo.environment["HEIGHT_TREE_ROWS"].flatMap(Int.init) ?? 200_000
        let tree = SlotTree((0..<n).lazy.map { HeightRun(count: 1, height: 20 + Double($0) * 0.25) })
        #expect(tree.runCount == n)
        let expectedTotal: Double = (0..<n).reduce(0.0) { (sum: Double, row: Int) -> Double in sum + 20 + Double(row) * 0.25 }
        #expect(tree.count == n)
        #expect(tree.totalHeight == expectedTotal)
        let leafFill = SlotTree.Config.standard.leafCapacity - SlotTree.Config.standard.leafCapacity / 16
        let leaves = (n + leafFill - 1) / leafFill
        // Internal nodes add about 1/60 (fanout 64, also filled by the bulk load).
        #expect(
            tree.nodeCount >= leaves && tree.nodeCount <= leaves + leaves / 32 + tree.depth,
            "\(tree.nodeCount) nodes for \(leaves) full leaves")
        #expect(tree.depth <= 3)
        try tree.checkInvariants()
    }

    /// The same rows with one height are one run, whatever their number.
    @Test func equalHeightsAreOneRunWhateverTheRowCount() {
        for n in [1, 80, 81, 10_000] {
            let tree = SlotTree((0..<n).lazy.map { _ in HeightRun(count: 1, height: 44) })
            #expect(tree.runCount == 1 && tree.nodeCount == 1, "\(n) rows")
        }
        let big = SlotTree([HeightRun(count: 10_000_000, height: 44)])
        #expect(big.runCount == 1 && big.nodeCount == 1)
    }
}
