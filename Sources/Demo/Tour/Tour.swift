import Foundation
import ReuseTable
import ReuseTableTerminal
import Figures
import Feed

/// The scripted tour: what `swift run Demo` does off a terminal (CI, pipes).
///
/// It drives `FeedApp` — the interactive demo's own code path — with the keys
/// a user would press, on an 80 × 24 screen, and prints one line of counters
/// after each step. The pool comparison runs the same scroll path twice, on
/// a table with the reuse pool and one without.
@MainActor
enum Tour {
    /// Counters after one step.
    struct Step: Equatable {
        var name: String
        var snapshot: FeedApp.Snapshot
    }

    /// Everything the tour measured, for tests.
    struct Report {
        var steps: [Step] = []
        /// The most cells on screen at once during the pool-on run.
        var maxVisibleCells = 0
        /// Cells created over the scroll path with the pool on, and off.
        var cellsCreatedWithPool = 0
        var cellsCreatedWithoutPool = 0
        /// Cells created over the whole tour (pool on throughout).
        var cellsCreatedInTotal = 0
        /// The waterfall part: counters after each of its steps, the most tiles on screen at once,
        /// and what the insert near the top of a day did.
        var waterfallSteps: [(name: String, snapshot: WaterfallScreen.Snapshot)] = []
        var waterfallMaxVisibleCells = 0
        var waterfallInsertedAt: IndexPath?
        /// Items in the insert's day after the insert, and items the layout re-placed for it.
        var waterfallItemsInInsertedDay = 0
        var waterfallPlacedByInsert = 0
        /// The on-screen rows' heights just before and just after `a` switched to Auto Layout.
        var cellLayoutHeightsBefore: [IndexPath: CGFloat] = [:]
        var cellLayoutHeightsAfter: [IndexPath: CGFloat] = [:]
    }

    static let screenWidth = 80
    static let screenHeight = 24

    /// The tour under way: the app the keys go to, what has been measured so far, where lines go.
    @MainActor
    final class Script {
        let app: FeedApp
        let say: (String) -> Void
        var report = Report()

        init(app: FeedApp, say: @escaping (String) -> Void) {
            self.app = app
            self.say = say
        }

        /// Records the app's counters after a step named `name`, and prints them.
        func record(_ name: String) {
            let snapshot = app.snapshot
            report.steps.append(Step(name: name, snapshot: snapshot))
            report.maxVisibleCells = max(report.maxVisibleCells, snapshot.visibleCells)
            say(Tour.line(name, snapshot))
        }

        /// Presses `keys` on `target` (the tour's app unless another is named), waiting after each
        /// for the work it started: there is no user to keep answering.
        func press(_ keys: [Key], on target: FeedApp? = nil) {
            let target = target ?? app
            for key in keys {
                _ = target.handle(key)
                target.finishBackgroundWork()
                if target === app { report.maxVisibleCells = max(report.maxVisibleCells, target.snapshot.visibleCells) }
            }
        }
    }

    /// Runs the tour, printing to `output` (nil: silent); returns what it measured.
    @discardableResult
    static func run(output: ((String) -> Void)? = { print($0) }) -> Report {
        let say = output ?? { _ in }
        say(
            "ReuseTable tour: a \(FeedGenerator.defaultDays.grouped)-day feed of "
                + "\((FeedGenerator.defaultDays * FeedGenerator.postsPerDay).grouped) self-sizing rows "
                + "on a \(screenWidth)×\(screenHeight) screen.")
        say("Counters: rows · visible cells · cells created · pool size · heights asked · last layout.\n")

        let app = FeedApp(width: screenWidth, height: screenHeight)
        // The first day is shown at once; the other 999,000 ids come from a background thread.
        app.finishLoading()
        say("The table's data source is diffable: \(app.message.replacingOccurrences(of: "Loaded: ", with: ""))\n")
        let script = Script(app: app, say: say)
        poolSteps(script)
        updateSteps(script)
        swipeSteps(app, record: { script.record($0) }, press: { script.press($0) }, say: say)
        cellKindSteps(script)
        liftWidthAndStoreSteps(script)
        script.report.cellsCreatedInTotal = app.snapshot.cellsCreated
        waterfallSteps(app, into: &script.report, say: say)
        say(
            "\nCells created over the whole tour: \(script.report.cellsCreatedInTotal) "
                + "(at most \(script.report.maxVisibleCells) were on screen at once; two cell classes, one pool each).")
        return script.report
    }

