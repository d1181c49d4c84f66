import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Heights are stored, never re-encoded: any finite, non-negative Double put in
/// comes back with the same bit pattern, through every way of reading it.
@Suite struct SlotTreeExactnessTests {
    /// A random finite, non-negative Double from raw bits (subnormals, huge and tiny values included).
    static func randomHeight(_ rng: inout SplitMix64) -> Double {
        while true {
            let d = Double(bitPattern: rng.next() & ~(1 << 63))
            if d.isFinite { return d }
        }
    }

    @Test(arguments: [(4, 4), (80, 64)])
    func randomDoublesRoundTripBitForBit(leafCapacity: Int, fanout: Int) {
        var rng = SplitMix64(seed: 0xB17)
        var heights = (0..<3_000).map { _ in Self.randomHeight(&rng) }
        var tree = SlotTree(heights.map { HeightRun(count: 1, height: $0) }, leafCapacity: leafCapacity, fanout: fanout)
        // Overwrite some, insert some, so mutated leaves are read too.
        for _ in 0..<500 {
            let i = Int.random(in: 0..<heights.count, using: &rng), h = Self.randomHeight(&rng)
            heights[i] = h
            tree.setHeight(h, at: i, isMeasured: true)
            let j = Int.random(in: 0...heights.count, using: &rng), g = Self.randomHeight(&rng)
            heights.insert(g, at: j)
            tree.insert([HeightRun(count: 1, height: g)], at: j)
        }
        #expect(tree.count == heights.count)
        for (i, h) in heights.enumerated() {
            #expect(tree.height(at: i).bitPattern == h.bitPattern, "height(at: \(i))")
            #expect(tree.slot(at: i).height.bitPattern == h.bitPattern, "slot(at: \(i))")
        }
        var walked: [UInt64] = []
        tree.forEachSlot(from: 0) {
            walked.append($0.height.bitPattern); return true
        }
        #expect(walked == heights.map(\.bitPattern))
        #expect(Array(tree.runs).flatMap { repeatElement($0.height.bitPattern, count: $0.count) } == heights.map(\.bitPattern))
        let records = RowRecords(heights.map { HeightRun(count: 1, height: $0) })
        #expect((0..<heights.count).allSatisfy { records.height(at: $0).bitPattern == heights[$0].bitPattern })
    }

