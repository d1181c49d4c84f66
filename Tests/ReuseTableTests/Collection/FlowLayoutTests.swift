import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A flow delegate that answers only with UIKit's `sizeForItemAt`.
@MainActor
final class SizeOnlyDelegate: FlowLayoutDelegate {
    var asked: [IndexPath] = []
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        asked.append(indexPath)
        return CGSize(width: 999, height: CGFloat(10 + indexPath.item))
    }
}

/// `FlowLayout` with UIKit's names: spacings, item size, section insets, header and footer reference sizes.
@MainActor
@Suite struct FlowLayoutTests {
    func make(_ layout: FlowLayout, counts: [Int], width: CGFloat = 200) -> (CollectionView, CollectionModel) {
        var rng = SplitMix64(seed: 3)
        let store = CollectionModel(sectionCounts: counts, rng: &rng)
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: 300), collectionViewLayout: layout)
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.dataSource = store
        cv.reloadData()
        return (cv, store)
    }

    func frame(_ cv: CollectionView, _ item: Int, _ section: Int) -> CGRect? {
        cv.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    @Test func defaultsAreUIKits() {
        let layout = FlowLayout()
        #expect(layout.itemSize == CGSize(width: 50, height: 50))
        #expect(layout.minimumLineSpacing == 0 && layout.minimumInteritemSpacing == 0)
        #expect(layout.sectionInset == .zero && layout.headerReferenceSize == .zero && layout.footerReferenceSize == .zero)
        #expect(CollectionView.elementKindSectionHeader == "UICollectionElementKindSectionHeader")
        #expect(CollectionView.elementKindSectionFooter == "UICollectionElementKindSectionFooter")
    }

    @Test func itemSizeSpacingsAndInsetsPlaceAGrid() {
        let layout = FlowLayout()
        layout.numberOfColumns = 2
        layout.itemSize = CGSize(width: 10, height: 30)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 4
        layout.sectionInset = EdgeInsets(top: 6, left: 20, bottom: 8, right: 10)
        layout.headerReferenceSize = CGSize(width: 1, height: 12)
        layout.footerReferenceSize = CGSize(width: 1, height: 5)
        let (cv, _) = make(layout, counts: [3, 0, 1])
        // Column width: (200 − 20 − 10 − 10) / 2 = 80; the item size's width is not used.
        #expect(layout.itemWidth == 80)
        // Section 0: header 0..<12, inset 6, lines at 18 and 18 + 30 + 4, inset 8, footer.
        #expect(frame(cv, 0, 0) == CGRect(x: 20, y: 18, width: 80, height: 30))
        #expect(frame(cv, 1, 0) == CGRect(x: 110, y: 18, width: 80, height: 30))
        #expect(frame(cv, 2, 0) == CGRect(x: 20, y: 52, width: 80, height: 30))
        let footer0 = cv.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))
        #expect(footer0?.frame == CGRect(x: 0, y: 90, width: 200, height: 5))
        // Section 1 has no items: only its header and footer, no insets, no gap between sections.
        let header1 = cv.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        #expect(header1?.frame == CGRect(x: 0, y: 95, width: 200, height: 12))
        let footer1 = cv.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 1))
        #expect(footer1?.frame == CGRect(x: 0, y: 107, width: 200, height: 5))
        // Section 2: header at 112, its item at 112 + 12 + 6.
        #expect(frame(cv, 0, 2) == CGRect(x: 20, y: 130, width: 80, height: 30))
        #expect(cv.contentSize.height - 173 == 0, "130 + 30 + 8 + 5, got \(cv.contentSize.height - 173)")
    }

    @Test func sizeForItemAtGivesTheHeightWhenHeightForItemAtIsNotImplemented() {
        let layout = FlowLayout()
        let delegate = SizeOnlyDelegate()
        layout.delegate = delegate
        let (cv, _) = make(layout, counts: [4])
        #expect(delegate.asked.count == 4)
        #expect(frame(cv, 3, 0) == CGRect(x: 0, y: 10 + 11 + 12, width: 200, height: 13))
        // The default header and footer sizes come from the layout's reference sizes.
        layout.headerReferenceSize = CGSize(width: 0, height: 7)
        cv.layoutIfNeeded()
        #expect(frame(cv, 0, 0)?.minY == 7)
    }

    @Test func badSettingsAreReportedAndReplaced() {
        let layout = FlowLayout()
        var messages: [String] = []
        let (cv, _) = make(layout, counts: [2])
        cv.diagnosticHandler = { messages.append($0) }
        layout.itemSize = CGSize(width: 1, height: CGFloat.nan)
        layout.sectionInset = EdgeInsets(top: -1, left: .infinity, bottom: 2, right: 3)
        layout.headerReferenceSize = CGSize(width: 0, height: -5)
        layout.footerReferenceSize = CGSize(width: 0, height: CGFloat.infinity)
        #expect(
            messages == [
                "FlowLayout.itemSize.height was set to nan; it must be finite and 0 or more. Using 0.",
                "FlowLayout.sectionInset.top was set to -1.0; it must be finite and 0 or more. Using 0.",
                "FlowLayout.sectionInset.left was set to inf; it must be finite and 0 or more. Using 0.",
                "FlowLayout.headerReferenceSize.height was set to -5.0; it must be finite and 0 or more. Using 0.",
                "FlowLayout.footerReferenceSize.height was set to inf; it must be finite and 0 or more. Using 0.",
            ])
        #expect(layout.sectionInset == EdgeInsets(top: 0, left: 0, bottom: 2, right: 3))
        cv.layoutIfNeeded()
        #expect(cv.contentSize.height.isFinite)
    }
}
