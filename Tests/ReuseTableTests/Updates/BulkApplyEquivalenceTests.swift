import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A plan applied in one linear pass (`UpdateRowMap`) leaves the view exactly as the plan's steps
/// do: two identical views take the same random updates — deletes, inserts, moves across sections,
/// section inserts, deletes and moves, reloads, and large reshuffles — one forced down each path,
/// and every row's rect, measured state, the index-path cache, the selection, the visible cells,
/// the offset and the content size are compared after each update.
@MainActor
@Suite struct BulkApplyEquivalenceTests {
    static var long: Bool { ProcessInfo.processInfo.environment["REUSETABLE_LONG"] != nil }

    /// Sections of the model rebuilt as a snapshot (drops reload marks: made before the edits that set them).
    static func snapshot(_ model: DiffableModel) -> DiffableDataSourceSnapshot<Int, Int> {
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        for (id, items) in model.sections {
            snapshot.appendSections([id])
            snapshot.appendItems(items, toSection: id)
        }
        return snapshot
    }

    /// A large change: a random share of the items trade places across all sections (section sizes kept),
    /// or every section's items reversed.
    static func reshuffle(_ model: inout DiffableModel, rng: inout SplitMix64) {
        if Bool.random(using: &rng) {
            for s in model.sections.indices { model.sections[s].items.reverse() }
            return
        }
        var all = model.allItems
        let share = Double.random(in: 0.2...1, using: &rng)
        let picked = all.indices.filter { _ in Double.random(in: 0..<1, using: &rng) < share }
        let shuffled = picked.map { all[$0] }.shuffled(using: &rng)
        for (k, index) in picked.enumerated() { all[index] = shuffled[k] }
        var next = 0
        for s in model.sections.indices {
            let count = model.sections[s].items.count
            model.sections[s].items = Array(all[next..<(next + count)])
            next += count
        }
    }

    /// One random step for both views: sometimes a reshuffle, then a few random edits.
    static func nextSnapshot(
        _ model: inout DiffableModel, _ current: DiffableDataSourceSnapshot<Int, Int>, rng: inout SplitMix64
    ) -> DiffableDataSourceSnapshot<Int, Int> {
        model.reloaded = []
        model.reconfigured = []
        var snapshot = current
        if Int.random(in: 0..<3, using: &rng) == 0 {
            reshuffle(&model, rng: &rng)
            snapshot = Self.snapshot(model)
        }
        for _ in 0..<Int.random(in: 0...6, using: &rng) { model.randomEdit(&snapshot, rng: &rng) }
        if model.sections.isEmpty {
            let id = model.freshSection()
            let items = model.freshItems(Int.random(in: 5...30, using: &rng))
            model.sections.append((id, items))
            snapshot.appendSections([id])
            snapshot.appendItems(items, toSection: id)
        }
        return snapshot
    }

    // MARK: Tables

    /// A table whose rows self-size (measured once displayed, estimated until then) or take exact heights.
    final class Table: TableViewDelegate {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        var dataSource: TableViewDiffableDataSource<Int, Int>!
        var heights: [Int: Double] = [:]

        init(selfSizing: Bool) {
            table.register(DiffCell.self, forCellReuseIdentifier: "cell")
            table.sectionHeaderHeight = 14
            table.sectionFooterHeight = 6
            table.allowsMultipleSelection = true
            if selfSizing {
                table.rowHeight = TableView.automaticDimension
                table.estimatedRowHeight = 25
            }
            dataSource = TableViewDiffableDataSource(tableView: table) { [unowned self] table, indexPath, item in
                let cell = table.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! DiffCell
                cell.item = item
                cell.fitting = CGFloat(self.heights[item]!)
                return cell
            }
            if !selfSizing { table.delegate = self }
        }

        func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
            CGFloat(heights[dataSource.itemIdentifier(for: indexPath)!]!)
        }

