import Foundation
import Testing
@testable import Bench
@_spi(Internals) import ReuseTable
import TestSupport
@testable import Feed

/// Behaviour of the benchmark harness. Never timings.
@Suite struct BenchTests {
    // MARK: Statistics

    @Test func medianAndPercentilesOfKnownArrays() {
        let summary = Harness.summarize([5, 1, 4, 2, 3])
        #expect(summary.median == 3)
        #expect(abs(summary.p10 - 1.4) < 1e-12)
        #expect(abs(summary.p90 - 4.6) < 1e-12)
        #expect(Harness.summarize([1, 2, 3, 4]).median == 2.5)
        #expect(Harness.summarize([7]).p10 == 7)
        let hundred = Harness.summarize((0...100).map(Double.init).shuffled())
        #expect(hundred.median == 50 && hundred.p10 == 10 && hundred.p90 == 90)
    }

    @Test func exponentFitOnSyntheticData() throws {
        let scales = [1_000, 10_000, 100_000, 1_000_000]
        let linear = scales.map { (rows: $0, nanoseconds: 3 * Double($0)) }
        #expect(abs(try #require(Fit.exponent(linear)) - 1) < 1e-9)
        let quadratic = scales.map { (rows: $0, nanoseconds: 0.5 * Double($0) * Double($0)) }
        #expect(abs(try #require(Fit.exponent(quadratic)) - 2) < 1e-9)
        let constant = scales.map { (rows: $0, nanoseconds: 42.0) }
        #expect(abs(try #require(Fit.exponent(constant))) < 1e-9)
        #expect(Fit.exponent([(rows: 10, nanoseconds: 5)]) == nil)
        #expect(abs(try #require(Fit.predict(linear, at: 10_000_000)) - 3e7) < 1e-3)
    }

    /// `.instant`: one calibration sample and one kept sample, each of one step.
    @Test func instantOptionsTakeOneSampleOfOneStep() {
        var indices: [Int] = [], betweens = 0
        let summary = Harness.measure(.instant, step: { indices.append($0) }, between: { betweens += 1 })
        #expect(indices == [0, 1], "calibration, then the sample; consecutive operation numbers")
        #expect(betweens == 2, "after every sample, calibration included")
        #expect(summary.samples == 1 && summary.batch == 1)
        #expect(summary.p10 == summary.median && summary.median == summary.p90, "one sample is its own median and percentiles")
    }

    /// A target no sample reaches: the batch doubles, then jumps to `maxBatch`, and every
    /// kept sample runs that many steps.
    @Test func batchGrowsToMaxBatchAndSamplesRunWholeBatches() {
        let options = MeasureOptions(warmUpSeconds: 0, budgetSeconds: 0, minSamples: 3, maxSamples: 3, targetSampleNanoseconds: 1e15)
        var indices: [Int] = [], betweens = 0
        let summary = Harness.measure(options, maxBatch: 4, step: { indices.append($0) }, between: { betweens += 1 })
        // Calibration: batches of 1, then 4 (max(2, huge) capped at 4); then three samples of 4.
        #expect(indices == Array(0..<1 + 4 + 3 * 4))
        #expect(betweens == 2 + 3)
        #expect(summary.samples == 3 && summary.batch == 4)
        #expect(summary.p10 <= summary.median && summary.median <= summary.p90)
    }

    /// What the allocation helper returns does not depend on other tests: the body's value,
    /// and bytes exactly when malloc statistics can be read (glibc's, Darwin's). How many
    /// bytes is measured by `Demo bench`, never asserted here: malloc statistics are
    /// process-wide and other tests allocate and free in parallel.
    @Test func allocationReturnsTheValueAndBytesWhenStatisticsExist() {
        let (array, bytes) = Harness.allocation { [Double](repeating: 1, count: 1_000) }
        #expect(array == [Double](repeating: 1, count: 1_000))
        #expect((bytes == nil) == (Harness.allocatedBytes() == nil))
        #if os(Linux) || canImport(Darwin)
        #expect(Harness.allocatedBytes() != nil, "malloc's statistics are found: the bench can report bytes per row")
        #endif
    }

    // MARK: Baselines against a plain array model

