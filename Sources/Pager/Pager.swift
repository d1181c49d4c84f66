import Foundation
import ReuseTableTerminal
import Figures

/// `swift run Demo view [FILE]`: the pager on a terminal, or its timing summary off one.
@MainActor
public enum Pager {
    static let usage = "usage: swift run Demo view FILE   (FILE '-', or none with a pipe, reads standard input)"

    /// The file to view: the one argument, or standard input ("-") when there is none and
    /// standard input is not a terminal (`cmd | Demo view`); nil for a usage error.
    static func path(arguments: [String], standardInputIsTerminal: Bool) -> String? {
        switch arguments.count {
        case 0: return standardInputIsTerminal ? nil : "-"
        case 1: return arguments[0]
        default: return nil
        }
    }

    /// Runs the pager; returns the exit status (1 with a one-line error for a bad path or usage).
    public static func run(_ arguments: [String]) -> Int32 {
        guard let path = path(arguments: arguments, standardInputIsTerminal: Platform.isTerminal(0)) else {
            printError(usage)
            return 1
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let source: ByteSource
        do {
            source = try ByteSource.open(path)
        } catch {
            printError("Demo view: \(error.message)")
            return 1
        }
        if path == "-", Platform.isTerminal(1), !Platform.isTerminal(0) {
            // The file came on standard input: read keys from the terminal instead, as `less` does.
            Platform.readKeysFromControllingTerminal()
        }
        if Terminal.isInteractive {
            return interactive(source)
        }
        // Off a terminal: the summary.
        let summary = Summary.measure(source: source, width: 80, height: 24, start: start)
        print(summary.text)
        return 0
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The full-screen pager: keys, resizes and index progress in, frame diffs out (the product's `EventLoop`).
    static func interactive(_ source: ByteSource) -> Int32 {
        let size = Terminal.size() ?? (columns: 80, rows: 24)
        let document = PagerDocument(source: source)
        let app = PagerApp(document: document, width: size.columns, height: size.rows)
        app.startBackgroundWork()
        defer { app.stopBackgroundWork() }
        do {
            try EventLoop().run(app)
        } catch {
            printError("Demo view needs a terminal (\(error)).")
            return 1
        }
        return 0
    }

    /// What `Demo view` prints off a terminal: sizes and the times a user waits.
    @MainActor
    struct Summary {
        var name: String
        var lines: Int
        var bytes: Int
        var openNanoseconds: UInt64
        var indexNanoseconds: UInt64
        var jumpNanoseconds: UInt64
        var jumpLine: Int
        var indexBytes: Int

        /// Opens (already done at `start`), shows the first screen, waits for the index, jumps to 50%.
        static func measure(source: ByteSource, width: Int, height: Int, start: UInt64) -> Summary {
            let document = PagerDocument(source: source)
            let app = PagerApp(document: document, width: width, height: height)
            _ = app.render()
            let opened = DispatchTime.now().uptimeNanoseconds
            document.index.startBackground()
            while !document.index.isComplete { Platform.sleep(microseconds: 200) }
            let indexed = DispatchTime.now().uptimeNanoseconds
            app.pump()
            let jumpStart = DispatchTime.now().uptimeNanoseconds
            _ = app.jump(toPercent: 50)
            _ = app.render()
            let jumped = DispatchTime.now().uptimeNanoseconds
            return Summary(
                name: source.name, lines: app.publishedLines, bytes: source.available,
                openNanoseconds: opened - start, indexNanoseconds: indexed - start,
                jumpNanoseconds: jumped - jumpStart, jumpLine: (app.topLine ?? 0) + 1,
                indexBytes: document.index.memoryBytes)
        }

        var text: String {
            let perLine = lines > 0 ? String(format: "%.3f", Double(indexBytes) / Double(lines)) : "0"
            return """
                \(name): \(lines.grouped) lines, \(bytes.grouped) bytes
                open and first screen: \(Summary.ms(openNanoseconds))
                index complete:        \(Summary.ms(indexNanoseconds)) after opening started
                jump to 50% (line \(jumpLine.grouped)): \(Summary.ms(jumpNanoseconds))
                index memory: \(indexBytes.grouped) bytes (\(perLine) bytes per line)
                """
        }

        static func ms(_ nanoseconds: UInt64) -> String { String(format: "%.1f ms", Double(nanoseconds) / 1e6) }
    }
}

/// The pager as the event loop sees it: its background work (the line index, a search, a jump waiting
/// for the index) is on other threads, so idle steps only collect what they published, every 30 ms.
extension PagerApp: TerminalScreen {
    /// True while the index, a search or a filter is still running.
    public var hasIdleWork: Bool { hasBackgroundWork }
    /// Collects what the background work published; true when the screen changed.
    public func runIdleStep(budget: Duration) -> Bool { pump() }
    /// How long the loop waits for a key before the next idle step.
    public var idleWait: Duration { .milliseconds(30) }
}
