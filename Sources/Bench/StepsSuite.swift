// The `steps` suite: the ladder of Docs/steps/ measured, so a learner sees what each step's mechanism buys
// and what it costs. Each step's table (Sources/Steps/) over the same rows, one section, trivial cells:
// `findRow`, `scrollStep`, `reloadExact` (and `reloadEstimated` for the step that has estimates) and
// `changeHeight`, 10^3 … 10^7 rows; `moveRowBatch` (a row deleted and another inserted in one batch) for the step
// that has batch updates; `appendItem` (one item added at the end) for the waterfall, step 7, whose `findRow` is
// its `findItem(forOffsetY:)`, a search per column. A scale whose records would not fit the memory budget, or whose run the
// harness predicts past its time limit, is reported as skipped with the reason.

import Foundation
import ReuseTable
import SeededRandom
import Step1
import Step2
import Step3
import Step4
import Step5
import Step6
import Step7

enum StepsSuite {
    /// Rows per case.
    static func scales(quick: Bool) -> [Int] { quick ? [1_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000, 10_000_000] }

    /// What a step may keep before a scale is skipped rather than run.
    static let memoryBudget = 512.0 * 1_048_576

    /// Bytes per row each step's load allocated (by step, and by step with estimates), measured at the first
    /// scale it ran.
    @MainActor static var bytesPerRow: [String: Double] = [:]

    /// A row's height: 20 to 60 points, fixed by the row.
    static func height(_ row: Int) -> CGFloat { CGFloat(20 + (row &* 7_919) % 5 * 10) }

    static func suite(quick: Bool) -> BenchSuite {
        let frame = StepSubject.frame
        let steps: [(name: String, make: @MainActor (Int, Bool) -> StepSubject)] = [
            ("Step1", { rows, _ in StepSubject(Step1.StepTable(frame: frame), rows: rows) { $0.dataSource = $1 } }),
            ("Step2", { rows, _ in StepSubject(Step2.StepTable(frame: frame), rows: rows) { $0.dataSource = $1 } }),
            ("Step3", { rows, _ in StepSubject(Step3.StepTable(frame: frame), rows: rows) { $0.dataSource = $1 } }),
            ("Step4", { rows, estimated in StepSubject(Step4.StepTable(frame: frame), rows: rows, estimated: estimated) { $0.dataSource = $1 } }),
            ("Step5", { rows, estimated in StepSubject(Step5.StepTable(frame: frame), rows: rows, estimated: estimated) { $0.dataSource = $1 } }),
            ("Step6", { rows, estimated in StepSubject.step6(rows: rows, estimated: estimated) }),
            ("Step7", { rows, _ in StepSubject.step7(rows: rows) }),
        ]
        func operation(_ name: String, only: [String]? = nil) -> BenchOperation {
            let chosen = steps.filter { only?.contains($0.name) ?? true }
            let estimated = name == "reloadEstimated"
            return BenchOperation(
                name: name, baseline: only == nil ? "Step1" : nil,
                strategies: chosen.map { step in
                    // Memory is kept per step and per kind of reload: with estimates, step 5 keeps a run per section.
                    let key = estimated ? step.name + "-estimated" : step.name
                    return BenchStrategy(
                        name: step.name,
                        setUp: { rows in MainActor.assumeIsolated { benchCase(name, build(key, rows, estimated, step.make)) } },
                        skip: { rows in MainActor.assumeIsolated { memorySkip(key, rows) } })
                })
        }
        return BenchSuite(
            name: "steps", scales: scales(quick: quick),
            operations: [
                operation("findRow"), operation("scrollStep"), operation("reloadExact"),
                operation("reloadEstimated", only: ["Step4", "Step5", "Step6"]), operation("changeHeight"),
                operation("moveRowBatch", only: ["Step6"]), operation("appendItem", only: ["Step7"]),
            ])
    }

    /// Why `name` does not run at `rows`: its records, at the bytes per row measured before, past the budget.
    @MainActor static func memorySkip(_ name: String, _ rows: Int) -> String? {
        guard let bytes = bytesPerRow[name], bytes * Double(rows) > memoryBudget else { return nil }
        return "its records would take \(Int(bytes * Double(rows) / 1_048_576)) MB (\(Int(bytes)) bytes a row) > 512 MB"
    }

