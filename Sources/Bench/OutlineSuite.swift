import Foundation
import ReuseTable
import SeededRandom

// The `outline` suite: a section snapshot shaped like a big tree, applied to a real
// `TableView` (fixed row heights, the usual 320×480 viewport, scrolled to a third) and, for
// toggles, to a `CollectionView` with `list(using:)` (list cells from a registration, each with
// a list configuration and an outline disclosure, self-sized; an 80×24 terminal, scrolled to a third).
// - `outlineToggle`: one parent with n/10 children, in a tree of n items, expanded and
//   collapsed in turn, end to end: `snapshot(for:)`, `expand`/`collapse`, `apply(_:to:)`
//   and the view's update;
// - `outlineFirstApply`: the whole tree (every parent expanded) applied to a fresh table;
// - `outlineIndexOf`, `outlineVisibleIndex`, `outlineVisibleCount`: `index(of:)`,
//   `visibleIndex(of:)` (an item's row) and `visibleItemCount` on the tree.

enum OutlineSuite {
    static let scales = [10_000, 100_000, 1_000_000]

    static func suite(quick: Bool) -> BenchSuite {
        let operations: [(String, (Int) -> BenchCase)] = [
            ("outlineToggle", toggleCase), ("outlineFirstApply", firstApplyCase),
            ("outlineIndexOf", { queryCase($0) { tree, item in tree.index(of: item) ?? 0 } }),
            ("outlineVisibleIndex", { queryCase($0) { tree, item in tree.visibleIndex(of: item) ?? 0 } }),
            ("outlineVisibleCount", { queryCase($0) { tree, _ in tree.visibleItemCount } }),
        ]
        return BenchSuite(
            name: "outline", scales: quick ? [10_000] : scales,
            operations: operations.map { name, setUp in
                var strategies = [BenchStrategy(name: "sectionSnapshot", setUp: setUp)]
                if name == "outlineToggle" { strategies.append(BenchStrategy(name: "listLayout", setUp: listToggleCase)) }
                return BenchOperation(name: name, baseline: nil, strategies: strategies)
            })
    }

    /// The tree of `rows` items: the big parent (item 0, n/10 children) in the middle of groups of a
    /// parent and 999 children; every parent but the big one expanded.
    static func tree(_ rows: Int) -> (snapshot: DiffableDataSourceSectionSnapshot<Int>, big: Int) {
        var tree = DiffableDataSourceSectionSnapshot<Int>()
        let bigChildren = rows / 10
        let groups = max(1, (rows - bigChildren - 1) / 1000)
        var next = 1
        var parents: [Int] = []
        for group in 0..<groups {
            if group == groups / 2 {
                tree.append([0])
                tree.append(Array(next..<(next + bigChildren)), to: 0)
                next += bigChildren
            }
            let parent = next
            tree.append([parent])
            tree.append(Array((next + 1)..<(next + 1000)), to: parent)
            parents.append(parent)
            next += 1000
        }
        tree.expand(parents)
        return (tree, 0)
    }

    @MainActor static func makeSource(_ table: TableView) -> TableViewDiffableDataSource<Int, Int> {
        TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, _ in
            table.dequeueReusableCell(withIdentifier: TableSuites.identifier, for: indexPath)
        }
    }

    static func toggleCase(_ rows: Int) -> BenchCase {
        MainActor.assumeIsolated {
            let table = DiffableSuite.makeTable()
            let dataSource = makeSource(table)
            let (tree, big) = tree(rows)
            var whole = DiffableDataSourceSnapshot<Int, Int>()
            whole.appendSections([0])
            dataSource.apply(whole)
            dataSource.apply(tree, to: 0)
            table.contentOffset.y = table.contentSize.height / 3
            return BenchCase(
                step: { _ in
                    MainActor.assumeIsolated {
                        var snapshot = dataSource.snapshot(for: 0)
                        if snapshot.isExpanded(big) { snapshot.collapse([big]) } else { snapshot.expand([big]) }
                        dataSource.apply(snapshot, to: 0, animatingDifferences: false)
                        blackHole(table.counters.layoutPasses)
                    }
                }, maxBatch: 64)
        }
    }

    /// The toggle on a collection view laid out by `CollectionViewCompositionalLayout.list(using:)`.
    static func listToggleCase(_ rows: Int) -> BenchCase {
        MainActor.assumeIsolated {
            let list = CollectionView(
                frame: CGRect(x: 0, y: 0, width: 80, height: 24),
                collectionViewLayout: CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain)))
            let registration = CollectionView.CellRegistration<CollectionViewListCell, Int> { cell, _, item in
                var content = cell.defaultContentConfiguration()
                content.text = "item \(item)"
                cell.contentConfiguration = content
                cell.accessories = [.outlineDisclosure()]
            }
            let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: list) { view, indexPath, item in
                view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
            }
            let (tree, big) = tree(rows)
            var whole = DiffableDataSourceSnapshot<Int, Int>()
            whole.appendSections([0])
            dataSource.apply(whole)
            dataSource.apply(tree, to: 0)
            list.layoutIfNeeded()
            list.contentOffset.y = list.contentSize.height / 3
            return BenchCase(
                step: { _ in
                    MainActor.assumeIsolated {
                        var snapshot = dataSource.snapshot(for: 0)
                        if snapshot.isExpanded(big) { snapshot.collapse([big]) } else { snapshot.expand([big]) }
                        dataSource.apply(snapshot, to: 0, animatingDifferences: false)
                        blackHole(list.counters.layoutPasses)
                    }
                }, maxBatch: 64)
        }
    }

    static func firstApplyCase(_ rows: Int) -> BenchCase {
        MainActor.assumeIsolated {
            var (tree, big) = tree(rows)
            tree.expand([big])
            var whole = DiffableDataSourceSnapshot<Int, Int>()
            whole.appendSections([0])
            var subject: (TableView, TableViewDiffableDataSource<Int, Int>)?
            @MainActor func fresh() {
                let table = DiffableSuite.makeTable()
                let dataSource = makeSource(table)
                dataSource.apply(whole)
                subject = (table, dataSource)
            }
            fresh()
            return BenchCase(
                step: { _ in
                    MainActor.assumeIsolated {
                        subject!.1.apply(tree, to: 0, animatingDifferences: false)
                        blackHole(subject!.0.counters.layoutPasses)
                    }
                },
                between: { MainActor.assumeIsolated { fresh() } }, maxBatch: 1)
        }
    }

    static func queryCase(_ rows: Int, _ query: @escaping (DiffableDataSourceSectionSnapshot<Int>, Int) -> Int) -> BenchCase {
        let (tree, _) = tree(rows)
        let items = tree.items
        var generator = SplitMix64(seed: 0x0071_1E55)
        let probes = (0..<4096).map { _ in items[Int(generator.next() % UInt64(items.count))] }
        return BenchCase(step: { i in blackHole(query(tree, probes[i & 4095])) })
    }
}
