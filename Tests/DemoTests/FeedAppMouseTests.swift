import Foundation
import Testing
@testable import Demo
import ReuseTable
import ReuseTableTerminal
import TestSupport
@testable import Feed

// The mouse on the feed: a click focuses a post, selects it and opens it (its primary action), a click on a
// swipe button performs that action, the indicator is dragged.

@MainActor
@Suite struct FeedAppMouseTests {
    func app() -> FeedApp {
        let app = FeedApp(width: 76, height: 14, model: FeedModel(sections: 40, rowsPerSection: 30))
        app.showsTimings = false
        return app
    }

    func click(_ app: FeedApp, _ column: Int, _ line: Int) -> FeedApp.Outcome {
        _ = app.handle(.mouse(MouseEvent(kind: .press, button: .left, column: column, line: line)))
        return app.handle(.mouse(MouseEvent(kind: .release, button: .left, column: column, line: line)))
    }

    /// The first screen line of `indexPath`'s row.
    func line(of indexPath: IndexPath, _ app: FeedApp) -> Int {
        Int(app.table.rectForRow(at: indexPath).minY - app.table.contentOffset.y)
    }

    @Test func aClickOnAPostFocusesAndSelectsItThenOpensIt() {
        let app = app()
        let post = IndexPath(row: 1, section: 0)
        #expect(app.table.indexPathForFocusedRow == IndexPath(row: 0, section: 0))
        #expect(click(app, 5, line(of: post, app)) == .changed)
        #expect(app.table.indexPathForFocusedRow == post)
        #expect(app.table.indexPathsForSelectedRows == [post])
        #expect(app.message.contains("opened (performPrimaryActionForRowAt)"))
        // A press on one row and a release on another clicks nothing.
        _ = app.handle(.mouse(MouseEvent(kind: .press, button: .left, column: 5, line: line(of: IndexPath(row: 2, section: 0), app))))
        #expect(app.handle(.mouse(MouseEvent(kind: .release, button: .left, column: 5, line: line(of: post, app)))) == .unchanged)
        #expect(app.table.indexPathsForSelectedRows == [post])
    }

    @Test func aClickOnASwipeButtonPerformsItsAction() throws {
        let app = app()
        _ = app.handle(.down)
        _ = app.handle(.left)  // the focused row's leading actions: Pin, Unread
        let buttons = try #require(app.swipeButtons())
        #expect(click(app, buttons.ranges[1].lowerBound, buttons.line) == .changed)
        #expect(app.message.hasPrefix("Unread:"))
        #expect(app.table.indexPathForSwipedRow == nil)  // completion(true) closed it
    }

    @Test func aDragOnTheIndicatorScrollsToTheEnd() {
        let app = app()
        let column = app.tableWidth - 1
        _ = app.handle(.mouse(MouseEvent(kind: .press, button: .left, column: column, line: 0)))
        #expect(app.handle(.mouse(MouseEvent(kind: .drag, button: .left, column: column, line: app.tableHeight - 1))) == .changed)
        #expect(app.table.contentOffset.y == app.table.maximumContentOffsetY)
    }

    /// The days' section index, drawn as `ListScreen` draws it: a click on a day puts its header at the top
    /// and focuses its first post.
    @Test func aClickOnADayOfTheSectionIndexJumpsToItAndFocusesItsFirstPost() throws {
        let app = app()
        let bar = try #require(SectionIndexBar(app.table))
        #expect(bar.titles.count == 40 && bar.lineTitles.count == app.tableHeight, "40 days sampled on the table's lines")
        let lines = app.render().lines
        for (offset, title) in bar.lineTitles.enumerated() {
            let text = String(Array(lines[bar.firstLine + offset])[bar.column..<(bar.column + bar.width)])
            #expect(text.trimmingCharacters(in: .whitespaces) == bar.titles[title], "line \(offset)")
        }
        let line = bar.firstLine + bar.lineTitles.count / 2
        let day = try #require(bar.title(atLine: line))
        #expect(click(app, bar.column + 1, line) == .changed)
        #expect(app.table.indexPathForFocusedRow == IndexPath(row: 0, section: day))
        #expect(app.table.contentOffset.y == app.table.rectForHeader(inSection: day).minY)
        #expect(app.table.indexPathsForSelectedRows?.isEmpty ?? true, "a click on the index selects no post")
    }
}
