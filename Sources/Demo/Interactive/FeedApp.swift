import Foundation
@_spi(Internals) import ReuseTable
import ReuseTableTerminal
import Figures
import Feed

/// The interactive demo without the terminal: a real `TableView` of the feed,
/// the keys, and the screen as a `CharGrid`. The scripted tour and the tests drive exactly what a
/// user drives; `InteractiveDemo` only adds the terminal.
///
/// Exact heights (`e`) show only the first `exactModeDays` days: without estimates `reloadData`
/// needs every row's height up front, so `e` computes them first off the main thread
/// (`BackgroundHeights`, progress on the status line) while keys keep working. The data source is a
/// `TableViewDiffableDataSource` of post ids (`FeedApp+Diffable.swift`: `i`, `d`, `m`); `a` switches
/// the cells' layout (`FeedApp+CellLayout.swift`). The row the keys act on, flagged ▌, is the table's
/// focus (`allowsFocus`, Docs/focus.md): the arrows move it, a click focuses a row, and updates carry it.
@MainActor
final class FeedApp: TerminalScreen {
    enum HeightMode: String { case estimated, exact }
    /// What a key did: the product's `KeyResponse` (redraw, nothing, quit).
    typealias Outcome = KeyResponse

    /// Days shown in exact-height mode: one, 1,000 rows. Even with every height computed beforehand,
    /// `reloadData` asks each row's height and builds its geometry, about 50 µs a row in a debug
    /// build: a day takes a twentieth of a second, ten would take half a second at every reload.
    static let exactModeDays = 1
    /// Counter lines at the bottom of the screen, at least: two from 120 columns up, three below (so
    /// that at 80 and 100 columns nothing is cut and one more short segment fits). More when the
    /// counters need them (see `fitStatusLines()`); the message line comes under them.
    static func minimumStatusBars(width: Int) -> Int { width >= 120 ? 2 : 3 }

    let table: TableView
    let feed: FeedDataSource
    /// The table's data source: snapshots of post ids by day (see `FeedApp+Diffable.swift`).
    var source: TableViewDiffableDataSource<Int, UInt64>!
    /// The rest of the feed's snapshot, being built on a background thread (nil when the table has it all).
    var loader: FeedSnapshotLoader?
    /// The self-sizing counters when `a` last switched the layout: the status line's µs per cell is measured from here.
    var measuringSince = (measurements: 0, nanoseconds: UInt64(0))
    private(set) var width: Int
    private(set) var height: Int
    /// True after `w`: the table is narrower, as a phone rotated to portrait.
    private(set) var isRotated = false
    private(set) var heightMode = HeightMode.estimated
    /// The last thing a key did, shown under the status line.
    private(set) var message = "? help · ↑↓ j/k focus · g jump · a Auto Layout · i d m +: act on the ▌ row"
    /// Digits typed after `g`; nil when not asking.
    private(set) var jumpPrompt: String?
    private(set) var showsHelp = false
    /// Duration of the last `reloadData()`.
    private(set) var lastReloadMicroseconds: UInt64 = 0
    /// Measures rows near the viewport while the user does nothing.
    var precacher: IdleHeightPrecaching?
    /// True while the precacher measures between keys. It pauses while the reuse pool is off: every
    /// row it measured would create a cell (self-sizing asks the data source for one), and "created"
    /// would climb with nothing scrolled in. It also waits while an async apply is in flight, so the
    /// heights an edit's message counts are the apply's own.
    var precacherIsRunning: Bool { precacher != nil && table.isReusePoolEnabled && appliesInFlight == 0 }
    /// Heights being computed off the main thread for `e` or `w` (see `FeedApp+BackgroundWork.swift`).
    var pendingHeights: PendingHeights?
    /// Keys that need the feed's whole snapshot, pressed while it is still being built: they run when it is.
    var keysWaitingForTheSnapshot: [Key] = []
    /// True in the interactive demo: `i` `d` `m` apply with `apply(_:animatingDifferences:) async`, the
    /// difference computed off the main actor (see `FeedApp+Diffable.swift`); the tour and tests apply at once.
    var appliesAsynchronously = false
    /// Async applies started and not finished yet.
    var appliesInFlight = 0
    /// An async apply finished since the last idle step: draw, then run the keys that waited for it.
    var appliedSinceIdleStep = false
    /// Keys pressed while an async apply was in flight: they run, in order, once it is done.
    var keysWaitingForTheApply: [Key] = []
    /// The waterfall's tile heights being computed before it opens (see `FeedApp+Waterfall.swift`).
    var pendingWaterfall: PendingWaterfall?
    /// Tile heights computed so far, by tile width (columns) and post id: a waterfall opened again reuses them.
    var tileHeights: [Int: [UInt64: CGFloat]] = [:]
    /// The waterfall view of the feed while `c` shows it (see `FeedApp+Waterfall.swift`).
    var waterfall: WaterfallScreen?
    /// False in golden tests: layout times differ from run to run.
    var showsTimings = true
    /// What the left mouse button went down on, until it comes up (`FeedApp+Mouse.swift`).
    var mouseDown: MouseDown?

