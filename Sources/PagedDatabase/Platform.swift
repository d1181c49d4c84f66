#if os(Linux)
import CSQLite
#elseif canImport(Darwin)
import SQLite3
#else
#error("the database loader calls SQLite through Debian's libsqlite3 (CSQLite) or Darwin's SQLite3 only")
#endif

// Every call into SQLite's C library, and nothing else: a connection and its prepared statements,
// wrapped so the rest of the target never sees a C pointer or a result code. On Linux the library
// comes from Debian's libsqlite3-dev through Sources/CSQLite; on Darwin from the SDK's SQLite3
// module, whose declarations are the same header (that branch has not been compiled; README.md,
// "Platforms").

/// What SQLite said when a call failed: its extended result code and its message.
struct SQLiteFailure: Error, Equatable {
    /// The extended result code (`sqlite3_extended_errcode`); its low byte is the primary code.
    var code: Int32
    /// SQLite's own words (`sqlite3_errmsg`), "no such table: notes".
    var message: String

    /// The primary result code's meaning, as the loader's errors need it.
    enum Kind { case notADatabase, busy, cannotOpen, interrupted, other }

    var kind: Kind {
        switch code & 0xFF {
        case SQLITE_NOTADB: return .notADatabase
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_CANTOPEN: return .cannotOpen
        case SQLITE_INTERRUPT: return .interrupted
        default: return .other
        }
    }
}

/// One connection to a database file (`sqlite3_open_v2`), closed when released.
///
/// Opened with `SQLITE_OPEN_FULLMUTEX`: SQLite serializes every call on the connection, so it may be
/// handed between threads (an actor's executor moves it) and `interrupt()` may come from any thread.
final class SQLiteConnection: @unchecked Sendable {
    /// How a file is opened.
    enum Mode: Sendable {
        /// Reads only; the file must exist.
        case readOnly
        /// Reads and writes; the file must exist.
        case readWrite
        /// Reads and writes, creating the file when it is missing.
        case create
    }

    /// The file, as given.
    let path: String
    private let handle: OpaquePointer
    /// The progress handler's closure, kept alive while SQLite holds an unretained reference to it.
    private var progressBox: ProgressBox?

    /// Opens `path`. SQLite opens lazily: a file that is not a database fails at the first statement.
    init(path: String, mode: Mode) throws(SQLiteFailure) {
        var flags = SQLITE_OPEN_FULLMUTEX
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var opened: OpaquePointer?
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else { throw SQLiteFailure(code: status, message: "out of memory") }
        guard status == SQLITE_OK else {
            let failure = SQLiteFailure(code: sqlite3_extended_errcode(opened), message: String(cString: sqlite3_errmsg(opened)))
            sqlite3_close_v2(opened)
            throw failure
        }
        sqlite3_extended_result_codes(opened, 1)
        self.path = path
        handle = opened
    }

    deinit { sqlite3_close_v2(handle) }

    /// The failure the last call on this connection left.
    private var lastFailure: SQLiteFailure {
        SQLiteFailure(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs `sql` (one or more statements, no results read) with `sqlite3_exec`.
    func execute(_ sql: String) throws(SQLiteFailure) {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw lastFailure }
    }

    /// Compiles `sql` (one statement) into a statement to bind and step.
    func prepare(_ sql: String) throws(SQLiteFailure) -> SQLiteStatement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw lastFailure }
        return SQLiteStatement(statement, connection: self)
    }

    /// How long a statement waits for another connection's lock before failing with "database is locked"
    /// (`sqlite3_busy_timeout`).
    func setBusyTimeout(milliseconds: Int) { sqlite3_busy_timeout(handle, Int32(clamping: milliseconds)) }

    /// The rowid of the last row this connection inserted.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Stops the statement running on this connection (`sqlite3_interrupt`); callable from any thread.
    func interrupt() { sqlite3_interrupt(handle) }

    /// Calls `handler` about every `instructions` virtual-machine steps of a running statement
    /// (`sqlite3_progress_handler`); the statement stops with "interrupted" when it returns false.
    /// nil removes the handler.
    func setProgressHandler(every instructions: Int32, _ handler: (() -> Bool)?) {
        guard let handler else {
            sqlite3_progress_handler(handle, 0, nil, nil)
            progressBox = nil
            return
        }
        let box = ProgressBox(handler)
        progressBox = box
        // The box is held by `progressBox` until the handler is removed or the connection closes.
        sqlite3_progress_handler(
            handle, instructions,
            { context in
                guard let context else { return 0 }
                return Unmanaged<ProgressBox>.fromOpaque(context).takeUnretainedValue().handler() ? 0 : 1
            }, Unmanaged.passUnretained(box).toOpaque())
    }

    private final class ProgressBox {
        let handler: () -> Bool
        init(_ handler: @escaping () -> Bool) { self.handler = handler }
    }

    /// The failure of a statement of this connection (for `SQLiteStatement`).
    fileprivate var failure: SQLiteFailure { lastFailure }
}

/// A compiled statement (`sqlite3_stmt`): bind parameters, step through rows, read columns.
/// Finalized when released. Parameters and columns count from 0 here (SQLite's parameters count from 1).
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: SQLiteConnection

    fileprivate init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// SQLite copies bound text and blobs (`SQLITE_TRANSIENT`, a C macro Swift does not import: the
    /// destructor pointer -1).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Binds `value` to parameter `index` (0-based).
    func bind(_ value: DatabaseValue, at index: Int) throws(SQLiteFailure) {
        let position = Int32(index + 1)
        let status: Int32
        switch value {
        case .null: status = sqlite3_bind_null(handle, position)
        case .integer(let number): status = sqlite3_bind_int64(handle, position, number)
        case .real(let number): status = sqlite3_bind_double(handle, position, number)
        case .text(let text): status = sqlite3_bind_text(handle, position, text, -1, Self.transient)
        case .blob(let bytes):
            status = bytes.withUnsafeBytes { raw in
                sqlite3_bind_blob64(handle, position, raw.baseAddress, sqlite3_uint64(raw.count), Self.transient)
            }
        }
        guard status == SQLITE_OK else { throw connection.failure }
    }

    /// Binds `values` to the parameters in order.
    func bind(_ values: [DatabaseValue]) throws(SQLiteFailure) {
        for (index, value) in values.enumerated() { try bind(value, at: index) }
    }

    /// Runs to the next row: true when there is one, false when the statement is done.
    func step() throws(SQLiteFailure) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.failure
        }
    }

    /// Rewinds the statement to run again, its bindings kept (`sqlite3_reset`).
    func reset() { sqlite3_reset(handle) }

    /// Columns in each row.
    var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// Column `index`'s name in the result.
    func columnName(_ index: Int) -> String { String(cString: sqlite3_column_name(handle, Int32(index))) }

    /// Column `index` of the current row.
    func value(at index: Int) -> DatabaseValue {
        let column = Int32(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            // Read by length, not up to a NUL: text may hold one.
            guard let start = sqlite3_column_text(handle, column) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, column))
            return .text(String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let start = sqlite3_column_blob(handle, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: start, count: count)))
        default: return .null
        }
    }

    /// Column `index` of the current row as an integer (0 for NULL).
    func integer(at index: Int) -> Int64 { sqlite3_column_int64(handle, Int32(index)) }
}
