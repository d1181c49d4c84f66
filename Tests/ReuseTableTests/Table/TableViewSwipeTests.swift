import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

@MainActor
@Suite struct TableViewSwipeTests {
    // MARK: The default Delete and the delegate sequence

    @Test func aNilTrailingConfigurationIsUIKitsDefaultDelete() {
        let source = SwipeSource([10])
        let table = source.makeTable()
        let configuration = table.swipeRow(at: .r(2), edge: .trailing)
        #expect(configuration?.actions.map(\.title) == ["Delete"])
        #expect(configuration?.actions.first?.style == .destructive)
        #expect(table.indexPathForSwipedRow == .r(2))
        #expect(source.log == ["trailing 0-2", "willBegin 0-2"])
        table.performSwipeAction(at: 0)
        #expect(source.log == ["trailing 0-2", "willBegin 0-2", "commit delete 0-2", "didEnd 0-2"])
        #expect(table.indexPathForSwipedRow == nil)
        #expect(table.numberOfRows(inSection: 0) == 9)
    }

    @Test func noDefaultDeleteForOtherStylesAndNothingForRowsThatCannotBeEdited() {
        let source = SwipeSource([10])
        let table = source.makeTable()
        source.styles[1] = TableViewCell.EditingStyle.none
        source.styles[2] = .insert
        #expect(table.swipeRow(at: .r(1), edge: .trailing) == nil)
        #expect(table.swipeRow(at: .r(2), edge: .trailing) == nil)
        #expect(table.swipeRow(at: .r(3), edge: .leading) == nil)  // nil leading: none
        source.notEditable = [4]
        source.leading = ["Pin"]
        source.log = []
        #expect(table.swipeRow(at: .r(4), edge: .leading) == nil)  // canEditRowAt false: the delegate is not asked
        #expect(source.log.isEmpty)
        #expect(table.indexPathForSwipedRow == nil)
        source.leading = []
        source.trailing = []  // an empty configuration offers nothing
        #expect(table.swipeRow(at: .r(5), edge: .trailing) == nil)
        #expect(table.indexPathForSwipedRow == nil)
    }

    @Test func customActionsRunTheirHandlersAndCompletionDecidesWhetherTheRowCloses() {
        let source = SwipeSource([10])
        let table = source.makeTable()
        source.leading = ["Pin", "Unread"]
        #expect(table.swipeRow(at: .r(1), edge: .leading)?.actions.map(\.title) == ["Pin", "Unread"])
        source.completes = false
        table.performSwipeAction(at: 1)
        #expect(table.indexPathForSwipedRow == .r(1))  // completion(false): still open
        source.completes = true
        table.performSwipeAction(at: 0)
        #expect(table.indexPathForSwipedRow == nil)
        #expect(source.log == ["leading 0-1", "willBegin 0-1", "action Unread", "action Pin", "didEnd 0-1"])
    }

    @Test func aLateCompletionClosesOnlyItsOwnSwipe() {
        final class Late: SwipeSource {
            var pending: ((Bool) -> Void)?
            var sourceViews: [View] = []
            override func tableView(_ t: TableView, trailingSwipeActionsConfigurationForRowAt i: IndexPath) -> SwipeActionsConfiguration? {
                SwipeActionsConfiguration(actions: [
                    ContextualAction(style: .normal, title: "Later") { [self] _, view, completion in
                        sourceViews.append(view)
                        pending = completion
                    }
                ])
            }
        }
        let source = Late([10])
        let table = source.makeTable()
        table.swipeRow(at: .r(1), edge: .trailing)
        table.performSwipeAction(at: 0)
        #expect(source.sourceViews.first === table.cellForRow(at: .r(1)))  // the row's cell, when it is on screen
        #expect(table.indexPathForSwipedRow == .r(1))
        source.pending?(true)
        #expect(table.indexPathForSwipedRow == nil)
        #expect(source.log.last == "didEnd 0-1")
        // A completion of an older swipe does not close a newer one.
        table.swipeRow(at: .r(2), edge: .trailing)
        table.performSwipeAction(at: 0)
        let old = source.pending
        table.swipeRow(at: .r(3), edge: .trailing)
        old?(true)
        #expect(table.indexPathForSwipedRow == .r(3))
    }

