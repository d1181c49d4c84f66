@testable import ArticleTable
import Foundation
import Testing
@testable import Bench
@_spi(Internals) import ReuseTable
import TestSupport

/// The article's table, the bench's baseline for a layout pass: it lays out the
/// same rows as the real table and reuses its cells as the article's does.
@MainActor
@Suite struct ArticleTableTests {
    /// The rows a `TableView` over the same data shows at `y`, as frames in content coordinates.
    func tableFrames(_ table: TableView) -> [CGRect] {
        (table.indexPathsForVisibleRows ?? []).map { table.rectForRow(at: $0) }
    }

    func articleFrames(_ table: ArticleTable) -> [CGRect] {
        table.visibleRows.map { row in table.rowRecords[row].cachedCell!.frame }
    }

    /// At random offsets (and both ends), the article's table shows a cell for exactly
    /// the rows the `TableView` shows, at the same frames.
    @Test func showsTheSameRowsAsTheTableAtEveryOffset() {
        defer { TableSuites.releaseFixtures() }
        let rows = 1_003
        let table = TableSuites.exactTable(rows: rows, store: .tree).table
        let article = TableSuites.articleTable(rows: rows)
        #expect(article.contentSize.height == table.contentSize.height, "the same rows, the same heights")
        var generator = SplitMix64(seed: 27)
        let maximum = Double(table.maximumContentOffsetY)
        let offsets = [0, maximum] + (0..<200).map { _ in Double(generator.next() % UInt64(maximum)) }
        for y in offsets {
            table.contentOffset.y = CGFloat(y)
            article.contentOffset.y = CGFloat(y)
            // The article's loop keeps the row whose bottom edge touches the top of the
            // screen (its search finds the last row starting before y); the table does not.
            let articles = articleFrames(article).filter { $0.maxY > CGFloat(y) }
            #expect(articles == tableFrames(table), "offset \(y)")
        }
    }

    /// Scrolling down and back up, every row that leaves gives its cell to the pool,
    /// and new rows take cells from it: a screenful of cells serves the whole path.
    @Test func scrollingReusesAScreenfulOfCells() {
        defer { TableSuites.releaseFixtures() }
        let article = TableSuites.articleTable(rows: 2_000)
        var created = Set<ObjectIdentifier>()
        let maximum = Double(article.contentSize.height - article.frame.height)
        for i in 0..<600 {
            article.contentOffset.y = CGFloat(TableSuites.pathOffset(i, start: 0, stepSize: 48, maximum: maximum))
            for row in article.visibleRows { created.insert(ObjectIdentifier(article.rowRecords[row].cachedCell!)) }
            // Every cell is either on screen (a subview, held by its row's record) or in the pool.
            let onScreen = article.visibleRows.compactMap { article.rowRecords[$0].cachedCell }
            #expect(onScreen.count == article.visibleRows.count)
            #expect(article.subviews.count == onScreen.count)
            #expect(!article.reusePool.contains { cell in onScreen.contains { $0 === cell } })
        }
        #expect(created.count < 40, "\(created.count) cells for 600 steps")
        #expect(created.count == article.visibleRows.count + article.reusePool.count)
    }

    /// The article's search: the last row starting before `y`, row 0 before the first.
    @Test func findRowIsTheLastRowStartingBeforeTheOffset() {
        let article = ArticleTable(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        let source = FixedRows(heights: [10, 20, 30, 40])
        article.dataSource = source
        article.reloadData()
        #expect(article.rowRecords.map(\.startY) == [0, 10, 30, 60])
        #expect([-5, 0, 5, 10, 11, 30, 59, 60, 99, 1_000].map { article.findRow(forOffsetY: $0) } == [0, 0, 0, 0, 1, 1, 2, 2, 3, 3])
        #expect(article.contentSize.height == 100)
        #expect(article.visibleRows == [0, 1, 2, 3])
        source.heights = []
        article.reloadData()
        #expect(article.rowRecords.isEmpty && article.visibleRows.isEmpty && article.subviews.isEmpty)
        #expect(article.reusePool.count == 4, "a reload gives every cell back")
    }

    final class FixedRows: ArticleTableDataSource {
        var heights: [Double]
        init(heights: [Double]) { self.heights = heights }
        func numberOfRows(in table: ArticleTable) -> Int { heights.count }
        func articleTable(_ table: ArticleTable, cellForRow row: Int) -> TableViewCell {
            table.dequeueReusableCell(withIdentifier: "r") ?? TableViewCell(reuseIdentifier: "r")
        }
        func articleTable(_ table: ArticleTable, heightForRow row: Int) -> Double? { heights[row] }
    }
}
