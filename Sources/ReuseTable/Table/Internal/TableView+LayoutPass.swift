import Foundation

// The table's side of the layout pass (`runLayoutPass()`, Engine/LayoutPass.swift), in the order a
// pass runs it: 1 settle (sanitize → anchor → width → clamp → measure → follow → clamp), 2 wanted (the
// walk of the viewport's slots, pure), 3 reconcile's words (placement, the separator, cells behind
// headers, headers and footers placed and pinned). Docs/layout-on-scroll.md numbers the route the same way.

/// What one settle learns on its way and passes along (never stored on the table).
struct Settle {
    /// The table followed the end before the change being settled.
    var following: Bool
    /// Live data's anchor put back in this settle: the first measuring of the viewport keeps it still, and clears it.
    var anchor: ContentAnchor?
    /// The anchor was put back outside the offset range (before measuring changed the content).
    var restoredOutOfRange = false
    /// Measuring the viewport clamped the offset to the end (rows measured there made the content
    /// shorter): the table then stays at the end while more are measured.
    var clampedToEnd = false
}

extension TableView {
    // MARK: 1. Settle

    /// The layout pass's first stage:
    /// bring the geometry up to date with the bounds before anything is placed, in this order —
    /// sanitize (bad bounds repaired), anchor (live data's, put back: `beginLiveSettle()`), width (a
    /// new one re-measures self-sized rows: `widthDidChange()`), clamp (a resized viewport),
    /// measure (every estimated slot the viewport shows, keeping what the user sees still:
    /// `measureSlotsInViewport(_:)`; cells that left go back to the pool first, so measuring reuses
    /// them), follow and clamp again (`finishTableSettle(_:)`). What one settle learns on the way
    /// travels in a local `Settle`, never in stored properties.
    /// - Complexity: O(log n), plus the rows measured.
    func settle() {
        recorder?.stage(.settle, in: self)
        if hasNothingToSettle { return }  // a plain scroll: every step below would find nothing to do
        sanitizeBounds()
        var settle = beginLiveSettle()  // live data: follow the end, or put back an anchor
        if let measuredWidth, measuredWidth != bounds.width { widthDidChange() }
        if isViewportResized { clampOffsetToContent() }
        if engine.pass.requests.contains(.measureEverything), !transaction.hasDeferredWork { finishFullMeasurement() }
        if geometry.unmeasuredCount > 0, !transaction.hasDeferredWork { measureSlotsInViewport(&settle) }
        finishTableSettle(settle)
        placeLiftedCell()  // its height follows measurement and the width
    }

    /// Whether `settle()` would change nothing: usable bounds at the width the heights were
    /// measured at and the size and insets of the last pass, no request, no estimate, no lifted row,
    /// no live-data state to keep (nothing pending, not following or aligning to the end), and a
    /// `contentSize` that is already the geometry's. A plain scroll step pays these reads instead of
    /// the sanitizer, the live-data round and two content sizes (Docs/performance-journal.md).
    /// - Complexity: O(1).
    var hasNothingToSettle: Bool {
        let b = bounds, maximum = GeometryNumber.maximum, geometry = geometryTotals  // no copy of the existential
        guard b.origin.x.isFinite, b.origin.y.isFinite, b.width >= 0, b.width <= maximum, b.height >= 0, b.height <= maximum,
            measuredWidth == nil || measuredWidth == b.width,
            engine.pass.requests.isEmpty, engine.pass.movement == nil, geometry.unmeasuredCount == 0
        else { return false }
        if let last = engine.pass.lastBounds {  // `isViewportResized`, on the bounds read above
            guard last.size == b.size, engine.pass.lastInsets == adjustedContentInset else { return false }
        }
        let live = engine.liveData
        guard !live.sticksToBottom, !live.alignsContentToBottom, additionalTopInset == 0, live.pendingAnchor == nil,
            live.pendingFollow == nil
        else { return false }
        let height = tableHeaderFooter.headerHeight + geometry.totalHeight + tableHeaderFooter.footerHeight
        return contentSize == CGSize(width: b.width, height: CGFloat(height))
    }

    // MARK: Anchor: live data put back

