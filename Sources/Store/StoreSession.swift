import Foundation
import ReuseTable
import ReuseTableTerminal

/// `swift run Demo store`: the store screen on a terminal; off one (a pipe, CI) a scripted session
/// printing a frame after each step and what the carousel and the pool did.
@MainActor
public enum StoreSession {
    /// The steps the scripted session takes, with what each shows.
    static let script: [(Key?, String)] = [
        (nil, "the first screen: Featured pinned on top, its paging carousel, the grid below"),
        (.right, "→: the carousel pages to card 2 (a drag of 4 and a release at 800 points a second)"),
        (.right, "→: card 3"),
        (.left, "←: back to card 2"),
        (.pageDown, "PgDn: the grid; its header pinned while its tiles scroll"),
        (.char("\t"), "Tab: ←/→ now move Editors' choice"),
        (.pageDown, "PgDn: Editors' choice, a carousel that glides to a card's edge"),
        (.right, "→: it glides a few cards on"),
        (.pageDown, "PgDn: the list section, rows measured as they show"),
        (.end, "End: the last of 100,000 rows"),
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
                + "Featured rests at \(Int(view.orthogonalContentOffset(forSection: 0))) points, card \(screen.currentItem(of: .featured) + 1).")
        return 0
    }

    static var helpText: String {
        "Usage: swift run Demo store\n\n"
            + StoreScreen.keyHelp.map { "  " + $0.0.padding(toLength: 16, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
    }
}
