import Foundation
@_spi(Internals) import ReuseTable
import SeededRandom

// The suites, as data: a suite is operations × strategies × scales, and a
// strategy is a closure that builds its subject (untimed) and returns the step
// to time. The strategy tables themselves live in Strategies.swift.

/// One measured (or skipped) case.
struct BenchResult: Sendable {
    var suite: String
    var operation: String
    var strategy: String
    var rows: Int
    /// Nil when skipped.
    var summary: Summary?
    var bytesPerRow: Double?
    /// Why the case was not run.
    var skipped: String?
    /// The strategy this operation's ratios are taken against.
    var baseline: String?
    /// Cells the table created over the suite's counting path (reuse-pool suite only;
    /// text and markdown only — the JSON keeps its documented fields).
    var cellsCreated: Int? = nil
    /// The 99th percentile of single operations timed one by one, when the suite measures it
    /// (feed suite); written to the JSON as `p99_ns`.
    var p99: Double? = nil
}

/// A built subject, ready to be timed.
///
/// `@unchecked Sendable` so table suites can build one inside
/// `MainActor.assumeIsolated`: the bench builds and runs every case on the
/// main thread, one at a time; nothing crosses threads.
struct BenchCase: @unchecked Sendable {
    /// Performs operation number `i` (pick pre-generated inputs with `i`).
    var step: (Int) -> Void
    /// Runs untimed after every sample, e.g. to remove the rows a sample inserted.
    var between: (() -> Void)? = nil
    /// Upper bound on operations per sample (so inserts cannot double a small table).
    var maxBatch: Int = 1 << 24
    /// Memory of the subject per row, if measured (see `Harness.allocation(of:)`).
    var bytesPerRow: Double? = nil
    /// Cells created over a counting path (reuse-pool suite).
    var cellsCreated: Int? = nil
    /// The 99th percentile of single operations timed one by one (feed suite), if measured.
    var p99: Double? = nil
    /// Measures the case itself instead of `Harness.measure` timing `step` (for a
    /// figure made of several measurements, such as kiwi's median of six medians).
    var measure: ((MeasureOptions) -> Summary)? = nil
}

/// One way of doing an operation.
struct BenchStrategy {
    var name: String
    /// Builds the subject for `rows` rows. Untimed, but counted toward the skip estimate.
    var setUp: (_ rows: Int) -> BenchCase
    /// Scales above this are reported as skipped, not run (e.g. a baseline whose
    /// dense fill at 10^7 rows would take gigabytes and prove nothing new).
    var maxRows: Int? = nil
    /// A reason not to run at this scale (e.g. memory), or nil.
    var skip: (_ rows: Int) -> String? = { _ in nil }
}

struct BenchOperation {
    var name: String
    /// Ratios in the report are against this strategy.
    var baseline: String?
    var strategies: [BenchStrategy]
    /// Scales measured for this operation only, beyond the suite's (e.g. 10^8 for O(sections) reloads).
    var extraScales: [Int] = []
    /// The only scales this operation runs at, instead of the suite's (e.g. one published shape).
    var scales: [Int]? = nil
}

struct BenchSuite {
    var name: String
    var scales: [Int]
    var operations: [BenchOperation]
    /// Extra lines for the text report (e.g. the article's claim next to ours).
    var commentary: ([BenchResult]) -> [String] = { _ in [] }
}

struct BenchConfiguration {
    var options: MeasureOptions
    var quick: Bool
    /// A case predicted to take longer than this is skipped, with the reason.
    var skipAfterSeconds: Double
    /// Runs only suites or operations with this name (case-insensitive).
    var filter: String?
    /// Operations predicted to take at least this long each…
    var slowOperationSeconds = 0.1
    /// …are measured with exactly this many samples (the report shows the count).
    var slowCaseSamples = 5
    var log: (String) -> Void = { _ in }