    /// The start of settle: whether the table followed the end before the change, and the
    /// anchor recorded before a structural change put back — before measuring, so the rows
    /// measured are the ones the user will see (the mechanism is the engine's, `Engine/LiveData.swift`).
    /// - Complexity: O(log n).
    func beginLiveSettle() -> Settle {
        recordBeforeChange { nil }
        var settle = Settle(following: engine.liveData.pendingFollow ?? false)
        updateContentSize()
        updateBottomAlignment()
        if !settle.following, let anchor = engine.liveData.pendingAnchor, let minY = liveAnchorMinY(anchor.indexPath) {
            restore(anchor, minY: minY, clamping: false)
            settle.restoredOutOfRange = contentOffset.y > maximumContentOffsetY || contentOffset.y < minimumContentOffsetY
            settle.anchor = anchor
            // Measured now, the anchor is what measuring the viewport keeps still (`anchorSlot(in:preferring:)`):
            // a reload left every row an estimate, and a row measured below it must not be preferred.
            let index = slotIndex(forRow: anchor.indexPath)
            if !geometry.slot(at: index).isMeasured, !transaction.hasDeferredWork { measureSlot(at: index, keepCell: true) }
        }
        engine.liveData.pendingAnchor = nil
        return settle
    }

    /// The slot of row `indexPath` (the anchor this settle put back), while the row is still there:
    /// what measuring the viewport keeps still while it is seen, rather than a row shown or measured near it.
    /// - Complexity: O(log n).
    func liveAnchorSlot(_ indexPath: IndexPath?) -> Slot? {
        guard let indexPath, liveAnchorMinY(indexPath) != nil else { return nil }
        return geometry.slot(at: slotIndex(forRow: indexPath))
    }

    // MARK: Width

    /// A new width (rotation, split view) re-measures self-sized rows, keeping the first visible
    /// row in place. The index-path height cache keeps every width's heights, so rotating back
    /// measures nothing.
    ///
    /// Every slot is marked as an estimate — its old height is a good one — and
    /// then, with exact heights, measured again at once (rows measured at this
    /// width before are cache hits); with estimates, only as they appear. The
    /// layout pass calls this first, whatever triggered it.
    /// - Complexity: O(runs), plus the rows measured.
    func widthDidChange() {
        measuredWidth = bounds.width
        guard usesSelfSizing else { return }
        let anchor = currentAnchor()
        recycleAllVisibleViews()
        geometry.markAllUnmeasured()
        if !isEstimatingRows { measureAllUnmeasuredSlots() }
        if let anchor { restoreAnchor(slotIndex: anchor.slotIndex, screenY: anchor.screenY) }
        clampOffsetToContent()  // shorter content after re-measuring
    }

    /// Exact-height mode whose measuring a queued call cut short: measure the rest now,
    /// and clamp the offset if the content got shorter than the placeholders made it.
    func finishFullMeasurement() {
        engine.pass.requests.remove(.measureEverything)
        let wasWithinContent = contentOffset.y <= maximumContentOffsetY
        measureAllUnmeasuredSlots()
        if wasWithinContent { clampOffsetToContent() }
    }

    /// Asks the next pass to measure every estimated slot, in exact-height mode (with
    /// estimates, rows are measured as they appear): a queued call cut measuring short.
    func measureEverythingAtNextPass() {
        if !isEstimatingRows { engine.pass.requests.insert(.measureEverything) }
    }

    /// Measures every slot still holding an estimate (exact-height mode), unless a callback queued a structural call.
    /// - Complexity: O(m log n) for m slots measured.
    func measureAllUnmeasuredSlots() {
        var start = 0
        while let index = geometry.firstUnmeasured(from: start) {
            guard measureSlot(at: index) else {
                engine.pass.requests.insert(.measureEverything)  // not asked: a callback queued a structural call
                return
            }
            start = index + 1
        }
    }

    // MARK: Follow and clamp

    /// The end of settle: `contentSize` follows the geometry; a table that followed the end goes
    /// to the end, measuring the estimated rows it finds there until the viewport shows none. An
    /// anchor put back outside the offset range (before measuring changed the content) is clamped
    /// now; clamped to the end — then, or while the viewport was measured — the table stays at
    /// the end while the rows shown there are measured.
    /// - Complexity: O(m log n) for m rows measured.
    func finishTableSettle(_ settle: Settle) {
        updateContentSize()
        var settle = settle
        var toEnd = settle.following
        if settle.restoredOutOfRange {
            let y = min(max(contentOffset.y, minimumContentOffsetY), maximumContentOffsetY)
            moveOffset(toY: y, because: .clamp)
            if y == maximumContentOffsetY, y > minimumContentOffsetY {
                toEnd = true
            } else {
                measureSlotsInViewport(&settle)  // at the top: the rows now in view
                updateContentSize()
            }
        }
        if toEnd || settle.clampedToEnd { goToEndMeasuring(because: settle.following ? .followEnd : .clamp, &settle) }
        finishLiveSettle(following: settle.following)
    }

