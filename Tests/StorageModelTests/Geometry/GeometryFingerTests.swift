import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Fingers (`GeometryFinger`) must never be used stale: random interleavings of
/// scroll-like lookups with every mutation, copies, swaps between copies and
/// rebuilds, each answer checked against a brute-force model.
@Suite struct GeometryFingerTests {
    /// What a finger lookup must return, from the model's forward scans.
    static func expected(_ m: ModelAnswers, at y: Double) -> LocatedSlot? {
        guard let i = m.index(atOffset: y) else { return nil }
        let section = m.sections[i]
        return LocatedSlot(slot: m.slot(at: i), section: section, row: i - (section < 0 ? -1 : m.headers[section]) - 1)
    }

    /// The same answer by the tree's own finger-free queries (for inexact heights, where the model's chain differs).
    static func expected(_ g: some RowGeometry, at y: Double) -> LocatedSlot? {
        guard let i = g.index(atOffset: y) else { return nil }
        let section = g.section(containing: i)
        return LocatedSlot(
            slot: g.slot(at: i), section: section,
            row: i - (section < 0 ? -1 : g.headerIndex(ofSection: section)) - 1)
    }

    /// Random operations; between them, lookups through a small pool of fingers
    /// (each taken from whichever tree was current then), near the last offset or anywhere.
    func run(
        seed: UInt64, operations: Int, maxSlots: Int, leafCapacity: Int, fanout: Int,
        heights: [Double], againstModel: Bool
    ) throws -> (lookups: Int, walked: Int) {
        var rng = SplitMix64(seed: seed)
        func runs() -> [HeightRun] {
            (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                HeightRun(
                    count: Int.random(in: 0...20, using: &rng), height: heights.randomElement(using: &rng)!,
                    kind: [SlotKind.header, .row, .row, .row, .footer].randomElement(using: &rng)!,
                    isMeasured: Bool.random(using: &rng))
            }
        }
        let initial = (0..<10).flatMap { _ in runs() }
        var model = GeometryModel(initial)
        var tree = SlotTree(initial, leafCapacity: leafCapacity, fanout: fanout)
        var records = RowRecords(initial)
        // A copy that shares (then diverges from) `tree`, with the model of its contents.
        var other: (tree: SlotTree, model: GeometryModel)?
        var fingers = Array(repeating: GeometryFinger(), count: 4)
        // Cursors left where walks stopped (`forEachSlot(from:near:cursor:_:)`), one per finger, never reset:
        // they meet trees they were not left in, as fingers do.
        var cursors = Array(repeating: SlotCursor(), count: 4)
        var recordFinger = GeometryFinger()
        var y = 0.0
        var lookups = 0, walked = 0

        for step in 0..<operations {
            let roll = Int.random(in: 0..<100, using: &rng)
            switch roll {
            case 0..<12 where model.count < maxSlots:
                let new = runs()
                let at = Int.random(in: 0...model.count, using: &rng)
                model.insert(new, at: at); tree.insert(new, at: at); records.insert(new, at: at)
            case 12..<22 where model.count > 0:
                let lo = Int.random(in: 0..<model.count, using: &rng)
                let range = lo..<min(model.count, lo + Int.random(in: 0...12, using: &rng))
                _ = model.removeSubrange(range); tree.removeSubrange(range); records.removeSubrange(range)
            case 22..<36 where model.count > 0:
                let i = Int.random(in: 0..<model.count, using: &rng)
                let h = heights.randomElement(using: &rng)!, measured = Bool.random(using: &rng)
                model.slots[i].height = h; model.slots[i].isMeasured = measured
                tree.setHeight(h, at: i, isMeasured: measured); records.setHeight(h, at: i, isMeasured: measured)
            case 36..<38:
                for i in model.slots.indices { model.slots[i].isMeasured = false }
                tree.markAllUnmeasured(); records.markAllUnmeasured()
            case 38..<42:
                // Copy, or swap with the copy: fingers now meet a tree they were not taken from.
                if let o = other, Bool.random(using: &rng) {
                    other = (tree, model)
                    (tree, model) = (o.tree, o.model)
                    records = RowRecords(model.slots.map { HeightRun(count: 1, height: $0.height, kind: $0.kind, isMeasured: $0.isMeasured) })
                } else {
                    other = (tree, model)
                }
            case 42..<45 where other != nil:
                // Mutate the copy, so both have changed the same number of times since they split.
                if other!.model.count > 0 {
                    let i = Int.random(in: 0..<other!.model.count, using: &rng)
                    let h = heights.randomElement(using: &rng)!
                    other!.model.slots[i].height = h; other!.model.slots[i].isMeasured = true
                    other!.tree.setHeight(h, at: i, isMeasured: true)
                }
            case 45..<47:
                // A reload: a new tree of the same contents.
                tree = SlotTree(
                    model.slots.map { HeightRun(count: 1, height: $0.height, kind: $0.kind, isMeasured: $0.isMeasured) },
                    leafCapacity: leafCapacity, fanout: fanout)
            default:
                break
            }
            let answers = ModelAnswers(model)
            // A few scroll steps through a random finger: small moves, sometimes a jump.
            for _ in 0..<3 {
                let f = Int.random(in: 0..<fingers.count, using: &rng)
                let move = Int.random(in: 0..<10, using: &rng)
                y =
                    move == 0
                    ? Double.random(in: -1...answers.total + 1, using: &rng)
                    : move == 1
                        ? answers.offsets[Int.random(in: 0...model.count, using: &rng)]
                        : y + Double.random(in: -12...12, using: &rng)
                if fingers[f].isValid(for: tree) { walked += 1 }
                lookups += 1
                let found = tree.slot(atOffset: y, near: &fingers[f])
                let want = againstModel ? Self.expected(answers, at: y) : Self.expected(tree, at: y)
                #expect(found == want, "seed \(seed) step \(step): finger \(f) at \(y)")
                if againstModel {
                    #expect(records.slot(atOffset: y, near: &recordFinger) == want, "seed \(seed) step \(step): records at \(y)")
                }
                if let section = found?.section, section >= 0 {
                    // The section span (pinned headers) through the same finger: never stale either.
                    let next = section + 1 < answers.headers.count ? answers.offsets[answers.headers[section + 1]] : answers.total
                    let want =
                        againstModel
                        ? SectionSpan(header: answers.slot(at: answers.headers[section]), end: next)
                        : SectionSpan(
                            header: tree.slot(at: tree.headerIndex(ofSection: section)),
                            end: section + 1 < tree.sectionCount
                                ? tree.offset(of: tree.headerIndex(ofSection: section + 1))
                                : tree.totalHeight)
                    #expect(tree.sectionSpan(section, near: &fingers[f]) == want, "seed \(seed) step \(step): sectionSpan(\(section))")
                    if againstModel {
                        #expect(records.sectionSpan(section, near: &recordFinger) == want, "seed \(seed) step \(step): records span")
                    }
                }
                if let start = found?.slot.index {
                    let from = min(model.count, max(0, start + Int.random(in: -3...3, using: &rng)))
                    var walkedSlots: [Slot] = []
                    tree.forEachSlot(from: from, near: fingers[f]) {
                        walkedSlots.append($0); return walkedSlots.count < 8
                    }
                    let wantSlots = (from..<min(from + 8, model.count)).map { againstModel ? answers.slot(at: $0) : tree.slot(at: $0) }
                    #expect(walkedSlots == wantSlots, "seed \(seed) step \(step): forEachSlot(from: \(from), near:)")
                    // Through the cursor: a walk that stops, then one that goes on from where it stopped
                    // (or from near it, before or after), as the kept walk of a scroll step does.
                    var cursorSlots: [Slot] = []
                    let length = Int.random(in: 1...12, using: &rng)
                    tree.forEachSlot(from: from, near: fingers[f], cursor: &cursors[f]) {
                        cursorSlots.append($0); return cursorSlots.count < length
                    }
                    let resume = min(model.count, max(0, from + cursorSlots.count - 1 + Int.random(in: -2...3, using: &rng)))
                    tree.forEachSlot(from: resume, near: fingers[f], cursor: &cursors[f]) {
                        cursorSlots.append($0); return cursorSlots.count < length + 6
                    }
                    let firstPart = (from..<min(from + length, model.count))
                    let secondPart = (resume..<min(resume + length + 6 - firstPart.count, model.count))
                    let wantCursor = (Array(firstPart) + Array(secondPart)).map { againstModel ? answers.slot(at: $0) : tree.slot(at: $0) }
                    #expect(cursorSlots == wantCursor, "seed \(seed) step \(step): forEachSlot(from: \(from), near:, cursor:)")
                }
            }
        }
        return (lookups, walked)
    }