    /// Random inserts, removes, height changes and queries, checked against `[Double]`.
    func checkAgainstModel<S: HeightStore>(_ type: S.Type, seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        func random(_ bound: Int) -> Int { SplitMix64.scaled(generator.next(), below: bound) }
        func height() -> Double { Double(random(5)) * 10 }  // includes zero heights
        var model = (0..<50).map { _ in height() }
        var store = S(model.map { HeightRun(count: 1, height: $0) })
        for _ in 0..<400 {
            switch random(4) {
            case 0:
                let index = random(model.count + 1), new = (0..<random(3) + 1).map { _ in height() }
                model.insert(contentsOf: new, at: index)
                store.insert(new.map { HeightRun(count: 1, height: $0) }, at: index)
            case 1 where !model.isEmpty:
                let lower = random(model.count), upper = min(model.count, lower + random(3) + 1)
                let removed = store.removeSubrange(lower..<upper)
                #expect(removed.flatMap { repeatElement($0.height, count: $0.count) } == Array(model[lower..<upper]))
                model.removeSubrange(lower..<upper)
            case 2 where !model.isEmpty:
                let index = random(model.count), new = height()
                model[index] = new
                store.setHeight(new, at: index, isMeasured: true)
            default: break
            }
            #expect(store.count == model.count)
            #expect(store.totalHeight == model.reduce(0, +))
            var y = 0.0
            for (index, h) in model.enumerated() {
                #expect(store.offset(of: index) == y)
                #expect(store.height(at: index) == h)
                if h > 0 {
                    #expect(store.index(atOffset: y) == index)
                    #expect(store.index(atOffset: y + h - 0.5) == index)
                }
                y += h
            }
            #expect(store.offset(of: model.count) == y)
            #expect(store.index(atOffset: y) == nil)
            #expect(store.index(atOffset: -1) == nil)
        }
    }

    @Test func flatArraysMatchesArrayModel() { checkAgainstModel(FlatArrays.self, seed: 1) }
    @Test func fenwickMatchesArrayModel() { checkAgainstModel(Fenwick.self, seed: 2) }
    @Test func rowRecordsMatchesArrayModel() { checkAgainstModel(RowRecords.self, seed: 3) }

    @Test func linearAndBinarySearchAgree() {
        let store = RowRecords(VariableHeightRows(rows: 500))
        var generator = SplitMix64(seed: 9)
        for _ in 0..<200 {
            let y = Double(generator.next() % UInt64(store.totalHeight + 10)) - 5
            #expect(store.indexLinear(atOffset: y) == store.index(atOffset: y))
        }
    }

    // MARK: The articles' cache layouts