    /// `name`'s table over `rows` rows, loaded; the bytes per row its load allocated are kept for `memorySkip`.
    @MainActor static func build(_ name: String, _ rows: Int, _ estimated: Bool, _ make: (Int, Bool) -> StepSubject) -> StepSubject {
        let (subject, bytes) = Harness.allocation { make(rows, estimated) }
        if bytesPerRow[name] == nil, let bytes { bytesPerRow[name] = Double(bytes) / Double(rows) }
        return subject
    }

    /// The step timed for `operation` on `subject`; random inputs drawn before timing.
    @MainActor static func benchCase(_ operation: String, _ subject: StepSubject) -> BenchCase {
        let count = 4_096
        var generator = SplitMix64(seed: 42)
        let rows = (0..<count).map { _ in generator.below(subject.rows) }
        let maximum = Double(subject.view.contentSize.height - subject.view.bounds.height)
        let offsets = (0..<count).map { _ in CGFloat(Double(generator.below(1 << 30)) / Double(1 << 30) * maximum) }
        switch operation {
        case "findRow":
            return BenchCase(step: { i in MainActor.assumeIsolated { benchSink &+= UInt64(subject.findRow(offsets[i & (count - 1)])) } })
        case "scrollStep":
            return BenchCase(step: { i in
                MainActor.assumeIsolated {
                    let y = TableSuites.pathOffset(i, start: 0, stepSize: TableSuites.scrollStep, maximum: maximum)
                    subject.view.contentOffset.y = CGFloat(y)
                }
            })
        case "changeHeight":
            return BenchCase(step: { i in MainActor.assumeIsolated { subject.changeHeight(rows[i & (count - 1)], i & 1 == 0 ? 70 : 30) } })
        case "moveRowBatch":
            return BenchCase(step: { i in MainActor.assumeIsolated { subject.batch?(rows[i & (count - 1)], rows[(i + 1) & (count - 1)]) } })
        case "appendItem":
            return BenchCase(step: { _ in MainActor.assumeIsolated { subject.append?() } })
        default:  // reloadExact, reloadEstimated
            return BenchCase(step: { _ in MainActor.assumeIsolated { subject.reload() } }, maxBatch: 1)
        }
    }
}

/// One step's table, loaded, seen through the operations the suite times.
@MainActor
final class StepSubject {
    let view: ScrollView
    let rows: Int
    let findRow: (CGFloat) -> Int
    let reload: () -> Void
    let changeHeight: (Int, CGFloat) -> Void
    /// The data source, which the table holds weakly.
    let source: StepRows
    /// One batch: the row at the first number deleted, a row inserted at the second (steps with batch updates).
    var batch: ((Int, Int) -> Void)?
    /// One item added at the end (the waterfall).
    var append: (() -> Void)?

    /// `table` over `rows` rows, `connect`ed to its data source and loaded; every step's table is timed
    /// through the same three calls.
    /// With `estimated`, a table that has estimates (`Estimating`) starts every row at 40 points.
    init<Table: TimedStep>(_ table: Table, rows: Int, estimated: Bool = false, connect: (Table, StepRows) -> Void) {
        let source = StepRows(rows: rows)
        if estimated, let table = table as? Estimating { table.estimatedRowHeight = 40 }
        connect(table, source)
        table.reloadData()
        self.view = table
        self.rows = rows
        self.source = source
        self.findRow = { table.findRow(forOffsetY: $0) }
        self.reload = { table.reloadData() }
        self.changeHeight = { table.changeHeight(ofRow: $0, to: $1) }
    }

    nonisolated static let frame = CGRect(x: 0, y: 0, width: 320, height: 480)

    static func step6(rows: Int, estimated: Bool) -> StepSubject {
        let table = Step6.StepTable(frame: frame)
        let subject = StepSubject(table, rows: rows, estimated: estimated) { $0.dataSource = $1 }
        subject.batch = { deleted, inserted in
            table.performBatchUpdates {
                table.deleteRows(at: [IndexPath(row: deleted, section: 0)])
                table.insertRows(at: [IndexPath(row: inserted, section: 0)])
            }
        }
        return subject
    }

    /// Step 7: two columns, 8 points apart.
    static func step7(rows: Int) -> StepSubject {
        let table = Step7.StepTable(frame: frame)
        let subject = StepSubject(table, rows: rows) { ($0.numberOfColumns, $0.margin, $0.dataSource) = (2, 8, $1) }
        subject.append = { [source = subject.source] in
            source.rows += 1
            table.insertItems(at: [source.rows - 1])
        }
        return subject
    }
}

