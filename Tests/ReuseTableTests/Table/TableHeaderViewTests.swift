import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// `tableHeaderView` / `tableFooterView`, the section header and footer height defaults,
/// `headerView(forSection:)` / `footerView(forSection:)`, and every rect query with a table header.
@MainActor
@Suite struct TableHeaderViewTests {
    func view(height: CGFloat) -> View { View(frame: CGRect(x: 0, y: 0, width: 10, height: height)) }

    /// Brute force: every row, section, header and footer rect, `contentSize`, the visible rows and
    /// their cells, and the point and rect queries, with random table headers, footers and insets.
    @Test func everyQueryMovesBelowTheTableHeaderAtRandom() {
        var rng = SplitMix64(seed: 0x7AB1E)
        for trial in 0..<30 {
            let model = ModelTable.random(using: &rng)
            model.headerViews = trial % 3 == 0
            let headerHeight = [0, 37.5, 120, 500].randomElement(using: &rng)!
            let footerHeight = [0, 20, 75.25].randomElement(using: &rng)!
            let setBeforeLoad = Bool.random(using: &rng)
            let height = CGFloat(Int.random(in: 1...300, using: &rng))
            let style: TableView.Style = Bool.random(using: &rng) ? .plain : .grouped
            let inset = EdgeInsets(
                top: CGFloat(Int.random(in: 0...40, using: &rng)), left: 0,
                bottom: CGFloat(Int.random(in: 0...40, using: &rng)), right: 0)
            let table = makeTable(model, height: height, style: style) { table in
                table.contentInset = inset
                if setBeforeLoad {
                    table.tableHeaderView = view(height: CGFloat(headerHeight))
                    table.tableFooterView = view(height: CGFloat(footerHeight))
                }
            }
            if !setBeforeLoad {
                table.tableHeaderView = view(height: CGFloat(headerHeight))
                table.tableFooterView = view(height: CGFloat(footerHeight))
            }
            let expected = model.expectedLayout(margin: 0)
            let context = "trial \(trial), header \(headerHeight), footer \(footerHeight)"
            #expect(Double(table.contentSize.height) == headerHeight + expected.total + footerHeight, "\(context)")
            #expect(table.tableHeaderView?.frame == CGRect(x: 0, y: 0, width: 320, height: headerHeight), "\(context)")
            #expect(
                table.tableFooterView?.frame == CGRect(x: 0, y: headerHeight + expected.total, width: 320, height: footerHeight),
                "\(context)")
            #expect(table.tableHeaderView?.superview === table && table.tableFooterView?.superview === table)
            for (indexPath, frame) in expected.rows {
                #expect(
                    table.rectForRow(at: indexPath) == CGRect(x: 0, y: frame.minY + headerHeight, width: 320, height: frame.height),
                    "\(indexPath) \(context)")
            }
            var y = headerHeight
            for section in model.rows.indices {
                let rowsHeight = model.rows[section].reduce(0, +)
                let total = model.headers[section] + rowsHeight + model.footers[section]
                #expect(table.rect(forSection: section) == CGRect(x: 0, y: y, width: 320, height: total), "section \(section) \(context)")
                #expect(table.rectForHeader(inSection: section) == CGRect(x: 0, y: y, width: 320, height: model.headers[section]))
                #expect(
                    table.rectForFooter(inSection: section)
                        == CGRect(x: 0, y: y + total - model.footers[section], width: 320, height: model.footers[section]))
                y += total
            }
            for _ in 0..<12 {
                let offset = Double.random(in: (-Double(inset.top) - 50)...(headerHeight + expected.total + 50), using: &rng).rounded()
                table.contentOffset = CGPoint(x: 0, y: offset)
                let bottom = offset + Double(height)
                let wanted = expected.rows.filter {
                    let minY = $0.value.minY + headerHeight
                    return $0.value.height > 0 && minY < bottom && minY + $0.value.height > offset
                }.keys.sorted()
                #expect(table.indexPathsForVisibleRows == wanted, "offset \(offset) \(context)")
                for (indexPath, cell) in zip(wanted, table.visibleCells) {
                    #expect(cell.frame == table.rectForRow(at: indexPath))
                    #expect((cell as? TestCell)?.configuredFor == indexPath)
                }
                let probe = Double.random(in: -10...(headerHeight + expected.total + 10), using: &rng)
                let hit = expected.rows.first { probe >= $0.value.minY + headerHeight && probe < $0.value.minY + headerHeight + $0.value.height }?.key
                #expect(table.indexPathForRow(at: CGPoint(x: 1, y: probe)) == hit, "point \(probe) \(context)")
                let rect = CGRect(x: 0, y: probe, width: 10, height: Double.random(in: 0...200, using: &rng))
                let inRect = expected.rows.filter {
                    $0.value.height > 0 && $0.value.minY + headerHeight < Double(rect.maxY)
                        && $0.value.minY + headerHeight + $0.value.height > Double(rect.minY)
                }.keys.sorted()
                #expect(table.indexPathsForRows(in: rect) == inRect, "rect \(rect) \(context)")
            }
        }
    }

    @Test func theHeaderTakesTheTablesWidthAndKeepsItsPlace() {
        let source = ScrollSource(counts: [20])
        let header = view(height: 100), footer = view(height: 40)
        let table = makeTable(source) {
            $0.tableHeaderView = header
            $0.tableFooterView = footer
        }
        #expect(header.frame == CGRect(x: 0, y: 0, width: 320, height: 100))
        #expect(footer.frame == CGRect(x: 0, y: 100 + 880, width: 320, height: 40))
        #expect(table.contentSize.height == CGFloat(100 + 880 + 40))
        #expect(table.indexPathsForVisibleRows == [IndexPath.r(0), IndexPath.r(1), IndexPath.r(2)], "[0, 200): the header, then rows 0...2")
        table.contentOffset.y = 500
        #expect(header.frame.minY == 0, "it scrolls with the content: content coordinates do not move")
        table.frame.size.width = 411
        table.layoutIfNeeded()
        #expect(header.frame.width == 411 && footer.frame.width == 411)
        // No sections at all: the footer right below the header.
        source.counts = []
        table.reloadData()
        #expect(footer.frame.minY == 100 && table.contentSize.height == 140)
        #expect(table.indexPathsForVisibleRows == [])
    }

    /// As in UIKit, a new frame height applies when the property is set again; the offset stays.
    @Test func settingTheViewAgainAppliesItsNewHeight() {
        let source = ScrollSource(counts: [20])
        let header = view(height: 100)
        let table = makeTable(source) { $0.tableHeaderView = header }
        table.contentOffset.y = 150
        #expect(table.rectForRow(at: IndexPath.r(0)).minY == 100)
        #expect(table.indexPathsForVisibleRows?.first == IndexPath.r(1))
        header.frame.size.height = 10
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: IndexPath.r(0)).minY == 100, "changing the frame alone changes nothing")
        table.tableHeaderView = header
        #expect(table.rectForRow(at: IndexPath.r(0)).minY == 10)
        #expect(table.contentOffset.y == 150, "the offset stays; the rows move")
        #expect(table.indexPathsForVisibleRows?.first == IndexPath.r(3), "150 - 10 = 140: row 3 (132..<176)")
        #expect(table.visibleCells.first?.frame.minY == CGFloat(10 + 3 * 44))
        table.tableHeaderView = nil
        #expect(header.superview == nil)
        #expect(table.rectForRow(at: IndexPath.r(0)).minY == 0 && table.contentSize.height == 880)
        let other = view(height: 60)
        table.tableHeaderView = other
        table.tableHeaderView = view(height: 30)
        #expect(other.superview == nil, "a replaced header leaves the table")
        #expect(table.rectForRow(at: IndexPath.r(0)).minY == 30)
        // A header growing past a clamped end keeps the offset; one shrinking the content clamps it.
        table.contentOffset.y = table.maximumContentOffsetY  // 30 + 880 - 200
        table.tableHeaderView = nil
        #expect(table.contentOffset.y == CGFloat(880 - 200))
    }

    @Test func aBadHeaderHeightIsReportedAndTakenAsZero() {
        let source = ScrollSource(counts: [5])
        var messages: [String] = []
        let table = makeTable(source) { $0.diagnosticHandler = { messages.append($0) } }
        table.tableHeaderView = view(height: 10)
        table.tableHeaderView?.frame.size.height = -5
        table.tableHeaderView = table.tableHeaderView
        #expect(messages == ["invalid height of tableHeaderView: -5.0. Heights must be finite and 0 or more; using 0."])
        #expect(table.rectForRow(at: IndexPath.r(0)).minY == 0)
    }

    @Test func headerAndFooterViewsForVisibleSectionsOnly() {
        let source = ScrollSource(counts: [10, 10, 10])  // sections 20 + 440 + 10 tall
        source.headerViewHeights = [20, 20, 20]
        source.footerViewHeights = [10, 10, 10]
        let table = makeTable(source, style: .grouped) { $0.tableHeaderView = view(height: 50) }
        #expect((table.headerView(forSection: 0) as? TestHeaderView)?.section == 0)
        #expect(table.headerView(forSection: 0)?.frame == table.rectForHeader(inSection: 0))
        #expect(table.headerView(forSection: 0)?.frame.minY == 50)
        #expect(table.headerView(forSection: 1) == nil, "off screen")
        #expect(table.footerView(forSection: 0) == nil, "off screen")
        table.contentOffset.y = table.rectForFooter(inSection: 0).minY - 100
        #expect((table.footerView(forSection: 0) as? TestHeaderView)?.section == 0)
        #expect(table.footerView(forSection: 0)?.frame == table.rectForFooter(inSection: 0))
        #expect((table.headerView(forSection: 1) as? TestHeaderView)?.section == 1)
        #expect(table.headerView(forSection: 0) == nil, "scrolled away in .grouped style")
        #expect(table.headerView(forSection: 7) == nil && table.footerView(forSection: -1) == nil, "no such section: nil, no trap")
        // In .plain style the pinned header is the visible one.
        let plain = makeTable(source) { $0.tableHeaderView = view(height: 50) }
        plain.contentOffset.y = 300
        #expect(plain.headerView(forSection: 0)?.frame.minY == 300)
        // Without header views: nil.
        source.headerViewHeights = nil
        plain.reloadData()
        #expect(plain.headerView(forSection: 0) == nil)
    }

    /// As in UIKit, `sectionHeaderHeight` / `sectionFooterHeight` are used when the delegate gives none.
    @Test func sectionHeightDefaultsApplyWhenTheDelegateGivesNone() {
        let source = ScrollSource(counts: [3, 3])  // implements no header or footer height
        let table = makeTable(source) {
            $0.sectionHeaderHeight = 30
            $0.sectionFooterHeight = 12
            $0.tableHeaderView = view(height: 8)
        }
        #expect(table.rectForHeader(inSection: 1) == CGRect(x: 0, y: 8 + 30 + 132 + 12, width: 320, height: 30))
        #expect(table.rectForFooter(inSection: 0).height == 12)
        #expect(table.rectForRow(at: IndexPath.r(0, 1)).minY == CGFloat(8 + 30 + 132 + 12 + 30))
        #expect(table.contentSize.height == CGFloat(8 + 2 * (30 + 132 + 12)))
        // The default, automaticDimension: a view's fitting height, or 0 without a view.
        let automatic = makeTable(source)
        #expect(automatic.sectionHeaderHeight == TableView.automaticDimension)
        #expect(automatic.rectForHeader(inSection: 1).height == 0 && automatic.contentSize.height == 264)
        source.headerViewHeights = [25, 17]
        automatic.reloadData()
        #expect(automatic.rectForHeader(inSection: 1).height == 17)
        // Without any delegate, the table's values too.
        let bare = makeTable(source) {
            $0.delegate = nil
            $0.sectionHeaderHeight = 5
            $0.sectionFooterHeight = 0
        }
        #expect(bare.rectForHeader(inSection: 0).height == 5 && bare.rect(forSection: 1).height == CGFloat(5 + 132))
    }

    /// Estimated rows below a table header: scrolling up into estimates keeps the rows on
    /// screen still (anchoring), and scrollToRow lands exactly, as without a header.
    @Test func anchoringAndScrollToRowWithATableHeader() {
        var rng = SplitMix64(seed: 0xA2C4)
        for trial in 0..<10 {
            let source = HookedSource(sections: [(0..<300).map { _ in Double(Int.random(in: 10...90, using: &rng)) }])
            source.estimate = 50
            let headerHeight = CGFloat([0, 64, 333].randomElement(using: &rng)!)
            let table = makeHookedTable(source) {
                $0.tableHeaderView = View(frame: CGRect(x: 0, y: 0, width: 1, height: headerHeight))
                $0.contentInset = EdgeInsets(top: CGFloat(trial % 3) * 20, left: 0, bottom: 10, right: 0)
            }
            table.reloadData()
            table.contentOffset.y = CGFloat(Int.random(in: 4000...9000, using: &rng))
            expectScreenConsistent(table, source, "trial \(trial) jump")
            for step in 0..<15 {
                let anchor = try! #require(table.indexPathsForVisibleRows?.first)
                let before = table.rectForRow(at: anchor).minY - table.contentOffset.y
                let dy = CGFloat(Int.random(in: 5...60, using: &rng))
                table.contentOffset.y -= dy
                expectScreenConsistent(table, source, "trial \(trial) step \(step)")
                if table.contentOffset.y > table.minimumContentOffsetY {
                    #expect(
                        table.rectForRow(at: anchor).minY - table.contentOffset.y == before + dy,
                        "the row that was on top moved down by exactly the scroll, trial \(trial) step \(step)")
                }
            }
            let target = IndexPath.r(Int.random(in: 0..<300, using: &rng))
            table.scrollToRow(at: target, at: .top, animated: false)
            let wanted = table.rectForRow(at: target).minY - table.contentInset.top
            #expect(table.contentOffset.y == min(max(wanted, table.minimumContentOffsetY), table.maximumContentOffsetY))
            expectScreenConsistent(table, source, "trial \(trial) scrollToRow")
            #expect(table.rectForRow(at: IndexPath.r(0)).minY == headerHeight)
        }
    }

    @Test func settingTheHeaderFromACallbackIsQueued() {
        let source = ScrollSource(counts: [20])
        let table = makeTable(source)
        var setInside: Bool?
        source.onWillDisplay = { table, indexPath in
            guard indexPath.row == 6 else { return }
            table.tableHeaderView = View(frame: CGRect(x: 0, y: 0, width: 1, height: 70))
            setInside = table.tableHeaderView != nil
        }
        table.contentOffset.y = 100
        #expect(setInside == false, "inside the pass the header is not set yet")
        #expect(table.tableHeaderView?.frame.height == 70, "applied when the pass is done")
        #expect(table.rectForRow(at: IndexPath.r(0)).minY == 70)
        #expect(table.visibleCells.map(\.frame) == (table.indexPathsForVisibleRows ?? []).map { table.rectForRow(at: $0) })
    }
}