    /// Heights that fit the leaves' 8-byte encoding (integers, halves, `Float` values) mixed with ones
    /// that do not (0.1, 1/3, random bits, subnormals), so leaves switch encodings under every mutation.
    /// One height in `oddOneIn` on average does not fit (big leaves need a few narrow ones left).
    static func mixedHeight(_ rng: inout SplitMix64, oddOneIn: UInt64) -> Double {
        if rng.next() % oddOneIn == 0 {
            return rng.next() % 2 == 0
                ? randomHeight(&rng)
                : [0.1, 1.0 / 3, 43.666666666666664, 0x1p-1074, 0x1p-1022, 1e300].randomElement(using: &rng)!
        }
        switch rng.next() % 3 {
        case 0: return Double(rng.next() % 200)
        case 1: return Double(rng.next() % 400) / 2
        default: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()) & 0x7F7F_FFFF))
        }
    }

    /// Every height comes back with its bit pattern while leaves move between the 8-byte and the
    /// 12-byte run encodings (setHeight, insert, remove, splits and merges), checked against an array
    /// after every step; the tree's invariants (including "a narrow leaf keeps every height") hold throughout.
    @Test(arguments: [(4, 4), (5, 3), (80, 64)])
    func mixedEncodingsRoundTripBitForBit(leafCapacity: Int, fanout: Int) throws {
        var rng = SplitMix64(seed: 0x8B17 ^ UInt64(leafCapacity))
        let odd: UInt64 = leafCapacity > 8 ? 60 : 3
        var heights = (0..<600).map { _ in Self.mixedHeight(&rng, oddOneIn: odd) }
        var tree = SlotTree(heights.map { HeightRun(count: 1, height: $0) }, leafCapacity: leafCapacity, fanout: fanout)
        var sawNarrow = false, sawWide = false
        for step in 0..<700 {
            let h = Self.mixedHeight(&rng, oddOneIn: odd)
            switch rng.next() % 4 {
            case 0 where !heights.isEmpty:
                let i = Int.random(in: 0..<heights.count, using: &rng)
                heights[i] = h
                tree.setHeight(h, at: i, isMeasured: true)
            case 1 where heights.count > 1:
                let i = Int.random(in: 0..<heights.count - 1, using: &rng), n = Int.random(in: 1...2, using: &rng)
                heights.removeSubrange(i..<i + n)
                tree.removeSubrange(i..<i + n)
            default:
                let j = Int.random(in: 0...heights.count, using: &rng)
                heights.insert(h, at: j)
                tree.insert([HeightRun(count: 1, height: h)], at: j)
            }
            try tree.checkInvariants()
            #expect(tree.count == heights.count, "step \(step)")
            var walked: [UInt64] = []
            tree.forEachSlot(from: 0) {
                walked.append($0.height.bitPattern); return true
            }
            #expect(walked == heights.map(\.bitPattern), "step \(step)")
            if step % 50 == 0 {
                #expect((0..<heights.count).allSatisfy { tree.height(at: $0).bitPattern == heights[$0].bitPattern }, "step \(step)")
            }
            var leaves: [SlotTree.Node] = [tree.root]
            while let node = leaves.popLast() {
                if node.isLeaf { if node.isNarrow { sawNarrow = true } else if node.runCount > 0 { sawWide = true } }
                leaves.append(contentsOf: node.children)
            }
        }
        #expect(sawNarrow && sawWide, "both encodings were exercised")
        #expect(Array(tree.runs).flatMap { repeatElement($0.height.bitPattern, count: $0.count) } == heights.map(\.bitPattern))
    }

    /// A leaf follows an insert, a removal or a new height by the difference only while every height in it is on
    /// the exact grid and its sum stays below the limit; otherwise it re-adds its runs. Either way the
    /// sum is the fixed-shape sum of the runs (`checkInvariants` recomputes it after every step).
    @Test func leafSumsFollowByDifferenceOnlyOnTheExactGrid() throws {
        #expect(SlotTree.isOnExactGrid(44) && SlotTree.isOnExactGrid(0.5) && SlotTree.isOnExactGrid(1.0 / 256))
        #expect(SlotTree.isOnExactGrid(0) && SlotTree.isOnExactGrid(0x1p43))
        #expect(!SlotTree.isOnExactGrid(0.1) && !SlotTree.isOnExactGrid(1.0 / 512) && !SlotTree.isOnExactGrid(1.0 / 3))
        #expect(!SlotTree.isOnExactGrid(-1) && !SlotTree.isOnExactGrid(0x1p44) && !SlotTree.isOnExactGrid(.infinity))

        var tree = SlotTree((0..<50).map { HeightRun(count: 1, height: Double($0 % 7) + 0.5) })
        #expect(tree.root.isLeaf && tree.root.heightsOnGrid)
        tree.insert([HeightRun(count: 1, height: 0.1)], at: 10)
        #expect(!tree.root.heightsOnGrid, "an off-grid height takes the leaf off the grid")
        try tree.checkInvariants()
        tree.removeSubrange(10..<11)
        #expect(!tree.root.heightsOnGrid, "and it stays off until the leaf is rebuilt (the safe side)")
        try tree.checkInvariants()
        tree.setHeight(0.3, at: 0, isMeasured: true)
        try tree.checkInvariants()

        // A new height on the grid, measured or not: by difference, the unmeasured count by one.
        var heights = SlotTree((0..<50).map { HeightRun(count: 1, height: Double($0 % 7) + 0.5, isMeasured: false) })
        heights.setHeight(3.25, at: 7, isMeasured: true)
        #expect(heights.root.heightsOnGrid && heights.unmeasuredCount == 49 && heights.height(at: 7) == 3.25)
        heights.setHeight(0.75, at: 7, isMeasured: false)
        heights.setHeight(12, at: 49, isMeasured: true)
        var expected: [Double] = (0..<49).map { Double($0 % 7) + 0.5 }
        expected[7] = 0.75
        expected.append(12)
        #expect(heights.unmeasuredCount == 49 && heights.totalHeight == expected.reduce(0, +))
        try heights.checkInvariants()
        heights.setHeight(0.1, at: 3, isMeasured: true)
        #expect(!heights.root.heightsOnGrid, "an off-grid height re-adds the leaf")
        try heights.checkInvariants()

        // Near the limit: by difference while the totals stay below 2^44, re-added past it.
        var big = SlotTree([HeightRun(count: 1, height: 0x1p40), HeightRun(count: 3, height: 0x1p39)])
        #expect(big.root.heightsOnGrid)
        big.insert([HeightRun(count: 1, height: 0x1p43)], at: 0)
        #expect(big.totalHeight == 0x1p43 + 0x1p40 + 3 * 0x1p39)
        big.insert([HeightRun(count: 2, height: 0x1p43)], at: 1)
        #expect(big.totalHeight == 3 * 0x1p43 + 0x1p40 + 3 * 0x1p39, "past the limit: re-added")
        try big.checkInvariants()
        big.removeSubrange(0..<3)
        #expect(big.totalHeight == 0x1p40 + 3 * 0x1p39)
        try big.checkInvariants()
    }

    /// Heights that are exactly `Float`s are stored in 8 bytes a run; the sums over them are the same
    /// `Double` additions as before, so totals agree bit for bit with `RowRecords`.
    @Test func floatExactHeightsUseTheNarrowEncodingAndSumLikeRowRecords() throws {
        var rng = SplitMix64(seed: 0xF10A7)
        let heights = (0..<10_000).map { _ in Double(rng.next() % 4_000) / 4 }
        let runs = heights.map { HeightRun(count: 1, height: $0) }
        let tree = SlotTree(runs), records = RowRecords(runs)
        var leaf = tree.root
        while !leaf.isLeaf { leaf = leaf.children[0] }
        #expect(leaf.isNarrow)
        #expect(tree.totalHeight.bitPattern == records.totalHeight.bitPattern)
        for i in stride(from: 0, to: heights.count, by: 97) {
            #expect(tree.offset(of: i).bitPattern == records.offset(of: i).bitPattern)
            #expect(tree.height(at: i).bitPattern == heights[i].bitPattern)
        }
        try tree.checkInvariants()
    }
}
