import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// `apply(_:animatingDifferences:) async` diffs off the main actor and queues: random sequences of
/// applies, async and not, many in flight at once, some made from inside the table's callbacks,
/// against an array model. Every apply diffs against the snapshot queued before it, so the table
/// ends at the last one; meanwhile `snapshot()` is always what the table shows, and only moves forward.
@MainActor
@Suite struct DiffableAsyncApplyTests {
    /// The model and the snapshots asked for, in the order their applies were queued.
    @MainActor
    final class Scenario {
        let harness = DiffableTableHarness()
        var rng: SplitMix64
        var model = DiffableModel()
        var requested: [DiffableDataSourceSnapshot<Int, Int>] = []
        /// Index in `requested` of the last snapshot seen shown.
        var lastSeen = 0
        var problems: [String] = []
        /// Chance out of 100 that a callback queues an apply of its own.
        var callbackApplyChance = 0
        var callbackApplies = 0
        /// Callback applies still allowed this round (each apply's layout calls back again).
        var callbackBudget = 0

        init(seed: UInt64) {
            rng = SplitMix64(seed: seed)
            harness.table.allowsMultipleSelection = true
        }

        /// The next snapshot, from the last one asked for: a few random edits, heights for new items.
        func next() -> DiffableDataSourceSnapshot<Int, Int> {
            var snapshot = requested.last ?? DiffableDataSourceSnapshot<Int, Int>()
            model.reloaded = []
            model.reconfigured = []
            for _ in 0..<Int.random(in: 1...5, using: &rng) { model.randomEdit(&snapshot, rng: &rng) }
            if model.sections.isEmpty {
                let id = model.freshSection()
                let items = model.freshItems(Int.random(in: 5...30, using: &rng))
                model.sections.append((id, items))
                snapshot.appendSections([id])
                snapshot.appendItems(items, toSection: id)
            }
            for item in model.allItems where harness.heights[item] == nil {
                harness.heights[item] = Double(Int.random(in: 10...60, using: &rng))
            }
            requested.append(snapshot)
            return snapshot
        }

        func applySync() {
            let snapshot = next()
            harness.dataSource.apply(snapshot, animatingDifferences: false)
        }

        func applyAsync() async {
            let snapshot = next()
            await harness.dataSource.apply(snapshot, animatingDifferences: false)
        }

        /// From inside a callback: sometimes queue an apply.
        func maybeApplyFromCallback() {
            guard harness.dataSource.core.isApplying, callbackBudget > 0, Int.random(in: 0..<100, using: &rng) < callbackApplyChance
            else { return }
            callbackBudget -= 1
            callbackApplies += 1
            applySync()
        }

        /// The table shows `snapshot()`, which is one of the snapshots asked for, no older than the last seen.
        func check(_ context: String) {
            let shown = harness.dataSource.snapshot()
            let table = harness.table
            guard let index = requested.indices.dropFirst(lastSeen).first(where: { Self.same(requested[$0], shown) }) else {
                problems.append("\(context): snapshot() is none of the snapshots asked for since the last one seen")
                return
            }
            lastSeen = index
            guard table.numberOfSections == shown.numberOfSections else {
                problems.append("\(context): \(table.numberOfSections) sections, snapshot \(shown.numberOfSections)")
                return
            }
            for (s, id) in shown.sectionIdentifiers.enumerated() {
                let items = shown.itemIdentifiers(inSection: id)
                guard table.numberOfRows(inSection: s) == items.count else {
                    problems.append("\(context): section \(s) has \(table.numberOfRows(inSection: s)) rows, snapshot \(items.count)")
                    return
                }
                for (r, item) in items.enumerated() where Double(table.rectForRow(at: IndexPath(row: r, section: s)).height) != harness.heights[item]!
                {
                    problems.append("\(context): row \(r) of section \(s) is not item \(item)'s height")
                    return
                }
            }
            for indexPath in table.indexPathsForVisibleRows ?? [] {
                let cell = table.cellForRow(at: indexPath) as! DiffCell
                if cell.item != shown.itemIdentifiers(inSection: shown.sectionIdentifiers[indexPath.section])[indexPath.row] {
                    problems.append("\(context): the cell at \(indexPath) shows item \(cell.item)")
                }
            }
        }

        static func same(_ a: DiffableDataSourceSnapshot<Int, Int>, _ b: DiffableDataSourceSnapshot<Int, Int>) -> Bool {
            a.sectionIdentifiers == b.sectionIdentifiers
                && a.sectionIdentifiers.allSatisfy { a.itemIdentifiers(inSection: $0) == b.itemIdentifiers(inSection: $0) }
        }
    }

