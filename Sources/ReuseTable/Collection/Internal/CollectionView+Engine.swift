import Foundation

// What the collection view tells the shared engine (`Engine/ReuseEngineView.swift`):
// its words (its cell class follows from `pool`), and how a template cell is measured — at the
// layout's item width, its fitting height sanitized.

extension CollectionView: ReuseEngineView {
    static var vocabulary: UpdateVocabulary { .collection }

    var templateWidth: CGFloat { collectionViewLayout.itemWidth }

    func fittingHeight(ofTemplate cell: CollectionViewCell, width: CGFloat, describing what: @autoclosure () -> String) -> CGFloat {
        sanitizedHeight(measuredHeight(of: cell, contentWidth: width, describing: what()), for: "fitting height of \(what())")
    }
}

// The collection view's side of the layout pass (`Engine/LayoutPass.swift`): its stages
// `settle()` and `wanted(cells:supplementary:notes:)` are in `CollectionView.swift`.
extension CollectionView {
    typealias SupplementaryElement = CollectionViewLayoutAttributes

    /// The layout was invalidated (`invalidateLayout()`, an update) since the last pass.
    var hasInvalidatedLayout: Bool { collectionViewLayout.needsPrepare }

    static var cellCallback: StaticString { "collectionView(_:cellForItemAt:)" }
    static var willDisplayCallback: StaticString { "collectionView(_:willDisplay:forItemAt:)" }
    static var didEndDisplayingCallback: StaticString { "collectionView(_:didEndDisplaying:forItemAt:)" }

    func tell(_ delegate: CollectionViewDelegate, willDisplay cell: CollectionViewCell, at indexPath: IndexPath) {
        delegate.collectionView(self, willDisplay: cell, forItemAt: indexPath)
    }

    func tell(_ delegate: CollectionViewDelegate, didEndDisplaying cell: CollectionViewCell, at indexPath: IndexPath) {
        delegate.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
    }

    func tellDidScroll(_ delegate: CollectionViewDelegate) {
        delegate.scrollViewDidScroll(self)
    }

    func dataSourceCell(at indexPath: IndexPath) -> CollectionViewCell {
        guard let dataSource else { preconditionFailure("ReuseTable: the collection view has items but no data source") }
        return dataSource.collectionView(self, cellForItemAt: indexPath)
    }
}

extension CollectionView {
    var sectionCountAsLoaded: Int { itemCounts.count }

    func countAsLoaded(inSection section: Int) -> Int { itemCounts[section] }

    var countsAsLoaded: [Int] { itemCounts }
}

extension CollectionView {
    static func missingSectionMessage(_ section: Int, sections: Int) -> String {
        "section \(section) does not exist: the collection view has \(UpdateVocabulary.collection.plural(sections, "section"))."
    }

    static func missingIndexPathMessage(_ indexPath: IndexPath, _ fault: IndexPathFault) -> String {
        let vocabulary = UpdateVocabulary.collection
        switch fault {
        case .malformed(let sections), .section(let sections):
            return "index path \(indexPath.collectionDescription) is out of range: "
                + "the collection view has only \(vocabulary.plural(sections, "section"))."
        case .row(let items):
            return "index path \(indexPath.collectionDescription) is out of range: "
                + "section \(indexPath.section) contains only \(vocabulary.plural(items, "item"))."
        }
    }
}
