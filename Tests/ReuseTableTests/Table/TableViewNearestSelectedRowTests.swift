import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// `scrollToNearestSelectedRow(at:animated:)` (`Table/TableView+NearestSelectedRow.swift`): the selected
/// row nearest to the scroll position, scrolled as `scrollToRow` would.
@MainActor
@Suite struct TableViewNearestSelectedRowTests {
    func makeTable(counts: [Int], rowHeights: [[CGFloat]]? = nil) -> (TableView, ScrollSource) {
        let source = ScrollSource(counts: counts)
        source.rowHeights = rowHeights
        let table = TestSupport.makeTable(source, width: 40, height: 100) {
            $0.rowHeight = 10
            $0.allowsMultipleSelection = true
        }
        return (table, source)
    }

    @Test func withoutASelectionNothingMoves() {
        let (table, source) = makeTable(counts: [100])
        defer { withExtendedLifetime(source) {} }
        table.contentOffset.y = 250
        for position: TableView.ScrollPosition in [.none, .top, .middle, .bottom] {
            table.scrollToNearestSelectedRow(at: position, animated: false)
            #expect(table.contentOffset.y == 250)
        }
    }

    @Test func picksTheSelectedRowNearestToEachPosition() {
        let (table, source) = makeTable(counts: [100])
        defer { withExtendedLifetime(source) {} }
        for row in [5, 50, 95] { table.selectRow(at: IndexPath(row: row, section: 0), animated: false, scrollPosition: .none) }
        // Rows 40–49 on screen: row 50 is nearest everywhere.
        let cases: [(TableView.ScrollPosition, CGFloat)] = [(.top, 500), (.middle, 455), (.bottom, 410), (.none, 410)]
        for (position, expected) in cases {
            table.contentOffset.y = 400
            table.scrollToNearestSelectedRow(at: position, animated: false)
            #expect(table.contentOffset.y == expected, "\(position)")
        }
        // Rows 0–9 on screen: row 5 is fully visible, so `.none` does not move; `.top` brings it up.
        table.contentOffset.y = 0
        table.scrollToNearestSelectedRow(at: .none, animated: false)
        #expect(table.contentOffset.y == 0)
        table.scrollToNearestSelectedRow(at: .top, animated: false)
        #expect(table.contentOffset.y == 50)
    }

    @Test func tiesGoToTheFirstRowInIndexPathOrder() {
        let (table, source) = makeTable(counts: [100])
        defer { withExtendedLifetime(source) {} }
        for row in [60, 40] { table.selectRow(at: IndexPath(row: row, section: 0), animated: false, scrollPosition: .none) }
        table.contentOffset.y = 455  // the middle at 505: rows 40 and 60 both 100 points from it
        table.scrollToNearestSelectedRow(at: .middle, animated: false)
        #expect(table.contentOffset.y == 355, "row 40's center (405) in the middle")
    }

    /// Random tables, selections and offsets against a model: the chosen row is the one nearest to the
    /// position by the model's rects, and the offset is exactly what `scrollToRow` gives on a twin table.
    @Test func matchesAModelOnRandomSelections() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<40 {
            let counts = (0..<Int.random(in: 1...4, using: &random)).map { _ in Int.random(in: 0...30, using: &random) }
            let heights = counts.map { count in (0..<count).map { _ in CGFloat(Int.random(in: 1...40, using: &random)) } }
            let (table, source) = makeTable(counts: counts, rowHeights: heights)
            let (twin, twinSource) = makeTable(counts: counts, rowHeights: heights)
            defer { withExtendedLifetime((source, twinSource)) {} }  // the tables hold their data sources weakly
            let all = counts.indices.flatMap { section in (0..<counts[section]).map { IndexPath(row: $0, section: section) } }
            let selected = all.filter { _ in Int.random(in: 0..<8, using: &random) == 0 }.sorted()
            for indexPath in selected { table.selectRow(at: indexPath, animated: false, scrollPosition: .none) }
            let position = [TableView.ScrollPosition.none, .top, .middle, .bottom].randomElement(using: &random)!
            let offset = CGFloat(Int.random(in: 0...max(0, Int(table.maximumContentOffsetY)), using: &random))
            table.contentOffset.y = offset
            twin.contentOffset.y = offset

            // The model: each row's rect from the heights alone (no headers, no margins).
            var rects: [IndexPath: CGRect] = [:]
            var y: CGFloat = 0
            for indexPath in all {
                let height = heights[indexPath.section][indexPath.row]
                rects[indexPath] = CGRect(x: 0, y: y, width: 40, height: height)
                y += height
            }
            let top = offset, bottom = offset + 100
            func distance(_ rect: CGRect) -> CGFloat {
                switch position {
                case .top: abs(rect.minY - top)
                case .middle: abs(rect.midY - (top + bottom) / 2)
                case .bottom: abs(rect.maxY - bottom)
                case .none: max(0, top - rect.minY, rect.maxY - bottom)
                }
            }
            let nearest = selected.min { distance(rects[$0]!) < distance(rects[$1]!) }

            table.scrollToNearestSelectedRow(at: position, animated: false)
            if let nearest {
                #expect(table.rectForRow(at: nearest) == rects[nearest])
                twin.scrollToRow(at: nearest, at: position, animated: false)
                #expect(table.contentOffset.y == twin.contentOffset.y, "\(position) from \(offset): \(nearest) of \(selected)")
            } else {
                #expect(table.contentOffset.y == offset)
            }
        }
    }

    @Test func calledFromDidSelectItScrollsOnceTheTapIsDone() {
        let (table, source) = makeTable(counts: [100])
        defer { withExtendedLifetime(source) {} }
        let delegate = SelectThenScroll()
        table.delegate = delegate
        table.contentOffset.y = 300
        table.tapRow(at: IndexPath(row: 35, section: 0))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 35, section: 0))
        #expect(table.contentOffset.y == 350, "row 35 at the top")
    }

    final class SelectThenScroll: TableViewDelegate {
        func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
            tableView.scrollToNearestSelectedRow(at: .top, animated: true)
        }
    }
}
