import Foundation
import ReuseTable
import Figures
import Feed

// `a`: the feed's cells by frame layout (`FeedCell`), by Auto Layout (`AutoLayoutFeedCell`) or on
// a content configuration (`ConfiguredFeedCell`), and the cost of one measured cell in each.

extension FeedApp {
    /// Switches the cell class rows are dequeued as (frames → Auto Layout → content configuration),
    /// and measures every row again: the heights must come out the same (the twins are built to
    /// match), only the time per cell differs.
    func toggleCellLayout() -> Outcome {
        switch feed.cellLayout {
        case .frames: feed.cellLayout = .autoLayout
        case .autoLayout: feed.cellLayout = .configured
        case .configured: feed.cellLayout = .frames
        }
        let top = table.indexPathForFocusedRow
        let counters = table.counters
        measuringSince = (counters.selfSizingMeasurements, counters.selfSizingNanoseconds)
        // The cached heights were measured by the other class: reloadData drops them (and the cells on
        // screen go back to the pool under the other identifier), then the focused row (reloadData keeps
        // focus on its index path) comes back on top.
        // reloadData clears the selection, as UIKit's does; the same posts are still there, so keep it.
        let selected = table.indexPathsForSelectedRows ?? []
        table.reloadData()
        for indexPath in selected { table.selectRow(at: indexPath, animated: false, scrollPosition: .none) }
        precacher = FeedApp.makePrecacher(for: table)
        if let top, top.section < table.numberOfSections, top.row < table.numberOfRows(inSection: top.section) {
            table.scrollToRow(at: top, at: .top, animated: false)
            if table.contentOffset.y > 0 { _ = scroll(by: -1) }  // under the sticky header, as `g` does
        }
        let measured = table.counters.selfSizingMeasurements - measuringSince.measurements
        let name: String
        switch feed.cellLayout {
        case .frames: name = "FeedCell"
        case .autoLayout: name = "AutoLayoutFeedCell"
        case .configured: name = "ConfiguredFeedCell"
        }
        if heightMode == .exact {
            setMessage("a: \(name); exact heights are computed beforehand, none measured (e: estimates, to time it).")
            return .changed
        }
        switch feed.cellLayout {
        case .frames: setMessage("a: FeedCell, frames and sizeThatFits; \(measured) rows measured again.")
        case .autoLayout: setMessage("a: AutoLayoutFeedCell, fitted by constraints; \(measured) rows measured again.")
        case .configured: setMessage("a: ConfiguredFeedCell, a content configuration; \(measured) rows measured again.")
        }
        return .changed
    }

    /// Average time of one self-sizing measurement since the last `a` ("–" before any, or when timings are hidden).
    var microsecondsPerMeasuredCell: String {
        let counters = table.counters
        let count = counters.selfSizingMeasurements - measuringSince.measurements
        guard showsTimings, count > 0 else { return "–" }
        let micros = Double(counters.selfSizingNanoseconds - measuringSince.nanoseconds) / 1e3 / Double(count)
        return micros < 10 ? String(format: "%.1f", micros) : "\(Int(micros.rounded()).grouped)"
    }

    /// Rows of the exact-height feed (the first `exactModeDays` days).
    var exactRows: Int {
        (0..<min(FeedApp.exactModeDays, feed.model.sectionCount)).reduce(0) { $0 + feed.model.numberOfRows(inSection: $1) }
    }

    /// The heights of the rows on screen, by index path (what `a` must not change).
    var visibleRowHeights: [IndexPath: CGFloat] {
        Dictionary(uniqueKeysWithValues: (table.indexPathsForVisibleRows ?? []).map { ($0, table.rectForRow(at: $0).height) })
    }
}
