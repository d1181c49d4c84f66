import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Edge cases of live data (Docs/live-data.md): the anchor deleted, everything deleted, short
/// content, insets, estimates at the end, following through a width change, the defaults,
/// and the queries under `alignsContentToBottom`.
@MainActor
@Suite struct LiveDataTests {
    /// A chat table: 320 × 480, one section of `count` rows of `height` points (or the model's).
    func chat(_ model: ModelTable, maintains: Bool = true, sticks: Bool = false) -> TableView {
        let table = makeTable(model, height: 480) { table in
            table.maintainsVisibleContentPosition = maintains
            table.sticksToBottom = sticks
        }
        table.layoutIfNeeded()
        return table
    }

    func screenY(_ table: TableView, _ row: Int) -> CGFloat {
        table.rectForRow(at: IndexPath(row: row, section: 0)).minY - table.contentOffset.y
    }

    @Test func loadingOlderMessagesMovesNothing() {
        let model = ModelTable(rows: [Array(repeating: 50, count: 40)])
        let table = chat(model)
        table.contentOffset.y = 130  // row 2 partly, row 3 from 20 points down
        let before = screenY(table, 3)
        model.rows[0].insert(contentsOf: Array(repeating: 30.5, count: 100), at: 0)
        table.insertRows(at: (0..<100).map { IndexPath(row: $0, section: 0) }, with: .none)
        #expect(screenY(table, 103) == before)
        #expect(table.offsetMoves[.keepVisibleContent] == 1)
    }

    @Test func defaultsKeepTheOffsetAsUIKitDoes() {
        let model = ModelTable(rows: [Array(repeating: 50, count: 40)])
        let table = chat(model, maintains: false)
        #expect(!table.maintainsVisibleContentPosition && !table.sticksToBottom && !table.alignsContentToBottom)
        table.contentOffset.y = 130
        model.rows[0].insert(contentsOf: Array(repeating: 30, count: 10), at: 0)
        table.insertRows(at: (0..<10).map { IndexPath(row: $0, section: 0) }, with: .none)
        #expect(table.contentOffset.y == 130)
        #expect(table.offsetMoves[.keepVisibleContent] == 0 && table.offsetMoves[.followEnd] == 0)
        #expect(table.adjustedContentInset == table.contentInset)
    }

    @Test func aDeletedAnchorHandsOverToTheNextRowThatStays() {
        let model = ModelTable(rows: [Array(repeating: 50, count: 40)])
        let table = chat(model)
        table.contentOffset.y = 510  // row 10 from -10: the anchor
        let next = screenY(table, 12)
        model.rows[0].removeSubrange(9...11)
        table.deleteRows(at: (9...11).map { IndexPath(row: $0, section: 0) }, with: .none)
        #expect(screenY(table, 9) == next)  // old row 12, now row 9, where it was
    }

    @Test func deletingEveryRowClamps() {
        let model = ModelTable(rows: [Array(repeating: 50, count: 40)])
        let table = chat(model)
        table.contentOffset.y = 600
        model.rows[0] = []
        table.deleteRows(at: (0..<40).map { IndexPath(row: $0, section: 0) }, with: .none)
        #expect(table.contentOffset.y == table.minimumContentOffsetY)
        #expect(table.visibleCells.isEmpty)
    }

    @Test func contentShorterThanTheViewportStaysAtTheTopByDefault() {
        let model = ModelTable(rows: [[40, 40]])
        let table = chat(model)
        model.rows[0].insert(40, at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        #expect(table.contentOffset.y == 0)  // the anchor would need a negative offset: clamped
    }

    @Test func insetsBoundTheAnchorRule() {
        let model = ModelTable(rows: [Array(repeating: 50, count: 40)])
        let table = chat(model)
        table.contentInset = EdgeInsets(top: 64, left: 0, bottom: 34, right: 0)
        table.contentOffset.y = 100  // row 2 is under the top inset; row 3 (150…200) is the first row seen
        let before = screenY(table, 3)
        model.rows[0].remove(at: 2)
        table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .none)
        #expect(screenY(table, 2) == before)
    }

    @Test func appendingWhileFollowingKeepsTheEndInView() {
        let model = ModelTable(rows: [Array(repeating: 50, count: 40)])
        let table = chat(model, maintains: false, sticks: true)
        table.contentOffset.y = table.maximumContentOffsetY
        model.rows[0] += [70, 90.5]
        table.insertRows(at: [IndexPath(row: 40, section: 0), IndexPath(row: 41, section: 0)], with: .none)
        #expect(table.isAtBottom)
        #expect(table.contentOffset.y == table.maximumContentOffsetY)
        // Scrolling away releases; an append then keeps the offset.
        table.contentOffset.y -= 200
        let away = table.contentOffset.y
        model.rows[0] += [60]
        table.insertRows(at: [IndexPath(row: 42, section: 0)], with: .none)
        #expect(table.contentOffset.y == away && !table.isAtBottom)
        // Back at the end, following engages again.
        table.contentOffset.y = table.maximumContentOffsetY
        model.rows[0] += [60]
        table.insertRows(at: [IndexPath(row: 43, section: 0)], with: .none)
        #expect(table.isAtBottom)
    }

