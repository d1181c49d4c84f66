import Foundation
import ReuseTable

// The `feed` suite: the demo's self-sizing feed of 1,000,000 posts
// (Sources/Demo/Feed) scrolled one screen at a time with estimated heights, so
// every step measures the rows that enter (cells configured and sized) and then
// lays them out. Two ways of sizing a post: the feed's own frame-layout cell
// (`FeedCell.sizeThatFits`) and Auto Layout (the bench's three-label cell,
// `ThreeLabelCell`, placed in a table cell's contentView).

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

    /// A loaded feed table, `counted` screen steps timed one by one, then the harness's step: one more screen down
    /// (the path bounces at the ends, as `scrollStep`'s does).
    static func makeCase(rows: Int, autoLayout: Bool, counted steps: Int) -> BenchCase {
        MainActor.assumeIsolated {
            let days = max(1, rows / FeedGenerator.postsPerDay)
            let model = FeedModel(sections: days, rowsPerSection: rows / days)
            let table = TableView(frame: frame)
            let feed = FeedDataSource(model: model)
            let source: AnyObject
            if autoLayout {
                let al = AutoLayoutFeedSource(model: model)
                al.install(in: table, like: feed)
                source = al
            } else {
                feed.install(in: table)
                source = feed
            }
            table.estimatedRowHeight = feed.averageHeight(width: frame.width)
            table.reloadData()
            let screen = Double(frame.height)
            var times: [Double] = []
            times.reserveCapacity(steps)
            for i in 1...steps {
                let start = Harness.now()
                table.contentOffset.y = CGFloat(Double(i) * screen)
                times.append(Double(Harness.now() - start))
            }
            times.sort()
            counted[autoLayout ? "AutoLayout" : "frame"] = (
                steps, Harness.percentile(times, 0.5), Harness.percentile(times, 0.99),
                table.counters.cellsCreated
            )
            let start = Double(steps + 1) * screen
            var benchCase = BenchCase(step: { i in
                MainActor.assumeIsolated {
                    // `maximumContentOffsetY` moves as estimates become heights, so it is read every step.
                    let maximum = Double(table.maximumContentOffsetY)
                    table.contentOffset.y = CGFloat(TableSuites.pathOffset(i, start: start, stepSize: screen, maximum: maximum))
                    withExtendedLifetime(source) {}
                }
            })
            benchCase.cellsCreated = table.counters.cellsCreated
            return benchCase
        }
    }
}

/// A table cell sized by Auto Layout: the bench's three-label cell (`ThreeLabelCell`) in its contentView.
@MainActor
final class AutoLayoutFeedBenchCell: TableViewCell {
    static let identifier = "post-autolayout"
    private(set) var labels: ThreeLabelCell!

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        labels = ThreeLabelCell(content: contentView)
        LayoutConstraint.activate(labels.constraints)
    }

    func configure(with post: Post) {
        labels.title.text = "\(post.author) · \(post.time)"
        labels.body.text = post.body
        labels.footer.text = post.isInserted ? "new" : ""
    }
}

/// The feed's rows and day headers through `AutoLayoutFeedBenchCell` (heights by Auto Layout).
@MainActor
final class AutoLayoutFeedSource: TableViewDataSource, TableViewDelegate {
    let model: FeedModel
    init(model: FeedModel) { self.model = model }

    /// The feed's own table settings (`FeedDataSource.install`: header view, self-sizing rows, no
    /// separators), then this cell and this source.
    func install(in table: TableView, like feed: FeedDataSource) {
        feed.install(in: table)
        table.register(AutoLayoutFeedBenchCell.self, forCellReuseIdentifier: AutoLayoutFeedBenchCell.identifier)
        table.dataSource = self
        table.delegate = self
    }

    func numberOfSections(in tableView: TableView) -> Int { model.sectionCount }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { model.numberOfRows(inSection: section) }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: AutoLayoutFeedBenchCell.identifier, for: indexPath) as! AutoLayoutFeedBenchCell
        cell.configure(with: model.post(at: indexPath))
        return cell
    }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat { 1 }
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat { 0 }
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
        let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: DayHeaderView.identifier) as! DayHeaderView
        header.title.text = FeedGenerator.dayTitle(section)
        return header
    }
}
