import Foundation
import Testing
@testable import Demo
import ReuseTable
import ReuseTableTerminal
@testable import Feed

@MainActor
@Suite struct FeedAppEditingTests {
    private func app() -> FeedApp {
        let app = FeedApp(width: 80, height: 24, model: FeedModel(sections: 5, rowsPerSection: 30))
        app.showsTimings = false
        _ = app.handle(.char("j"))  // the marked row is the first below the header
        return app
    }

    @Test func arrowsOpenTheMarkedRowsActionsAndDigitsPerformThem() throws {
        let app = app()
        let marked = try #require(app.cursorIndexPath)
        #expect(app.handle(.left) == .changed)
        #expect(app.table.indexPathForSwipedRow == marked)
        #expect(app.table.swipedRowConfiguration?.actions.map(\.title) == ["Pin", "Unread"])
        #expect(app.message.contains("Pin"))
        #expect(app.render().lines.joined().contains(" 1 Pin "))
        _ = app.handle(.char("?"))
        #expect(app.render().lines.joined().contains("a row shows its actions"))
        _ = app.handle(.char("x"))  // closes the help
        #expect(app.handle(.char("1")) == .changed)
        #expect(app.table.indexPathForSwipedRow == nil)
        #expect(app.message.hasPrefix("Pin:"))
        // Trailing: Delete (the app's, through a snapshot) and Flag.
        let rows = app.table.numberOfRows(inSection: marked.section)
        let id = try #require(app.postID(at: marked))
        _ = app.handle(.right)
        #expect(app.table.swipedRowConfiguration?.actions.map(\.title) == ["Delete", "Flag"])
        _ = app.handle(.char("1"))
        #expect(app.table.numberOfRows(inSection: marked.section) == rows - 1)
        #expect(app.source.indexPath(for: id) == nil)
        #expect(app.table.indexPathForSwipedRow == nil)
        #expect(app.feed.model.numberOfRows(inSection: marked.section) == rows - 1)
    }

    @Test func escScrollsAndTapsCloseTheRow() {
        let app = app()
        _ = app.handle(.right)
        #expect(app.handle(.escape) == .changed)
        #expect(app.table.indexPathForSwipedRow == nil)
        #expect(app.handle(.escape) == .unchanged)  // nothing open: Esc does nothing here
        _ = app.handle(.right)
        _ = app.handle(.char("j"))
        #expect(app.table.indexPathForSwipedRow == nil)
        #expect(app.message.hasPrefix("Scrolled"))
        _ = app.handle(.right)
        _ = app.handle(.enter)
        #expect(app.table.indexPathForSwipedRow == nil)
        #expect(app.table.indexPathForSelectedRow == nil)
    }

    @Test func theOpenRowFollowsAnInsertAbove() throws {
        let app = app()
        _ = app.handle(.char("j"))
        _ = app.handle(.char("j"))
        let marked = try #require(app.cursorIndexPath)
        let id = try #require(app.postID(at: marked))
        _ = app.handle(.right)
        let inserted = IndexPath(row: 0, section: marked.section)
        var snapshot = app.source.snapshot()
        let newID = app.feed.model.insertPost(at: inserted)
        snapshot.insertItems([newID], beforeItem: try #require(app.postID(at: inserted)))
        app.source.apply(snapshot)
        #expect(app.table.indexPathForSwipedRow == app.source.indexPath(for: id))
    }

    @Test func eTogglesEditingAndBracketsJumpBetweenDays() {
        let app = app()
        #expect(app.handle(.char("E")) == .changed)
        #expect(app.table.isEditing)
        #expect(app.table.visibleCells.allSatisfy { $0.isEditing })
        _ = app.handle(.char("?"))
        #expect(app.render().lines.joined().contains("Keys: editing"))
        _ = app.handle(.char("x"))
        _ = app.handle(.enter)
        #expect(app.table.indexPathForSelectedRow == nil)
        _ = app.handle(.char("E"))
        #expect(!app.table.isEditing)
        #expect(app.handle(.char("]")) == .changed)
        #expect(app.table.contentOffset.y == app.table.rectForHeader(inSection: 1).minY)
        #expect(app.cursorIndexPath?.section == 1)
        _ = app.handle(.char("]"))
        #expect(app.cursorIndexPath?.section == 2)
        _ = app.handle(.char("["))
        #expect(app.cursorIndexPath?.section == 1)
        #expect(app.message.contains("selectSectionIndexTitle(at: 1)"))
        _ = app.handle(.char("["))
        _ = app.handle(.char("["))
        #expect(app.table.contentOffset.y == 0)
    }
}