    @Test(arguments: [(UInt64(1), 4, 4), (2, 2, 3), (3, 5, 3), (4, 80, 64)])
    func neverUsedStale(seed: UInt64, leafCapacity: Int, fanout: Int) throws {
        let (lookups, walked) = try run(
            seed: seed, operations: 1_500, maxSlots: 400, leafCapacity: leafCapacity, fanout: fanout,
            heights: GeometryModelTests.heights, againstModel: true)
        // The finger must actually be used, not just always refused.
        #expect(walked > lookups / 4, "only \(walked) of \(lookups) lookups walked from a valid finger")
    }

    /// The long sweep: `REUSETABLE_LONG=1 swift test --filter GeometryFingerTests`.
    @Test(
        .enabled(if: ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"),
        arguments: Array(UInt64(100)..<UInt64(124)))
    func neverUsedStaleLongSweep(seed: UInt64) throws {
        let shapes = [(2, 3), (3, 3), (4, 4), (5, 3), (8, 4), (80, 64)]
        let (leafCapacity, fanout) = shapes[Int(seed % UInt64(shapes.count))]
        _ = try run(
            seed: seed, operations: 6_000, maxSlots: 1_500, leafCapacity: leafCapacity, fanout: fanout,
            heights: GeometryModelTests.heights, againstModel: true)
        _ = try run(
            seed: seed ^ 0xFF, operations: 3_000, maxSlots: 1_500, leafCapacity: leafCapacity, fanout: fanout,
            heights: [0, 0.1, 1.0 / 3, 0.7, 44.1, 1e-9, 17], againstModel: false)
    }

    /// Inexact heights (0.1, 1/3, …): rounding edges; answers must equal the tree's own queries.
    @Test(arguments: [(UInt64(11), 4, 4), (12, 2, 3), (13, 80, 64)])
    func inexactHeightsMatchTheTreesOwnQueries(seed: UInt64, leafCapacity: Int, fanout: Int) throws {
        _ = try run(
            seed: seed, operations: 1_000, maxSlots: 400, leafCapacity: leafCapacity, fanout: fanout,
            heights: [0, 0.1, 1.0 / 3, 0.7, 44.1, 1e-9, 17], againstModel: false)
    }

    /// A long scroll down and back up a big tree: every step answers like a descent.
    @Test func scrollingAcrossLeavesAndSections() {
        var rng = SplitMix64(seed: 7)
        var runs: [HeightRun] = []
        for _ in 0..<50 {
            runs.append(HeightRun(count: 1, height: 20, kind: .header))
            for _ in 0..<Int.random(in: 0...60, using: &rng) {
                runs.append(HeightRun(count: Int.random(in: 1...3, using: &rng), height: Double(Int.random(in: 1...8, using: &rng)) * 5.5))
            }
            runs.append(HeightRun(count: 1, height: Double(Int.random(in: 0...1, using: &rng)) * 10, kind: .footer))
        }
        let tree = SlotTree(runs, leafCapacity: 8, fanout: 4)
        var finger = GeometryFinger()
        var y = -10.0, step = 7.25
        var valid = 0, steps = 0
        while y > -20 {
            if finger.isValid(for: tree) { valid += 1 }
            steps += 1
            #expect(tree.slot(atOffset: y, near: &finger) == Self.expected(tree, at: y), "at \(y)")
            y += step
            if y > tree.totalHeight + 10 { step = -step }
        }
        #expect(valid >= steps - 5, "\(valid) of \(steps) lookups walked")
    }
}
