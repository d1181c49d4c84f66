import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// `contentInset`: UIKit's offset range (from `-top` to `contentSize.height + bottom - height`,
/// never below `-top`), clamping after shrinking changes, and `scrollToRow`/`scrollToItem`
/// placing rows between the insets.
@MainActor
@Suite struct ScrollViewInsetTests {
    let insets = EdgeInsets(top: 50, left: 0, bottom: 30, right: 0)

    @Test func edgeInsetsHaveUIKitsShape() {
        let a = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(a.top == 1 && a.left == 2 && a.bottom == 3 && a.right == 4)
        #expect(EdgeInsets.zero == EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        #expect(a != .zero)
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        #expect(table.contentInset == .zero && table.adjustedContentInset == .zero)
        table.contentInset = a
        #expect(table.adjustedContentInset == a, "no safe area headless: adjusted = contentInset")
    }

    @Test func offsetRangeIncludesTheInsets() {
        let source = ScrollSource(counts: [100])  // 100 × 44 = 4400
        let table = makeTable(source) { $0.contentInset = insets }
        #expect(table.contentSize.height == 4400)
        #expect(table.minimumContentOffsetY == -50)
        #expect(table.maximumContentOffsetY == CGFloat(4400 + 30 - 200))

        // Content shorter than the inset area rests at -top.
        source.counts = [2]
        table.reloadData()
        #expect(table.maximumContentOffsetY == -50)

        // Zero insets: the old range.
        table.contentInset = .zero
        #expect(table.minimumContentOffsetY == 0 && table.maximumContentOffsetY == 0)
        source.counts = [100]
        table.reloadData()
        #expect(table.maximumContentOffsetY == 4200)
    }

    @Test func infiniteOffsetsGoToTheInsetEdges() {
        let source = ScrollSource(counts: [100]), column = ScrollColumn(count: 100)  // held: data sources are weak
        for makeView in [
            { () -> ScrollView in makeTable(source) { $0.contentInset = insets } },
            { () -> ScrollView in column.makeView { $0.contentInset = insets } },
        ] {
            let view = makeView()
            var messages: [String] = []
            view.diagnosticHandler = { messages.append($0) }
            view.contentOffset.y = .infinity
            #expect(view.contentOffset.y == view.maximumContentOffsetY)
            #expect(view.contentOffset.y == view.contentSize.height + 30 - 200)
            view.contentOffset.y = -.infinity
            #expect(view.contentOffset.y == -50, "-infinity goes to -top, the content's top below the inset")
            #expect(messages.count == 2 && messages.allSatisfy { $0.hasPrefix("invalid contentOffset") }, "\(messages)")
            view.bounds.origin.y = -.infinity
            view.setNeedsLayout()
            view.layoutIfNeeded()
            #expect(view.contentOffset.y == -50)
            #expect(messages.count == 3 && messages[2].hasPrefix("invalid bounds"), "\(messages)")
        }
    }

    @Test func rowsUnderTheTopInsetAreLaidOutWhenInBounds() {
        let source = ScrollSource(counts: [100])
        let table = makeTable(source) { $0.contentInset = insets }
        table.contentOffset.y = -50  // at rest at the top: rows start 50 below the view's top
        #expect(table.indexPathsForVisibleRows == (0..<4).map { IndexPath.r($0) }, "[-50, 150) shows rows 0...3")
        table.contentOffset.y = 0  // row 0 scrolled under the top inset: still within bounds, still laid out
        #expect(table.indexPathsForVisibleRows == (0..<5).map { IndexPath.r($0) })
        table.contentOffset.y = table.maximumContentOffsetY  // 4230: the last row above the bottom inset, rows under it too
        let visible = try! #require(table.indexPathsForVisibleRows)
        #expect(visible.first == IndexPath.r(96) && visible.last == IndexPath.r(99))
        #expect(table.rectForRow(at: IndexPath.r(99)).maxY == table.contentOffset.y + 200 - 30)
    }