    /// `REUSETABLE_BENCH_ROWS=100000` (comma-separated) runs only those scales,
    /// e.g. to count instructions under `valgrind --tool=callgrind` in minutes.
    func includes(rows: Int) -> Bool {
        guard let list = ProcessInfo.processInfo.environment["REUSETABLE_BENCH_ROWS"] else { return true }
        return list.split(separator: ",").contains { Int($0) == rows }
    }

    /// `REUSETABLE_BENCH_STRATEGY=ReuseTable` (comma-separated) runs only those strategies,
    /// e.g. to profile one of them with `perf record` without the others' samples.
    func includes(strategy: String) -> Bool {
        guard let list = ProcessInfo.processInfo.environment["REUSETABLE_BENCH_STRATEGY"] else { return true }
        return list.split(separator: ",").contains { $0 == strategy }
    }

    func includes(suite: String, operation: String) -> Bool {
        guard let filter = filter?.lowercased() else { return true }
        return suite.lowercased() == filter || operation.lowercased() == filter
    }
}

enum Suites {
    /// Every suite, in report order.
    static func all(quick: Bool) -> [BenchSuite] {
        [geometry(quick: quick), article(), heightCache(quick: quick)] + Strategies.tableSuites(quick: quick)
            + [solver(), selfSizing(), chain(quick: quick), PagerSuite.suite(quick: quick), DiffableSuite.suite(quick: quick)]
            + [FeedSuite.suite(quick: quick), WatchSuite.suite(), OutlineSuite.suite(quick: quick), CompositionalSuite.suite(quick: quick)]
            + [ConfiguredSuite.suite(quick: quick), StepsSuite.suite(quick: quick), PagingSuite.suite(quick: quick)]
    }

    // MARK: Running

    static func run(_ suite: BenchSuite, _ configuration: BenchConfiguration) -> [BenchResult] {
        var results: [BenchResult] = []
        for operation in suite.operations where configuration.includes(suite: suite.name, operation: operation.name) {
            for strategy in operation.strategies where configuration.includes(strategy: strategy.name) {
                var times: [(rows: Int, nanoseconds: Double)] = []
                var setUpTimes: [(rows: Int, nanoseconds: Double)] = []
                var skipReason: String?
                for rows in (operation.scales ?? suite.scales + operation.extraScales).sorted() where configuration.includes(rows: rows) {
                    var result = BenchResult(
                        suite: suite.name, operation: operation.name, strategy: strategy.name,
                        rows: rows, baseline: operation.baseline)
                    // A case predicted to take `slowOperationSeconds` or more per operation runs
                    // `slowCaseSamples` samples, with the calibration run as its only warm-up.
                    var options = configuration.options
                    let predicted = Fit.predict(times, at: rows)
                    if let predicted, predicted >= configuration.slowOperationSeconds * 1e9 {
                        options.warmUpSeconds = 0
                        options.minSamples = configuration.slowCaseSamples
                        options.maxSamples = configuration.slowCaseSamples
                    }
                    if let reason = strategy.skip(rows) {
                        result.skipped = reason
                        configuration.log("  \(suite.name) \(operation.name) \(strategy.name) \(rows): skipped, \(reason)")
                        results.append(result)
                        continue
                    }
                    if skipReason == nil, let perOperation = predicted {
                        let setUp = Fit.predict(setUpTimes, at: rows) ?? 0
                        let seconds = (setUp + perOperation * Double(options.minSamples + 1)) / 1e9
                        if seconds > configuration.skipAfterSeconds {
                            let k = Fit.exponent(times).map { String(format: "n^%.2f", $0) } ?? "n^1"
                            skipReason =
                                "estimated \(Int(seconds)) s (\(Report.duration(perOperation)) per operation, fitted \(k)) > \(Int(configuration.skipAfterSeconds)) s limit"
                        }
                    }
                    if let maxRows = strategy.maxRows, rows > maxRows {
                        result.skipped = "not run above \(Report.rowsLabel(maxRows)) rows for this strategy"
                        configuration.log("  \(suite.name) \(operation.name) \(strategy.name) \(rows): skipped, \(result.skipped!)")
                        results.append(result)
                        continue
                    }
                    if let skipReason {
                        result.skipped = skipReason
                        configuration.log("  \(suite.name) \(operation.name) \(strategy.name) \(rows): skipped, \(skipReason)")
                        results.append(result)
                        continue
                    }
                    let start = Harness.now()
                    let benchCase = strategy.setUp(rows)
                    setUpTimes.append((rows, Double(Harness.now() - start)))
                    let summary =
                        benchCase.measure?(options)
                        ?? Harness.measure(options, maxBatch: benchCase.maxBatch, step: benchCase.step, between: benchCase.between)
                    times.append((rows, summary.median))
                    result.summary = summary
                    result.bytesPerRow = benchCase.bytesPerRow
                    result.cellsCreated = benchCase.cellsCreated
                    result.p99 = benchCase.p99
                    configuration.log(
                        "  \(suite.name) \(operation.name) \(strategy.name) \(rows): \(Report.duration(summary.median)) (\(summary.samples) samples × \(summary.batch))"
                    )
                    results.append(result)
                }
            }
        }
        return results
    }

