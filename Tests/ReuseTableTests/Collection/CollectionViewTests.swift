import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A cell whose fitting height depends on its text and the width it is given.
final class TextCell: CollectionViewCell {
    var text = ""
    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let perLine = max(1, Int(size.width / 10))
        let lines = max(1, (text.count + perLine - 1) / perLine)
        return CGSize(width: size.width, height: CGFloat(lines * 12 + 4))
    }
}

/// Self-sizing feed: the flow layout delegate answers through the template-cell API.
@MainActor
final class SelfSizingFeed: CollectionViewDataSource, FlowLayoutDelegate {
    var texts: [String]
    var configurations = 0
    var useKeys = false
    init(texts: [String]) { self.texts = texts }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath) as! TextCell
        cell.text = texts[indexPath.item]
        return cell
    }
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, heightForItemAt indexPath: IndexPath,
        itemWidth: CGFloat
    ) -> CGFloat {
        let configure = { [self] (cell: CollectionViewCell) in
            configurations += 1
            #expect(cell.isTemplateLayoutCell)
            (cell as! TextCell).text = texts[indexPath.item]
        }
        if useKeys {
            return collectionView.heightForCell(withReuseIdentifier: "text", cacheByKey: texts[indexPath.item], configuration: configure)
        }
        return collectionView.heightForCell(withReuseIdentifier: "text", cacheBy: indexPath, configuration: configure)
    }

    /// Independent model of the one-column flow: the text's height at `width`, stacked with `spacing`.
    func expectedFrames(width: CGFloat, spacing: CGFloat) -> [CGRect] {
        var y: CGFloat = 0
        return texts.map { text in
            let cell = TextCell(reuseIdentifier: nil)
            cell.text = text
            let h = cell.sizeThatFits(CGSize(width: width, height: 0)).height
            defer { y += h + spacing }
            return CGRect(x: 0, y: y, width: width, height: h)
        }
    }
}

/// Counts display events.
@MainActor
final class DisplayLog: CollectionViewDelegate {
    var willDisplay = 0, didEnd = 0
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) { willDisplay += 1 }
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) { didEnd += 1 }
}

