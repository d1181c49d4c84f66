import Foundation

// What the table tells the shared engine (`Engine/ReuseEngineView.swift`): its words
// (its cell class follows from `pool`), and how a template cell is measured — at the table's width,
// the content narrowed by the accessory, 0 becoming 44 and a separator adding a pixel.

extension TableView: ReuseEngineView {
    static var vocabulary: UpdateVocabulary { .table }

    var hostName: String { "TableView" }

    var templateWidth: CGFloat { bounds.width }

    func fittingHeight(ofTemplate cell: TableViewCell, width: CGFloat, describing what: @autoclosure () -> String) -> CGFloat {
        fittingHeight(of: cell, tableWidth: width, describing: what())
    }
}

// The table's words for the engine; its side of the layout pass, display callbacks included,
// is `TableView+LayoutPass.swift`.
extension TableView {
    typealias SupplementaryElement = (SupplementaryKey, CGRect)

    func tellDidScroll(_ delegate: TableViewDelegate) {
        delegate.scrollViewDidScroll(self)
    }
}

extension TableView {
    var sectionCountAsLoaded: Int { geometry.sectionCount }

    func countAsLoaded(inSection section: Int) -> Int { rowCount(inSection: section) }

    var countsAsLoaded: [Int] { (0..<geometry.sectionCount).map { rowCount(inSection: $0) } }
}

extension TableView {
    static func missingSectionMessage(_ section: Int, sections: Int) -> String {
        "section \(section) does not exist: the table has \(sections) section\(sections == 1 ? "" : "s")."
    }

    static func missingIndexPathMessage(_ indexPath: IndexPath, _ fault: IndexPathFault) -> String {
        switch fault {
        case .malformed: "index path \(Array(indexPath)) must have exactly 2 indexes (section, row)."
        case .section(let sections):
            "row \(indexPath.tableDescription) is out of range: section \(indexPath.section) does not exist "
                + "(the table has \(sections) section\(sections == 1 ? "" : "s"))."
        case .row(let rows):
            "row \(indexPath.tableDescription) is out of range: section \(indexPath.section) has \(rows) row\(rows == 1 ? "" : "s")."
        }
    }
}
