// The `steps` suite: the ladder of Docs/steps/ measured, so a learner sees what each step's mechanism buys
// and what it costs. Each step's table (Sources/Steps/) over the same rows, one section, trivial cells:
// `findRow`, `scrollStep`, `reloadExact` (and `reloadEstimated` for the step that has estimates) and
// `changeHeight`, 10^3 … 10^7 rows; `moveRowBatch` (a row deleted and another inserted in one batch) for the step
// that has batch updates. A scale whose records would not fit the memory budget, or whose run the
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
        let steps: [(name: String, make: @MainActor (Int, Bool) -> StepSubject)] = [
            ("Step1", { rows, _ in StepSubject.step1(rows: rows) }),
            ("Step2", { rows, _ in StepSubject.step2(rows: rows) }),
            ("Step3", { rows, _ in StepSubject.step3(rows: rows) }),
            ("Step4", { rows, estimated in StepSubject.step4(rows: rows, estimated: estimated) }),
            ("Step5", { rows, estimated in StepSubject.step5(rows: rows, estimated: estimated) }),
            ("Step6", { rows, estimated in StepSubject.step6(rows: rows, estimated: estimated) }),
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
                operation("moveRowBatch", only: ["Step6"]),
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
    let source: AnyObject
    /// One batch: the row at the first number deleted, a row inserted at the second (steps with batch updates).
    var batch: ((Int, Int) -> Void)?

    init(
        view: ScrollView, rows: Int, source: AnyObject, findRow: @escaping (CGFloat) -> Int, reload: @escaping () -> Void,
        changeHeight: @escaping (Int, CGFloat) -> Void
    ) {
        self.view = view
        self.rows = rows
        self.source = source
        self.findRow = findRow
        self.reload = reload
        self.changeHeight = changeHeight
    }

    static let frame = CGRect(x: 0, y: 0, width: 320, height: 480)

    static func step1(rows: Int) -> StepSubject {
        let table = Step1.StepTable(frame: frame), source = Step1Source(rows: rows)
        table.dataSource = source
        table.reloadData()
        return StepSubject(
            view: table, rows: rows, source: source, findRow: { table.findRow(forOffsetY: $0) }, reload: { table.reloadData() },
            changeHeight: { table.row($0, changedHeight: $1) })
    }

    static func step2(rows: Int) -> StepSubject {
        let table = Step2.StepTable(frame: frame), source = Step2Source(rows: rows)
        table.dataSource = source
        table.reloadData()
        return StepSubject(
            view: table, rows: rows, source: source, findRow: { table.findRow(forOffsetY: $0) }, reload: { table.reloadData() },
            changeHeight: { table.row(IndexPath(row: $0, section: 0), changedHeight: $1) })
    }

    static func step3(rows: Int) -> StepSubject {
        let table = Step3.StepTable(frame: frame), source = Step3Source(rows: rows)
        table.dataSource = source
        table.reloadData()
        return StepSubject(
            view: table, rows: rows, source: source, findRow: { table.findRow(forOffsetY: $0) }, reload: { table.reloadData() },
            changeHeight: { table.row(IndexPath(row: $0, section: 0), changedHeight: $1) })
    }

    static func step4(rows: Int, estimated: Bool) -> StepSubject {
        let table = Step4.StepTable(frame: frame), source = Step4Source(rows: rows)
        table.estimatedRowHeight = estimated ? 40 : 0
        table.dataSource = source
        table.reloadData()
        return StepSubject(
            view: table, rows: rows, source: source, findRow: { table.findRow(forOffsetY: $0) }, reload: { table.reloadData() },
            changeHeight: { table.row(IndexPath(row: $0, section: 0), changedHeight: $1) })
    }
}

extension StepSubject {
    static func step5(rows: Int, estimated: Bool) -> StepSubject {
        let table = Step5.StepTable(frame: frame), source = Step5Source(rows: rows)
        table.estimatedRowHeight = estimated ? 40 : 0
        table.dataSource = source
        table.reloadData()
        return StepSubject(
            view: table, rows: rows, source: source, findRow: { table.findRow(forOffsetY: $0) }, reload: { table.reloadData() },
            changeHeight: { table.row(IndexPath(row: $0, section: 0), changedHeight: $1) })
    }
}

extension StepSubject {
    static func step6(rows: Int, estimated: Bool) -> StepSubject {
        let table = Step6.StepTable(frame: frame), source = Step6Source(rows: rows)
        table.estimatedRowHeight = estimated ? 40 : 0
        table.dataSource = source
        table.reloadData()
        let subject = StepSubject(
            view: table, rows: rows, source: source, findRow: { table.findRow(forOffsetY: $0) }, reload: { table.reloadData() },
            changeHeight: { table.row(IndexPath(row: $0, section: 0), changedHeight: $1) })
        subject.batch = { deleted, inserted in
            table.performBatchUpdates {
                table.deleteRows(at: [IndexPath(row: deleted, section: 0)])
                table.insertRows(at: [IndexPath(row: inserted, section: 0)])
            }
        }
        return subject
    }
}

// Each step's data source: `rows` rows of `StepsSuite.height(_:)`, trivial cells from the pool.

@MainActor
final class Step1Source: Step1.StepTableDataSource {
    let rows: Int
    init(rows: Int) { self.rows = rows }
    func numberOfRows(in tableView: Step1.StepTable) -> Int { rows }
    func tableView(_ tableView: Step1.StepTable, cellForRow row: Int) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "r") ?? TableViewCell(reuseIdentifier: "r")
    }
    func tableView(_ tableView: Step1.StepTable, heightForRow row: Int) -> CGFloat { StepsSuite.height(row) }
}

@MainActor
final class Step2Source: Step2.StepTableDataSource {
    let rows: Int
    init(rows: Int) { self.rows = rows }
    func tableView(_ tableView: Step2.StepTable, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: Step2.StepTable, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "r") ?? TableViewCell(reuseIdentifier: "r")
    }
    func tableView(_ tableView: Step2.StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { StepsSuite.height(indexPath.row) }
}

@MainActor
final class Step3Source: Step3.StepTableDataSource {
    let rows: Int
    init(rows: Int) { self.rows = rows }
    func tableView(_ tableView: Step3.StepTable, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: Step3.StepTable, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "r") ?? TableViewCell(reuseIdentifier: "r")
    }
    func tableView(_ tableView: Step3.StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { StepsSuite.height(indexPath.row) }
}

@MainActor
final class Step4Source: Step4.StepTableDataSource {
    let rows: Int
    init(rows: Int) { self.rows = rows }
    func tableView(_ tableView: Step4.StepTable, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: Step4.StepTable, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "r") ?? TableViewCell(reuseIdentifier: "r")
    }
    func tableView(_ tableView: Step4.StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { StepsSuite.height(indexPath.row) }
}

@MainActor
final class Step5Source: Step5.StepTableDataSource {
    let rows: Int
    init(rows: Int) { self.rows = rows }
    func tableView(_ tableView: Step5.StepTable, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: Step5.StepTable, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "r") ?? TableViewCell(reuseIdentifier: "r")
    }
    func tableView(_ tableView: Step5.StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { StepsSuite.height(indexPath.row) }
}

@MainActor
final class Step6Source: Step6.StepTableDataSource {
    let rows: Int
    init(rows: Int) { self.rows = rows }
    func tableView(_ tableView: Step6.StepTable, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: Step6.StepTable, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "r") ?? TableViewCell(reuseIdentifier: "r")
    }
    func tableView(_ tableView: Step6.StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { StepsSuite.height(indexPath.row) }
}
