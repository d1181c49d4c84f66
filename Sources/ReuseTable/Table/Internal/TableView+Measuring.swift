import Foundation

// The table on the measuring walks every view laid out on slots shares
// (`Engine/ViewportMeasuring.swift`): what a table slot needs — a row, header or footer still
// holding an estimate — how it is measured (`measureSlot(_:section:row:keepCell:)`,
// `TableView+Heights.swift`), and how the offset keeps the anchor still (`restoreAnchor(slotIndex:screenY:)`).

extension TableView {
    /// Measures every estimated slot the viewport shows, keeping what the user sees still: the
    /// measuring walks every view laid out on slots shares (`Engine/ViewportMeasuring.swift`), on
    /// the table's slots (`TableMeasuring`), with live data's anchor put back in this settle
    /// preferred while it is seen or was before the change — in the first measuring of the settle
    /// only: a clamp or a move to the end after it leaves the anchor's place behind, as the
    /// collection view's `clampAfterMeasuring()` does. Why one anchor rule: Docs/estimated-heights.md.
    /// - Complexity: O(m log n) for m slots measured.
    func measureSlotsInViewport(_ settle: inout Settle) {
        let preferred = liveAnchorSlot(settle.anchor?.indexPath), seen = settle.anchor.map(sawAnchor) ?? false
        settle.anchor = nil
        if measuring.measureViewport(preferring: preferred, seen: seen).clampedToEnd { settle.clampedToEnd = true }
    }

    /// The table's side of the measuring walks.
    var measuring: TableMeasuring { TableMeasuring(table: self) }

    /// The anchor (`anchorSlot(in:preferring:)`) and its distance from the viewport's top, for keeping it still across a change.
    func currentAnchor() -> (slotIndex: Int, screenY: Double)? {
        let visible = viewport
        return measuring.anchorSlot(in: visible).map { ($0.slot.index, $0.slot.minY - visible.lowerBound) }
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
}

/// The table's answers to the measuring walks: its geometry's slots, the viewport below the
/// table header, rows measured through the delegate or their cells, the offset moved by
/// `restoreAnchor(slotIndex:screenY:)`.
@MainActor struct TableMeasuring: ViewportMeasuring {
    let table: TableView

    var slotCount: Int { table.geometry.count }

    func slot(at index: Int) -> Slot { table.geometry.slot(at: index) }

    func position(ofSlot index: Int) -> SlotPosition {
        let section = table.geometry.section(containing: index)
        return SlotPosition(index: index, section: section, row: table.row(ofSlot: index, inSection: section))
    }

    func locateSlot(atOffset y: Double) -> SlotPosition? { table.firstVisibleSlot(at: y, near: &table.layoutFinger) }

    func forEachSlot(from index: Int, _ body: (Slot) -> Bool) {
        let geometry = table.geometry  // a snapshot to walk (O(1)): `body` may not change what it walks
        geometry.forEachSlot(from: index, near: table.layoutFinger, body)
    }

    var visibleRange: Range<Double> { table.viewport }
    var seenTopInset: Double { Double(table.adjustedContentInset.top) }
    var overscan: Double { Double(table.measurementOverscan) }
    /// A slot no taller than the row margin (inset grouped) is only margin.
    var minimumAnchorHeight: Double { Double(table.appliedRowMargin) }
    var isOffsetWithinContent: Bool { table.contentOffset.y <= table.maximumContentOffsetY }
    var distanceSinceLastPass: Double { Double(abs(table.contentOffset.y - table.engine.pass.lastOffsetY)) }

    var mayNeedMeasuring: Bool { table.geometry.unmeasuredCount > 0 && !table.transaction.hasDeferredWork }
    func needsMeasuring(_ slot: Slot, at position: SlotPosition) -> Bool { !slot.isMeasured }

    func measure(_ slot: Slot, at position: SlotPosition, keepCell: Bool) -> Bool {
        table.measureSlot(slot, section: position.section, row: position.row, keepCell: keepCell)
    }

    func showsCell(at position: SlotPosition) -> Bool {
        table.engine.cellsOnScreen[IndexPath(row: position.row, section: position.section)] != nil
    }

    /// A table's pinned header is its section's header slot, measured with it.
    var showsUnmeasuredPinnedElement: Bool { false }
    func measurePinnedElement() -> Bool { true }

    func keep(slot index: Int, atScreenY screenY: Double) { table.restoreAnchor(slotIndex: index, screenY: screenY) }
    func clampOffsetToContent() -> Bool { table.clampOffsetToContent() }
    func recycleCellsThatLeft() { table.recycleCellsThatLeft(table.wantedRows()) }
}
