import Foundation
import ReuseTable
import ReuseTableTerminal
import Figures
import Feed

// `c`: the same feed as a waterfall `CollectionView` (WaterfallScreen), and back.

/// The waterfall's tile heights being computed before it opens.
struct PendingWaterfall {
    let work: BackgroundHeights
    let days: Int
}

extension FeedApp {
    /// Days the waterfall shows. A waterfall needs every height before it places a tile (no estimate
    /// can place one: its column depends on every height before it): the heights are computed off the
    /// main thread first, and placing 10,000 tiles on a width change takes about 70 ms in a debug build.
    static let waterfallDays = 10

    /// Opens the waterfall at the table's width once its heights are computed (off the main thread,
    /// unless known from an earlier visit), or closes it and brings the table up to date. `c` while the
    /// heights are computed cancels.
    func toggleWaterfall(days: Int = FeedApp.waterfallDays) -> Outcome {
        if let waterfall {
            closeWaterfall(waterfall)
            return .changed
        }
        if let pending = pendingWaterfall {
            pending.work.cancel()
            pendingWaterfall = nil
            setMessage("c: cancelled; the table stays.")
            return .changed
        }
        let days = min(days, feed.model.sectionCount)
        let columns = WaterfallScreen.tileColumns(forCollectionWidth: tableWidth)
        let posts = (0..<days).reduce(0) { $0 + feed.model.numberOfRows(inSection: $1) }
        if (tileHeights[columns]?.count ?? 0) >= posts {
            // Known from an earlier visit (a post added since is computed when asked): open at once.
            openWaterfall(days: days, message: "Waterfall again: every height known, placed in ")
            return .changed
        }
        let work = BackgroundHeights(model: feed.model, days: 0..<days, columns: columns) { post, columns in
            FeedTileCell.height(of: post, itemWidth: CGFloat(columns))
        }
        pendingWaterfall = PendingWaterfall(work: work, days: days)
        setMessage("c: computing all \(work.total.grouped) tile heights off the main thread first (c cancels).")
        return .changed
    }

    /// "tile heights 4,352 of 10,000 (43%)" while they are computed.
    var pendingWaterfallSegment: [String] {
        guard let pending = pendingWaterfall else { return [] }
        return ["tile heights \(pending.work.progressText)"]
    }

    /// Opens the waterfall when its heights are computed (waiting for them until `deadline`).
    func openPendingWaterfall(waitingUntil deadline: DispatchTime) {
        guard let pending = pendingWaterfall, let (heights, nanoseconds) = pending.work.result(waitingUntil: deadline) else {
            return
        }
        pendingWaterfall = nil
        tileHeights[pending.work.columns, default: [:]].merge(heights) { old, _ in old }
        openWaterfall(
            days: pending.days, message: "\(heights.count.grouped) heights computed off-main in \(millis(nanoseconds)), placed in ")
    }

    /// Shows the waterfall of `days` days; its message is `message` and the placement time.
    private func openWaterfall(days: Int, message: String) {
        let waterfall = WaterfallScreen(
            feed: feed, days: days, width: width, height: tableHeight,
            isRotated: isRotated, showsTimings: showsTimings, tileHeights: tileHeights)
        waterfall.setMessage(message + "\(millis(waterfall.lastUpdateMicroseconds * 1_000)). ? keys")
        self.waterfall = waterfall
    }

    private func closeWaterfall(_ waterfall: WaterfallScreen) {
        self.waterfall = nil
        tileHeights = waterfall.tileHeights  // the heights of every width visited, for the next visit
        if waterfall.edits.isEmpty {
            setMessage("Table again: the same feed, the same table.")
            return
        }
        // The model has the edits, the table's snapshot does not: the days they touched are
        // rebuilt from the model and applied as one diff, as an app does after changes made on
        // another screen (no reloadData, no index paths: the diff finds the inserts, deletes and moves).
        let plural = waterfall.edits.count == 1 ? "" : "s"
        applyModel(inSections: waterfall.edits.reduce(into: Set<Int>()) { $0.formUnion($1.days) }) { app in
            app.clampTableOffset()
            app.setMessage("Back: the waterfall's \(waterfall.edits.count) edit\(plural), one apply\(app.asyncNote): \(app.applySummary)")
        }
    }
}