    func checkCache<C: BenchHeightCache>(_ type: C.Type) {
        var cache = C(sections: 2, rowsPerSection: 6)
        #expect(cache.height(section: 0, row: 0) == nil)
        cache.fillBothOrientations(sections: 2, rowsPerSection: 6) { section, row in Double(100 * section + row) }
        var model: [[Double?]] = (0..<2).map { s in (0..<6).map { Double(100 * s + $0) } }
        func check() {
            for s in 0..<2 { for r in 0..<model[s].count { #expect(cache.height(section: s, row: r) == model[s][r], "\(C.self) \(s),\(r)") } }
        }
        check()
        cache.setHeight(7, section: 1, row: 2); model[1][2] = 7; check()
        cache.insertRow(section: 0, row: 2); model[0].insert(nil, at: 2); check()
        cache.setHeight(55, section: 0, row: 2); model[0][2] = 55; check()
        cache.deleteRow(section: 1, row: 0); model[1].remove(at: 0); check()
        cache.deleteRow(section: 0, row: 6); model[0].remove(at: 6); check()
        cache.insertRow(section: 1, row: 5); model[1].insert(nil, at: 5); check()
        #expect(cache.height(section: 1, row: 5) == nil)
    }

    @Test func stringKeyedDictionariesLayout() { checkCache(StringKeyedDictionaries.self) }
    @Test func boxedNestedArraysLayout() { checkCache(BoxedNestedArrays.self) }
    @Test func indexPathHeightCacheAdapter() { checkCache(IndexPathHeightCacheAdapter.self) }

    // MARK: Output

    static let sample: [BenchResult] = [
        BenchResult(
            suite: "geometry", operation: "findRow", strategy: "ReuseTable", rows: 1_000,
            summary: Summary(median: 10, p10: 9, p90: 12, samples: 3, batch: 1), bytesPerRow: 16, baseline: "RowRecords-binary"),
        BenchResult(
            suite: "geometry", operation: "findRow", strategy: "RowRecords-binary", rows: 1_000,
            summary: Summary(median: 43_000, p10: 40_000, p90: 50_000, samples: 3, batch: 1), baseline: "RowRecords-binary"),
        BenchResult(
            suite: "geometry", operation: "findRow", strategy: "Fenwick \"x\"", rows: 10_000_000,
            summary: nil, skipped: "too slow", baseline: "RowRecords-binary"),
    ]

    @Test func jsonHasTheDocumentedShape() throws {
        let text = Report.json(Self.sample)
        #expect(text.hasPrefix("{\"results\":[{\"suite\":"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Array(object.keys) == ["results"])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == 2)  // skipped cases are left out
        #expect(Set(results[0].keys) == ["suite", "operation", "strategy", "rows", "median_ns", "p10_ns", "p90_ns", "bytes_per_row"])
        #expect(Set(results[1].keys) == ["suite", "operation", "strategy", "rows", "median_ns", "p10_ns", "p90_ns"])
        #expect(results[0]["suite"] as? String == "geometry")
        #expect(results[0]["operation"] as? String == "findRow")
        #expect(results[0]["strategy"] as? String == "ReuseTable")
        #expect((results[0]["rows"] as? NSNumber)?.intValue == 1_000)
        #expect((results[0]["median_ns"] as? NSNumber)?.doubleValue == 10)
        #expect((results[1]["p90_ns"] as? NSNumber)?.doubleValue == 50_000)
    }

    @Test func textReportShowsRatiosAndSkips() {
        let suite = BenchSuite(name: "geometry", scales: [1_000], operations: [])
        let text = Report.text(suite: suite, results: Self.sample)
        #expect(text.contains("4,300x faster than RowRecords-binary"))
        #expect(text.contains("baseline"))
        #expect(text.contains("skipped"))
        #expect(Report.markdown([(suite, Self.sample)], header: "h").contains("| findRow | 10^3 | ReuseTable | 10 ns |"))
        #expect(Report.svg(Self.sample, title: "t").contains("<polyline"))
    }

    @Test func formatting() {
        #expect(Report.duration(850) == "850 ns")
        #expect(Report.duration(12_300) == "12.3 µs")
        #expect(Report.duration(4_560_000) == "4.56 ms")
        #expect(Report.ratio(4_300.2) == "4,300x")
        #expect(Report.ratio(2.34) == "2.3x")
        #expect(Report.rowsLabel(10_000_000) == "10^7")
        #expect(Report.rowsLabel(6_000) == "6,000")
    }

    @Test func argumentParsing() {
        let (options, error) = Bench.parse([
            "--quick", "--json", "--markdown", "a.md", "--svg", "b.svg", "--filter", "findRow", "--peer", "kiwi=826.5",
            "--peer", "kiwi-cycled=1010",
        ])
        #expect(error == nil)
        #expect(
            options
                == Bench.Options(
                    quick: true, json: true, markdown: "a.md", svg: "b.svg", filter: "findRow", peers: ["kiwi": 826.5, "kiwi-cycled": 1_010]))
        #expect(Bench.parse(["--markdown"]).0 == nil)
        #expect(Bench.parse(["--bogus"]).0 == nil)
    }

    /// A bad `--peer` is refused with a message naming what is wrong.
    @Test func peerFiguresAreValidatedWithClearMessages() {
        func message(_ value: String) -> String? {
            let (options, error) = Bench.parse(["--peer", value])
            return options == nil ? error : nil
        }
        #expect(message("kiwi") == "--peer needs NAME=NANOSECONDS (for example kiwi=826), got 'kiwi'")
        #expect(message("=5") == "--peer needs NAME=NANOSECONDS (for example kiwi=826), got '=5'")
        #expect(message("cassowary=5") == "--peer 'cassowary' is not a known peer (known: kiwi, kiwi-cycled)")
        #expect(message("kiwi=fast") == "--peer kiwi needs a positive number of nanoseconds, got 'fast'")
        #expect(message("kiwi=-3") == "--peer kiwi needs a positive number of nanoseconds, got '-3'")
        #expect(message("kiwi=nan") == "--peer kiwi needs a positive number of nanoseconds, got 'nan'")
        #expect(message("kiwi=inf") == "--peer kiwi needs a positive number of nanoseconds, got 'inf'")
        #expect(Bench.parse(["--peer"]).1 == "--peer needs a value")
        #expect(message("kiwi=826") == nil)
    }

    @Test func suitesUseTheDocumentedNames() {
        let suites = Suites.all(quick: true)
        #expect(suites.map(\.name).prefix(3) == ["geometry", "article", "heightCache"])
        let geometry = suites[0]
        #expect(geometry.operations.map(\.name) == ["findRow", "changeHeight", "insertRow", "deleteRow", "scrollWindow"])
        #expect(geometry.scales == [1_000, 10_000, 100_000, 1_000_000, 10_000_000])
        #expect(geometry.operations[0].strategies.map(\.name) == ["ReuseTable", "RowRecords-binary", "RowRecords-linear", "FlatArrays", "Fenwick"])
        #expect(geometry.operations[1].strategies.map(\.name) == ["ReuseTable", "RowRecords", "FlatArrays", "Fenwick"])
        #expect(geometry.operations[4].strategies.map(\.name) == ["ReuseTable", "ReuseTable-descent", "RowRecords"])
        #expect(geometry.operations[4].baseline == "RowRecords")
    }

    @Test func runnerSkipsCasesPredictedToExceedTheLimit() {
        var configuration = BenchConfiguration(options: .instant, quick: true, skipAfterSeconds: 1e-9, filter: nil)
        configuration.log = { _ in }
        let suite = Suites.geometry(quick: true)
        let small = BenchSuite(name: suite.name, scales: [100, 200], operations: suite.operations)
        let results = Suites.run(small, configuration)
        #expect(results.count == (17 + 3) * 2)  // 17 strategy rows for the four classic operations, 3 for scrollWindow
        #expect(results.filter { $0.rows == 100 }.allSatisfy { $0.summary != nil })
        #expect(results.filter { $0.rows == 200 }.allSatisfy { $0.skipped != nil })
    }

    // MARK: Table suites (wiring only, never timings)

    @Test func tableSuitesUseTheDocumentedNames() {
        let suites = Suites.all(quick: true)
        #expect(
            suites.map(\.name) == [
                "geometry", "article", "heightCache", "table", "reusePool", "solver", "selfSizing", "chain", "pager", "diffable",
                "feed", "watch", "outline", "compositional", "configured", "steps", "paging",
            ])
        let table = suites[3]
        #expect(table.scales == [1_000, 10_000, 100_000, 1_000_000, 10_000_000])
        #expect(table.operations.map(\.name) == ["jumpAndLayout", "scrollStep", "reloadFixed", "reloadEstimated", "reloadExact"])
        for operation in table.operations {
            // The pass itself is compared with the article's whole table; reloads with the records store.
            let isPass = ["jumpAndLayout", "scrollStep"].contains(operation.name)
            #expect(operation.strategies.map(\.name) == (isPass ? ["ReuseTable", "RowRecords", "ArticleTable"] : ["ReuseTable", "RowRecords"]))
            #expect(operation.baseline == (isPass ? "ArticleTable" : "RowRecords"))
        }
        let pool = suites[4]
        #expect(pool.operations.map(\.name) == ["scrollStep"])
        #expect(pool.operations[0].strategies.map(\.name) == ["pool on", "pool off"])
        #expect(pool.operations[0].baseline == "pool off")
    }

