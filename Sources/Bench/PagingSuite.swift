import Foundation
import PagedDatabase
@_spi(Internals) import ReuseTable
import SeededRandom

/// The `paging` suite: the library's paged data source (`TableViewPagedDataSource`, Docs/paged-data.md) in a
/// self-sizing table of 320 × 480 points whose labels set a phone's text (8-point columns, 20-point lines: 40
/// columns by 24 lines; a label's default is a terminal's 1 × 1), over two loaders:
/// - `Paged`: an in-memory loader that answers at once, off the main actor (the source's and the table's cost);
/// - `SQLite`: `TableLoader` over the sample message database in the cache folder (`Demo db`'s file, made once
///   when missing), its sampled key index built before a jump is timed. It runs at scales up to
///   `REUSETABLE_DATABASE_ROWS` (10^6 by default, 10^5 in a quick run): `REUSETABLE_DATABASE_ROWS=10000000`
///   measures 10^7, after making a file of a few gigabytes once.
///
/// `pagingFirstScreen`: a new source's first pass (placeholders) until no placeholder is left on screen (for
/// `SQLite`, from opening the file); `pagingJump`: a jump's pass, which shows placeholders at once;
/// `pagingJumpToContent`: a jump until no placeholder is left on screen (the pages ahead land untimed); `pagingScrollStep`: one scroll step's pass on
/// the main actor (pages land between samples); `pagingFilter` (`SQLite`): a filter's first screen, from
/// opening the filtered query until its first page has landed on screen; `pagingResident`: a traverse of the whole list
/// (20 jumps spread across it, each landing, each followed by three scroll steps), its memory measured after a
/// separate traverse (`bytesPerRow` × rows is the bytes of the source and its resident items).
enum PagingSuite {
    struct Item: Identifiable, Equatable, Sendable {
        var id: Int
        var lines: Int
    }

    /// A loader that answers at once, off the main actor: the cost measured is the source's and the table's.
    static func loader(rows: Int) -> PagedLoader<Item> {
        PagedLoader(initialCount: .exact(rows), count: { .exact(rows) }, load: { range in range.map { Item(id: $0, lines: 1 + $0 % 4) } })
    }

    static let pageSize = 50
    static let residentPages = 20

    /// The rows of the largest sample database the `SQLite` strategy reads.
    static func databaseRows(quick: Bool) -> Int {
        if let text = ProcessInfo.processInfo.environment["REUSETABLE_DATABASE_ROWS"], let rows = Int(text), rows > 0 { return rows }
        return quick ? 100_000 : 1_000_000
    }

    /// A filter whose matches are about one message in 700 of the sample: its first page lies in the
    /// first 1% of 10^7 rows, and the query scans about 35,000 rows to find it.
    static let filter = RowFilter(column: "body", text: "harbour mountain")

    // MARK: The subject

    /// A table over a paged source of either loader, with what the suite asks of it.
    @MainActor
    struct Subject {
        var table: TableView
        var source: AnyObject
        var status: () -> PagedDataStatus

