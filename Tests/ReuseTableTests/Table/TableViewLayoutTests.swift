import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Checks every visible cell, the visible set and contentSize against brute force.
@MainActor
func expectLayoutMatchesModel(
    _ table: TableView, _ model: ModelTable, margin: Double = 0,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let expected = model.expectedLayout(margin: margin)
    #expect(Double(table.contentSize.height) == expected.total, sourceLocation: sourceLocation)
    let top = Double(table.contentOffset.y)
    let bottom = top + Double(table.bounds.height)
    let wanted = expected.rows
        .filter { $0.value.height > 0 && $0.value.minY < bottom && $0.value.minY + $0.value.height > top }
        .keys.sorted()
    #expect(table.indexPathsForVisibleRows == wanted, "offset \(top)", sourceLocation: sourceLocation)
    for (indexPath, cell) in zip(wanted, table.visibleCells) {
        let (minY, height) = expected.rows[indexPath]!
        #expect(
            cell.frame == CGRect(x: 0, y: minY, width: table.bounds.width, height: height),
            "frame of \(indexPath)", sourceLocation: sourceLocation)
        #expect((cell as? TestCell)?.configuredFor == indexPath, sourceLocation: sourceLocation)
        #expect(cell.superview === table, sourceLocation: sourceLocation)
    }
}

@MainActor
@Suite struct TableViewLayoutTests {
    @Test func layoutMatchesBruteForceAtRandomOffsets() {
        var rng = SplitMix64(seed: 2013)
        for trial in 0..<40 {
            let model = ModelTable.random(using: &rng)
            model.headerViews = trial % 3 == 0
            let margin = [0, 2, 4.5][trial % 3]
            let style: TableView.Style = trial % 2 == 0 ? .plain : .grouped
            let table = makeTable(model, height: CGFloat(Int.random(in: 1...300, using: &rng)), style: style) {
                $0.rowMargin = CGFloat(margin)
            }
            let expected = model.expectedLayout(margin: margin)
            for (indexPath, frame) in expected.rows {
                #expect(table.rectForRow(at: indexPath) == CGRect(x: 0, y: frame.minY, width: 320, height: frame.height))
            }
            for _ in 0..<15 {
                let offset = Double.random(in: -100...(expected.total + 100), using: &rng).rounded()
                table.contentOffset = CGPoint(x: 0, y: offset)
                expectLayoutMatchesModel(table, model, margin: margin)
                let probe = Double.random(in: -10...(expected.total + 10), using: &rng)
                let hit = expected.rows.first { probe >= $0.value.minY && probe < $0.value.minY + $0.value.height }?.key
                #expect(table.indexPathForRow(at: CGPoint(x: 1, y: probe)) == hit, "point \(probe)")
                let rect = CGRect(x: 0, y: probe, width: 10, height: Double.random(in: 0...200, using: &rng))
                let inRect = expected.rows.filter {
                    $0.value.height > 0 && $0.value.minY < Double(rect.maxY) && $0.value.minY + $0.value.height > Double(rect.minY)
                }.keys.sorted()
                #expect(table.indexPathsForRows(in: rect) == inRect)
            }
            // Every cell that was displayed and left was reported, exactly once each.
            #expect(model.displayed.count - model.ended.count == table.visibleCells.count)
        }
    }

    @Test func reusePoolBoundsCellsCreated() {
        var rng = SplitMix64(seed: 7)
        let model = ModelTable(rows: [(0..<3000).map { _ in Double(Int.random(in: 10...80, using: &rng)) }])
        let table = makeTable(model, height: 400)
        var mostVisible = table.visibleCells.count
        let total = Double(table.contentSize.height)
        for step in 0..<600 {
            var y = Double(table.contentOffset.y)
            y = step % 10 == 0 ? Double.random(in: 0...total, using: &rng) : y + Double.random(in: -150...150, using: &rng)
            table.contentOffset.y = CGFloat(y)
            mostVisible = max(mostVisible, table.visibleCells.count)
        }
        #expect(table.cellsCreatedByIdentifier["cell"]! <= mostVisible + 2)
        #expect(table.counters.cellsCreated == table.cellsCreatedByIdentifier["cell"])
        #expect(table.reusePoolCount + table.visibleCells.count == table.counters.cellsCreated)
    }

