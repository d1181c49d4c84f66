import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// The waterfall's optional delegate settings (the waterfall article's
/// `numberOfColumnWithCollectionView:` and `marginOfCellWithCollectionView:`):
/// read at every prepare, a change re-places everything, bad values reported.
@MainActor
@Suite struct WaterfallLayoutDelegateTests {
    @Test func columnsAndMarginFromTheDelegateReplaceTheLayoutsOwn() {
        var rng = SplitMix64(seed: 0xC01)
        let model = SupplementaryModel()
        model.sections = (0..<4).map { _ in model.randomSection(&rng, maxItems: 40) }
        model.delegateColumns = 3
        model.delegateMargin = 5
        let layout = WaterfallLayout(numberOfColumns: 1, margin: 0)
        layout.delegate = model
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 310, height: 400), collectionViewLayout: layout)
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.register(SectionLabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        cv.register(SectionLabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter, withReuseIdentifier: "footer")
        cv.dataSource = model
        cv.reloadData()
        #expect(layout.itemWidth == 100)
        func expectBruteForce(_ context: String) {
            let all = CGRect(x: -1, y: -1, width: 312, height: cv.contentSize.height + 2)
            let placed = model.place(for: layout, width: 310)
            #expect(cv.contentSize.height == placed.height, "\(context)")
            let got = layout.layoutAttributesForElements(in: all)
            #expect(got.count == placed.frames.count, "\(context)")
            for attributes in got {
                #expect(placed.frames[SupplementaryModel.element(attributes)].map { nearlyEqual($0, attributes.frame) } == true, "\(context)")
            }
        }
        expectBruteForce("3 columns, margin 5")
        let total = model.sections.reduce(0) { $0 + $1.items.count }

        // A new answer takes effect at the next invalidation, and re-places every item.
        model.delegateColumns = 2
        model.delegateMargin = 10
        cv.contentOffset.y = 50
        #expect(layout.itemWidth == 100, "not read until the layout prepares again")
        layout.invalidateLayout()
        cv.layoutIfNeeded()
        #expect(layout.itemWidth == 150)
        #expect(layout.itemsPlacedByLastPrepare == total)
        expectBruteForce("2 columns, margin 10")

        // The same answers again: an item change stays incremental.
        model.sections[3].items.append(ModelItem(id: 12_345, height: 20))
        cv.insertItems(at: [IndexPath(item: model.sections[3].items.count - 1, section: 3)])
        #expect(layout.itemsPlacedByLastPrepare == 1)
        // A reload reads them again too.
        model.delegateColumns = 4
        cv.reloadData()
        #expect(layout.itemsPlacedByLastPrepare == total + 1)
        expectBruteForce("4 columns after a reload")
    }

    @Test func badDelegateSettingsAreReported() {
        let model = SupplementaryModel()
        var rng = SplitMix64(seed: 4)
        model.sections = [model.makeSection(items: 5, header: 0, footer: 0, rng: &rng)]
        model.delegateColumns = 0
        model.delegateMargin = -.infinity
        let layout = WaterfallLayout(numberOfColumns: 2, margin: 3)
        layout.delegate = model
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 400), collectionViewLayout: layout)
        var messages: [String] = []
        cv.diagnosticHandler = { messages.append($0) }
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.dataSource = model
        cv.reloadData()
        #expect(
            messages == [
                "WaterfallLayoutDelegate.numberOfColumns(in:layout:) returned 0; a layout needs at least 1 column. Using 1.",
                "WaterfallLayoutDelegate.marginOfCell(in:layout:) returned -inf; it must be finite and 0 or more. Using 0.",
            ])
        #expect(layout.itemWidth == 100)
        #expect(layout.numberOfColumns == 2 && layout.margin == 3, "the layout's own settings are untouched")
    }
}