    /// The scroll path with the pool, a jump, and the same path on a second table without it.
    static func poolSteps(_ script: Script) {
        let app = script.app
        script.record("reloadData, estimated heights")
        script.press(scrollPath)
        script.record("↓ ×120, PgDn ×15: focus moved, rows scroll")
        script.report.cellsCreatedWithPool = app.snapshot.cellsCreated

        script.press([.char("g")] + "500000".map { Key.char($0) } + [.enter])
        script.record("g: jump to row 500,000")

        // Same path, no pool: a second table, so the first keeps its honest count.
        let noPool = FeedApp(width: screenWidth, height: screenHeight)
        noPool.finishLoading()
        _ = noPool.handle(.char("p"))
        script.press(scrollPath, on: noPool)
        script.report.cellsCreatedWithoutPool = noPool.snapshot.cellsCreated
        script.say(line("pool off, same scroll path", noPool.snapshot))
        script.say(
            "    → the same path made \(script.report.cellsCreatedWithPool) cells with the pool and "
                + "\(script.report.cellsCreatedWithoutPool.grouped) without it.")
    }

    /// `+` `i` `d` `m`: a height change, then inserts, a delete and a move applied as snapshots.
    static func updateSteps(_ script: Script) {
        script.press([.char("+"), .char("+"), .char("+")])
        script.record("+ ×3: row(_:changedHeight:)")
        script.press([.char("i"), .char("i")])
        script.record("i ×2: insertItems, apply")
        script.say("    → \(script.app.applySummary)")
        script.press([.char("d")])
        script.record("d: deleteItems, apply")
        script.press([.char("m")])
        script.record("m: moveItem 2 rows down, apply")
        script.say("    → \(script.app.applySummary): the moved row kept its cell and its height")
    }

    /// `a` three times: Auto Layout cells, content configuration cells, frame layout again — the same heights.
    static func cellKindSteps(_ script: Script) {
        let app = script.app
        script.report.cellLayoutHeightsBefore = app.visibleRowHeights
        let frameCost = app.microsecondsPerMeasuredCell
        script.press([.char("a")])
        script.report.cellLayoutHeightsAfter = app.visibleRowHeights
        script.press(Array(repeating: .pageDown, count: 5))
        script.record("a: Auto Layout cells, 5 pages")
        script.say(
            "    → the same rows, the same heights; \(app.microsecondsPerMeasuredCell) µs per measured cell "
                + "(frame layout: \(frameCost) µs)")
        let autoLayoutHeights = app.visibleRowHeights
        script.press([.char("a")])
        script.record("a: content configuration cells")
        let configuredHeights = app.visibleRowHeights  // the rows on screen both times have the same heights
        let same = autoLayoutHeights.allSatisfy { configuredHeights[$0.key] ?? $0.value == $0.value }
        script.say(
            "    → ConfiguredFeedCell, a ListContentConfiguration: " + (same ? "the same heights" : "other heights (a bug)")
                + "; \(app.microsecondsPerMeasuredCell) µs per measured cell")
        script.press([.char("a")])
        script.record("a: frame layout again")
    }

    /// `L`: a row lifted and dropped, then one cancelled; `w` a narrower width; `s` the 2013 records;
    /// `End` the last row; `e` exact heights.
    static func liftWidthAndStoreSteps(_ script: Script) {
        let app = script.app
        let liftedFrom = app.table.indexPathForFocusedRow
        script.press([.char("L")] + Array(repeating: .down, count: 3))
        script.say("    L, ↓ ×3: \(app.message)")
        script.press([.enter])
        script.record("L ↓↓↓ Enter: a lifted row dropped")
        script.say("    → \(app.message) (from place \((liftedFrom?.row ?? 0) + 1))")
        script.press([.char("L")] + Array(repeating: .up, count: 2) + [.escape])
        script.record("L ↑↑ Esc: a lift cancelled")
        script.press([.char("w")])
        script.record("w: narrower width, rows re-measure")
        script.press(Array(repeating: .pageDown, count: 5))
        script.record("scroll 5 pages at the new width")
        script.press([.char("w")])
        script.record("w: width back")
        script.press([.char("s")])
        script.press(Array(repeating: .pageDown, count: 5))
        script.record("s: 2013 row records, 5 pages")
        script.press([.char("s")])
        script.press([.end])
        script.record("End: last row (SlotTree)")
        script.press([.char("e")])
        script.record("e: exact heights of day 1, computed first")
        script.press(Array(repeating: .pageDown, count: 5))
        script.record("scroll 5 pages, nothing left to measure")
    }