    @Test func poolSwitchedOffCreatesACellForEveryAppearingRow() {
        let model = ModelTable(rows: [Array(repeating: 50, count: 200)])
        let table = makeTable(model, height: 200) { $0.isReusePoolEnabled = false }
        for y in stride(from: 0, through: 5000, by: 37) { table.contentOffset.y = CGFloat(y) }
        #expect(table.counters.cellsCreated == model.displayed.count)
        #expect(table.reusePoolCount == 0)
        table.isReusePoolEnabled = true
        let before = table.counters.cellsCreated
        for y in stride(from: 5000, through: 9000, by: 37) { table.contentOffset.y = CGFloat(y) }
        #expect(table.counters.cellsCreated - before <= 7)
    }

    @Test func prepareForReuseRunsOnDequeue() {
        let model = ModelTable(rows: [Array(repeating: 100, count: 50)])
        let table = makeTable(model, height: 100)
        table.contentOffset.y = 1000
        let reused = table.visibleCells.compactMap { $0 as? TestCell }
        #expect(reused.allSatisfy { $0.prepareCount >= 1 })
    }

    /// Geometry memory follows sections, not rows: 10M fixed-height rows in 4 sections are
    /// 12 runs (header, rows, footer per section) in one tree node; with estimates, only the
    /// measured rows add runs. (Measured bytes per row are `Demo bench`'s job.)
    @Test func tenMillionRowsAreAFewRunsPerSection() throws {
        final class Sections: TableViewDataSource, TableViewDelegate {
            func numberOfSections(in tableView: TableView) -> Int { 4 }
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2_500_000 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            }
        }
        let source = Sections()
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(TestCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = source
        table.delegate = source
        table.reloadData()
        let tree = try #require(table.inspectedGeometry as? SlotTree)
        #expect(tree.count == 10_000_000 + 2 * 4)
        #expect(tree.runCount == 3 * 4 && tree.nodeCount == 1)
        table.contentOffset.y = 200_000_000
        #expect((table.inspectedGeometry as? SlotTree)?.runCount == 3 * 4, "scrolling measures nothing new")

        let estimated = HashedHeights(rows: 10_000_000)
        let selfSizing = estimated.makeTable(height: 480, estimate: 44)
        selfSizing.reloadData()
        let runs = try #require(selfSizing.inspectedGeometry as? SlotTree).runCount
        #expect(estimated.asked.count < 30)
        #expect(runs >= 3 && runs <= estimated.asked.count + 3, "header, measured rows, one estimated run, footer: \(runs)")
    }

    @Test func fixedHeightTenMillionRowsIsConstantWorkAndScrolls() {
        final class Uniform: TableViewDataSource, TableViewDelegate {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 10_000_000 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! TestCell
                cell.configuredFor = indexPath
                return cell
            }
        }
        let source = Uniform()
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(TestCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = source
        table.delegate = source
        table.reloadData()
        #expect(table.counters.rowHeightQueries == 0)
        #expect(table.contentSize.height == 440_000_000)
        var rng = SplitMix64(seed: 10)
        for _ in 0..<200 {
            let y = CGFloat(Int.random(in: 0..<439_999_520, using: &rng))
            table.contentOffset.y = y
            let first = Int(y / 44)
            let last = Int((y + 480).rounded(.up) / 44 - (((y + 480) / 44).rounded(.up) == (y + 480) / 44 ? 1 : 0))
            let visible = table.indexPathsForVisibleRows!
            #expect(visible.first == IndexPath(row: first, section: 0))
            #expect(visible.last == IndexPath(row: min(last, 9_999_999), section: 0))
            #expect((table.cellForRow(at: visible[0]) as? TestCell)?.configuredFor == visible[0])
        }
        #expect(table.counters.cellsCreated <= 14)
    }