@MainActor
@Suite struct CollectionViewTests {
    func waterfall(_ model: CollectionModel, columns: Int = 3, height: CGFloat = 480) -> CollectionView {
        let layout = WaterfallLayout(numberOfColumns: columns, margin: 6)
        layout.delegate = model
        let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: height), collectionViewLayout: layout)
        collection.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        collection.dataSource = model
        collection.reloadData()
        return collection
    }

    @Test func reusePoolBoundsCellsCreatedWhileScrolling() {
        var rng = SplitMix64(seed: 0x2E05E)
        let model = CollectionModel(sectionCounts: [5_000, 0, 3_000], rng: &rng)
        let collection = waterfall(model)
        let log = DisplayLog()
        collection.delegate = log
        let initiallyVisible = collection.visibleCells.count
        #expect(initiallyVisible > 0)
        let maxY = Int(collection.contentSize.height)
        for step in 0..<400 {
            if step % 3 == 0 {
                collection.contentOffset.y = CGFloat(Int.random(in: -100...maxY + 100, using: &rng))  // jumps
            } else {
                collection.contentOffset.y += CGFloat(Int.random(in: -300...300, using: &rng))  // drags
            }
            let visible = collection.indexPathsForVisibleItems
            #expect(visible.count == collection.visibleCells.count)
            #expect(Set(collection.subviews.map(ObjectIdentifier.init)) == Set(collection.visibleCells.map(ObjectIdentifier.init)))
        }
        let created = collection.cellsCreatedByIdentifier["item"] ?? 0
        #expect(created <= collection.counters.mostVisibleAtOnce + 2, "created \(created), most visible \(collection.counters.mostVisibleAtOnce)")
        #expect(collection.counters.cellsCreated == created)
        #expect(initiallyVisible + log.willDisplay - log.didEnd == collection.visibleCells.count)
        #expect(collection.counters.lastLayoutNanoseconds > 0)

        // The teaching switch: without the pool every appearance creates a cell.
        collection.isReusePoolEnabled = false
        let before = collection.counters.cellsCreated, shownBefore = log.willDisplay
        for _ in 0..<20 { collection.contentOffset.y = CGFloat(Int.random(in: 0...maxY, using: &rng)) }
        #expect(collection.counters.cellsCreated - before == log.willDisplay - shownBefore)
        #expect(collection.reusePoolCount == 0)
    }

    @Test func visibleItemsAreExactlyThoseIntersectingTheViewportInAGrid() {
        var rng = SplitMix64(seed: 0x6121D)
        let model = CollectionModel(sectionCounts: [37, 0, 11], rng: &rng)
        let layout = FlowLayout()
        layout.numberOfColumns = 3
        layout.minimumInteritemSpacing = 5
        layout.minimumLineSpacing = 7
        layout.delegate = model
        let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 305, height: 200), collectionViewLayout: layout)
        collection.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        collection.dataSource = model
        collection.reloadData()
        #expect(layout.itemWidth == 98.33333333333333)

        // Independent grid model: lines of 3, top-aligned, a line as tall as its tallest item.
        var frames: [[CGRect]] = []
        var bottom: CGFloat?
        for items in model.sections {
            var lineTop = bottom ?? 0  // sections follow each other with no gap (UIKit's flow; no sectionInset here)
            var section: [CGRect] = []
            for start in stride(from: 0, to: items.count, by: 3) {
                let line = items[start..<min(start + 3, items.count)]
                for (column, item) in line.enumerated() {
                    section.append(
                        CGRect(x: CGFloat(column) * (layout.itemWidth + 5), y: lineTop, width: layout.itemWidth, height: CGFloat(item.height)))
                }
                let lineBottom = line.map { lineTop + CGFloat($0.height) }.max()!
                bottom = lineBottom
                lineTop = lineBottom + 7
            }
            frames.append(section)
        }
        #expect(collection.contentSize.height == bottom ?? 0)
        for _ in 0..<100 {
            collection.contentOffset.y = CGFloat(Int.random(in: -50...Int(collection.contentSize.height) + 50, using: &rng))
            let viewport = CGRect(origin: collection.contentOffset, size: collection.bounds.size)
            #expect(collection.indexPathsForVisibleItems == CollectionModel.bruteForce(frames, in: viewport).sorted())
            for indexPath in collection.indexPathsForVisibleItems {
                #expect(collection.cellForItem(at: indexPath)?.frame == frames[indexPath.section][indexPath.item])
            }
        }
        let some = IndexPath(item: 30, section: 0)
        collection.scrollToItem(at: some, at: .top, animated: false)
        #expect(collection.contentOffset.y == min(frames[0][30].minY, collection.maximumContentOffsetY))
        collection.scrollToItem(at: IndexPath(item: 2, section: 0), at: .centeredVertically, animated: true)
        #expect(collection.contentOffset.y == max(0, frames[0][2].midY - 100))
        #expect(collection.indexPathForItem(at: CGPoint(x: frames[0][4].midX, y: frames[0][4].midY)) == IndexPath(item: 4, section: 0))
    }

    /// A 2-column grid of touching 100 × 40 items (no spacing): item 0 at (0, 0), 1 at (100, 0), 2 at (0, 40), 3 at (100, 40).
    func touchingGrid() -> (CollectionView, CollectionModel) {
        let model = CollectionModel()
        model.sections = [(1...4).map { ModelItem(id: $0, height: 40) }]
        let layout = FlowLayout()
        layout.numberOfColumns = 2
        layout.delegate = model
        let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
        collection.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        collection.dataSource = model
        collection.reloadData()
        return (collection, model)
    }

    /// UIKit hit-tests with `CGRect.contains`: an item owns its top and left edges, not its bottom and right ones.
    @Test func aPointOnTheEdgeBetweenTouchingItemsHitsTheLowerOrRightOne() {
        let (collection, model) = touchingGrid()
        defer { withExtendedLifetime(model) {} }
        let frames = (0..<4).map { collection.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        #expect(frames[1] == CGRect(x: 100, y: 0, width: 100, height: 40) && frames[2] == CGRect(x: 0, y: 40, width: 100, height: 40))
        func hit(_ x: CGFloat, _ y: CGFloat) -> Int? { collection.indexPathForItem(at: CGPoint(x: x, y: y))?.item }
        #expect(hit(100, 20) == 1, "the vertical line between items 0 and 1")
        #expect(hit(50, 40) == 2, "the horizontal line between items 0 and 2")
        #expect(hit(100, 40) == 3, "the corner where four items meet")
        #expect(hit(0, 0) == 0, "an item's minX and minY edges are inside it")
        #expect(hit(0, 20) == 0 && hit(50, 0) == 0)
        #expect(hit(200, 20) == nil, "maxX is outside")
        #expect(hit(50, 80) == nil, "maxY is outside")
        #expect(hit(99.5, 39.5) == 0 && hit(-0.5, 20) == nil && hit(50, -0.5) == nil)
    }

    /// `numberOfItems(inSection:)` of a section that does not exist stops, as the table's
    /// `numberOfRows(inSection:)` does (UIKit raises), with this message.
    @Test func aSectionThatDoesNotExistIsNamedWithTheNumberOfSections() throws {
        let (collection, model) = touchingGrid()
        defer { withExtendedLifetime(model) {} }
        #expect(collection.numberOfItems(inSection: 0) == 4)
        try collection.validateSection(0)
        #expect(throws: ReuseTableError("section 1 does not exist: the collection view has 1 section.")) {
            try collection.validateSection(1)
        }
        #expect(throws: ReuseTableError("section -1 does not exist: the collection view has 1 section.")) {
            try collection.validateSection(-1)
        }
        model.sections.append([])
        collection.reloadData()
        #expect(throws: ReuseTableError("section 7 does not exist: the collection view has 2 sections.")) {
            try collection.validateSection(7)
        }
    }

    @Test func updateValidationUsesItemWording() throws {
        var rng = SplitMix64(seed: 1)
        let model = CollectionModel(sectionCounts: [3], rng: &rng)
        let collection = waterfall(model)
        func expectMessage(_ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ updates: () -> Void) {
            #expect(throws: ReuseTableError("Invalid update: " + message), sourceLocation: sourceLocation) {
                try collection.validateUpdates(updates)
            }
        }
        model.sections[0] += model.freshItems(2, rng: &rng)
        expectMessage(
            "invalid number of items in section 0. The number of items contained in an existing section after the update (5) "
                + "must be equal to the number of items contained in that section before the update (3), "
                + "plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) "
                + "and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."
        ) {
            collection.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        model.sections[0].removeLast(3)
        expectMessage("attempt to delete item (section 0, item 9), but section 0 contains only 3 items before the update.") {
            collection.deleteItems(at: [IndexPath(item: 9, section: 0)])
        }
        model.sections[0] = model.freshItems(3, rng: &rng)
        expectMessage("attempt to insert item (section 0, item 7), but section 0 contains only 3 items after the update.") {
            collection.insertItems(at: [IndexPath(item: 7, section: 0)])
        }
        #expect(collection.numberOfItems(inSection: 0) == 3, "a rejected batch changes nothing")
        #expect(throws: ReuseTableError("index path (section 0, item 3) is out of range: section 0 contains only 3 items.")) {
            try collection.validateIndexPath(IndexPath(item: 3, section: 0))
        }
        #expect(throws: ReuseTableError("index path (section 4, item 0) is out of range: the collection view has only 1 section.")) {
            try collection.validateIndexPath(IndexPath(item: 0, section: 4))
        }
    }

    @Test func negativeCountsAreNamedWithItemWording() {
        final class Bad: CollectionViewDataSource {
            var sections = 2
            func numberOfSections(in collectionView: CollectionView) -> Int { sections }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { section == 1 ? -2 : 3 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                CollectionViewCell(reuseIdentifier: nil)
            }
        }
        let bad = Bad()
        let collection = CollectionView(frame: .zero, collectionViewLayout: FlowLayout())
        collection.dataSource = bad
        #expect(
            throws: ReuseTableError(
                "collectionView(_:numberOfItemsInSection:) returned -2 for section 1; a section has 0 or more items.")
        ) {
            try collection.fetchCounts()
        }
        bad.sections = -1
        #expect(throws: ReuseTableError("numberOfSections(in:) returned -1; a collection view has 0 or more sections.")) {
            try collection.fetchCounts()
        }
    }

    @Test func unregisteredIdentifiersAreNamed() {
        let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: FlowLayout())
        collection.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        #expect(
            throws: ReuseTableError(
                "unable to dequeue a cell with identifier \"photo\" for item (section 1, item 2): "
                    + "register a class for it with register(_:forCellWithReuseIdentifier:) first (registered: \"item\").")
        ) {
            try collection.validateDequeue(identifier: "photo", for: IndexPath(item: 2, section: 1))
        }
        #expect(
            throws: ReuseTableError(
                "cannot make a template cell for identifier \"photo\": register a class for it with "
                    + "register(_:forCellWithReuseIdentifier:) first (registered: \"item\").")
        ) {
            try collection.validateTemplateIdentifier("photo")
        }
    }

    @Test func badHeightsAreReportedAndTreatedAsZero() {
        var rng = SplitMix64(seed: 2)
        let model = CollectionModel(sectionCounts: [4], rng: &rng)
        model.sections[0][2].height = .nan
        let layout = WaterfallLayout(numberOfColumns: 2, margin: 0)
        layout.delegate = model
        let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: layout)
        collection.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        var messages: [String] = []
        collection.diagnosticHandler = { messages.append($0) }
        collection.dataSource = model
        collection.reloadData()
        #expect(
            messages == [
                "invalid height of item (section 0, item 2) from collectionView(_:layout:heightForItemAt:itemWidth:): nan. "
                    + "Heights must be finite and 0 or more; using 0."
            ])
        #expect(collection.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame.height == 0)
        #expect(collection.contentSize.height.isFinite)
    }

    @Test func flowLayoutSelfSizesThroughTemplateCellsAndCachesByIndexPath() {
        let texts = (0..<60).map { String(repeating: "x", count: ($0 * 37) % 90 + 1) }
        let feed = SelfSizingFeed(texts: texts)
        let layout = FlowLayout()
        layout.minimumLineSpacing = 2
        layout.delegate = feed
        let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 150), collectionViewLayout: layout)
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.dataSource = feed
        collection.reloadData()
        #expect(feed.configurations == 60, "each item configured and measured once")
        #expect(collection.counters.selfSizingMeasurements == 60)
        let frames = feed.expectedFrames(width: 200, spacing: 2)
        for (i, frame) in frames.enumerated() {
            #expect(collection.layoutAttributesForItem(at: IndexPath(item: i, section: 0))?.frame == frame)
        }
        #expect(collection.contentSize.height == frames.last!.maxY)
        for y in stride(from: 0, through: Int(collection.contentSize.height), by: 37) { collection.contentOffset.y = CGFloat(y) }
        #expect(feed.configurations == 60, "scrolling measures nothing")
        #expect(collection.cellsCreatedByIdentifier["text"]! <= collection.counters.mostVisibleAtOnce + 2)

        // The layout forgets, the cache remembers: every lookup hits and no configuration runs.
        let hits = collection.indexPathHeightCache.hits
        collection.reloadDataWithoutInvalidatingHeightCache()
        #expect(feed.configurations == 60)
        #expect(collection.indexPathHeightCache.hits == hits + 60)

        // An insert measures only the new item; the cache followed the shift.
        feed.texts.insert(String(repeating: "y", count: 75), at: 5)
        collection.insertItems(at: [IndexPath(item: 5, section: 0)])
        #expect(feed.configurations == 61)
        collection.reloadDataWithoutInvalidatingHeightCache()
        #expect(feed.configurations == 61, "cached heights moved with their items")
        for (i, frame) in feed.expectedFrames(width: 200, spacing: 2).enumerated() {
            #expect(collection.layoutAttributesForItem(at: IndexPath(item: i, section: 0))?.frame == frame)
        }

        // A new width measures again at that width; going back hits the old width's entries.
        collection.frame.size.width = 120
        collection.layoutIfNeeded()
        #expect(feed.configurations == 122)
        for (i, frame) in feed.expectedFrames(width: 120, spacing: 2).enumerated() {
            #expect(collection.layoutAttributesForItem(at: IndexPath(item: i, section: 0))?.frame == frame)
        }
        collection.frame.size.width = 200
        collection.layoutIfNeeded()
        #expect(feed.configurations == 122)

        // reloadData clears the index-path cache.
        collection.reloadData()
        #expect(feed.configurations == 183)
    }

    @Test func flowLayoutSelfSizesByKey() {
        let feed = SelfSizingFeed(texts: (0..<20).map { "item \($0) " + String(repeating: "z", count: $0 * 5) })
        feed.useKeys = true
        let layout = FlowLayout()
        layout.delegate = feed
        layout.numberOfColumns = 2
        let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 210, height: 100), collectionViewLayout: layout)
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.dataSource = feed
        collection.reloadData()
        #expect(feed.configurations == 20)
        feed.texts.reverse()
        collection.reloadData()
        #expect(feed.configurations == 20, "keys follow the model across reorders")
        #expect(collection.keyedHeightCache.hits == 20)
        collection.keyedHeightCache.invalidateHeight(forKey: feed.texts[0])
        layout.invalidateItems(at: [IndexPath(item: 0, section: 0)])
        collection.layoutIfNeeded()
        #expect(feed.configurations == 21)
    }
}
