import Foundation
import ReuseTable
import Testing

@testable import ReuseTableTerminal

/// An ordinary app's session on the terminal list: self-sizing list-configuration rows with an
/// estimate of one line, scrolled line by line, a jump to the middle, then a row just above the
/// screen reconfigured and asked for its rect. Every height change there copies part of the
/// height tree (the table's geometry is shared with the values the pass reads), so this runs in
/// CI's release build too (Docs/unsafe-code.md).
@MainActor
@Suite struct SelfSizingListScenarioTests {
    final class Messages: TableViewDataSource {
        var texts: [String]
        init(count: Int) {
            texts = (0..<count).map { i in
                "message \(i)" + String(repeating: " and more words", count: i % 5)
            }
        }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { texts.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = texts[indexPath.row]
            cell.contentConfiguration = content
            return cell
        }
    }

    @Test func reconfiguringARowAboveTheScreenAfterScrollsAndAJump() {
        let messages = Messages(count: 10_000)
        let table = TableView(frame: .zero)
        table.register(TableViewCell.self, forCellReuseIdentifier: "message")
        table.dataSource = messages
        let screen = ListScreen(table: table)
        table.rowHeight = TableView.automaticDimension
        table.estimatedRowHeight = 1
        screen.resize(width: 24, height: 10)
        _ = screen.render()
        for _ in 0..<200 {
            _ = screen.scroll(by: 1)
            _ = screen.render()
        }
        table.scrollToRow(at: IndexPath(row: 5_000, section: 0), at: .top, animated: false)
        _ = screen.render()
        let top = table.indexPathsForVisibleRows!.first!
        let above = IndexPath(row: top.row - 1, section: 0)
        let topOnScreen = table.rectForRow(at: top).minY - table.contentOffset.y
        messages.texts[above.row] = "changed " + String(repeating: "words ", count: 12)
        table.reconfigureRows(at: [above])
        _ = screen.render()
        let rect = table.rectForRow(at: above)
        #expect(rect.maxY <= table.rectForRow(at: top).minY + 0.5)
        #expect(rect.height >= 1)
        // What the reader sees does not move: the top row keeps its place on screen.
        #expect(table.rectForRow(at: top).minY - table.contentOffset.y == topOnScreen)
        for row in stride(from: 0, to: 10_000, by: 101) {
            let r = table.rectForRow(at: IndexPath(row: row, section: 0))
            #expect(r.height >= 1 && r.minY.isFinite, "row \(row): \(r)")
        }
    }
}