    @Test func emptyTablesNeverCrash() {
        let noSource = TableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        noSource.reloadData()
        noSource.contentOffset.y = -50
        noSource.contentOffset.y = 500
        #expect(noSource.numberOfSections == 0)
        #expect(noSource.visibleCells.isEmpty && noSource.contentSize.height == 0)
        #expect(noSource.indexPathForRow(at: CGPoint(x: 0, y: 10)) == nil)

        for rows in [[[Double]](), [[]], [[], [], []]] {
            let model = ModelTable(rows: rows, headers: rows.map { _ in 10 }, footers: rows.map { _ in 5 })
            let table = makeTable(model)
            for y in [-100.0, 0, 7, 30, 1000] {
                table.contentOffset.y = CGFloat(y)
                expectLayoutMatchesModel(table, model)
            }
            #expect(table.indexPathsForRows(in: CGRect(x: 0, y: -10, width: 10, height: 1000)).isEmpty)
        }
    }

    @Test func negativeAndPastTheEndOffsets() {
        let model = ModelTable(rows: [Array(repeating: 30, count: 10)])
        let table = makeTable(model, height: 100)
        table.contentOffset.y = -40
        expectLayoutMatchesModel(table, model)
        #expect(table.indexPathsForVisibleRows == [.r(0), .r(1)])
        table.contentOffset.y = 290
        #expect(table.indexPathsForVisibleRows == [.r(9)])
        table.contentOffset.y = 300
        #expect(table.indexPathsForVisibleRows == [])
    }