    // MARK: What closes the row, and what does not

    @Test func userAndAppScrollsTapsReloadsSwipesAndEditingCloseTheRow() {
        let source = SwipeSource([40])
        let table = source.makeTable()
        source.trailing = ["Flag"]
        func open(_ row: Int) {
            table.swipeRow(at: .r(row), edge: .trailing)
            #expect(table.indexPathForSwipedRow == .r(row))
            source.log = []
        }
        open(1)
        table.contentOffset.y = table.contentOffset.y  // no move: stays open
        #expect(table.indexPathForSwipedRow == .r(1))
        table.contentOffset.y = 30
        #expect(table.indexPathForSwipedRow == nil)
        #expect(source.log == ["didEnd 0-1"])
        open(2)
        table.scrollToRow(at: .r(20), at: .top, animated: false)
        #expect(source.log == ["didEnd 0-2"])
        open(21)
        table.tapRow(at: .r(22))  // closes, selects nothing
        #expect(source.log == ["didEnd 0-21"])
        #expect(table.indexPathForSelectedRow == nil)
        open(21)
        table.swipeRow(at: .r(22), edge: .trailing)
        #expect(source.log == ["didEnd 0-21", "trailing 0-22", "willBegin 0-22"])
        source.log = []
        table.reloadData()
        #expect(source.log == ["didEnd 0-22"])
        open(21)
        table.setEditing(true, animated: false)
        #expect(source.log == ["didEnd 0-21"])
    }

    @Test func offsetMovesTheTableMakesItselfKeepTheRowOpen() {
        let source = SwipeSource([40])
        let table = source.makeTable()
        table.contentOffset.y = table.maximumContentOffsetY
        let last = table.indexPathsForVisibleRows!.last!
        table.swipeRow(at: last, edge: .trailing)
        // Deleting a row above at the end of the content clamps the offset: the row follows, still open.
        let clamps = table.offsetMoves[.clamp]
        source.sections[0].remove(at: 0)
        table.deleteRows(at: [.r(0)], with: .none)
        #expect(table.offsetMoves[.clamp] == clamps + 1)
        #expect(table.indexPathForSwipedRow == .r(last.row - 1))
        // A row above the screen growing moves the offset with it (nothing on screen jumps).
        let before = table.contentOffset.y
        table.row(.r(0), changedHeight: 100)
        #expect(table.contentOffset.y != before)
        #expect(table.indexPathForSwipedRow == .r(last.row - 1))
        #expect(!source.log.contains { $0.hasPrefix("didEnd") })
    }

