import Foundation
import ReuseTable
import Figures
import Feed

// The `feed` suite: the demo's self-sizing feed of 1,000,000 posts
// (Sources/Feed) scrolled one screen at a time with estimated heights, so
// every step measures the rows that enter (cells configured and sized) and then
// lays them out. One cell design sized two ways: the feed's own frame-layout cell
// (`FeedCell.sizeThatFits`) and its twin built with constraints
// (`AutoLayoutFeedCell`, the same labels placed by anchors, equal heights), which
// the table measures by Auto Layout, and its twin on a content configuration
// (`ConfiguredFeedCell`, sized by its content view).

enum FeedSuite {
    /// A terminal-sized viewport, as the demo shows it.
    static let frame = CGRect(x: 0, y: 0, width: 60, height: 24)
    static let scales = [1_000_000]
    /// Screen steps timed one by one (from the top) for p50/p99 and the cells created.
    static let countedSteps = 2_000

    /// Per-step times and cells created by the counted path, by strategy (for the commentary).
    @MainActor static var counted: [String: (steps: Int, p50: Double, p99: Double, cells: Int)] = [:]

    static func suite(quick: Bool) -> BenchSuite {
        var suite = Suites.tableSuite(
            name: "feed", scales: scales,
            operations: [
                (
                    name: "feedScreenStep", baseline: "frame",
                    strategies: [
                        (name: "frame", setUp: { rows in makeCase(rows: rows, autoLayout: false, counted: quick ? 300 : countedSteps) }),
                        (name: "AutoLayout", setUp: { rows in makeCase(rows: rows, autoLayout: true, counted: quick ? 300 : countedSteps) }),
                        (
                            name: "configured",
                            setUp: { rows in makeCase(rows: rows, layout: .configured, counted: quick ? 300 : countedSteps) }
                        ),
                    ]
                )
            ])
        suite.commentary = { _ in
            MainActor.assumeIsolated {
                counted.sorted { $0.key > $1.key }.map { name, c in
                    "feed, \(name): \(Report.grouped(c.steps)) screen steps from the top, each timed alone: p50 \(Report.duration(c.p50)), "
                        + "p99 \(Report.duration(c.p99)); \(Report.grouped(c.cells)) cells created (first screen included)."
                }
            }
        }
        return suite
    }

    /// The feed of `rows` posts loaded in a terminal-sized table with estimated heights, its cells
    /// `FeedCell` (frame layout) or `AutoLayoutFeedCell` (the same design as constraints).
    @MainActor static func makeTable(rows: Int, autoLayout: Bool) -> (TableView, FeedDataSource) {
        makeTable(rows: rows, layout: autoLayout ? .autoLayout : .frames)
    }

    /// The same with any of the feed's cell classes (`ConfiguredFeedCell`: a content configuration).
    @MainActor static func makeTable(rows: Int, layout: FeedDataSource.CellLayout) -> (TableView, FeedDataSource) {
        let days = max(1, rows / FeedGenerator.postsPerDay)
        let model = FeedModel(sections: days, rowsPerSection: rows / days)
        let table = TableView(frame: frame)
        let feed = FeedDataSource(model: model)
        feed.cellLayout = layout
        feed.install(in: table)
        table.estimatedRowHeight = feed.averageHeight(width: frame.width)
        table.reloadData()
        return (table, feed)
    }

    /// A loaded feed table, `counted` screen steps timed one by one, then the harness's step: one more screen down
    /// (the path bounces at the ends, as `scrollStep`'s does).
    static func makeCase(rows: Int, autoLayout: Bool, counted steps: Int) -> BenchCase {
        makeCase(rows: rows, layout: autoLayout ? .autoLayout : .frames, counted: steps)
    }

    /// The same with any of the feed's cell classes.
    static func makeCase(rows: Int, layout: FeedDataSource.CellLayout, counted steps: Int) -> BenchCase {
        MainActor.assumeIsolated {
            let (table, feed) = makeTable(rows: rows, layout: layout)
            let screen = Double(frame.height)
            var times: [Double] = []
            times.reserveCapacity(steps)
            for i in 1...steps {
                let start = Harness.now()
                table.contentOffset.y = CGFloat(Double(i) * screen)
                times.append(Double(Harness.now() - start))
            }
            times.sort()
            let p99 = Harness.percentile(times, 0.99)
            counted[layout == .frames ? "frame" : layout == .autoLayout ? "AutoLayout" : "configured"] = (
                steps, Harness.percentile(times, 0.5), p99, table.counters.cellsCreated
            )
            let start = Double(steps + 1) * screen
            var benchCase = BenchCase(step: { i in
                MainActor.assumeIsolated {
                    // `maximumContentOffsetY` moves as estimates become heights, so it is read every step.
                    let maximum = Double(table.maximumContentOffsetY)
                    table.contentOffset.y = CGFloat(TableSuites.pathOffset(i, start: start, stepSize: screen, maximum: maximum))
                    withExtendedLifetime(feed) {}
                }
            })
            benchCase.cellsCreated = table.counters.cellsCreated
            benchCase.p99 = p99
            return benchCase
        }
    }
}