    /// The pinned header comes through the layout finger's cached section span:
    /// scrolling through sections while rows are inserted, deleted and resized
    /// must pin exactly where a fresh computation from the section rects says.
    @Test func pinnedHeaderFollowsScrollsAndUpdates() {
        var rng = SplitMix64(seed: 21)
        let model = ModelTable(
            rows: (0..<6).map { _ in (0..<12).map { _ in Double(Int.random(in: 2...8, using: &rng)) * 5 } },
            headers: [20, 10, 30, 20, 15, 25])
        model.headerViews = true
        let table = makeTable(model, height: 120, style: .plain)
        var y = 0.0
        for step in 0..<300 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0:
                let s = Int.random(in: 0..<model.rows.count, using: &rng), r = Int.random(in: 0...model.rows[s].count, using: &rng)
                model.rows[s].insert(Double(Int.random(in: 1...9, using: &rng)) * 5, at: r)
                table.insertRows(at: [IndexPath(row: r, section: s)], with: .none)
            case 1:
                let s = Int.random(in: 0..<model.rows.count, using: &rng)
                guard !model.rows[s].isEmpty else { break }
                let r = Int.random(in: 0..<model.rows[s].count, using: &rng)
                model.rows[s].remove(at: r)
                table.deleteRows(at: [IndexPath(row: r, section: s)], with: .none)
            case 2:
                let s = Int.random(in: 0..<model.rows.count, using: &rng)
                guard !model.rows[s].isEmpty else { break }
                let r = Int.random(in: 0..<model.rows[s].count, using: &rng)
                model.rows[s][r] = Double(Int.random(in: 1...9, using: &rng)) * 5
                table.reloadRows(at: [IndexPath(row: r, section: s)], with: .none)
            default:
                break
            }
            y = min(max(0, y + Double(Int.random(in: -30...40, using: &rng))), Double(table.maximumContentOffsetY))
            table.contentOffset.y = CGFloat(y)
            table.layoutIfNeeded()
            // Brute force: the section whose rect holds the top, its header pushed up by the section's end.
            guard let section = (0..<table.numberOfSections).first(where: { table.rect(forSection: $0).maxY > CGFloat(y) }) else { continue }
            let header = table.rectForHeader(inSection: section), end = table.rect(forSection: section).maxY
            let pinnedY = min(max(header.minY, CGFloat(y)), end - header.height)
            let view = table.subviews.compactMap { $0 as? TestHeaderView }.first { $0.section == section }
            #expect(view?.frame.minY == pinnedY, "step \(step) at \(y): section \(section)")
            #expect(table.subviews.last === view, "step \(step): the pinned header draws on top")
        }
    }

    @Test func plainHeadersStickAndGroupedHeadersScroll() {
        let model = ModelTable(rows: [Array(repeating: 50, count: 10), Array(repeating: 50, count: 10)], headers: [20, 20])
        model.headerViews = true
        let plain = makeTable(model, height: 200, style: .plain)
        plain.contentOffset.y = 100
        let pinned = plain.subviews.compactMap { $0 as? TestHeaderView }.first { $0.section == 0 }
        #expect(pinned?.frame.minY == 100)
        #expect(plain.subviews.last === pinned)
        // Pushed up by the end of section 0 (at 520).
        plain.contentOffset.y = 510
        let pushed = plain.subviews.compactMap { $0 as? TestHeaderView }.first { $0.section == 0 }
        #expect(pushed?.frame.minY == 500)
        let next = plain.subviews.compactMap { $0 as? TestHeaderView }.first { $0.section == 1 }
        #expect(next?.frame.minY == 520)

        let grouped = makeTable(model, height: 200, style: .grouped)
        grouped.contentOffset.y = 100
        #expect(!grouped.subviews.contains { ($0 as? TestHeaderView)?.section == 0 })
        #expect(grouped.rectForHeader(inSection: 1) == CGRect(x: 0, y: 520, width: 320, height: 20))
        #expect(grouped.rect(forSection: 0) == CGRect(x: 0, y: 0, width: 320, height: 520))
    }

    @Test func headerWithViewAndNoHeightTakesFittingHeight() {
        final class Source: TableViewDataSource, TableViewDelegate {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            }
            func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
                TestHeaderView(section: section, fitting: 33)
            }
        }
        let source = Source()
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        table.register(TestCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = source
        table.delegate = source
        table.reloadData()
        #expect(table.rectForHeader(inSection: 0).height == 33)
        #expect(table.rectForFooter(inSection: 0).height == 0)
        #expect(table.rectForRow(at: .r(0)).minY == 33)
    }

    /// Header views arrive top to bottom, the pinned one first, and a delegate that reads the
    /// table's header views while it is asked sees the ones placed so far.
    @Test func headerViewsArriveTopToBottomWithThePinnedHeaderFirst() {
        final class Source: TableViewDataSource, TableViewDelegate {
            var asked: [Int] = []
            var seen: [[Int]] = []
            func numberOfSections(in tableView: TableView) -> Int { 10 }
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            }
            func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat { 20 }
            func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
                asked.append(section)
                seen.append((0..<10).filter { tableView.headerView(forSection: $0) != nil })
                return TestHeaderView(section: section, fitting: 20)
            }
        }
        let source = Source()
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), style: .plain)
        table.register(TestCell.self, forCellReuseIdentifier: "cell")
        table.rowHeight = 40
        table.dataSource = source
        table.delegate = source
        table.reloadData()
        source.asked = []
        source.seen = []
        // Sections are 140 points: at 340 section 2's header is pinned, section 3's shows at 420.
        table.contentOffset.y = 340
        #expect(source.asked == [2, 3])
        #expect(source.seen == [[], [2]])
        let headers = table.subviews.compactMap { $0 as? TestHeaderView }
        #expect(Set(headers.map(\.section)) == [2, 3])
        #expect(headers.first { $0.section == 2 }?.frame.minY == 340, "pinned at the top")
        #expect(table.subviews.last === table.headerView(forSection: 2), "the pinned header draws above everything")
    }

    @Test func changedHeightMovesLaterRowsWithoutAskingOthers() {
        let model = ModelTable(rows: [Array(repeating: 40, count: 100)])
        let table = makeTable(model, height: 200)
        let asked = model.heightAsked.count
        table.row(.r(2), changedHeight: 100)
        model.rows[0][2] = 100
        #expect(model.heightAsked.count == asked)
        expectLayoutMatchesModel(table, model)
        // A row above the viewport: the visible rows keep their place on screen.
        table.contentOffset.y = 1000
        let before = table.visibleCells.map { $0.frame.minY - table.contentOffset.y }
        table.row(.r(5), changedHeight: 10)
        model.rows[0][5] = 10
        #expect(table.contentOffset.y == 970)
        #expect(table.visibleCells.map { $0.frame.minY - table.contentOffset.y } == before)
        expectLayoutMatchesModel(table, model)
    }

    @Test func scrollToRowPositions() {
        let model = ModelTable(rows: [Array(repeating: 50, count: 100)])
        let table = makeTable(model, height: 200)
        table.scrollToRow(at: .r(10), at: .top, animated: false)
        #expect(table.contentOffset.y == 500)
        table.scrollToRow(at: .r(10), at: .middle, animated: false)
        #expect(table.contentOffset.y == 425)
        table.scrollToRow(at: .r(10), at: .bottom, animated: false)
        #expect(table.contentOffset.y == 350)
        table.scrollToRow(at: .r(9), at: .none, animated: false)
        #expect(table.contentOffset.y == 350)  // already fully visible
        table.scrollToRow(at: .r(20), at: .none, animated: false)
        #expect(table.contentOffset.y == 850)  // minimal movement: to the bottom edge
        table.scrollToRow(at: .r(2), at: .none, animated: false)
        #expect(table.contentOffset.y == 100)
        table.scrollToRow(at: .r(99), at: .top, animated: false)
        #expect(table.contentOffset.y == 4800)  // clamped
        table.scrollToRow(at: .r(0), at: .bottom, animated: false)
        #expect(table.contentOffset.y == 0)
        expectLayoutMatchesModel(table, model)
    }

    @Test func widthChangeRelaysOutVisibleCells() {
        let model = ModelTable(rows: [Array(repeating: 50, count: 20)])
        let table = makeTable(model, width: 320, height: 200)
        table.frame.size.width = 480
        table.layoutIfNeeded()
        #expect(table.visibleCells.allSatisfy { $0.frame.width == 480 && $0.contentView.frame.width == 480 })
        #expect(table.contentSize.width == 480)
    }

    @Test func invalidHeightIsReportedOnceAndTreatedAsZero() {
        let model = ModelTable(rows: [[10, .nan, 20, -5]])
        var messages: [String] = []
        let table = makeTable(model) { $0.diagnosticHandler = { messages.append($0) } }
        #expect(messages.count == 2)
        #expect(messages[0].contains("(section 0, row 1)") && messages[0].contains("nan"))
        #expect(messages[1].contains("(section 0, row 3)") && messages[1].contains("-5"))
        #expect(table.contentSize.height == 30)
        #expect(table.rectForRow(at: .r(2)).minY == 10)
    }

    // A plain scroll (nothing changed but the offset) places only the rows that arrive: a cell that
    // stays keeps the frame it was given, as in the 2013 article's loop. An explicit layout, or any
    // change of what frames follow from (here the separator), places every cell again.
    @Test func aPlainScrollLeavesStayingCellsAsPlaced() {
        let model = ModelTable(rows: [Array(repeating: 40, count: 100)])
        let table = makeTable(model, height: 200)
        let row2 = IndexPath(row: 2, section: 0)
        let staying = table.cellForRow(at: row2)!
        #expect(staying.frame == table.rectForRow(at: row2))
        staying.frame.origin.x = 7  // moved behind the table's back
        table.contentOffset.y = 30
        #expect(staying.frame.origin.x == 7)
        let arrived = IndexPath(row: 5, section: 0)
        #expect(table.cellForRow(at: arrived)?.frame == table.rectForRow(at: arrived))
        table.setNeedsLayout()
        table.layoutIfNeeded()
        #expect(staying.frame == table.rectForRow(at: row2))
    }

    @Test func aScrollAfterASeparatorChangeRefreshesEveryCell() {
        let model = ModelTable(rows: [Array(repeating: 40, count: 100)])
        let table = makeTable(model, height: 200)
        table.contentOffset.y = 10
        #expect(table.visibleCells.allSatisfy { $0.separatorHeight == 0.5 })
        table.separatorStyle = .none
        table.contentOffset.y = 20
        #expect(table.visibleCells.count == 6)
        #expect(table.visibleCells.allSatisfy { $0.separatorHeight == 0 })
        table.screenScale = 4
        table.separatorStyle = .singleLine
        table.contentOffset.y = 25
        #expect(table.visibleCells.allSatisfy { $0.separatorHeight == 0.25 })
    }

    // The pinned header keeps the spans of the sections it looked up while the geometry stays the
    // same, a bounded number of them: jumps across more sections than it keeps and small steps, with
    // and without a top inset (a new inset is a layout of its own), pin the right header at the right place.
    @Test func thePinnedHeaderFollowsJumpsAcrossManySections() {
        let model = ModelTable(rows: Array(repeating: Array(repeating: 20, count: 5), count: 100), headers: Array(repeating: 10, count: 100))
        model.headerViews = true
        let table = makeTable(model, height: 60)
        var rng = SplitMix64(seed: 110)
        for step in 0..<300 {
            let insetTop: CGFloat = step < 150 ? 0 : 15
            table.contentInset = EdgeInsets(top: insetTop, left: 0, bottom: 0, right: 0)
            let offset = step % 3 == 2 ? table.contentOffset.y + 7 : CGFloat(Int.random(in: 0...10_900, using: &rng))
            table.contentOffset.y = offset
            let top = Double(offset + insetTop), section = min(Int(top / 110), 99)
            let y = min(max(Double(section) * 110, top), Double(section + 1) * 110 - 10)
            #expect(table.headerView(forSection: section)?.frame.minY == CGFloat(y), "offset \(offset), inset \(insetTop)")
        }
    }
}