        /// Everything the comparison looks at, as text lines (a difference names the first line that differs).
        func state() -> [String] {
            var lines = ["size \(table.contentSize) offset \(table.contentOffset)"]
            for s in 0..<table.numberOfSections {
                lines.append("section \(s) header \(table.rectForHeader(inSection: s)) footer \(table.rectForFooter(inSection: s))")
                for r in 0..<table.numberOfRows(inSection: s) {
                    let indexPath = IndexPath(row: r, section: s)
                    let measured = table.geometry.slot(at: table.slotIndex(forRow: indexPath)).isMeasured
                    lines.append("\(indexPath) \(table.rectForRow(at: indexPath)) measured \(measured)")
                }
            }
            lines.append("selected \(table.indexPathsForSelectedRows ?? [])")
            let visible = (table.indexPathsForVisibleRows ?? []).map { "\($0):\((table.cellForRow(at: $0) as! DiffCell).item)" }
            lines.append("visible \(visible)")
            for width in table.indexPathHeightCache.cachedWidths {
                lines.append("cache \(width) \(table.indexPathHeightCache.heights(atWidth: width).map { "\($0.0)=\($0.1)" })")
            }
            lines.append("cached \(table.indexPathHeightCache.cachedCount) \(table.indexPathHeightCache.checkInvariants())")
            return lines
        }
    }

    func runTables(seed: UInt64, steps: Int, selfSizing: Bool) {
        var rng = SplitMix64(seed: seed)
        let edits = Table(selfSizing: selfSizing), bulk = Table(selfSizing: selfSizing)
        var model = DiffableModel()
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        for step in 0..<steps {
            let next = Self.nextSnapshot(&model, snapshot, rng: &rng)
            for item in model.allItems where edits.heights[item] == nil { edits.heights[item] = Double(Int.random(in: 10...60, using: &rng)) }
            for item in model.reloaded { edits.heights[item] = Double(Int.random(in: 10...60, using: &rng)) }
            bulk.heights = edits.heights
            // The same selection, offset and cached heights in both, before the update.
            let rows = (0..<edits.table.numberOfSections).flatMap { s in
                (0..<edits.table.numberOfRows(inSection: s)).map { IndexPath(row: $0, section: s) }
            }
            let selected = rows.filter { _ in Int.random(in: 0..<8, using: &rng) == 0 }
            let cached = rows.filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }
            let offset = CGFloat(Int.random(in: 0...max(0, Int(edits.table.contentSize.height) - 300), using: &rng))
            for view in [edits, bulk] {
                for indexPath in view.table.indexPathsForSelectedRows ?? [] { view.table.deselectRow(at: indexPath, animated: false) }
                for indexPath in selected { view.table.selectRow(at: indexPath, animated: false, scrollPosition: .none) }
                for (k, indexPath) in cached.enumerated() {
                    view.table.indexPathHeightCache.setHeight(CGFloat(k % 50 + 1), at: indexPath, width: k % 3 == 0 ? 200 : 320)
                }
                view.table.contentOffset.y = offset
                view.table.layoutIfNeeded()
            }
            UpdateApplyPath.$forced.withValue(.edits) { edits.dataSource.apply(next, animatingDifferences: false) }
            UpdateApplyPath.$forced.withValue(.bulk) { bulk.dataSource.apply(next, animatingDifferences: false) }
            snapshot = edits.dataSource.snapshot()
            let a = edits.state(), b = bulk.state()
            let first = zip(a, b).first { $0 != $1 }
            #expect(a == b, "seed \(seed) step \(step): edits \(first?.0 ?? "-") bulk \(first?.1 ?? "-")")
            if a != b { return }
        }
    }

    @Test func tablesWithExactHeightsMatch() {
        for seed in 0..<(Self.long ? 60 : 6) as Range<UInt64> { runTables(seed: 0xB01C + seed, steps: 25, selfSizing: false) }
    }

    @Test func tablesWithMeasuredAndEstimatedRowsMatch() {
        for seed in 0..<(Self.long ? 60 : 6) as Range<UInt64> { runTables(seed: 0xB11C + seed, steps: 25, selfSizing: true) }
    }

    // MARK: Waterfalls

    func runWaterfalls(seed: UInt64, steps: Int) {
        var rng = SplitMix64(seed: seed)
        let edits = DiffableCollectionHarness(), bulk = DiffableCollectionHarness()
        for harness in [edits, bulk] { harness.collection.allowsMultipleSelection = true }
        var model = DiffableModel()
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        func state(_ harness: DiffableCollectionHarness) -> [String] {
            let view = harness.collection
            var lines = ["size \(view.contentSize) offset \(view.contentOffset)"]
            for s in 0..<view.numberOfSections {
                for i in 0..<view.numberOfItems(inSection: s) {
                    lines.append("\(s).\(i) \(view.layoutAttributesForItem(at: IndexPath(item: i, section: s))!.frame)")
                }
            }
            lines.append("selected \((view.indexPathsForSelectedItems ?? []).sorted())")
            lines.append("visible \(view.indexPathsForVisibleItems.sorted())")
            for width in view.indexPathHeightCache.cachedWidths {
                lines.append("cache \(width) \(view.indexPathHeightCache.heights(atWidth: width).map { "\($0.0)=\($0.1)" })")
            }
            lines.append("cached \(view.indexPathHeightCache.cachedCount) \(view.indexPathHeightCache.checkInvariants())")
            return lines
        }
        for step in 0..<steps {
            let next = Self.nextSnapshot(&model, snapshot, rng: &rng)
            for item in model.allItems where edits.heights[item] == nil { edits.heights[item] = Double(Int.random(in: 10...90, using: &rng)) }
            for item in model.reloaded { edits.heights[item] = Double(Int.random(in: 10...90, using: &rng)) }
            bulk.heights = edits.heights
            let items = (0..<edits.collection.numberOfSections).flatMap { s in
                (0..<edits.collection.numberOfItems(inSection: s)).map { IndexPath(item: $0, section: s) }
            }
            let selected = items.filter { _ in Int.random(in: 0..<8, using: &rng) == 0 }
            let cached = items.filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }
            let offset = CGFloat(Int.random(in: 0...max(0, Int(edits.collection.contentSize.height) - 480), using: &rng))
            for harness in [edits, bulk] {
                let view = harness.collection
                for indexPath in view.indexPathsForSelectedItems ?? [] { view.deselectItem(at: indexPath, animated: false) }
                for indexPath in selected { view.selectItem(at: indexPath, animated: false, scrollPosition: .none) }
                for (k, indexPath) in cached.enumerated() { view.indexPathHeightCache.setHeight(CGFloat(k % 50 + 1), at: indexPath, width: 100) }
                view.contentOffset.y = offset
                view.layoutIfNeeded()
            }
            UpdateApplyPath.$forced.withValue(.edits) { edits.dataSource.apply(next, animatingDifferences: false) }
            UpdateApplyPath.$forced.withValue(.bulk) { bulk.dataSource.apply(next, animatingDifferences: false) }
            snapshot = edits.dataSource.snapshot()
            let a = state(edits), b = state(bulk)
            let first = zip(a, b).first { $0 != $1 }
            #expect(a == b, "seed \(seed) step \(step): edits \(first?.0 ?? "-") bulk \(first?.1 ?? "-")")
            if a != b { return }
        }
    }

    @Test func waterfallsMatch() {
        for seed in 0..<(Self.long ? 60 : 6) as Range<UInt64> { runWaterfalls(seed: 0xB21C + seed, steps: 25) }
    }

    // MARK: Batch updates

    /// The public batch calls take the same two paths: a model table's random batches.
    @Test func batchUpdatesOnACollectionMatch() {
        for seed in 0..<(Self.long ? 40 : 4) as Range<UInt64> {
            var rng = SplitMix64(seed: 0xB31C + seed)
            let models = [CollectionModel(), CollectionModel()]
            let views = models.map { model in
                let view = CollectionView(
                    frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: WaterfallLayout(numberOfColumns: 3, margin: 4))
                view.register(ItemCell.self, forCellWithReuseIdentifier: "item")
                view.dataSource = model
                view.delegate = model
                (view.collectionViewLayout as! WaterfallLayout).delegate = model
                return view
            }
            for model in models {
                var local = rng  // the same draws for both models
                model.sections = (0..<4).map { _ in model.freshItems(Int.random(in: 0...30, using: &local), rng: &local) }
            }
            _ = rng.next()
            for view in views { view.reloadData(); view.layoutIfNeeded() }
            for step in 0..<20 {
                if models[0].sections.isEmpty { break }
                let before = rng
                var firstRng = before
                let batch0 = models[0].randomBatch(rng: &firstRng)
                var secondRng = before
                let batch1 = models[1].randomBatch(rng: &secondRng)
                rng = firstRng
                UpdateApplyPath.$forced.withValue(.edits) { views[0].performBatchUpdates { for call in batch0.calls { call(views[0]) } } }
                UpdateApplyPath.$forced.withValue(.bulk) { views[1].performBatchUpdates { for call in batch1.calls { call(views[1]) } } }
                for view in views { view.layoutIfNeeded() }
                let frames = views.map { view in
                    (0..<view.numberOfSections).flatMap { s in
                        (0..<view.numberOfItems(inSection: s)).map { view.layoutAttributesForItem(at: IndexPath(item: $0, section: s))!.frame }
                    }
                }
                #expect(frames[0] == frames[1], "seed \(seed) step \(step)")
                #expect(views[0].contentSize == views[1].contentSize, "seed \(seed) step \(step)")
                #expect(views[0].indexPathsForVisibleItems.sorted() == views[1].indexPathsForVisibleItems.sorted(), "seed \(seed) step \(step)")
            }
        }
    }
}