    /// Moves to the end and measures the estimated rows the viewport shows there, until it shows none.
    /// - Complexity: O(m log n) for m rows measured.
    func goToEndMeasuring(because reason: OffsetMoveReason, _ settle: inout Settle) {
        var rounds = 0
        while rounds <= geometry.count, !transaction.hasDeferredWork {
            updateBottomAlignment()
            moveOffset(toY: maximumContentOffsetY, because: reason)
            guard measuring.firstSlotToMeasure(in: viewport) != nil else { break }
            measureSlotsInViewport(&settle)
            updateContentSize()
            rounds += 1
        }
    }

    /// Brings the offset back onto the content when the content ended above it
    /// (as UIScrollView does when not dragging): no blank screen after a shrink.
    /// The range includes the insets (`ScrollView.swift`); an offset above the
    /// top (a bounce a host set) is left alone, as shrinking content cannot cause it.
    /// Returns whether the offset moved.
    @discardableResult
    func clampOffsetToContent() -> Bool {
        updateContentSize()
        let maxY = maximumContentOffsetY
        return bounds.origin.y > maxY && moveOffset(toY: maxY, because: .clamp)
    }

    /// `contentSize` follows the geometry: all rows, margins, headers and footers, between the
    /// table header and footer views.
    func updateContentSize() {
        let height = tableHeaderFooter.headerHeight + geometry.totalHeight + tableHeaderFooter.footerHeight
        contentSize = CGSize(width: bounds.width, height: CGFloat(height))
    }
}

/// What the table's stage 2 keeps from one pass to the next: the layout finger (where the last
/// lookup landed), the walk of the viewport's slots, and where that walk started (the pinned
/// header's section without a lookup, `pinnedHeader(in:)`).
struct TableWalk {
    var finger = GeometryFinger()
    var walk = WantedWalk()
    var top: (generation: UInt64, y: Double, section: Int)?
    /// True when the rows the pass hands back to stage 2 (`LayoutPassState.wantedCells`) are what
    /// `walk` made of its slots: the next step changes only the rows that arrive and leave.
    var rowsAreWalk = false
}

extension TableView {
    // MARK: 2. Wanted

    /// Where the geometry's y = 0 (the top of the first section) is in content coordinates:
    /// the table header's height (`TableView+TableHeader.swift`).
    var geometryOrigin: Double { tableHeaderFooter.headerHeight }

    /// The vertical span on screen, in geometry coordinates (content coordinates minus
    /// `geometryOrigin`, the table header's height): what the geometry is searched with.
    var viewport: Range<Double> {
        let b = bounds  // `contentOffset` is `bounds.origin`: one read
        let top = Double(b.origin.y) - geometryOrigin
        return top..<(top + Double(max(b.height, 0)))
    }

