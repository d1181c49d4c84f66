import Foundation
import PagedDatabase
import Testing

@testable import Demo

// `Demo db`: its options (each mistake named), and the scripted session over a small sample, whose rows
// are checked against the generator.

@Suite struct DatabaseSessionTests {
    static func optionsError(_ arguments: [String]) -> String? {
        do {
            _ = try DatabaseSession.Options(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func optionsAreReadAndMistakesNamed() throws {
        let options = try DatabaseSession.Options(["file.db", "notes", "--rows", "500"])
        #expect(options.file == "file.db" && options.table == "notes" && options.rows == 500 && options.writer == nil)
        let writer = try DatabaseSession.Options(["--writer", "file.db", "--every", "0.5", "--count", "2", "--times", "4"])
        #expect(writer.writer == "file.db" && writer.every == 0.5 && writer.count == 2 && writer.times == 4)
        #expect(Self.optionsError(["--rows", "many"]) == "--rows needs a number of 0 or more")
        #expect(Self.optionsError(["--rows", "-3"]) == "--rows needs a number of 0 or more")
        #expect(Self.optionsError(["--writer"]) == "--writer needs the database FILE to append to")
        #expect(Self.optionsError(["--fast"]) == "unknown option '--fast' (see `Demo db --help`)")
        #expect(Self.optionsError(["a", "b", "c"]) == "one FILE and one TABLE at most; 'c' is one too many")
    }

    @MainActor @Test func theScriptedSessionShowsTheRowsOfEachStep() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-db-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/messages.sqlite"
        try SampleMessages.create(at: path, rows: 1_000)
        var lines: [String] = []
        var script = DatabaseScript(path: path, table: nil, isSample: true)
        script.print = { lines.append($0) }
        script.drivesTheScreen = false
        try script.run()
        let text = lines.joined(separator: "\n")
        let middle = SampleMessages.message(500)
        #expect(text.contains("key index"))
        #expect(text.contains("1,000 rows walked"))
        #expect(text.contains("jump to the middle, rows 500..<520"))
        let time = DatabaseRows.show(.integer(middle.time), column: "time")
        #expect(time.hasSuffix(" UTC") && !time.contains("\(middle.time)"), "a date, not epoch seconds")
        #expect(text.contains("#501 \(middle.author) · \(time) · "), "the middle row is message 500 (id 501)")
        #expect(text.contains("filter body contains 'harbour'"))
        #expect(text.contains("count then: rows not counted yet"))
        #expect(text.contains("noticed true, last rows [1001, 1002, 1003]"))
        #expect(text.contains("and removed them: noticed true"))
        #expect(try Database(path: path).integer("SELECT count(*) FROM messages") == 1_000, "the sample is left as it was")
    }

    /// The session's last part, the screen's paged table, in the executable (its main thread runs the
    /// run loop where pages land): placeholders first, pages landing with the top row still, a jump, steps.
    @Test func theScriptedSessionDrivesThePagedTableWithoutMovingTheReader() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-db-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/messages.sqlite"
        try SampleMessages.create(at: path, rows: 1_000)
        let run = try DemoMainTests.run(["db", path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("paged table at 100 × 30: first pass, "))
        #expect(run.output.contains("  first screen in "))
        #expect(run.output.contains("g 501: "), "the jump goes to the middle row of the 1,000")
        #expect(run.output.contains("row 501 stayed at the top"), "the jump's row is at the top when its pages have landed")
        #expect(run.output.contains("page down 3, "))
    }

    @MainActor @Test func aFileWithSeveralTablesAsksForOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-db-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/two.sqlite"
        try Database(path: path, mode: .create).execute("CREATE TABLE a (x); CREATE TABLE b (y);")
        let script = DatabaseScript(path: path, table: nil, isSample: false, print: { _ in })
        #expect(throws: DatabaseError(.noSuchTable, "'\(path)' has tables a, b; name one: Demo db FILE TABLE")) { try script.run() }
    }
}
