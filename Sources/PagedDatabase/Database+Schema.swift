// What a database holds, as the loader needs it: its tables, a table's columns, the column that is the
// rowid, and the columns an index keeps in order (the only ones a loader orders by, since any other
// order would sort every row for every page). And building such an index, with progress.

/// A table's shape, read once when a loader opens it.
public struct TableSchema: Sendable, Equatable {
    /// The table's name.
    public var name: String
    /// Its columns, in declaration order.
    public var columns: [String]
    /// The `INTEGER PRIMARY KEY` column, which is the rowid under another name; nil when there is none.
    public var rowidAlias: String?
    /// The columns an index keeps in order (the first column of an index with the default collation, not
    /// partial), plus the rowid's alias: the orders a loader can page by keyset.
    public var orderable: [String]
}

extension Database {
    /// `name` quoted as an SQL identifier: `"my ""odd"" table"`.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The file's tables, by name (SQLite's own `sqlite_` tables left out).
    public func tables() throws(DatabaseError) -> [String] {
        try rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
            .compactMap { $0.first?.text }
    }

    /// The shape of `table`; throws naming the file and its tables when there is no such table, and when
    /// the table has no rowid to page by.
    public func schema(of table: String) throws(DatabaseError) -> TableSchema {
        let info = try rows("SELECT name, type, pk FROM pragma_table_info(?)", [.text(table)])
        let known = try tables()
        guard !info.isEmpty, known.contains(table) else { throw .noSuchTable(table, in: path, tables: known) }
        let columns = info.compactMap { $0[0].text }
        let keyColumns = info.filter { ($0[2].integer ?? 0) > 0 }
        var alias: String?
        if keyColumns.count == 1, keyColumns[0][1].text?.uppercased() == "INTEGER" { alias = keyColumns[0][0].text }
        do {
            _ = try prepare("SELECT rowid FROM \(Self.quoted(table)) LIMIT 0")
        } catch {
            throw .withoutRowid(table, in: path)
        }
        var orderable = alias.map { [$0] } ?? []
        for index in try rows("SELECT name, partial FROM pragma_index_list(?)", [.text(table)]) where index[1].integer == 0 {
            guard let indexName = index[0].text else { continue }
            let first = try rows("SELECT name, coll FROM pragma_index_xinfo(?) WHERE seqno = 0", [.text(indexName)]).first
            guard let first, let column = first[0].text, first[1].text?.uppercased() == "BINARY" else { continue }
            if !orderable.contains(column) { orderable.append(column) }
        }
        return TableSchema(name: table, columns: columns, rowidAlias: alias, orderable: orderable.sorted())
    }

    /// Builds an index on `column` of `table` (named `<table>_<column>`), so a loader can order by it.
    ///
    /// `CREATE INDEX` is one statement: SQLite reads every row, sorts, and writes the index. `progress` is
    /// called every `stride` virtual-machine steps with the count of steps so far (SQLite cannot say how
    /// many remain; a row costs a few dozen); returning false stops the build, which leaves nothing behind.
    /// The connection must be able to write.
    public func createIndex(
        on column: String, of table: String, stride: Int = 1_000_000, progress: @escaping (Int) -> Bool = { _ in true }
    ) throws(DatabaseError) {
        let shape = try schema(of: table)
        guard shape.columns.contains(column) else { throw .noSuchColumn(column, table: table, in: path, columns: shape.columns) }
        let name = Self.quoted("\(table)_\(column)")
        let sql = "CREATE INDEX IF NOT EXISTS \(name) ON \(Self.quoted(table))(\(Self.quoted(column)))"
        var steps = 0
        connection.setProgressHandler(every: Int32(clamping: max(1, stride))) {
            steps += stride
            return progress(steps)
        }
        defer { connection.setProgressHandler(every: 0, nil) }
        try execute(sql)
    }
}