    /// The steps suite times every step for every operation (estimated reloads for steps 4 to 6 only, batches for
    /// step 6, appends for step 7), and a scale
    /// whose records would pass the memory budget is skipped with the reason.
    @MainActor @Test func stepsSuiteTimesEveryStepAndSkipsPastTheMemoryBudget() {
        var configuration = BenchConfiguration(options: .instant, quick: true, skipAfterSeconds: 1e9, filter: nil)
        configuration.log = { _ in }
        let suite = StepsSuite.suite(quick: true)
        let small = BenchSuite(name: suite.name, scales: [50], operations: suite.operations)
        let results = Suites.run(small, configuration)
        #expect(results.count == 7 * 4 + 3 + 1 + 1)
        #expect(results.allSatisfy { $0.summary != nil && $0.suite == "steps" })
        #expect(results.filter { $0.operation == "reloadEstimated" }.map(\.strategy) == ["Step4", "Step5", "Step6"])
        #expect(results.filter { $0.operation == "moveRowBatch" }.map(\.strategy) == ["Step6"])
        #expect(results.filter { $0.operation == "appendItem" }.map(\.strategy) == ["Step7"])
        let kept = StepsSuite.bytesPerRow["Step1"]
        defer { StepsSuite.bytesPerRow["Step1"] = kept }
        StepsSuite.bytesPerRow["Step1"] = 1_000
        #expect(StepsSuite.memorySkip("Step1", 1_000) == nil)
        #expect(StepsSuite.memorySkip("Step1", 1_000_000) == "its records would take 953 MB (1000 bytes a row) > 512 MB")
    }

