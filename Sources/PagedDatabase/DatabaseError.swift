// The loader's errors: each names the file, and the table or column, that is wrong, in words a
// person can act on. Nothing a loader holds changes when one is thrown.

/// What went wrong opening or reading a database, with a message naming the file, table or column.
public struct DatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is, for code that reacts to it (a retry on `.locked`).
    public enum Kind: Sendable, Equatable {
        case cannotOpen, notADatabase, noSuchTable, noSuchColumn, notIndexed, withoutRowid
        case locked, vanished, invalidArgument, interrupted, other
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The whole message, naming the file and the table or column.
    public var message: String

    /// An error of `kind` saying `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }

    // MARK: The messages

    static func cannotOpen(_ path: String, because reason: String) -> DatabaseError {
        DatabaseError(.cannotOpen, "cannot open '\(path)': \(reason)")
    }

    static func notADatabase(_ path: String) -> DatabaseError {
        DatabaseError(.notADatabase, "'\(path)' is not an SQLite database (SQLite: file is not a database)")
    }

    static func noSuchTable(_ table: String, in path: String, tables: [String]) -> DatabaseError {
        let known = tables.isEmpty ? "it has no tables" : "its tables: " + tables.joined(separator: ", ")
        return DatabaseError(.noSuchTable, "no table '\(table)' in '\(path)' (\(known))")
    }

    static func noSuchColumn(_ column: String, table: String, in path: String, columns: [String]) -> DatabaseError {
        DatabaseError(
            .noSuchColumn, "no column '\(column)' in table '\(table)' of '\(path)' (its columns: \(columns.joined(separator: ", ")))")
    }

    static func notIndexed(_ column: String, table: String, orderable: [String]) -> DatabaseError {
        DatabaseError(
            .notIndexed,
            "table '\(table)' has no index on '\(column)', so ordering by it would sort every row for every page; "
                + "order by \(orderable.joined(separator: ", ")) or build an index on '\(column)' first")
    }

    static func withoutRowid(_ table: String, in path: String) -> DatabaseError {
        DatabaseError(.withoutRowid, "table '\(table)' of '\(path)' is a WITHOUT ROWID table; the loader pages tables by rowid")
    }

    static func locked(_ path: String, waitedMilliseconds: Int) -> DatabaseError {
        DatabaseError(
            .locked,
            "'\(path)' is locked by another connection (SQLite: database is locked) after waiting \(waitedMilliseconds) ms; "
                + "try again when the writer has finished")
    }

    static func vanished(_ path: String) -> DatabaseError {
        DatabaseError(.vanished, "'\(path)' was removed or replaced while it was open; open it again")
    }

    static func invalidRange(_ range: Range<Int>) -> DatabaseError {
        DatabaseError(.invalidArgument, "cannot load rows \(range.lowerBound)..<\(range.upperBound): rows start at 0")
    }

    /// `failure` of `sql` on `path`, as the kind it is: a locked file, a file that is not a database, an
    /// interrupted statement, or SQLite's own message with the statement that failed.
    static func from(_ failure: SQLiteFailure, path: String, sql: String, busyTimeout: Int) -> DatabaseError {
        switch failure.kind {
        case .notADatabase: return notADatabase(path)
        case .busy: return locked(path, waitedMilliseconds: busyTimeout)
        case .cannotOpen: return cannotOpen(path, because: failure.message)
        case .interrupted: return DatabaseError(.interrupted, "interrupted while running `\(sql)` on '\(path)'")
        case .other: return DatabaseError(.other, "SQLite failed on '\(path)' running `\(sql)`: \(failure.message) (code \(failure.code))")
        }
    }
}
