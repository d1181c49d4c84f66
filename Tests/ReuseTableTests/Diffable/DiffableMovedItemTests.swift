import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A moved item carries its height, whatever happens to the sections around it — moved, deleted,
/// inserted: an apply asks only for the heights of inserted and reloaded items, in a table with
/// exact heights and in a waterfall.
@MainActor
@Suite struct DiffableMovedItemTests {
    /// Sections as (identifier, items); an item's height is its identifier, until it is reloaded.
    typealias Sections = [(id: Int, items: [Int])]

    struct Change: Sendable, CustomTestStringConvertible {
        let name: String
        let after: [[Int]]  // per section: the identifier, then the items
        var reloaded: [Int] = []
        var testDescription: String { name }
        var sections: Sections { after.map { ($0[0], Array($0.dropFirst())) } }
    }

    nonisolated static let before: Sections = [(1, [10, 11, 12, 13, 14]), (2, [20, 21, 22, 23, 24]), (3, [30, 31, 32, 33, 34])]

    nonisolated static let changes: [Change] = [
        Change(
            name: "a section moves while items move between the others",
            after: [[3, 30, 31, 33, 34], [1, 10, 32, 12, 13, 14], [2, 20, 11, 21, 22, 23, 24]]),
        Change(
            name: "items leave a section that moves, and one comes into it",
            after: [[2, 20, 21, 13, 22, 24], [3, 30, 31, 32, 33, 34], [1, 10, 23, 11, 12, 14]]),
        Change(
            name: "a section is deleted while items move between the others",
            after: [[1, 10, 12, 13, 21, 14], [2, 20, 11, 22, 23, 24]]),
        Change(
            name: "a section is deleted and its items move into the others",
            after: [[2, 20, 11, 21, 22, 23, 24], [3, 30, 31, 13, 32, 33, 34, 14]]),
        Change(
            name: "a section is deleted, another moves, items leave the deleted one",
            after: [[3, 12, 30, 31, 32, 33, 34], [2, 20, 21, 22, 10, 23, 24, 40]]),
        Change(
            name: "a section is deleted; of its items one moves, one moves and is reloaded",
            after: [[2, 20, 21, 22, 23, 24, 11], [3, 13, 30, 31, 32, 33, 34]], reloaded: [13, 22]),
        Change(
            name: "a section is inserted with moved and new items",
            after: [[1, 10, 12, 13, 14], [4, 11, 40, 23, 41], [2, 20, 21, 22, 24], [3, 30, 31, 32, 33, 34]]),
        Change(
            name: "a section is deleted and one inserted: items go from one to the other",
            after: [[5, 31, 50, 33], [1, 10, 11, 12, 13, 14], [2, 20, 21, 22, 23, 24, 34]], reloaded: [33]),
    ]

    static func snapshot(_ sections: Sections, reloading reloaded: [Int] = []) -> DiffableDataSourceSnapshot<Int, Int> {
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        for (id, items) in sections {
            snapshot.appendSections([id])
            snapshot.appendItems(items, toSection: id)
        }
        if !reloaded.isEmpty { snapshot.reloadItems(reloaded) }
        return snapshot
    }

    /// The items an apply from `old` to `new` must ask for: the new identifiers and the reloaded ones.
    static func expectedAsked(old: Sections, new: Sections, reloaded: Set<Int>) -> [Int] {
        let before = Set(old.flatMap(\.items))
        return new.flatMap(\.items).filter { !before.contains($0) || reloaded.contains($0) }.sorted()
    }