@MainActor
@Suite struct TableViewErrorMessageTests {
    @Test func outOfRangeIndexPathsNameTheCounts() {
        let model = ModelTable(rows: [[10, 10, 10], []])
        let table = makeTable(model)
        #expect(throws: ReuseTableError("row (section 0, row 3) is out of range: section 0 has 3 rows.")) {
            try table.validateIndexPath(.r(3))
        }
        #expect(throws: ReuseTableError("row (section 1, row 0) is out of range: section 1 has 0 rows.")) {
            try table.validateIndexPath(.r(0, 1))
        }
        #expect(
            throws: ReuseTableError(
                "row (section 2, row 0) is out of range: section 2 does not exist (the table has 2 sections).")
        ) {
            try table.validateIndexPath(.r(0, 2))
        }
        #expect(throws: ReuseTableError("section 5 does not exist: the table has 2 sections.")) {
            try table.validateSection(5)
        }
        #expect(throws: ReuseTableError("index path [1, 2, 3] must have exactly 2 indexes (section, row).")) {
            try table.validateIndexPath(IndexPath(indexes: [1, 2, 3]))
        }
        #expect(table.cellForRow(at: .r(7)) == nil)
    }

    @Test func unregisteredIdentifierIsNamed() {
        let table = makeTable(ModelTable(rows: [[10]]))
        #expect(
            throws: ReuseTableError(
                "unable to dequeue a cell with identifier \"Missing\" for row (section 0, row 0): register a class for it "
                    + "with register(_:forCellReuseIdentifier:) first (registered: \"cell\").")
        ) {
            try table.validateDequeue(identifier: "Missing", for: .r(0))
        }
        #expect(table.dequeueReusableCell(withIdentifier: "Missing") == nil)
        #expect(table.dequeueReusableCell(withIdentifier: "cell") != nil)
    }

    @Test func negativeCountsAreNamed() {
        final class Bad: TableViewDataSource {
            var sections = 2
            func numberOfSections(in tableView: TableView) -> Int { sections }
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { section == 1 ? -3 : 4 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { TableViewCell(reuseIdentifier: nil) }
        }
        let bad = Bad()
        let table = TableView(frame: .zero)
        table.dataSource = bad
        #expect(
            throws: ReuseTableError(
                "tableView(_:numberOfRowsInSection:) returned -3 for section 1; a section has 0 or more rows.")
        ) {
            try table.fetchCounts()
        }
        bad.sections = -1
        #expect(throws: ReuseTableError("numberOfSections(in:) returned -1; a table view has 0 or more sections.")) {
            try table.fetchCounts()
        }
    }
}
