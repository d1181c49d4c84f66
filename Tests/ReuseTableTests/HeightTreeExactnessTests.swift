import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable

/// Heights are stored, never re-encoded: any finite, non-negative Double put in
/// comes back with the same bit pattern, through every way of reading it.
@Suite struct HeightTreeExactnessTests {
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
        var tree = HeightTree(heights.map { HeightRun(count: 1, height: $0) }, leafCapacity: leafCapacity, fanout: fanout)
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
        tree.forEachSlot(from: 0) { walked.append($0.height.bitPattern); return true }
        #expect(walked == heights.map(\.bitPattern))
        #expect(Array(tree.runs).flatMap { repeatElement($0.height.bitPattern, count: $0.count) } == heights.map(\.bitPattern))
        let records = RowRecords(heights.map { HeightRun(count: 1, height: $0) })
        #expect((0..<heights.count).allSatisfy { records.height(at: $0).bitPattern == heights[$0].bitPattern })
    }
}
