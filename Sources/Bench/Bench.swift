import Foundation

/// `swift run -c release Demo bench [--quick] [--json] [--markdown FILE] [--svg FILE] [--filter NAME] [--peer NAME=NS]`.
///
/// Runs the suites (see Suites.swift) and prints a legend of the names they use,
/// an aligned table per suite with ratios against each operation's baseline and
/// fitted growth exponents, then one table of targets (Targets.swift); optionally
/// writes JSON (stdout only), markdown and an SVG chart.
public enum Bench {
    /// The options `Demo bench --help` lists.
    public static let helpText = """
        Usage: swift run -c release Demo bench [options]

          --quick          about a minute: short per-case budgets
          --json           print only {"results":[…]} on stdout (progress goes to stderr)
          --markdown FILE  write markdown tables (for Docs/performance-full-run.md)
          --svg FILE       write a log-log chart of rows vs median time
          --filter NAME    run one suite (geometry, article, heightCache, table, reusePool, solver, selfSizing, chain,
                           pager, diffable, feed, steps) or one operation (findRow, feedScreenStep, …)
          --peer NAME=NS   a figure measured outside Swift, in nanoseconds, for the targets that compare with it:
                           kiwi         kiwi's C++ enaml-like benchmark, its own loop (median of its six medians)
                           kiwi-cycled  the same C++ build, sizes cycled as enamlSuggest does
                           (Docs/performance.md has the commands that measure them)
          --help           this text
        """

    struct Options: Equatable {
        var quick = false
        var json = false
        var markdown: String?
        var svg: String?
        var filter: String?
        var help = false
        /// Figures measured outside the bench (`--peer kiwi=830`), in nanoseconds.
        var peers: [String: Double] = [:]
    }

    /// Parses the arguments after `bench`; nil with a message for bad input.
    static func parse(_ arguments: [String]) -> (Options?, String?) {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": options.quick = true
            case "--json": options.json = true
            case "--help", "-h": options.help = true
            case "--markdown", "--svg", "--filter", "--peer":
                guard let value = rest.popFirst() else { return (nil, "\(argument) needs a value") }
                switch argument {
                case "--markdown": options.markdown = value
                case "--svg": options.svg = value
                case "--peer":
                    let (peer, error) = parsePeer(value)
                    guard let peer else { return (nil, error) }
                    options.peers[peer.name] = peer.nanoseconds
                default: options.filter = value
                }
            default: return (nil, "unknown option '\(argument)'")
            }
        }
        return (options, nil)
    }

    /// `NAME=NS` for `--peer`: a known peer and a positive, finite number of nanoseconds; nil with a message otherwise.
    static func parsePeer(_ value: String) -> ((name: String, nanoseconds: Double)?, String?) {
        let known = Targets.peers.map(\.name)
        let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty else {
            return (nil, "--peer needs NAME=NANOSECONDS (for example kiwi=826), got '\(value)'")
        }
        guard known.contains(parts[0]) else {
            return (nil, "--peer '\(parts[0])' is not a known peer (known: \(known.joined(separator: ", ")))")
        }
        guard let nanoseconds = Double(parts[1]), nanoseconds.isFinite, nanoseconds > 0 else {
            return (nil, "--peer \(parts[0]) needs a positive number of nanoseconds, got '\(parts[1])'")
        }
        return ((parts[0], nanoseconds), nil)
    }

    static var buildConfiguration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    /// Runs the bench with `arguments` (the words after `bench`); returns the exit status (2 for bad arguments).
    @MainActor public static func run(_ arguments: [String]) -> Int32 {
        let (parsed, error) = parse(arguments)
        guard let options = parsed else {
            FileHandle.standardError.write(Data("bench: \(error ?? "bad arguments")\n\n\(helpText)\n".utf8))
            return 2
        }
        if options.help { print(helpText); return 0 }

        // Human-readable text goes to stdout unless --json owns it.
        let progress = BenchProgress()
        func say(_ text: String) {
            progress.clear()
            if options.json { FileHandle.standardError.write(Data((text + "\n").utf8)) } else { print(text) }
        }

        let header =
            "ReuseTable bench: \(buildConfiguration) build, \(ProcessInfo.processInfo.activeProcessorCount) cores, \(options.quick ? "quick" : "full") run, Swift \(swiftVersion)"
        say(header)
        #if DEBUG
        say("warning: this is a debug build; numbers are meaningless. Use `swift run -c release Demo bench`.")
        #endif
        if options.quick {
            say(
                "quick run: short budgets and smaller scales; a target whose case it leaves out reads \"skipped\", and its verdicts are indicative."
            )
        }
        if Harness.allocatedBytes() == nil { say("note: malloc statistics unavailable (glibc without mallinfo2); bytes/row not measured.") }

        let configuration = BenchConfiguration(
            options: options.quick ? .quick : .full, quick: options.quick,
            skipAfterSeconds: options.quick ? 10 : 60, filter: options.filter,
            slowCaseSamples: options.quick ? 2 : 5, log: progress.caseDone)
        let suites = Suites.all(quick: options.quick)
        let known = Set(suites.map(\.name) + suites.flatMap { $0.operations.map(\.name) }).map { $0.lowercased() }
        if let filter = options.filter, !known.contains(filter.lowercased()) {
            FileHandle.standardError.write(Data("bench: no suite or operation named '\(filter)'\n".utf8))
            return 2
        }
        let selected = suites.compactMap { suite -> BenchSuite? in
            var suite = suite
            suite.operations = suite.operations.filter { configuration.includes(suite: suite.name, operation: $0.name) }
            return suite.operations.isEmpty ? nil : suite
        }
        say("\n" + Legend.text(for: selected))

        let start = Harness.now()
        var all: [(suite: BenchSuite, results: [BenchResult])] = []
        for suite in selected {
            progress.begin(suite: suite.name)
            let results = Suites.run(suite, configuration)
            progress.end(suite: suite.name)
            all.append((suite, results))
            if !results.isEmpty { say("\n" + Report.text(suite: suite, results: results)) }
            TableSuites.releaseFixtures()
        }
        let verdicts = Targets.verdicts(
            TargetRun(results: all.flatMap(\.results), peers: options.peers, quick: options.quick, filter: options.filter))
        let targets = Targets.text(verdicts, filtered: options.filter != nil)
        if !targets.isEmpty { say("\n" + targets) }
        say(String(format: "total %.1f s", Double(Harness.now() - start) / 1e9))

        let results = all.flatMap(\.results)
        if options.json { print(Report.json(results)) }
        do {
            if let path = options.markdown {
                let markdown = Report.markdown(
                    all, header: header, legend: Legend.text(for: selected),
                    targets: Targets.markdown(verdicts, filtered: options.filter != nil))
                try markdown.write(toFile: path, atomically: true, encoding: .utf8)
                say("wrote \(path)")
            }
            if let path = options.svg {
                try Report.svg(results, title: "ReuseTable benchmarks (median per operation, log-log)").write(
                    toFile: path, atomically: true, encoding: .utf8)
                say("wrote \(path)")
            }
        } catch {
            FileHandle.standardError.write(Data("bench: \(error)\n".utf8))
            return 1
        }
        return 0
    }

    static var swiftVersion: String {
        #if swift(>=6.3)
        return "6.3+"
        #elseif swift(>=6.0)
        return "6.x"
        #else
        return "5.x"
        #endif
    }
}
