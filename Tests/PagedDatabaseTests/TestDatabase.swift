import Foundation
import PagedDatabase
import SeededRandom

// Temporary database files for the loader's tests: a folder of their own, removed afterwards, and a
// table whose ordering column has duplicates and NULLs, so keyset paging meets its hard cases.

/// A temporary folder holding the test's database files.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("paged-database-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A path inside the folder.
    func file(_ name: String) -> String { path + "/" + name }
}

enum TestDatabase {
    /// Makes `items(id INTEGER PRIMARY KEY, name TEXT, rank INTEGER, note TEXT)` with `rows` rows at `path`:
    /// `rank` indexed, a tenth of it NULL and the rest from 0..<rows/8 (many ties); `name` indexed; `note`
    /// not indexed, containing "tea" in about a third of the rows. Ids skip some numbers (rows deleted).
    static func make(at path: String, rows: Int, seed: UInt64 = 1, wal: Bool = true) throws {
        let database = try Database(path: path, mode: .create)
        if wal { try database.enableWriteAheadLog() }
        try database.execute(
            """
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, rank INTEGER, note TEXT);
            CREATE INDEX items_rank ON items(rank);
            CREATE INDEX items_name ON items(name);
            """)
        var random = SplitMix64(seed: seed)
        var values: [String] = []
        for id in 1...max(rows, 1) where id <= rows {
            let rank = random.below(10) == 0 ? "NULL" : String(random.below(max(1, rows / 8)))
            let name = "'n\(random.below(50))'"
            let note = random.below(3) == 0 ? "'a cup of tea \(id)'" : "'coffee \(id)'"
            values.append("(\(id * 2 + random.below(2)), \(name), \(rank), \(note))")
        }
        try database.transaction { () throws(DatabaseError) in
            for chunk in stride(from: 0, to: values.count, by: 500) {
                let end = min(values.count, chunk + 500)
                try database.execute("INSERT INTO items VALUES " + values[chunk..<end].joined(separator: ", "))
            }
        }
    }

    /// The ids of `sql`'s rows (its first column), read through a connection of its own.
    static func ids(_ path: String, _ sql: String, _ bindings: [DatabaseValue] = []) throws -> [Int64] {
        try Database(path: path).rows(sql, bindings).map { $0[0].integer ?? -1 }
    }
}
