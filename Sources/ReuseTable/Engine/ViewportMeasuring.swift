import Foundation

// Measuring what the viewport shows while what the user reads stays still: the one mechanism of
// every view laid out on slots — the table's rows, headers and footers (`TableView+LayoutPass.swift`)
// and the compositional layout's groups, bands and boundary items
// (`CollectionViewCompositionalLayout+SelfSizing.swift`). A view says what a slot holds that still
// needs measuring and how to measure it (`ViewportMeasuring`); the walks are here, in this order
// (Docs/estimated-heights.md):
// 0. after a jump (the offset moved more than half the viewport since the last pass), the cells of
//    the screen left behind go back to the pool, so measuring the new screen reuses them. After a
//    smaller move the cells stay until the pass places them: a row pushed out only by an estimate
//    above keeps its cell, and the extra cell a small step may make stays in the pool for the next;
// 1. the anchor: the first row the user reads (`anchorSlot(in:preferring:)`);
// 2. down from the anchor, each estimate is measured and the walk goes on from its measured end:
//    nothing above the anchor changes, so nothing on screen moves, and only what fills the
//    viewport (and the view's overscan) is measured;
// 3. up from the anchor, each estimate still reaching into the viewport is measured and the offset
//    moves with every change, so the anchor keeps its place on screen;
// 4. fill: whatever the viewport shows that still needs measuring, top down — then what is shown
//    off its slot (a pinned header) — until nothing does. A pass never ends with an estimate on screen.

/// What a view laid out on slots lends the walks of `measureViewport(preferring:seen:)`: its slots,
/// its viewport, what a slot still needs and how to measure it, and how to move the offset.
/// Positions are in slot coordinates (the content's, less the space above the first slot).
@MainActor protocol ViewportMeasuring {
    // MARK: The slots

    /// Number of slots.
    var slotCount: Int { get }
    /// Slot `index`, with its current position and height.
    func slot(at index: Int) -> Slot
    /// Slot `index` with its section and row (-1 for a header).
    func position(ofSlot index: Int) -> SlotPosition
    /// The slot containing `y` with its section and row; nil when `y` is past the last slot.
    func locateSlot(atOffset y: Double) -> SlotPosition?
    /// Calls `body` for every slot from `index` on, in order, until it returns false.
    func forEachSlot(from index: Int, _ body: (Slot) -> Bool)

    // MARK: The viewport

    /// The part of the slots the viewport shows.
    var visibleRange: Range<Double> { get }
    /// How far below the viewport's top the user starts seeing (a top inset under a bar).
    var seenTopInset: Double { get }
    /// How far past the viewport's bottom the down walk measures too.
    var overscan: Double { get }
    /// A row this tall or less is not one the user reads (the table's row margin alone).
    var minimumAnchorHeight: Double { get }
    /// Whether the offset is within the content, before measuring: then a shorter content clamps it.
    var isOffsetWithinContent: Bool { get }
    /// How far the offset moved since the last pass placed the cells.
    var distanceSinceLastPass: Double { get }

    // MARK: What to measure, and how

    /// False when no slot can need measuring (nothing is estimated): every walk stops at once.
    var mayNeedMeasuring: Bool { get }
    /// Whether `slot`, at `position`, still holds an estimate the viewport needs measured.
    func needsMeasuring(_ slot: Slot, at position: SlotPosition) -> Bool
    /// Measures what `slot` holds that is still estimated; `keepCell` keeps a measured cell for this
    /// pass's display. False when a callback queued a structural call: nothing more is asked.
    func measure(_ slot: Slot, at position: SlotPosition, keepCell: Bool) -> Bool
    /// Whether the row at `position` still shows a cell from the last pass (what the user was reading).
    func showsCell(at position: SlotPosition) -> Bool
    /// Whether the viewport shows an element away from its own slot (a pinned header) still estimated.
    var showsUnmeasuredPinnedElement: Bool { get }
    /// Measures one such element; false when a callback queued a structural call.
    func measurePinnedElement() -> Bool

    // MARK: Moving

    /// Moves the offset so that slot `index` starts `screenY` below the viewport's top (the top of
    /// the content is a hard edge); the content size follows the slots first.
    func keep(slot index: Int, atScreenY screenY: Double)
    /// The content size follows the slots; an offset past the new end moves to it. Whether it moved.
    func clampOffsetToContent() -> Bool
    /// Cells whose rows left the viewport go back to the pool (step 0, after a jump).
    func recycleCellsThatLeft()
}

