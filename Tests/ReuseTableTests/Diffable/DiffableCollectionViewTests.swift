import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

final class DiffItemCell: CollectionViewCell {
    var item = -1
    var version = -1
}

/// A waterfall collection view fed by a diffable data source; heights and content versions by item.
@MainActor
final class DiffableCollectionHarness: WaterfallLayoutDelegate {
    let collection: CollectionView
    var dataSource: CollectionViewDiffableDataSource<Int, Int>!
    var heights: [Int: Double] = [:]
    var versions: [Int: Int] = [:]
    var askedHeights: [Int] = []

    init() {
        let layout = WaterfallLayout(numberOfColumns: 3, margin: 6)
        collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        collection.register(DiffItemCell.self, forCellWithReuseIdentifier: "item")
        dataSource = CollectionViewDiffableDataSource(collectionView: collection) { [unowned self] view, indexPath, item in
            let cell = view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! DiffItemCell
            cell.item = item
            cell.version = self.versions[item, default: 0]
            return cell
        }
        layout.delegate = self
    }

    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath,
        itemWidth: CGFloat
    ) -> CGFloat {
        let item = dataSource.itemIdentifier(for: indexPath)!
        askedHeights.append(item)
        return CGFloat(heights[item]!)
    }
}

@MainActor
@Suite struct DiffableCollectionViewTests {
    @Test func randomSnapshotSequencesMatchTheModelInAWaterfall() {
        let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] != nil
        var total = DiffableApplyReport()
        for seed in 0..<(long ? 300 : 10) as Range<UInt64> {
            var rng = SplitMix64(seed: 0xC011 + seed)
            let harness = DiffableCollectionHarness()
            let collection = harness.collection
            var model = DiffableModel()
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            for step in 0..<(long ? 100 : 40) {
                let old = model
                model.randomStep(
                    &snapshot, first: step == 0, heights: &harness.heights, versions: &harness.versions, heightRange: 20...120, rng: &rng)
                let wasLoaded = collection.engine.hasLoadedData && !old.sections.isEmpty
                let expected = DiffableTableViewTests.expectedFresh(old: old, new: model)
                harness.askedHeights = []
                harness.dataSource.apply(snapshot)
                snapshot = harness.dataSource.snapshot()
                let report = harness.dataSource.lastApply
                total.moved += report.moved; total.inserted += report.inserted; total.deleted += report.deleted
                total.reloaded += report.reloaded; total.sectionsMoved += report.sectionsMoved
                let context = "seed \(seed) step \(step)"

                model.check(harness.dataSource.snapshot(), context)
                #expect(collection.numberOfSections == model.sections.count, "\(context)")
                for (s, section) in model.sections.enumerated() {
                    #expect(collection.numberOfItems(inSection: s) == section.items.count, "\(context)")
                    for (r, item) in section.items.enumerated() {
                        let indexPath = IndexPath(item: r, section: s)
                        #expect(harness.dataSource.indexPath(for: item) == indexPath, "\(context)")
                        #expect(harness.dataSource.itemIdentifier(for: indexPath) == item, "\(context)")
                        #expect(
                            Double(collection.layoutAttributesForItem(at: indexPath)?.frame.height ?? -1) == harness.heights[item]!,
                            "\(context) item \(item)")
                    }
                }
                // Only fresh items were asked for heights; survivors kept theirs.
                if wasLoaded {
                    #expect(Set(harness.askedHeights) == expected, "\(context)")
                }
                for indexPath in collection.indexPathsForVisibleItems {
                    let cell = collection.cellForItem(at: indexPath) as! DiffItemCell
                    let item = harness.dataSource.itemIdentifier(for: indexPath)!
                    #expect(cell.item == item, "\(context) at \(indexPath)")
                    #expect(cell.version == harness.versions[item, default: 0], "\(context) item \(item)")
                }
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    collection.contentOffset.y = CGFloat(Double.random(in: 0...max(0, Double(collection.contentSize.height - 480)), using: &rng))
                }
            }
        }
        #expect(total.moved > 0 && total.inserted > 0 && total.deleted > 0 && total.reloaded > 0 && total.sectionsMoved > 0)
    }

    @Test func applyInsideTheCellProviderIsRejected() {
        let collection = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 100), collectionViewLayout: WaterfallLayout(numberOfColumns: 2, margin: 0))
        collection.register(DiffItemCell.self, forCellWithReuseIdentifier: "item")
        var caught: ReuseTableError?
        let holder = DataSourceHolder<CollectionViewDiffableDataSource<Int, Int>>()
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: collection) { view, indexPath, _ in
            do { try holder.value!.validateApply() } catch { caught = error as? ReuseTableError }
            return view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
        }
        holder.value = dataSource
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([1, 2])
        dataSource.apply(snapshot)
        #expect(caught?.message.hasPrefix("apply(_:animatingDifferences:completion:) was called from inside the cell provider") == true)
    }

    @Test func reconfigureKeepsTheCell() {
        let harness = DiffableCollectionHarness()
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<30))
        for item in 0..<30 { harness.heights[item] = 50 }
        harness.dataSource.apply(snapshot)
        let cell = harness.collection.cellForItem(at: IndexPath(item: 1, section: 0)) as! DiffItemCell
        harness.askedHeights = []
        harness.versions[1] = 3
        snapshot.reconfigureItems([1])
        harness.dataSource.apply(snapshot)
        #expect(harness.collection.cellForItem(at: IndexPath(item: 1, section: 0)) === cell)
        #expect(cell.version == 3)
        #expect(harness.askedHeights.isEmpty)
    }
}