    @Test func estimatesAtTheEndAreMeasuredWhileFollowing() {
        let model = ModelTable(rows: [(0..<200).map { Double(20 + $0 % 7 * 10) }])
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(TestCell.self, forCellReuseIdentifier: "cell")
        table.estimatedRowHeight = 44
        table.dataSource = model
        table.delegate = model
        table.sticksToBottom = true
        table.reloadData()
        table.scrollToRow(at: IndexPath(row: 199, section: 0), at: .bottom, animated: false)
        table.layoutIfNeeded()
        #expect(table.isAtBottom)
        #expect(table.measuredSlotCount < 40)  // only what fills the viewport
        model.rows[0] += [35, 95]
        table.insertRows(at: [IndexPath(row: 200, section: 0), IndexPath(row: 201, section: 0)], with: .none)
        #expect(table.isAtBottom)
        #expect(table.rectForRow(at: IndexPath(row: 201, section: 0)).height == 95)
    }

    @Test func followingSurvivesAWidthChange() {
        let model = ModelTable(rows: [(0..<60).map { Double(20 + $0 % 5 * 10) }])
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(TestCell.self, forCellReuseIdentifier: "cell")
        table.rowHeight = TableView.automaticDimension
        table.estimatedRowHeight = 30
        model.implementsRowHeights = false
        table.dataSource = model
        table.delegate = model
        table.sticksToBottom = true
        table.reloadData()
        table.contentOffset.y = table.maximumContentOffsetY
        table.layoutIfNeeded()
        #expect(table.isAtBottom)
        table.frame.size.width = 480
        table.layoutIfNeeded()
        #expect(table.isAtBottom)
        table.contentInset = EdgeInsets(top: 0, left: 0, bottom: 300, right: 0)  // a keyboard
        table.layoutIfNeeded()
        #expect(table.isAtBottom)
    }

    /// A jump to the end of estimates: the short rows measured there pull the end above the
    /// offset (a clamp to the end), then the tall estimates the clamp brings into view grow the
    /// content again — the table stays at the end rather than where the clamp left it.
    @Test func aJumpToTheEndStaysThereWhileTheRowsMeasuredThereChangeTheContent() {
        let model = ModelTable(rows: [(0..<100).map { $0 < 88 ? 100 : 20 }])
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(TestCell.self, forCellReuseIdentifier: "cell")
        table.estimatedRowHeight = 40
        table.dataSource = model
        table.delegate = model
        table.maintainsVisibleContentPosition = true
        table.reloadData()
        table.layoutIfNeeded()
        table.contentOffset.y = table.maximumContentOffsetY  // rows 88… as estimates
        table.layoutIfNeeded()
        #expect(table.isAtBottom)
        #expect(table.contentOffset.y == table.maximumContentOffsetY)
        #expect(table.rectForRow(at: IndexPath(row: 82, section: 0)).height == 100)
        #expect(table.offsetMoves[.clamp] >= 2)  // clamped to the end, then kept there
    }

    /// A width change that re-measures self-sized rows: the rows read get shorter and clamp the
    /// offset to the end, the rows the clamp shows get taller — the table ends at the end.
    @Test func aWidthChangeClampedToTheEndStaysThereWhileRowsAreMeasured() {
        let model = ModelTable(rows: [Array(repeating: 60, count: 100)])
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(TestCell.self, forCellReuseIdentifier: "cell")
        table.rowHeight = TableView.automaticDimension
        table.estimatedRowHeight = 60.5  // a self-sized row is its cell's height and the separator's half point
        model.implementsRowHeights = false
        table.dataSource = model
        table.delegate = model
        table.maintainsVisibleContentPosition = true
        table.reloadData()
        table.contentOffset.y = table.maximumContentOffsetY
        table.layoutIfNeeded()
        #expect(table.isAtBottom)
        model.rows[0] = (0..<100).map { $0 < 92 ? 100 : 20 }  // the new width wraps differently
        table.frame.size.width = 260
        table.layoutIfNeeded()
        #expect(table.isAtBottom)
        #expect(table.contentOffset.y == table.maximumContentOffsetY)
        #expect(table.rectForRow(at: IndexPath(row: 99, section: 0)).height == 20.5)
    }

