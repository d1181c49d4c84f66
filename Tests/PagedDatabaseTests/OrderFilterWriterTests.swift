import Foundation
import PagedDatabase
import SeededRandom
import Testing

// Ordering (only on what an index keeps in order, or after building one), filtering (a new query whose
// first page comes before its count), and another connection writing while the loader reads.

@Suite struct OrderingAndFilteringTests {
    @Test func theOrdersOnOfferAreTheIndexedColumnsAndTheRowid() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 5)
        let schema = try Database(path: path).schema(of: "items")
        #expect(schema.rowidAlias == "id")
        #expect(schema.orderable == ["id", "name", "rank"])
    }

    /// No page statement sorts: each reads an index in order (a sort would visit every row for every page),
    /// and one after a key seeks to it (a scan would start from the first row).
    @Test(arguments: ["id", "name", "rank"])
    func noPageStatementSortsTheTable(column: String) async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 50)
        let loader = try TableLoader(path: path, table: "items", order: RowOrder(column: column))
        let plans = try await loader.queryPlans()
        #expect(plans.count >= 4)
        for plan in plans {
            #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
            if plan.contains("?") { #expect(plan.contains("SEARCH"), "\(plan)") }
        }
    }

    @Test func anIndexBuiltWithProgressMakesAColumnOrderable() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 3_000)
        var steps: [Int] = []
        try Database(path: path, mode: .readWrite).createIndex(on: "note", of: "items", stride: 1_000) { count in
            steps.append(count)
            return true
        }
        #expect(!steps.isEmpty && steps == steps.sorted())
        let loader = try TableLoader(path: path, table: "items", order: RowOrder(column: "note"))
        let truth = try TestDatabase.ids(path, "SELECT rowid FROM items ORDER BY note, rowid LIMIT 20 OFFSET 1000")
        #expect(try await loader.load(1_000..<1_020).map(\.id) == truth)
    }

    @Test func anIndexBuildStoppedByItsProgressLeavesNothingBehind() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 3_000)
        let database = try Database(path: path, mode: .readWrite)
        #expect(throws: DatabaseError.self) { try database.createIndex(on: "note", of: "items", stride: 1_000) { _ in false } }
        #expect(try database.schema(of: "items").orderable == ["id", "name", "rank"])
        let error = DatabaseErrorTests.error { try database.createIndex(on: "colour", of: "items") }
        #expect(error?.kind == .noSuchColumn)
    }

    @Test(arguments: [RowOrder.rowid, RowOrder(column: "rank", descending: true)])
    func aFilterPagesLikeAnyOrderAndCountsOnlyOnceItsIndexIsComplete(order: RowOrder) async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 600)
        let loader = try TableLoader(path: path, table: "items", order: order, filter: RowFilter(column: "note", text: "TEA"), sampleInterval: 5)
        let orderBy = TableLoaderTests.orderBy(order)
        let truth = try TestDatabase.ids(path, "SELECT rowid FROM items WHERE note LIKE '%tea%' ORDER BY \(orderBy)")
        #expect(truth.count > 100)
        #expect(try await loader.load(0..<30).map(\.id) == Array(truth[0..<30]))
        #expect(await loader.count() == .unknown, "the first page comes before the count")
        #expect(loader.countWhenOpened == .unknown)
        var random = SplitMix64(seed: 3)
        for _ in 0..<20 {
            let lower = random.below(truth.count + 10)
            let loaded = try await loader.load(lower..<(lower + 12)).map(\.id)
            #expect(loaded == Array(truth[min(lower, truth.count)..<min(lower + 12, truth.count)]), "rows from \(lower)")
        }
        try await loader.buildIndex()
        #expect(await loader.count() == .exact(truth.count))
    }

    @Test func aFilterMatchesPercentAndUnderscoreLiterally() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 10)
        try Database(path: path, mode: .readWrite).execute(
            "INSERT INTO items (id, note) VALUES (100, '50% off'), (101, '50 of'), (102, 'a_b'), (103, 'axb')")
        let percent = try TableLoader(path: path, table: "items", filter: RowFilter(column: "note", text: "50%"))
        #expect(try await percent.load(0..<10).map(\.id) == [100])
        let underscore = try TableLoader(path: path, table: "items", filter: RowFilter(column: "note", text: "a_b"))
        #expect(try await underscore.load(0..<10).map(\.id) == [102])
    }
}

@Suite struct OtherWriterTests {
    /// In WAL mode a writer holding an exclusive transaction (in rollback mode it would shut every reader
    /// out) blocks nothing: the reader's pages come at once,
    /// without the uncommitted row (a reader made to wait would fail with "locked" after its timeout, as
    /// the writer never commits before the reads end); after the commit the reader notices through
    /// `PRAGMA data_version`.
    @Test func aWriterInAnotherConnectionNeverBlocksTheReaderAndItsCommitIsNoticed() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 100)
        let loader = try TableLoader(path: path, table: "items", busyTimeoutMilliseconds: 1_000)
        #expect(try await loader.journalMode() == "wal")
        try await loader.buildIndex()
        #expect(await loader.count() == .exact(100))
        let writer = try Database(path: path, mode: .readWrite)
        try writer.execute("BEGIN EXCLUSIVE; INSERT INTO items (id, name, rank, note) VALUES (100000, 'late', 1, 'tea');")
        let during = try await loader.load(0..<1_000)
        #expect(during.count == 100 && !during.contains { $0.id == 100_000 })
        #expect(try await loader.checkForChanges() == false, "nothing committed yet")
        try writer.execute("COMMIT")
        #expect(try await loader.checkForChanges() == true)
        #expect(try await loader.checkForChanges() == false, "noticed once")
        #expect(await loader.count() != .exact(100), "the count is an estimate again until the index is rebuilt")
        try await loader.buildIndex()
        #expect(await loader.count() == .exact(101))
        #expect(try await loader.load(100..<101).map(\.id) == [100_000])
    }

    @Test func theLoadersOwnConnectionDoesNotWrite() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 3)
        let error = DatabaseErrorTests.error { try Database(path: path).execute("DELETE FROM items") }
        #expect(error?.kind == .other)
        #expect(error?.message.contains("attempt to write a readonly database") == true)
    }
}
