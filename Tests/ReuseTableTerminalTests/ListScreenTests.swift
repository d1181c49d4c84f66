import Foundation
import ReuseTable
import Testing

@testable import ReuseTableTerminal

/// A million numbered rows.
@MainActor
private final class Numbers: TableViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "text", for: indexPath) as! TextCell
        // Every tenth row wraps to two lines at 20 columns.
        cell.label.text = "row \(indexPath.row + 1)" + (indexPath.row % 10 == 9 ? " is a longer one" : "")
        return cell
    }
}

@MainActor
@Suite struct ListScreenTests {
    private func makeScreen(rows: Int = 1_000_000, selfSizing: Bool = false, showsIndicator: Bool = false) -> (ListScreen, TableView, Numbers) {
        let numbers = Numbers(count: rows)
        let table = TableView(frame: .zero)
        table.showsVerticalScrollIndicator = showsIndicator
        table.register(TextCell.self, forCellReuseIdentifier: "text")
        table.dataSource = numbers
        let screen = ListScreen(table: table)
        if selfSizing {
            table.rowHeight = TableView.automaticDimension
            table.estimatedRowHeight = 1
        }
        screen.resize(width: 20, height: 4)
        return (screen, table, numbers)
    }

    @Test func theScreenAppliesTheTerminalDefaultsToItsTable() {
        let table = TableView(frame: .zero)
        #expect(table.rowHeight == 44 && table.separatorStyle == .singleLine && table.screenScale == 2)
        _ = ListScreen(table: table)
        #expect(table.rowHeight == 1 && table.separatorStyle == .none && table.screenScale == 1)
    }

    @Test func keysScrollLinesPagesAndEnds() {
        let (screen, _, numbers) = makeScreen()
        #expect(screen.render().trimmedLines == ["row 1", "row 2", "row 3", "row 4"])
        #expect(screen.handle(.down) == .changed)
        #expect(screen.handle(.char("j")) == .changed)
        #expect(screen.render().trimmedLines.first == "row 3")
        #expect(screen.handle(.pageDown) == .changed)  // a page keeps one line of context
        #expect(screen.render().trimmedLines.first == "row 6")
        #expect(screen.handle(.wheelUp) == .changed)
        #expect(screen.render().trimmedLines.first == "row 3")
        #expect(screen.handle(.end) == .changed)
        #expect(screen.render().trimmedLines.last == "row \(numbers.count) is a")  // one line a row: the rest is clipped
        #expect(screen.handle(.down) == .unchanged)  // already at the end
        #expect(screen.handle(.home) == .changed)
        #expect(screen.render().trimmedLines.first == "row 1")
        #expect(screen.handle(.up) == .unchanged)
        #expect(screen.handle(.char("x")) == .unchanged)
        #expect(screen.handle(.char("q")) == .quit)
        #expect(screen.handle(.ctrl("c")) == .quit)
    }

    @Test func theStatusLineTakesTheLastLineInReverseVideo() {
        let (screen, table, numbers) = makeScreen()
        screen.status = { screen in
            let top = screen.tableView?.indexPathsForVisibleRows?.first.map { $0.row + 1 } ?? 0
            return "row \(top) of \(numbers.count) and more text than fits"
        }
        let grid = screen.render()
        #expect(grid.trimmedLines == ["row 1", "row 2", "row 3", " row 1 of 1000000 an"])
        #expect(grid.allCells(in: GridRect(x: 0, y: 3, width: 20, height: 1)) { $0 == GridStyle(reverse: true) })
        #expect(table.bounds.height == 3)
        #expect(screen.handle(.pageDown) == .changed)
        #expect(screen.render().trimmedLines == ["row 3", "row 4", "row 5", " row 3 of 1000000 an"])
    }

    @Test func idleStepsMeasureEstimatedRowsWithoutMovingTheScreen() {
        let (screen, table, numbers) = makeScreen(rows: 300, selfSizing: true, showsIndicator: true)
        defer { withExtendedLifetime(numbers) {} }  // the table holds its data source weakly
        let before = screen.render()
        #expect(screen.hasIdleWork)
        #expect(table.estimatedSlotCount > 0)
        var steps = 0
        while screen.hasIdleWork, steps < 10_000 {
            _ = screen.runIdleStep(budget: .milliseconds(2))
            steps += 1
        }
        #expect(!screen.hasIdleWork)
        #expect(table.estimatedSlotCount == 0)
        #expect(screen.render() == before)
        // Every tenth row is two lines: 300 rows take 330 lines once all are measured.
        #expect(table.contentSize.height == 330)
        // A new width makes the rows estimates again: the precacher starts over, unless told not to.
        screen.resize(width: 12, height: 4)
        #expect(screen.hasIdleWork)
        screen.measuresWhileIdle = false
        #expect(!screen.hasIdleWork && !screen.runIdleStep(budget: .milliseconds(2)))
        screen.resize(width: 16, height: 4)
        #expect(!screen.hasIdleWork)
        screen.measuresWhileIdle = true
        #expect(screen.hasIdleWork)
    }

    @Test func aCollectionViewScreenScrollsToo() {
        final class Source: CollectionViewDataSource {
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 100 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
            }
        }
        let layout = WaterfallLayout(numberOfColumns: 2, margin: 0)
        layout.itemHeight = 2
        let collection = CollectionView(frame: .zero, collectionViewLayout: layout)
        collection.register(CollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        let source = Source()
        collection.dataSource = source
        let screen = ListScreen(collectionView: collection)
        screen.resize(width: 10, height: 5)
        #expect(screen.handle(.end) == .changed)
        #expect(collection.contentOffset.y == CGFloat(95))  // 50 rows of 2 lines, 5 on screen
        #expect(screen.handle(.pageUp) == .changed)
        #expect(collection.contentOffset.y == CGFloat(91))
        #expect(!screen.hasIdleWork)
        withExtendedLifetime(source) {}
    }
}
