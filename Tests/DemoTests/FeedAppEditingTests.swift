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
        _ = app.handle(.char("j"))  // focus on the second post
        return app
    }

    @Test func arrowsOpenTheFocusedRowsActionsAndDigitsPerformThem() throws {
        let app = app()
        let focused = try #require(app.table.indexPathForFocusedRow)
        #expect(focused == IndexPath(row: 1, section: 0))
        #expect(app.handle(.left) == .changed)
        #expect(app.table.indexPathForSwipedRow == focused)
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
        let rows = app.table.numberOfRows(inSection: focused.section)
        let id = try #require(app.postID(at: focused))
        _ = app.handle(.right)
        #expect(app.table.swipedRowConfiguration?.actions.map(\.title) == ["Delete", "Flag"])
        _ = app.handle(.char("1"))
        #expect(app.table.numberOfRows(inSection: focused.section) == rows - 1)
        #expect(app.source.indexPath(for: id) == nil)
        #expect(app.table.indexPathForSwipedRow == nil)
        #expect(app.feed.model.numberOfRows(inSection: focused.section) == rows - 1)
        #expect(app.table.indexPathForFocusedRow == focused, "focus passed to the next post")
        #expect(app.postID(at: focused) != id)
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
        #expect(app.message.hasPrefix("Moved: a focus move"))
        _ = app.handle(.right)
        _ = app.handle(.ctrl("e"))  // a scroll by a line closes it too
        #expect(app.table.indexPathForSwipedRow == nil)
        _ = app.handle(.right)
        _ = app.handle(.enter)
        #expect(app.table.indexPathForSwipedRow == nil)
        #expect(app.table.indexPathForSelectedRow == nil)
    }

    @Test func theOpenRowFollowsAnInsertAbove() throws {
        let app = app()
        _ = app.handle(.char("j"))
        _ = app.handle(.char("j"))
        let focused = try #require(app.table.indexPathForFocusedRow)
        let id = try #require(app.postID(at: focused))
        _ = app.handle(.right)
        let inserted = IndexPath(row: 0, section: focused.section)
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
        #expect(app.table.indexPathForFocusedRow?.section == 1)
        _ = app.handle(.char("]"))
        #expect(app.table.indexPathForFocusedRow?.section == 2)
        _ = app.handle(.char("["))
        #expect(app.table.indexPathForFocusedRow?.section == 1)
        #expect(app.message.contains("selectSectionIndexTitle(at: 1)"))
        _ = app.handle(.char("["))
        _ = app.handle(.char("["))
        #expect(app.table.contentOffset.y == 0)
    }
}