    /// The layout pass's second stage, pure: the rows intersecting the viewport with their frames,
    /// in order, and the headers and footers there (in the proposed order while a row is lifted),
    /// found in one walk of the geometry from `firstVisibleSlot(at:near:)` — or, on the geometry
    /// and frames of the last walk in `notes`, by extending it (`WantedWalk`). Writes the caller's
    /// arrays (emptied first) and `notes` (the finger, the walk, where it started), in place: a pass
    /// copies and allocates nothing. The pass hands it the table's `wantedNotes`.
    /// - Complexity: O(log n + visible slots); a scroll step on the same geometry walks only the
    ///   slots that arrive.
    func wanted(
        cells rows: inout [CellsOnScreen<TableViewCell>.Wanted], supplementary: inout [(SupplementaryKey, CGRect)], notes: inout TableWalk
    ) {
        recorder?.stage(.wanted, in: self)
        supplementary.emptyKeepingCapacity()  // none in most tables: no generic removeAll
        let visible = viewport
        // A lifted row (`TableView+InteractiveMovement.swift`) is left out, and the slots between
        // its origin and its destination shift by its height: the proposed order, layout only.
        let lifted = engine.pass.movement == nil ? nil : liftedSlots(), reach = lifted?.height ?? 0
        let range = (visible.lowerBound - reach)..<(visible.upperBound + reach)
        let generation = engine.pass.layoutGeneration
        let width = bounds.width, inset = cellInset(forTableWidth: width)
        let frames = SlotFrames(width: width, origin: geometryOrigin, rowMargin: Double(appliedRowMargin), rowInset: inset)
        // `rows` holds what the last walk in `notes` made of its slots (the pass hands back its own
        // rows): a step inside that walk changes only the rows that arrive and leave.
        let rowsAreWalk = notes.rowsAreWalk && rows.count == notes.walk.taken.count - notes.walk.supplementaryCount
        notes.rowsAreWalk = false
        if lifted == nil, frames.rowMargin == 0, let first = notes.walk.keptTop(of: visible, generation: generation, frames: frames) {
            // A step down inside the last walk: its top slot is one the walk took (no lookup), and
            // the geometry is read only when the bottom passes the walk's stop.
            notes.top = (generation, range.lowerBound, first.section)
            let change =
                notes.walk.reachesStop(visible)
                ? notes.walk.walk(geometry, visible: visible, first: first, near: notes.finger, generation: generation, frames: frames)
                : notes.walk.walkInside(visible, first: first)
            TableView.frames(
                of: notes.walk.taken, change, frames, rows: &rows, rowsAreWalk: rowsAreWalk,
                supplementary: &supplementary, supplementaryCount: notes.walk.supplementaryCount)
            notes.rowsAreWalk = true
            return
        }
        let geometry = self.geometry  // one copy of the existential for the pass
        guard range.upperBound > 0, geometry.count > 0, let first = firstVisibleSlot(at: range.lowerBound, near: &notes.finger)
        else {
            rows.removeAll(keepingCapacity: true)
            notes.walk.forget()
            return
        }
        notes.top = lifted == nil ? (generation, range.lowerBound, first.section) : nil
        guard lifted == nil, frames.rowMargin == 0 else {
            rows.removeAll(keepingCapacity: true)
            notes.walk.forget()
            TableView.collectWanted(
                geometry, from: first, near: notes.finger, range: range, visible: visible, lifted: lifted, frames: frames,
                rows: &rows, supplementary: &supplementary)
            return
        }
        // The last walk extended where it can: a scroll step walks the slots that arrive.
        let change = notes.walk.walk(geometry, visible: visible, first: first, near: notes.finger, generation: generation, frames: frames)
        TableView.frames(
            of: notes.walk.taken, change, frames, rows: &rows, rowsAreWalk: rowsAreWalk,
            supplementary: &supplementary, supplementaryCount: notes.walk.supplementaryCount)
        notes.rowsAreWalk = true
    }

    /// The article's `findRowForOffsetY`: the slot containing `y` (clamped to the top), with its
    /// section and row (-1 for a header, the row count for a footer). The lookup starts from
    /// `finger`, where the last one landed (checked against the tree's stamp, so never used
    /// stale: `GeometryFinger`), and leaves it at the answer.
    /// - Complexity: O(1) amortized near the last lookup, O(log n) otherwise.
    func firstVisibleSlot(at y: Double, near finger: inout GeometryFinger) -> SlotPosition? {
        recorder?.findingSlot(atOffset: max(y, 0), finger: finger, in: self)
        guard let located = geometry.slot(atOffset: max(y, 0), near: &finger) else { return nil }
        return SlotPosition(index: located.slot.index, section: located.section, row: located.row)
    }

