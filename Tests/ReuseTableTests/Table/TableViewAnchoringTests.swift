import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// What the user reads stays still: scrolling up into estimated rows and a height
/// change above the viewport move the rows on screen by exactly the scroll, never more.
/// The anchor is the first visible measured *row* — never a header or footer, whose
/// heights are known and which sit above the rows measured under them.
@MainActor
@Suite struct TableViewAnchoringTests {
    /// Sections of rows with random heights (multiples of half a point, so every offset is exact).
    static func source(_ rng: inout SplitMix64, sections: Int, rows: ClosedRange<Int>, headers: Double, footers: Double) -> HookedSource {
        let sections = (0..<sections).map { _ in
            (0..<Int.random(in: rows, using: &rng)).map { _ in Double(Int.random(in: 20...240, using: &rng)) / 2 }
        }
        return HookedSource(
            sections: sections, headers: Array(repeating: headers, count: sections.count),
            footers: Array(repeating: footers, count: sections.count))
    }

    /// Each visible row's distance from the top of the viewport.
    static func screenPositions(_ table: TableView) -> [IndexPath: CGFloat] {
        var positions: [IndexPath: CGFloat] = [:]
        for indexPath in table.indexPathsForVisibleRows ?? [] {
            positions[indexPath] = table.rectForRow(at: indexPath).minY - table.contentOffset.y
        }
        return positions
    }

    @Test(arguments: [TableView.Style.plain, .grouped])
    func scrollingUpIntoEstimatesWithAHeaderOnScreenMovesRowsByTheScrollOnly(style: TableView.Style) {
        var rng = SplitMix64(seed: 41)
        for round in 0..<6 {
            let source = Self.source(&rng, sections: 30, rows: 5...25, headers: 28, footers: round % 2 == 0 ? 0 : 12)
            source.estimate = 44
            let table = makeHookedTable(source, height: 400, style: style)
            table.reloadData()
            table.contentOffset.y = table.contentSize.height * 0.8
            for step in 0..<60 {
                let delta: CGFloat = [200, 7, 90, 33][step % 4]
                guard table.contentOffset.y >= delta + 400 else { break }
                let before = Self.screenPositions(table)
                table.contentOffset.y -= delta
                let after = Self.screenPositions(table)
                for (indexPath, y) in before {
                    guard let moved = after[indexPath] else { continue }
                    #expect(
                        moved - y == delta, "\(style), round \(round), step \(step): row \(indexPath) moved \(moved - y) for a scroll of \(delta)")
                }
                expectScreenConsistent(table, source, "\(style), round \(round), step \(step)")
            }
        }
    }

    /// A height change of a row above the viewport moves nothing on screen, in random
    /// tables with row margins, headers, footers and insets, the first visible row often
    /// partly above the top.
    @Test func changedHeightAboveTheViewportMovesNothingOnScreen() {
        var rng = SplitMix64(seed: 77)
        var changed = 0
        for round in 0..<(TableViewChaosTests.scale == 1 ? 500 : 10_000) {
            let source = Self.source(
                &rng, sections: Int.random(in: 1...8, using: &rng), rows: 0...30,
                headers: Double(Int.random(in: 0...3, using: &rng) * 15), footers: Double(Int.random(in: 0...2, using: &rng) * 10))
            let style: TableView.Style = round % 2 == 0 ? .plain : .grouped
            let table = makeHookedTable(source, height: 300, style: style) { table in
                table.rowMargin = CGFloat(Int.random(in: 0...2, using: &rng) * 4)
                table.contentInset = EdgeInsets(top: CGFloat(Int.random(in: 0...2, using: &rng) * 32), left: 0, bottom: 0, right: 0)
                if round % 3 == 0 { source.estimate = 44 }
                if round % 5 == 1 { table.tableHeaderView = View(frame: CGRect(x: 0, y: 0, width: 320, height: 37)) }
                if round % 7 == 2 { source.heights = .selfSizing }
                if round % 7 == 4 { source.heights = .fixed; table.rowHeight = 57.5 }
                if round % 11 == 3 { table.setGeometryStore(.records) }
                if round % 13 == 5 { table.contentInset.bottom = 30 }
            }
            table.reloadData()
            guard table.contentSize.height > 900 else { continue }
            table.contentOffset.y = CGFloat(Int.random(in: 300...Int(table.contentSize.height) - 300, using: &rng))
            // Rows entirely above what the user sees: above the viewport, or under the top inset.
            let top = table.contentOffset.y + table.adjustedContentInset.top
            var above: [IndexPath] = []
            for s in 0..<table.numberOfSections {
                for r in 0..<table.numberOfRows(inSection: s) where table.rectForRow(at: IndexPath(row: r, section: s)).maxY <= top {
                    above.append(IndexPath(row: r, section: s))
                }
            }
            guard let target = above.randomElement(using: &rng) else { continue }
            let before = Self.screenPositions(table)
            let height = CGFloat(Int.random(in: 0...400, using: &rng)) / 2 + (round % 4 == 3 ? 0.3 : 0)
            let shrink = table.rectForRow(at: target).height - height
            table.row(target, changedHeight: height)
            changed += 1
            // Only a shrink that runs past the top of the content may move the screen.
            guard table.contentOffset.y > table.minimumContentOffsetY || shrink <= 0 else { continue }
            let after = Self.screenPositions(table)
            for (indexPath, y) in before where indexPath > target {  // rows above it, under the inset, move with it
                guard let moved = after[indexPath] else { continue }
                // Heights off the half-point grid round once per position: within a few ulps of the offset.
                let tolerance = round % 4 == 3 ? 4 * table.contentSize.height.ulp : 0
                #expect(abs(moved - y) <= tolerance, "round \(round), \(style), changed \(target): row \(indexPath) moved from \(y) to \(moved)")
            }
        }
        #expect(changed > 50)
    }
}
