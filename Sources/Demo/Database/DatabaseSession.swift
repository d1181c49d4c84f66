import Figures
import Foundation
import PagedDatabase
import ReuseTableTerminal

// `swift run Demo db`: the SQLite loader over a real file. Without a file it makes (once, with a progress
// bar) the sample message database in the cache folder. The session opens the table, loads the first
// page, builds the sampled key index, jumps, orders, filters and notices another writer, printing each
// step's rows and time; `--writer FILE` appends messages from another terminal (Docs/paged-data.md).

/// `Demo db [FILE [TABLE]] [--rows N]` and `Demo db --writer FILE [--every SECONDS] [--count N] [--times N]`.
enum DatabaseSession {
    static let helpText = """
        Usage: swift run Demo db [FILE [TABLE]] [--rows N]
               swift run Demo db --writer FILE [--every SECONDS] [--count N] [--times N]

        Without FILE: the sample database of N messages (default 1,000,000), made once with a progress bar
        in $XDG_CACHE_HOME/reusetable/ (or ~/.cache/reusetable/). With FILE: TABLE, or its only table.
        On a terminal, browses the table: the list's keys, g a row, / a filter, o the next order, F follow
        the end, r retry, ? the keys, q quit.
        Elsewhere, prints a session over the loader: the first page, the sampled key index built in steps,
        jumps to the middle and the end, another order, a filter (its first page before its count), another writer.
        --writer appends COUNT messages (default 3) to FILE's messages table every SECONDS (default 2),
        TIMES times (default: until stopped).
        """

    @MainActor
    static func run(_ arguments: [String]) -> Int32 {
        do {
            var options = try Options(arguments)
            if options.help {
                print(helpText)
                return 0
            }
            if let writer = options.writer { return try write(to: writer, options) }
            let sample = options.file == nil
            if sample { options.file = try makeSample(rows: options.rows) }
            let script = DatabaseScript(path: options.file!, table: options.table, isSample: sample)
            if Terminal.isInteractive { return try browse(script) }
            try script.run()
            return 0
        } catch {
            FileHandle.standardError.write(Data("Demo db: \(error)\n".utf8))
            return 1
        }
    }

    /// The command line, checked.
    struct Options {
        var file: String?
        var table: String?
        var rows = 1_000_000
        var writer: String?
        var every = 2.0
        var count = 3
        var times: Int?
        var help = false

        init(_ arguments: [String]) throws(DatabaseError) {
            var rest = arguments[...]
            func number(after flag: String) throws(DatabaseError) -> Double {
                guard let text = rest.popFirst(), let value = Double(text), value >= 0 else {
                    throw DatabaseError(.invalidArgument, "\(flag) needs a number of 0 or more")
                }
                return value
            }
            while let argument = rest.popFirst() {
                switch argument {
                case "--help", "-h": help = true
                case "--rows": rows = Int(try number(after: argument))
                case "--every": every = try number(after: argument)
                case "--count": count = Int(try number(after: argument))
                case "--times": times = Int(try number(after: argument))
                case "--writer":
                    guard let file = rest.popFirst() else { throw DatabaseError(.invalidArgument, "--writer needs the database FILE to append to") }
                    writer = file
                case let flag where flag.hasPrefix("--"): throw DatabaseError(.invalidArgument, "unknown option '\(flag)' (see `Demo db --help`)")
                default:
                    if file == nil {
                        file = argument
                    } else if table == nil {
                        table = argument
                    } else {
                        throw DatabaseError(.invalidArgument, "one FILE and one TABLE at most; '\(argument)' is one too many")
                    }
                }
            }
        }
    }

    /// The table on the terminal, browsed with keys (`DatabaseScreen`).
    @MainActor
    static func browse(_ script: DatabaseScript) throws -> Int32 {
        let loader = try TableLoader(path: script.path, table: try script.chooseTable())
        let screen = DatabaseScreen(loader: loader)
        if let timed = KeyTimingScreen.fromEnvironment(wrapping: screen) { try EventLoop().run(timed) } else { try EventLoop().run(screen) }
        return 0
    }

    /// The cached sample of `rows` messages, made with a progress bar on standard error when missing.
    static func makeSample(rows: Int) throws(DatabaseError) -> String {
        let path = SampleMessages.cachedPath(rows: rows)
        guard !FileManager.default.fileExists(atPath: path) else { return path }
        FileHandle.standardError.write(Data("Making \(path), once…\n".utf8))
        let started = Date()
        try SampleMessages.create(at: path, rows: rows) { progress in
            let fraction = progress.rows == 0 ? 1 : Double(progress.rowsWritten) / Double(progress.rows)
            let filled = Int(fraction * 30)
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled)
            let what =
                progress.buildingIndexes
                ? "building the author and time indexes" : "\(progress.rowsWritten.grouped) of \(progress.rows.grouped) messages"
            FileHandle.standardError.write(Data("\r\u{1B}[2K[\(bar)] \(Int(fraction * 100))% \(what)".utf8))
        }
        FileHandle.standardError.write(
            Data(String(format: "\r\u{1B}[2KMade %@ messages in %.1f s.\n", rows.grouped, -started.timeIntervalSinceNow).utf8))
        return path
    }

    /// `--writer`: appends `options.count` messages every `options.every` seconds.
    static func write(to path: String, _ options: Options) throws(DatabaseError) -> Int32 {
        var round = 0
        while options.times.map({ round < $0 }) ?? true {
            if round > 0 { Thread.sleep(forTimeInterval: options.every) }
            let ids = try SampleMessages.append(options.count, to: path)
            print("appended messages \(ids.first.map(String.init) ?? "-")…\(ids.last.map(String.init) ?? "-") to \(path)")
            round += 1
        }
        return 0
    }
}