    @MainActor @Test func tableSuitesProduceAResultPerOperationAtATinyScale() throws {
        defer { TableSuites.releaseFixtures() }
        var configuration = BenchConfiguration(options: .instant, quick: true, skipAfterSeconds: 1e9, filter: nil)
        configuration.log = { _ in }
        let table = TableSuites.table(quick: true, scales: [60, 200])
        let results = Suites.run(table, configuration)
        #expect(results.count == (3 + 3 + 2 + 2 + 2) * 2)
        for operation in TableSuites.operations {
            let isPass = ["jumpAndLayout", "scrollStep"].contains(operation)
            for strategy in ["ReuseTable", "RowRecords"] + (isPass ? ["ArticleTable"] : []) {
                for rows in [60, 200] {
                    let result = results.first { $0.operation == operation && $0.strategy == strategy && $0.rows == rows }
                    #expect(result?.summary != nil, "\(operation) \(strategy) \(rows)")
                    #expect(result?.suite == "table")
                }
            }
        }
        if Harness.allocatedBytes() != nil {
            // Present, not its sign: malloc statistics are process-wide and other
            // tests allocate and free in parallel (the sign is the benchmark's job).
            for r in results where r.operation == "reloadExact" {
                #expect(r.bytesPerRow != nil, "\(r.strategy) \(r.rows): bytes_per_row is reported")
            }
        }
        #expect(results.filter { $0.operation != "reloadExact" }.allSatisfy { $0.bytesPerRow == nil })

        let pool = Suites.run(TableSuites.reusePool(scales: [500]), configuration)
        #expect(pool.map(\.strategy) == ["pool on", "pool off"])
        let on = try #require(pool[0].cellsCreated), off = try #require(pool[1].cellsCreated)
        #expect(on > 0 && on < 30, "the pool keeps the cells near one screenful")
        #expect(off > 10 * on, "without the pool every row that appears gets a new cell")
        #expect(Report.text(suite: TableSuites.reusePool(scales: [500]), results: pool).contains("cells created"))
        #expect(!Report.json(pool).contains("cells"), "the JSON keeps its documented fields")
    }

