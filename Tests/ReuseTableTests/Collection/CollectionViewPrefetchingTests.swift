import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// `prefetchDataSource` for the collection view, as the table does it: items just
/// beyond the viewport in the direction of scrolling, nearest first, never on
/// screen when announced; cancelled when they stop being ahead; all cancelled by
/// a reload or an update; callbacks that change the view are queued.
@MainActor
@Suite struct CollectionViewPrefetchingTests {
    func make(waterfall: Bool) -> (CollectionView, SupplementaryModel) {
        var rng = SplitMix64(seed: waterfall ? 21 : 22)
        let model = SupplementaryModel()
        model.sections = (0..<5).map { _ in model.makeSection(items: 60, header: 20, footer: 0, rng: &rng) }
        let layout: CollectionViewLayout = waterfall ? WaterfallLayout(numberOfColumns: 3, margin: 2) : FlowLayout()
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 240, height: 200), collectionViewLayout: layout)
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.register(SectionLabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        cv.dataSource = model
        cv.prefetchDataSource = model
        (layout as? WaterfallLayout)?.delegate = model
        (layout as? FlowLayout)?.delegate = model
        cv.reloadData()
        return (cv, model)
    }

    @Test(arguments: [false, true])
    func itemsAheadAreAnnouncedNearestFirstAndCancelledWhenNoLongerAhead(waterfall: Bool) {
        let (cv, model) = make(waterfall: waterfall)
        #expect(model.prefetchCalls.count == 1, "the first pass announces the items below the first screen")
        var outstanding = Set(model.prefetchCalls.flatMap { $0 })
        var rng = SplitMix64(seed: 5)
        for step in 0..<120 {
            let before = (model.prefetchCalls.count, model.cancelCalls.count)
            let down = step < 80 || Bool.random(using: &rng)
            let delta = CGFloat(Int.random(in: 1...90, using: &rng)) * (down ? 1 : -1)
            cv.contentOffset.y = min(max(cv.contentOffset.y + delta, 0), cv.maximumContentOffsetY)
            let viewport = CGRect(origin: cv.contentOffset, size: cv.bounds.size)
            for call in model.prefetchCalls[before.0...] {
                #expect(call.count <= CollectionView.defaultPrefetchDistance)
                var lastDistance = -CGFloat.infinity
                for indexPath in call {
                    let frame = cv.layoutAttributesForItem(at: indexPath)!.frame
                    #expect(!frame.intersectsOpen(viewport), "step \(step): \(indexPath) is on screen")
                    #expect(cv.cellForItem(at: indexPath) == nil)
                    #expect(!outstanding.contains(indexPath), "announced twice")
                    let distance = frame.minY >= viewport.maxY ? frame.minY - viewport.maxY : viewport.minY - frame.maxY
                    #expect(distance >= 0 && distance <= viewport.height, "step \(step): ahead by \(distance)")
                    #expect(distance >= lastDistance, "nearest first")
                    lastDistance = distance
                    outstanding.insert(indexPath)
                }
            }
            for call in model.cancelCalls[before.1...] {
                for indexPath in call {
                    #expect(outstanding.remove(indexPath) != nil, "cancelled without being announced")
                    #expect(cv.cellForItem(at: indexPath) == nil, "a displayed item is used, not cancelled")
                }
            }
            // Whatever stays announced is either ahead or was displayed (used).
            #expect(Set(cv.engine.prefetchedIndexPaths).isSubset(of: outstanding))
            outstanding = cv.engine.prefetchedIndexPaths
        }
        #expect(model.cancelCalls.count > 0)
        // A reload cancels everything still announced.
        let announced = cv.engine.prefetchedIndexPaths
        #expect(!announced.isEmpty)
        cv.reloadData()
        #expect(model.cancelCalls.contains { Set($0) == announced })
    }

    @Test func anUpdateCancelsAndAPrefetchCallbackMayChangeTheView() {
        let (cv, model) = make(waterfall: true)
        let announced = cv.engine.prefetchedIndexPaths
        #expect(!announced.isEmpty)
        model.sections[4].items.append(ModelItem(id: 99_999, height: 10))
        cv.insertItems(at: [IndexPath(item: 60, section: 4)])
        #expect(model.cancelCalls.last.map(Set.init) == announced)

        // "Load more" from the prefetch callback: queued, applied when the pass ends.
        var fired = 0
        var rng = SplitMix64(seed: 77)
        model.prefetchHook = { cv, indexPaths in
            guard fired == 0 else { return }
            fired += 1
            model.sections.append(model.makeSection(items: 3, header: 0, footer: 0, rng: &rng))
            cv.insertSections(IndexSet(integer: model.sections.count - 1))
            #expect(cv.numberOfSections == model.sections.count - 1, "not applied inside the callback")
        }
        cv.contentOffset.y = 600
        #expect(fired == 1)
        #expect(cv.numberOfSections == model.sections.count)
        #expect(model.violations.isEmpty)
    }
}