    @Test(arguments: changes)
    func aTableAsksOnlyForInsertedAndReloadedRows(change: Change) throws {
        let harness = DiffableTableHarness()
        for item in Set((Self.before + change.sections).flatMap(\.items)) { harness.heights[item] = Double(item) }
        harness.dataSource.apply(Self.snapshot(Self.before))
        harness.askedHeights = []
        for item in change.reloaded { harness.heights[item]! += 100 }
        harness.dataSource.apply(Self.snapshot(change.sections, reloading: change.reloaded))
        #expect(!harness.dataSource.lastApply.reloadedData)
        #expect(
            harness.askedHeights.sorted() == Self.expectedAsked(old: Self.before, new: change.sections, reloaded: Set(change.reloaded)))
        for (s, section) in change.sections.enumerated() {
            #expect(harness.table.numberOfRows(inSection: s) == section.items.count)
            for (row, item) in section.items.enumerated() {
                let height = harness.table.rectForRow(at: IndexPath(row: row, section: s)).height
                #expect(Double(height) == harness.heights[item], "item \(item)")
            }
        }
        for indexPath in harness.table.indexPathsForVisibleRows ?? [] {
            #expect((harness.table.cellForRow(at: indexPath) as? DiffCell)?.item == harness.dataSource.itemIdentifier(for: indexPath))
        }
    }

    @Test(arguments: changes)
    func aWaterfallAsksOnlyForInsertedAndReloadedItems(change: Change) throws {
        let harness = DiffableCollectionHarness()
        for item in Set((Self.before + change.sections).flatMap(\.items)) { harness.heights[item] = Double(item) }
        harness.dataSource.apply(Self.snapshot(Self.before))
        harness.collection.layoutIfNeeded()
        harness.askedHeights = []
        for item in change.reloaded { harness.heights[item]! += 100 }
        harness.dataSource.apply(Self.snapshot(change.sections, reloading: change.reloaded))
        harness.collection.layoutIfNeeded()
        #expect(
            harness.askedHeights.sorted() == Self.expectedAsked(old: Self.before, new: change.sections, reloaded: Set(change.reloaded)))
        for (s, section) in change.sections.enumerated() {
            #expect(harness.collection.numberOfItems(inSection: s) == section.items.count)
            for (index, item) in section.items.enumerated() {
                let frame = try #require(harness.collection.layoutAttributesForItem(at: IndexPath(item: index, section: s))?.frame)
                #expect(Double(frame.height) == harness.heights[item], "item \(item)")
            }
        }
        for indexPath in harness.collection.indexPathsForVisibleItems {
            #expect((harness.collection.cellForItem(at: indexPath) as? DiffItemCell)?.item == harness.dataSource.itemIdentifier(for: indexPath))
        }
    }

    // MARK: Random snapshots

    /// A random next state: sections moved, deleted and inserted; items moved anywhere (out of
    /// deleted sections and into inserted ones too), deleted and inserted; some survivors reloaded.
    static func randomNext(_ old: Sections, ids: inout Int, rng: inout SplitMix64) -> (Sections, reloaded: [Int]) {
        var sections = old
        var loose: [Int] = []  // items taken out, to be put back somewhere
        // Delete sections; some of their items survive elsewhere.
        for s in sections.indices.reversed() where sections.count > 1 && Int.random(in: 0..<5, using: &rng) == 0 {
            loose += sections.remove(at: s).items.filter { _ in Bool.random(using: &rng) }
        }
        // Move sections.
        for _ in 0..<Int.random(in: 0...2, using: &rng) where sections.count > 1 {
            let moved = sections.remove(at: Int.random(in: 0..<sections.count, using: &rng))
            sections.insert(moved, at: Int.random(in: 0...sections.count, using: &rng))
        }
        // Insert sections, empty for now.
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            ids += 1
            sections.insert((ids, []), at: Int.random(in: 0...sections.count, using: &rng))
        }
        // Take items out: some to move, some to delete.
        for s in sections.indices {
            for index in sections[s].items.indices.reversed() {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0, 1: loose.append(sections[s].items.remove(at: index))
                case 2: sections[s].items.remove(at: index)
                default: break
                }
            }
        }
        // New items.
        for _ in 0..<Int.random(in: 0...6, using: &rng) {
            ids += 1
            loose.append(ids)
        }
        // Put the loose items back anywhere.
        for item in loose.shuffled(using: &rng) {
            let s = Int.random(in: 0..<sections.count, using: &rng)
            sections[s].items.insert(item, at: Int.random(in: 0...sections[s].items.count, using: &rng))
        }
        let survivors = Set(old.flatMap(\.items)).intersection(sections.flatMap(\.items))
        let reloaded = survivors.sorted().filter { _ in Int.random(in: 0..<12, using: &rng) == 0 }
        return (sections, reloaded)
    }

    /// Random applies against the model: exactly the inserted and reloaded items are asked, once
    /// each, and every item has its height — the one it had when it moved, a new one when reloaded.
    @Test func randomAppliesAskOnlyForInsertedAndReloadedItems() throws {
        let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] != nil
        var moves = 0, crossings = 0
        for seed in 0..<(long ? 200 : 12) as Range<UInt64> {
            var rng = SplitMix64(seed: 0xD1FF_0000 + seed)
            let table = DiffableTableHarness(height: 300)
            let waterfall = DiffableCollectionHarness()
            var ids = 1000
            var sections: Sections = (1...3).map { s in
                (
                    s,
                    (0..<Int.random(in: 0...8, using: &rng)).map { _ in
                        ids += 1; return ids
                    }
                )
            }
            for item in sections.flatMap(\.items) { table.heights[item] = Double(Int.random(in: 10...60, using: &rng)) }
            waterfall.heights = table.heights
            table.dataSource.apply(Self.snapshot(sections))
            waterfall.dataSource.apply(Self.snapshot(sections))
            for step in 0..<30 {
                let (next, reloaded) = Self.randomNext(sections, ids: &ids, rng: &rng)
                for item in next.flatMap(\.items) where table.heights[item] == nil || reloaded.contains(item) {
                    table.heights[item] = Double(Int.random(in: 10...60, using: &rng))
                }
                waterfall.heights = table.heights
                let expected = Self.expectedAsked(old: sections, new: next, reloaded: Set(reloaded))
                let oldSection = Dictionary(uniqueKeysWithValues: sections.flatMap { s in s.items.map { ($0, s.id) } })
                let newSections = Set(next.map(\.id)), oldSections = Set(sections.map(\.id))
                for section in next {
                    for item in section.items {
                        guard let from = oldSection[item] else { continue }
                        if from != section.id { moves += 1 }
                        if !newSections.contains(from) || !oldSections.contains(section.id) { crossings += 1 }
                    }
                }
                table.askedHeights = []
                waterfall.askedHeights = []
                table.dataSource.apply(Self.snapshot(next, reloading: reloaded))
                waterfall.dataSource.apply(Self.snapshot(next, reloading: reloaded))
                waterfall.collection.layoutIfNeeded()
                let context = "seed \(seed) step \(step)"
                try #require(table.askedHeights.sorted() == expected, "table \(context)")
                try #require(waterfall.askedHeights.sorted() == expected, "waterfall \(context)")
                for (s, section) in next.enumerated() {
                    for (index, item) in section.items.enumerated() {
                        let indexPath = IndexPath(item: index, section: s)
                        try #require(Double(table.table.rectForRow(at: indexPath).height) == table.heights[item], "table \(context) item \(item)")
                        let frame = waterfall.collection.layoutAttributesForItem(at: indexPath)?.frame
                        try #require(frame.map { Double($0.height) } == waterfall.heights[item], "waterfall \(context) item \(item)")
                    }
                }
                if Bool.random(using: &rng) {
                    table.table.contentOffset.y = CGFloat(Int.random(in: 0...Int(max(0, table.table.maximumContentOffsetY)), using: &rng))
                }
                sections = next
            }
        }
        #expect(moves > 0 && crossings > 0, "items moved between sections, and across deleted and inserted ones")
    }
}
