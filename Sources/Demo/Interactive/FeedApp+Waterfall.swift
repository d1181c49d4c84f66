import Foundation
import ReuseTable

// `c`: the same feed as a waterfall `CollectionView` (WaterfallScreen), and back.

extension FeedApp {
    /// Days the waterfall shows. A waterfall asks every height up front (no estimate can
    /// place an item: its column depends on every height before it), about 45 µs a post in a
    /// debug build, so it shows 20 days (20,000 posts), as exact mode shows 10.
    static let waterfallDays = 20

    /// Opens the waterfall at the table's width, or closes it and brings the table up to date.
    func toggleWaterfall(days: Int = FeedApp.waterfallDays) -> Outcome {
        if let waterfall {
            self.waterfall = nil
            if waterfall.edits.isEmpty {
                setMessage("Table again: the same feed, the same table.")
            } else {
                // The table's counts are stale: its data source already shows the edits. A sequence
                // of single edits is not one UIKit batch (deletes old-indexed, inserts new-indexed),
                // so the table reloads, as an app would after changes made on another screen.
                reload()
                clampTableOffset()
                setMessage("Table again: the waterfall made \(waterfall.edits.count) edit\(waterfall.edits.count == 1 ? "" : "s"), so reloadData.")
            }
            return .changed
        }
        waterfall = WaterfallScreen(feed: feed, days: days, width: width, height: tableHeight,
                                    isRotated: isRotated, showsTimings: showsTimings)
        return .changed
    }
}