    // MARK: geometry

    static let geometryOperations = ["findRow", "changeHeight", "insertRow", "deleteRow"]

    /// Rows per case: 10^3 … 10^7.
    static func geometry(quick: Bool) -> BenchSuite {
        let strategies = Strategies.geometry
        let operations = geometryOperations.map { operation in
            BenchOperation(
                name: operation,
                baseline: operation == "findRow" ? "RowRecords-binary" : "RowRecords",
                strategies: strategies.filter { $0.operations.contains(operation) }.map { strategy in
                    BenchStrategy(name: strategy.name) { rows in strategy.setUp(operation, rows) }
                })
        }
        let scroll = BenchOperation(name: "scrollWindow", baseline: "RowRecords", strategies: GeometryScroll.strategies())
        return BenchSuite(name: "geometry", scales: [1_000, 10_000, 100_000, 1_000_000, 10_000_000], operations: operations + [scroll])
    }

    // MARK: article

    /// The 2013 article's claim: binary search is about 100x faster than a linear scan at 6,000 rows.
    static func article() -> BenchSuite {
        let strategies = Strategies.geometry.filter { $0.name == "RowRecords-linear" || $0.name == "RowRecords-binary" }
        return BenchSuite(
            name: "article", scales: [6_000],
            operations: [
                BenchOperation(
                    name: "findRow", baseline: "RowRecords-linear",
                    strategies: strategies.map { strategy in
                        BenchStrategy(name: strategy.name) { rows in strategy.setUp("findRow", rows) }
                    })
            ],
            commentary: { results in
                let linear = results.first { $0.strategy == "RowRecords-linear" }?.summary?.median
                let binary = results.first { $0.strategy == "RowRecords-binary" }?.summary?.median
                guard let linear, let binary, binary > 0 else { return [] }
                return ["Binary search is \(Report.ratio(linear / binary)) faster than linear at 6,000 rows (the 2013 article: about 100x)."]
            })
    }

    // MARK: heightCache

    /// `sparseInsert` is the sparse scenario: one section of N rows with its first and
    /// last screens cached (32 heights, as after `scrollToRow` to the last row), then a
    /// row inserted at row 1. Its bytes/row are per *cached* row.
    static let heightCacheOperations = ["get", "set", "insertRow", "deleteRow", "sparseInsert"]
    /// Rows are spread over this many sections.
    static let heightCacheSections = 10