    @MainActor @Test func feedSuiteScrollsTheFeedByScreensWithBothSizingPaths() throws {
        let suite = try #require(Suites.all(quick: true).first { $0.name == "feed" })
        #expect(suite.operations.map(\.name) == ["feedScreenStep"])
        #expect(suite.operations[0].strategies.map(\.name) == ["frame", "AutoLayout", "configured"])
        #expect(suite.operations[0].baseline == "frame")
        #expect(suite.scales == [1_000_000])
        for autoLayout in [false, true] {
            let benchCase = FeedSuite.makeCase(rows: 2_000, autoLayout: autoLayout, counted: 20)
            let counted = try #require(FeedSuite.counted[autoLayout ? "AutoLayout" : "frame"])
            #expect(counted.steps == 20 && counted.p50 > 0 && counted.p99 >= counted.p50)
            let cells = try #require(benchCase.cellsCreated)
            #expect(cells > 0 && cells < 40, "reused over 20 screens: \(cells) cells")
            for i in 0..<5 { benchCase.step(i) }
        }
        // One design two ways: the Auto Layout side shows `FeedCell`'s constraint-built twin, the frame side `FeedCell`.
        let (constrained, _) = FeedSuite.makeTable(rows: 2_000, autoLayout: true)
        let (framed, _) = FeedSuite.makeTable(rows: 2_000, autoLayout: false)
        #expect(!constrained.visibleCells.isEmpty && constrained.visibleCells.allSatisfy { $0 is AutoLayoutFeedCell })
        #expect(!framed.visibleCells.isEmpty && framed.visibleCells.allSatisfy { type(of: $0) == FeedCell.self })
        #expect(constrained.contentSize == framed.contentSize, "equal heights, equal estimates")
        let (configured, _) = FeedSuite.makeTable(rows: 2_000, layout: .configured)
        #expect(!configured.visibleCells.isEmpty && configured.visibleCells.allSatisfy { $0 is ConfiguredFeedCell })
        #expect(configured.contentSize == framed.contentSize, "equal heights, equal estimates")
        let benchCase = FeedSuite.makeCase(rows: 2_000, autoLayout: true, counted: 20)
        #expect(benchCase.p99 == FeedSuite.counted["AutoLayout"]?.p99, "the JSON's p99_ns is the counted steps' p99")
        var result = BenchResult(suite: "feed", operation: "feedScreenStep", strategy: "AutoLayout", rows: 2_000)
        result.summary = Summary(median: 5, p10: 4, p90: 6, samples: 1, batch: 1)
        result.p99 = 7
        #expect(Report.json([result]).contains("\"p99_ns\":7.000"))
    }

    @MainActor @Test func configuredSuiteDequeuesTheSameItemsBothWays() throws {
        let suite = try #require(Suites.all(quick: true).first { $0.name == "configured" })
        #expect(suite.operations.map(\.name) == ["dequeueScreenStep"])
        #expect(suite.operations[0].strategies.map(\.name) == ["plain", "configured"])
        #expect(suite.operations[0].baseline == "plain")
        let (plain, _) = ConfiguredSuite.makeList(rows: 500, configured: false)
        let (configured, _) = ConfiguredSuite.makeList(rows: 500, configured: true)
        #expect(plain.indexPathsForVisibleItems.count == 24 && configured.indexPathsForVisibleItems == plain.indexPathsForVisibleItems)
        for indexPath in plain.indexPathsForVisibleItems {
            let cell = try #require(plain.cellForItem(at: indexPath) as? ConfiguredSuite.PlainCell)
            let list = try #require(configured.cellForItem(at: indexPath) as? CollectionViewListCell)
            let content = try #require(list.contentConfiguration as? ListContentConfiguration)
            #expect(content.text == cell.name.text && content.secondaryText == cell.detail.text && cell.name.text == "item \(indexPath.item)")
        }
        for isConfigured in [false, true] {
            let benchCase = ConfiguredSuite.makeCase(rows: 500, configured: isConfigured)
            for i in 0..<30 { benchCase.step(i) }  // down and back: 500 items are about 20 screens
        }
    }

    @MainActor @Test func exactTableRowsAndHeightsAreDeterministic() {
        defer { TableSuites.releaseFixtures() }
        let fixture = TableSuites.exactTable(rows: 1_003, store: .tree)
        let table = fixture.table
        #expect(table.numberOfSections == TableSuites.sections)
        #expect((0..<TableSuites.sections).map { table.numberOfRows(inSection: $0) }.reduce(0, +) == 1_003)
        let records = TableSuites.exactTable(rows: 1_003, store: .records).table
        #expect(records.geometryStore == .records)
        #expect(records.contentSize.height == table.contentSize.height)
        #expect(TableSuites.exactTable(rows: 1_003, store: .tree).table === table, "shared between operations")
    }

    @Test func scrollPathBouncesWithinTheContent() {
        let path = (0..<50).map { TableSuites.pathOffset($0, start: 10, stepSize: 48, maximum: 500) }
        #expect(path.allSatisfy { $0 >= 0 && $0 <= 500 })
        #expect(path[0] == 10 && path[1] == 58)
        #expect(zip(path, path.dropFirst()).allSatisfy { abs($0 - $1) <= 48 + 1e-9 })
        #expect(TableSuites.pathOffset(7, start: 0, stepSize: 48, maximum: 0) == 0)
    }

