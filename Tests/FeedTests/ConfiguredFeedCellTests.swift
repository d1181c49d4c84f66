import Foundation
import ReuseTable
import Testing

@testable import Feed

/// `ConfiguredFeedCell`, `FeedCell`'s design on a content configuration (the demo's `a` key cycles to it).
@MainActor
@Suite struct ConfiguredFeedCellTests {
    @Test func theConfiguredTwinGivesFeedCellsHeightForEveryPostAndWidth() {
        // One cell of each class for all posts: the configured one's content view is reused throughout.
        let frames = FeedCell(reuseIdentifier: nil)
        let configured = ConfiguredFeedCell(reuseIdentifier: nil)
        var heights = Set<CGFloat>()
        for width: CGFloat in [24, 37, 44, 80, 131] {
            for (index, id) in AutoLayoutFeedCellTests.postIDs.enumerated() {
                let post = FeedGenerator.post(id: id)
                let extra = index % 7 == 0 ? index % 3 : 0
                frames.configure(with: post, extraLines: extra)
                configured.configure(with: post, extraLines: extra)
                let expected = frames.sizeThatFits(CGSize(width: width, height: 0)).height
                #expect(
                    configured.sizeThatFits(CGSize(width: width, height: 0)).height == expected, "post \(id) at width \(width), \(extra) extra lines")
                heights.insert(expected)
            }
        }
        #expect(heights.count > 10, "the posts cover many heights")
        // `+` on a shown cell: the configuration's bottom margin grows with it.
        configured.configure(with: FeedGenerator.post(id: 0), extraLines: 0)
        let before = configured.sizeThatFits(CGSize(width: 44, height: 0)).height
        configured.extraLines = 2
        #expect(configured.sizeThatFits(CGSize(width: 44, height: 0)).height == before + 2)
    }

    @Test func aTableOfConfiguredCellsHasTheFramedRowsAndShowsTheSameTexts() {
        func table(_ layout: FeedDataSource.CellLayout) -> TableView {
            let feed = FeedDataSource(model: FeedModel(sections: 2, rowsPerSection: 30))
            feed.cellLayout = layout
            let table = TableView(frame: CGRect(x: 0, y: 0, width: 41, height: 400))
            feed.install(in: table)
            table.reloadData()
            withExtendedLifetime(feed) { table.layoutIfNeeded() }
            return table
        }
        let framed = table(.frames)
        let configured = table(.configured)
        #expect(!configured.visibleCells.isEmpty && configured.visibleCells.allSatisfy { $0 is ConfiguredFeedCell })
        for section in 0..<2 {
            for row in 0..<30 {
                let indexPath = IndexPath(row: row, section: section)
                #expect(configured.rectForRow(at: indexPath) == framed.rectForRow(at: indexPath), "\(indexPath)")
            }
        }
        for case let cell as ConfiguredFeedCell in configured.visibleCells {
            let indexPath = configured.indexPath(for: cell)!
            let twin = framed.cellForRow(at: indexPath) as! FeedCell
            let content = cell.contentConfiguration as? ListContentConfiguration
            #expect(content?.text == twin.author.text + " " + twin.time.text, "\(indexPath)")
            #expect(content?.secondaryText == twin.body.text)
            #expect(cell.tagLabel.superview === cell.contentView && cell.contentView.subviews.last === cell.tagLabel, "the tag in front")
            #expect(cell.author.superview == nil && cell.body.superview == nil)
        }
    }
}
