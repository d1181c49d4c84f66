import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A data source and delegate that reads the view from every callback and can be
/// armed to change it from one, as real apps do ("load more" from `willDisplay`).
@MainActor
final class ReentrantSource: CollectionViewDataSource, CollectionViewDelegate, WaterfallLayoutDelegate, FlowLayoutDelegate {
    let store: CollectionModel
    var rng = SplitMix64(seed: 7)
    /// Anything a callback saw that contradicts the view's promises.
    var problems: [String] = []
    var willDisplayCount = 0, didEndCount = 0, heightCalls = 0, cellCalls = 0

    // One-shot changes made from inside a callback.
    var loadMoreFromLastWillDisplay = 0
    var reloadFromDidEnd: [[ModelItem]]?
    var shrinkAndReloadFromCellFor: [[ModelItem]]?
    var reloadFromHeight = false
    var readsEverywhere = true

    init(store: CollectionModel) { self.store = store }

    func reads(_ cv: CollectionView, at indexPath: IndexPath, in callback: String) {
        guard readsEverywhere else { return }
        let sections = cv.numberOfSections
        // Once a structural call is queued the view still shows the old counts (UIKit: until the call runs).
        if sections != store.sections.count, callback != "height", !cv.transaction.hasDeferredWork {
            problems.append("\(callback) \(indexPath): numberOfSections \(sections), data \(store.sections.count)")
        }
        // `didEndDisplaying` names the old index path, whose section may be gone (asking for it stops, as in UIKit).
        if indexPath.section < sections { _ = cv.numberOfItems(inSection: indexPath.section) }
        let paths = cv.indexPathsForVisibleItems
        let cells = cv.visibleCells
        if paths.count != cells.count { problems.append("\(callback): \(paths.count) paths, \(cells.count) cells") }
        for path in paths where cv.cellForItem(at: path) == nil { problems.append("\(callback): no cell for visible \(path)") }
        _ = cv.layoutAttributesForItem(at: indexPath)
        cv.layoutIfNeeded()
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { store.sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { store.sections[section].count }

    func collectionView(_ cv: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        cellCalls += 1
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! ItemCell
        guard indexPath.section < store.sections.count, indexPath.item < store.sections[indexPath.section].count else {
            problems.append("cellForItemAt asked for missing item \(indexPath)")
            cell.itemID = -1
            return cell
        }
        cell.itemID = store.sections[indexPath.section][indexPath.item].id
        reads(cv, at: indexPath, in: "cellForItemAt")
        if let shrunk = shrinkAndReloadFromCellFor {
            shrinkAndReloadFromCellFor = nil
            store.sections = shrunk
            cv.reloadData()
        }
        return cell
    }

    func collectionView(_ cv: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        willDisplayCount += 1
        if cv.cellForItem(at: indexPath) !== cell { problems.append("willDisplay \(indexPath): cellForItem(at:) is not the cell") }
        if !cv.indexPathsForVisibleItems.contains(indexPath) { problems.append("willDisplay \(indexPath): not in indexPathsForVisibleItems") }
        if !cv.visibleCells.contains(where: { $0 === cell }) { problems.append("willDisplay \(indexPath): not in visibleCells") }
        reads(cv, at: indexPath, in: "willDisplay")
        let s = indexPath.section
        if loadMoreFromLastWillDisplay > 0, s == store.sections.count - 1, indexPath.item == store.sections[s].count - 1 {
            loadMoreFromLastWillDisplay -= 1
            let start = store.sections[s].count
            store.sections[s] += store.freshItems(3, rng: &rng)
            cv.insertItems(at: (start..<start + 3).map { IndexPath(item: $0, section: s) })
        }
    }

    func collectionView(_ cv: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        didEndCount += 1
        if cv.visibleCells.contains(where: { $0 === cell }) { problems.append("didEndDisplaying \(indexPath): still visible") }
        reads(cv, at: indexPath, in: "didEndDisplaying")
        if let next = reloadFromDidEnd {
            reloadFromDidEnd = nil
            store.sections = next
            cv.reloadData()
        }
    }

    func height(_ cv: CollectionView, _ indexPath: IndexPath) -> CGFloat {
        heightCalls += 1
        guard indexPath.section < store.sections.count, indexPath.item < store.sections[indexPath.section].count else {
            problems.append("height asked for missing item \(indexPath)")
            return 0
        }
        if !cv.transaction.hasDeferredWork, cv.numberOfItems(inSection: indexPath.section) != store.sections[indexPath.section].count {
            problems.append("height \(indexPath): numberOfItems disagrees with the data")
        }
        reads(cv, at: indexPath, in: "height")
        if reloadFromHeight {
            reloadFromHeight = false
            cv.reloadData()
        }
        return CGFloat(store.sections[indexPath.section][indexPath.item].height)
    }
    /// Disarms every one-shot change.
    func disarm() {
        loadMoreFromLastWillDisplay = 0
        reloadFromDidEnd = nil
        shrinkAndReloadFromCellFor = nil
        reloadFromHeight = false
    }
    func collectionView(_ cv: CollectionView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, itemWidth: CGFloat) -> CGFloat {
        height(cv, indexPath)
    }
    func collectionView(_ cv: CollectionView, layout: FlowLayout, heightForItemAt indexPath: IndexPath, itemWidth: CGFloat) -> CGFloat {
        height(cv, indexPath)
    }
}

/// Checks the screen against a brute-force waterfall of the data.
@MainActor
func expectScreenMatches(
    _ cv: CollectionView, _ store: CollectionModel, columns: Int, margin: CGFloat,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let (frames, height) = store.waterfallFrames(columns: columns, margin: margin, width: cv.bounds.width)
    #expect(cv.contentSize.height == height, sourceLocation: sourceLocation)
    let viewport = CGRect(origin: cv.contentOffset, size: cv.bounds.size)
    let expected = CollectionModel.bruteForce(frames, in: viewport)
    #expect(Set(cv.indexPathsForVisibleItems) == expected, sourceLocation: sourceLocation)
    for path in cv.indexPathsForVisibleItems {
        let cell = cv.cellForItem(at: path) as? ItemCell
        #expect(cell?.itemID == store.sections[path.section][path.item].id, "\(path)", sourceLocation: sourceLocation)
        #expect(cell?.frame == frames[path.section][path.item], "\(path)", sourceLocation: sourceLocation)
    }
}

@MainActor
@Suite struct CollectionViewReentrancyTests {
    func make(_ counts: [Int], height: CGFloat = 300, seed: UInt64 = 1) -> (CollectionView, ReentrantSource, CollectionModel) {
        var rng = SplitMix64(seed: seed)
        let store = CollectionModel(sectionCounts: counts, rng: &rng)
        for s in store.sections.indices { for i in store.sections[s].indices { store.sections[s][i].height = 40 } }
        let source = ReentrantSource(store: store)
        let layout = WaterfallLayout(numberOfColumns: 2, margin: 0)
        layout.delegate = source
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: height), collectionViewLayout: layout)
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.dataSource = source
        cv.delegate = source
        return (cv, source, store)
    }

