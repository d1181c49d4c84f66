import Foundation

// The layout pass of both views: 1 settle (each view's own; the only stage that moves the offset,
// through `moveOffset(to:because:)`) ──► 2 wanted (each view's own, pure) ──► 3 reconcile (written
// once, here: 3a recycle what left, 3b reframe what stays, 3c dequeue arrivals, 3d `willDisplay`).
// Docs/layout-on-scroll.md walks through one pass with a picture.

/// Work other code asks of a view's next layout pass.
struct LayoutPassRequests: OptionSet {
    let rawValue: UInt8
    /// Measure every estimated slot (exact-height mode whose measuring a queued call cut short).
    static let measureEverything = LayoutPassRequests(rawValue: 1 << 0)
    /// Bring the offset back onto the content (a reload or an update may have shortened it).
    static let clampOffset = LayoutPassRequests(rawValue: 1 << 1)
    /// Run again when the view's queue drains (a pass cut short by a queued call).
    static let runAgain = LayoutPassRequests(rawValue: 1 << 2)
}

/// Everything the frames of the cells on screen follow from besides the offset, as of one
/// pass: the layout generation (which every change of the geometry and every explicit layout
/// request advance), the width, and what the view puts on every placed cell.
///
/// A pass whose placement equals the one the cells on screen were placed with is a plain scroll:
/// a staying cell's frame, separator and layout are what the last pass gave it, so reconcile
/// touches only the cells that arrive and leave (the article's "a cell placed once keeps its frame").
struct CellPlacement: Equatable {
    /// `LayoutPassState.layoutGeneration` when the placement was taken.
    var generation: UInt64
    /// The view's width.
    var width: CGFloat
    /// Where the geometry's y = 0 is in content coordinates (the table header's height).
    var origin: Double
    /// The gap above each row.
    var rowMargin: Double
    /// What `refresh(_:)` sets on every cell (the table's separator height).
    var cellDecoration: CGFloat
    /// The editing mode the cells show.
    var isEditing: Bool
}

/// The delegate methods whose protocol default reports itself, as a set
/// (`ReuseEngine.defaultedMethods`): the per-cell and per-step callbacks, which the view then stops
/// calling, and the table's height methods, whose answer decides how rows and sections get heights
/// (`TableView.probe(_:_:_:)` asks again each time it decides).
struct DefaultedDelegateMethods: OptionSet {
    let rawValue: UInt16
    static let willDisplay = Self(rawValue: 1 << 0)
    static let didEndDisplaying = Self(rawValue: 1 << 1)
    static let didScroll = Self(rawValue: 1 << 2)
    static let rowHeight = Self(rawValue: 1 << 3)
    static let estimatedRowHeight = Self(rawValue: 1 << 4)
    static let headerHeight = Self(rawValue: 1 << 5)
    static let footerHeight = Self(rawValue: 1 << 6)
    static let estimatedHeaderHeight = Self(rawValue: 1 << 7)
    static let estimatedFooterHeight = Self(rawValue: 1 << 8)
}

/// What one view's layout pass keeps between passes, and the work other code asks of the
/// next pass. One value, owned by the pass: code outside it only adds requests, and an
/// interactive movement (`Engine/InteractiveMovement.swift`) lifts and drops `movement`.
struct LayoutPassState<Cell: AnyObject> {
    /// Work asked of the next pass.
    var requests: LayoutPassRequests = []
    /// True while a pass runs: a pass never starts inside itself.
    var isRunning = false
    /// The bounds the last pass left the view in.
    var lastBounds: CGRect?
    /// The insets of the last pass (a change clamps the offset, as a new size does).
    var lastInsets: EdgeInsets?
    /// The offset of the last pass: the direction of scrolling, for prefetching.
    var lastOffsetY: CGFloat = 0
    /// Advanced by every change that may move or restyle a placed cell without changing the
    /// view's `placement` otherwise: the table's geometry (each mutation), an explicit layout
    /// (`setNeedsLayout()` then `layoutIfNeeded()`), a lifted element. See `CellPlacement`.
    var layoutGeneration: UInt64 = 0
    /// The placement the cells on screen were placed with; nil when they must all be placed again.
    var placed: CellPlacement?
    /// Cells the data source configured while settle measured a row on screen: reconcile
    /// shows them where the row arrives, and returns the rest to the pool.
    var cellsFromMeasuring: [IndexPath: Cell] = [:]
    /// The elements the last pass wanted, kept as scratch space (a pass allocates nothing).
    var wantedCells: [CellsOnScreen<Cell>.Wanted] = []
    /// Scratch space for reconcile: the cells that stay, per wanted element.
    var staying: [Cell?] = []
    /// Scratch space for reconcile: the positions in the wanted list of the elements that arrive.
    var arrivals: [Int] = []
    /// Scratch space for reconcile: the entries whose cells left.
    var leaving: [CellsOnScreen<Cell>.Entry] = []
    /// Scratch space for reconcile: the cells that arrived.
    var arrived: [CellsOnScreen<Cell>.Entry] = []
    /// The lifted row or item, if any: `wanted(cells:supplementary:notes:)` lays out its proposed
    /// order and leaves it out (its cell is off the visible list until the movement ends).
    var movement: InteractiveMovement<Cell>?
    /// Views whose configuration waits for an update at the next pass's start
    /// (`Configuration/ReuseEngineView+ConfigurationUpdates.swift`).
    var configurationUpdates = ConfigurationUpdateList()