    /// Rounds of overlapping applies: tasks that apply async, sync applies made between them,
    /// yields to let the diffs finish in any order; then everything is awaited.
    func run(seed: UInt64, rounds: Int, callbackApplyChance: Int) async -> Scenario {
        let scenario = Scenario(seed: seed)
        scenario.applySync()  // the first apply loads the table
        scenario.harness.table.layoutIfNeeded()
        scenario.callbackApplyChance = callbackApplyChance
        var tasks: [Task<Void, Never>] = []
        for round in 0..<rounds {
            for _ in 0..<Int.random(in: 1...5, using: &scenario.rng) {
                switch Int.random(in: 0..<4, using: &scenario.rng) {
                case 0: scenario.applySync()
                case 1: await Task.yield()
                default: tasks.append(Task { await scenario.applyAsync() })
                }
                scenario.check("seed \(seed) round \(round)")
            }
            if Bool.random(using: &scenario.rng) {
                scenario.harness.table.contentOffset.y = CGFloat(Int.random(in: 0...200, using: &scenario.rng))
            }
            let table = scenario.harness.table
            if table.numberOfSections > 0, table.numberOfRows(inSection: 0) > 0 {
                table.tapRow(at: IndexPath(row: 0, section: 0))  // didSelect, maybe applying from there
            }
            if Bool.random(using: &scenario.rng) {
                for task in tasks { await task.value }
                tasks = []
            }
            scenario.check("seed \(seed) round \(round), after waiting")
        }
        for task in tasks { await task.value }  // every task has queued its apply
        await scenario.applyAsync()  // queued last: everything before it is applied when it returns
        scenario.check("seed \(seed), at the end")
        return scenario
    }

    @Test func overlappingAppliesEndAtTheLastSnapshotAskedFor() async {
        for seed in 0..<8 as Range<UInt64> {
            let scenario = await run(seed: 0xA5C0 + seed, rounds: 15, callbackApplyChance: 0)
            #expect(scenario.problems.isEmpty, "\(scenario.problems.prefix(3))")
            #expect(Scenario.same(scenario.harness.dataSource.snapshot(), scenario.requested.last!), "seed \(seed)")
            scenario.model.check(scenario.harness.dataSource.snapshot(), "seed \(seed)")
            #expect(!scenario.harness.dataSource.core.isApplying)
        }
    }

    @Test func appliesFromInsideCallbacksWhileOneIsInFlightQueue() async {
        var fromCallbacks = 0
        for seed in 0..<8 as Range<UInt64> {
            let run = await runWithHooks(seed: 0xA6C0 + seed)
            fromCallbacks += run.callbackApplies
            #expect(run.problems.isEmpty, "\(run.problems.prefix(3))")
            #expect(Scenario.same(run.harness.dataSource.snapshot(), run.requested.last!), "seed \(seed)")
            run.model.check(run.harness.dataSource.snapshot(), "seed \(seed)")
        }
        #expect(fromCallbacks > 0)
    }

    /// `run` with the cell provider's and didSelect's hooks queueing applies while one is in flight.
    func runWithHooks(seed: UInt64) async -> Scenario {
        let scenario = Scenario(seed: seed)
        scenario.harness.cellHook = { scenario.maybeApplyFromCallback() }
        scenario.harness.selectHook = { scenario.maybeApplyFromCallback() }
        scenario.applySync()
        scenario.callbackApplyChance = 30
        for round in 0..<15 {
            scenario.callbackBudget = 3
            var tasks: [Task<Void, Never>] = []
            for _ in 0..<Int.random(in: 1...4, using: &scenario.rng) {
                if Bool.random(using: &scenario.rng) { scenario.applySync() } else { tasks.append(Task { await scenario.applyAsync() }) }
            }
            scenario.harness.table.contentOffset.y = CGFloat(Int.random(in: 0...300, using: &scenario.rng))
            scenario.harness.table.layoutIfNeeded()  // cells, maybe applying from the provider
            let table = scenario.harness.table
            if table.numberOfSections > 0, table.numberOfRows(inSection: 0) > 0 { table.tapRow(at: IndexPath(row: 0, section: 0)) }
            for task in tasks { await task.value }
            scenario.check("seed \(seed) round \(round)")
        }
        scenario.callbackApplyChance = 0
        await scenario.applyAsync()
        scenario.check("seed \(seed), at the end")
        return scenario
    }

    /// A sync apply while one is in flight waits its turn: it returns at once, and its completion runs when it is applied.
    @Test func aSyncApplyWaitsBehindAnAsyncOne() async {
        let scenario = Scenario(seed: 7)
        scenario.applySync()
        let first = Task { await scenario.applyAsync() }
        await Task.yield()
        let queued = scenario.next()
        var completed = false
        // The first apply is usually still in flight here (its diff in the background); then this one waits.
        let inFlight = scenario.harness.dataSource.core.isApplying
        scenario.harness.dataSource.apply(queued, animatingDifferences: false) { completed = true }
        if inFlight {
            #expect(!completed)
        } else {
            #expect(completed)
        }
        await first.value
        await scenario.applyAsync()
        #expect(completed)
        #expect(Scenario.same(scenario.harness.dataSource.snapshot(), scenario.requested.last!))
        #expect(scenario.harness.dataSource.lastApply.nanoseconds > 0)
    }
}
