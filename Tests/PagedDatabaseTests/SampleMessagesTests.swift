import Foundation
import PagedDatabase
import Testing

// The sample message database: the same messages every run, written in transactions with progress,
// kept in the cache folder, and appended to by the writer while a loader reads.

@Suite struct SampleMessagesTests {
    @Test func messagesAreTheSameEveryRunAndRangeFromALineToParagraphs() {
        #expect(SampleMessages.message(41) == SampleMessages.message(41))
        #expect(SampleMessages.message(41) != SampleMessages.message(42))
        let bodies = (0..<400).map { SampleMessages.message($0).body }
        let paragraphs = bodies.map { $0.components(separatedBy: "\n\n").count }
        #expect(paragraphs.min() == 1 && paragraphs.max()! >= 3)
        let sentences = bodies.map { $0.filter { $0 == "." }.count }
        #expect(sentences.min() == 1 && sentences.max()! >= 10)
        #expect(Set((0..<400).map { SampleMessages.message($0).author }).count > 50)
    }

    @Test func theSampleIsWrittenInTransactionsWithProgressAndOrderableByAuthorAndTime() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("cache/reusetable/messages.sqlite")
        var reports: [SampleMessages.Progress] = []
        try SampleMessages.create(at: path, rows: 1_000, batch: 300) { reports.append($0) }
        #expect(reports.map(\.rowsWritten) == [300, 600, 900, 1_000, 1_000])
        #expect(reports.map(\.buildingIndexes) == [false, false, false, false, true])
        #expect(!FileManager.default.fileExists(atPath: path + ".partial"))
        let database = try Database(path: path)
        #expect(try database.journalMode() == "wal")
        #expect(try database.schema(of: "messages").orderable == ["author", "id", "time"])
        let loader = try TableLoader(path: path, table: "messages", order: RowOrder(column: "time", descending: true))
        try await loader.buildIndex()
        #expect(await loader.count() == .exact(1_000))
        let message = SampleMessages.message(500)
        let row = try await loader.rows(after: nil, limit: 1_000).first { $0.id == 501 }
        #expect(row?.values == [.integer(501), .text(message.author), .integer(message.time), .text(message.body)])
    }

    @Test func theCacheFolderFollowsXDGCacheHome() {
        #expect(SampleMessages.cachedPath(rows: 10, environment: ["XDG_CACHE_HOME": "/c"]) == "/c/reusetable/messages-10.sqlite")
        #expect(SampleMessages.cachedPath(rows: 10, environment: ["XDG_CACHE_HOME": ""]).hasSuffix("/.cache/reusetable/messages-10.sqlite"))
        #expect(SampleMessages.cachedPath(rows: 10, environment: [:]).hasSuffix("/.cache/reusetable/messages-10.sqlite"))
    }

    @Test func aNegativeRowCountIsRefused() throws {
        let folder = try TemporaryFolder()
        let error = DatabaseErrorTests.error { try SampleMessages.create(at: folder.file("m.sqlite"), rows: -5) }
        #expect(error == DatabaseError(.invalidArgument, "cannot make a sample of -5 rows: the count must be 0 or more"))
    }

    @Test func theWriterAppendsMessagesAReaderNotices() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("messages.sqlite")
        try SampleMessages.create(at: path, rows: 50)
        let loader = try TableLoader(path: path, table: "messages")
        let before = try await loader.rows(before: nil, limit: 1)
        let ids = try SampleMessages.append(3, to: path, now: Date(timeIntervalSince1970: 2_000_000_000))
        #expect(ids == [51, 52, 53])
        #expect(try await loader.checkForChanges())
        let after = try await loader.rows(after: before.last, limit: 10)
        #expect(after.map(\.id) == [51, 52, 53])
        #expect(after.first?.values[2] == .integer(2_000_000_000))
        let wrong = folder.file("other.sqlite")
        try TestDatabase.make(at: wrong, rows: 1)
        let error = DatabaseErrorTests.error { try SampleMessages.append(1, to: wrong) }
        #expect(error?.kind == .noSuchTable)
    }
}
