import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// `.insetGrouped` (`Table/Internal/TableView+LayoutPass.swift`): headers scroll as in `.grouped`; cells are
/// inset 20 points from each side, and what is measured, placed and reported agrees.
@MainActor
@Suite struct TableViewInsetGroupedTests {
    final class WrappingSource: TableViewDataSource, TableViewDelegate {
        let text = String(repeating: "x", count: 70)
        func numberOfSections(in tableView: TableView) -> Int { 3 }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 20 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = text
            cell.textLabel?.numberOfLines = 0
            cell.accessoryType = indexPath.row == 1 ? .checkmark : .none
            return cell
        }
        func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat { 3 }
        func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { View() }
    }

    func makeTable(_ style: TableView.Style, width: CGFloat, source: WrappingSource) -> TableView {
        TestSupport.makeTable(source, cell: TableViewCell.self, identifier: "row", width: width, height: 40, style: style) { table in
            table.rowHeight = TableView.automaticDimension
            table.separatorStyle = .none
        }
    }

    @Test func cellsAreInsetAndMeasuredAtTheNarrowerWidth() throws {
        let source = WrappingSource()
        let grouped = makeTable(.grouped, width: 100, source: source)
        let inset = makeTable(.insetGrouped, width: 100, source: source)
        let first = IndexPath(row: 0, section: 0)
        // 70 columns: one line in the grouped table's 98 inner columns, two in the inset table's 58.
        #expect(grouped.rectForRow(at: first) == CGRect(x: 0, y: 3, width: 100, height: 1))
        #expect(inset.rectForRow(at: first) == CGRect(x: 20, y: 3, width: 60, height: 2))
        // With a checkmark (40 points) the content is 20 wide: 18 inner columns, 4 lines.
        #expect(inset.rectForRow(at: IndexPath(row: 1, section: 0)).height == 4)
        for offset: CGFloat in [0, 30, 70, 0] {
            inset.contentOffset.y = offset
            for indexPath in inset.indexPathsForVisibleRows ?? [] {
                let cell = try #require(inset.cellForRow(at: indexPath))
                let rect = inset.rectForRow(at: indexPath)
                #expect(cell.frame == rect, "\(indexPath): the cell is where rectForRow says")
                #expect(inset.indexPathForRow(at: CGPoint(x: rect.midX, y: rect.midY)) == indexPath)
                #expect(cell.textLabel?.frame.width == cell.contentView.bounds.width - 2)
            }
        }
        // Headers, footers and sections keep the full width, and scroll as in `.grouped`.
        #expect(inset.rectForHeader(inSection: 1).width == 100 && inset.rectForHeader(inSection: 1).minX == 0)
        #expect(inset.rect(forSection: 1).width == 100)
        inset.contentOffset.y = inset.rect(forSection: 1).minY + 1  // the header half scrolled off
        let header = try #require(inset.headerView(forSection: 1))
        #expect(header.frame == inset.rectForHeader(inSection: 1), "not pinned")
    }

    @Test func aWidthChangeRemeasuresAtTheInsetWidth() throws {
        let source = WrappingSource()
        let table = makeTable(.insetGrouped, width: 100, source: source)
        let first = IndexPath(row: 0, section: 0)
        table.frame.size.width = 150  // 110 wide cells: one line
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: first) == CGRect(x: 20, y: 3, width: 110, height: 1))
        table.frame.size.width = 30  // narrower than two insets: 15 each side, no content width left
        table.layoutIfNeeded()
        let narrow = table.rectForRow(at: first)
        #expect(narrow.minX == 15 && narrow.width == 0)
        #expect(narrow.height == 44, "nothing fits: UIKit's 44")
    }
}