    /// A feed of `model` on a screen of `width` × `height` cells.
    init(width: Int, height: Int, model: FeedModel = FeedModel()) {
        self.width = max(width, 20)
        self.height = max(height, FeedApp.minimumStatusBars(width: width) + 3)
        statusBars = FeedApp.minimumStatusBars(width: self.width)
        feed = FeedDataSource(model: model)
        table = TableView(frame: .zero, style: .plain)
        feed.install(in: table)
        table.frame = tableFrame
        table.allowsFocus = true  // the ▌ row is the table's focus: the keys move it, the row keys act on it (Docs/focus.md)
        reload()
        feed.primaryAction = { [weak self] _, indexPath in
            guard let self else { return }
            let number = (feed.model.globalRow(of: indexPath) + 1).grouped
            setMessage("#\(number) selected (didSelectRowAt), then opened (performPrimaryActionForRowAt).")
        }
    }

    /// Counter lines now shown; they grow, never shrink, until the terminal is resized (no jumping table).
    private(set) var statusBars: Int
    /// Counter lines plus the message line.
    var statusLineCount: Int { statusBars + 1 }
    var tableHeight: Int { height - statusLineCount }
    /// Portrait is a little over half the terminal's width, as a phone's is of its height.
    var tableWidth: Int { isRotated ? FeedApp.portraitWidth(of: width) : width }
    /// The table's width in portrait on a terminal `width` columns wide.
    static func portraitWidth(of width: Int) -> Int { max(24, width * 11 / 20) }
    private var tableFrame: CGRect { CGRect(x: 0, y: 0, width: tableWidth, height: tableHeight) }

    // MARK: Table set-up

    /// Configures heights for the mode and reloads, timing the reload.
    func reload() {
        switch heightMode {
        case .estimated:
            feed.sectionLimit = nil
            table.estimatedRowHeight = feed.averageHeight(width: CGFloat(tableWidth))
        case .exact:
            feed.sectionLimit = FeedApp.exactModeDays
            table.estimatedRowHeight = 0
        }
        let start = DispatchTime.now().uptimeNanoseconds
        loadSnapshot()
        lastReloadMicroseconds = (DispatchTime.now().uptimeNanoseconds - start) / 1_000
        precacher = FeedApp.makePrecacher(for: table)
        table.focusRow(at: firstIndexPath)  // the feed shows from its top: focus on the first post
    }

    /// The terminal changed size: a width change re-measures self-sized rows (as a rotation does);
    /// exact heights known only for another width go back to estimates (`e` computes them again).
    func resize(width: Int, height: Int) {
        let oldTableWidth = tableWidth
        self.width = max(width, 20)
        self.height = max(height, FeedApp.minimumStatusBars(width: width) + 3)
        statusBars = FeedApp.minimumStatusBars(width: self.width)
        fitStatusLines()
        if tableWidth != oldTableWidth { resizedWidth() }
        applyFrame()
        if tableWidth != oldTableWidth, heightMode == .estimated { precacher = FeedApp.makePrecacher(for: table) }
        waterfall?.resize(width: self.width, height: tableHeight)
    }

    /// Gives the counters another line when they no longer fit (the table gets one line shorter).
    func fitStatusLines() {
        let needed = FeedApp.pack(shownStatusSegments, width: width - 1).count
        guard needed > statusBars, height - needed - 1 >= 2 else { return }
        statusBars = needed
        applyFrame()
        waterfall?.setHeight(tableHeight)
    }

    func applyFrame() {
        table.frame = tableFrame
        table.layoutIfNeeded()
        clampOffset()
    }

