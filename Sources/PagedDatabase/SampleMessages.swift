import Foundation
import SeededRandom

// The sample database of `Demo db`: a table of generated messages (author, time, a body from one line to
// several paragraphs), the same for every run, made once in big transactions and kept in the user's cache
// folder; and the writer that appends new messages to it from another process.

/// The generated messages: their table, their text, and the file they are kept in.
public enum SampleMessages {
    /// The table's name.
    public static let table = "messages"

    /// The table and the indexes a loader orders by (author, time).
    static let schema = """
        CREATE TABLE messages (id INTEGER PRIMARY KEY, author TEXT NOT NULL, time INTEGER NOT NULL, body TEXT NOT NULL);
        """
    static let indexes = """
        CREATE INDEX messages_author ON messages(author);
        CREATE INDEX messages_time ON messages(time);
        """

    // MARK: The messages

    /// One message's columns.
    public struct Message: Sendable, Equatable {
        public var author: String
        /// Seconds since 1970.
        public var time: Int64
        public var body: String
    }

    private static let firstNames = [
        "Ada", "Ben", "Chen", "Dana", "Emil", "Fatima", "Goran", "Hana", "Ivo", "Jun", "Kofi", "Lena", "Mateo", "Nadia",
        "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tariq",
    ]
    private static let lastInitials = Array("ABCDEFGHJKLMNOPRSTUVWYZ")
    private static let words = """
        the a table view row cell height list page key index scroll offset reader writer database query order filter \
        sample tea garden river window morning evening letter music train station harbour mountain lamp winter summer \
        quiet quick slow bright dark warm cold small large long short new old early late near far green blue red \
        walk read write find keep send bring open close measure build change follow return remember forget wonder \
        and but so then while because after before under over through between into with without about
        """.split(separator: " ").map(String.init)

    /// Message `number` (0-based): always the same for the same number.
    ///
    /// Bodies: six in ten are a sentence, a quarter two to four sentences, one in ten a paragraph, one in
    /// twenty several paragraphs, so wrapped rows range from one line to dozens.
    public static func message(_ number: Int) -> Message {
        var random = SplitMix64(seed: SplitMix64.hash(UInt64(number)))
        let author = firstNames[random.below(firstNames.count)] + " " + String(lastInitials[random.below(lastInitials.count)]) + "."
        // About one message a minute from 2020-01-01, not quite in id order.
        let time = 1_577_836_800 + Int64(number) * 60 + Int64(random.below(600))
        let shape = random.below(20)
        let sentences: [Int] =
            switch shape {
            case 0..<12: [1]
            case 12..<17: [2 + random.below(3)]
            case 17..<19: [5 + random.below(4)]
            default: (0..<(2 + random.below(3))).map { _ in 3 + random.below(5) }
            }
        let paragraphs = sentences.map { count in
            (0..<count).map { _ in sentence(&random) }.joined(separator: " ")
        }
        return Message(author: author, time: time, body: paragraphs.joined(separator: "\n\n"))
    }

    private static func sentence(_ random: inout SplitMix64) -> String {
        let count = 4 + random.below(11)
        var text = (0..<count).map { _ in words[random.below(words.count)] }.joined(separator: " ")
        text = text.prefix(1).uppercased() + text.dropFirst()
        return text + "."
    }

    // MARK: The file

    /// Where the sample of `rows` messages is kept: `$XDG_CACHE_HOME/reusetable/`, or `~/.cache/reusetable/`
    /// when XDG_CACHE_HOME is unset or empty.
    public static func cachedPath(rows: Int, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.cache")
        return cache + "/reusetable/messages-\(rows).sqlite"
    }

    /// What `create` has done so far.
    public struct Progress: Sendable, Equatable {
        /// Rows written so far.
        public var rowsWritten: Int
        /// Rows to write.
        public var rows: Int
        /// True while the author and time indexes are being built, after the last row.
        public var buildingIndexes: Bool
    }

