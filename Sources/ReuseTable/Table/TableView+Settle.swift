import Foundation

// The table's settle, the layout pass's first stage, in one file read top to bottom: sanitize →
// anchor → width → clamp → measure → follow → clamp (Docs/layout-on-scroll.md). The anchor is one
// mechanism: `anchorSlot(in:preferring:)` with `restoreAnchor`, for estimates, height changes,
// width changes and live data.

/// What one settle learns on its way and passes along (never stored on the table).
struct Settle {
    /// The table followed the end before the change being settled.
    var following: Bool
    /// Live data's anchor put back in this settle: measuring the viewport keeps it still.
    var anchor: IndexPath?
    /// The anchor was put back outside the offset range (before measuring changed the content).
    var restoredOutOfRange = false
    /// Measuring the viewport clamped the offset to the end (rows measured there made the content
    /// shorter): the table then stays at the end while more are measured.
    var clampedToEnd = false
}

extension TableView {
    // MARK: The stage, top to bottom

    /// The layout pass's first stage (`runLayoutPass()` in `Engine/LayoutPass.swift` runs the three):
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
        if geometry.unmeasuredCount > 0, !transaction.hasDeferredWork {
            recycleCellsThatLeft(wantedRows())
            measureSlotsInViewport(&settle)
        }
        finishTableSettle(settle)
        placeLiftedCell()  // its height follows measurement and the width
    }

    /// Whether `settle()` would change nothing: usable bounds at the width the heights were
    /// measured at and the size and insets of the last pass, no request, no estimate, no lifted row,
    /// no live-data state to keep (nothing pending, not following or aligning to the end), and a
    /// `contentSize` that is already the geometry's. A plain scroll step pays these reads instead of
    /// the sanitizer, the live-data round and two content sizes (Docs/performance.md).
    /// - Complexity: O(1).
    var hasNothingToSettle: Bool {
        let b = bounds, maximum = GeometryNumber.maximum, geometry = self.geometry  // one copy of the existential
        guard b.origin.x.isFinite, b.origin.y.isFinite, b.width >= 0, b.width <= maximum, b.height >= 0, b.height <= maximum,
            measuredWidth == nil || measuredWidth == b.width, !isViewportResized,
            engine.pass.requests.isEmpty, engine.pass.movement == nil, geometry.unmeasuredCount == 0
        else { return false }
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
            settle.anchor = anchor.indexPath
            // Measured now, the anchor is what measuring the viewport keeps still (`anchorSlot(in:preferring:)`):
            // a reload left every row an estimate, and a row measured below it must not be preferred.
            let index = slotIndex(forRow: anchor.indexPath)
            if !geometry.slot(at: index).isMeasured, !transaction.hasDeferredWork { measureSlot(at: index, keepCell: true) }
        }
        engine.liveData.pendingAnchor = nil
        return settle
    }

    /// Row `indexPath` (the anchor this settle put back), while the viewport still shows it below
    /// `seenTop`: what measuring the viewport keeps still, rather than a row shown or measured near it.
    /// - Complexity: O(log n).
    func liveAnchorInView(_ indexPath: IndexPath?, _ visible: Range<Double>, seenTop: Double) -> Slot? {
        guard let indexPath, liveAnchorMinY(indexPath) != nil else { return nil }
        let slot = geometry.slot(at: slotIndex(forRow: indexPath))
        return slot.maxY > seenTop && slot.minY < visible.upperBound ? slot : nil
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

    // MARK: Measure what the viewport shows, keeping the anchor still

    /// Measures every estimated slot in and near the viewport, keeping what the
    /// user sees still (scroll anchoring). Ends with every slot on screen measured.
    ///
    /// The anchoring rule (`anchorSlot(in:preferring:)`): the anchor is the first *measured row*
    /// the user sees — never a header or footer, whose heights are known and which sit
    /// above the rows measured under them (the first row seen when none is measured yet).
    /// 1. Walking down from the anchor, each estimated slot is measured and the
    ///    walk continues from its *measured* end, so only the rows that really
    ///    fill the viewport are measured (UIKit measures
    ///    ceil(viewport / estimate) rows instead, see Docs/estimated-heights.md). Nothing above the anchor
    ///    changes, so nothing moves.
    /// 2. Walking up from the anchor, each estimated slot still reaching into
    ///    the viewport is measured; its change Δ moves the anchor by Δ, and the
    ///    offset moves by Δ with it, so the anchor — and every row below it —
    ///    keeps its place on screen. This is what makes scrolling *up* into
    ///    estimated rows smooth.
    /// 3. Whatever the anchoring did — the top of the list is a hard edge, and
    ///    shorter rows can pull the end of the content above the offset — any
    ///    estimated slot the viewport now shows is measured, top down, until none
    ///    is left. The pass never ends with an estimate on screen or the viewport
    ///    unfilled.
    ///
    /// UIKit keeps the offset and lets the content jump; TanStack Virtual
    /// corrects the offset for items measured before the scroll offset;
    /// react-virtuoso compensates while scrolling up, and its maintainer
    /// describes the jumps that remain when short items replace tall estimates
    /// (react-virtuoso #436). Anchoring on the first measured slot covers both
    /// directions with one rule, and the tests hold it to exact positions.
    /// - Complexity: O(m log n) for m slots measured.
    func measureSlotsInViewport(_ settle: inout Settle) {
        let overscan = Double(measurementOverscan)
        let wasWithinContent = contentOffset.y <= maximumContentOffsetY
        var visible = viewport
        if let anchorSlot = anchorSlot(in: visible, preferring: settle.anchor) {
            let screenY = anchorSlot.minY - visible.lowerBound
            // 1. Down from the anchor, with positions updated as slots are measured.
            //    Measured slots are walked through the layout finger (no descent while in its leaf);
            //    each measurement changes the geometry, so the walk starts again after it.
            var index = anchorSlot.index
            var y = anchorSlot.minY
            while index < geometry.count, y < visible.upperBound + overscan {
                var estimate = false
                geometry.forEachSlot(from: index, near: layoutFinger) { slot in
                    guard y < visible.upperBound + overscan else { return false }
                    if !slot.isMeasured { estimate = true; return false }
                    y += slot.height
                    index += 1
                    return true
                }
                // Stops when a height was not asked: a callback queued a structural call.
                guard estimate, measureSlot(at: index, keepCell: y < visible.upperBound) else { break }
                y += geometry.height(at: index)
                index += 1
            }
            // 2. Up from the anchor, moving the offset with every change above it.
            index = anchorSlot.index - 1
            while index >= 0 {
                let slot = geometry.slot(at: index)
                if slot.maxY <= visible.lowerBound - overscan { break }
                if !slot.isMeasured {
                    guard measureSlot(at: index, keepCell: slot.maxY > visible.lowerBound) else { break }
                    restoreAnchor(slotIndex: anchorSlot.index, screenY: screenY)
                    visible = viewport
                }
                index -= 1
            }
        }
        // 3. Settle: measure what the viewport shows now, until it shows no estimate. A clamp to
        //    the end leaves the viewport at the end: the settle stays there (`finishTableSettle(_:)`).
        while true {
            if wasWithinContent, clampOffsetToContent() { settle.clampedToEnd = true }
            visible = viewport
            guard let index = firstUnmeasuredSlot(in: visible), measureSlot(at: index, keepCell: true) else { break }
        }
    }

    /// The slot whose place on screen a change keeps: the first row the user sees — its
    /// rect intersects `visible` below the top inset (under a navigation bar is not seen).
    /// In order of preference: the first such row still showing its cell from the last
    /// pass (what the user was reading: an estimated row between it and a measured row
    /// above must not push it down), the first *measured* such row, the first such row.
    /// Never a header or footer while a row is seen: their heights are known, and rows
    /// measured below them would push what the user reads down. With no row seen, the
    /// first slot of any kind in `visible`. In the settle that put back a live-data anchor
    /// (`preferred`), that row, while it is seen: one mechanism for estimates, height changes,
    /// width changes and live data.
    /// - Complexity: O(log n + slots walked).
    func anchorSlot(in visible: Range<Double>, preferring preferred: IndexPath? = nil) -> Slot? {
        let insetTop = Double(max(adjustedContentInset.top, 0))
        let seenTop = min(visible.lowerBound + insetTop, visible.upperBound)
        if let preferred = liveAnchorInView(preferred, visible, seenTop: seenTop) { return preferred }  // live data put it back
        let margin = Double(appliedRowMargin)
        var firstSlot: Slot?, firstRow: Slot?, firstMeasuredRow: Slot?, firstShownRow: Slot?
        forEachSlot(in: visible) { slot, section, row in
            guard firstShownRow == nil, slot.height > 0, slot.maxY > visible.lowerBound else { return }
            if firstSlot == nil { firstSlot = slot }
            guard slot.kind == .row, slot.height > margin, slot.maxY > seenTop else { return }
            if firstRow == nil { firstRow = slot }
            guard slot.isMeasured else { return }
            if firstMeasuredRow == nil { firstMeasuredRow = slot }
            if engine.cellsOnScreen[IndexPath(row: row, section: section)] != nil { firstShownRow = slot }
        }
        return firstShownRow ?? firstMeasuredRow ?? firstRow ?? firstSlot
    }

    /// The anchor (`anchorSlot(in:preferring:)`) and its distance from the viewport's top, for keeping it still across a change.
    func currentAnchor() -> (slotIndex: Int, screenY: Double)? {
        let visible = viewport
        return anchorSlot(in: visible).map { ($0.index, $0.minY - visible.lowerBound) }
    }

    /// Moves the offset (without a layout pass) so that slot `slotIndex` starts `screenY` below the top.
    func restoreAnchor(slotIndex: Int, screenY: Double) {
        let oldTop = contentOffset.y
        var newTop = CGFloat(geometry.offset(of: slotIndex) + geometryOrigin - screenY)
        let top = minimumContentOffsetY
        if newTop < top, oldTop >= top { newTop = top }  // the top of the list (below the top inset) is a hard edge
        if moveOffset(toY: newTop, because: .anchor) { heightCounters.anchorAdjustments += 1 }
        recorder?.anchorKept(slot: slotIndex, screenY: screenY, in: self)
    }

    /// The first slot still holding an estimate that intersects `range`.
    /// - Complexity: O(log n).
    func firstUnmeasuredSlot(in range: Range<Double>) -> Int? {
        guard geometry.unmeasuredCount > 0, range.upperBound > 0 else { return nil }
        let start: Int
        if range.lowerBound <= 0 {
            start = 0
        } else if let index = geometry.index(atOffset: range.lowerBound) {
            start = index
        } else {
            return nil  // the range starts below the content
        }
        guard let index = geometry.firstUnmeasured(from: start), geometry.offset(of: index) < range.upperBound else { return nil }
        return index
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
            } else if firstUnmeasuredSlot(in: viewport) != nil, !transaction.hasDeferredWork {
                recycleCellsThatLeft(wantedRows())
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
            guard geometry.unmeasuredCount > 0, firstUnmeasuredSlot(in: viewport) != nil else { break }
            recycleCellsThatLeft(wantedRows())
            measureSlotsInViewport(&settle)
            updateContentSize()
            rounds += 1
        }
    }

    /// Brings the offset back onto the content when the content ended above it
    /// (as UIScrollView does when not dragging): no blank screen after a shrink.
    /// The range includes the insets (`ScrollView+Insets.swift`); an offset above the
    /// top (a bounce a host set) is left alone, as shrinking content cannot cause it.
    /// Returns whether the offset moved.
    @discardableResult
    func clampOffsetToContent() -> Bool {
        updateContentSize()
        let maxY = maximumContentOffsetY
        return bounds.origin.y > maxY && moveOffset(toY: maxY, because: .clamp)
    }
}