    // MARK: Keys

    /// Applies one key; tells the caller whether to redraw or quit.
    func handle(_ key: Key) -> Outcome {
        if showsHelp {
            showsHelp = false
            if key == .char("q") { return .quit }
            return .changed
        }
        if appliesInFlight > 0 { return waitForTheApply(key) }
        if jumpPrompt != nil { return handlePrompt(key) }
        if table.indexPathForInteractivelyMovedRow != nil { return handleLifted(key) }
        if loader != nil, FeedApp.keysNeedingTheSnapshot.contains(key) { return waitForTheSnapshot(key) }
        if let waterfall {
            switch key {
            case .char("q"), .ctrl("c"), .ctrl("d"): return .quit
            case .char("c"): return toggleWaterfall()
            case .char("?"), .char("h"):
                showsHelp = true
                return .changed
            default: return waterfall.handle(key)
            }
        }
        if let outcome = handleEditingKey(key) { return outcome }  // ← → 1–3 Esc E [ ] (`FeedApp+Editing.swift`)
        switch key {
        case .char("q"), .ctrl("c"), .ctrl("d"): return .quit
        case .down, .char("j"): return moveFocus(.next, orScroll: 1)
        case .up, .char("k"): return moveFocus(.previous, orScroll: -1)
        case .ctrl("e"): return scroll(by: 1)
        case .ctrl("y"): return scroll(by: -1)
        case .wheelDown: return scroll(by: 3)
        case .wheelUp: return scroll(by: -3)
        case .mouse(let event): return handleMouse(event)
        case .pageDown, .char(" "), .ctrl("f"): return moveFocus(.pageDown, orScroll: max(1, tableHeight - 2))
        case .pageUp, .char("b"), .ctrl("b"): return moveFocus(.pageUp, orScroll: -max(1, tableHeight - 2))
        case .home, .char("<"): return scrollToTop()
        case .end, .char(">"), .char("G"): return scrollToEnd()
        case .char("g"):
            jumpPrompt = ""
            return .changed
        case .char("p"): return togglePool()
        case .char("s"): return toggleStore()
        case .char("e"): return toggleHeightMode()
        case .char("w"): return rotate()
        case .char("+"), .char("="): return growFocusedRow()
        case .char("i"): return insertRow()
        case .char("d"): return deleteRow()
        case .char("m"): return moveRow()
        case .char("a"): return toggleCellLayout()
        case .char("c"): return toggleWaterfall()
        case .char("L"): return liftFocusedRow()
        case .enter: return selectFocusedRow()
        case .char("?"), .char("h"):
            showsHelp = true
            return .changed
        default: return .unchanged
        }
    }

    func setMessage(_ text: String) { message = text }

    /// Opens the help box of the current mode.
    func showHelp() { showsHelp = true }

    private func handlePrompt(_ key: Key) -> Outcome {
        switch key {
        case .char(let character) where character.isASCII && character.isNumber:
            if (jumpPrompt?.count ?? 0) < 9 { jumpPrompt?.append(character) }
        case .backspace:
            if jumpPrompt?.isEmpty == false { jumpPrompt?.removeLast() }
        case .enter:
            let target = Int(jumpPrompt ?? "")
            jumpPrompt = nil
            if let target {
                if loader != nil {
                    // Rows past the first day need the whole snapshot: jump when it is built.
                    keysWaitingForTheSnapshot += [.char("g")] + String(target).map { Key.char($0) } + [.enter]
                    message = "Row \(target.grouped): the feed's snapshot is still being built; the jump follows it."
                    return .changed
                }
                return jump(toRow: target)
            }
            message = "Jump cancelled."
        case .escape, .ctrl("c"), .char("q"), .char("g"):
            jumpPrompt = nil
            message = "Jump cancelled."
        default: break
        }
        return .changed
    }

    // MARK: Actions

    /// Moves focus by `move` (`moveFocus(_:)`: the smallest scroll that shows the row, clear of the
    /// sticky day header); where focus cannot go further (the last post, the first), scrolls `lines`.
    func moveFocus(_ move: FocusMove, orScroll lines: Int) -> Outcome {
        guard table.moveFocus(move) else { return scroll(by: lines) }
        return .changed
    }

    /// Focuses the post at `indexPath` (a click, a jump, a day), shown whole below its day's header.
    func focus(_ indexPath: IndexPath) {
        table.focusRow(at: indexPath)
    }

