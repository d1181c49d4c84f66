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
                // The model has the edits, the table's snapshot does not: the days they touched are
                // rebuilt from the model and applied as one diff, as an app does after changes made on
                // another screen (no reloadData, no index paths: the diff finds the inserts and deletes).
                let days = Set(
                    waterfall.edits.map { edit -> Int in
                        switch edit {
                        case .insert(let indexPath), .delete(let indexPath): return indexPath.section
                        }
                    })
                applyModel(inSections: days)
                clampTableOffset()
                let plural = waterfall.edits.count == 1 ? "" : "s"
                setMessage("Back: the waterfall's \(waterfall.edits.count) edit\(plural), one apply: \(applySummary)")
            }
            return .changed
        }
        finishLoading()  // the waterfall edits the model; the table's snapshot must be whole to follow
        waterfall = WaterfallScreen(
            feed: feed, days: days, width: width, height: tableHeight,
            isRotated: isRotated, showsTimings: showsTimings)
        return .changed
    }
}
