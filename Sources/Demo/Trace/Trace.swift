import Foundation
import ReuseTable
import Feed

/// `Demo trace`: every data source and delegate call, in order, for a tiny table.
///
/// The FDTemplateLayoutCell article's lesson, made visible: *when* a table asks for heights decides
/// what reloading costs. Without estimates, `reloadData` must ask every row's
/// height before showing anything (it needs `contentSize` for the scroll
/// bar); with estimates it asks only for the rows that fill the screen, and
/// measures the rest as they scroll in. The same three steps — reload, a
/// scroll, an insert — run on both tables, and every call is numbered.
/// Part C (alone with `--autolayout`) shows which path measured each self-sized
/// row: the feed's `FeedCell` by `sizeThatFits`, its twin by Auto Layout. Part D (alone with
/// `--swipe`) is the delegate sequence of a swipe-delete (`SwipeTrace`).
@MainActor
enum Trace {
    /// Prints the trace; `--autolayout` prints only part C. Returns the exit status.
    @discardableResult
    static func run(_ arguments: [String] = []) -> Int32 {
        switch arguments {
        case []: for line in lines() + [""] + selfSizingLines() + [""] + SwipeTrace.lines() { print(line) }
        case ["--autolayout"]: for line in selfSizingLines() { print(line) }
        case ["--swipe"]: for line in SwipeTrace.lines() { print(line) }
        default:
            let message = "trace: unknown option '\(arguments.joined(separator: " "))'\nusage: Demo trace [--autolayout] [--swipe]\n"
            FileHandle.standardError.write(Data(message.utf8))
            return 2
        }
        return 0
    }

    /// Part C: three self-sized feed rows (`automaticDimension`, no estimates) measured by each
    /// cell class, with the table's height debug log, which names the path that measured.
    static func selfSizingLines() -> [String] {
        var output = ["══ C. Self-sizing: which path measured (rowHeight = automaticDimension, 40 points wide) ══"]
        for layout in [FeedDataSource.CellLayout.frames, .autoLayout] {
            let feed = FeedDataSource(model: FeedModel(sections: 1, rowsPerSection: 3))
            feed.cellLayout = layout
            let table = TableView(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
            feed.install(in: table)
            table.estimatedRowHeight = 0
            let log = TraceLog()
            table.heightDebugLogHandler = { line in
                // "[TableView height] measured row (section 0, row 1) by Auto Layout at content width 40.0: 16.0"
                guard let start = line.range(of: "measured row") else { return }
                log.call("height log: " + line[start.lowerBound...])
            }
            table.isHeightDebugLogEnabled = true
            output.append("")
            output.append(
                layout == .frames
                    ? "▸ reloadData() with FeedCell: frames in layoutSubviews, height from sizeThatFits"
                    : "▸ reloadData() with AutoLayoutFeedCell: the same labels placed by anchors")
            output += Label.wrap(
                layout == .frames
                    ? "The contentView has no constraints, so the table asks the cell's sizeThatFits at the content width."
                    : "The contentView has constraints (and enforceFrameLayout is false), so the table takes "
                        + "FDTemplateLayoutCell's path: a required width fence, then compressed fitting by the solver.",
                columns: 92
            ).map { "  " + $0 }
            table.reloadData()
            output += log.lines
            let heights = (0..<3).map { "\(Int(table.rectForRow(at: IndexPath(row: $0, section: 0)).height))" }
            output.append("     heights: \(heights.joined(separator: ", ")) (a day header of 1 above them)")
        }
        output.append("")
        output += Label.wrap(
            "The same heights both ways: the twin is built to match. In the interactive demo, "
                + "a switches between them and the status line shows µs per measured cell.", columns: 94)
        return output
    }

    /// A phase: what the table is asked to do, and why the calls below it happen.
    struct Phase {
        var title: String
        var explanation: String
        var action: (TableView, TraceDataSource) -> Void
    }

    /// The trace as text lines.
    static func lines() -> [String] {
        var output: [String] = []
        output.append("Demo trace: a 2-section table (3 + 2 rows of heights 40, 25, 60 | 30, 45), 40 × 100 points.")
        output.append("Every data source and delegate call the table makes, numbered, in order.")
        for estimating in [false, true] {
            output.append("")
            output.append(
                estimating
                    ? "══ B. Estimated heights: estimatedHeightForRowAt answers 44 ══"
                    : "══ A. Exact heights: estimatedRowHeight = 0, heightForRowAt only ══")
            let log = TraceLog()
            let source = TraceDataSource(log: log)
            let table = TableView(frame: CGRect(x: 0, y: 0, width: 40, height: 100))
            table.register(TableViewCell.self, forCellReuseIdentifier: "row")
            let delegate: TableViewDelegate =
                estimating
                ? EstimatingTraceDelegate(source: source) : ExactTraceDelegate(source: source)
            table.dataSource = source
            table.delegate = delegate
            for phase in phases(estimating: estimating) {
                output.append("")
                output.append("▸ \(phase.title)")
                output += Label.wrap(phase.explanation, columns: 92).map { "  " + $0 }
                log.lines = []
                phase.action(table, source)
                output += log.lines.isEmpty ? ["     (no calls)"] : log.lines
            }
            withExtendedLifetime(delegate) {}
        }
        output.append("")
        output += Label.wrap(
            "The FDTemplateLayoutCell article saw UIKit (iOS 7) ask heightForRowAt for all rows, then again for each on-screen row, "
                + "alternating with cellForRowAt. ReuseTable asks each row's height once: a measured height is "
                + "kept until its row is reloaded or the width changes.", columns: 94)
        return output
    }

    static func phases(estimating: Bool) -> [Phase] {
        let reload = Phase(
            title: "reloadData()",
            explanation: estimating
                ? "With estimates, contentSize starts as the sum of estimates (one call per row, cheap). Exact "
                    + "heights are asked only for the rows that fill the 100-point screen — 3 of 5 — then their cells."
                : "No estimates: to know contentSize (the scroll bar) the table asks every row's height up front — "
                    + "all 5, on screen or not — then makes cells only for the rows on screen.",
            action: { table, _ in table.reloadData() })
        let scroll = Phase(
            title: "scroll to y = 100",
            explanation: estimating
                ? "Rows entering are measured now (their estimate is replaced), then get a cell; rows leaving end "
                    + "displaying and their cells go back to the pool."
                : "Every height is known: no height calls. Rows leaving end displaying and go back to the pool; rows "
                    + "entering get cells, from the pool first.",
            action: { table, _ in table.contentOffset = CGPoint(x: 0, y: 100) })
        let insert = Phase(
            title: "insertRows(at: [[1, 0]]) — a new 35-point row at the top of section 1",
            explanation: estimating
                ? "The table re-reads the counts to validate the update, takes an estimate for the new row, "
                    + "and measures it only because it lands on screen."
                : "The table re-reads the counts to validate the update and asks the height of the new row only; "
                    + "every other row keeps its height.",
            action: { table, source in
                source.heights[1].insert(35, at: 0)
                table.insertRows(at: [IndexPath(row: 0, section: 1)], with: .automatic)
            })
        return [reload, scroll, insert]
    }
}

/// Numbered call lines.
@MainActor
final class TraceLog {
    var lines: [String] = []
    private var number = 0