    /// The self-sizing cells article's storage table (arrays vs NSCache vs associated objects)
    /// redone for index-path height caches, plus the sparse scenario. 10^7 rows for `IndexPathHeightCache`; the baselines stop at
    /// 10^5 (see `Strategies.heightCaches`).
    static func heightCache(quick: Bool) -> BenchSuite {
        let operations = heightCacheOperations.map { operation in
            BenchOperation(
                name: operation, baseline: "DictOfDicts",
                strategies: Strategies.heightCaches.map { strategy in
                    BenchStrategy(
                        name: strategy.name, setUp: { rows in strategy.setUp(operation, rows) },
                        maxRows: strategy.maxRows(operation))
                })
        }
        return BenchSuite(name: "heightCache", scales: [1_000, 10_000, 100_000, 10_000_000], operations: operations)
    }

    // MARK: Table suites

    /// Builds a suite timed through the TableView (`jumpAndLayout`,
    /// `scrollStep`, `reloadFixed`, `reloadEstimated`, `reloadExact`, pool on/off).
    ///
    /// Each strategy is `(name, setUp)`: `setUp(rows)` builds the table untimed
    /// and returns a `BenchCase` whose `step(i)` does one operation (e.g. jump to
    /// a random offset and lay out). For `reloadExact`, measure memory with
    /// `Harness.allocation(of:)` in `setUp` and return it as `bytesPerRow`.
    /// Register the result in `Strategies.tableSuites(quick:)`.
    static func tableSuite(
        name: String,
        scales: [Int],
        operations: [(name: String, baseline: String?, strategies: [(name: String, setUp: (_ rows: Int) -> BenchCase)])]
    ) -> BenchSuite {
        BenchSuite(
            name: name, scales: scales,
            operations: operations.map { operation in
                BenchOperation(
                    name: operation.name, baseline: operation.baseline,
                    strategies: operation.strategies.map { BenchStrategy(name: $0.name, setUp: $0.setUp) })
            })
    }
}

// MARK: - Inputs

/// `rows` single-row runs of deterministic variable heights (even values 22…100 pt).
struct VariableHeightRows: Sequence {
    var rows: Int
    var seed: UInt64 = 0x5EED

    static func height(_ random: UInt64) -> Double { 22 + 2 * Double(random % 40) }

    struct Iterator: IteratorProtocol {
        var remaining: Int
        var generator: SplitMix64
        mutating func next() -> HeightRun? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            return HeightRun(count: 1, height: VariableHeightRows.height(generator.next()))
        }
    }
    func makeIterator() -> Iterator { Iterator(remaining: rows, generator: SplitMix64(seed: seed)) }
    var underestimatedCount: Int { rows }
}

/// A reference to a value-type subject, so step closures mutate it in place.
///
/// `@exclusivity(unchecked)`: exactly one timed step closure touches `value`
/// at a time and never re-enters it, so the invariant the runtime check guards
/// holds by construction; left on, the check would be timed as part of every
/// strategy's cost.
final class Subject<Value> {
    @exclusivity(unchecked) var value: Value
    init(_ value: Value) { self.value = value }
}

/// Pre-generated random inputs, so the timed step only indexes an array.
struct RandomInputs {
    static let mask = 4095
    let randoms: [UInt64]
    init(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        randoms = (0...Self.mask).map { _ in generator.next() }
    }
    func indices(below bound: Int) -> [Int] { randoms.map { SplitMix64.scaled($0, below: bound) } }
    /// Uniform in `0 ..< bound`.
    func offsets(below bound: Double) -> [Double] { randoms.map { Double($0 >> 11) * 0x1p-53 * bound } }
    func heights() -> [Double] { randoms.map { VariableHeightRows.height($0 >> 7) } }
}

/// A geometry strategy: a `HeightStore` type and the operations it takes part in.
struct GeometryStrategy {
    var name: String
    var operations: Set<String>
    var setUp: (_ operation: String, _ rows: Int) -> BenchCase

