import Foundation
import Testing
@testable import Feed
@testable import ReuseTable

/// `AutoLayoutFeedCell`, the constraint-built twin of `FeedCell` (the demo's `a` key switches to it).
@MainActor
@Suite struct AutoLayoutFeedCellTests {
    /// Posts spread over the feed (short, paragraph and long bodies) plus inserted ones.
    static let postIDs: [UInt64] = (0..<150).map { UInt64($0) * 6_661 } + (0..<10).map { FeedGenerator.firstInsertedID + UInt64($0) }

    @Test func theTwinGivesFeedCellsHeightForEveryPostAndWidth() {
        // One cell of each class for all posts: the twin's engine is kept and edited, never rebuilt.
        let frames = FeedCell(reuseIdentifier: nil)
        let constraints = AutoLayoutFeedCell(reuseIdentifier: nil)
        var heights = Set<CGFloat>()
        for width: CGFloat in [24, 37, 44, 80, 131] {
            for (index, id) in Self.postIDs.enumerated() {
                let post = FeedGenerator.post(id: id)
                let extra = index % 7 == 0 ? index % 3 : 0
                frames.configure(with: post, extraLines: extra)
                constraints.configure(with: post, extraLines: extra)
                let expected = frames.sizeThatFits(CGSize(width: width, height: 0)).height
                let fitted = constraints.contentView.templateFittingHeight(width: width)
                #expect(fitted == expected, "post \(id) at width \(width), \(extra) extra lines")
                heights.insert(expected)
            }
        }
        #expect(heights.count > 10, "the posts cover many heights")
    }

    @Test func aTableMeasuresTheTwinByAutoLayoutAndGetsTheSameRows() {
        var log: [String] = []
        func table(_ layout: FeedDataSource.CellLayout) -> (TableView, FeedDataSource) {
            let feed = FeedDataSource(model: FeedModel(sections: 2, rowsPerSection: 30))
            feed.cellLayout = layout
            let table = TableView(frame: CGRect(x: 0, y: 0, width: 41, height: 400))
            feed.install(in: table)
            table.heightDebugLogHandler = { log.append($0) }
            table.isHeightDebugLogEnabled = true
            table.reloadData()
            return (table, feed)
        }
        let (framed, _) = table(.frames)
        #expect(log.contains { $0.contains("by sizeThatFits") } && !log.contains { $0.contains("by Auto Layout") })
        log = []
        let (constrained, _) = table(.autoLayout)
        #expect(log.contains { $0.contains("by Auto Layout") } && !log.contains { $0.contains("by sizeThatFits") })
        #expect(constrained.visibleCells.allSatisfy { $0 is AutoLayoutFeedCell })
        // The measuring time is counted beside the count: what the demo's "µs/cell" divides.
        #expect(constrained.counters.selfSizingMeasurements > 0 && constrained.counters.selfSizingNanoseconds > 0)
        for section in 0..<2 {
            for row in 0..<30 {
                let indexPath = IndexPath(row: row, section: section)
                #expect(constrained.rectForRow(at: indexPath) == framed.rectForRow(at: indexPath), "\(indexPath)")
            }
        }
        // Laid out by its constraints, a visible twin puts its labels where FeedCell's frames put them.
        for case let cell as AutoLayoutFeedCell in constrained.visibleCells {
            let indexPath = constrained.indexPath(for: cell)!
            let twin = framed.cellForRow(at: indexPath) as! FeedCell
            for (a, b) in zip([cell.author, cell.time, cell.body, cell.tagLabel], [twin.author, twin.time, twin.body, twin.tagLabel]) {
                #expect(a.frame == b.frame, "\(indexPath): \(a.text)")
            }
        }
    }
}