        /// Runs the main actor's jobs until no placeholder is on screen and, unless `screenOnly`, no load
        /// runs (the pages ahead landed too).
        func land(screenOnly: Bool = false) {
            for _ in 0..<1_000_000 {
                table.layoutIfNeeded()
                let status = status()
                if status.placeholdersOnScreen == 0 && (screenOnly || status.loadsInFlight == 0) { return }
                // Returns as soon as the main queue ran a job (a page landing), else after 2 ms.
                _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.002))
            }
        }

        /// Jumps to `fraction` of the content (0…1).
        func jump(to fraction: Double) {
            table.contentOffset.y = (fraction * Double(max(0, table.maximumContentOffsetY))).rounded()
            table.layoutIfNeeded()
        }

        /// One 120-point step down, back to the top at the end.
        func step() {
            if table.contentOffset.y >= table.maximumContentOffsetY - 120 { table.contentOffset.y = 0 }
            table.contentOffset.y += 120
            table.layoutIfNeeded()
        }
    }

    /// A self-sizing table over `loader`, its cells showing `text` of each loaded item, reloaded.
    @MainActor
    static func subject<Item: Identifiable & Equatable & Sendable>(
        _ loader: PagedLoader<Item>, text: @escaping (Item) -> String
    ) -> Subject where Item.ID: Sendable {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = TableView.automaticDimension
        table.estimatedRowHeight = 60
        var configuration = PagedDataConfiguration()
        configuration.pageSize = pageSize
        configuration.maximumResidentPages = residentPages
        let source = TableViewPagedDataSource(tableView: table, loader: loader, configuration: configuration) { table, indexPath, row in
            let cell = phoneCell(table, indexPath)
            cell.textLabel?.text = row.item.map(text) ?? "…"
            return cell
        }
        table.reloadData()
        return Subject(table: table, source: source, status: { [unowned source] in source.status })
    }

    /// A dequeued cell whose label measures text as a phone does: 8 points a column, 20 a line.
    @MainActor
    static func phoneCell(_ table: TableView, _ indexPath: IndexPath) -> TableViewCell {
        let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.characterWidth = 8
        cell.textLabel?.lineHeight = 20
        return cell
    }

    /// The in-memory subject of `rows` rows.
    @MainActor
    static func memorySubject(rows: Int) -> Subject {
        subject(loader(rows: rows)) { String(repeating: "line \($0.id)\n", count: $0.lines) }
    }

    /// The `SQLite` subject over `loader`: each row's author, then its body.
    @MainActor
    static func databaseSubject(_ loader: TableLoader) -> Subject {
        subject(loader.pagedLoader(pageSize: pageSize)) { row in row.values.dropFirst().map(\.description).joined(separator: "\n") }
    }

    // MARK: The database

    /// The sample of `rows` messages, made when missing (progress on standard error).
    static func databasePath(rows: Int) -> String {
        let path = SampleMessages.cachedPath(rows: rows)
        if !FileManager.default.fileExists(atPath: path) {
            FileHandle.standardError.write(Data("paging: making the sample database \(path), once…\n".utf8))
        }
        return try! SampleMessages.openCached(rows: rows)
    }

    /// A loader over the sample of `rows` messages with its key index built, and how long the index took.
    static func indexedLoader(rows: Int) -> (TableLoader, seconds: Double) {
        let loader = try! TableLoader(path: databasePath(rows: rows), table: SampleMessages.table)
        let start = DispatchTime.now().uptimeNanoseconds
        wait { try await loader.buildIndex() }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let progress = wait { await loader.indexProgress }
        keyIndex[rows] = (seconds, progress.samples, progress.memoryBytes)
        return (loader, seconds)
    }

    /// Runs `work` on the cooperative pool and blocks this thread until it is done (set-up only, never timed).
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> T {
        nonisolated(unsafe) var result: T?
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            result = try! await work()
            done.signal()
        }
        done.wait()
        return result!
    }

    // MARK: What the commentary reports

    /// Per strategy and scale: the resident pages and items after a traverse, and the bytes of the source
    /// with its items and of the table with its geometry.
    nonisolated(unsafe) static var resident: [String: (pages: Int, items: Int, sourceBytes: Int, tableBytes: Int)] = [:]
    /// Per scale: the key index's build time, samples and bytes.
    nonisolated(unsafe) static var keyIndex: [Int: (seconds: Double, samples: Int, bytes: Int)] = [:]

    static func suite(quick: Bool) -> BenchSuite {
        let scales = quick ? [100_000] : [1_000_000, 10_000_000]
        let limit = databaseRows(quick: quick)
        func both(_ name: String, _ make: (Bool) -> BenchStrategy) -> BenchOperation {
            BenchOperation(name: name, baseline: nil, strategies: [make(false), database(make(true), upTo: limit)])
        }
        return BenchSuite(
            name: "paging", scales: scales,
            operations: [
                both("pagingFirstScreen", firstScreen),
                both("pagingJump") { jump(database: $0, landing: false) },
                both("pagingJumpToContent") { jump(database: $0, landing: true) },
                BenchOperation(
                    name: "pagingScrollStep", baseline: "Loaded",
                    strategies: [loadedScrollStep, scrollStep(database: false), database(scrollStep(database: true), upTo: limit)]),
                BenchOperation(name: "pagingFilter", baseline: nil, strategies: [database(filterFirstScreen, upTo: limit)]),
                both("pagingResident", traverse),
            ],
            commentary: { _ in commentary() })
    }

    /// `strategy`, skipped past the rows of the largest sample database asked for.
    static func database(_ strategy: BenchStrategy, upTo limit: Int) -> BenchStrategy {
        var strategy = strategy
        strategy.skip = { rows in
            rows > limit ? "the sample database is \(limit) rows; REUSETABLE_DATABASE_ROWS=\(rows) measures this scale" : nil
        }
        return strategy
    }

    static func commentary() -> [String] {
        var lines: [String] = []
        for (rows, index) in keyIndex.sorted(by: { $0.key < $1.key }) {
            lines.append(
                "  paging: SQLite key index of \(rows) rows built in \(String(format: "%.2f", index.seconds)) s: "
                    + "\(index.samples) keys, \(index.bytes / 1_024) KB")
        }
        for (key, value) in resident.sorted(by: { $0.key < $1.key }) {
            lines.append(
                "  paging: \(key), after a traverse: \(value.pages) pages (\(value.items) items) resident; source and items "
                    + "\(value.sourceBytes / 1_024) KB, table and geometry \(value.tableBytes / 1_024) KB (bound: \(residentPages) pages of \(pageSize))"
            )
        }
        return lines
    }

    // MARK: The strategies

    static func strategyName(database: Bool) -> String { database ? "SQLite" : "Paged" }

    /// A landed subject of `rows` rows: in memory, or over the indexed sample of `rows` messages.
    @MainActor
    static func landedSubject(rows: Int, database: Bool) -> Subject {
        let subject = database ? databaseSubject(indexedLoader(rows: rows).0) : memorySubject(rows: rows)
        subject.land()
        return subject
    }

    static func firstScreen(database: Bool) -> BenchStrategy {
        BenchStrategy(name: strategyName(database: database)) { rows in
            let path = database ? databasePath(rows: rows) : ""
            nonisolated(unsafe) var last: Subject?
            return BenchCase(
                step: { _ in
                    MainActor.assumeIsolated {
                        let subject =
                            database
                            ? databaseSubject(try! TableLoader(path: path, table: SampleMessages.table)) : memorySubject(rows: rows)
                        subject.land(screenOnly: true)
                        benchSink &+= UInt64(subject.status().residentItems)
                        last = subject
                    }
                },
                between: { MainActor.assumeIsolated { last?.land() } }, maxBatch: 1)
        }
    }

    static var filterFirstScreen: BenchStrategy {
        BenchStrategy(name: strategyName(database: true)) { rows in
            let path = databasePath(rows: rows)
            nonisolated(unsafe) var last: Subject?
            return BenchCase(
                step: { _ in
                    MainActor.assumeIsolated {
                        let subject = databaseSubject(try! TableLoader(path: path, table: SampleMessages.table, filter: filter))
                        subject.land(screenOnly: true)
                        benchSink &+= UInt64(subject.status().residentItems)
                        last = subject
                    }
                },
                between: { MainActor.assumeIsolated { last?.land() } }, maxBatch: 1)
        }
    }

    static func jump(database: Bool, landing: Bool) -> BenchStrategy {
        BenchStrategy(name: strategyName(database: database)) { rows in
            MainActor.assumeIsolated {
                let subject = landedSubject(rows: rows, database: database)
                var random = SplitMix64(seed: 7)
                return BenchCase(
                    step: { _ in
                        MainActor.assumeIsolated {
                            subject.jump(to: Double(random.next() % 1_000_000) / 1_000_000)
                            if landing { subject.land(screenOnly: true) }
                            benchSink &+= UInt64(subject.status().placeholdersOnScreen)
                        }
                    },
                    between: { MainActor.assumeIsolated { subject.land() } }, maxBatch: 1)
            }
        }
    }

    static func scrollStep(database: Bool) -> BenchStrategy {
        BenchStrategy(name: strategyName(database: database)) { rows in
            MainActor.assumeIsolated {
                let subject = landedSubject(rows: rows, database: database)
                return BenchCase(
                    step: { _ in MainActor.assumeIsolated { subject.step() } }, between: { MainActor.assumeIsolated { subject.land() } }, maxBatch: 64
                )
            }
        }
    }

    /// The same table and cells over every item in memory, no paged source: what a step costs without paging.
    final class LoadedSource: TableViewDataSource {
        let rows: Int
        init(rows: Int) { self.rows = rows }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = PagingSuite.phoneCell(tableView, indexPath)
            let lines = 1 + indexPath.row % 4
            cell.textLabel?.text = String(repeating: "line \(indexPath.row)\n", count: lines)
            return cell
        }
    }

    static var loadedScrollStep: BenchStrategy {
        BenchStrategy(name: "Loaded") { rows in
            MainActor.assumeIsolated {
                let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
                table.register(TableViewCell.self, forCellReuseIdentifier: "row")
                table.rowHeight = TableView.automaticDimension
                table.estimatedRowHeight = 60
                let source = LoadedSource(rows: rows)
                table.dataSource = source
                table.reloadData()
                let subject = Subject(table: table, source: source, status: { PagedDataStatus() })
                return BenchCase(step: { _ in MainActor.assumeIsolated { subject.step() } }, maxBatch: 64)
            }
        }
    }

    /// Jumps to 20 places spread across the list, each landing and followed by three landed steps.
    @MainActor
    static func traverse(_ subject: Subject) {
        for place in 0..<20 {
            subject.jump(to: (Double(place) + 0.5) / 20)
            subject.land()
            for _ in 0..<3 {
                subject.step()
                subject.land()
            }
        }
    }

    static func traverse(database: Bool) -> BenchStrategy {
        BenchStrategy(name: strategyName(database: database)) { rows in
            MainActor.assumeIsolated {
                let loader = database ? indexedLoader(rows: rows).0 : nil
                @MainActor func make() -> Subject { loader.map { databaseSubject($0) } ?? memorySubject(rows: rows) }
                // Memory: everything the table and the source hold after a traverse; then the source alone, by
                // the bytes that go when it does (the key index, built before, is the loader's and not counted).
                let before = Harness.allocatedBytes()
                var measured: Subject? = make()
                measured!.land()
                traverse(measured!)
                let afterTraverse = Harness.allocatedBytes()
                let status = measured!.status()
                measured!.source = NSNull()
                measured!.table.dataSource = nil
                measured!.table.prefetchDataSource = nil
                let withoutSource = Harness.allocatedBytes()
                measured = nil
                var bytesPerRow: Double?
                if let before, let afterTraverse, let withoutSource {
                    let sourceBytes = afterTraverse - withoutSource
                    resident["\(strategyName(database: database)) \(rows) rows"] = (
                        status.residentPages, status.residentItems, sourceBytes, withoutSource - before
                    )
                    bytesPerRow = Double(sourceBytes) / Double(rows)
                }
                let subject = make()
                subject.land()
                return BenchCase(step: { _ in MainActor.assumeIsolated { traverse(subject) } }, maxBatch: 1, bytesPerRow: bytesPerRow)
            }
        }
    }
}
