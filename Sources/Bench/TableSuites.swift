import ArticleTable
import Foundation
@_spi(Internals) import ReuseTable
import Figures

// The suites timed through a real `TableView`: a 320×480 viewport, trivial
// cells (a registered `TableViewCell` subclass that does nothing), and rows
// spread over `TableSuites.sections` sections.
//
// The runner is not actor-isolated, so every setUp and step enters the main
// actor with `MainActor.assumeIsolated` (a check, not a hop: `Demo bench`
// runs on the main thread). Its cost is part of every table measurement.

/// A cell that does nothing: what is timed is the table's own machinery.
final class BenchCell: TableViewCell {}

/// Fixed heights: a delegate that implements no height method, so every row is
/// `rowHeight` and each section is one run (`reloadData()` is O(sections)).
@MainActor
final class FixedHeightSource: TableViewDataSource, TableViewDelegate {
    var rows: Int
    let sections: Int
    init(rows: Int, sections: Int) { self.rows = rows; self.sections = sections }

    func numberOfSections(in tableView: TableView) -> Int { sections }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        TableSuites.rows(inSection: section, of: rows, sections: sections)
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: TableSuites.identifier, for: indexPath)
    }
}

/// Varied heights from `heightForRowAt` (even values 22…100 pt, a hash of the
/// index path, so no per-row storage): exact mode asks every row at reload;
/// with `estimatedRowHeight > 0` only the rows that reach the viewport are asked.
@MainActor
final class VariedHeightSource: TableViewDataSource, TableViewDelegate {
    var rows: Int
    let sections: Int
    init(rows: Int, sections: Int) { self.rows = rows; self.sections = sections }

