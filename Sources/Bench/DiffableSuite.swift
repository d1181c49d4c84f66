import Foundation
@_spi(Internals) import ReuseTable
import SeededRandom

// The `diffable` suite: applying snapshots to a real `TableView` (fixed row heights, the usual
// 320×480 viewport), end to end — diff plus the one batch update — at 10^3 … 10^6 items. Every step
// alternates between two prepared snapshots A and B, so every apply changes the table: B equal to A
// but rebuilt (`applyNoChange`), 1% of the items deleted, inserted, moved or reloaded
// (`applyOnePercent`; `applyOnePercentMainActor` times only the main-actor share of an async apply),
// every section reversed (`applyReverse`), shuffled across sections (`applyShuffle`), or every item
// new (`applyDeleteAllInsertAll`). `diffApply…` time `SnapshotDifference` alone on the same pairs.
// Baselines: `reloadData`, and "delete all + insert all" as one batch of index paths.

/// Two versions of the items, as arrays per section.
struct DiffablePair {
    var a: [[Int]]
    var b: [[Int]]
    var reloadedInB: [Int] = []
}

enum DiffableSuite {
    static let operations = ["applyNoChange", "applyOnePercent", "applyReverse", "applyShuffle", "applyDeleteAllInsertAll"]
    /// The diff alone of three of `operations`, at 10^6 items (10^4 when quick).
    static let diffOperations = [
        "diffApplyReverse": "applyReverse", "diffApplyShuffle": "applyShuffle", "diffApplyDeleteAllInsertAll": "applyDeleteAllInsertAll",
    ]
    static let scales = [1_000, 10_000, 100_000, 1_000_000]

    static func suite(quick: Bool) -> BenchSuite {
        let operations: [(name: String, baseline: String?, strategies: [(name: String, setUp: (_ rows: Int) -> BenchCase)])] =
            Self.operations.map { operation in
                (
                    name: operation, baseline: "reloadData",
                    strategies: [
                        (name: "diffable", setUp: { rows in diffableCase(pair(operation, rows)) }),
                        (name: "reloadData", setUp: { rows in reloadCase(pair(operation, rows)) }),
                        (name: "deleteInsertAll", setUp: { rows in deleteInsertCase(pair(operation, rows)) }),
                    ]
                )
            }
        var suite = Suites.tableSuite(
            name: "diffable", scales: quick ? [1_000, 10_000] : scales,
            operations: operations + [
                (
                    name: "applyOnePercentMainActor", baseline: nil,
                    strategies: [(name: "diffable", setUp: { rows in mainActorShareCase(pair("applyOnePercent", rows)) })]
                )
            ])
        suite.operations += DiffShapes.operations(quick: quick)
        let diffRows = quick ? 10_000 : 1_000_000
        suite.operations += diffOperations.keys.sorted().map { name in
            DiffShapes.operation(name, rows: diffRows) { rows in
                let pair = pair(diffOperations[name]!, rows)
                return DiffShapes.diffCase(snapshot(pair.a), snapshot(pair.b))
            }
        }
        suite.commentary = DiffShapes.commentary
        return suite
    }

    // MARK: Inputs

    static func pair(_ operation: String, _ rows: Int) -> DiffablePair {
        let sections = TableSuites.sections
        var next = 0
        let a: [[Int]] = (0..<sections).map { section in
            let count = TableSuites.rows(inSection: section, of: rows, sections: sections)
            defer { next += count }
            return Array(next..<(next + count))
        }
        switch operation {
        case "applyReverse": return DiffablePair(a: a, b: a.map { $0.reversed() })
        case "applyOnePercent": return onePercent(a, firstFresh: next)
        case "applyShuffle":
            var rng = SplitMix64(seed: 0x5_4FF1E)
            var all = a.flatMap { $0 }
            for k in stride(from: all.count - 1, to: 0, by: -1) { all.swapAt(k, SplitMix64.scaled(rng.next(), below: k + 1)) }
            var start = 0
            return DiffablePair(
                a: a,
                b: a.map { section in
                    defer { start += section.count }
                    return Array(all[start..<(start + section.count)])
                })
        case "applyDeleteAllInsertAll":
            var fresh = next
            return DiffablePair(
                a: a,
                b: a.map { section in
                    defer { fresh += section.count }
                    return Array(fresh..<(fresh + section.count))
                })
        default: return DiffablePair(a: a, b: a.map { Array($0) })
        }
    }

    /// A copy of `a` with 1% of its items changed: deletes, inserts, moves and reloads in equal parts.
    static func onePercent(_ a: [[Int]], firstFresh: Int) -> DiffablePair {
        var rng = SplitMix64(seed: 0xD1FF)
        let total = a.reduce(0) { $0 + $1.count }
        let changes = max(4, total / 100)
        func randomItem() -> (section: Int, row: Int) {
            var k = SplitMix64.scaled(rng.next(), below: total)
            var section = 0
            while k >= a[section].count { k -= a[section].count; section += 1 }
            return (section, k)
        }
        var removed = Set<Int>(), reloaded: [Int] = []
        var arrivals: [Int: [(row: Int, item: Int)]] = [:]  // section -> items placed before old row
        var fresh = firstFresh
        for change in 0..<changes {
            let (section, row) = randomItem()
            let item = a[section][row]
            switch change % 4 {
            case 0: removed.insert(item)
            case 1:
                arrivals[section, default: []].append((row, fresh))
                fresh += 1
            case 2:
                guard removed.insert(item).inserted else { continue }
                let target = randomItem()
                arrivals[target.section, default: []].append((target.row, item))
            default: reloaded.append(item)
            }
        }
        let removedOrReloaded = Set(reloaded).intersection(removed)
        var b: [[Int]] = []
        for (section, items) in a.enumerated() {
            var placed = (arrivals[section] ?? []).sorted { $0.row < $1.row }[...]
            var out: [Int] = []
            out.reserveCapacity(items.count + placed.count)
            for (row, item) in items.enumerated() {
                while let first = placed.first, first.row == row { out.append(first.item); placed.removeFirst() }
                if !removed.contains(item) { out.append(item) }
            }
            out += placed.map(\.item)
            b.append(out)
        }
        return DiffablePair(a: a, b: b, reloadedInB: reloaded.filter { !removedOrReloaded.contains($0) })
    }

