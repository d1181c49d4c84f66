import Foundation
import ReuseTable
import ReuseTableTerminal
import TestSupport
import Testing

// The scroll indicator: its length and position from the content and the offset, drawn over the
// last column, hidden when asked or when the content fits, still while estimates are corrected.

/// Rows 1–5 lines tall (row i: 1 + i·7 mod 5) behind an estimate of 2 lines.
@MainActor
final class UnevenRows: TableViewDataSource, TableViewDelegate {
    let count: Int
    var estimated: Bool
    init(count: Int, estimated: Bool) {
        self.count = count
        self.estimated = estimated
    }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "text", for: indexPath) as! TextCell
        cell.label.text = "row \(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { CGFloat(1 + indexPath.row * 7 % 5) }
    func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat { estimated ? 2 : 0 }

    func makeScreen(width: Int = 30, height: Int = 10) -> (ListScreen, TableView) {
        let table = TableView(frame: .zero, style: .plain)
        table.register(TextCell.self, forCellReuseIdentifier: "text")
        table.dataSource = self
        table.delegate = self
        table.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
        let screen = ListScreen(table: table)
        if estimated { table.estimatedRowHeight = 2 }
        screen.resize(width: width, height: height)
        return (screen, table)
    }
}

@MainActor
@Suite struct ScrollIndicatorTests {
    /// The lines of the last column drawn with the thumb's character.
    func thumbLines(_ grid: CharGrid) -> [Int] {
        (0..<grid.height).filter { grid[grid.width - 1, $0].character == "┃" }
    }

    @Test func lengthAndPositionComeFromTheContentAndTheOffset() {
        let rows = TextRows([(0..<100).map { "row \($0)" }])
        let table = rows.makeTable(width: 20, height: 10, showsIndicator: true)
        let indicator = ScrollIndicator(table)!
        #expect(indicator.trackLength == 10 && indicator.thumbLength == 1 && indicator.thumbStart == 0)
        #expect(thumbLines(Renderer.render(table, width: 20, height: 10)) == [0])
        table.contentOffset.y = 45  // halfway through a range of 90
        #expect(ScrollIndicator(table)!.position == 0.5)
        #expect(thumbLines(Renderer.render(table, width: 20, height: 10)) == [5])  // 9 free lines × 0.5, rounded
        table.contentOffset.y = 90
        #expect(thumbLines(Renderer.render(table, width: 20, height: 10)) == [9])

        let half = TextRows([(0..<20).map { "row \($0)" }]).makeTable(width: 20, height: 10, showsIndicator: true)
        #expect(ScrollIndicator(half)!.thumbLength == 5)  // half the content on screen: half the track
        withExtendedLifetime(rows) {}
    }

    @Test func hiddenWhenAskedOrWhenTheContentFits() {
        let rows = TextRows([(0..<100).map { "row \($0)" }])
        let table = rows.makeTable(width: 20, height: 10, showsIndicator: true)
        table.showsVerticalScrollIndicator = false
        #expect(ScrollIndicator(table) == nil)
        #expect(thumbLines(Renderer.render(table, width: 20, height: 10)).isEmpty)
        let short = TextRows([(0..<10).map { "row \($0)" }])
        let fits = short.makeTable(width: 20, height: 10, showsIndicator: true)
        #expect(fits.showsVerticalScrollIndicator)
        #expect(ScrollIndicator(fits) == nil)
        #expect(thumbLines(Renderer.render(fits, width: 20, height: 10)).isEmpty)
        withExtendedLifetime((rows, short)) {}
    }

    /// Idle steps measure every estimated row above and below the screen; the rows on screen stay
    /// where they are, and so does the thumb — while the offset and content size move under it,
    /// enough that a thumb measured in points would have moved.
    @Test func theThumbStaysStillWhileEstimatesAreCorrected() {
        let rows = UnevenRows(count: 400, estimated: true)
        let (screen, table) = rows.makeScreen()
        for _ in 0..<60 { _ = screen.handle(.pageDown) }
        let before = ScrollIndicator(table)!
        let screenBefore = screen.render()
        let pointShareBefore = table.contentOffset.y / (table.maximumContentOffsetY - table.minimumContentOffsetY)
        var steps = 0
        #expect(screen.hasIdleWork)
        while screen.hasIdleWork, steps < 10_000 {
            _ = screen.runIdleStep(budget: .microseconds(50))
            steps += 1
            let now = ScrollIndicator(table)!
            #expect(now == before, "step \(steps)")
        }
        #expect(!screen.hasIdleWork && table.estimatedSlotCount == 0)
        #expect(screen.render() == screenBefore)
        let pointShareAfter = table.contentOffset.y / (table.maximumContentOffsetY - table.minimumContentOffsetY)
        #expect(abs(pointShareAfter - pointShareBefore) * CGFloat(before.trackLength - before.thumbLength) > 0.5)
    }

    @Test func aDragOnTheThumbOfAnEstimatedTableReachesBothEnds() {
        let rows = UnevenRows(count: 400, estimated: true)
        let (screen, table) = rows.makeScreen()
        screen.measuresWhileIdle = false
        let column = screen.width - 1
        _ = screen.handle(.mouse(MouseEvent(kind: .press, button: .left, column: column, line: 0)))
        _ = screen.handle(.mouse(MouseEvent(kind: .drag, button: .left, column: column, line: 9)))
        #expect(table.contentOffset.y == table.maximumContentOffsetY)
        #expect(ScrollIndicator(table)!.position == 1)
        _ = screen.handle(.mouse(MouseEvent(kind: .drag, button: .left, column: column, line: 4)))
        let middle = ScrollIndicator(table)!
        #expect(middle.position > 0.3 && middle.position < 0.7)
        _ = screen.handle(.mouse(MouseEvent(kind: .drag, button: .left, column: column, line: 0)))
        #expect(table.contentOffset.y == table.minimumContentOffsetY && ScrollIndicator(table)!.position == 0)
    }
}
