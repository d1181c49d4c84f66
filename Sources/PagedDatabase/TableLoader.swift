// A loader over one table of a database file, for a paged data source: a row count (exact, estimated or
// unknown) and the rows of any range, loaded off the main actor. Pages come by keyset (an index seek
// after a known key, never `OFFSET`); a range far from anything loaded starts from the sampled key
// index. Docs/paged-data.md explains both.

/// Keeps rows whose `column` contains `text` (SQLite's `LIKE`: case-insensitive for ASCII letters).
public struct RowFilter: Sendable, Equatable, CustomStringConvertible {
    /// The column searched.
    public var column: String
    /// The text it must contain.
    public var text: String

    /// Rows whose `column` contains `text`.
    public init(column: String, text: String) {
        self.column = column
        self.text = text
    }

    /// "body contains 'tea'".
    public var description: String { "\(column) contains '\(text)'" }

    /// `text` as a `LIKE` pattern: `%` and `_` in it match themselves.
    var pattern: String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "%" + escaped + "%"
    }
}

/// The rows of one table in one order, optionally filtered, loaded by range or by keyset.
///
/// ```
/// let loader = try TableLoader(path: file, table: "messages", order: RowOrder(column: "time"))
/// let first = try await loader.load(0..<50)          // the first page, at once
/// let middle = try await loader.load(500_000..<500_050)  // one key walk + one page query
/// let count = await loader.count()                   // .estimated until the key index is complete
/// ```
///
/// An actor, so its one connection reads off the main actor, one statement at a time. Its own
/// connection reads only; a writer in another process commits beside it when the file is in WAL mode,
/// and `checkForChanges()` notices through `PRAGMA data_version`.
public actor TableLoader {
    /// The file.
    public nonisolated let path: String
    /// The table's shape; rows' values come in the order of `schema.columns`.
    public nonisolated let schema: TableSchema
    /// The order rows come in.
    public nonisolated let order: RowOrder
    /// The filter, if any.
    public nonisolated let filter: RowFilter?
    /// `count()` when the loader opened, readable without waiting for the actor: the estimate, or
    /// unknown under a filter.
    public nonisolated let countWhenOpened: RowCount

    let database: Database
    private let query: KeysetQuery
    /// The ordering column's place among the columns (nil for the rowid): a row's key is read from it.
    private let keyColumn: Int?
    private var index: SampledKeyIndex
    /// The count a glance gives (largest rowid minus smallest plus one), before the index has counted.
    private var estimate: Int
    /// `PRAGMA data_version` when the index was started.
    private var version: Int64

    /// Opens `table` of the database at `path` for reading, in `order`, keeping the rows `filter` passes.
    ///
    /// Throws, naming the file, table or column, when the file is missing, locked or not a database, the
    /// table or a column does not exist, or `order` is on a column no index keeps in order.
    /// `sampleInterval` is k of the key index: memory is one key per k rows, a jump walks fewer than k keys.
    public init(
        path: String, table: String, order: RowOrder = .rowid, filter: RowFilter? = nil, sampleInterval: Int = 64,
        busyTimeoutMilliseconds: Int = 2_000
    ) throws(DatabaseError) {
        let database = try Database(path: path, mode: .readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        let schema = try database.schema(of: table)
        func check(_ column: String) throws(DatabaseError) {
            guard schema.columns.contains(column) else { throw .noSuchColumn(column, table: table, in: path, columns: schema.columns) }
        }
        var sqlColumn: String?
        if let column = order.column, column != "rowid" {
            try check(column)
            guard schema.orderable.contains(column) else { throw .notIndexed(column, table: table, orderable: ["rowid"] + schema.orderable) }
            if column != schema.rowidAlias { sqlColumn = column }
        }
        if let filter { try check(filter.column) }
        self.database = database
        self.path = path
        self.schema = schema
        self.order = order
        self.filter = filter
        query = KeysetQuery(
            table: Database.quoted(table), column: sqlColumn.map(Database.quoted),
            filter: filter.map { ("\(Database.quoted($0.column)) LIKE ? ESCAPE '\\'", [.text($0.pattern)]) })
        keyColumn = sqlColumn.flatMap { schema.columns.firstIndex(of: $0) }
        index = SampledKeyIndex(interval: sampleInterval)
        version = try database.dataVersion()
        let estimate = try Self.glance(database, table: query.table)
        self.estimate = estimate
        countWhenOpened = filter == nil ? .estimated(estimate) : .unknown
    }

    /// Largest rowid minus smallest plus one: two seeks, exact for a table never deleted from. Two
    /// statements, since SQLite answers `max(rowid)` alone with a seek, but `max(rowid), min(rowid)`
    /// together with a scan of every row.
    private static func glance(_ database: Database, table: String) throws(DatabaseError) -> Int {
        guard let largest = try database.integer("SELECT max(rowid) FROM \(table)"),
            let smallest = try database.integer("SELECT min(rowid) FROM \(table)")
        else { return 0 }
        return Int(largest - smallest + 1)
    }

    /// The column names, in the order of every row's values.
    public nonisolated var columns: [String] { schema.columns }

    // MARK: Count and ranges

    /// The row count: exact once the key index has walked every row; until then an estimate (the rowid
    /// span), or unknown under a filter (which only the walk can count).
    public func count() -> RowCount {
        if index.isComplete { return .exact(index.rowsSeen) }
        if filter != nil { return .unknown }
        return .estimated(max(estimate, index.rowsSeen))
    }

    /// The rows at positions `range` of the order: fewer at the end, none past it.
    ///
    /// The first page needs nothing built. Elsewhere the key before `range.lowerBound` comes from the
    /// nearest sample of the key index and a walk of fewer than `sampleInterval` index entries; the
    /// index is extended first when it has not reached that position yet.
    /// - Complexity: O(log n + k + range.count) once the index covers the position.
    public func load(_ range: Range<Int>) throws(DatabaseError) -> [DatabaseRow] {
        guard range.lowerBound >= 0 else { throw .invalidRange(range) }
        guard !range.isEmpty else { return [] }
        switch try start(of: range.lowerBound) {
        case .pastTheEnd: return []
        case .fromTheStart: return try rows(after: nil, limit: range.count, descending: order.descending)
        case .after(let key): return try rows(after: key, limit: range.count, descending: order.descending)
        }
    }

    /// Where the rows from a position start.
    private enum Start {
        case fromTheStart
        case after(SortKey)
        case pastTheEnd
    }

    /// Where position `position` starts: the key of the row before it, found from the nearest sample.
    private func start(of position: Int) throws(DatabaseError) -> Start {
        guard position > 0 else { return .fromTheStart }
        // Only as far as the position (a whole sample at least): under a rare filter every key walked past
        // it is a scan of rows no page has asked for yet.
        while !index.isComplete && index.rowsSeen < position { try extendIndex(rows: max(index.interval, position - index.rowsSeen)) }
        guard position < index.rowsSeen || !index.isComplete else { return .pastTheEnd }
        let sample = index.sample(atOrBefore: position)
        let skip = position - sample.position
        if skip == 0 { return sample.keyBefore.map(Start.after) ?? .fromTheStart }
        let keys = try walk(select: query.keySelect, after: sample.keyBefore, limit: skip, descending: order.descending, read: readKey)
        // Fewer keys than asked: rows went since the index was built (checkForChanges() resets it).
        guard keys.count == skip, let last = keys.last else { return .pastTheEnd }
        return .after(last)
    }

    // MARK: Keyset pages

    /// Up to `limit` rows after `row` in the order (from the start when `row` is nil).
    public func rows(after row: DatabaseRow?, limit: Int) throws(DatabaseError) -> [DatabaseRow] {
        try rows(after: row.map(key), limit: limit, descending: order.descending)
    }

    /// Up to `limit` rows before `row` in the order (the last rows when `row` is nil), in the order.
    public func rows(before row: DatabaseRow?, limit: Int) throws(DatabaseError) -> [DatabaseRow] {
        try rows(after: row.map(key), limit: limit, descending: !order.descending).reversed()
    }

    /// `row`'s key in this loader's order.
    private func key(_ row: DatabaseRow) -> SortKey {
        SortKey(value: keyColumn.map { row.values[$0] } ?? .null, rowid: row.id)
    }

    private func rows(after key: SortKey?, limit: Int, descending: Bool) throws(DatabaseError) -> [DatabaseRow] {
        let select = "rowid, " + schema.columns.map(Database.quoted).joined(separator: ", ")
        let width = schema.columns.count
        return try walk(select: select, after: key, limit: limit, descending: descending) { statement in
            DatabaseRow(id: statement.integer(at: 0), values: (0..<width).map { statement.value(at: $0 + 1) })
        }
    }

    /// Reads a key from a `query.keySelect` row.
    private func readKey(_ statement: SQLiteStatement) -> SortKey {
        query.column == nil
            ? SortKey(value: .null, rowid: statement.integer(at: 0)) : SortKey(value: statement.value(at: 0), rowid: statement.integer(at: 1))
    }

    /// Up to `limit` results of `select` after `key`, through the order's runs: the rest of the key's run,
    /// then the runs after it from their start. One index-ordered query a run.
    private func walk<T>(
        select: String, after key: SortKey?, limit: Int, descending: Bool, read: (SQLiteStatement) -> T
    ) throws(DatabaseError) -> [T] {
        var results: [T] = []
        let runs = query.runs(descending: descending)
        var runIndex = key.map { runs.firstIndex(of: query.run(of: $0)) ?? 0 } ?? 0
        var after = key
        while runIndex < runs.count && results.count < limit {
            let (sql, bindings) = query.statement(
                select: select, run: runs[runIndex], after: after, descending: descending, limit: limit - results.count)
            let statement = try database.prepare(sql, bindings)
            while try database.step(statement, sql) { results.append(read(statement)) }
            runIndex += 1
            after = nil
        }
        return results
    }

    // MARK: The key index

    /// Extends the key index by up to `rows` keys (fewer at the end, which completes it).
    private func extendIndex(rows: Int) throws(DatabaseError) {
        let keys = try walk(select: query.keySelect, after: index.lastKey, limit: rows, descending: order.descending, read: readKey)
        for key in keys { index.append(key) }
        if keys.count < rows { index.finish() }
    }

    /// How far the key index has got.
    public var indexProgress: IndexProgress {
        IndexProgress(rowsIndexed: index.rowsSeen, isComplete: index.isComplete, samples: index.samples.count, memoryBytes: index.memoryBytes)
    }

    /// Walks the whole order in steps of `stepRows` keys, reporting after each, until the index is complete
    /// (or the task is cancelled). Between steps the actor takes other calls, so pages keep loading while
    /// the index builds; a load that needs a position the walk has not reached extends it itself.
    ///
    /// Under a filter a step walks at most `filteredStepRows` keys: finding each is a scan of the rows
    /// between two matches, and a page asked for meanwhile waits for the step to end.
    public func buildIndex(stepRows: Int = 8_192, progress: @Sendable (IndexProgress) -> Void = { _ in }) async throws(DatabaseError) {
        let step = max(1, filter == nil ? stepRows : min(stepRows, Self.filteredStepRows))
        while !index.isComplete && !Task.isCancelled {
            try extendIndex(rows: step)
            progress(indexProgress)
            await Task.yield()
        }
    }

    /// The most keys a step of `buildIndex` walks under a filter: at one match in 500 rows, a step
    /// scans about 128,000 rows, tens of milliseconds.
    public static let filteredStepRows = 256

    // MARK: Other writers

    /// True when another connection has committed a change since the index was started (`PRAGMA
    /// data_version`); the index is then dropped, to be built again, and the count is an estimate again.
    /// Throws when the file was removed or replaced while open.
    public func checkForChanges() throws(DatabaseError) -> Bool {
        try database.checkFileIsStillThere()
        let now = try database.dataVersion()
        guard now != version else { return false }
        version = now
        index = SampledKeyIndex(interval: index.interval)
        estimate = try Self.glance(database, table: query.table)
        return true
    }

    /// The file's journal mode ("wal": a writer never blocks this reader).
    public func journalMode() throws(DatabaseError) -> String { try database.journalMode() }

    /// The statements a page of this loader runs, as SQLite plans them (`EXPLAIN QUERY PLAN`): every run,
    /// from the start and after a key. For tests and `Demo db`: none should sort ("USE TEMP B-TREE").
    public func queryPlans() throws(DatabaseError) -> [String] {
        var plans: [String] = []
        for descending in [false, true] {
            for run in query.runs(descending: descending) {
                for key in [nil, SortKey(value: run == .nulls ? .null : .integer(0), rowid: 0)] {
                    let (sql, bindings) = query.statement(select: query.keySelect, run: run, after: key, descending: descending, limit: 1)
                    let details = try database.rows("EXPLAIN QUERY PLAN " + sql, bindings).compactMap { $0.last?.text }
                    plans.append(sql + " — " + details.joined(separator: "; "))
                }
            }
        }
        return plans
    }
}