    /// Writes `rows` messages to a new database at `path`, in transactions of `batch` rows, then builds
    /// the indexes, calling `progress` after each transaction. The file is written beside `path` and moved
    /// there when complete, so a half-made file is never taken for the sample; it is left in WAL mode.
    public static func create(
        at path: String, rows: Int, batch: Int = 50_000, progress: (Progress) -> Void = { _ in }
    ) throws(DatabaseError) {
        guard rows >= 0 else { throw DatabaseError(.invalidArgument, "cannot make a sample of \(rows) rows: the count must be 0 or more") }
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path, because: "cannot create its folder '\(folder)' (\(error.localizedDescription))")
        }
        let partial = path + ".partial"
        for stale in [partial, partial + "-wal", partial + "-shm"] { try? FileManager.default.removeItem(atPath: stale) }
        do {
            let database = try Database(path: partial, mode: .create)
            try database.execute("PRAGMA synchronous = OFF")
            try database.enableWriteAheadLog()
            try database.execute(schema)
            try insert(rows, into: database, batch: batch, progress: progress)
            progress(Progress(rowsWritten: rows, rows: rows, buildingIndexes: true))
            try database.execute(indexes)
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        do {
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: partial, toPath: path)
        } catch {
            throw .cannotOpen(path, because: "cannot move the finished sample there (\(error.localizedDescription))")
        }
    }

    /// Inserts messages `0..<rows` in transactions of `batch`.
    private static func insert(_ rows: Int, into database: Database, batch: Int, progress: (Progress) -> Void) throws(DatabaseError) {
        let sql = "INSERT INTO messages (id, author, time, body) VALUES (?, ?, ?, ?)"
        var written = 0
        while written < rows {
            let end = min(rows, written + max(1, batch))
            try database.transaction { () throws(DatabaseError) in
                let statement = try database.prepare(sql)
                for number in written..<end {
                    let message = message(number)
                    try database.run(
                        statement, sql, [.integer(Int64(number) + 1), .text(message.author), .integer(message.time), .text(message.body)])
                }
            }
            written = end
            progress(Progress(rowsWritten: written, rows: rows, buildingIndexes: false))
        }
    }

    /// The sample of `rows` messages in the cache folder, made first (with `progress`) when it is not there.
    public static func openCached(rows: Int, progress: (Progress) -> Void = { _ in }) throws(DatabaseError) -> String {
        let path = cachedPath(rows: rows)
        if !FileManager.default.fileExists(atPath: path) { try create(at: path, rows: rows, progress: progress) }
        return path
    }

    // MARK: The writer

    /// Appends `count` new messages to the messages table at `path` in one transaction, timed now, and
    /// returns the new rows' ids. What `Demo db --writer FILE` does every few seconds.
    @discardableResult
    public static func append(_ count: Int, to path: String, now: Date = Date()) throws(DatabaseError) -> [Int64] {
        let database = try Database(path: path, mode: .readWrite)
        _ = try database.schema(of: table)
        try database.enableWriteAheadLog()
        let sql = "INSERT INTO messages (author, time, body) VALUES (?, ?, ?)"
        return try database.transaction { () throws(DatabaseError) in
            let first = Int(try database.integer("SELECT max(id) FROM messages") ?? 0)
            let statement = try database.prepare(sql)
            var ids: [Int64] = []
            for number in first..<(first + count) {
                let message = message(number)
                try database.run(statement, sql, [.text(message.author), .integer(Int64(now.timeIntervalSince1970)), .text(message.body)])
                ids.append(database.connection.lastInsertedRowID)
            }
            return ids
        }
    }
}

extension Database {
    /// Runs `statement` (compiled from `sql`) once with `bindings`, then rewinds it for the next run.
    func run(_ statement: SQLiteStatement, _ sql: String, _ bindings: [DatabaseValue]) throws(DatabaseError) {
        do {
            try statement.bind(bindings)
        } catch {
            throw failure(error, sql)
        }
        _ = try step(statement, sql)
        statement.reset()
    }
}