/// What the suite times on every step's table: the row at an offset, a reload, and one row's new height.
/// `findRow(forOffsetY:)` and `reloadData()` are each step's own; a new height is the step's own call.
@MainActor
protocol TimedStep: ScrollView {
    func findRow(forOffsetY y: CGFloat) -> Int
    func reloadData()
    func changeHeight(ofRow row: Int, to height: CGFloat)
}

/// A table that names rows by index path (steps 2 to 6): a row's new height is its `row(_:changedHeight:)`.
@MainActor
protocol RowsByIndexPath { func row(_ indexPath: IndexPath, changedHeight height: CGFloat) }

extension TimedStep where Self: RowsByIndexPath {
    func changeHeight(ofRow row: Int, to height: CGFloat) { self.row(IndexPath(row: row, section: 0), changedHeight: height) }
}

/// A table with estimated heights: steps 4 to 6.
@MainActor
protocol Estimating: AnyObject { var estimatedRowHeight: CGFloat { get set } }

/// A table that hands out pooled cells: every step's.
@MainActor
protocol Dequeuing { func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? }

extension Step1.StepTable: TimedStep, Dequeuing {
    func changeHeight(ofRow row: Int, to height: CGFloat) { self.row(row, changedHeight: height) }
}
extension Step2.StepTable: TimedStep, RowsByIndexPath, Dequeuing {}
extension Step3.StepTable: TimedStep, RowsByIndexPath, Dequeuing {}
extension Step4.StepTable: TimedStep, RowsByIndexPath, Dequeuing, Estimating {}
extension Step5.StepTable: TimedStep, RowsByIndexPath, Dequeuing, Estimating {}
extension Step6.StepTable: TimedStep, RowsByIndexPath, Dequeuing, Estimating {}
extension Step7.StepTable: TimedStep, Dequeuing {
    func findRow(forOffsetY y: CGFloat) -> Int { findItem(forOffsetY: y) }
    func changeHeight(ofRow row: Int, to height: CGFloat) { item(row, changedHeight: height) }
}

/// Every step's data source: `rows` rows (one section) of `StepsSuite.height(_:)`, trivial cells from the pool.
/// One class serves every step: the calls that take a step's own table are generic over `Dequeuing`, except
/// the height, which steps 2 to 6 default to their `rowHeight` (a default wins over a generic call).
@MainActor
final class StepRows {
    var rows: Int
    init(rows: Int) { self.rows = rows }

    func cell(_ tableView: some Dequeuing) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "r") ?? TableViewCell(reuseIdentifier: "r")
    }
    func tableView(_ tableView: some Dequeuing, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: some Dequeuing, cellForRowAt indexPath: IndexPath) -> TableViewCell { cell(tableView) }
}

extension StepRows: Step1.StepTableDataSource {
    func numberOfRows(in tableView: Step1.StepTable) -> Int { rows }
    func tableView(_ tableView: Step1.StepTable, cellForRow row: Int) -> TableViewCell { cell(tableView) }
    func tableView(_ tableView: Step1.StepTable, heightForRow row: Int) -> CGFloat { StepsSuite.height(row) }
}
extension StepRows: Step2.StepTableDataSource, Step3.StepTableDataSource, Step4.StepTableDataSource {}
extension StepRows: Step5.StepTableDataSource, Step6.StepTableDataSource {
    func tableView(_ tableView: Step2.StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { StepsSuite.height(indexPath.row) }
    func tableView(_ tableView: Step3.StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { StepsSuite.height(indexPath.row) }
    func tableView(_ tableView: Step4.StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { StepsSuite.height(indexPath.row) }
    func tableView(_ tableView: Step5.StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { StepsSuite.height(indexPath.row) }
    func tableView(_ tableView: Step6.StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { StepsSuite.height(indexPath.row) }
}
extension StepRows: Step7.StepTableDataSource {
    func numberOfItems(in tableView: Step7.StepTable) -> Int { rows }
    func tableView(_ tableView: Step7.StepTable, cellForItem item: Int) -> TableViewCell { cell(tableView) }
    func tableView(_ tableView: Step7.StepTable, heightForItem item: Int, itemWidth: CGFloat) -> CGFloat { StepsSuite.height(item) }
}
