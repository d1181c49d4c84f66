import Foundation

// What the table tells the shared engine (`Engine/ReusingView.swift`): its cell
// class, its words, and how a template cell is measured — at the table's width,
// the content narrowed by the accessory, 0 becoming 44 and a separator adding a pixel.

extension TableView: ReusingView {
    typealias Cell = TableViewCell

    static var vocabulary: UpdateVocabulary { .table }
    static var cellRegistrationCall: String { "register(_:forCellReuseIdentifier:)" }

    var templateWidth: CGFloat { bounds.width }

    func fittingHeight(ofTemplate cell: TableViewCell, width: CGFloat, describing what: @autoclosure () -> String) -> CGFloat {
        fittingHeight(of: cell, tableWidth: width, describing: what())
    }
}