    @Test func shrinkingClampsIntoTheInsetRange() {
        let source = ScrollSource(counts: [100])
        let table = makeTable(source) { $0.contentInset = insets }
        table.contentOffset.y = table.maximumContentOffsetY
        source.counts = [10]  // 440
        table.reloadData()
        #expect(table.contentOffset.y == CGFloat(440 + 30 - 200), "the content's end rests above the bottom inset")
        #expect(table.indexPathsForVisibleRows?.last == IndexPath.r(9))
        source.counts = [2]
        table.reloadData()
        #expect(table.contentOffset.y == -50, "shorter than the view: back to the top, below the top inset")
        #expect(table.indexPathsForVisibleRows == [IndexPath.r(0), IndexPath.r(1)])

        // A delete shrinks the content too.
        source.counts = [100]
        table.reloadData()
        table.contentOffset.y = table.maximumContentOffsetY
        source.counts = [95]
        table.deleteRows(at: (95..<100).map { IndexPath.r($0) }, with: .automatic)
        #expect(table.contentOffset.y == CGFloat(95 * 44 + 30 - 200))

        // A bounce above the top is not a shrink: left alone.
        table.contentOffset.y = -80
        table.reloadData()
        #expect(table.contentOffset.y == -80)

        // The collection view clamps the same way.
        let column = ScrollColumn(count: 100)
        let grid = column.makeView { $0.contentInset = insets }
        grid.contentOffset.y = grid.maximumContentOffsetY
        #expect(grid.contentOffset.y == CGFloat(5000 + 30 - 200))
        column.count = 10
        grid.reloadData()
        #expect(grid.contentOffset.y == CGFloat(500 + 30 - 200))
        column.count = 1
        grid.reloadData()
        #expect(grid.contentOffset.y == -50)
        #expect(grid.indexPathsForVisibleItems == [IndexPath(item: 0, section: 0)])
    }

    /// UIKit: `.top` puts the row's top at `offset + top`, `.bottom` its bottom at
    /// `offset + height - bottom`, `.middle` centers it between the insets; `.none` moves
    /// the least to show it between the insets. Clamped to the range in every case.
    @Test func scrollToRowPlacesRowsBetweenTheInsets() {
        let source = ScrollSource(counts: [100])
        let table = makeTable(source) { $0.contentInset = insets }
        let row = IndexPath.r(20)  // 880..<924
        table.scrollToRow(at: row, at: .top, animated: false)
        #expect(table.contentOffset.y == CGFloat(880 - 50))
        table.scrollToRow(at: row, at: .bottom, animated: false)
        #expect(table.contentOffset.y == CGFloat(924 - 200 + 30))
        table.scrollToRow(at: row, at: .middle, animated: false)
        #expect(table.contentOffset.y == CGFloat(902 - 50 - (200 - 50 - 30) / 2))
        table.contentOffset.y = -50
        table.scrollToRow(at: row, at: .none, animated: false)
        #expect(table.contentOffset.y == CGFloat(924 - 200 + 30), "below: comes up to the bottom inset")
        table.scrollToRow(at: row, at: .none, animated: false)
        #expect(table.contentOffset.y == CGFloat(924 - 200 + 30), "fully visible between the insets: no move")
        table.contentOffset.y = 900  // row 20 is now under the top inset (900 + 50 > 880)
        table.scrollToRow(at: row, at: .none, animated: false)
        #expect(table.contentOffset.y == CGFloat(880 - 50), "above or under the top inset: comes down to it")
        table.scrollToRow(at: IndexPath.r(0), at: .top, animated: false)
        #expect(table.contentOffset.y == -50)
        table.scrollToRow(at: IndexPath.r(0), at: .bottom, animated: false)
        #expect(table.contentOffset.y == -50, "clamped at -top")
        table.scrollToRow(at: IndexPath.r(99), at: .top, animated: false)
        #expect(table.contentOffset.y == table.maximumContentOffsetY)
        #expect(table.indexPathsForVisibleRows?.last == IndexPath.r(99))
    }