    func numberOfSections(in tableView: TableView) -> Int { sections }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        TableSuites.rows(inSection: section, of: rows, sections: sections)
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: TableSuites.identifier, for: indexPath)
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        CGFloat(Self.height(at: indexPath))
    }

    /// The height of the row at `indexPath` (also `ArticleTableSource`'s, so both tables show the same rows).
    nonisolated static func height(at indexPath: IndexPath) -> Double {
        let key = UInt64(truncatingIfNeeded: indexPath.section &* 1_000_003 &+ indexPath.row)
        return VariableHeightRows.height((key &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }
}

enum TableSuites {
    static let identifier = "bench"
    static let sections = 10
    static let frame = CGRect(x: 0, y: 0, width: 320, height: 480)
    /// `scrollStep` moves a tenth of a screen.
    static let scrollStep = 48.0
    /// The reuse-pool suite counts the cells a fresh table creates for its first
    /// screen and then over this many scroll steps from the top.
    static let cellCountSteps = 2_000
    static let scales = [1_000, 10_000, 100_000, 1_000_000, 10_000_000]
    static let poolScales = [1_000, 100_000, 10_000_000]
    static let operations = ["jumpAndLayout", "scrollStep", "reloadFixed", "reloadEstimated", "reloadExact"]

    /// The two geometry stores, under their strategy names.
    static let stores: [(name: String, store: TableView.GeometryStore)] = [("ReuseTable", .tree), ("RowRecords", .records)]

    static func rows(inSection section: Int, of rows: Int, sections: Int) -> Int {
        rows / sections + (section < rows % sections ? 1 : 0)
    }

    /// The `table` and `reusePool` suites.
    static func all(quick: Bool) -> [BenchSuite] {
        [table(quick: quick, scales: scales), reusePool(scales: poolScales)]
    }

    // MARK: Fixtures

    @MainActor static func makeTable(store: TableView.GeometryStore, dataSource: TableViewDataSource & TableViewDelegate) -> TableView {
        let table = TableView(frame: frame)
        table.register(BenchCell.self, forCellReuseIdentifier: identifier)
        table.setGeometryStore(store)
        table.dataSource = dataSource
        table.delegate = dataSource
        return table
    }

    /// A table with varied exact heights, loaded, and the bytes per row its
    /// geometry retained (measured with mallinfo2 around the real reload).
    struct ExactTable {
        let table: TableView
        let source: VariedHeightSource
        let bytesPerRow: Double?
    }

    /// Exact tables are expensive at 10^7 rows (every row's height is asked), so
    /// `jumpAndLayout`, `scrollStep` and `reloadExact` share one per store and scale.
    @MainActor static var exactTables: [String: ExactTable] = [:]

    @MainActor static func exactTable(rows: Int, store: TableView.GeometryStore) -> ExactTable {
        let key = "\(store)-\(rows)"
        if let cached = exactTables[key] { return cached }
        let source = VariedHeightSource(rows: min(rows, 100), sections: sections)
        let table = makeTable(store: store, dataSource: source)
        // Fill the pool first (a small load, then an empty one), so the measured
        // reload reuses its cells and what it retains is the geometry.
        table.reloadData()
        source.rows = 0
        table.reloadData()
        source.rows = rows
        let bytes = Harness.allocation { table.reloadData() }.bytes
        let fixture = ExactTable(table: table, source: source, bytesPerRow: bytes.map { Double($0) / Double(rows) })
        exactTables[key] = fixture
        return fixture
    }

    /// The article's tables, one per scale, shared by `jumpAndLayout` and `scrollStep`
    /// (building 10^7 record objects takes seconds).
    @MainActor static var articleTables: [Int: ArticleTable] = [:]

    /// The 2013 article's table over the exact table's rows, loaded (see ArticleTable.swift).
    @MainActor static func articleTable(rows: Int) -> ArticleTable {
        if let cached = articleTables[rows] { return cached }
        let table = ArticleTable(frame: frame)
        let source = ArticleTableSource(rows: rows, sections: sections)
        table.dataSource = source
        table.reloadData()
        articleTables[rows] = table
        articleSources[rows] = source  // the table holds its data source weakly, as the article's does
        return table
    }

    @MainActor static var articleSources: [Int: ArticleTableSource] = [:]

    /// Forgets the shared exact and article tables (their memory goes back to the allocator).
    @MainActor static func releaseFixtures() {
        exactTables.removeAll()
        articleTables.removeAll()
        articleSources.removeAll()
    }

    /// Offset number `step` of a path that starts at `start` and moves `stepSize`
    /// points per step, bouncing between 0 and `maximum`.
    static func pathOffset(_ step: Int, start: Double, stepSize: Double, maximum: Double) -> Double {
        guard maximum > 0 else { return 0 }
        let period = 2 * maximum
        var y = (start + Double(step) * stepSize).truncatingRemainder(dividingBy: period)
        if y > maximum { y = period - y }
        return y
    }

    /// A step that scrolls `table` along the bouncing path (a tenth of a screen per step).
    @MainActor static func scrollCase(_ table: TableView, start: Double) -> BenchCase {
        scrollCase(table, start: start, maximum: Double(table.maximumContentOffsetY))
    }

    /// A step that scrolls any scroll view along the bouncing path between 0 and `maximum`.
    @MainActor static func scrollCase(_ table: ScrollView, start: Double, maximum: Double) -> BenchCase {
        BenchCase(step: { i in
            MainActor.assumeIsolated {
                table.contentOffset.y = CGFloat(pathOffset(i, start: start, stepSize: scrollStep, maximum: maximum))
            }
        })
    }

    // MARK: table

    static func table(quick: Bool, scales: [Int]) -> BenchSuite {
        let jump =
            perStore { rows, store in
                let table = exactTable(rows: rows, store: store).table
                return jumpCase(table, maximum: Double(table.maximumContentOffsetY), rows: rows)
            } + [articleJump]
        let scroll =
            perStore { rows, store in
                let table = exactTable(rows: rows, store: store).table
                return scrollCase(table, start: Double(table.maximumContentOffsetY) / 3)
            } + [articleScroll]
        let fixed = perStore { rows, store in
            let source = FixedHeightSource(rows: rows, sections: sections)
            let table = makeTable(store: store, dataSource: source)
            table.reloadData()
            table.contentOffset.y = table.maximumContentOffsetY / 2
            return BenchCase(step: { _ in MainActor.assumeIsolated { withExtendedLifetime(source) { table.reloadData() } } })
        }
        let estimated = perStore { rows, store in
            let source = VariedHeightSource(rows: rows, sections: sections)
            let table = makeTable(store: store, dataSource: source)
            table.estimatedRowHeight = 44
            table.reloadData()
            table.contentOffset.y = table.maximumContentOffsetY / 2
            return BenchCase(step: { _ in MainActor.assumeIsolated { withExtendedLifetime(source) { table.reloadData() } } })
        }
        let exact = perStore { rows, store in
            let fixture = exactTable(rows: rows, store: store)
            let table = fixture.table
            return BenchCase(
                step: { _ in MainActor.assumeIsolated { withExtendedLifetime(fixture.source) { table.reloadData() } } },
                bytesPerRow: fixture.bytesPerRow)
        }
        var suite = Suites.tableSuite(
            name: "table", scales: scales,
            operations: [
                (name: "jumpAndLayout", baseline: "ArticleTable", strategies: jump),
                (name: "scrollStep", baseline: "ArticleTable", strategies: scroll),
                (name: "reloadFixed", baseline: "RowRecords", strategies: fixed),
                (name: "reloadEstimated", baseline: "RowRecords", strategies: estimated),
                (name: "reloadExact", baseline: "RowRecords", strategies: exact),
            ])
        if (scales.max() ?? 0) >= 10_000_000 { addHugeScale(to: &suite) }
        return suite
    }

    /// A strategy of the table suites: its name and how it sets up a case at a number of rows.
    typealias TableStrategy = (name: String, setUp: (_ rows: Int) -> BenchCase)

    /// One strategy per geometry store, each setting its case up with `body`.
    static func perStore(_ body: @escaping @MainActor (Int, TableView.GeometryStore) -> BenchCase) -> [TableStrategy] {
        stores.map { entry in (name: entry.name, setUp: { rows in MainActor.assumeIsolated { body(rows, entry.store) } }) }
    }

    /// A step that jumps `table` to a random offset below `maximum` (the same offsets at each scale).
    static func jumpCase(_ table: ScrollView, maximum: Double, rows: Int) -> BenchCase {
        let offsets = RandomInputs(seed: 0x7AB1E ^ UInt64(rows)).offsets(below: maximum)
        return BenchCase(step: { i in
            MainActor.assumeIsolated { table.contentOffset.y = CGFloat(offsets[i & RandomInputs.mask]) }
        })
    }

    /// The baseline of `jumpAndLayout`: the article's table, jumping.
    static var articleJump: TableStrategy {
        (
            name: "ArticleTable",
            setUp: { rows in
                MainActor.assumeIsolated {
                    let table = articleTable(rows: rows)
                    return jumpCase(table, maximum: Double(table.contentSize.height - table.frame.height), rows: rows)
                }
            }
        )
    }

    /// The baseline of `scrollStep`: the article's table on the bouncing path.
    static var articleScroll: TableStrategy {
        (
            name: "ArticleTable",
            setUp: { rows in
                MainActor.assumeIsolated {
                    let table = articleTable(rows: rows)
                    let maximum = Double(table.contentSize.height - table.frame.height)
                    return scrollCase(table, start: maximum / 3, maximum: maximum)
                }
            }
        )
    }

    /// Fixed and estimated reloads keep O(sections) geometry in the tree, so they also run at 10^8
    /// rows; the records store would need a 40-byte record a row (4 GB), so it stops at 10^7. (Only
    /// when the suite goes up to 10^7: tests run tiny scales.)
    static func addHugeScale(to suite: inout BenchSuite) {
        for o in suite.operations.indices where ["reloadFixed", "reloadEstimated"].contains(suite.operations[o].name) {
            suite.operations[o].extraScales = [hugeScale]
            for s in suite.operations[o].strategies.indices where suite.operations[o].strategies[s].name == "RowRecords" {
                suite.operations[o].strategies[s].skip = { rows in
                    rows > 10_000_000 ? "one 40-byte record a row: \(rows / 25_000_000) GB at this scale" : nil
                }
            }
        }
    }

    /// The extra scale for the O(sections) reloads.
    static let hugeScale = 100_000_000

    // MARK: reusePool

    /// The same scroll path with the reuse pool on and off: time per step, and
    /// the cells created over `cellCountSteps` steps from the top (in the text
    /// and markdown reports; the JSON keeps its documented fields only).
    static func reusePool(scales: [Int]) -> BenchSuite {
        func strategy(_ name: String, enabled: Bool) -> (name: String, setUp: (_ rows: Int) -> BenchCase) {
            (
                name: name,
                setUp: { rows in
                    MainActor.assumeIsolated {
                        let source = FixedHeightSource(rows: rows, sections: sections)
                        let table = makeTable(store: .tree, dataSource: source)
                        table.isReusePoolEnabled = enabled
                        table.reloadData()
                        let maximum = Double(table.maximumContentOffsetY)
                        for i in 0..<cellCountSteps {
                            table.contentOffset.y = CGFloat(pathOffset(i, start: 0, stepSize: scrollStep, maximum: maximum))
                        }
                        let created = table.counters.cellsCreated  // the first screen, then the path
                        var benchCase = scrollCase(table, start: maximum / 3)
                        let step = benchCase.step
                        benchCase.step = { i in withExtendedLifetime(source) { step(i) } }
                        benchCase.cellsCreated = created
                        return benchCase
                    }
                }
            )
        }
        var suite = Suites.tableSuite(
            name: "reusePool", scales: scales,
            operations: [
                (name: "scrollStep", baseline: "pool off", strategies: [strategy("pool on", enabled: true), strategy("pool off", enabled: false)])
            ])
        suite.commentary = { results in
            let on = results.filter { $0.strategy == "pool on" }.compactMap(\.cellsCreated).max()
            let off = results.filter { $0.strategy == "pool off" }.compactMap(\.cellsCreated).max()
            guard let on, let off else { return [] }
            return [
                "Cells created by a fresh table for its first screen and \(Report.grouped(cellCountSteps)) scroll steps of \(Int(scrollStep)) pt in a \(Int(frame.height))-pt viewport: "
                    + "\(Report.grouped(on)) with the pool, \(Report.grouped(off)) without."
            ]
        }
        return suite
    }
}