    @Test func queriesFromCallbacksDuringTheFirstLoadDoNotRecurse() {
        let (cv, source, store) = make([30])
        cv.reloadData()
        #expect(cv.counters.layoutPasses == 1)
        #expect(source.heightCalls == 30, "each height asked once")
        #expect(source.problems == [])
        expectScreenMatches(cv, store, columns: 2, margin: 0)
    }

    @Test func readsInsideWillDisplaySeeTheNewState() {
        let (cv, source, store) = make([30])
        cv.reloadData()
        cv.contentOffset.y = 170
        cv.contentOffset.y = 20
        #expect(source.willDisplayCount > 0 && source.didEndCount > 0)
        #expect(source.problems == [])
        expectScreenMatches(cv, store, columns: 2, margin: 0)
    }

    @Test func insertFromWillDisplayOfTheLastItemLoadsMore() {
        let (cv, source, store) = make([10])
        source.loadMoreFromLastWillDisplay = 5
        cv.reloadData()
        cv.contentOffset.y = cv.maximumContentOffsetY
        for _ in 0..<6 { cv.contentOffset.y = cv.maximumContentOffsetY }
        #expect(store.sections[0].count > 10)
        #expect(cv.numberOfItems(inSection: 0) == store.sections[0].count)
        let ids = cv.visibleCells.map { ($0 as! ItemCell).itemID }
        #expect(Set(ids).count == ids.count, "no two cells show the same item")
        #expect(source.problems == [])
        expectScreenMatches(cv, store, columns: 2, margin: 0)
    }

