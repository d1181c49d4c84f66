import Foundation
import PagedDatabase
import SeededRandom
import Testing

// The loader against SQLite's own answer: every page by keyset, every jump through the sampled key index,
// must return the rows `ORDER BY … LIMIT … OFFSET …` returns for the same positions.

@Suite struct TableLoaderTests {
    /// The orders exercised: the rowid, its alias, a column with ties and NULLs, a text column; both ways.
    static let orders: [RowOrder] = [
        .rowid, RowOrder(descending: true), RowOrder(column: "id"), RowOrder(column: "rank"),
        RowOrder(column: "rank", descending: true), RowOrder(column: "name"), RowOrder(column: "name", descending: true),
    ]

    /// SQLite's `ORDER BY` for `order`, ties broken by rowid as the loader breaks them.
    static func orderBy(_ order: RowOrder) -> String {
        let direction = order.descending ? "DESC" : "ASC"
        guard let column = order.column, column != "rowid", column != "id" else { return "rowid \(direction)" }
        return "\(column) \(direction), rowid \(direction)"
    }

    @Test(arguments: orders)
    func pagesAtRandomPositionsMatchOffsetGroundTruth(order: RowOrder) async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 700)
        let loader = try TableLoader(path: path, table: "items", order: order, sampleInterval: 7)
        var random = SplitMix64(seed: 7)
        for _ in 0..<40 {
            let lower = random.below(760)
            let range = lower..<(lower + 1 + random.below(40))
            let loaded = try await loader.load(range).map(\.id)
            let truth = try TestDatabase.ids(
                path, "SELECT rowid FROM items ORDER BY \(Self.orderBy(order)) LIMIT \(range.count) OFFSET \(range.lowerBound)")
            #expect(loaded == truth, "\(order), rows \(range)")
        }
    }

    @Test func everyJumpThroughTheCompleteIndexLandsOnItsRow() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 300)
        let order = RowOrder(column: "rank")
        let loader = try TableLoader(path: path, table: "items", order: order, sampleInterval: 16)
        try await loader.buildIndex(stepRows: 50)
        let progress = await loader.indexProgress
        #expect(progress.rowsIndexed == 300 && progress.isComplete && progress.samples == 300 / 16 + 1)
        let truth = try TestDatabase.ids(path, "SELECT rowid FROM items ORDER BY \(Self.orderBy(order))")
        for position in 0..<300 {
            let row = try await loader.load(position..<(position + 1))
            #expect(row.map(\.id) == [truth[position]], "row \(position)")
        }
        #expect(try await loader.load(300..<310).isEmpty)
        #expect(try await loader.load(295..<310).map(\.id) == Array(truth[295...]))
    }

    @Test(arguments: [RowOrder(column: "rank"), RowOrder(column: "rank", descending: true), .rowid])
    func keysetPagesWalkTheWholeOrderBothWays(order: RowOrder) async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 250)
        let loader = try TableLoader(path: path, table: "items", order: order)
        let truth = try TestDatabase.ids(path, "SELECT rowid FROM items ORDER BY \(Self.orderBy(order))")
        var forward: [DatabaseRow] = []
        while true {
            let page = try await loader.rows(after: forward.last, limit: 17)
            if page.isEmpty { break }
            forward += page
        }
        #expect(forward.map(\.id) == truth)
        var backward: [DatabaseRow] = []
        while true {
            let page = try await loader.rows(before: backward.first, limit: 17)
            if page.isEmpty { break }
            backward = page + backward
        }
        #expect(backward.map(\.id) == truth)
    }

    @Test func rowsCarryEveryColumnAndTheirRowid() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 20)
        let loader = try TableLoader(path: path, table: "items")
        #expect(loader.columns == ["id", "name", "rank", "note"])
        let rows = try await loader.load(3..<5)
        let truth = try Database(path: path).rows("SELECT rowid, id, name, rank, note FROM items ORDER BY rowid LIMIT 2 OFFSET 3")
        #expect(rows.map { [DatabaseValue.integer($0.id)] + $0.values } == truth)
    }

    @Test func theCountIsEstimatedUntilTheIndexHasCountedEveryRow() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("items.sqlite")
        try TestDatabase.make(at: path, rows: 400)
        let loader = try TableLoader(path: path, table: "items", order: RowOrder(column: "name"))
        let before = await loader.count()
        let bounds = try Database(path: path).rows("SELECT max(rowid) - min(rowid) + 1 FROM items")[0][0].integer
        #expect(before == .estimated(Int(bounds ?? 0)))
        #expect(loader.countWhenOpened == before)
        var reports: [IndexProgress] = []
        let collected = Collected<IndexProgress>()
        try await loader.buildIndex(stepRows: 64) { collected.append($0) }
        reports = collected.values
        #expect(reports.map(\.rowsIndexed) == [64, 128, 192, 256, 320, 384, 400])
        #expect(reports.last?.isComplete == true)
        #expect(await loader.count() == .exact(400))
    }
}

/// Values a `@Sendable` callback reports, read after it has run.
final class Collected<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []
    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
}
