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