    /// Scrolls by `lines`, clamped to the content; focus stays on its post (Ctrl-E Ctrl-Y, the wheel).
    func scroll(by lines: Int) -> Outcome {
        let old = table.contentOffset.y
        let target = min(max(0, old + CGFloat(lines)), table.maximumContentOffsetY)
        guard target != old else { return .unchanged }
        table.contentOffset = CGPoint(x: 0, y: target)
        return .changed
    }

    func scrollToTop() -> Outcome {
        table.moveFocus(.first)
        table.contentOffset = .zero
        message = "Top."
        return .changed
    }

    func scrollToEnd() -> Outcome {
        finishLoading()
        let sections = feed.shownSections
        guard let last = (0..<sections).reversed().first(where: { feed.model.numberOfRows(inSection: $0) > 0 }) else {
            return .unchanged
        }
        let indexPath = IndexPath(row: feed.model.numberOfRows(inSection: last) - 1, section: last)
        table.focusRow(at: indexPath)
        table.scrollToRow(at: indexPath, at: .bottom, animated: false)
        message =
            heightMode == .exact
            ? "End: every height is known, so the last row's offset is a lookup."
            : "End: scrollToRow(.bottom) measured only the rows on the last screen."
        return .changed
    }

    /// Jumps so that row `row` (1-based, over the whole feed) is at the top, and focuses it.
    func jump(toRow row: Int) -> Outcome {
        finishLoading()
        guard let indexPath = feed.model.indexPath(forGlobalRow: row - 1, sections: feed.shownSections) else {
            return .unchanged
        }
        let measuredBefore = table.counters.rowHeightQueries
        table.scrollToRow(at: indexPath, at: .top, animated: false)
        // The sticky header covers the top line; step back one line so the row shows whole under it.
        if table.contentOffset.y > 0 { _ = scroll(by: -1) }
        focus(indexPath)
        let asked = table.counters.rowHeightQueries - measuredBefore
        message =
            "Row \((feed.model.globalRow(of: indexPath) + 1).grouped) (day \(indexPath.section + 1), "
            + "post \(indexPath.row + 1)): found in O(log n), \(asked) measured."
        return .changed
    }

    func togglePool() -> Outcome {
        table.isReusePoolEnabled.toggle()
        message =
            table.isReusePoolEnabled
            ? "Pool on: rows scrolling in reuse cells that left; 'created' stops growing."
            : "Pool off: rows scrolling in create cells (watch 'created'); precaching pauses."
        return .changed
    }

    func toggleStore() -> Outcome {
        let next: TableView.GeometryStore = table.geometryStore == .tree ? .records : .tree
        // Rebuilding every row's record is O(n) whichever way: the time says what n costs here. In the
        // interactive demo the store is built off the main actor (keys pressed meanwhile wait, as for
        // an async apply); the tour and tests switch at once.
        func say(_ took: String) {
            message =
                next == .records
                ? "Row records (2013), built in \(took): a height change shifts every later row."
                : "SlotTree, built in \(took): a B+tree of height runs, O(log n) each."
        }
        guard appliesAsynchronously else {
            let start = DispatchTime.now().uptimeNanoseconds
            table.setGeometryStore(next)
            say(millis(DispatchTime.now().uptimeNanoseconds - start))
            return .changed
        }
        appliesInFlight += 1
        Task { [weak self] in
            guard let table = self?.table else { return }
            let nanoseconds = await table.setGeometryStoreOffMainActor(next)
            guard let self else { return }
            appliesInFlight -= 1
            appliedSinceIdleStep = true
            say(nanoseconds > 0 ? "\(millis(nanoseconds)) off the main actor" : "the main actor")
        }
        return .changed
    }

    /// `e`: estimated heights to exact ones (computed first, off the main thread) and back; `e` while
    /// they are being computed cancels.
    func toggleHeightMode() -> Outcome {
        if let pending = pendingHeights, pending.purpose == .exactMode {
            cancelPendingHeights()
            message = "e: cancelled; the heights stay estimated."
            return .changed
        }
        guard heightMode == .exact else {
            startExactHeights(.exactMode, columns: tableWidth)
            return .changed
        }
        cancelPendingHeights()
        setHeightMode(.estimated)
        message = "Estimated: reloadData measured only the rows on screen, in \(millis(lastReloadMicroseconds * 1_000))."
        return .changed
    }

