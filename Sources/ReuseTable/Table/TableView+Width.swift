import Foundation

// Width changes (rotation, split view). Self-sized heights depend on the
// width, so a new width marks them as estimates and measures them again; the
// index-path height cache keeps every width's heights, so rotating back
// measures nothing.

extension TableView {
    /// A new width re-measures self-sized rows, keeping the first visible row in place.
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
}