    /// The walk of `wanted(cells:supplementary:notes:)` with a row margin or a lifted row, from
    /// `first` until a slot starts at or after `range.upperBound`. Not isolated, on locals only:
    /// its closure runs once a slot (see `WantedWalk.take`).
    /// - Complexity: O(visible slots).
    nonisolated static func collectWanted(
        _ geometry: any RowGeometry, from first: SlotPosition, near finger: GeometryFinger,
        range: Range<Double>, visible: Range<Double>, lifted: (origin: Int, destination: Int, height: Double)?, frames: SlotFrames,
        rows: inout [CellsOnScreen<TableViewCell>.Wanted], supplementary: inout [(SupplementaryKey, CGRect)]
    ) {
        var position = first
        geometry.forEachSlot(from: first.index, near: finger) { slot in
            position.advance(to: slot)
            guard slot.minY < range.upperBound else { return false }
            var slot = slot
            if let lifted {
                guard slot.index != lifted.origin else { return true }
                slot.minY += InteractiveMovement<TableViewCell>.shift(
                    of: slot.index, origin: lifted.origin, destination: lifted.destination, height: lifted.height)
            }
            guard slot.height > 0, slot.maxY > visible.lowerBound, slot.minY < visible.upperBound else { return true }
            if slot.kind == .row {
                let minY = slot.minY + frames.rowMargin, height = slot.height - frames.rowMargin
                if height > 0, minY + height > visible.lowerBound, minY < visible.upperBound {
                    let frame = CGRect(
                        x: frames.rowInset, y: CGFloat(minY + frames.origin), width: max(0, frames.width - 2 * frames.rowInset),
                        height: CGFloat(height))
                    rows.append(.init(section: position.section, row: position.row, frame: frame))
                }
            } else {
                let frame = CGRect(x: 0, y: CGFloat(slot.minY + frames.origin), width: frames.width, height: CGFloat(slot.height))
                supplementary.append((SupplementaryKey(kind: slot.kind, section: position.section), frame))
            }
            return true
        }
    }

    /// The rows and headers and footers of `taken`, with their frames (no row margin: a row's frame is its slot).
    nonisolated static func frames(
        of taken: [WantedWalk.Taken], _ frames: SlotFrames, rows: inout [CellsOnScreen<TableViewCell>.Wanted],
        supplementary: inout [(SupplementaryKey, CGRect)]
    ) {
        let rowWidth = max(0, frames.width - 2 * frames.rowInset)
        for slot in taken {
            if slot.kind == .row {
                rows.append(row(of: slot, frames, width: rowWidth))
            } else {
                supplementary.append(supplementaryElement(of: slot, frames))
            }
        }
    }

    /// The rows and headers and footers of a walk's slots `taken` after `change`: when `rows` holds
    /// the rows of the walk before it (`rowsAreWalk`), only the rows that left are dropped and the
    /// ones that arrived added (the others' frames are the same: same geometry and frames);
    /// otherwise all of them. Headers and footers (`supplementaryCount` of them) are listed anew
    /// (none in most tables: one check).
    nonisolated static func frames(
        of taken: [WantedWalk.Taken], _ change: WantedWalk.Change, _ frames: SlotFrames, rows: inout [CellsOnScreen<TableViewCell>.Wanted],
        rowsAreWalk: Bool, supplementary: inout [(SupplementaryKey, CGRect)], supplementaryCount: Int
    ) {
        guard rowsAreWalk, !change.rebuilt else {
            rows.removeAll(keepingCapacity: true)
            self.frames(of: taken, frames, rows: &rows, supplementary: &supplementary)
            return
        }
        let rowWidth = max(0, frames.width - 2 * frames.rowInset)
        if change.rowsDroppedAtTop == 1 {
            rows.remove(at: 0)  // a step drops one: no generic removeSubrange
        } else if change.rowsDroppedAtTop > 1 {
            rows.removeSubrange(..<change.rowsDroppedAtTop)
        }
        for _ in 0..<change.rowsDroppedAtBottom { rows.removeLast() }
        var t = change.addedAtTop
        while t > 0 {
            t -= 1
            if taken[t].kind == .row { rows.insert(row(of: taken[t], frames, width: rowWidth), at: 0) }
        }
        for t in (taken.count - change.addedAtBottom)..<taken.count where taken[t].kind == .row {
            rows.append(row(of: taken[t], frames, width: rowWidth))
        }
        if supplementaryCount > 0 {
            for slot in taken where slot.kind != .row { supplementary.append(supplementaryElement(of: slot, frames)) }
        }
    }

    /// A taken row with its frame.
    @inline(__always)
    nonisolated static func row(of slot: WantedWalk.Taken, _ frames: SlotFrames, width: CGFloat) -> CellsOnScreen<TableViewCell>.Wanted {
        .init(
            section: slot.section, row: slot.row,
            frame: CGRect(x: frames.rowInset, y: CGFloat(slot.minY + frames.origin), width: width, height: CGFloat(slot.height)))
    }

