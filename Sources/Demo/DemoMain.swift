import Bench
import Foundation
import ReuseTable
import ReuseTableTerminal
import Pager
import Tree
import Store
import Watch

/// `swift run Demo [tour|trace|xray|bench|view [FILE]|chat|--help]`.
@main
struct DemoMain {
    @MainActor
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let command = arguments.first ?? "interactive"
        if !arguments.isEmpty { arguments.removeFirst() }
        switch command {
        case "interactive":
            if Terminal.isInteractive { Platform.exitProcess(InteractiveDemo.run()) }
            Tour.run()
        case "tour": Tour.run()
        case "trace": Platform.exitProcess(Trace.run(arguments))
        case "xray": Platform.exitProcess(Xray.main(arguments))
        case "watch": Platform.exitProcess(Watch.run(arguments))
        case "bench": Platform.exitProcess(Bench.run(arguments))
        case "waterfall-cost": Platform.exitProcess(WaterfallCost.run(arguments))
        case "view": Platform.exitProcess(Pager.run(arguments))
        case "chat": Platform.exitProcess(ChatSession.run(arguments))
        case "tree":
            Platform.exitProcess(
                TreeSession.run(arguments) { app in
                    if let timed = KeyTimingScreen.fromEnvironment(wrapping: app) { try EventLoop().run(timed) } else { try EventLoop().run(app) }
                })
        case "store": Platform.exitProcess(StoreSession.run(arguments))
        case "db": Platform.exitProcess(DatabaseSession.run(arguments))
        case "--crash-for-test": crashInsideTheTerminal()
        case "--help", "-h", "help": print(helpText)
        default:
            print("Unknown command '\(command)'.\n\n\(helpText)")
            Platform.exitProcess(2)
        }
    }

    /// Hidden, for `DemoMainTests`: enters the terminal (raw mode, the alternate screen, mouse
    /// reports) and crashes, so a test reading the terminal's side sees the fatal-signal handler put
    /// it back (`Terminal`). Exits with status 2 when standard input or output is not a terminal.
    @MainActor
    static func crashInsideTheTerminal() -> Never {
        let terminal = Terminal()
        do { try terminal.enter(mouse: true) } catch {
            print("--crash-for-test: \(error)")
            Platform.exitProcess(2)
        }
        fatalError("--crash-for-test: a crash inside the terminal")
    }

    static var helpText: String {
        func list(_ keys: [(String, String)]) -> String {
            keys.map { key, meaning in "  " + key.padding(toLength: 12, withPad: " ", startingAt: 0) + meaning }
                .joined(separator: "\n")
        }
        let keys = list(FeedApp.keyHelp)
        let waterfallKeys = list(WaterfallScreen.keyHelp)
        return """
            Usage: swift run Demo [command]

            Commands:
              (none)        the interactive table of 1,000,000 feed rows on a terminal;
                            the scripted tour when stdin or stdout is not a terminal
              tour          scripted tour over the same code paths, printing counters after each step
              trace [--autolayout] [--swipe]
                            every data source and delegate call, in order, for a 2-section, 5-row table:
                            reloadData, a scroll, an insert; exact heights, then estimates; then which path
                            measured self-sized feed rows (sizeThatFits or Auto Layout); --autolayout: only that;
                            then a swipe-delete's delegate sequence; --swipe: only that
              xray --svg FILE [--rows N] [--offset Y]
                            an SVG of content space: row bands (measured vs estimated), the viewport,
                            on-screen cells coloured by cell identity before and after a scroll, the pool
              watch [--out FILE] [--open] [--lang en|zh-Hans]
                            the watch page (default watch.html): the engine recorded on nine scenes, replayed
                            step by step in a browser — content space, the reuse pool, the height tree;
                            --lang zh-Hans opens it in Simplified Chinese (a control on the page switches)
              bench         benchmarks (use -c release): --quick --json --markdown FILE --svg FILE
              waterfall-cost
                            what an insert costs a 1,000,000-item WaterfallLayout, one section vs 1,000 (use -c release)
              view FILE     a pager: every line of FILE is a row of a TableView, as tall as it wraps
                            (FILE '-', or none with a pipe: `cmd | Demo view`, is standard input);
                            off a terminal, a timing summary once the input ends.
                            Keys: j/k PgUp/PgDn Home/End scroll, g line, % percent, / search, n next,
                            & filter (Esc: all lines), F follow, # line numbers, w wrap, ? keys, q quit
              chat          a chat: messages arrive at the bottom and the table follows; "↓ N new" when
                            scrolled up; the top loads 100 older messages with nothing moving on screen;
                            w changes the width keeping the reading position, ? keys, q quits. Off a
                            terminal, a scripted session that checks the message read never moves
              tree [DIR]    a file browser over DIR (default: the current folder): folders listed when they
                            expand, in the background; ↑↓ mark, ←→ collapse/expand, Enter toggles, * expands
                            everything below, / searches loaded names. Off a terminal, a scripted session printing what it checked
              store         a store screen on a compositional layout: pinned section headers, a paging carousel
                            (arrows move focus, Tab the other carousel), a grid of self-sizing tiles, a list of
                            100,000 self-sizing rows; off a terminal, a scripted session printing each frame
              db [FILE [TABLE]] [--rows N]
                            a SQLite table read by keyset pages and a sampled key index: without FILE, a sample
                            of N messages (default 1,000,000) made once in the cache folder; prints the first page,
                            the index built in steps, jumps, another order, a filter; on a terminal, browses it
                            (g row, / filter, o order, F follow, r retry, ? keys); `db --writer FILE` appends messages every 2 s (from
                            another terminal); `db --help` for the options
              --help        this text

            Keys in the interactive demo:
            \(keys)

            Keys in its waterfall (c):
            \(waterfallKeys)

            The status lines show rows, visible cells, pool size, cells created, the last layout time, heights
            measured vs estimated (± how far the content height may still move), height-cache hits out of
            lookups once a row is measured again, the geometry store, the cell layout (frame layout or Auto Layout) with µs per measured
            cell, and what the last snapshot apply did (+inserted −deleted moved reloaded, and its time);
            three lines below 120 columns, more if the figures need them.
            """
    }
}