    static func result(
        _ suite: String, _ operation: String, _ strategy: String, median: Double, bytes: Double? = nil, rows: Int = 10_000_000
    ) -> BenchResult {
        BenchResult(
            suite: suite, operation: operation, strategy: strategy, rows: rows,
            summary: Summary(median: median, p10: median, p90: median, samples: 5, batch: 1), bytesPerRow: bytes)
    }

    static func verdict(_ verdicts: [TargetVerdict], _ prefix: String) -> TargetVerdict.Verdict? {
        verdicts.first { $0.name.hasPrefix(prefix) }?.verdict
    }

    @Test func targetsAreJudgedFromResults() {
        let results = [
            Self.result("geometry", "changeHeight", "ReuseTable", median: 800),
            Self.result("geometry", "changeHeight", "RowRecords", median: 400_000),
            Self.result("geometry", "insertRow", "ReuseTable", median: 2_500),
            Self.result("table", "jumpAndLayout", "ReuseTable", median: 7_000),
            Self.result("table", "jumpAndLayout", "ArticleTable", median: 5_000),
            Self.result("table", "reloadExact", "ReuseTable", median: 1e9, bytes: 11.3),
            Self.result("solver", "enamlSuggestRepeat", "ReuseTable", median: 800, rows: 111),
            Self.result("solver", "enamlSuggest", "ReuseTable", median: 950, rows: 111),
            Self.result("pager", "pagerIndex", "Pager", median: 250_000_000, rows: 1_000_000_000),
            BenchResult(
                suite: "geometry", operation: "deleteRow", strategy: "ReuseTable", rows: 10_000_000, summary: nil,
                skipped: "estimated 70 s > 60 s limit"),
        ]
        let verdicts = Targets.verdicts(TargetRun(results: results, peers: ["kiwi": 826]))
        #expect(verdicts.count == Targets.all.count, "every target is stated once")
        #expect(Set(verdicts.map(\.name)).count == verdicts.count)
        #expect(Self.verdict(verdicts, "changeHeight (geometry") == .met)
        #expect(Self.verdict(verdicts, "changeHeight vs the article") == .missed)  // 500x < 1,000x
        #expect(Self.verdict(verdicts, "insertRow") == .missed)
        #expect(Self.verdict(verdicts, "deleteRow") == .skipped("estimated 70 s > 60 s limit"))
        #expect(Self.verdict(verdicts, "jumpAndLayout (table") == .met)
        #expect(Self.verdict(verdicts, "jumpAndLayout vs the article") == .met)  // 1.4x ≤ 1.5x
        #expect(Self.verdict(verdicts, "reloadExact memory") == .met)
        #expect(Self.verdict(verdicts, "enamlSuggestRepeat") == .met)  // 800 ≤ 826
        #expect(Self.verdict(verdicts, "enamlSuggest (") == .needsPeer("kiwi-cycled"))
        #expect(Self.verdict(verdicts, "pagerIndex") == .met)  // 4 GB/s
        #expect(Self.verdict(verdicts, "findRow") == .notRun("no ReuseTable result at 10^7"))
        let text = Targets.text(verdicts, filtered: false)
        #expect(text.contains("500x faster") && text.contains("11.3 bytes/row") && text.contains("MISSED"))
        #expect(text.contains("7 µs vs 5 µs (1.40x)") && text.contains("needs --peer kiwi-cycled=NS"))
        #expect(text.contains("800 ns vs 826 ns (0.97x)") && text.contains("4.00 GB/s"))
        #expect(Targets.markdown(verdicts, filtered: false).contains("| **MET** |"))
    }

    /// A quick run marks what it left out as skipped, and a filtered run shows only what it could judge.
    @Test func quickAndFilteredRunsSayWhatTheyLeftOut() {
        let quickResults = [
            Self.result("diffable", "applyOnePercent", "diffable", median: 5e6, rows: 10_000),
            Self.result("geometry", "insertRow", "ReuseTable", median: 900),
        ]
        let quick = Targets.verdicts(TargetRun(results: quickResults, quick: true))
        #expect(Self.verdict(quick, "applyOnePercent") == .skipped("a quick run does not reach 10^6"))
        #expect(Self.verdict(quick, "pagerOpen") == .skipped("a quick run"))
        #expect(Self.verdict(quick, "insertRow") == .met)
        #expect(!quick.contains { $0.verdict == .missed }, "nothing left out reads as missed")
        #expect(!Targets.text(quick, filtered: false).contains("not measured"))

        let filtered = Targets.verdicts(TargetRun(results: [quickResults[1]], filter: "insertRow"))
        #expect(Self.verdict(filtered, "deleteRow") == .notRun("--filter insertRow"))
        let text = Targets.text(filtered, filtered: true)
        #expect(text.contains("insertRow (geometry, 10^7 rows)") && !text.contains("deleteRow"))
        #expect(text.contains("\(Targets.all.count - 1) more targets need suites this filtered run left out"))
        #expect(Targets.text(Targets.verdicts(TargetRun(results: [], filter: "chain")), filtered: true) == "")
    }