    /// A taken header or footer with its frame.
    @inline(__always)
    nonisolated static func supplementaryElement(of slot: WantedWalk.Taken, _ frames: SlotFrames) -> (SupplementaryKey, CGRect) {
        (
            SupplementaryKey(kind: slot.kind, section: slot.section),
            CGRect(x: 0, y: CGFloat(slot.minY + frames.origin), width: frames.width, height: CGFloat(slot.height))
        )
    }

    /// Nothing to do after stage 2: the pinned header reads where the walk started from `wantedNotes`.
    func didFindWanted() {}

    /// The rows stage 2 names now, for settle to recycle the cells that left before it measures
    /// (a walk of its own from the current finger: the pass's stored walk is left as it is).
    func wantedRows() -> [CellsOnScreen<TableViewCell>.Wanted] {
        var rows = engine.pass.wantedCells, ignored: [(SupplementaryKey, CGRect)] = []
        engine.pass.wantedCells = []
        var notes = TableWalk(finger: layoutFinger)
        wanted(cells: &rows, supplementary: &ignored, notes: &notes)
        wantedNotes.rowsAreWalk = false  // the pass's rows are this walk's now, not the stored walk's
        defer { engine.pass.wantedCells = rows }
        return rows
    }

    /// Where the last lookup landed in the geometry (the stored walk's finger), for every lookup near the viewport.
    var layoutFinger: GeometryFinger {
        get { wantedNotes.finger }
        set { wantedNotes.finger = newValue }
    }

    // MARK: 3. Reconcile's words

    // Reconcile itself is the engine's (`reconcile(cells:supplementary:)`, Engine/LayoutPass.swift):
    // the table says what a placed row follows, what it sets on every cell, where a cell goes
    // among the subviews, and where headers and footers go.

    /// What a row's frame and decoration follow from besides the offset: the geometry (through
    /// the layout generation its every change advances), the width, the table header's height,
    /// the row margin, the separator and the editing mode. None while a row is lifted: the
    /// proposed order moves the rows between its origin and its destination.
    var placement: CellPlacement? {
        guard engine.pass.movement == nil else { return nil }
        return CellPlacement(
            generation: engine.pass.layoutGeneration, width: bounds.width, origin: geometryOrigin, rowMargin: Double(appliedRowMargin),
            cellDecoration: separatorHeight, isEditing: editing.isEditing)
    }

    static var willDisplayCallback: StaticString { "tableView(_:willDisplay:forRowAt:)" }
    static var didEndDisplayingCallback: StaticString { "tableView(_:didEndDisplaying:forRowAt:)" }

    func tell(_ delegate: TableViewDelegate, didEndDisplaying cell: TableViewCell, at indexPath: IndexPath) {
        delegate.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
    }

    func tell(_ delegate: TableViewDelegate, willDisplay cell: TableViewCell, at indexPath: IndexPath) {
        delegate.tableView(self, willDisplay: cell, forRowAt: indexPath)
    }

    /// The separator's height: one pixel (`1 / screenScale`) with `.singleLine`, 0 with `.none`.
    /// A self-sized row adds it to its fitting height, and a cell's contentView stops above it.
    var separatorHeight: CGFloat { separatorStyle == .none ? 0 : 1 / max(screenScale, 1) }

    func refresh(_ cell: TableViewCell) {
        cell.separatorHeight = separatorHeight  // the style or the scale may have changed
    }

    func addCellSubview(_ cell: TableViewCell) {
        insertSubview(cell, at: 0)  // cells stay behind headers and footers
        showEditing(on: cell)  // an arriving cell shows the table's mode, whatever it showed before
    }

    /// Copies the editing mode onto a cell about to be displayed — every time, so a reused
    /// cell never keeps the mode of the moment it was last shown.
    /// - Complexity: O(1).
    func showEditing(on cell: TableViewCell) {
        if cell.isEditing != editing.isEditing { cell.setEditing(editing.isEditing, animated: false) }
    }

    /// The geometry changes only inside the table's own steps, each ending with a pass.
    var hasInvalidatedLayout: Bool { false }

    /// Whether the pass ends by updating prefetching (`updatePrefetching()`; the rows ahead: `TableView+Prefetching.swift`).
    var hasPrefetchDataSource: Bool { prefetchDataSource != nil }

    /// Headers and footers after the cells, then the table header and footer views.
    func placeSupplementaryElements(_ wanted: [(SupplementaryKey, CGRect)]) {
        placeSupplementaryViews(wanted, in: viewport)
        placeTableHeaderAndFooterViews()
    }