    /// Self-sized rows of 46 points, estimates of 30. Row 5, seen by its last point, is reloaded with
    /// rows 6–9 and comes back 16 points tall: measured, it ends above the viewport, but the user saw
    /// it, so its top stays and the rows below it move up. Its height after the reload cannot tell
    /// (reloaded rows are estimates): its rect as recorded before the reload does.
    @Test func aReloadedAnchorThatShrankAboveTheTopKeepsItsTop() {
        let model = ModelTable(rows: [Array(repeating: 46, count: 60)])
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(TestCell.self, forCellReuseIdentifier: "cell")
        table.rowHeight = TableView.automaticDimension
        table.estimatedRowHeight = 30
        model.implementsRowHeights = false
        table.dataSource = model
        table.delegate = model
        table.maintainsVisibleContentPosition = true
        table.reloadData()
        table.layoutIfNeeded()
        table.contentOffset.y = table.rectForRow(at: IndexPath(row: 5, section: 0)).maxY - 1
        table.layoutIfNeeded()
        let before = screenY(table, 5)
        #expect(before + 30 < 0 && table.indexPathsForVisibleRows?.first?.row == 5)
        model.rows[0][5] = 16
        table.reloadRows(at: (5..<10).map { IndexPath(row: $0, section: 0) }, with: .none)
        table.layoutIfNeeded()
        #expect(screenY(table, 5) == before)
        #expect(table.rectForRow(at: IndexPath(row: 5, section: 0)).maxY < table.contentOffset.y)
        #expect(table.rectForRow(at: IndexPath(row: 6, section: 0)).height == 46.5)
    }

    @Test func reloadWithoutInvalidatingKeepsTheAnchor() {
        let model = ModelTable(rows: [Array(repeating: 50, count: 40)])
        let table = chat(model)
        table.contentOffset.y = 333
        let before = screenY(table, 6)
        model.rows[0] += Array(repeating: 20, count: 30)
        table.reloadDataWithoutInvalidatingHeightCache()
        #expect(screenY(table, 6) == before)
    }

    @Test func alignsContentToBottomKeepsQueriesConsistent() {
        let model = ModelTable(rows: [[40, 60]])
        let table = chat(model, maintains: false)
        table.contentInset = EdgeInsets(top: 10, left: 0, bottom: 20, right: 0)
        table.alignsContentToBottom = true
        table.layoutIfNeeded()
        #expect(table.contentInset.top == 10)  // the host's inset is untouched
        #expect(table.adjustedContentInset.top == CGFloat(360))
        #expect(table.contentOffset.y == -360)
        #expect(table.isAtBottom)
        // The last row's bottom is on the bottom inset; rect queries and hit tests agree.
        let last = table.rectForRow(at: IndexPath(row: 1, section: 0))
        #expect(last.maxY - table.contentOffset.y == CGFloat(460))
        #expect(table.indexPathForRow(at: CGPoint(x: 5, y: last.midY)) == IndexPath(row: 1, section: 0))
        #expect(table.visibleCells.count == 2)
        // A new message: still at the bottom; content taller than the viewport: no extra inset.
        model.rows[0] += [50]
        table.insertRows(at: [IndexPath(row: 2, section: 0)], with: .none)
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)).maxY - table.contentOffset.y == CGFloat(460))
        model.rows[0] += Array(repeating: 50, count: 20)
        table.insertRows(at: (3..<23).map { IndexPath(row: $0, section: 0) }, with: .none)
        #expect(table.adjustedContentInset.top == CGFloat(10))
        table.alignsContentToBottom = false
        table.layoutIfNeeded()
        #expect(table.adjustedContentInset == table.contentInset)
    }

    @Test func collectionViewKeepsTheHighestItem() {
        var rng = SplitMix64(seed: 7)
        let model = CollectionModel(sectionCounts: [60], rng: &rng)
        for index in model.sections[0].indices { model.sections[0][index].height = 40 }
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: WaterfallLayout(numberOfColumns: 2, margin: 4))
        view.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        view.dataSource = model
        view.delegate = model
        view.maintainsVisibleContentPosition = true
        view.reloadData()
        view.contentOffset.y = 222
        view.layoutIfNeeded()
        let highest = view.visibleCells.map { $0 as! ItemCell }.min { ($0.frame.minY, $0.itemID) < ($1.frame.minY, $1.itemID) }!
        let id = highest.itemID
        let before = highest.frame.minY - view.contentOffset.y
        model.sections[0].insert(contentsOf: model.freshItems(7, rng: &rng), at: 0)
        view.insertItems(at: (0..<7).map { IndexPath(item: $0, section: 0) })
        let item = model.sections[0].firstIndex { $0.id == id }!
        #expect(view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame.minY - view.contentOffset.y == before)
        #expect(view.offsetMoves[.keepVisibleContent] == 1)
    }
}
