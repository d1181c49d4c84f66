import Foundation
import Testing
@testable import Demo
import ReuseTable

@MainActor
@Suite struct FeedAppTests {
    private func smallApp() -> FeedApp {
        let app = FeedApp(width: 76, height: 12, model: FeedModel(sections: 2, rowsPerSection: 3))
        app.showsTimings = false
        return app
    }

    @Test func goldenScreen() {
        let app = smallApp()
        let lines = app.render().lines
        #expect(lines == FeedAppTests.golden)
    }

    @Test func keysScrollJumpAndQuit() {
        let app = smallApp()
        #expect(app.handle(.down) == .changed)
        #expect(app.table.contentOffset.y == 1)
        #expect(app.handle(.up) == .changed)
        #expect(app.handle(.up) == .unchanged)  // already at the top
        for key in [Key.char("g"), .char("5"), .enter] { _ = app.handle(key) }
        #expect(app.cursorIndexPath == IndexPath(row: 1, section: 1))
        #expect(app.handle(.char("?")) == .changed)
        #expect(app.render().lines.joined().contains("Keys"))
        #expect(app.handle(.char("x")) == .changed)  // any key closes the help
        #expect(app.handle(.char("q")) == .quit)
    }

    @Test func insertDeleteAndGrowKeepTableAndModelInStep() {
        let app = smallApp()
        #expect(app.handle(.char("i")) == .changed)
        #expect(app.table.numberOfRows(inSection: 0) == 4)
        #expect(app.snapshot.rows == 7)
        let cursor = app.cursorIndexPath!
        let before = app.table.rectForRow(at: cursor).height
        _ = app.handle(.char("+"))
        #expect(app.table.rectForRow(at: cursor).height == before + 1)
        _ = app.handle(.char("d"))
        _ = app.handle(.char("d"))
        #expect(app.table.numberOfRows(inSection: 0) == 2)
        #expect(app.feed.model.numberOfRows(inSection: 0) == 2)
    }

    @Test func enterSelectsTheMarkedRowAndTheSelectionSurvivesScrollingAndInserts() {
        let app = FeedApp(width: 76, height: 12, model: FeedModel(sections: 40, rowsPerSection: 30))
        app.showsTimings = false
        _ = app.handle(.down)
        let marked = app.cursorIndexPath!
        let post = app.feed.model.postID(at: marked)
        #expect(app.handle(.enter) == .changed)
        #expect(app.table.indexPathsForSelectedRows == [marked])
        let number = app.feed.model.globalRow(of: marked) + 1
        #expect(app.statusText[0].hasPrefix("selected #\(number) · "))
        #expect(app.render().lines.joined().contains("✓"), "the selected row is drawn")
        let selectedCell = app.table.cellForRow(at: marked)!
        for key in [Key.char("g"), .char("9"), .char("0"), .char("0"), .enter] { _ = app.handle(key) }  // far away
        #expect(app.table.visibleCells.allSatisfy { !$0.isSelected }, "the cell that showed it was reused, unselected")
        #expect(app.table.visibleCells.contains { $0 === selectedCell } || app.table.reusePoolCount > 0)
        _ = app.scrollToTop()
        _ = app.handle(.char("i"))  // a row inserted at the marked position, above the selected row
        let now = app.table.indexPathForSelectedRow!
        #expect(app.feed.model.postID(at: now) == post, "still the same post, one row further down")
        app.table.scrollToRow(at: now, at: .bottom, animated: false)
        #expect(app.table.cellForRow(at: now)?.isSelected == true)
        #expect(app.statusText[0].hasPrefix("selected #\(number + 1) · "))
        _ = app.scrollToTop()
        #expect(app.cursorIndexPath != now)
        _ = app.handle(.char("d"))  // and deleted again
        #expect(app.feed.model.postID(at: app.table.indexPathForSelectedRow!) == post)
        _ = app.scrollToTop()
        #expect(app.handle(.down) == .changed)
        #expect(app.cursorIndexPath == app.table.indexPathForSelectedRow)
        _ = app.handle(.enter)  // Enter on the selected row deselects it
        #expect(app.table.indexPathsForSelectedRows == nil && !app.statusText[0].contains("selected"))
    }

    @Test func poolStoreModeAndWidthToggles() {
        let app = smallApp()
        _ = app.handle(.char("p"))
        #expect(!app.table.isReusePoolEnabled)
        _ = app.handle(.char("s"))
        #expect(app.table.geometryStore == .records)
        _ = app.handle(.char("e"))
        #expect(app.heightMode == .exact)
        #expect(app.snapshot.estimatedHeights == 0)
        _ = app.handle(.char("w"))
        #expect(app.table.bounds.width < 76)
        #expect(app.snapshot.estimatedHeights == 0)  // exact mode re-measures at once
    }

    /// A 76 × 12 screen: sticky day header, two self-sized cells with their tags, the marked row, the status.
    static let golden: [String] = [
        " Monday 3 March 2025 · 3 posts                                              ",
        "▌ hedy · 00:00                                                      cell #1 ",
        "▌ on again insert table swift estimate while with.                          ",
        " ────────────────────────────────────────────────────────────────────────── ",
        "  john · 00:01                                                      cell #2 ",
        "  label swift content rotate grid fast every shift once visible delete      ",
        "  records how every why table rotate shipped log rotate width to cell hit   ",
        "  rotate reuse section header microseconds rotate B+tree rows precache      ",
        "  shipped while layout delete grid view records because shipped log with    ",
        " rows 6 · visible 2 · pool 0 · created 2 · layout – µs · estimated heights  ",
        " measured 6 · estimated 4 (height ±12) · cache 0 hit 2 miss · store tree · p",
        " ? help · j/k PgDn scroll · g jump · p pool · e exact · w width · ▌ marks th",
    ]
}