    /// Adds, moves and removes header and footer views for the header and footer slots
    /// found intersecting `visible`, on the list the collection view keeps its supplementary views
    /// in (`SupplementaryViewsOnScreen`): the views that left go back to the pool, then the others
    /// are placed top to bottom, new ones asked of the delegate.
    ///
    /// In `.plain` style the header of the section at the top is pinned there
    /// until the section's end pushes it up; it draws above everything.
    /// - Complexity: O(log n + visible slots).
    func placeSupplementaryViews(_ found: [(SupplementaryKey, CGRect)], in visible: Range<Double>) {
        let pinned = style == .plain ? pinnedHeader(in: visible) : nil
        // Nothing found, pinned or shown (a table without headers and footers): no list to build.
        guard !found.isEmpty || pinned != nil || !visibleSupplementaryViews.isEmpty else { return }
        var wanted: [SupplementaryViewsOnScreen<SupplementaryKey, View>.Wanted] = []
        wanted.reserveCapacity(found.count + 1)
        for (key, frame) in found where key != pinned?.0 { wanted.append(.init(key: key, frame: frame, zIndex: 0)) }
        if let pinned { wanted.append(.init(key: pinned.0, frame: pinned.1, zIndex: 1)) }
        SupplementaryViewsOnScreen.sortByKey(&wanted)
        var views = visibleSupplementaryViews, gone: [View] = []
        visibleSupplementaryViews = .init()
        views.removeEntries(notIn: wanted, into: &gone)
        visibleSupplementaryViews = views
        for view in gone { recycleSupplementary(view) }
        for element in wanted {
            if visibleSupplementaryViews[element.key] == nil, let view = supplementaryView(for: element.key) {
                addSubview(view)
                setVisibleSupplementaryView(view, for: element.key)
            }
            guard let view = visibleSupplementaryViews[element.key] else { continue }
            view.frame = element.frame
            view.layoutIfNeeded()
        }
        // The pinned header draws above everything.
        if let pinned, let view = visibleSupplementaryViews[pinned.0] { bringSubviewToFront(view) }
    }

    /// Shows `view` (nil: none) for the header or footer `key`, on a local copy of the list: the
    /// table's field is only read or written whole, so the optimizer drops its runtime exclusivity check.
    func setVisibleSupplementaryView(_ view: View?, for key: SupplementaryKey) {
        var views = visibleSupplementaryViews
        visibleSupplementaryViews = .init()
        views[key] = view
        visibleSupplementaryViews = views
    }

    /// In `.plain` style, the header of the section at the top stays pinned
    /// until the section's end pushes it up. As in UIKit, "the top" is below the
    /// top content inset (`visible` is in geometry coordinates, see `viewport`).
    /// Without a top inset the section at the top is the one the pass's walk started in
    /// (`TableWalk.top`); otherwise it is looked up through `layoutFinger`. The spans of the
    /// sections looked up are kept while the geometry stays the same (`PinnedSections`).
    /// - Complexity: O(1) amortized without a top inset, O(log n) otherwise.
    func pinnedHeader(in visible: Range<Double>) -> (SupplementaryKey, CGRect)? {
        let top = visible.lowerBound + Double(adjustedContentInset.top)
        guard top > 0 else { return nil }
        let generation = engine.pass.layoutGeneration
        if pinnedSections.generation != generation { pinnedSections = PinnedSections(generation: generation) }
        let section: Int
        if let walked = wantedNotes.top, walked.generation == generation, walked.y == top {
            section = walked.section
        } else {
            guard let located = geometry.slot(atOffset: top, near: &layoutFinger) else { return nil }
            section = located.section
        }
        guard section >= 0 else { return nil }
        let span: SectionSpan
        if let last = pinnedSections.last, last.section == section {
            span = last.span  // a scroll stays in its section: no hashing
        } else if let known = pinnedSections.spans[section] {
            span = known
            pinnedSections.last = (section, known)
        } else {
            span = geometry.sectionSpan(section, near: &layoutFinger)
            var sections = pinnedSections  // changed on a local: the table's field is only read or written
            pinnedSections = PinnedSections()
            sections.remember(span, of: section)
            pinnedSections = sections
        }
        let header = span.header
        guard header.height > 0 else { return nil }
        let y = min(max(header.minY, top), span.end - header.height)
        return (SupplementaryKey(kind: .header, section: section), contentRect(minY: y, height: header.height))
    }

