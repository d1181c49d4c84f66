import Bench
import Foundation
import Testing
@testable import Demo
import Figures

/// `DemoMain`: the help text and the dispatch of every subcommand, run as the real
/// `Demo` executable (the one `swift build` puts next to the test bundle).
@Suite struct DemoMainTests {
    /// Every subcommand `DemoMain.main` dispatches, as the help text names it.
    static let commands = ["tour", "trace [--autolayout] [--swipe]", "xray --svg FILE [--rows N] [--offset Y]", "bench", "waterfall-cost", "--help"]

    @Test func helpListsEveryCommandTheReadmeAndTheDispatchName() {
        let lines = DemoMain.helpText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Usage: swift run Demo [command]")
        for command in Self.commands {
            #expect(lines.contains { $0.hasPrefix("  " + command) }, "a line starts with the command '\(command)'")
        }
        // The README's "More:" line names these options of `bench`.
        for option in ["--quick", "--json", "--markdown FILE", "--svg FILE"] {
            #expect(DemoMain.helpText.contains(option), "bench option \(option)")
        }
    }

    @Test func helpListsEveryKeyOfTheInteractiveDemo() {
        #expect(FeedApp.keyHelp.count >= 10)
        for (key, meaning) in FeedApp.keyHelp {
            let line = "  " + key.padding(toLength: 12, withPad: " ", startingAt: 0) + meaning
            #expect(DemoMain.helpText.contains(line + "\n"), "key line '\(line)'")
        }
    }

    // MARK: The executable

    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The `Demo` executable next to this test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Demo")
    }

    static func run(_ arguments: [String]) throws -> Run {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw DemoMissing(path: executable.path)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            errors: String(decoding: err, as: UTF8.self))
    }

    struct DemoMissing: Error, CustomStringConvertible {
        var path: String
        var description: String { "no Demo executable at \(path): build the package (swift build) before testing" }
    }

    @Test(arguments: ["--help", "-h", "help"])
    func helpPrintsTheHelpText(flag: String) throws {
        let run = try Self.run([flag])
        #expect(run.status == 0)
        #expect(run.output == DemoMain.helpText + "\n")
        #expect(run.errors.isEmpty)
    }

    @Test func anUnknownCommandIsNamedAndFailsWithStatusTwo() throws {
        let run = try Self.run(["bogus"])
        #expect(run.status == 2)
        #expect(run.output == "Unknown command 'bogus'.\n\n" + DemoMain.helpText + "\n")
    }

    @Test func traceDispatchesToTheTrace() throws {
        let run = try Self.run(["trace"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("Demo trace: a 2-section table"))
        #expect(run.output.contains("1. numberOfSections(in:) → 2"))
        #expect(run.output.contains("C. Self-sizing: which path measured"))
        let autoLayout = try Self.run(["trace", "--autolayout"])
        #expect(autoLayout.status == 0)
        #expect(autoLayout.output.hasPrefix("══ C. Self-sizing"))
        #expect(autoLayout.output.contains("by sizeThatFits") && autoLayout.output.contains("by Auto Layout"))
        #expect(run.output.contains("D. Swipe actions"))
        let swipe = try Self.run(["trace", "--swipe"])
        #expect(swipe.status == 0)
        #expect(swipe.output.hasPrefix("══ D. Swipe actions"))
        let bad = try Self.run(["trace", "--bogus"])
        #expect(bad.status == 2)
        #expect(bad.errors.hasPrefix("trace: unknown option '--bogus'"))
    }

    /// The arguments after the command go to the subcommand.
    @Test func xrayGetsItsArguments() throws {
        let missing = try Self.run(["xray"])
        #expect(missing.status == 2)
        #expect(missing.errors.hasPrefix("xray: --svg FILE is required\nusage: Demo xray"))
        #expect(missing.output.isEmpty)

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xray-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try Self.run(["xray", "--svg", path, "--rows", "5"])
        #expect(run.status == 0)
        #expect(run.output == "Wrote \(path): 5 rows, viewport at y = 30 and after a scroll.\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<svg "))
    }

    @Test func benchGetsItsArgumentsAndRefusesUnknownOnes() throws {
        let bad = try Self.run(["bench", "--bogus"])
        #expect(bad.status == 2)
        #expect(bad.errors.hasPrefix("bench: unknown option '--bogus'"))
        let help = try Self.run(["bench", "--help"])
        #expect(help.status == 0)
        #expect(help.output == Bench.helpText + "\n")
    }

    /// A crash inside the terminal (`Demo --crash-for-test`, on a pseudo-terminal): the fatal-signal
    /// handler writes the restoring bytes after the entering ones — mouse reports off, cursor shown,
    /// the main screen back — and the process still dies of its signal. Off a terminal the mode says so.
    @Test func aCrashInsideTheTerminalRestoresItBeforeTheProcessDies() throws {
        let executable = Self.executable
        guard FileManager.default.isExecutableFile(atPath: executable.path) else { throw DemoMissing(path: executable.path) }
        let pty = try PseudoTerminal()
        defer { pty.closeTestSide() }
        let terminalSide = try pty.openTerminalSide()
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--crash-for-test"]
        process.standardInput = terminalSide
        process.standardOutput = terminalSide
        process.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"  // die at once, without the runtime's backtrace
        process.environment = environment
        try process.run()
        try terminalSide.close()  // the child holds the only terminal side now: its exit ends the reads
        let bytes = pty.readToEnd()
        process.waitUntilExit()
        let output = String(decoding: bytes, as: UTF8.self)
        #expect(process.terminationReason == .uncaughtSignal, "the crash is not swallowed: status \(process.terminationStatus)")
        let entered = try #require(output.range(of: "\u{1B}[?1049h"), "entered the alternate screen: \(output.debugDescription)")
        #expect(output.contains("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"), "asked for mouse reports")
        let restored = try #require(output.range(of: "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"), "mouse reports off: \(output.debugDescription)")
        #expect(entered.upperBound <= restored.lowerBound)
        let after = output[restored.upperBound...]
        #expect(after.contains("\u{1B}[?25h"), "the cursor shown")
        #expect(after.contains("\u{1B}[?1049l"), "the main screen back")

        let offTerminal = try Self.run(["--crash-for-test"])
        #expect(offTerminal.status == 2)
        #expect(offTerminal.output.hasPrefix("--crash-for-test: standard input and output must both be a terminal"))
    }

    /// The executable itself: `seq 1 N | Demo view`, no argument, off a terminal, prints the summary after the input ends.
    @Test func demoViewWithoutAnArgumentReadsAPipe() throws {
        let executable = Self.executable
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw DemoMissing(path: executable.path)
        }
        let seq = Process()
        seq.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        seq.arguments = ["seq", "1", "250000"]
        let pipe = Pipe()
        seq.standardOutput = pipe
        let view = Process()
        view.executableURL = executable
        view.arguments = ["view"]
        view.standardInput = pipe.fileHandleForReading
        let output = Pipe()
        view.standardOutput = output
        view.standardError = FileHandle.nullDevice
        try seq.run()
        try view.run()
        try? pipe.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        view.waitUntilExit()
        seq.waitUntilExit()
        #expect(view.terminationStatus == 0)
        let bytes = (1...250_000).reduce(0) { $0 + String($1).utf8.count + 1 }
        #expect(text.hasPrefix("(stdin): 250,000 lines, \(bytes.grouped) bytes"), "\(text)")
    }
}
