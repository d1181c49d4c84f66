import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable

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
            throws: TableViewError("Invalid update: attempt to delete item (section -1, item 0), but there are only 1 section before the update.")
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