    /// Starts a pass: running, and no longer asked to run again (one access of the state).
    mutating func begin() {
        isRunning = true
        requests.remove(.runAgain)
    }

    /// Records the viewport a pass left the view in.
    mutating func end(bounds: CGRect, insets: EdgeInsets) {
        lastOffsetY = bounds.origin.y
        lastBounds = bounds
        lastInsets = insets
    }

}

// The pass's working state is taken out of the engine into locals for the step and handed down
// `inout`; the engine's fields are only read or written whole, never held across a call. The
// optimizer then proves every access of them exclusive and the runtime checks nothing, while a
// callback that touches the view mid-pass still meets the checks wherever one could conflict
// (Docs/unsafe-code.md, "Runtime exclusivity checks").

extension ReuseEngineView {
    /// The layout pass: make the views on screen match the content at the current offset.
    ///
    /// Whatever triggered it (an offset, `layoutIfNeeded()`, a reload, an update, a scroll to a
    /// row), the same three stages run in order: `settle()`, `wanted(cells:supplementary:notes:)`,
    /// `reconcile(cells:supplementary:)`. A pass cut short by a structural call a callback
    /// queued runs again when the view's queue drains.
    /// - Complexity: O(log n + visible elements), plus what settle measures or prepares.
    func runLayoutPass() {
        guard !engine.pass.isRunning else { return }
        guard engine.hasLoadedData else { return reload(keepingHeightCache: false) }
        engine.pass.begin()
        defer { engine.pass.isRunning = false }
        let start = monotonicNanoseconds()
        followScrollsSinceRecord()  // live data: a scroll since a change was recorded keeps its place (`Engine/LiveData.swift`)

        updateMarkedConfigurations()  // cells whose state changed since the last pass, once each
        settle()
        var cells = engine.pass.wantedCells  // the last pass's rows, a local for the step
        engine.pass.wantedCells = []
        var supplementary: [SupplementaryElement] = []
        wanted(cells: &cells, supplementary: &supplementary, notes: &wantedNotes)  // stage 2 writes only what it is handed
        didFindWanted()
        reconcile(cells: cells, supplementary: supplementary)
        engine.pass.wantedCells = cells

        if transaction.hasDeferredWork {
            engine.pass.requests.insert(.runAgain)
        } else {
            updatePrefetching()
        }
        engine.pass.end(bounds: bounds, insets: adjustedContentInset)
        engine.counters.layoutPasses += 1
        engine.counters.lastLayoutNanoseconds = monotonicNanoseconds() &- start
    }

