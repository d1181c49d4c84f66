import Foundation
import ReuseTable
import Testing

@testable import Feed

/// `ConfiguredFeedCell`, `FeedCell`'s design on a content configuration (the demo's `a` key cycles to it).
@MainActor
@Suite struct ConfiguredFeedCellTests {
    @Test func theConfiguredTwinGivesFeedCellsHeightForEveryPostAndWidth() {
        // The configured cell's content view is reused throughout.
        let configured = ConfiguredFeedCell(reuseIdentifier: nil)
        AutoLayoutFeedCellTests.expectTwinHeights(configured) { $0.sizeThatFits(CGSize(width: $1, height: 0)).height }
        // `+` on a shown cell: the configuration's bottom margin grows with it.
        configured.configure(with: FeedGenerator.post(id: 0), extraLines: 0)
        let before = configured.sizeThatFits(CGSize(width: 44, height: 0)).height
        configured.extraLines = 2
        #expect(configured.sizeThatFits(CGSize(width: 44, height: 0)).height == before + 2)
    }

    @Test func aTableOfConfiguredCellsHasTheFramedRowsAndShowsTheSameTexts() {
        func table(_ layout: FeedDataSource.CellLayout) -> TableView {
            let (table, feed) = AutoLayoutFeedCellTests.feedTable(layout)
            withExtendedLifetime(feed) { table.layoutIfNeeded() }
            return table
        }
        let framed = table(.frames)
        let configured = table(.configured)
        #expect(!configured.visibleCells.isEmpty && configured.visibleCells.allSatisfy { $0 is ConfiguredFeedCell })
        AutoLayoutFeedCellTests.expectSameRows(configured, framed)
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
