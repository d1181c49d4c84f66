import Foundation
import ReuseTable
import ReuseTableTerminal
import TestSupport
import Testing

// Focus on a ListScreen: with the view's allowsFocus on, the keys move focus (keeping the focused
// row on screen, drawn with isFocused), a click focuses, Enter acts on the focused row.

@MainActor
@Suite struct ListScreenFocusTests {
    /// Whether the focused row is wholly between the table's insets.
    func isOnScreen(_ indexPath: IndexPath, _ table: TableView) -> Bool {
        let rect = table.rectForRow(at: indexPath)
        return rect.minY >= table.contentOffset.y + table.adjustedContentInset.top
            && rect.maxY <= table.contentOffset.y + table.bounds.height - table.adjustedContentInset.bottom
    }

    @Test func theKeysMoveFocusAndKeepItOnScreen() {
        let rows = MarkRows()
        let (screen, table) = rows.makeScreen()
        table.allowsFocus = true
        #expect(screen.keysMoveFocus)
        #expect(screen.handle(.down) == .changed)
        #expect(screen.focusedIndexPath == IndexPath(row: 0, section: 0), "focus enters at the first row")
        var global = 0
        for _ in 0..<12 {
            #expect(screen.handle(.down) == .changed)
            global += 1
            let focused = screen.focusedIndexPath!
            #expect(rows.globalRow(focused) == global)
            #expect(isOnScreen(focused, table), "row \(global) on screen")
            #expect(table.cellForRow(at: focused)?.configurationState.isFocused == true)
        }
        #expect(screen.handle(.pageDown) == .changed)
        #expect(isOnScreen(screen.focusedIndexPath!, table))
        #expect(screen.handle(.end) == .changed)
        #expect(screen.focusedIndexPath == IndexPath(row: 5, section: 4))
        #expect(isOnScreen(screen.focusedIndexPath!, table))
        #expect(screen.handle(.char("[")) == .changed)
        #expect(screen.focusedIndexPath == IndexPath(row: 0, section: 4))
        #expect(screen.handle(.home) == .changed)
        #expect(screen.focusedIndexPath == IndexPath(row: 0, section: 0))
        #expect(screen.handle(.char("]")) == .changed)
        #expect(screen.focusedIndexPath == IndexPath(row: 0, section: 1))
        #expect(rows.log.isEmpty, "focus alone selects nothing")
        rows.log = []
        #expect(screen.handle(.enter) == .changed)
        #expect(rows.log == ["canPerform 4", "perform 4 selected []"], "Enter: the focused row's primary action")
    }

    @Test func aClickFocusesTheRowItTaps() {
        let rows = MarkRows()
        let (screen, table) = rows.makeScreen()
        table.allowsFocus = true
        #expect(click(screen, column: 3, line: line(ofRow: 2, screen)) == .changed)
        #expect(screen.focusedIndexPath == IndexPath(row: 2, section: 0))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        #expect(screen.handle(.down) == .changed)
        #expect(screen.focusedIndexPath == IndexPath(row: 3, section: 0), "the keys go on from the clicked row")
    }

    @Test func withoutFocusTheKeysScroll() {
        let rows = MarkRows()
        let (screen, table) = rows.makeScreen()
        let top = table.contentOffset.y
        #expect(!screen.keysMoveFocus)
        #expect(screen.handle(.down) == .changed)
        #expect(table.contentOffset.y == top + 1 && screen.focusedIndexPath == nil)
    }

    /// A click and a row's line, as the mouse tests make them.
    func click(_ screen: ListScreen, column: Int, line: Int) -> KeyResponse { ListScreenMouseTests().click(screen, column: column, line: line) }
    func line(ofRow row: Int, _ screen: ListScreen) -> Int { ListScreenMouseTests().line(ofRow: row, screen) }
}