    /// Stage 3: makes the cells on screen match `wanted` (sorted by index path), in steps that
    /// never call out while the list of cells on screen is being changed, so a delegate may
    /// read `visibleCells` from any callback:
    /// 3a. cells that left come off the list and go back to the pool, then `didEndDisplaying`;
    /// 3b. cells that stay move to their new frames;
    /// 3c. each arrival gets a cell — one settle configured while measuring, or the data
    ///    source's (none once a callback queued a structural call: its rows may be gone);
    /// 3d. `willDisplay` for each arrival once all are on the list.
    /// Then the supplementary elements, and cells configured while measuring that no
    /// arrival took go back to the pool.
    ///
    /// A cell that stays is left as it is when the view's `placement` is the one the cells on
    /// screen were placed with (a plain scroll): only arrivals and departures cost anything.
    /// - Complexity: O(visible + wanted) plus the cells asked for.
    func reconcile(cells wanted: [CellsOnScreen<Cell>.Wanted], supplementary: [SupplementaryElement]) {
        recorder?.stage(.reconcile, in: self)
        recycleCellsThatLeft(wanted)
        let placement = self.placement
        // Until every cell is placed, the cells on screen have no placement: a callback below may
        // change what they follow (a separator style, a height), and the next pass compares anew.
        let stayingPlaced = placement != nil && placement == engine.pass.placed
        engine.pass.placed = nil
        var arrivals = engine.pass.arrivals, arrived = engine.pass.arrived  // scratch, locals for the step
        engine.pass.arrivals = []
        engine.pass.arrived = []
        if stayingPlaced {
            engine.cellsOnScreen.positionsMissing(from: wanted, into: &arrivals)
        } else {
            var staying = engine.pass.staying
            engine.pass.staying = []
            engine.cellsOnScreen.cells(for: wanted, into: &staying)
            arrivals.emptyKeepingCapacity()
            for (position, cell) in staying.enumerated() {
                guard let cell else {
                    arrivals.append(position)
                    continue
                }
                refresh(cell)
                cell.frame = wanted[position].frame
                cell.layoutIfNeeded()
            }
            staying.emptyKeepingCapacity()
            engine.pass.staying = staying
        }
        let hasPrefetched = !engine.prefetchedIndexPaths.isEmpty
        // A delegate whose `willDisplay` is the protocol's default hears nothing: no list to collect.
        let collectsArrived = !engine.defaultedMethods.contains(.willDisplay)
        for position in arrivals {
            let target = wanted[position]
            let indexPath = IndexPath(row: target.row, section: target.section)
            let measured = takeCellFromMeasuring(at: indexPath)
            guard let cell = measured ?? cellFromDataSource(at: indexPath) else { continue }
            cell.frame = target.frame
            cell.layoutIfNeeded()
            addCellSubview(cell)
            if measured == nil {
                checkHeightOfConfiguredArrival(cell, at: indexPath)  // its state is shown (`cellFromDataSource`)
            } else {
                showSelection(on: cell, at: indexPath)  // configured while settle measured: the selection may have moved since
            }
            let entry = CellsOnScreen<Cell>.Entry(section: target.section, row: target.row, cell: cell)
            var onScreen = engine.cellsOnScreen  // changed on a local, put back before any call-out
            engine.cellsOnScreen = CellsOnScreen()
            onScreen.insert(entry)
            engine.cellsOnScreen = onScreen
            recorder?.cell(cell, .shown, at: indexPath, in: self)
            if collectsArrived { arrived.append(entry) }
            if hasPrefetched { notePrefetchedArrival(indexPath) }
        }
        engine.counters.mostVisibleAtOnce = max(engine.counters.mostVisibleAtOnce, engine.cellsOnScreen.count)
        placeSupplementaryElements(supplementary)
        returnCellsFromMeasuring()
        if !arrived.isEmpty { tellWillDisplay(arrived) }
        engine.pass.placed = placement
        arrivals.emptyKeepingCapacity()
        arrived.emptyKeepingCapacity()
        engine.pass.arrivals = arrivals
        engine.pass.arrived = arrived
    }

    /// Reconcile's first step: cells whose elements are not in `wanted` come off the list and
    /// go back to the pool, then the delegate hears `didEndDisplaying`. Settle runs it early
    /// when it is about to measure, so measuring reuses the cells that left.
    /// - Complexity: O(visible + wanted).
    func recycleCellsThatLeft(_ wanted: [CellsOnScreen<Cell>.Wanted]) {
        var leaving = engine.pass.leaving
        engine.pass.leaving = []
        var onScreen = engine.cellsOnScreen  // changed on a local, put back before any call-out
        engine.cellsOnScreen = CellsOnScreen()
        onScreen.removeEntries(notIn: wanted, into: &leaving)
        engine.cellsOnScreen = onScreen
        recycle(leaving)
        leaving.emptyKeepingCapacity()
        engine.pass.leaving = leaving
    }

    /// Returns to the pool the cells configured while measuring that no arrival took.
    func returnCellsFromMeasuring() {
        guard !engine.pass.cellsFromMeasuring.isEmpty else { return }
        let cells = engine.pass.cellsFromMeasuring
        engine.pass.cellsFromMeasuring = [:]
        for cell in cells.values { recycle(cell) }
    }