    static func snapshot(_ sections: [[Int]], reloading: [Int] = []) -> DiffableDataSourceSnapshot<Int, Int> {
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections(Array(sections.indices))
        for (section, items) in sections.enumerated() { snapshot.appendItems(items, toSection: section) }
        if !reloading.isEmpty { snapshot.reloadItems(reloading) }
        return snapshot
    }

    // MARK: Strategies

    @MainActor static func makeTable() -> TableView {
        let table = TableView(frame: TableSuites.frame)
        table.register(BenchCell.self, forCellReuseIdentifier: TableSuites.identifier)
        return table
    }

    /// Snapshots through a `TableViewDiffableDataSource`.
    static func diffableCase(_ pair: DiffablePair) -> BenchCase {
        MainActor.assumeIsolated {
            let table = makeTable()
            let dataSource = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, _ in
                table.dequeueReusableCell(withIdentifier: TableSuites.identifier, for: indexPath)
            }
            let a = snapshot(pair.a), b = snapshot(pair.b, reloading: pair.reloadedInB)
            dataSource.apply(a)
            table.contentOffset.y = table.contentSize.height / 3
            return BenchCase(
                step: { i in
                    MainActor.assumeIsolated {
                        dataSource.apply(i % 2 == 0 ? b : a, animatingDifferences: false)
                        blackHole(table.counters.layoutPasses)
                    }
                }, maxBatch: 64)
        }
    }

    /// The main-actor share of an `async` apply: both differences prepared untimed (an app computes
    /// them in a background task), each step applies one on the main actor.
    static func mainActorShareCase(_ pair: DiffablePair) -> BenchCase {
        MainActor.assumeIsolated {
            let table = makeTable()
            let dataSource = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, _ in
                table.dequeueReusableCell(withIdentifier: TableSuites.identifier, for: indexPath)
            }
            let a = snapshot(pair.a), b = snapshot(pair.b, reloading: pair.reloadedInB)
            dataSource.apply(a)
            table.contentOffset.y = table.contentSize.height / 3
            let toB = TableViewDiffableDataSource<Int, Int>.prepareApply(from: a, to: b)
            let toA = TableViewDiffableDataSource<Int, Int>.prepareApply(from: b, to: a)
            return BenchCase(
                step: { i in
                    MainActor.assumeIsolated {
                        dataSource.apply(prepared: i % 2 == 0 ? toB : toA)
                        blackHole(table.counters.layoutPasses)
                    }
                }, maxBatch: 64)
        }
    }

    /// Arrays behind a plain data source, then `reloadData()`.
    static func reloadCase(_ pair: DiffablePair) -> BenchCase {
        MainActor.assumeIsolated {
            let table = makeTable()
            let source = ArraySource(pair.a)
            table.dataSource = source
            table.reloadData()
            table.contentOffset.y = table.contentSize.height / 3
            return BenchCase(
                step: { i in
                    MainActor.assumeIsolated {
                        source.sections = i % 2 == 0 ? pair.b : pair.a
                        table.reloadData()
                        blackHole(table.counters.layoutPasses)
                    }
                }, maxBatch: 64)
        }
    }

    /// One batch deleting every old row and inserting every new one.
    static func deleteInsertCase(_ pair: DiffablePair) -> BenchCase {
        MainActor.assumeIsolated {
            let table = makeTable()
            let source = ArraySource(pair.a)
            table.dataSource = source
            table.reloadData()
            table.contentOffset.y = table.contentSize.height / 3
            func paths(_ sections: [[Int]]) -> [IndexPath] {
                sections.enumerated().flatMap { section, items in items.indices.map { IndexPath(row: $0, section: section) } }
            }
            let pathsA = paths(pair.a), pathsB = paths(pair.b)
            return BenchCase(
                step: { i in
                    MainActor.assumeIsolated {
                        let (old, new) = i % 2 == 0 ? (pathsA, pathsB) : (pathsB, pathsA)
                        source.sections = i % 2 == 0 ? pair.b : pair.a
                        table.performBatchUpdates(
                            {
                                table.deleteRows(at: old, with: .none)
                                table.insertRows(at: new, with: .none)
                            }, completion: nil)
                        blackHole(table.counters.layoutPasses)
                    }
                }, maxBatch: 64)
        }
    }
}

/// Sections of item numbers behind a plain data source.
@MainActor
final class ArraySource: TableViewDataSource {
    var sections: [[Int]]
    init(_ sections: [[Int]]) { self.sections = sections }
    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: TableSuites.identifier, for: indexPath)
    }
}
