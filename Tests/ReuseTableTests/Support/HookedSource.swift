import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A data source and delegate the way real apps write them: rows with
/// identities, and a hook in every callback, where a test reads the table or
/// changes it. It records every request for a row the data no longer has.
@MainActor
final class HookedSource: TableViewDataSource, TableViewDelegate {
    struct Row: Equatable { var id: Int; var height: Double }
    /// `automaticFromDelegate`: `heightForRowAt` runs its hook and answers `TableView.automaticDimension`.
    enum Heights { case exact, fixed, selfSizing, automaticFromDelegate }
    enum Callback: CaseIterable { case height, cell, willDisplay, didEnd, header, scroll }

    var sections: [[Row]]
    var headers: [Double]
    var footers: [Double]
    var heights: Heights = .exact
    var estimate: Double?
    var nextID = 0
    /// Requests for rows that do not exist in the data (a table must never make them).
    var violations: [String] = []
    /// Called from each callback with the table and the index path (row -1 for a header; section -1 for `scroll`).
    var hooks: [Callback: (TableView, IndexPath) -> Void] = [:]
    var heightAsked: [Int] = []

    init(sections: [[Double]], headers: [Double]? = nil, footers: [Double]? = nil) {
        self.sections = []
        self.headers = headers ?? Array(repeating: 0, count: sections.count)
        self.footers = footers ?? Array(repeating: 0, count: sections.count)
        self.sections = sections.map { $0.map { makeRow($0) } }
    }

    func makeRow(_ height: Double) -> Row {
        nextID += 1
        return Row(id: nextID, height: height)
    }

    func row(_ indexPath: IndexPath) -> Row? {
        guard indexPath.section >= 0, indexPath.section < sections.count,
            indexPath.row >= 0, indexPath.row < sections[indexPath.section].count
        else { return nil }
        return sections[indexPath.section][indexPath.row]
    }

    /// The height the table must hold for a row once measured.
    func realHeight(_ row: Row, table: TableView) -> Double {
        switch heights {
        case .exact: return row.height
        case .fixed: return Double(table.rowHeight)
        case .selfSizing, .automaticFromDelegate:
            return (row.height == 0 ? 44 : row.height) + (table.separatorStyle == .none ? 0 : 1 / Double(table.screenScale))
        }
    }

    private func fire(_ callback: Callback, _ table: TableView, _ indexPath: IndexPath) {
        if let hook = hooks[callback] { hook(table, indexPath) }
    }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        guard section >= 0, section < sections.count else {
            violations.append("numberOfRows asked for missing section \(section)")
            return 0
        }
        return sections[section].count
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath) as! IdentityCell
        guard let row = row(indexPath) else {
            violations.append("cellForRowAt asked for missing row \(indexPath)")
            cell.rowID = -1
            return cell
        }
        cell.rowID = row.id
        cell.fitting = CGFloat(row.height)
        fire(.cell, tableView, indexPath)
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        guard heights == .exact || heights == .automaticFromDelegate else {
            tableView.noteDefault(.rowHeight, of: self)
            return tableView.rowHeight
        }
        guard let row = row(indexPath) else {
            violations.append("heightForRowAt asked for missing row \(indexPath)")
            return 0
        }
        heightAsked.append(row.id)
        fire(.height, tableView, indexPath)
        return heights == .automaticFromDelegate ? TableView.automaticDimension : CGFloat(row.height)
    }
    func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        guard let estimate else {
            tableView.noteDefault(.estimatedRowHeight, of: self)
            return tableView.estimatedRowHeight
        }
        return CGFloat(estimate)
    }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
        guard section >= 0, section < headers.count else {
            violations.append("heightForHeader asked for missing section \(section)")
            return 0
        }
        let height = CGFloat(headers[section])  // read before the hook, which may change the data
        fire(.header, tableView, IndexPath(row: -1, section: section))
        return height
    }
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat {
        guard section >= 0, section < footers.count else {
            violations.append("heightForFooter asked for missing section \(section)")
            return 0
        }
        return CGFloat(footers[section])
    }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        fire(.willDisplay, tableView, indexPath)
    }
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        fire(.didEnd, tableView, indexPath)
    }
    func scrollViewDidScroll(_ scrollView: ScrollView) {
        fire(.scroll, scrollView as! TableView, IndexPath(row: -1, section: -1))
    }
}

@MainActor
func makeHookedTable(
    _ source: HookedSource, width: CGFloat = 320, height: CGFloat = 200,
    style: TableView.Style = .plain, configure: (TableView) -> Void = { _ in }
) -> TableView {
    makeTable(source, cell: IdentityCell.self, identifier: "row", width: width, height: height, style: style, reload: false) { table in
        if source.heights == .selfSizing { table.rowHeight = TableView.automaticDimension }
        configure(table)
    }
}

/// Brute force: the rows whose rects intersect the viewport, each measured,
/// each shown by a cell configured for its row, and no cell both pooled and on screen.
@MainActor
func expectScreenConsistent(
    _ table: TableView, _ source: HookedSource, _ context: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let visible = table.indexPathsForVisibleRows ?? []
    let top = Double(table.contentOffset.y), bottom = top + Double(table.bounds.height)
    #expect(top.isFinite && Double(table.contentSize.height).isFinite, "finite offset and size \(context())", sourceLocation: sourceLocation)
    var expected: [IndexPath] = []
    let geometry = table.inspectedGeometry
    for s in 0..<table.numberOfSections {
        for r in 0..<table.numberOfRows(inSection: s) {
            let rect = table.rectForRow(at: IndexPath(row: r, section: s))
            if rect.height > 0, Double(rect.minY) < bottom, Double(rect.maxY) > top { expected.append(IndexPath(row: r, section: s)) }
        }
    }
    #expect(visible == expected, "visible rows are exactly those intersecting the viewport \(context())", sourceLocation: sourceLocation)
    let cells = table.visibleCells
    #expect(cells.count == visible.count, sourceLocation: sourceLocation)
    for (indexPath, cell) in zip(visible, cells) {
        let slot = geometry.slot(at: geometry.headerIndex(ofSection: indexPath.section) + 1 + indexPath.row)
        #expect(slot.isMeasured, "visible row \(indexPath) is measured \(context())", sourceLocation: sourceLocation)
        #expect(
            (cell as? IdentityCell)?.rowID == source.row(indexPath)?.id, "cell at \(indexPath) shows its row \(context())",
            sourceLocation: sourceLocation)
        #expect(cell.frame == table.rectForRow(at: indexPath), "frame of \(indexPath) \(context())", sourceLocation: sourceLocation)
        #expect(cell.superview === table, sourceLocation: sourceLocation)
        #expect(
            Double(cell.frame.height) == source.realHeight(source.row(indexPath)!, table: table) || source.heights == .fixed,
            "height of \(indexPath) \(context())", sourceLocation: sourceLocation)
    }
    let onScreen = Set(cells.map(ObjectIdentifier.init))
    for pooled in table.pooledCells.values.joined() {
        #expect(!onScreen.contains(ObjectIdentifier(pooled)), "a cell both pooled and on screen \(context())", sourceLocation: sourceLocation)
        #expect(pooled.superview == nil, sourceLocation: sourceLocation)
    }
    #expect(source.violations.isEmpty, "\(source.violations.prefix(3)) \(context())", sourceLocation: sourceLocation)
}
