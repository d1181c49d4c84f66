import Foundation
@_spi(Internals) import ReuseTable
import SeededRandom

// The `diffable` suite's diff-only operations: `changeCount(since:)` of two snapshots, no table,
// on the shapes other libraries publish figures for (Docs/performance.md puts ours beside theirs):
// `diffDiffUtil`, 1,000 string UUIDs and 200 changes (DiffUtil's documented case: deletes, inserts,
// moves and reloads in equal parts); `diffDifferenceKit`, 100,000 UUIDs built as DifferenceKit's
// benchmark builds them (delete 20,000..<30,000, insert 10,000 at 30,000, shuffle the first 2,000);
// `diffReverse`, 100,000 UUIDs reversed, a move-minimal diff's worst case. Steps alternate A→B, B→A.

enum DiffShapes {
    static let operations = ["diffDiffUtil", "diffDifferenceKit", "diffReverse"]

    /// The three operations, each at its one published scale, for `DiffableSuite`.
    static func operations(quick: Bool) -> [BenchOperation] {
        [
            operation("diffDiffUtil", rows: 1_000) { rows in
                let (a, b, reloaded) = diffUtilShape(rows: rows, changes: rows / 5)
                return diffCase(snapshot(a), snapshot(b, reloading: reloaded))
            },
            operation("diffDifferenceKit", rows: 100_000) { rows in
                let (a, b) = differenceKitShape(rows: rows)
                return diffCase(snapshot(a), snapshot(b))
            },
            operation("diffReverse", rows: 100_000) { rows in
                let a = uuids(rows, seed: 0x2E7E)
                return diffCase(snapshot(a), snapshot(a.reversed()))
            },
        ]
    }

    static func operation(_ name: String, rows: Int, setUp: @escaping (Int) -> BenchCase) -> BenchOperation {
        BenchOperation(name: name, baseline: nil, strategies: [BenchStrategy(name: "ReuseTable", setUp: setUp)], scales: [rows])
    }

    /// Published figures beside ours (theirs, on their machines: context, not ratios).
    static func commentary(_ results: [BenchResult]) -> [String] {
        func ours(_ operation: String) -> String? {
            results.first { $0.operation == operation }?.summary.map { Report.duration($0.median) }
        }
        var lines: [String] = []
        if let diffUtil = ours("diffDiffUtil") {
            lines.append(
                "Diff alone, 1,000 items and 200 changes: \(diffUtil) here; DiffUtil publishes 27.07 ms (median 26.92 ms) "
                    + "on a Nexus 5X with move detection (13.54 ms without).")
        }
        if let differenceKit = ours("diffDifferenceKit") {
            lines.append(
                "Diff alone, 100,000 items, 10,000 deleted, 10,000 inserted, 2,000 shuffled: \(differenceKit) here; "
                    + "DifferenceKit's README publishes 0.0364 s (iPhone Xs simulator).")
        }
        if let reverse = ours("diffReverse") {
            lines.append("Diff alone, 100,000 items reversed: \(reverse) here (DifferenceKit's README publishes no reverse figure).")
        }
        return lines
    }

    // MARK: Shapes

    /// `count` UUIDs from a seeded generator, so every run diffs the same items.
    static func uuids(_ count: Int, seed: UInt64) -> [UUID] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let high = generator.next(), low = generator.next()
            return withUnsafeBytes(of: (high, low)) { UUID(uuid: $0.load(as: uuid_t.self)) }
        }
    }

    /// DifferenceKit's benchmark data: delete `rows / 5 ..< 3 rows / 10`, insert as many new items
    /// at `3 rows / 10`, shuffle the first `rows / 50` (its 100,000 case: 20,000..<30,000, 30,000, 0..<2,000).
    static func differenceKitShape(rows: Int) -> (a: [UUID], b: [UUID]) {
        let a = uuids(rows, seed: 0xD1FF_4B17)
        var b = a
        let deleted = (rows / 5)..<(3 * rows / 10)
        b.removeSubrange(deleted)
        b.insert(contentsOf: uuids(deleted.count, seed: 0x1_5E47), at: 3 * rows / 10)
        var generator = SplitMix64(seed: 0x5_4FF1E)
        b[0..<(rows / 50)].shuffle(using: &generator)
        return (a, b)
    }

    /// `rows` UUID strings and a copy with `changes` changes: deletes, inserts, moves and reloads in
    /// equal parts at random positions (reloads name items kept in place or moved).
    static func diffUtilShape(rows: Int, changes: Int) -> (a: [String], b: [String], reloaded: [String]) {
        let pool = uuids(rows + changes, seed: 0xD1FF_0715).map(\.uuidString)
        let a = Array(pool[0..<rows])
        var fresh = pool[rows...].makeIterator()
        var b = a
        var reloaded: [String] = []
        var generator = SplitMix64(seed: 0xD1FF_0716)
        func position(below bound: Int) -> Int { SplitMix64.scaled(generator.next(), below: bound) }
        for change in 0..<changes {
            switch change % 4 {
            case 0: b.remove(at: position(below: b.count))
            case 1: b.insert(fresh.next()!, at: position(below: b.count + 1))
            case 2:
                let item = b.remove(at: position(below: b.count))
                b.insert(item, at: position(below: b.count + 1))
            default:
                let item = b[position(below: b.count)]
                if !reloaded.contains(item) { reloaded.append(item) }
            }
        }
        return (a, b, reloaded)
    }

    /// One section of `items`, with `reloading` marked for reload.
    static func snapshot<I: Hashable & Sendable>(_ items: [I], reloading: [I] = []) -> DiffableDataSourceSnapshot<Int, I> {
        var snapshot = DiffableDataSourceSnapshot<Int, I>()
        snapshot.appendSections([0])
        snapshot.appendItems(items, toSection: 0)
        if !reloading.isEmpty { snapshot.reloadItems(reloading) }
        return snapshot
    }

    /// A step that diffs A→B, then B→A, and so on.
    static func diffCase<S, I>(_ a: DiffableDataSourceSnapshot<S, I>, _ b: DiffableDataSourceSnapshot<S, I>) -> BenchCase {
        BenchCase(step: { i in blackHole(i % 2 == 0 ? b.changeCount(since: a) : a.changeCount(since: b)) }, maxBatch: 64)
    }
}
