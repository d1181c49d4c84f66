import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

@MainActor
@Suite struct WaterfallLayoutTests {
    func makeCollection(
        _ model: CollectionModel, columns: Int, margin: CGFloat = 8,
        width: CGFloat = 300, height: CGFloat = 400
    ) -> (CollectionView, WaterfallLayout) {
        let layout = WaterfallLayout(numberOfColumns: columns, margin: margin)
        layout.delegate = model
        let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
        collection.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        collection.dataSource = model
        collection.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
        collection.reloadData()
        return (collection, layout)
    }

    /// Frames, content height, visible items and their cells against the brute-force model.
    func check(
        _ collection: CollectionView, _ layout: WaterfallLayout, _ model: CollectionModel,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = model.waterfallFrames(columns: layout.numberOfColumns, margin: layout.margin, width: collection.bounds.width)
        #expect(collection.numberOfSections == model.sections.count, sourceLocation: sourceLocation)
        for (s, frames) in expected.frames.enumerated() {
            #expect(collection.numberOfItems(inSection: s) == frames.count, sourceLocation: sourceLocation)
            for (i, frame) in frames.enumerated() {
                let actual = layout.layoutAttributesForItem(at: IndexPath(item: i, section: s))?.frame
                #expect(actual == frame, "item (\(s), \(i)) id \(model.sections[s][i].id)", sourceLocation: sourceLocation)
            }
        }
        #expect(
            layout.layoutAttributesForItem(at: IndexPath(item: expected.frames.last?.count ?? 0, section: max(0, expected.frames.count - 1))) == nil,
            sourceLocation: sourceLocation)
        #expect(collection.contentSize.height == expected.height, sourceLocation: sourceLocation)
        let viewport = CGRect(origin: collection.contentOffset, size: collection.bounds.size)
        let visible = CollectionModel.bruteForce(expected.frames, in: viewport)
        #expect(collection.indexPathsForVisibleItems == visible.sorted(), sourceLocation: sourceLocation)
        for indexPath in visible {
            let cell = collection.cellForItem(at: indexPath) as? ItemCell
            #expect(cell?.itemID == model.sections[indexPath.section][indexPath.item].id, sourceLocation: sourceLocation)
            #expect(cell?.frame == expected.frames[indexPath.section][indexPath.item], sourceLocation: sourceLocation)
        }
    }

    @Test func reloadPlacesEveryItemInTheShortestColumn() {
        var rng = SplitMix64(seed: 0x3A7E)
        for columns in 1...5 {
            let model = CollectionModel(sectionCounts: [40, 0, 17, 3], rng: &rng)
            let (collection, layout) = makeCollection(model, columns: columns)
            check(collection, layout, model)
            #expect(model.askedIDs.count == 60, "each height asked once")
            #expect(model.askedWidths == [layout.itemWidth])
            #expect(layout.itemWidth == (300 - CGFloat(columns - 1) * 8) / CGFloat(columns))
            for _ in 0..<20 {
                collection.contentOffset.y = CGFloat(Int.random(in: -50...Int(collection.contentSize.height) + 50, using: &rng))
                check(collection, layout, model)
            }
            #expect(model.askedIDs.count == 60, "scrolling asks nothing")
        }
    }

    @Test func tiesGoToTheLeftmostColumnAndSectionsStackWithOneMargin() {
        let model = CollectionModel()
        model.sections = [
            [10, 10, 10, 5, 20].enumerated().map { ModelItem(id: $0.offset, height: $0.element) },
            [], [30].map { ModelItem(id: 9, height: $0) },
        ]
        let (collection, layout) = makeCollection(model, columns: 3, margin: 4, width: 104)
        let frame = { (s: Int, i: Int) in layout.layoutAttributesForItem(at: IndexPath(item: i, section: s))!.frame }
        #expect(frame(0, 0).minX == 0 && frame(0, 1).minX == 36 && frame(0, 2).minX == 72)  // equal heights: left to right
        #expect(frame(0, 3) == CGRect(x: 0, y: 14, width: 32, height: 5))  // all tied at 14: leftmost
        #expect(frame(0, 4) == CGRect(x: 36, y: 14, width: 32, height: 20))  // column 0 is at 23 now
        let sectionTwoTop: CGFloat = 38
        #expect(
            frame(2, 0).minY == sectionTwoTop, "the next non-empty section starts one margin below the tallest column: \(Double(frame(2, 0).minY))")
        #expect(collection.contentSize.height == 68)
    }

    @Test func emptyCollectionOneColumnAndMoreColumnsThanItems() {
        var rng = SplitMix64(seed: 7)
        let empty = CollectionModel()
        let (collection, layout) = makeCollection(empty, columns: 3)
        #expect(collection.contentSize.height == 0)
        #expect(collection.indexPathsForVisibleItems.isEmpty)
        #expect(layout.layoutAttributesForElements(in: CGRect(x: 0, y: -100, width: 300, height: 1000)).isEmpty)
        collection.contentOffset.y = 500
        #expect(collection.visibleCells.isEmpty)

        let emptySections = CollectionModel(sectionCounts: [0, 0, 0], rng: &rng)
        let (c2, l2) = makeCollection(emptySections, columns: 2)
        #expect(c2.contentSize.height == 0)
        check(c2, l2, emptySections)

        let single = CollectionModel(sectionCounts: [30, 5], rng: &rng)
        let (c3, l3) = makeCollection(single, columns: 1, margin: 3)
        check(c3, l3, single)
        let total = single.sections.flatMap { $0 }.reduce(0) { $0 + $1.height + 3 } - 3
        #expect(Double(c3.contentSize.height) == total, "one column: a plain list with margins")

        let few = CollectionModel(sectionCounts: [3], rng: &rng)
        let (c4, l4) = makeCollection(few, columns: 8)
        check(c4, l4, few)
        for i in 0..<3 { #expect(l4.layoutAttributesForItem(at: IndexPath(item: i, section: 0))!.frame.minY == 0) }
    }

    @Test func widthAndColumnChangesReplaceEverythingAtTheNewItemWidth() {
        var rng = SplitMix64(seed: 0x51DE)
        let model = CollectionModel(sectionCounts: [50, 20], rng: &rng)
        let (collection, layout) = makeCollection(model, columns: 3)
        collection.contentOffset.y = 200
        model.askedIDs.removeAll()
        collection.frame.size.width = 500
        collection.layoutIfNeeded()
        #expect(model.askedIDs.count == 70, "a new width asks every height again")
        #expect(model.askedWidths.contains((500 - 16) / 3))
        check(collection, layout, model)
        model.askedIDs.removeAll()
        layout.numberOfColumns = 4
        collection.layoutIfNeeded()
        #expect(model.askedIDs.count == 70)
        check(collection, layout, model)
    }

    @Test func rectQueriesMatchBruteForce() {
        var rng = SplitMix64(seed: 0xEC7)
        for columns in [1, 2, 3, 7] {
            let model = CollectionModel(sectionCounts: [120, 0, 33, 1, 60], rng: &rng)
            let (collection, layout) = makeCollection(model, columns: columns, margin: CGFloat(Int.random(in: 0...6, using: &rng)))
            let frames = model.waterfallFrames(columns: columns, margin: layout.margin, width: 300).frames
            let height = Int(collection.contentSize.height)
            for _ in 0..<150 {
                let rect = CGRect(
                    x: CGFloat(Int.random(in: -50...320, using: &rng)), y: CGFloat(Int.random(in: -100...height + 100, using: &rng)),
                    width: CGFloat(Int.random(in: 0...400, using: &rng)), height: CGFloat(Int.random(in: 0...600, using: &rng)) / 2)
                let answer = layout.layoutAttributesForElements(in: rect)
                let paths = answer.map(\.indexPath)
                #expect(Set(paths).count == paths.count, "no duplicates")
                #expect(Set(paths) == CollectionModel.bruteForce(frames, in: rect), "rect \(rect)")
                for attributes in answer { #expect(attributes.frame == frames[attributes.indexPath.section][attributes.indexPath.item]) }
            }
        }
    }

    @Test func randomBatchesMatchTheArrayModel() {
        var rng = SplitMix64(seed: 0xC011EC7)
        var batches = 0
        while batches < 300 {
            let model = CollectionModel(
                sectionCounts: (0..<Int.random(in: 0...4, using: &rng)).map { _ in Int.random(in: 0...30, using: &rng) }, rng: &rng)
            let (collection, layout) = makeCollection(
                model, columns: Int.random(in: 1...4, using: &rng),
                margin: CGFloat(Int.random(in: 0...8, using: &rng)),
                height: CGFloat(Int.random(in: 50...400, using: &rng)))
            check(collection, layout, model)
            for _ in 0..<15 {
                collection.contentOffset.y = CGFloat(Int.random(in: -20...Int(collection.contentSize.height) + 20, using: &rng))
                model.askedIDs.removeAll()
                let before = model.sections.reduce(0) { $0 + $1.count }
                let (calls, freshIDs) = model.randomBatch(rng: &rng)
                var completed = false
                collection.performBatchUpdates({ for call in calls { call(collection) } }, completion: { completed = $0 })
                #expect(completed)
                batches += 1
                #expect(Set(model.askedIDs) == freshIDs, "only inserted and reloaded items are asked")
                #expect(model.askedIDs.count == freshIDs.count, "each at most once")
                #expect(layout.itemsPlacedByLastPrepare <= max(before, model.sections.reduce(0) { $0 + $1.count }))
                check(collection, layout, model)
            }
        }
    }

    @Test func anInsertRePlacesOnlyFromTheChangedItemOfItsSection() {
        var rng = SplitMix64(seed: 0x1AC)
        let model = CollectionModel(sectionCounts: [200, 300], rng: &rng)
        let (collection, layout) = makeCollection(model, columns: 3)
        model.askedIDs.removeAll()
        model.sections[1].insert(contentsOf: model.freshItems(1, rng: &rng), at: 120)
        collection.insertItems(at: [IndexPath(item: 120, section: 1)])
        #expect(layout.itemsPlacedByLastPrepare == 301 - 120)
        #expect(model.askedIDs == [model.sections[1][120].id])
        check(collection, layout, model)

        model.sections[0].remove(at: 150)
        collection.deleteItems(at: [IndexPath(item: 150, section: 0)])
        #expect(layout.itemsPlacedByLastPrepare == 199 - 150, "section 1 is shifted, not re-placed")
        check(collection, layout, model)

        model.askedIDs.removeAll()
        model.sections[0][10].height = 99
        layout.invalidateItems(at: [IndexPath(item: 10, section: 0)])
        collection.layoutIfNeeded()
        #expect(model.askedIDs == [model.sections[0][10].id])
        #expect(layout.itemsPlacedByLastPrepare == 199 - 10)
        check(collection, layout, model)

        model.sections.swapAt(0, 1)
        collection.moveSection(0, toSection: 1)
        #expect(layout.itemsPlacedByLastPrepare == 0, "a moved section carries its placement")
        check(collection, layout, model)
    }
}
