import Foundation

// What the collection view tells the shared engine (`Engine/ReusingView.swift`):
// its words (its cell class follows from `pool`), and how a template cell is measured — at the
// layout's item width, its fitting height sanitized.

extension CollectionView: ReusingView {
    static var vocabulary: UpdateVocabulary { .collection }

    var templateWidth: CGFloat { collectionViewLayout.itemWidth }

    func fittingHeight(ofTemplate cell: CollectionViewCell, width: CGFloat, describing what: @autoclosure () -> String) -> CGFloat {
        sanitizedHeight(measuredHeight(of: cell, contentWidth: width, describing: what()), for: "fitting height of \(what())")
    }
}

// The collection view's side of the layout pass (`Engine/LayoutPass.swift`): its stages
// `settle()` and `wanted(cells:supplementary:)` are in `CollectionView.swift`.
extension CollectionView: LayingOutView {
    typealias SupplementaryElement = CollectionViewLayoutAttributes

    var cellsOnScreen: VisibleRows<CollectionViewCell> {
        _read { yield visibleItems }
        _modify { yield &visibleItems }
    }

    var prefetchedIndexPaths: Set<IndexPath> {
        _read { yield prefetchedItems }
        _modify { yield &prefetchedItems }
    }

    /// The layout was invalidated (`invalidateLayout()`, an update) since the last pass.
    var hasInvalidatedLayout: Bool { collectionViewLayout.needsPrepare }
}
