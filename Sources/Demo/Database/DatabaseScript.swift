import Dispatch
import Figures
import Foundation
import PagedDatabase
import ReuseTable
import ReuseTableTerminal

// The scripted session of `Demo db`: each step of a reader over a table, with the rows it got and how
// long the loader took (wall time, one run: a figure to read, not a benchmark).

/// One scripted pass over a table: open, first page, key index, jumps, another order, a filter, a writer,
/// then the screen's paged table driven without a terminal.
struct DatabaseScript {
    let path: String
    let table: String?
    /// True for the generated sample, the one file the session writes to (and puts back).
    let isSample: Bool
    /// Where each line goes: standard output, or a test's list.
    var print: (String) -> Void = { Swift.print($0) }
    /// Whether the session ends by driving the screen's paged table. Its pages land through the main
    /// run loop, which `Demo db` runs on its main thread; a test already running on the main actor
    /// cannot (`DemoMainTests` runs that part in the executable).
    var drivesTheScreen = true

    @MainActor
    func run() throws {
        let table = try chooseTable()
        print("Database \(path), table \(table)")
        let opened = try timed("open") { try TableLoader(path: path, table: table) }
        let loader = opened.value
        print("  \(opened.line); journal mode \(try runAndWait { try await loader.journalMode() }); \(try runAndWait { await loader.count() })")
        try show("first page, rows 0..<20", loader, 0..<20)
        let built = try timed("key index") {
            try runAndWait { try await loader.buildIndex() }
            return try runAndWait { await loader.indexProgress }
        }
        print(
            "  \(built.line): \(built.value.rowsIndexed.grouped) rows walked, \(built.value.samples.grouped) keys kept, "
                + "\(built.value.memoryBytes.grouped) bytes; now \(try runAndWait { await loader.count() })")
        let count = try runAndWait { await loader.count() }.value ?? 0
        try show("jump to the middle, rows \(count / 2)..<\(count / 2 + 20)", loader, (count / 2)..<(count / 2 + 20))
        try show("jump to the end", loader, max(0, count - 5)..<(count + 5))
        try reorder(loader)
        try filter(loader)
        if isSample { try otherWriter(loader) }
        if drivesTheScreen { try pagedTable(try TableLoader(path: path, table: table)) }
    }

    /// The screen's table (`DatabaseScreen`, the library's paged source) at 100 × 30, without a terminal:
    /// its first pass, a jump to the middle and steps down, each landing. Whenever pages land or the count
    /// arrives, the row at the top must keep its place on screen; throws if it moved.
    @MainActor
    private func pagedTable(_ loader: TableLoader) throws {
        let screen = DatabaseScreen(loader: loader)
        screen.resize(width: 100, height: 30)
        _ = screen.render()
        print("paged table at 100 × 30: first pass, \(screen.placeholdersOnScreen) placeholders on screen")
        try landStill(screen, "  first screen")
        let middle = screen.rows.count / 2
        for key in [.char("g")] + String(middle + 1).map(Key.char) + [.enter] { _ = screen.handle(key) }
        _ = screen.render()
        print("  g \((middle + 1).grouped): \(screen.placeholdersOnScreen) placeholders in the jump's own pass")
        try landStill(screen, "  its pages")
        for step in 1...3 {
            _ = screen.handle(.pageDown)
            _ = screen.render()
            try landStill(screen, "  page down \(step), \(screen.placeholdersOnScreen) placeholders; landed")
        }
    }

    /// Runs the main actor and the screen's idle steps until no placeholder is on screen, no load runs and
    /// the count has been taken, checking after each round that the top row kept its place.
    @MainActor
    private func landStill(_ screen: DatabaseScreen, _ title: String) throws {
        let table = screen.table
        guard let top = table.indexPathsForVisibleRows?.first else { return }
        let place = table.rectForRow(at: top).minY - table.contentOffset.y
        let start = DispatchTime.now().uptimeNanoseconds
        while screen.placeholdersOnScreen > 0 || screen.rows.source.status.loadsInFlight > 0 || screen.isCounting {
            guard DispatchTime.now().uptimeNanoseconds - start < 30_000_000_000 else {
                throw DatabaseError(.invalidArgument, "\(title): the pages on screen did not land in 30 s")
            }
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
            _ = screen.runIdleStep(budget: .milliseconds(5))
            _ = screen.render()
            let now = table.rectForRow(at: top).minY - table.contentOffset.y
            guard now == place else {
                throw DatabaseError(.invalidArgument, "\(title): row \(top.row + 1) moved from \(place) to \(now) on screen as pages landed")
            }
        }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        print(String(format: "%@ in %.1f ms; row %@ stayed at the top", title, milliseconds, (top.row + 1).grouped))
    }