    /// Runs `change` on the list of cells on screen taken out of the engine into a local, then puts it
    /// back: `change` must not call out (a delegate reading `visibleCells` would see an empty list).
    func changeCellsOnScreen<Result>(_ change: (inout CellsOnScreen<Cell>) -> Result) -> Result {
        var cells = engine.cellsOnScreen
        engine.cellsOnScreen = CellsOnScreen()
        defer { engine.cellsOnScreen = cells }
        return change(&cells)
    }

    /// An arrival announced to the prefetch data source is no longer outstanding.
    func notePrefetchedArrival(_ indexPath: IndexPath) {
        var prefetched = engine.prefetchedIndexPaths  // changed on a local: hashing an index path is a call
        engine.prefetchedIndexPaths = []
        prefetched.remove(indexPath)
        engine.prefetchedIndexPaths = prefetched
    }

    /// The cell settle configured for `indexPath` while measuring, taken off the list, or nil.
    func takeCellFromMeasuring(at indexPath: IndexPath) -> Cell? {
        guard !engine.pass.cellsFromMeasuring.isEmpty else { return nil }
        var cells = engine.pass.cellsFromMeasuring  // changed on a local: hashing an index path is a call
        engine.pass.cellsFromMeasuring = [:]
        let cell = cells.removeValue(forKey: indexPath)
        engine.pass.cellsFromMeasuring = cells
        return cell
    }

    /// Keeps `cell`, configured for `indexPath` while measuring, for this pass's arrival there; a
    /// cell kept there before goes back to the pool.
    func keepCellFromMeasuring(_ cell: Cell, at indexPath: IndexPath) {
        var cells = engine.pass.cellsFromMeasuring
        engine.pass.cellsFromMeasuring = [:]
        let previous = cells.updateValue(cell, forKey: indexPath)
        engine.pass.cellsFromMeasuring = cells
        if let previous, previous !== cell { recycle(previous) }
    }

    /// Whether the bounds' size or the insets differ from the last pass's (the offset may
    /// differ): a resized viewport clamps the offset, as UIScrollView does. Read field by field:
    /// a method of the stored pass state would copy all of it, scratch arrays included.
    var isViewportResized: Bool {
        guard let lastBounds = engine.pass.lastBounds else { return false }
        return lastBounds.size != bounds.size || engine.pass.lastInsets != adjustedContentInset
    }

    // MARK: When a pass runs

    /// Runs a pass now, in a transaction of its own — or, asked from inside a step (a callback
    /// calling `layoutIfNeeded()`, a query), leaves it to the view: it checks when its queue drains
    /// (`runPassIfStale()`) whether the running step missed a change.
    func layOutNowOrWhenDrained() {
        guard !transaction.isActive else { return }
        performTransaction { runLayoutPass() }
    }

    /// The transaction ended and every queued call ran: see `runPassIfStale()`.
    func transactionDidDrain() {
        runPassIfStale()
    }

    /// When the view's queue drains: one more pass if the last one was cut short by a queued call,
    /// or the bounds, the insets or the layout changed after it.
    func runPassIfStale() {
        guard engine.hasLoadedData else { return }
        guard
            engine.pass.requests.contains(.runAgain) || !bounds.isSame(as: engine.pass.lastBounds) || engine.pass.lastInsets != adjustedContentInset
                || hasInvalidatedLayout
        else { return }
        performTransaction { runLayoutPass() }
    }
}

extension CGRect {
    /// `self == other`, field by field: Foundation's `CGRect` equality on Linux costs a call and a
    /// hash, twice a scroll step.
    func isSame(as other: CGRect?) -> Bool {
        guard let other else { return false }
        return origin.x == other.origin.x && origin.y == other.origin.y && size.width == other.size.width && size.height == other.size.height
    }
}

/// The monotonic clock in nanoseconds, read directly: `DispatchTime.now()` wraps the same clock
/// in two calls, and the pass reads it twice a step.
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

extension ReuseEngineView {
    /// No placement: every pass places every cell (the collection view, whose layout decides frames).
    var placement: CellPlacement? { nil }

    /// Takes `leaving` (already off the list) to the pool, then tells the delegate: what a
    /// reload, an update or a reconfigure does with the cells it takes off screen.
    func recycle(_ leaving: [CellsOnScreen<Cell>.Entry]) {
        guard !leaving.isEmpty else { return }
        for entry in leaving { recycle(entry.cell) }
        tellDidEndDisplaying(leaving)
    }