    func call(_ text: String) {
        number += 1
        lines.append("  \(number < 10 ? " " : "")\(number). \(text)")
    }
}

/// A 2-section, 5-row data source that logs every call.
@MainActor
final class TraceDataSource: TableViewDataSource {
    let log: TraceLog
    var heights: [[CGFloat]] = [[40, 25, 60], [30, 45]]

    init(log: TraceLog) { self.log = log }

    func numberOfSections(in tableView: TableView) -> Int {
        log.call("numberOfSections(in:) → \(heights.count)")
        return heights.count
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        log.call("numberOfRowsInSection \(section) → \(heights[section].count)")
        return heights[section].count
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        log.call("cellForRowAt \(name(indexPath))")
        return tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    }

    func height(_ indexPath: IndexPath) -> CGFloat {
        let height = heights[indexPath.section][indexPath.row]
        log.call("heightForRowAt \(name(indexPath)) → \(Int(height))")
        return height
    }

    func name(_ indexPath: IndexPath) -> String { "[\(indexPath.section), \(indexPath.row)]" }
}

/// Exact heights only.
@MainActor
final class ExactTraceDelegate: TableViewDelegate {
    let source: TraceDataSource
    init(source: TraceDataSource) { self.source = source }

    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { source.height(indexPath) }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        source.log.call("willDisplay \(source.name(indexPath))")
    }
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        source.log.call("didEndDisplaying \(source.name(indexPath))")
    }
}

/// Exact heights plus an estimate per row.
@MainActor
final class EstimatingTraceDelegate: TableViewDelegate {
    let source: TraceDataSource
    init(source: TraceDataSource) { self.source = source }

    func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        source.log.call("estimatedHeightForRowAt \(source.name(indexPath)) → 44")
        return 44
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { source.height(indexPath) }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        source.log.call("willDisplay \(source.name(indexPath))")
    }
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        source.log.call("didEndDisplaying \(source.name(indexPath))")
    }
}