/// What `measureViewport(preferring:seen:)` did.
struct MeasuringOutcome {
    /// Something was measured.
    var measured = false
    /// A shorter content clamped the offset to the end while filling the viewport.
    var clampedToEnd = false
    /// A callback queued a structural call: measuring stopped, estimates may remain on screen.
    var stopped = false
}

/// A slot with its place on the walk (section and row), so a walk can start from it without
/// searching the tree again.
typealias PlacedSlot = (slot: Slot, position: SlotPosition)

extension ViewportMeasuring {
    /// Measures every estimate the viewport shows, keeping what the user reads still: the walks
    /// of this file's comment. `preferred` is an anchor the view put back (live data's), kept
    /// while the user sees it, and measured first when it holds an estimate (its top stays, nothing
    /// above it changes). When the user saw it before the change (`seen`: its rect as recorded,
    /// `sawAnchor(_:)`), it is kept even when its height now ends it above the seen top (a row that
    /// shrank, a placeholder replaced by a shorter item): its top is what the user saw, and the
    /// rows below it move up. Its height before measuring cannot tell: a view that forgot it holds
    /// an estimate.
    /// - Complexity: O(m log n) for m slots measured; O(log n + visible slots) when none is.
    @discardableResult
    func measureViewport(preferring preferredSlot: Slot? = nil, seen: Bool = false) -> MeasuringOutcome {
        var outcome = MeasuringOutcome()
        var preferred: PlacedSlot?
        if mayNeedMeasuring, let anchor = preferredSlot, anchor.index < slotCount {
            let position = self.position(ofSlot: anchor.index)
            if needsMeasuring(anchor, at: position) {
                guard measure(anchor, at: position, keepCell: true) else {
                    outcome.stopped = true
                    return outcome
                }
                outcome.measured = true
            }
            preferred = (slot(at: anchor.index), position)  // measuring moves no slot: only its height changed
        }
        let visible = visibleRange
        let reach = (visible.lowerBound - overscan)..<(visible.upperBound + overscan)
        guard mayNeedMeasuring, firstSlotToMeasure(in: reach) != nil || showsUnmeasuredPinnedElement else { return outcome }
        let wasWithinContent = isOffsetWithinContent
        if distanceSinceLastPass > (visible.upperBound - visible.lowerBound) / 2 { recycleCellsThatLeft() }
        if let anchor = anchorSlot(in: visible, preferring: preferred, keepingPreferred: seen) {
            let screenY = anchor.slot.minY - visible.lowerBound
            guard measureDown(from: anchor, in: visible, &outcome), measureUp(from: anchor.slot, screenY: screenY, &outcome) else {
                return outcome
            }
        }
        fill(clamping: wasWithinContent, &outcome)
        return outcome
    }

    /// The slot whose place on screen measuring keeps: the first row the user sees — its rect
    /// intersects `visible` below the seen top. In order of preference: `preferred` while it is
    /// seen (with `keepingPreferred`, while its top is above the viewport's bottom: the user saw it
    /// before the change, `sawAnchor(_:)`); the first seen row still showing its cell from the last pass (what the user was
    /// reading: an estimated row between it and a measured row above must not push it down); the
    /// first measured seen row; the first seen row. Never a header or footer while a row is seen:
    /// rows measured below them would push what the user reads down. With no row seen, the first
    /// slot of any kind in `visible`. With its position, which the walk down starts from.
    /// - Complexity: O(log n + slots walked).
    func anchorSlot(in visible: Range<Double>, preferring preferred: PlacedSlot? = nil, keepingPreferred: Bool = false) -> PlacedSlot? {
        let seenTop = min(visible.lowerBound + max(seenTopInset, 0), visible.upperBound)
        if let preferred, keepingPreferred || preferred.slot.maxY > seenTop, preferred.slot.minY < visible.upperBound { return preferred }
        let minimum = minimumAnchorHeight
        var firstSlot: PlacedSlot?, firstRow: PlacedSlot?, firstMeasuredRow: PlacedSlot?, firstShownRow: PlacedSlot?
        walkSlots(in: visible) { slot, position in
            guard slot.height > 0, slot.maxY > visible.lowerBound else { return true }
            if firstSlot == nil { firstSlot = (slot, position) }
            guard slot.kind == .row, slot.height > minimum, slot.maxY > seenTop else { return true }
            if firstRow == nil { firstRow = (slot, position) }
            guard slot.isMeasured else { return true }
            if firstMeasuredRow == nil { firstMeasuredRow = (slot, position) }
            guard showsCell(at: position) else { return true }
            firstShownRow = (slot, position)
            return false
        }
        return firstShownRow ?? firstMeasuredRow ?? firstRow ?? firstSlot
    }