    /// `→` `←` `1` `Esc`: swipe actions on the focused row; `E` editing; `]` `[` the section index.
    static func swipeSteps(_ app: FeedApp, record: (String) -> Void, press: ([Key]) -> Void, say: (String) -> Void) {
        press([.right])
        record("→: swipe the focused row, trailing actions")
        say("    → \(app.message)")
        press([.char("1")])
        record("1: Delete, the handler applies a snapshot")
        say("    → \(app.message)")
        press([.left, .char("1")])
        record("← 1: Pin, completion(true) closes the row")
        press([.right, .escape])
        record("→ Esc: Flag shown, then closed")
        press([.char("E")] + Array(repeating: .pageDown, count: 2))
        record("E: editing mode, 2 pages")
        say("    → every cell on screen shows isEditing, cells scrolling in too; a tap selects nothing")
        press([.char("E"), .char("]"), .char("]")])
        record("] ×2: next day twice, the section index")
        press([.char("[")])
        record("[: previous day")
        say("    → \(app.message)")
    }

    /// Days the tour's waterfall shows (every height is asked up front; see `FeedApp.waterfallDays`).
    static let waterfallDays = FeedApp.waterfallDays

    /// `c`: the same feed as a waterfall `CollectionView`; scroll, insert near the top of a day, width, back.
    static func waterfallSteps(_ app: FeedApp, into report: inout Report, say: (String) -> Void) {
        say("")
        _ = app.toggleWaterfall(days: waterfallDays)
        app.finishBackgroundWork()  // the tile heights, computed off the main thread
        guard let waterfall = app.waterfall else { return }
        func record(_ name: String) {
            let snapshot = waterfall.snapshot
            report.waterfallSteps.append((name, snapshot))
            report.waterfallMaxVisibleCells = max(report.waterfallMaxVisibleCells, snapshot.visibleCells)
            say(waterfallLine(name, snapshot, micros: waterfall.lastUpdateMicroseconds))
        }
        func press(_ keys: [Key]) {
            for key in keys {
                _ = app.handle(key)
                app.finishBackgroundWork()
                report.waterfallMaxVisibleCells = max(report.waterfallMaxVisibleCells, waterfall.collection.visibleCells.count)
            }
        }
        record("c: waterfall of \(waterfallDays) days, reloadData")
        press(Array(repeating: .pageDown, count: 5))
        record("scroll 5 pages")
        report.waterfallInsertedAt = waterfall.cursorIndexPath
        press([.char("i")])
        if let indexPath = report.waterfallInsertedAt {
            report.waterfallItemsInInsertedDay = waterfall.collection.numberOfItems(inSection: indexPath.section)
            report.waterfallPlacedByInsert = waterfall.layout.itemsPlacedByLastPrepare
            record("i: insertItems at item \(indexPath.item) of day \(indexPath.section + 1)")
            say(
                "    → re-placed \(report.waterfallPlacedByInsert.grouped) items (\(report.waterfallItemsInInsertedDay.grouped) "
                    + "in the day − \(indexPath.item) before the insert); the other \(waterfallDays - 1) days only shifted.")
        }
        press([.char("E"), .char(" "), .right, .down, .down])
        say("    E, Space, →, ↓ ↓: \(waterfall.message)")
        press([.enter])
        record("E Space → ↓↓ Enter: a tile dropped")
        say("    → \(waterfall.message)")
        press([.char(" "), .left, .escape, .char("E")])
        record("Space ← Esc E: a lift cancelled, mode off")
        press([.char("w")])
        record("w: narrower, \(waterfall.layout.numberOfColumns) columns, all re-placed")
        press(Array(repeating: .pageDown, count: 5))
        record("scroll 5 pages at the new width")
        press([.char("c")])
        say(
            "c: back to the table, reloaded for the insert (\(app.table.numberOfRows(inSection: report.waterfallInsertedAt?.section ?? 0).grouped) rows in that day)."
        )
    }

    /// One line of waterfall counters.
    static func waterfallLine(_ name: String, _ s: WaterfallScreen.Snapshot, micros: UInt64) -> String {
        let label = name.count >= 44 ? String(name.prefix(43)) + " " : name.padding(toLength: 44, withPad: " ", startingAt: 0)
        return label
            + "items \(s.items.grouped) · visible \(s.visibleCells) · created \(s.cellsCreated) · pool \(s.poolSize)"
            + " · \(s.columns) columns · re-placed \(s.placedByLastUpdate.grouped) in \(micros.grouped) µs"
    }

    /// The path both pool runs follow: focus 120 posts down, then 15 pages (each key scrolls as focus needs).
    static let scrollPath: [Key] = Array(repeating: .down, count: 120) + Array(repeating: .pageDown, count: 15)

    /// One line of counters.
    static func line(_ name: String, _ s: FeedApp.Snapshot) -> String {
        let label = name.count >= 44 ? String(name.prefix(43)) + " " : name.padding(toLength: 44, withPad: " ", startingAt: 0)
        return label
            + "rows \(s.rows.grouped) · visible \(s.visibleCells) · created \(s.cellsCreated) · pool \(s.poolSize)"
            + " · heights \(s.heightsAsked.grouped) · layout \(s.layoutMicroseconds.grouped) µs"
    }
}
