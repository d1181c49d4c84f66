import Foundation

// An open database file: a connection that reports its failures in the loader's words (naming the file),
// what the file holds (tables, columns, which columns an index orders), and the few writes the sample
// generator and the writer make. The C calls themselves are in Platform.swift.

/// An open SQLite database file.
///
/// Not `Sendable`: one owner at a time (a `TableLoader` actor, or the thread that made it).
public final class Database {
    /// How a file is opened.
    public enum Mode: Sendable {
        /// Reads only; the file must exist. What a loader uses.
        case readOnly
        /// Reads and writes; the file must exist.
        case readWrite
        /// Reads and writes, creating the file when it is missing.
        case create
    }

    /// The file, as given.
    public let path: String
    /// How long a statement waits for another connection's lock before failing, in milliseconds.
    public let busyTimeoutMilliseconds: Int
    let connection: SQLiteConnection
    /// The file's identity when it was opened, to notice it removed or replaced.
    private let fileNumber: UInt64?

    /// Opens `path` in `mode`, waiting at most `busyTimeoutMilliseconds` for another connection's lock.
    ///
    /// Throws a message naming the file when it is missing, unreadable, or not a database (SQLite opens
    /// lazily; the schema is read here so that a text file fails now, not at the first page).
    public init(path: String, mode: Mode = .readOnly, busyTimeoutMilliseconds: Int = 2_000) throws(DatabaseError) {
        if mode != .create {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw .cannotOpen(path, because: "no such file")
            }
            if isFolder.boolValue { throw .cannotOpen(path, because: "it is a folder") }
        }
        let sqliteMode: SQLiteConnection.Mode =
            switch mode {
            case .readOnly: .readOnly
            case .readWrite: .readWrite
            case .create: .create
            }
        do {
            connection = try SQLiteConnection(path: path, mode: sqliteMode)
        } catch {
            throw .from(error, path: path, sql: "open", busyTimeout: busyTimeoutMilliseconds)
        }
        self.path = path
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        fileNumber = Self.fileNumber(path)
        _ = try integer("PRAGMA schema_version")
    }

    // MARK: Statements

    /// Runs `sql` (statements without results).
    public func execute(_ sql: String) throws(DatabaseError) {
        do { try connection.execute(sql) } catch { throw failure(error, sql) }
    }

    /// Compiles `sql` with `bindings` bound.
    func prepare(_ sql: String, _ bindings: [DatabaseValue] = []) throws(DatabaseError) -> SQLiteStatement {
        do {
            let statement = try connection.prepare(sql)
            try statement.bind(bindings)
            return statement
        } catch {
            throw failure(error, sql)
        }
    }

    /// Steps `statement` (compiled from `sql`) to its next row.
    func step(_ statement: SQLiteStatement, _ sql: String) throws(DatabaseError) -> Bool {
        do { return try statement.step() } catch { throw failure(error, sql) }
    }

    /// Every row `sql` returns, each as its values.
    public func rows(_ sql: String, _ bindings: [DatabaseValue] = []) throws(DatabaseError) -> [[DatabaseValue]] {
        let statement = try prepare(sql, bindings)
        var rows: [[DatabaseValue]] = []
        while try step(statement, sql) {
            rows.append((0..<statement.columnCount).map { statement.value(at: $0) })
        }
        return rows
    }

    /// The first column of `sql`'s first row as an integer; nil when there is no row or it is NULL.
    public func integer(_ sql: String, _ bindings: [DatabaseValue] = []) throws(DatabaseError) -> Int64? {
        try rows(sql, bindings).first?.first?.integer
    }

    /// `error` of `sql` in the loader's words, naming this file.
    func failure(_ error: SQLiteFailure, _ sql: String) -> DatabaseError {
        .from(error, path: path, sql: sql, busyTimeout: busyTimeoutMilliseconds)
    }

    // MARK: Other writers, and the file itself

    /// A number that changes when another connection commits a change to the file (`PRAGMA data_version`);
    /// this connection's own writes leave it alone.
    public func dataVersion() throws(DatabaseError) -> Int64 {
        try integer("PRAGMA data_version") ?? 0
    }

    /// The file's journal mode: "wal" lets a writer in another process commit while this connection
    /// reads, without either waiting; "delete" (SQLite's default) makes a reader wait for a commit.
    public func journalMode() throws(DatabaseError) -> String {
        try rows("PRAGMA journal_mode").first?.first?.text ?? "unknown"
    }

    /// Switches the file to write-ahead logging, which it keeps for every later connection.
    public func enableWriteAheadLog() throws(DatabaseError) {
        let mode = try journalMode()
        guard mode != "wal" else { return }
        let now = try rows("PRAGMA journal_mode=WAL").first?.first?.text
        guard now == "wal" else { throw DatabaseError(.other, "'\(path)' could not switch to WAL mode (it stays in '\(now ?? mode)' mode)") }
    }

    /// Throws when the file this connection opened is no longer at its path (removed, or replaced by
    /// another file): SQLite would go on reading the old one without a word.
    public func checkFileIsStillThere() throws(DatabaseError) {
        guard let fileNumber, Self.fileNumber(path) == fileNumber else { throw .vanished(path) }
    }

    /// The inode of `path`, nil when there is no such file.
    private static func fileNumber(_ path: String) -> UInt64? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
    }

    /// Runs `body` in one transaction, committed when it returns and rolled back when it throws.
    public func transaction<T>(_ body: () throws(DatabaseError) -> T) throws(DatabaseError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}
