import Foundation
import Testing
@testable import ReuseTable
import TestSupport

/// A stand-in for a cell: the list only stores references.
private final class Token {
    let id: Int
    init(_ id: Int) { self.id = id }
}

private typealias Rows = CellsOnScreen<Token>

/// `CellsOnScreen`: the sorted list of on-screen cells and the three steps of a layout pass,
/// checked against a plain sorted array of (section, row, cell id).
@Suite struct CellsOnScreenTests {
    private struct Key: Comparable, Hashable {
        var section: Int
        var row: Int
        static func < (a: Key, b: Key) -> Bool { (a.section, a.row) < (b.section, b.row) }
    }

    private static func entry(_ section: Int, _ row: Int, _ id: Int) -> Rows.Entry {
        Rows.Entry(section: section, row: row, cell: Token(id))
    }

    private static func wanted(_ section: Int, _ row: Int) -> Rows.Wanted {
        Rows.Wanted(section: section, row: row, frame: .zero)
    }

    /// (section, row, id) of every entry, in list order.
    private static func content(_ rows: Rows) -> [[Int]] {
        rows.entries.map { [$0.section, $0.row, $0.cell.id] }
    }

    @Test func emptyList() {
        var rows = Rows()
        #expect(rows.isEmpty && rows.count == 0 && rows.indexPaths.isEmpty && rows.cells.isEmpty)
        #expect(rows[IndexPath(row: 0, section: 0)] == nil)
        #expect(rows.cells(for: [Self.wanted(0, 0)]).map { $0 == nil } == [true])
        #expect(rows.removeEntries(notIn: []).isEmpty)
    }

