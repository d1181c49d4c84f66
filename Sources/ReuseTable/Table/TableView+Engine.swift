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