    /// The row for `S`. `find` replaces `index(atOffset:)` (e.g. `indexLinear(atOffset:)`).
    static func of<S: HeightStore>(
        _ name: String, _ type: S.Type, operations: [String] = Suites.geometryOperations,
        find: ((S, Double) -> Int?)? = nil
    ) -> GeometryStrategy {
        GeometryStrategy(name: name, operations: Set(operations)) { operation, rows in
            let built = Harness.allocation { S(VariableHeightRows(rows: rows)) }
            let subject = Subject(built.value)
            let bytesPerRow = built.bytes.map { Double($0) / Double(rows) }
            let inputs = RandomInputs(seed: 0xBE7C4 ^ UInt64(rows))
            let mask = RandomInputs.mask
            switch operation {
            case "findRow":
                let offsets = inputs.offsets(below: subject.value.totalHeight)
                if let find {
                    return BenchCase(step: { i in blackHole(find(subject.value, offsets[i & mask])) }, bytesPerRow: bytesPerRow)
                }
                return BenchCase(step: { i in blackHole(subject.value.index(atOffset: offsets[i & mask])) }, bytesPerRow: bytesPerRow)
            case "changeHeight":
                let indices = inputs.indices(below: rows), heights = inputs.heights()
                return BenchCase(
                    step: { i in subject.value.setHeight(heights[i & mask], at: indices[i & mask], isMeasured: true) },
                    bytesPerRow: bytesPerRow)
            case "insertRow":
                let indices = inputs.indices(below: rows)
                let oneRows = inputs.heights().prefix(8).map { [HeightRun(count: 1, height: $0)] }
                return BenchCase(
                    step: { i in subject.value.insert(oneRows[i & 7], at: indices[i & mask]) },
                    between: { if subject.value.count > rows { subject.value.removeSubrange(rows..<subject.value.count) } },
                    maxBatch: max(1, rows / 10), bytesPerRow: bytesPerRow)
            case "deleteRow":
                let randoms = inputs.randoms
                return BenchCase(
                    step: { i in
                        let index = SplitMix64.scaled(randoms[i & mask], below: subject.value.count)
                        subject.value.removeSubrange(index..<index + 1)
                    },
                    between: {
                        let missing = rows - subject.value.count
                        if missing > 0 { subject.value.insert([HeightRun(count: missing, height: 44)], at: subject.value.count) }
                    },
                    maxBatch: max(1, rows / 10), bytesPerRow: bytesPerRow)
            default:
                preconditionFailure("unknown geometry operation \(operation)")
            }
        }
    }
}

/// A height-cache strategy for the `heightCache` suite.
struct HeightCacheStrategy {
    var name: String
    var setUp: (_ operation: String, _ rows: Int) -> BenchCase
    /// The largest scale this strategy runs at, per operation (nil: every scale).
    var maxRows: (_ operation: String) -> Int? = { _ in nil }

