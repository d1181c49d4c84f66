import Foundation

// What the table tells the shared engine (`Engine/ReuseEngineView.swift`): its words
// (its cell class follows from `pool`), and how a template cell is measured — at the table's width,
// the content narrowed by the accessory, 0 becoming 44 and a separator adding a pixel.

extension TableView: ReuseEngineView {
    static var vocabulary: UpdateVocabulary { .table }

    var templateWidth: CGFloat { bounds.width }

    func fittingHeight(ofTemplate cell: TableViewCell, width: CGFloat, describing what: @autoclosure () -> String) -> CGFloat {
        fittingHeight(of: cell, tableWidth: width, describing: what())
    }
}

// The table's side of the layout pass (`Engine/LayoutPass.swift`): its stages `settle()` and
// `wanted(cells:supplementary:)` are in `TableView.swift`.
extension TableView {
    typealias SupplementaryElement = (SupplementaryKey, CGRect)

    /// The geometry changes only inside the table's own steps, each ending with a pass.
    var hasInvalidatedLayout: Bool { false }

    /// What a row's frame and decoration follow from besides the offset: the geometry (through
    /// the layout generation its every change advances), the width, the table header's height,
    /// the row margin, the separator and the editing mode. None while a row is lifted: the
    /// proposed order moves the rows between its origin and its destination.
    var placement: Placement? {
        guard engine.pass.movement == nil else { return nil }
        return Placement(
            generation: engine.pass.layoutGeneration, width: bounds.width, origin: geometryOrigin, rowMargin: Double(appliedRowMargin),
            cellDecoration: separatorHeight, isEditing: editing.isEditing)
    }

    static var cellCallback: StaticString { "tableView(_:cellForRowAt:)" }
    static var willDisplayCallback: StaticString { "tableView(_:willDisplay:forRowAt:)" }
    static var didEndDisplayingCallback: StaticString { "tableView(_:didEndDisplaying:forRowAt:)" }

    func tell(_ delegate: TableViewDelegate, willDisplay cell: TableViewCell, at indexPath: IndexPath) {
        delegate.tableView(self, willDisplay: cell, forRowAt: indexPath)
    }

    func tell(_ delegate: TableViewDelegate, didEndDisplaying cell: TableViewCell, at indexPath: IndexPath) {
        delegate.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
    }

    func tellDidScroll(_ delegate: TableViewDelegate) {
        delegate.scrollViewDidScroll(self)
    }

    func dataSourceCell(at indexPath: IndexPath) -> TableViewCell {
        guard let dataSource else { preconditionFailure("ReuseTable: the table has rows but no data source") }
        return dataSource.tableView(self, cellForRowAt: indexPath)
    }

    // Reconcile's words: headers, footers and the table header and footer views after the
    // cells, the separator on every cell, cells behind headers and footers.

    func placeSupplementaryElements(_ wanted: [(SupplementaryKey, CGRect)]) {
        placeSupplementaryViews(wanted, in: viewport)
        placeTableHeaderAndFooterViews()
    }

    func refresh(_ cell: TableViewCell) {
        cell.separatorHeight = separatorHeight  // the style or the scale may have changed
    }

    func addCellSubview(_ cell: TableViewCell) {
        insertSubview(cell, at: 0)  // cells stay behind headers and footers
        showEditing(on: cell)  // an arriving cell shows the table's mode, whatever it showed before
    }
}

extension TableView {
    var sectionCountAsLoaded: Int { geometry.sectionCount }

    func countAsLoaded(inSection section: Int) -> Int { rowCount(inSection: section) }
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
