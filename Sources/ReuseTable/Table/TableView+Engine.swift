import Foundation

// What the table tells the shared engine (`Engine/ReusingView.swift`): its words
// (its cell class follows from `pool`), and how a template cell is measured — at the table's width,
// the content narrowed by the accessory, 0 becoming 44 and a separator adding a pixel.

extension TableView: ReusingView {
    static var vocabulary: UpdateVocabulary { .table }

    var templateWidth: CGFloat { bounds.width }

    func fittingHeight(ofTemplate cell: TableViewCell, width: CGFloat, describing what: @autoclosure () -> String) -> CGFloat {
        fittingHeight(of: cell, tableWidth: width, describing: what())
    }
}

// The table's side of the layout pass (`Engine/LayoutPass.swift`): its stages `settle()` and
// `wanted(cells:supplementary:)` are in `TableView.swift`.
extension TableView: LayingOutView {
    typealias SupplementaryElement = (SupplementaryKey, CGRect)

    var cellsOnScreen: VisibleRows<TableViewCell> {
        _read { yield visibleRows }
        _modify { yield &visibleRows }
    }

    var prefetchedIndexPaths: Set<IndexPath> {
        _read { yield prefetchedRows }
        _modify { yield &prefetchedRows }
    }

    /// The geometry changes only inside the table's own steps, each ending with a pass.
    var hasInvalidatedLayout: Bool { false }
}