    /// Tells the delegate that `entries` ended displaying (their cells are back in the pool); not
    /// when its method is the protocol's default, as UIKit asks `respondsToSelector:` once per delegate.
    func tellDidEndDisplaying(_ entries: [CellsOnScreen<Cell>.Entry]) {
        guard !engine.defaultedMethods.contains(.didEndDisplaying), let delegate else { return }
        calling(Self.didEndDisplayingCallback) {
            for entry in entries { tell(delegate, didEndDisplaying: entry.cell, at: entry.indexPath) }
        }
    }

    /// Called by a delegate protocol's default implementation of `method`: when `delegate` is this
    /// view's, the view stops calling that method until a new delegate is set (a height method is
    /// asked again when the table next decides its heights, `TableView.probe(_:_:_:)`).
    func noteDefault(_ method: DefaultedDelegateMethods, of delegate: AnyObject) {
        guard let current = self.delegate as AnyObject?, current === delegate else { return }
        engine.defaultedMethods.insert(method)
    }

    /// Tells the delegate that `entries` will display (they are on the list of cells on screen
    /// already); not when its method is the protocol's default.
    func tellWillDisplay(_ entries: [CellsOnScreen<Cell>.Entry]) {
        guard !engine.defaultedMethods.contains(.willDisplay), let delegate else { return }
        calling(Self.willDisplayCallback) {
            for entry in entries { tell(delegate, willDisplay: entry.cell, at: entry.indexPath) }
        }
    }
}

// MARK: - What both views ask their data sources: 3c's cell, the counts, prefetching

// What both views ask their data sources the same way: a cell for an arriving element,
// the counts as loaded, and the elements about to appear for the prefetch data source.
// Each view names its own methods (`dataSourceCell(at:)` in `TableView.swift` and
// `CollectionView+Engine.swift`, and the two `+Prefetching.swift` files).

extension ReuseEngineView {
    /// Asks the data source for the element's cell (through `ask(_:_:)`: nil once a
    /// structural call is queued) and counts cells the view has not seen before.
    func cellFromDataSource(at indexPath: IndexPath) -> Cell? {
        noteCellRequestStarting()
        guard let cell = ask(Self.cellCallback, { dataSourceCell(at: indexPath) }) else { return nil }
        engine.counters.dataSourceCellCalls += 1
        noteHandedOver(cell)
        refresh(cell)
        prepareConfiguration(of: cell, at: indexPath)  // the view's state, and the cell's update, before it is shown or measured
        return cell
    }

    /// The number of sections as of the last reload or update, loading first.
    /// - Complexity: O(1).
    func loadedSectionCount() -> Int {
        loadIfNeeded()
        return sectionCountAsLoaded
    }

    /// The number of rows or items in `section` as of the last reload or update, loading
    /// first; a section that does not exist stops with a message naming `call`, it and the count.
    func loadedCount(inSection section: Int, call: String) -> Int {
        loadIfNeeded()
        do { try validateSection(section) } catch { ReuseTableError.trap(error, in: call) }
        return countAsLoaded(inSection: section)
    }

    /// Announces the elements ahead of the viewport, in the direction of scrolling, and
    /// cancels those no longer ahead (`PrefetchWindow`). Runs after each pass not cut short.
    func updatePrefetching() {
        guard hasPrefetchDataSource else { return }
        let scrollingUp = contentOffset.y < engine.pass.lastOffsetY
        let ahead = indexPathsAhead(upward: scrollingUp, count: Self.defaultPrefetchDistance)
        var prefetched = engine.prefetchedIndexPaths  // a local for the step: the window's closure reads the view
        engine.prefetchedIndexPaths = []
        let (cancelled, announced) = PrefetchWindow.advance(&prefetched, to: ahead) { engine.cellsOnScreen[$0] != nil }
        engine.prefetchedIndexPaths = prefetched
        if !cancelled.isEmpty { tellPrefetchDataSource(cancelled, cancelling: true) }
        if !announced.isEmpty { tellPrefetchDataSource(announced, cancelling: false) }
    }

    /// Cancels every outstanding announcement (reloads and batch updates).
    func cancelAllPrefetching() {
        guard !engine.prefetchedIndexPaths.isEmpty else { return }
        var prefetched = engine.prefetchedIndexPaths
        engine.prefetchedIndexPaths = []
        let cancelled = PrefetchWindow.cancelAll(&prefetched)
        engine.prefetchedIndexPaths = prefetched
        tellPrefetchDataSource(cancelled, cancelling: true)
    }
}
