import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A layout that returns whatever it is told to, bad numbers included.
@MainActor
final class BrokenLayout: CollectionViewLayout {
    var frames: [CGRect] = []
    var size = CGSize.zero
    override var collectionViewContentSize: CGSize { size }
    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
        frames.enumerated().map { CollectionViewLayoutAttributes(forCellWith: IndexPath(item: $0.offset, section: 0), frame: $0.element) }
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        frames.indices.contains(indexPath.item) ? CollectionViewLayoutAttributes(forCellWith: indexPath, frame: frames[indexPath.item]) : nil
    }
}

@MainActor
@Suite struct CollectionViewBadNumberTests {
    func make(_ layout: CollectionViewLayout, count: Int = 20) -> (CollectionView, CollectionModel, Box) {
        var rng = SplitMix64(seed: 9)
        let store = CollectionModel(sectionCounts: [count], rng: &rng)
        let box = Box()
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
        cv.diagnosticHandler = { box.messages.append($0) }
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.dataSource = store
        return (cv, store, box)
    }
    final class Box { var messages: [String] = [] }

    func expectFinite(_ cv: CollectionView, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(cv.contentOffset.x.isFinite && cv.contentOffset.y.isFinite, sourceLocation: sourceLocation)
        #expect(cv.contentSize.width.isFinite && cv.contentSize.height.isFinite, sourceLocation: sourceLocation)
        #expect(
            cv.bounds.width.isFinite && cv.bounds.width >= 0 && cv.bounds.height.isFinite && cv.bounds.height >= 0, sourceLocation: sourceLocation)
        for cell in cv.visibleCells {
            let f = cell.frame
            #expect(f.minX.isFinite && f.minY.isFinite && f.width.isFinite && f.height.isFinite, sourceLocation: sourceLocation)
        }
    }

    @Test func badItemHeightsAreReportedNamingTheItemAndPlacedAsZero() {
        let layout = WaterfallLayout(numberOfColumns: 2, margin: 4)
        let (cv, store, box) = make(layout, count: 4)
        layout.delegate = store
        store.sections[0][1].height = .nan
        store.sections[0][2].height = -.infinity
        store.sections[0][3].height = -3
        cv.reloadData()
        #expect(
            box.messages == [
                "invalid height of item (section 0, item 1) from collectionView(_:layout:heightForItemAt:itemWidth:): nan. Heights must be finite and 0 or more; using 0.",
                "invalid height of item (section 0, item 2) from collectionView(_:layout:heightForItemAt:itemWidth:): -inf. Heights must be finite and 0 or more; using 0.",
                "invalid height of item (section 0, item 3) from collectionView(_:layout:heightForItemAt:itemWidth:): -3.0. Heights must be finite and 0 or more; using 0.",
            ])
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.height == 0)
        expectFinite(cv)
    }

    @Test func badMarginsSpacingsAndColumnCountsAreReportedAndReplaced() {
        let box = Box()
        let layout = WaterfallLayout(numberOfColumns: 0, margin: .nan)  // before it has a collection view: reported when attached
        let cv = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: WaterfallLayout(numberOfColumns: 1, margin: 0))
        cv.diagnosticHandler = { box.messages.append($0) }
        cv.collectionViewLayout = layout
        #expect(
            box.messages == [
                "WaterfallLayout(numberOfColumns:margin:) numberOfColumns was set to 0; a layout needs at least 1 column. Using 1.",
                "WaterfallLayout(numberOfColumns:margin:) margin was set to nan; it must be finite and 0 or more. Using 0.",
            ])
        #expect(layout.numberOfColumns == 1 && layout.margin == 0)
        box.messages = []
        layout.numberOfColumns = -3
        layout.margin = .infinity
        layout.itemHeight = -1
        #expect(
            box.messages == [
                "WaterfallLayout.numberOfColumns was set to -3; a layout needs at least 1 column. Using 1.",
                "WaterfallLayout.margin was set to inf; it must be finite and 0 or more. Using 0.",
                "WaterfallLayout.itemHeight was set to -1.0; it must be finite and 0 or more. Using 0.",
            ])
        let flow = FlowLayout()
        cv.collectionViewLayout = flow
        box.messages = []
        flow.numberOfColumns = 0
        flow.minimumInteritemSpacing = -2
        flow.minimumLineSpacing = .nan
        #expect(
            box.messages == [
                "FlowLayout.numberOfColumns was set to 0; a layout needs at least 1 column. Using 1.",
                "FlowLayout.minimumInteritemSpacing was set to -2.0; it must be finite and 0 or more. Using 0.",
                "FlowLayout.minimumLineSpacing was set to nan; it must be finite and 0 or more. Using 0.",
            ])
        cv.layoutIfNeeded()
        expectFinite(cv)
    }

    /// Every visible frame finite, and no two visible items overlapping.
    func expectFiniteAndApart(_ cv: CollectionView, sourceLocation: SourceLocation = #_sourceLocation) {
        expectFinite(cv, sourceLocation: sourceLocation)
        let frames = cv.visibleCells.map(\.frame)
        for (i, a) in frames.enumerated() {
            for b in frames[(i + 1)...] {
                let overlap = a.intersection(b)
                #expect(overlap.isNull || overlap.width * overlap.height == 0, "\(a) overlaps \(b)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Scrolls from the top to the end in a few steps, checking the screen at each.
    func expectFiniteWhileScrolling(_ cv: CollectionView, sourceLocation: SourceLocation = #_sourceLocation) {
        cv.layoutIfNeeded()
        let end = cv.maximumContentOffsetY
        for step in 0...4 {
            cv.contentOffset.y = end / 4 * CGFloat(step)
            cv.layoutIfNeeded()
            expectFiniteAndApart(cv, sourceLocation: sourceLocation)
        }
    }

    @Test func aHugeWaterfallMarginIsCappedSoEveryFrameIsFinite() {
        let layout = WaterfallLayout(numberOfColumns: 3, margin: .greatestFiniteMagnitude)  // reported when attached
        let (cv, store, box) = make(WaterfallLayout(numberOfColumns: 1, margin: 0), count: 12)
        layout.delegate = store
        cv.collectionViewLayout = layout
        cv.reloadData()
        #expect(
            box.messages == [
                "WaterfallLayout(numberOfColumns:margin:) margin was set to \(CGFloat.greatestFiniteMagnitude); "
                    + "it must be at most \(TableView.maximumSlotHeight). Using \(TableView.maximumSlotHeight)."
            ])
        #expect(layout.margin == TableView.maximumSlotHeight)
        #expect(cv.contentSize.height.isFinite)
        for item in 0..<12 {
            let frame = cv.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame
            #expect(frame.map { $0.minX.isFinite && $0.minY.isFinite && $0.maxY.isFinite } == true, "item \(item): \(String(describing: frame))")
        }
        expectFiniteWhileScrolling(cv)
        box.messages = []
        layout.margin = 1e300
        #expect(box.messages == ["WaterfallLayout.margin was set to 1e+300; it must be at most 1000000000000.0. Using 1000000000000.0."])
        expectFiniteWhileScrolling(cv)
    }

    @Test func aHugeMarginFromTheWaterfallDelegateIsCappedAndReportedNamingTheMethod() {
        let model = SupplementaryModel()
        var rng = SplitMix64(seed: 4)
        model.sections = [model.makeSection(items: 9, header: 10, footer: 10, rng: &rng)]
        model.delegateMargin = .greatestFiniteMagnitude
        let layout = WaterfallLayout(numberOfColumns: 3, margin: 3)
        layout.delegate = model
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 400), collectionViewLayout: layout)
        let box = Box()
        cv.diagnosticHandler = { box.messages.append($0) }
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.register(SectionLabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        cv.register(SectionLabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter, withReuseIdentifier: "footer")
        cv.dataSource = model
        cv.reloadData()
        #expect(
            box.messages.first
                == "WaterfallLayoutDelegate.marginOfCell(in:layout:) returned \(CGFloat.greatestFiniteMagnitude); "
                + "it must be at most \(TableView.maximumSlotHeight). Using \(TableView.maximumSlotHeight).")
        #expect(cv.contentSize.height.isFinite)
        expectFiniteWhileScrolling(cv)
    }

    @Test func hugeFlowSpacingsInsetsAndSizesAreCappedSoEveryFrameIsFinite() {
        let flow = FlowLayout()
        let (cv, store, box) = make(flow, count: 12)
        flow.delegate = store
        flow.numberOfColumns = 3
        flow.minimumLineSpacing = .greatestFiniteMagnitude
        flow.minimumInteritemSpacing = .greatestFiniteMagnitude
        flow.sectionInset = EdgeInsets(top: .greatestFiniteMagnitude, left: 1e300, bottom: .greatestFiniteMagnitude, right: 2)
        flow.headerReferenceSize = CGSize(width: 0, height: CGFloat.greatestFiniteMagnitude)
        flow.footerReferenceSize = CGSize(width: 0, height: 1e200)
        flow.itemSize = CGSize(width: 50, height: CGFloat.greatestFiniteMagnitude)
        let cap = TableView.maximumSlotHeight
        for name in [
            "FlowLayout.minimumLineSpacing", "FlowLayout.minimumInteritemSpacing", "FlowLayout.sectionInset.top",
            "FlowLayout.sectionInset.left", "FlowLayout.sectionInset.bottom", "FlowLayout.headerReferenceSize.height",
            "FlowLayout.footerReferenceSize.height", "FlowLayout.itemSize.height",
        ] {
            #expect(
                box.messages.filter { $0.hasPrefix(name + " was set to") && $0.hasSuffix("Using \(cap).") }.count == 1, "\(name): \(box.messages)")
        }
        #expect(flow.minimumLineSpacing == cap && flow.sectionInset.left == cap && flow.itemSize.height == cap)
        cv.reloadData()
        #expect(cv.contentSize.height.isFinite)
        expectFiniteWhileScrolling(cv)
    }

    @Test func aSelfSizedItemHeightBeyondTheMaximumIsReportedNamingTheItemAndCapped() {
        final class Source: CollectionViewDataSource, FlowLayoutDelegate {
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 4 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
            }
            func collectionView(
                _ collectionView: CollectionView, layout: FlowLayout, heightForItemAt indexPath: IndexPath, itemWidth: CGFloat
            ) -> CGFloat {
                collectionView.heightForCell(withReuseIdentifier: "item", cacheBy: indexPath) { cell in
                    (cell as! ItemCell).fitting = indexPath.item == 2 ? .greatestFiniteMagnitude : 20
                }
            }
        }
        let source = Source()
        let flow = FlowLayout()
        flow.delegate = source
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: flow)
        let box = Box()
        cv.diagnosticHandler = { box.messages.append($0) }
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.dataSource = source
        cv.reloadData()
        #expect(box.messages.count == 1 && box.messages[0].contains("item (section 0, item 2)"), "\(box.messages)")
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame.height == TableView.maximumSlotHeight)
        expectFiniteWhileScrolling(cv)
    }

    /// As for the table (`ScrollView.contentOffset`): NaN keeps the old coordinate, ±infinity goes to the content's edge.
    @Test func nonFiniteOffsetsAreReportedNaNKeptAndInfinityClamped() {
        let layout = WaterfallLayout(numberOfColumns: 2, margin: 4)
        let (cv, store, box) = make(layout, count: 200)
        layout.delegate = store
        cv.reloadData()
        cv.contentOffset.y = 500
        cv.contentOffset.y = .nan
        #expect(cv.contentOffset == CGPoint(x: 0, y: 500))
        cv.contentOffset = CGPoint(x: CGFloat.infinity, y: -CGFloat.infinity)
        #expect(cv.contentOffset == CGPoint(x: 0, y: 0))
        cv.contentOffset.y = .infinity
        #expect(cv.contentOffset.y == cv.maximumContentOffsetY)
        #expect(box.messages.count == 3 && box.messages.allSatisfy { $0.hasPrefix("invalid contentOffset") }, "\(box.messages)")
        #expect(!cv.visibleCells.isEmpty)
        expectFinite(cv)
    }

    @Test func nonFiniteOrNegativeFrameSizesAreReportedAndReplacedByZero() {
        let layout = WaterfallLayout(numberOfColumns: 2, margin: 4)
        let (cv, store, box) = make(layout)
        layout.delegate = store
        cv.reloadData()
        cv.frame = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 300)
        cv.layoutIfNeeded()
        #expect(box.messages == ["CollectionView frame.size.width was set to nan; it must be finite and 0 or more. Using 0."])
        #expect(cv.visibleCells.isEmpty)
        box.messages = []
        cv.frame.size = CGSize(width: -10, height: CGFloat.infinity)
        #expect(
            box.messages == [
                "CollectionView frame.size.width was set to -10.0; it must be finite and 0 or more. Using 0.",
                "CollectionView frame.size.height was set to inf; it must be finite and 0 or more. Using 0.",
            ])
        box.messages = []
        cv.frame.size = CGSize(width: 200, height: 300)
        cv.layoutIfNeeded()
        box.messages = []
        cv.bounds.size.height = .nan  // set directly: caught by the next pass
        cv.layoutIfNeeded()
        #expect(box.messages.count == 1 && box.messages[0].hasPrefix("invalid bounds") && box.messages[0].contains("height: nan"))
        expectFinite(cv)
    }

    @Test func aLayoutReturningNonFiniteFramesIsReportedOnceAndThoseItemsAreNotShown() {
        let layout = BrokenLayout()
        let (cv, store, box) = make(layout, count: 3)
        defer { withExtendedLifetime(store) {} }
        layout.frames = [
            CGRect(x: 0, y: 0, width: 100, height: 50), CGRect(x: 0, y: CGFloat.nan, width: 100, height: 50),
            CGRect(x: 0, y: 60, width: CGFloat.infinity, height: 50),
        ]
        layout.size = CGSize(width: 200, height: CGFloat.nan)
        cv.reloadData()
        cv.contentOffset.y = 1
        #expect(cv.indexPathsForVisibleItems == [IndexPath(item: 0, section: 0)])
        #expect(cv.contentSize.height == 0)
        #expect(box.messages.filter { $0.contains("(section 0, item 1)") }.count == 1)
        #expect(box.messages.filter { $0.contains("(section 0, item 2)") }.count == 1)
        #expect(box.messages.contains("BrokenLayout.collectionViewContentSize returned height nan; it must be finite and 0 or more. Using 0."))
        #expect(
            box.messages.first { $0.contains("item 1") } == "BrokenLayout.layoutAttributesForElements(in:) returned the frame "
                + "\(layout.frames[1]) for item (section 0, item 1); a frame must be finite. The item is not shown.")
        expectFinite(cv)
    }

    @Test func negativeSectionsAndItemsInUpdatesAreValidationErrors() {
        let layout = WaterfallLayout(numberOfColumns: 2, margin: 4)
        let (cv, store, _) = make(layout, count: 5)
        defer { withExtendedLifetime(store) {} }
        layout.delegate = store
        cv.reloadData()
        #expect(
            throws: ReuseTableError("Invalid update: attempt to delete item (section -1, item 0), but there are only 1 section before the update.")
        ) {
            try cv.validateUpdates { cv.deleteItems(at: [IndexPath(item: 0, section: -1)]) }
        }
        #expect(throws: (any Error).self) {
            try cv.validateUpdates { cv.deleteItems(at: [IndexPath(item: -2, section: 0)]) }
        }
        #expect(throws: (any Error).self) {
            try cv.validateUpdates { cv.moveSection(-1, toSection: 0) }
        }
        #expect(throws: (any Error).self) {
            try cv.validateIndexPath(IndexPath(item: -1, section: 0))
        }
    }
}