    @Test func reloadFromCellForItemAfterTheDataShrankNeverAsksForAMissingItem() {
        let (cv, source, store) = make([40])
        var shrunk = store.sections
        shrunk[0].removeLast(38)
        source.shrinkAndReloadFromCellFor = shrunk
        cv.reloadData()
        #expect(cv.numberOfItems(inSection: 0) == 2)
        #expect(source.problems == [])
        expectScreenMatches(cv, store, columns: 2, margin: 0)
    }

    @Test func reloadFromDidEndDisplayingAndFromAHeightCallbackSettle() {
        let (cv, source, store) = make([40])
        cv.reloadData()
        var grown = store.sections
        var rng = SplitMix64(seed: 3)
        grown[0] += store.freshItems(20, rng: &rng)
        source.reloadFromDidEnd = grown
        cv.contentOffset.y = 400
        #expect(cv.numberOfItems(inSection: 0) == 60)
        expectScreenMatches(cv, store, columns: 2, margin: 0)
        source.reloadFromHeight = true
        cv.reloadData()
        #expect(source.reloadFromHeight == false)
        #expect(source.problems == [])
        expectScreenMatches(cv, store, columns: 2, margin: 0)
    }

    @Test func aShrinkingReloadClampsTheOffset() {
        let (cv, source, store) = make([100])  // 50 rows of 40 = 2000
        cv.reloadData()
        cv.contentOffset.y = 1_700
        store.sections[0].removeLast(97)
        cv.reloadData()
        #expect(cv.contentOffset.y == max(0, cv.contentSize.height - cv.bounds.height))
        #expect(cv.visibleCells.count == 3)
        // The same after a deletion and after a width change.
        store.sections[0] += store.freshItems(97, rng: &source.rng)
        for i in store.sections[0].indices { store.sections[0][i].height = 40 }
        cv.reloadData()
        cv.contentOffset.y = 1_700
        store.sections[0].removeLast(60)
        cv.deleteItems(at: (40..<100).map { IndexPath(item: $0, section: 0) })
        #expect(cv.contentOffset.y == cv.contentSize.height - cv.bounds.height)
        cv.contentOffset.y = cv.maximumContentOffsetY
        cv.frame.size.width = 400  // each column twice as wide; the layout is asked the same heights: nothing shrinks
        (cv.collectionViewLayout as! WaterfallLayout).numberOfColumns = 4
        cv.layoutIfNeeded()
        #expect(cv.contentOffset.y == max(0, cv.contentSize.height - cv.bounds.height))
        #expect(source.problems == [])
        expectScreenMatches(cv, store, columns: 4, margin: 0)
    }

    @Test func theRunawayLoopMessageNamesTheCallAndTheCallback() {
        let message = LayoutTransaction.loopMessage(
            view: "CollectionView", call: "reloadData()",
            origin: "collectionView(_:willDisplay:forItemAt:)")
        #expect(
            message == "CollectionView: reloadData() was called from collectionView(_:willDisplay:forItemAt:) after "
                + "\(LayoutTransaction.maximumDeferredRounds) calls queued from callbacks without the view settling; a callback that changes the collection view "
                + "every time it runs never lets it settle. Change the data once (for example, load more only when new rows are available).")
    }

    @Test func manyDeferredReloadsInARowStillSettle() {
        let (cv, source, store) = make([10])
        source.loadMoreFromLastWillDisplay = 200  // each insert shows a new last item, which loads more
        cv.frame.size.height = 100_000
        cv.reloadData()
        #expect(store.sections[0].count == 610)
        #expect(source.problems == [])
        expectScreenMatches(cv, store, columns: 2, margin: 0)
    }
}