    /// Switches the mode and reloads from the top: the other mode shows another table.
    func setHeightMode(_ mode: HeightMode) {
        heightMode = mode
        feed.usesExactHeights = mode == .exact
        table.contentOffset = .zero
        reload()
    }

    /// `w`: a narrower table, as a phone rotated to portrait, or back. With exact heights, those of the
    /// new width are computed first (off the main thread) unless known; `w` while they are cancels.
    func rotate() -> Outcome {
        if let pending = pendingHeights, pending.purpose == .exactWidth {
            cancelPendingHeights()
            message = "w: cancelled; the width stays \(tableWidth)."
            return .changed
        }
        if heightMode == .exact {
            let columns = isRotated ? width : FeedApp.portraitWidth(of: width)
            guard feed.exactHeights[columns] != nil else {
                startExactHeights(.exactWidth, columns: columns)
                return .changed
            }
        }
        isRotated.toggle()
        let before = table.counters.selfSizingMeasurements
        let asked = table.counters.rowHeightQueries
        applyFrame()
        if heightMode == .estimated { precacher = FeedApp.makePrecacher(for: table) }  // every height is an estimate again
        let measured = table.counters.selfSizingMeasurements - before
        message =
            heightMode == .exact
            ? "Width \(tableWidth): \((table.counters.rowHeightQueries - asked).grouped) exact heights asked, all known. w: back."
            : "Width \(tableWidth): heights became estimates; \(measured) re-measured, the rest on sight. w: back."
        return .changed
    }

    /// `+`: the focused row one line taller.
    func growFocusedRow() -> Outcome {
        guard let indexPath = table.indexPathForFocusedRow else { return .unchanged }
        feed.grow(indexPath, by: 1)
        (table.cellForRow(at: indexPath) as? FeedCell)?.extraLines += 1
        let newHeight = table.rectForRow(at: indexPath).height + 1
        table.indexPathHeightCache.invalidateHeight(at: indexPath)
        let asked = table.counters.rowHeightQueries
        table.row(indexPath, changedHeight: newHeight)
        message = "row(_:changedHeight: \(Int(newHeight))): one height set, \(table.counters.rowHeightQueries - asked) asked, O(log n)."
        return .changed
    }

    var firstIndexPath: IndexPath? {
        (0..<feed.shownSections).first { feed.model.numberOfRows(inSection: $0) > 0 }.map { IndexPath(row: 0, section: $0) }
    }

    func clampTableOffset() { clampOffset() }

    private func clampOffset() {
        let maximum = table.maximumContentOffsetY
        if table.contentOffset.y > maximum { table.contentOffset.y = maximum }
    }

    // MARK: Reading the table

    /// The numbers the status line and the tour print.
    var snapshot: Snapshot {
        let counters = table.counters
        return Snapshot(
            rows: source.snapshot().numberOfItems,
            visibleCells: table.visibleCells.count,
            poolSize: table.reusePoolCount,
            cellsCreated: counters.cellsCreated,
            heightsAsked: counters.rowHeightQueries,
            measuredHeights: table.measuredSlotCount,
            estimatedHeights: table.estimatedSlotCount,
            heightUncertainty: Int(table.contentHeightUncertainty.rounded()),
            cacheHits: table.indexPathHeightCache.hits,
            cacheMisses: table.indexPathHeightCache.misses,
            layoutMicroseconds: counters.lastLayoutNanoseconds / 1_000,
            store: table.geometryStore,
            isPoolEnabled: table.isReusePoolEnabled,
            heightMode: heightMode)
    }

    /// Counters at one moment.
    struct Snapshot: Equatable {
        var rows: Int
        var visibleCells: Int
        var poolSize: Int
        var cellsCreated: Int
        var heightsAsked: Int
        /// Slots (rows, day headers, footers) whose height is measured; a width change makes them all estimates again.
        var measuredHeights: Int
        /// Slots whose height is still an estimate.
        var estimatedHeights: Int
        /// How far the content height may still move, in points (the honest scroll indicator).
        var heightUncertainty: Int
        var cacheHits: Int
        var cacheMisses: Int
        var layoutMicroseconds: UInt64
        var store: TableView.GeometryStore
        var isPoolEnabled: Bool
        var heightMode: HeightMode
    }
}
