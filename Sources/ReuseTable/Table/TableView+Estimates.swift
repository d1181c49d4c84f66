import Foundation

// What the table knows, and does not yet know, about its heights: the
// numbers behind an honest scroll indicator.

/// Running statistics of (measured − estimated) over every slot measured since the last reload.
struct EstimateStatistics: Sendable {
    private(set) var count = 0
    private(set) var sumOfErrors = 0.0
    private(set) var sumOfAbsoluteErrors = 0.0

    mutating func record(estimate: Double, measured: Double) {
        count += 1
        sumOfErrors += measured - estimate
        sumOfAbsoluteErrors += abs(measured - estimate)
    }

    var meanError: Double { count == 0 ? 0 : sumOfErrors / Double(count) }
    var meanAbsoluteError: Double { count == 0 ? 0 : sumOfAbsoluteErrors / Double(count) }
}

extension TableView {
    /// Headers, rows and footers whose height is exact.
    public var measuredSlotCount: Int { geometry.count - geometry.unmeasuredCount }

    /// Headers, rows and footers still sized by an estimate.
    public var estimatedSlotCount: Int { geometry.unmeasuredCount }

    /// The fraction of slots measured, 0…1 (1 for an empty table).
    public var measuredFraction: Double {
        geometry.count == 0 ? 1 : Double(measuredSlotCount) / Double(geometry.count)
    }

    /// The content height the table expects once every estimate is measured:
    /// today's height corrected by the mean error seen so far per measured slot.
    public var projectedContentHeight: CGFloat {
        CGFloat(
            geometry.totalHeight + Double(estimatedSlotCount) * estimateStatistics.meanError
                + tableHeaderFooter.headerHeight + tableHeaderFooter.footerHeight)
    }

    /// How far `contentSize.height` may still move: estimated slots times the
    /// mean absolute error seen so far (0 once everything is measured).
    public var contentHeightUncertainty: CGFloat {
        CGFloat(Double(estimatedSlotCount) * estimateStatistics.meanAbsoluteError)
    }

    /// Measures one estimated slot outside a layout pass (idle precaching),
    /// keeping the visible rows still. Returns false when nothing is left to measure.
    /// - Complexity: O(log n) plus one height computation.
    func precacheNextSlot(searchingFrom start: inout Int) -> Bool {
        guard !transaction.isActive else { return true }  // a step is running: try again on the next tick
        guard let index = geometry.firstUnmeasured(from: start) ?? geometry.firstUnmeasured(from: 0) else { return false }
        start = index + 1
        performTransaction {
            let anchor = currentAnchor()
            measureSlot(at: index)
            if let anchor, index < anchor.slotIndex {
                restoreAnchor(slotIndex: anchor.slotIndex, screenY: anchor.screenY)
            }
        }
        return true
    }

    // MARK: Measuring what the viewport shows

    /// Measures every estimated slot in and near the viewport, keeping what the
    /// user sees still (scroll anchoring). Ends with every slot on screen measured.
    ///
    /// The anchoring rule (`anchorSlot(in:)`): the anchor is the first *measured row*
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
    func measureSlotsInViewport() {
        let overscan = Double(measurementOverscan)
        let wasWithinContent = contentOffset.y <= maximumContentOffsetY
        var visible = viewport
        if let anchorSlot = anchorSlot(in: visible) {
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
        //    the end leaves the viewport at the end: the settle stays there (`finishTableSettle(following:)`).
        while true {
            if wasWithinContent, clampOffsetToContent() { engine.liveData.clampedToEndWhileMeasuring = true }
            visible = viewport
            guard let index = firstUnmeasuredSlot(in: visible), measureSlot(at: index, keepCell: true) else { break }
        }
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

    /// Moves the offset (without a layout pass) so that slot `slotIndex` starts `screenY` below the top.
    func restoreAnchor(slotIndex: Int, screenY: Double) {
        let oldTop = contentOffset.y
        var newTop = CGFloat(geometry.offset(of: slotIndex) + geometryOrigin - screenY)
        let top = minimumContentOffsetY
        if newTop < top, oldTop >= top { newTop = top }  // the top of the list (below the top inset) is a hard edge
        if moveOffset(toY: newTop, because: .anchor) { heightCounters.anchorAdjustments += 1 }
        recorder?.anchorKept(slot: slotIndex, screenY: screenY, in: self)
    }

    /// The anchor (`anchorSlot(in:)`) and its distance from the viewport's top, for keeping it still across a change.
    func currentAnchor() -> (slotIndex: Int, screenY: Double)? {
        let visible = viewport
        return anchorSlot(in: visible).map { ($0.index, $0.minY - visible.lowerBound) }
    }

    /// The slot whose place on screen a change keeps: the first row the user sees — its
    /// rect intersects `visible` below the top inset (under a navigation bar is not seen).
    /// In order of preference: the first such row still showing its cell from the last
    /// pass (what the user was reading: an estimated row between it and a measured row
    /// above must not push it down), the first *measured* such row, the first such row.
    /// Never a header or footer while a row is seen: their heights are known, and rows
    /// measured below them would push what the user reads down. With no row seen, the
    /// first slot of any kind in `visible`. In the pass that put back a live-data anchor
    /// (`TableView+LiveData.swift`), that row, while it is seen.
    /// - Complexity: O(log n + slots walked).
    func anchorSlot(in visible: Range<Double>) -> Slot? {
        let insetTop = Double(max(adjustedContentInset.top, 0))
        let seenTop = min(visible.lowerBound + insetTop, visible.upperBound)
        if let preferred = liveAnchorInView(visible, seenTop: seenTop) { return preferred }  // live data put it back
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