    /// The first slot in `range`, top down, that still needs measuring, with its position.
    /// - Complexity: O(log n + slots walked).
    func firstSlotToMeasure(in range: Range<Double>) -> (slot: Slot, position: SlotPosition)? {
        guard mayNeedMeasuring else { return nil }
        var found: (slot: Slot, position: SlotPosition)?
        walkSlots(in: range) { slot, position in
            guard needsMeasuring(slot, at: position) else { return true }
            found = (slot, position)
            return false
        }
        return found
    }

    /// Calls `body` for every slot from the one containing `range.lowerBound` (the first slot when
    /// the range starts above them) until a slot starts at or after `range.upperBound`, with its
    /// position, until `body` returns false.
    /// - Complexity: O(log n + slots walked).
    func walkSlots(in range: Range<Double>, _ body: (Slot, SlotPosition) -> Bool) {
        guard slotCount > 0, range.upperBound > 0, var position = locateSlot(atOffset: max(range.lowerBound, 0)) else { return }
        forEachSlot(from: position.index) { slot in
            position.advance(to: slot)
            guard slot.minY < range.upperBound else { return false }
            return body(slot, position)
        }
    }

    // MARK: The walks

    /// Step 2: down from `anchor`, measuring each estimate until the walk passes the viewport's
    /// bottom (and the overscan). Measured slots are walked; each measurement changes the slots,
    /// so the walk starts again after it. False when measuring stopped.
    private func measureDown(from anchor: PlacedSlot, in visible: Range<Double>, _ outcome: inout MeasuringOutcome) -> Bool {
        let end = visible.upperBound + overscan
        var position = anchor.position
        var start = anchor.slot.index
        var y = anchor.slot.minY
        while start < slotCount, y < end {
            var next: Slot?
            forEachSlot(from: start) { slot in
                position.advance(to: slot)
                guard y < end else { return false }
                if needsMeasuring(slot, at: position) {
                    next = slot
                    return false
                }
                y += slot.height
                return true
            }
            guard let slot = next else { return true }
            guard measure(slot, at: position, keepCell: y < visible.upperBound) else {
                outcome.stopped = true
                return false
            }
            outcome.measured = true
            y += self.slot(at: slot.index).height
            start = slot.index + 1
        }
        return true
    }

    /// Step 3: up from `anchor`, measuring each estimate still reaching into the viewport (and
    /// the overscan), the offset moving with every change so the anchor stays `screenY` below the
    /// top. False when measuring stopped.
    private func measureUp(from anchor: Slot, screenY: Double, _ outcome: inout MeasuringOutcome) -> Bool {
        var index = anchor.index - 1
        while index >= 0 {
            let visible = visibleRange
            let slot = self.slot(at: index)
            if slot.maxY <= visible.lowerBound - overscan { break }
            let position = self.position(ofSlot: index)
            if needsMeasuring(slot, at: position) {
                guard measure(slot, at: position, keepCell: slot.maxY > visible.lowerBound) else {
                    outcome.stopped = true
                    return false
                }
                outcome.measured = true
                keep(slot: anchor.index, atScreenY: screenY)
            }
            index -= 1
        }
        return true
    }

    /// Step 4: whatever the viewport shows now that still needs measuring, until it shows none.
    /// With `clamping`, a content that got shorter than the offset's reach clamps the offset to its
    /// end first, every round (the view then stays at the end: `clampedToEnd`). Bounded: each round
    /// measures something.
    private func fill(clamping: Bool, _ outcome: inout MeasuringOutcome) {
        for _ in 0..<(slotCount + 10_000) {
            if clamping, clampOffsetToContent() { outcome.clampedToEnd = true }
            if let (slot, position) = firstSlotToMeasure(in: visibleRange) {
                guard measure(slot, at: position, keepCell: true) else {
                    outcome.stopped = true
                    return
                }
            } else if showsUnmeasuredPinnedElement {
                // A pinned element's slot may be above the viewport: the anchor keeps its place.
                let visible = visibleRange
                let anchor = anchorSlot(in: visible)
                guard measurePinnedElement() else {
                    outcome.stopped = true
                    return
                }
                if let anchor { keep(slot: anchor.slot.index, atScreenY: anchor.slot.minY - visible.lowerBound) }
            } else {
                return
            }
            outcome.measured = true
        }
    }
}
