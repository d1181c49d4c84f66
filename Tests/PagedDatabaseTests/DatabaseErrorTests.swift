import Foundation
import PagedDatabase
import Testing

// Every bad input the loader meets, and the message it gives: each names the file, and the table or
// column, that is wrong.

@Suite struct DatabaseErrorTests {
    /// The error `body` throws, or nil.
    static func error(_ body: () throws -> Void) -> DatabaseError? {
        do {
            try body()
            return nil
        } catch {
            return error as? DatabaseError
        }
    }

    static func error(_ body: () async throws -> Void) async -> DatabaseError? {
        do {
            try await body()
            return nil
        } catch {
            return error as? DatabaseError
        }
    }

    @Test func aMissingFileOrAFolderCannotBeOpened() throws {
        let folder = try TemporaryFolder()
        let missing = folder.file("missing.sqlite")
        let error = Self.error { _ = try TableLoader(path: missing, table: "items") }
        #expect(error == DatabaseError(.cannotOpen, "cannot open '\(missing)': no such file"))
        #expect(!FileManager.default.fileExists(atPath: missing), "opening for reading must not create the file")
        let asFolder = Self.error { _ = try TableLoader(path: folder.path, table: "items") }
        #expect(asFolder == DatabaseError(.cannotOpen, "cannot open '\(folder.path)': it is a folder"))
    }

    @Test func aFileThatIsNotADatabaseSaysSo() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("notes.txt")
        try String(repeating: "not a database, just some notes\n", count: 100).write(toFile: path, atomically: true, encoding: .utf8)
        let error = Self.error { _ = try TableLoader(path: path, table: "items") }
        #expect(error == DatabaseError(.notADatabase, "'\(path)' is not an SQLite database (SQLite: file is not a database)"))
    }

    @Test func aMissingTableIsNamedWithTheTablesThereAre() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 5)
        try Database(path: path, mode: .readWrite).execute("CREATE TABLE authors (name TEXT)")
        let error = Self.error { _ = try TableLoader(path: path, table: "notes") }
        #expect(error == DatabaseError(.noSuchTable, "no table 'notes' in '\(path)' (its tables: authors, items)"))
        let empty = folder.file("empty.sqlite")
        _ = try Database(path: empty, mode: .create)
        let none = Self.error { _ = try TableLoader(path: empty, table: "notes") }
        #expect(none == DatabaseError(.noSuchTable, "no table 'notes' in '\(empty)' (it has no tables)"))
    }

    @Test func aMissingColumnIsNamedWithTheColumnsThereAre() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 5)
        let expected = DatabaseError(.noSuchColumn, "no column 'colour' in table 'items' of '\(path)' (its columns: id, name, rank, note)")
        #expect(Self.error { _ = try TableLoader(path: path, table: "items", order: RowOrder(column: "colour")) } == expected)
        let filtered = Self.error { _ = try TableLoader(path: path, table: "items", filter: RowFilter(column: "colour", text: "red")) }
        #expect(filtered == expected)
    }

    @Test func orderingByAColumnWithoutAnIndexIsRefusedWithTheOrdersOnOffer() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 5)
        let error = Self.error { _ = try TableLoader(path: path, table: "items", order: RowOrder(column: "note")) }
        #expect(
            error
                == DatabaseError(
                    .notIndexed,
                    "table 'items' has no index on 'note', so ordering by it would sort every row for every page; "
                        + "order by rowid, id, name, rank or build an index on 'note' first"))
    }

    @Test func aTableWithoutRowidIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("keys.sqlite")
        try Database(path: path, mode: .create).execute("CREATE TABLE pairs (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID")
        let error = Self.error { _ = try TableLoader(path: path, table: "pairs") }
        #expect(error == DatabaseError(.withoutRowid, "table 'pairs' of '\(path)' is a WITHOUT ROWID table; the loader pages tables by rowid"))
    }

    @Test func aFileLockedByAWriterIsReportedAfterTheBusyTimeout() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        // Rollback-journal mode: an exclusive lock keeps every reader out (WAL mode would not).
        try TestDatabase.make(at: path, rows: 5, wal: false)
        let writer = try Database(path: path, mode: .readWrite)
        try writer.execute("BEGIN EXCLUSIVE; INSERT INTO items (name) VALUES ('new');")
        let error = Self.error { _ = try TableLoader(path: path, table: "items", busyTimeoutMilliseconds: 20) }
        #expect(
            error
                == DatabaseError(
                    .locked,
                    "'\(path)' is locked by another connection (SQLite: database is locked) after waiting 20 ms; try again when the writer has finished"
                ))
        try writer.execute("COMMIT")
        #expect(Self.error { _ = try TableLoader(path: path, table: "items", busyTimeoutMilliseconds: 20) } == nil)
    }

    @Test func aFileRemovedOrReplacedWhileOpenIsNoticed() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 5)
        let loader = try TableLoader(path: path, table: "items")
        #expect(try await loader.checkForChanges() == false)
        try FileManager.default.removeItem(atPath: path)
        let vanished = DatabaseError(.vanished, "'\(path)' was removed or replaced while it was open; open it again")
        #expect(await Self.error { _ = try await loader.checkForChanges() } == vanished)
        try TestDatabase.make(at: path, rows: 5)
        #expect(await Self.error { _ = try await loader.checkForChanges() } == vanished)
    }

    @Test func aRangeBeforeTheFirstRowIsRefused() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 5)
        let loader = try TableLoader(path: path, table: "items")
        let error = await Self.error { _ = try await loader.load(-2..<3) }
        #expect(error == DatabaseError(.invalidArgument, "cannot load rows -2..<3: rows start at 0"))
        #expect(try await loader.load(0..<3).count == 3, "the loader still works")
    }

    @Test func anUnforeseenFailureNamesTheFileAndTheStatement() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 5)
        let error = Self.error { _ = try Database(path: path).rows("SELECT colour FROM items") }
        #expect(error == DatabaseError(.other, "SQLite failed on '\(path)' running `SELECT colour FROM items`: no such column: colour (code 1)"))
    }
}