    @Test func scrollToItemPlacesItemsBetweenTheInsets() {
        let column = ScrollColumn(count: 100)
        let grid = column.makeView { $0.contentInset = insets }
        let item = IndexPath(item: 20, section: 0)  // 1000..<1050
        grid.scrollToItem(at: item, at: .top, animated: false)
        #expect(grid.contentOffset.y == CGFloat(1000 - 50))
        grid.scrollToItem(at: item, at: .bottom, animated: false)
        #expect(grid.contentOffset.y == CGFloat(1050 - 200 + 30))
        grid.scrollToItem(at: item, at: .centeredVertically, animated: false)
        #expect(grid.contentOffset.y == CGFloat(1025 - 50 - (200 - 50 - 30) / 2))
        grid.contentOffset.y = -50
        grid.scrollToItem(at: item, at: .none, animated: false)
        #expect(grid.contentOffset.y == CGFloat(1050 - 200 + 30))
        grid.scrollToItem(at: IndexPath(item: 0, section: 0), at: .top, animated: false)
        #expect(grid.contentOffset.y == -50)
        grid.scrollToItem(at: IndexPath(item: 99, section: 0), at: .top, animated: false)
        #expect(grid.contentOffset.y == grid.maximumContentOffsetY)
    }

    /// With estimates, scrollToRow still lands exactly between the insets (the rows it shows are measured first).
    @Test func scrollToRowLandsExactlyWithEstimatesAndInsets() {
        var rng = SplitMix64(seed: 0x1A5E7)
        for _ in 0..<12 {
            let count = Int.random(in: 1...200, using: &rng)
            let source = ScrollSource(counts: [count])
            source.rowHeights = [(0..<count).map { _ in CGFloat(Int.random(in: 0...90, using: &rng)) }]
            let top = CGFloat(Int.random(in: 0...60, using: &rng)), bottom = CGFloat(Int.random(in: 0...60, using: &rng))
            let table = makeTable(source) {
                $0.estimatedRowHeight = [5, 40, 150].randomElement(using: &rng)!
                $0.contentInset = EdgeInsets(top: top, left: 0, bottom: bottom, right: 0)
            }
            for _ in 0..<8 {
                let row = IndexPath.r(Int.random(in: 0..<count, using: &rng))
                let position = [TableView.ScrollPosition.top, .middle, .bottom].randomElement(using: &rng)!
                table.scrollToRow(at: row, at: position, animated: false)
                let rect = table.rectForRow(at: row)
                let wanted: CGFloat
                switch position {
                case .top: wanted = rect.minY - top
                case .bottom: wanted = rect.maxY - 200 + bottom
                default: wanted = rect.midY - top - (200 - top - bottom) / 2
                }
                let clamped = min(max(wanted, -top), max(-top, table.contentSize.height + bottom - 200))
                #expect(table.contentOffset.y == clamped, "\(row) at \(position), insets \(top)/\(bottom)")
            }
        }
    }

    /// In `.plain` style the top section's header is pinned below the top inset, as in UIKit.
    @Test func plainHeadersPinBelowTheTopInset() {
        let source = ScrollSource(counts: [10, 10])
        source.headerViewHeights = [20, 20]
        let table = makeTable(source) { $0.contentInset = insets }
        table.contentOffset.y = 100
        let header = try! #require(table.headerView(forSection: 0))
        #expect(header.frame.minY == 150, "pinned at offset + top inset")
        #expect(table.rectForHeader(inSection: 0).minY == 0, "its scrolling place is unchanged")
        table.contentOffset.y = -50
        #expect(table.headerView(forSection: 0)?.frame.minY == 0, "at rest: at its own place")
    }

    @Test func badInsetsAreReportedOnceAndReplacedByZero() {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        var messages: [String] = []
        table.diagnosticHandler = { messages.append($0) }
        let fixed = table.checkedInsets(EdgeInsets(top: .nan, left: 4, bottom: -3, right: .infinity))
        #expect(fixed == EdgeInsets(top: 0, left: 4, bottom: 0, right: 0))
        #expect(messages == ["invalid contentInset (top nan, bottom -3.0, right inf): insets must be finite and 0 or more; using 0 for them."])
        table.contentInset = EdgeInsets(top: 10, left: 0, bottom: -.infinity, right: 0)
        #expect(table.contentInset == EdgeInsets(top: 10, left: 0, bottom: 0, right: 0))
        #expect(messages.count == 2 && messages[1] == "invalid contentInset (bottom -inf): insets must be finite and 0 or more; using 0 for it.")
        table.contentInset = EdgeInsets(top: 10, left: 1, bottom: 2, right: 3)
        #expect(messages.count == 2, "good insets say nothing")
        #expect(table.checkedInsets(.zero) == .zero)
        #expect(table.maximumContentOffsetY.isFinite && table.minimumContentOffsetY == -10)
    }
}