    static func of<C: BenchHeightCache>(
        _ name: String, _ type: C.Type,
        maxRows: @escaping (_ operation: String) -> Int? = { _ in nil }
    ) -> HeightCacheStrategy {
        HeightCacheStrategy(
            name: name,
            setUp: { operation, rows in
                if operation == "sparseInsert" { return sparseInsert(C.self, rows: rows) }
                let sections = Suites.heightCacheSections
                let perSection = max(1, rows / sections)
                let built = Harness.allocation { () -> C in
                    var cache = C(sections: sections, rowsPerSection: perSection)
                    cache.fillBothOrientations(sections: sections, rowsPerSection: perSection) { section, row in
                        VariableHeightRows.height(UInt64(truncatingIfNeeded: section &* 7919 &+ row &* 104_729))
                    }
                    return cache
                }
                let subject = Subject(built.value)
                let bytesPerRow = built.bytes.map { Double($0) / Double(sections * perSection) }
                let inputs = RandomInputs(seed: 0xCAC4E ^ UInt64(rows))
                let mask = RandomInputs.mask
                let sectionOf = inputs.randoms.map { Int($0 >> 40) % sections }
                switch operation {
                case "get":
                    let rowOf = inputs.indices(below: perSection)
                    return BenchCase(
                        step: { i in blackHole(subject.value.height(section: sectionOf[i & mask], row: rowOf[i & mask])) },
                        bytesPerRow: bytesPerRow)
                case "set":
                    let rowOf = inputs.indices(below: perSection), heights = inputs.heights()
                    return BenchCase(
                        step: { i in subject.value.setHeight(heights[i & mask], section: sectionOf[i & mask], row: rowOf[i & mask]) },
                        bytesPerRow: bytesPerRow)
                case "insertRow", "deleteRow":
                    // Rows per section drift during a sample; `between` restores them at the section's end.
                    let counts = Subject([Int](repeating: perSection, count: sections))
                    let rowOf = inputs.indices(below: max(1, perSection / 2))
                    let inserting = operation == "insertRow"
                    return BenchCase(
                        step: { i in
                            let section = sectionOf[i & mask]
                            if inserting {
                                subject.value.insertRow(section: section, row: rowOf[i & mask])
                                counts.value[section] += 1
                            } else {
                                subject.value.deleteRow(section: section, row: rowOf[i & mask])
                                counts.value[section] -= 1
                            }
                        },
                        between: {
                            for section in 0..<sections {
                                while counts.value[section] > perSection {
                                    counts.value[section] -= 1
                                    subject.value.deleteRow(section: section, row: counts.value[section])
                                }
                                while counts.value[section] < perSection {
                                    subject.value.insertRow(section: section, row: counts.value[section])
                                    subject.value.setHeight(44, section: section, row: counts.value[section])
                                    counts.value[section] += 1
                                }
                            }
                        },
                        maxBatch: max(1, perSection / 4), bytesPerRow: bytesPerRow)
                default:
                    preconditionFailure("unknown heightCache operation \(operation)")
                }
            }, maxRows: maxRows)
    }

    /// One section of `rows` rows with rows 0–15 and the last 16 cached at one width;
    /// each step inserts a row at row 1 (`between` removes them again). Bytes per row
    /// are malloc's growth per cache holding those 32 heights, divided by 32.
    static func sparseInsert<C: BenchHeightCache>(_ type: C.Type, rows: Int) -> BenchCase {
        let cachedRows = Array(0..<16) + Array((rows - 16)..<rows)
        func build() -> C {
            var cache = C(sections: 1, rowsPerSection: rows)
            for row in cachedRows { cache.setHeight(VariableHeightRows.height(UInt64(row)), section: 0, row: row) }
            return cache
        }
        let bytesPerCache = bytesPerInstance(build)
        let subject = Subject(build())
        let inserted = Subject(0)
        return BenchCase(
            step: { _ in
                subject.value.insertRow(section: 0, row: 1)
                inserted.value += 1
            },
            between: {
                while inserted.value > 0 {
                    subject.value.deleteRow(section: 0, row: 1)
                    inserted.value -= 1
                }
            },
            maxBatch: 4_096, bytesPerRow: bytesPerCache.map { $0 / Double(cachedRows.count) })
    }

    /// Bytes `build()` leaves allocated, averaged over as many instances (up to 256) as
    /// it takes to allocate 4 MB: glibc serves small blocks from a per-thread cache that
    /// `mallinfo2` already counts as in use, so one small instance can measure as 0.
    static func bytesPerInstance<T>(_ build: () -> T) -> Double? {
        var kept: [T] = []
        kept.reserveCapacity(256)
        guard let before = Harness.allocatedBytes() else { return nil }
        var bytes = 0
        repeat {
            kept.append(build())
            bytes = (Harness.allocatedBytes() ?? before) - before
        } while kept.count < 256 && bytes < 4 << 20
        return withExtendedLifetime(kept) { Double(bytes) / Double(kept.count) }
    }
}
