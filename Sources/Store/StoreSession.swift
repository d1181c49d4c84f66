import Foundation
import ReuseTable
import ReuseTableTerminal

/// `swift run Demo store`: the store screen on a terminal; off one (a pipe, CI) a scripted session
/// printing a frame after each step and what the carousel and the pool did.
@MainActor
public enum StoreSession {
    /// The steps the scripted session takes, with what each shows.
    static let script: [(Key?, String)] = [
        (nil, "the first screen: Featured pinned on top, its paging carousel with card 1 focused, the grid below"),
        (.right, "→: focus on card 2; the carousel pages to centre it"),
        (.right, "→: card 3"),
        (.left, "←: back to card 2"),
        (.down, "↓: focus drops to the tile below it in the grid"),
        (.pageDown, "PgDn: focus a page down the grid, its header pinned while its tiles scroll"),
        (.char("\t"), "Tab: focus on Editors' choice, a carousel that glides to a card's edge"),
        (.right, "→: the next card (the carousel slides when it is not wholly on screen)"),
        (.down, "↓: into the list section, rows measured as they show"),
        (.end, "End: focus on the last of 100,000 rows"),
    ]

    /// Runs on the terminal, or the scripted session; returns the exit code.
    public static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") {
            print(helpText)
            return 0
        }
        let screen = StoreScreen()
        do {
            try EventLoop().run(screen)
            return 0
        } catch {
            return scripted(screen, width: 80, height: 24)
        }
    }

    /// The scripted session: each step's key, its frame, and the counters.
    static func scripted(_ screen: StoreScreen, width: Int, height: Int) -> Int32 {
        screen.resize(width: width, height: height)
        for (key, caption) in script {
            if let key { _ = screen.handle(key) }
            print("── \(caption)")
            print(screen.render().lines.joined(separator: "\n"))
            print("")
        }
        let view = screen.collectionView
        print(
            "Created \(view.counters.cellsCreated) cells for \(view.counters.mostVisibleAtOnce) on screen at most; "
                + "Featured rests at \(Int(view.orthogonalContentOffset(forSection: 0))) points; focus on \(screen.message).")
        return 0
    }

    static var helpText: String {
        "Usage: swift run Demo store\n\n"
            + StoreScreen.keyHelp.map { "  " + $0.0.padding(toLength: 16, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
    }
}