    /// Docs/performance.md lists every target the bench judges, under "Targets", with its requirement.
    @Test func everyTargetIsStatedInThePerformanceChapter() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let chapter = try String(contentsOf: root.appendingPathComponent("Docs/performance.md"), encoding: .utf8)
        let start = try #require(chapter.range(of: "\n## Targets\n"))
        let rest = chapter[start.upperBound...]
        let targets = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        for target in Targets.all {
            #expect(targets.contains("| \(target.name) | \(target.requirement) |"), "Docs/performance.md lacks a Targets row for \(target.name)")
            let source = root.appendingPathComponent(target.source == "README.md" ? "README.md" : "Docs/\(target.source)")
            #expect(FileManager.default.fileExists(atPath: source.path), "\(target.name): no \(target.source)")
        }
    }

    // MARK: Legend and progress

    @Test func everyStrategyAndOperationHasALegendLine() {
        #expect(Legend.missing(in: Suites.all(quick: true)) == [])
        #expect(Legend.missing(in: Suites.all(quick: false)) == [])
        let text = Legend.text(for: Suites.all(quick: true))
        #expect(text.hasPrefix("== legend ==\nstrategies"))
        for name in ["RowRecords", "FlatArrays", "Fenwick", "DictOfDicts", "NestedBoxedArrays", "ArticleTable", "enamlBuild", "enamlSuggestRepeat"] {
            #expect(text.contains("\n  \(name)"), "\(name) has a line")
        }
        #expect(text.contains("ReuseTable (geometry)") && text.contains("ReuseTable (table)"), "a name that means two things has two lines")
        let geometryOnly = Legend.text(for: [Suites.geometry(quick: true)])
        #expect(!geometryOnly.contains("DictOfDicts"), "only the names the run uses")
    }

    @Test func progressIsOneLineInPlaceOnATerminalAndOneLinePerSuiteElsewhere() {
        var written = ""
        let terminal = BenchProgress(inPlace: true) { written += $0 }
        terminal.begin(suite: "geometry")
        terminal.caseDone("  geometry findRow ReuseTable 1000: 10 ns (3 samples × 1)")
        terminal.caseDone("  geometry findRow Fenwick 10000000: skipped, too slow")
        terminal.end(suite: "geometry")
        #expect(!written.contains("\n"), "everything on one rewritten line")
        #expect(written.hasSuffix("\r\u{1B}[2K"), "the line is cleared before the report prints")

        written = ""
        let log = BenchProgress(inPlace: false) { written += $0 }
        log.begin(suite: "geometry")
        for i in 0..<40 { log.caseDone("  geometry findRow ReuseTable \(i): 10 ns") }
        log.caseDone("  geometry findRow Fenwick 10000000: skipped, too slow")
        log.end(suite: "geometry")
        #expect(written.split(separator: "\n").count == 1)
        #expect(written.hasPrefix("geometry: 41 cases, 1 skipped, "))
    }

    @Test func anOperationsOwnScalesReplaceTheSuites() {
        var configuration = BenchConfiguration(options: .instant, quick: true, skipAfterSeconds: 1e9, filter: nil)
        configuration.log = { _ in }
        var seen: [Int] = []
        let operation = BenchOperation(
            name: "one", baseline: nil,
            strategies: [
                BenchStrategy(name: "s") { rows in
                    seen.append(rows); return BenchCase(step: { _ in })
                }
            ],
            scales: [7])
        let results = Suites.run(BenchSuite(name: "x", scales: [1, 2, 3], operations: [operation]), configuration)
        #expect(results.map(\.rows) == [7] && seen == [7])
    }
}