    /// What `pinnedHeader(in:)` keeps between passes while the geometry stays the same (its
    /// layout generation): the span of every section it looked up.
    struct PinnedSections {
        var generation: UInt64 = 0
        var spans: [Int: SectionSpan] = [:]
        /// The span looked up last, of the section at the top.
        var last: (section: Int, span: SectionSpan)?

        /// Spans kept at most: a scroll through many sections starts over rather than grow.
        static let capacity = 64

        /// Keeps the span of `section`, starting over when `capacity` spans are kept.
        mutating func remember(_ span: SectionSpan, of section: Int) {
            if spans.count >= PinnedSections.capacity { spans.removeAll(keepingCapacity: true) }
            spans[section] = span
            last = (section, span)
        }
    }

    /// The delegate's view for a header or footer, if any (none once a structural call is queued).
    func supplementaryView(for key: SupplementaryKey) -> View? {
        guard let delegate else { return nil }
        switch key.kind {
        case .header:
            return ask("tableView(_:viewForHeaderInSection:)") { delegate.tableView(self, viewForHeaderInSection: key.section) } ?? nil
        default:
            return ask("tableView(_:viewForFooterInSection:)") { delegate.tableView(self, viewForFooterInSection: key.section) } ?? nil
        }
    }

    /// Puts the table header at the top of the content and the footer below the last section,
    /// at the table's width. Their heights are left as the host set them, unless a height is
    /// one the table could not use (reported when the view was installed): then the view gets
    /// the height the table lays out for it, so no frame on screen is NaN or infinite.
    func placeTableHeaderAndFooterViews() {
        let width = bounds.width
        func height(of view: View, installed: Double) -> CGFloat {
            let own = view.frame.size.height
            return GeometryNumber.problem(with: own, as: .length) == nil ? own : CGFloat(installed)
        }
        if let header = tableHeaderFooter.header {
            header.frame = CGRect(x: 0, y: 0, width: width, height: height(of: header, installed: tableHeaderFooter.headerHeight))
            header.layoutIfNeeded()
        }
        if let footer = tableHeaderFooter.footer {
            footer.frame = CGRect(
                x: 0, y: CGFloat(geometryOrigin + geometry.totalHeight), width: width,
                height: height(of: footer, installed: tableHeaderFooter.footerHeight))
            footer.layoutIfNeeded()
        }
    }
}

// `.insetGrouped`: cells inset from both sides of the table. The one place a row's horizontal extent is
// decided, used by the layout pass (`wanted(cells:supplementary:notes:)`), `rectForRow(at:)` and the width cells are
// measured at (`fittingHeight(of:tableWidth:)`), so what is measured, placed and reported agree.

extension TableView {
    /// How far `.insetGrouped` insets cells from each side: UIKit's layout margin on an iPhone.
    static let insetGroupedCellInset: CGFloat = 20

    /// The inset of cells from each side of a table `tableWidth` wide: `insetGroupedCellInset` in
    /// `.insetGrouped` (at most half the width), 0 otherwise.
    func cellInset(forTableWidth tableWidth: CGFloat) -> CGFloat {
        guard style == .insetGrouped else { return 0 }
        return min(TableView.insetGroupedCellInset, max(0, tableWidth) / 2)
    }

    /// The width of a cell in a table `tableWidth` wide.
    func cellWidth(forTableWidth tableWidth: CGFloat) -> CGFloat {
        max(0, tableWidth - 2 * cellInset(forTableWidth: tableWidth))
    }

    /// A row's rectangle in content coordinates for a span of the geometry: `contentRect`'s, inset from the sides.
    func rowRect(minY: Double, height: Double, tableWidth: CGFloat) -> CGRect {
        let inset = cellInset(forTableWidth: tableWidth)
        var rect = contentRect(minY: minY, height: height, width: tableWidth)
        rect.origin.x = inset
        rect.size.width = max(0, tableWidth - 2 * inset)
        return rect
    }
}

/// A header or footer position; ordered as the slots are (a section's header, then its footer).
struct SupplementaryKey: Hashable, Comparable {
    var kind: SlotKind
    var section: Int

    static func < (a: SupplementaryKey, b: SupplementaryKey) -> Bool { (a.section, a.kind.rawValue) < (b.section, b.kind.rawValue) }
}
