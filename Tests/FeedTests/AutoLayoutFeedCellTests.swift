import Foundation
import Testing
@testable import Feed
@testable import ReuseTable

/// `AutoLayoutFeedCell`, the constraint-built twin of `FeedCell` (the demo's `a` key switches to it).
@MainActor
@Suite struct AutoLayoutFeedCellTests {
    /// Posts spread over the feed (short, paragraph and long bodies) plus inserted ones.
    static let postIDs: [UInt64] = (0..<150).map { UInt64($0) * 6_661 } + (0..<10).map { FeedGenerator.firstInsertedID + UInt64($0) }

    /// Configures `twin` and a `FeedCell` alike with every post of `postIDs` (some with extra lines)
    /// and expects `height(twin, width)` to be the `FeedCell`'s height at every width. One cell of each
    /// class serves all posts, so the twin's kept state (engine, content view) is exercised too.
    static func expectTwinHeights<Twin: FeedCell>(
        _ twin: Twin, height: (Twin, CGFloat) -> CGFloat?, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let frames = FeedCell(reuseIdentifier: nil)
        var heights = Set<CGFloat>()
        for width: CGFloat in [24, 37, 44, 80, 131] {
            for (index, id) in postIDs.enumerated() {
                let post = FeedGenerator.post(id: id)
                let extra = index % 7 == 0 ? index % 3 : 0
                frames.configure(with: post, extraLines: extra)
                twin.configure(with: post, extraLines: extra)
                let expected = frames.sizeThatFits(CGSize(width: width, height: 0)).height
                #expect(
                    height(twin, width) == expected, "post \(id) at width \(width), \(extra) extra lines", sourceLocation: sourceLocation)
                heights.insert(expected)
            }
        }
        #expect(heights.count > 10, "the posts cover many heights", sourceLocation: sourceLocation)
    }

    /// A 41 × 400 table of a 2 × 30 feed whose cells are laid out as `layout` says; `configure` runs
    /// before the load.
    static func feedTable(
        _ layout: FeedDataSource.CellLayout, configure: (TableView) -> Void = { _ in }
    ) -> (TableView, FeedDataSource) {
        let feed = FeedDataSource(model: FeedModel(sections: 2, rowsPerSection: 30))
        feed.cellLayout = layout
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 41, height: 400))
        feed.install(in: table)
        configure(table)
        table.reloadData()
        return (table, feed)
    }

    /// Every row of two `feedTable`s has the same rect.
    static func expectSameRows(_ table: TableView, _ reference: TableView, sourceLocation: SourceLocation = #_sourceLocation) {
        for section in 0..<2 {
            for row in 0..<30 {
                let indexPath = IndexPath(row: row, section: section)
                #expect(table.rectForRow(at: indexPath) == reference.rectForRow(at: indexPath), "\(indexPath)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func theTwinGivesFeedCellsHeightForEveryPostAndWidth() {
        // The twin's engine is kept and edited, never rebuilt.
        Self.expectTwinHeights(AutoLayoutFeedCell(reuseIdentifier: nil)) { $0.contentView.templateFittingHeight(width: $1) }
    }

    @Test func aTableMeasuresTheTwinByAutoLayoutAndGetsTheSameRows() {
        var log: [String] = []
        func table(_ layout: FeedDataSource.CellLayout) -> (TableView, FeedDataSource) {
            Self.feedTable(layout) { table in
                table.heightDebugLogHandler = { log.append($0) }
                table.isHeightDebugLogEnabled = true
            }
        }
        let (framed, _) = table(.frames)
        #expect(log.contains { $0.contains("by sizeThatFits") } && !log.contains { $0.contains("by Auto Layout") })
        log = []
        let (constrained, _) = table(.autoLayout)
        #expect(log.contains { $0.contains("by Auto Layout") } && !log.contains { $0.contains("by sizeThatFits") })
        #expect(constrained.visibleCells.allSatisfy { $0 is AutoLayoutFeedCell })
        // The measuring time is counted beside the count: what the demo's "µs/cell" divides.
        #expect(constrained.counters.selfSizingMeasurements > 0 && constrained.counters.selfSizingNanoseconds > 0)
        Self.expectSameRows(constrained, framed)
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