    @Test func replaceSortsBySectionThenRow() {
        var rows = Rows()
        rows.replace(with: [Self.entry(1, 0, 10), Self.entry(0, 5, 11), Self.entry(0, 2, 12), Self.entry(2, 0, 13)])
        #expect(Self.content(rows) == [[0, 2, 12], [0, 5, 11], [1, 0, 10], [2, 0, 13]])
        #expect(
            rows.indexPaths == [
                IndexPath(row: 2, section: 0), IndexPath(row: 5, section: 0),
                IndexPath(row: 0, section: 1), IndexPath(row: 0, section: 2),
            ])
        #expect(rows.cells.map(\.id) == [12, 11, 10, 13])
        #expect(rows.count == 4 && !rows.isEmpty)
    }

    @Test func subscriptFindsOnlyExactIndexPaths() {
        var rows = Rows()
        rows.replace(with: [Self.entry(0, 1, 1), Self.entry(0, 3, 3), Self.entry(2, 0, 20)])
        #expect(rows[IndexPath(row: 1, section: 0)]?.id == 1)
        #expect(rows[IndexPath(row: 3, section: 0)]?.id == 3)
        #expect(rows[IndexPath(row: 0, section: 2)]?.id == 20)
        for (section, row) in [(0, 0), (0, 2), (0, 4), (1, 0), (1, 3), (2, 1), (3, 0)] {
            #expect(rows[IndexPath(row: row, section: section)] == nil, "(\(section), \(row))")
        }
        #expect(rows[IndexPath(index: 0)] == nil, "an index path that is not (section, row)")
        #expect(rows[IndexPath(indexes: [0, 1, 0])] == nil)
    }

    @Test func insertKeepsTheListSorted() {
        var rows = Rows()
        for (section, row) in [(1, 4), (0, 9), (1, 0), (0, 0), (2, 2), (0, 5)] {
            rows.insert(Self.entry(section, row, 100 * section + row))
        }
        #expect(Self.content(rows).map { [$0[0], $0[1]] } == [[0, 0], [0, 5], [0, 9], [1, 0], [1, 4], [2, 2]])
        #expect(rows[IndexPath(row: 5, section: 0)]?.id == 5)
    }

    @Test func partitionKeepsAndReturnsInOrder() {
        var rows = Rows()
        rows.replace(with: (0..<8).map { Self.entry($0 / 4, $0 % 4, $0) })
        let gone = rows.partition { $0.cell.id % 3 != 0 }
        #expect(gone.map(\.cell.id) == [0, 3, 6])
        #expect(rows.cells.map(\.id) == [1, 2, 4, 5, 7])
    }

    @Test func removeAllReturnsEverythingInOrder() {
        var rows = Rows()
        rows.replace(with: [Self.entry(1, 0, 2), Self.entry(0, 0, 1)])
        #expect(rows.removeAll().map(\.cell.id) == [1, 2])
        #expect(rows.isEmpty)
    }

    /// Step 1 and step 2 on a hand-checked case: rows 0…4 shown, rows 3…6 wanted.
    @Test func stepsOfAScroll() {
        var rows = Rows()
        rows.replace(with: (0..<5).map { Self.entry(0, $0, $0) })
        let wanted = (3...6).map { Self.wanted(0, $0) }
        #expect(rows.removeEntries(notIn: wanted).map(\.cell.id) == [0, 1, 2])
        #expect(rows.cells.map(\.id) == [3, 4])
        #expect(rows.cells(for: wanted).map { $0?.id } == [3, 4, nil, nil])
        var scratch: [Token?] = [Token(99), nil, nil, nil, nil, nil]
        rows.cells(for: wanted, into: &scratch)
        #expect(scratch.map { $0?.id } == [3, 4, nil, nil], "the caller's array is emptied first")
    }

    /// A section change between wanted rows: comparison is by (section, row), not by row alone.
    @Test func stepsCompareSectionBeforeRow() {
        var rows = Rows()
        rows.replace(with: [Self.entry(0, 7, 1), Self.entry(1, 0, 2), Self.entry(1, 7, 3)])
        let wanted = [Self.wanted(0, 7), Self.wanted(1, 2), Self.wanted(1, 7)]
        #expect(rows.cells(for: wanted).map { $0?.id } == [1, nil, 3])
        #expect(rows.removeEntries(notIn: wanted).map(\.cell.id) == [2])
        #expect(rows.cells.map(\.id) == [1, 3])
    }

    /// The three steps of a layout pass, over random passes,
    /// against a sorted array: afterwards exactly the wanted rows are shown, every row that
    /// stayed keeps its cell, the rows that left are returned in order, and lookups agree.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func layoutPassesMatchASortedArray(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
        var rows = Rows()
        var model: [(key: Key, id: Int)] = []
        var next = 0
        var scratch: [Token?] = []
        for pass in 0..<400 {
            // A random wanted set over 3 sections × 12 rows, sorted, no duplicates; every other
            // pass a scroll's window (a run of consecutive rows, now and then with one row left out).
            var keys = Set<Key>()
            if pass % 2 == 0 {
                for _ in 0..<random(14) { keys.insert(Key(section: random(3), row: random(12))) }
            } else {
                let start = random(36), length = random(14)
                for slot in start..<min(start + length, 36) { keys.insert(Key(section: slot / 12, row: slot % 12)) }
                if random(4) == 0, let gap = keys.randomElement(using: &generator) { keys.remove(gap) }
            }
            let wantedKeys = keys.sorted()
            let wanted = wantedKeys.map { Self.wanted($0.section, $0.row) }
            let oldIDs = Dictionary(uniqueKeysWithValues: model.map { ($0.key, $0.id) })

            // Every lookup agrees with the model before the pass.
            for s in 0..<3 {
                for r in 0..<12 {
                    try #require(rows[IndexPath(row: r, section: s)]?.id == oldIDs[Key(section: s, row: r)], "pass \(pass)")
                }
            }

            let expectedGone = model.filter { !keys.contains($0.key) }.map(\.id)
            let expectedStaying = wantedKeys.map { oldIDs[$0] }
            var newModel: [(key: Key, id: Int)] = []
            let expectedMissing = wantedKeys.indices.filter { oldIDs[wantedKeys[$0]] == nil }
            do {
                var missing: [Int] = [-1]
                rows.positionsMissing(from: wanted, into: &missing)
                try #require(missing == expectedMissing, "pass \(pass): arrivals before the departures")
                var told = rows, toldGone: [Rows.Entry] = []
                told.removeEntries(notIn: wanted, into: &toldGone)
                let gone = rows.removeEntries(notIn: wanted)
                try #require(gone.map(\.cell.id) == expectedGone, "pass \(pass)")
                try #require(toldGone.map(\.cell.id) == expectedGone, "pass \(pass): into a caller's array")
                try #require(told.indexPaths == rows.indexPaths, "pass \(pass): the same entries stay")
                try #require(rows.count == model.count - gone.count)
                rows.positionsMissing(from: wanted, into: &missing)
                try #require(missing == expectedMissing, "pass \(pass): arrivals after the departures")
                let staying = rows.cells(for: wanted)
                try #require(staying.map { $0?.id } == expectedStaying, "pass \(pass)")
                rows.cells(for: wanted, into: &scratch)
                try #require(scratch.map { $0?.id } == expectedStaying)
                // Step 3 in a random order: the list stays sorted whatever the order of arrivals.
                var arrivals = wantedKeys.filter { oldIDs[$0] == nil }
                arrivals.shuffle(using: &generator)
                for key in arrivals {
                    next += 1
                    rows.insert(Rows.Entry(section: key.section, row: key.row, cell: Token(next)))
                }
                newModel = wantedKeys.map { key in (key, oldIDs[key] ?? rows[IndexPath(row: key.row, section: key.section)]?.id ?? -2) }
            }
            model = newModel
            try #require(rows.entries.map { Key(section: $0.section, row: $0.row) } == wantedKeys, "pass \(pass)")
            try #require(rows.cells.map(\.id) == model.map(\.id))
            try #require(Set(rows.cells.map(\.id)).count == rows.count, "no cell shown twice")
        }
    }
}
