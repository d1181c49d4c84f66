import Foundation
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A header or footer view with a fitting height.
final class TestHeaderView: View {
    let section: Int
    var fitting: CGFloat
    init(section: Int, fitting: CGFloat) {
        self.section = section
        self.fitting = fitting
        super.init(frame: .zero)
    }
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: fitting) }
}

/// The simple, obviously correct model the table is checked against: arrays of heights.
@MainActor
final class ModelTable: TableViewDataSource, TableViewDelegate {
    var rows: [[Double]]
    var headers: [Double]
    var footers: [Double]
    /// When false the delegate's heightForRowAt is "not implemented" (answers through the default).
    var implementsRowHeights = true
    var headerViews = false
    var log: [String] = []
    var heightAsked: [IndexPath] = []
    var displayed: [IndexPath] = []
    var ended: [IndexPath] = []
    var identifier = "cell"

    init(rows: [[Double]], headers: [Double]? = nil, footers: [Double]? = nil) {
        self.rows = rows
        self.headers = headers ?? Array(repeating: 0, count: rows.count)
        self.footers = footers ?? Array(repeating: 0, count: rows.count)
    }

    func numberOfSections(in tableView: TableView) -> Int { rows.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows[section].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath) as! TestCell
        cell.configuredFor = indexPath
        cell.fittingHeight = CGFloat(rows[indexPath.section][indexPath.row])
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        guard implementsRowHeights else {
            tableView.noteDefault(.rowHeight, of: self)
            return tableView.rowHeight
        }
        heightAsked.append(indexPath)
        return CGFloat(rows[indexPath.section][indexPath.row])
    }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
        headerViews ? TableView.automaticDimension : CGFloat(headers[section])
    }
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat { CGFloat(footers[section]) }
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
        headerViews ? TestHeaderView(section: section, fitting: CGFloat(headers[section])) : nil
    }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        displayed.append(indexPath)
    }
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        ended.append(indexPath)
    }

    /// Expected frames of every row and the total height, computed by brute force.
    func expectedLayout(margin: Double) -> (rows: [IndexPath: (minY: Double, height: Double)], total: Double) {
        var y = 0.0
        var result: [IndexPath: (Double, Double)] = [:]
        for section in rows.indices {
            y += headers[section]
            for (row, height) in rows[section].enumerated() {
                result[IndexPath(row: row, section: section)] = (y + margin, height)
                y += margin + height
            }
            y += footers[section]
        }
        return (result, y)
    }

    /// A random table: sections with random row counts (some empty) and dyadic heights.
    static func random(using rng: inout SplitMix64, maxSections: Int = 5, maxRows: Int = 40) -> ModelTable {
        let sectionCount = Int.random(in: 0...maxSections, using: &rng)
        let rows = (0..<sectionCount).map { _ in
            (0..<Int.random(in: 0...maxRows, using: &rng)).map { _ in Double(Int.random(in: 0...160, using: &rng)) / 4 }
        }
        let headers = (0..<sectionCount).map { _ in Bool.random(using: &rng) ? Double(Int.random(in: 1...30, using: &rng)) : 0 }
        let footers = (0..<sectionCount).map { _ in Bool.random(using: &rng) ? Double(Int.random(in: 1...20, using: &rng)) : 0 }
        return ModelTable(rows: rows, headers: headers, footers: footers)
    }
}

extension IndexPath {
    static func r(_ row: Int, _ section: Int = 0) -> IndexPath { IndexPath(row: row, section: section) }
}