    @Test func anchoringWhileEstimatedRowsAreMeasuredKeepsTheRowOpen() {
        let source = SwipeSource([200])
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 220))
        table.register(TestCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = source
        table.delegate = source
        table.estimatedRowHeight = 30
        table.rowHeight = TableView.automaticDimension
        table.reloadData()
        source.currentTable = table
        table.contentOffset.y = 3_000
        let visible = table.indexPathsForVisibleRows!
        table.swipeRow(at: visible[1], edge: .trailing)
        let anchors = table.offsetMoves[.anchor]
        table.measurementOverscan = 600  // rows above get measured on the next pass: the offset follows them
        table.setNeedsLayout()
        table.layoutIfNeeded()
        #expect(table.offsetMoves[.anchor] > anchors)
        #expect(table.indexPathForSwipedRow == visible[1])
    }

    // MARK: State of the table: updates and reuse

    @Test func theOpenRowFollowsInsertsDeletesAndMovesAboveItAndSurvivesReuse() {
        let source = SwipeSource([10, 10])
        let table = source.makeTable()
        source.trailing = ["Flag"]
        table.swipeRow(at: .r(2), edge: .trailing)
        let cell = table.cellForRow(at: .r(2))
        let ids = (0..<12).map { _ in source.newID() }
        source.sections[0].insert(contentsOf: ids, at: 0)
        table.insertRows(at: (0..<12).map { .r($0) }, with: .none)
        #expect(table.indexPathForSwipedRow == .r(14))
        #expect(table.cellForRow(at: .r(14)) == nil)  // its cell went back to the pool and shows another row now
        #expect(cell.map { c in table.visibleCells.contains { $0 === c } } ?? false)
        source.sections[0].removeFirst(12)
        table.deleteRows(at: (0..<12).map { .r($0) }, with: .none)
        #expect(table.indexPathForSwipedRow == .r(2))
        let moved = source.sections[0].remove(at: 2)
        source.sections[1].insert(moved, at: 0)
        table.moveRow(at: .r(2), to: .r(0, 1))
        #expect(table.indexPathForSwipedRow == .r(0, 1))
        table.reloadRows(at: [.r(0, 1)], with: .none)
        #expect(table.indexPathForSwipedRow == .r(0, 1))
        #expect(!source.log.contains { $0.hasPrefix("didEnd") })
        source.sections[1].remove(at: 0)
        var rowsSeenByTheDelegate: Int?
        source.hooks["didEnd"] = { table in rowsSeenByTheDelegate = table.numberOfRows(inSection: 1) }
        table.deleteRows(at: [.r(0, 1)], with: .none)
        #expect(table.indexPathForSwipedRow == nil)
        #expect(source.log.last == "didEnd nil")
        #expect(rowsSeenByTheDelegate == 11)  // told before the update changes the table, as didEndDisplaying is
    }

    // MARK: Full swipe

    @Test func aFullSwipePerformsTheFirstActionUnlessTheConfigurationSaysNot() {
        let source = SwipeSource([10])
        let table = source.makeTable()
        #expect(table.fullSwipeRow(at: .r(3), edge: .trailing))
        #expect(source.log == ["trailing 0-3", "willBegin 0-3", "commit delete 0-3", "didEnd 0-3"])
        #expect(table.numberOfRows(inSection: 0) == 9)
        source.log = []
        source.leading = ["Pin", "Unread"]
        source.fullSwipePerforms = false
        #expect(!table.fullSwipeRow(at: .r(1), edge: .leading))
        #expect(table.indexPathForSwipedRow == .r(1))  // opened, nothing performed
        #expect(source.log == ["leading 0-1", "willBegin 0-1"])
        source.styles[source.id(.r(2))] = TableViewCell.EditingStyle.none
        #expect(!table.fullSwipeRow(at: .r(2), edge: .trailing))
    }

    // MARK: Calls from handlers and callbacks

    @Test func aDeleteMadeFromAHandlerRunsWhenTheHandlerReturns() {
        final class Deleting: SwipeSource {
            var completion = true
            override func tableView(_ t: TableView, trailingSwipeActionsConfigurationForRowAt i: IndexPath) -> SwipeActionsConfiguration? {
                SwipeActionsConfiguration(actions: [
                    ContextualAction(style: .destructive, title: "Remove") { [self] _, _, done in
                        let row = t.indexPathForSwipedRow!
                        sections[row.section].remove(at: row.row)
                        t.deleteRows(at: [row], with: .automatic)
                        #expect(t.numberOfRows(inSection: 0) == sections[0].count + 1)  // queued: not yet applied
                        log.append("handler")
                        done(completion)
                    }
                ])
            }
        }
        let source = Deleting([10])
        let table = source.makeTable()
        table.swipeRow(at: .r(4), edge: .trailing)
        table.performSwipeAction(at: 0)
        #expect(source.log == ["willBegin 0-4", "handler", "didEnd 0-4"])
        #expect(table.numberOfRows(inSection: 0) == 9)
        // completion(false): the row stays open until the queued delete removes it.
        source.completion = false
        source.log = []
        table.swipeRow(at: .r(4), edge: .trailing)
        table.performSwipeAction(at: 0)
        #expect(source.log == ["willBegin 0-4", "handler", "didEnd nil"])
        #expect(table.indexPathForSwipedRow == nil)
    }

    @Test func aReloadFromAHandlerAndASwipeFromACallbackAreQueued() {
        let source = SwipeSource([10])
        let table = source.makeTable()
        source.hooks["willBegin"] = { table in
            #expect(table.swipeRow(at: .r(5), edge: .trailing) == nil)  // queued: runs after this swipe
        }
        table.swipeRow(at: .r(1), edge: .trailing)
        #expect(table.indexPathForSwipedRow == .r(5))
        #expect(source.log == ["trailing 0-1", "willBegin 0-1", "didEnd 0-1", "trailing 0-5", "willBegin 0-5"])
        source.leading = ["Pin"]
        table.swipeRow(at: .r(2), edge: .leading)
        source.hooks["action"] = { table in
            source.sections[0].append(source.newID())
            table.reloadData()
            #expect(table.numberOfRows(inSection: 0) == 10)  // queued: runs when the handler returns
        }
        source.log = []
        table.performSwipeAction(at: 0)
        #expect(source.log == ["action Pin", "didEnd 0-2"])
        #expect(table.indexPathForSwipedRow == nil)
        #expect(table.numberOfRows(inSection: 0) == 11)
    }

    // MARK: Against a model

    /// Random swipes, actions, inserts, deletes, moves, reloads, scrolls and taps against an array
    /// of row ids: the open row is always the row with the id that was swiped, until something
    /// that closes it happens.
    @Test func randomStepsKeepTheOpenRowOnItsIdentity() {
        let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"
        var rng = SplitMix64(seed: 0x5317E)
        for round in 0..<(long ? 200 : 10) {
            let source = SwipeSource((0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...25, using: &rng) })
            let table = source.makeTable(height: CGFloat(Int.random(in: 60...400, using: &rng)))
            source.leading = ["Pin"]
            source.trailing = round % 2 == 0 ? nil : ["Flag", "Unread"]
            var openID: Int?
            func rows() -> [IndexPath] {
                source.sections.enumerated().flatMap { s, ids in ids.indices.map { IndexPath(row: $0, section: s) } }
            }
            func someRow() -> IndexPath? {
                if let visible = table.indexPathsForVisibleRows, !visible.isEmpty, Bool.random(using: &rng) {
                    return visible.randomElement(using: &rng)
                }
                return rows().randomElement(using: &rng)
            }
            for _ in 0..<(long ? 300 : 60) {
                switch Int.random(in: 0..<11, using: &rng) {
                case 0, 1:
                    guard let row = someRow() else { continue }
                    let edge: TableView.SwipeEdge = Bool.random(using: &rng) ? .leading : .trailing
                    #expect(table.swipeRow(at: row, edge: edge) != nil)
                    openID = source.id(row)
                case 2:
                    guard openID != nil else { continue }
                    table.performSwipeAction(at: 0)  // Pin, Flag or the default Delete: each closes the row
                    openID = nil
                case 3:
                    let section = Int.random(in: 0..<source.sections.count, using: &rng)
                    let row = Int.random(in: 0...source.sections[section].count, using: &rng)
                    let count = Int.random(in: 1...4, using: &rng)
                    source.sections[section].insert(contentsOf: (0..<count).map { _ in source.newID() }, at: row)
                    table.insertRows(at: (row..<(row + count)).map { IndexPath(row: $0, section: section) }, with: .none)
                case 4:
                    let all = rows()
                    guard !all.isEmpty else { continue }
                    let doomed = Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in all.randomElement(using: &rng)! })
                    if let id = openID, doomed.contains(where: { source.id($0) == id }) { openID = nil }
                    for indexPath in doomed.sorted(by: >) { source.sections[indexPath.section].remove(at: indexPath.row) }
                    table.deleteRows(at: Array(doomed), with: .none)
                case 5:
                    guard let from = rows().randomElement(using: &rng) else { continue }
                    let id = source.sections[from.section].remove(at: from.row)
                    let section = Int.random(in: 0..<source.sections.count, using: &rng)
                    let to = IndexPath(row: Int.random(in: 0...source.sections[section].count, using: &rng), section: section)
                    source.sections[section].insert(id, at: to.row)
                    table.moveRow(at: from, to: to)
                case 6:
                    guard let row = rows().randomElement(using: &rng) else { continue }
                    table.reloadRows(at: [row], with: .none)
                case 7, 8:
                    let y = CGFloat(Int.random(in: 0...max(0, Int(table.maximumContentOffsetY)), using: &rng))
                    if y != table.contentOffset.y { openID = nil }
                    table.contentOffset.y = y
                case 9:
                    guard let row = someRow() else { continue }
                    let selectedBefore = table.indexPathForSelectedRow
                    let wasOpen = openID != nil
                    table.tapRow(at: row)
                    if wasOpen { #expect(table.indexPathForSelectedRow == selectedBefore) }
                    openID = nil
                default:
                    guard let row = rows().randomElement(using: &rng) else { continue }
                    table.scrollToRow(at: row, at: .middle, animated: false)
                    openID = nil
                }
                #expect(table.indexPathForSwipedRow == openID.flatMap { source.indexPath(of: $0) })
            }
        }
    }

    // MARK: Bad input

    @Test func badSwipeCallsNameTheProblem() {
        let source = SwipeSource([3])
        let table = source.makeTable()
        #expect(throws: ReuseTableError("performSwipeAction(at: 0): no row shows swipe actions; open one with swipeRow(at:edge:) first.")) {
            try table.validatedSwipeAction(at: 0)
        }
        table.swipeRow(at: .r(1), edge: .trailing)
        #expect(throws: ReuseTableError("performSwipeAction(at: 2): row (section 0, row 1) shows 1 action (indexes 0..<1).")) {
            try table.validatedSwipeAction(at: 2)
        }
        #expect(throws: ReuseTableError("swipeRow(at:edge:): row (section 0, row 7) is out of range: section 0 has 3 rows.")) {
            try table.validateSelectionTarget(.r(7), from: "swipeRow(at:edge:)")
        }
        #expect(table.indexPathForSwipedRow == .r(1))  // state intact
    }

    @Test func aRejectedOffsetDoesNotCloseTheOpenRow() {
        let source = SwipeSource([30])
        let table = source.makeTable()
        var messages: [String] = []
        table.diagnosticHandler = { messages.append($0) }
        table.contentOffset.y = 44
        table.swipeRow(at: .r(3), edge: .trailing)
        for bad in [CGPoint(x: 0, y: CGFloat.nan), CGPoint(x: CGFloat.nan, y: 44), CGPoint(x: CGFloat.nan, y: CGFloat.nan)] {
            table.contentOffset = bad  // rejected: the offset stays, so nothing scrolled
            #expect(table.contentOffset == CGPoint(x: 0, y: 44))
            #expect(table.indexPathForSwipedRow == .r(3))
        }
        #expect(messages.count == 3 && messages.allSatisfy { $0.hasPrefix("invalid contentOffset") })
        #expect(!source.log.contains { $0.hasPrefix("didEnd") })
        table.contentOffset.y = .infinity  // clamped to the end: a real move, which closes it
        #expect(table.contentOffset.y == table.maximumContentOffsetY)
        #expect(table.indexPathForSwipedRow == nil)
    }
}