    /// `table`, or the file's only table (the sample's messages).
    func chooseTable() throws -> String {
        if let table { return table }
        if isSample { return SampleMessages.table }
        let tables = try Database(path: path).tables()
        guard tables.count == 1 else {
            throw DatabaseError(
                .noSuchTable,
                tables.isEmpty ? "'\(path)' has no tables" : "'\(path)' has tables \(tables.joined(separator: ", ")); name one: Demo db FILE TABLE")
        }
        return tables[0]
    }

    /// Loads `range` and prints it, with the time it took.
    private func show(_ title: String, _ loader: TableLoader, _ range: Range<Int>) throws {
        let loaded = try timed(title) { try runAndWait { try await loader.load(range) } }
        print("  \(loaded.line): \(loaded.value.count) rows")
        for row in loaded.value.prefix(3) {
            print("    " + summary(row, columns: loader.columns, skipping: loader.schema.rowidAlias.flatMap(loader.columns.firstIndex)))
        }
    }

    /// The same table by the first indexed column other than the rowid, largest first, and a jump in it.
    private func reorder(_ loader: TableLoader) throws {
        let preferred = loader.schema.orderable.first { $0 == "time" } ?? loader.schema.orderable.first { $0 != loader.schema.rowidAlias }
        guard let column = preferred else {
            print("  (no indexed column to order by besides the rowid)")
            return
        }
        let opened = try timed("order by \(column) descending") {
            try TableLoader(path: path, table: loader.schema.name, order: RowOrder(column: column, descending: true))
        }
        print("  \(opened.line)")
        try show("  first page", opened.value, 0..<20)
        try show("  row 1,000 (the index extended as far as needed)", opened.value, 1_000..<1_020)
    }

    /// A filter on the first text column: its first page, then its count once its index is complete.
    private func filter(_ loader: TableLoader) throws {
        let column = loader.columns.contains("body") ? "body" : loader.columns.last!
        let filter = RowFilter(column: column, text: "harbour")
        let filtered = try TableLoader(path: path, table: loader.schema.name, filter: filter)
        try show("filter \(filter): first page", filtered, 0..<20)
        print("    count then: \(try runAndWait { await filtered.count() })")
        let counted = try timed("  counted") {
            try runAndWait { try await filtered.buildIndex() }
            return try runAndWait { await filtered.count() }
        }
        print("  \(counted.line): \(counted.value)")
    }

    /// Another connection appends three messages and removes them again: the reader notices both
    /// commits through `PRAGMA data_version`, and the sample is left as it was.
    private func otherWriter(_ loader: TableLoader) throws {
        let ids = try SampleMessages.append(3, to: path)
        let noticed = try runAndWait { try await loader.checkForChanges() }
        let last = try runAndWait { try await loader.rows(before: nil, limit: 3) }
        print("  another writer appended \(ids.map(String.init).joined(separator: ", ")): noticed \(noticed), last rows \(last.map(\.id))")
        let writer = try Database(path: path, mode: .readWrite)
        try writer.execute("DELETE FROM messages WHERE id >= \(ids.first ?? 0)")
        print("  and removed them: noticed \(try runAndWait { try await loader.checkForChanges() })")
    }

    /// "#42 Ada K. · 2020-01-01 00:03:52 UTC · First line of the body…", the rowid's alias column left out
    /// (it is the `#`), a time as a date (`DatabaseRows.show(_:column:)`).
    private func summary(_ row: DatabaseRow, columns: [String], skipping alias: Int?) -> String {
        let text = row.values.indices.filter { $0 != alias }.map { (row.values[$0], columns[$0]) }.map { value, column in
            let line = DatabaseRows.show(value, column: column).split(separator: "\n").first.map(String.init) ?? ""
            return line.count > 40 ? String(line.prefix(39)) + "…" : line
        }
        return "#\(row.id) " + text.joined(separator: " · ")
    }

    /// `body`'s value and "title: 1.2 ms".
    private func timed<T>(_ title: String, _ body: () throws -> T) throws -> (value: T, line: String) {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try body()
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        return (value, String(format: "%@: %.1f ms", title, milliseconds))
    }
}

/// Runs `work` on the cooperative pool and waits for it: the script is a sequence of steps.
func runAndWait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

/// A result handed from a task to the thread waiting for it (the semaphore orders the accesses).
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
