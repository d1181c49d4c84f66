import Foundation

// Live data in the table: chat lists and "load older" feeds that keep the reader still
// (Docs/live-data.md). The mechanism is the engine's (`Engine/LiveData.swift`); this file
// names the table's anchor and follows the end through estimated rows.

extension TableView {

    // MARK: Recording before a change

    /// Records the anchor and whether the table follows the end before `plan` is applied.
    func recordBeforeApplying(_ plan: UpdatePlan) {
        recordBeforeChange {
            liveAnchor { old in plan.isMovedRow(old) ? nil : plan.newIndexPath(followingReloadOf: old) }
        }
    }

    /// Records the anchor before `reloadDataWithoutInvalidatingHeightCache()`: rows keep their
    /// index paths (appending is what that reload is for).
    func recordBeforeReload() {
        recordBeforeChange { liveAnchor { $0 } }
    }

    /// The first row whose rect intersects the viewport below the top inset — or, when it does
    /// not stay (`newIndexPath` gives nil), the first row after it that does — with its index
    /// path after the change and its distance below the viewport's top now. While a row is
    /// lifted, rects are where the proposed order shows them (the user sees those), and the
    /// lifted row is not an anchor (its cell is under the finger).
    /// - Complexity: O(log n + rows walked).
    func liveAnchor(_ newIndexPath: (IndexPath) -> IndexPath?) -> ContentAnchor? {
        let visible = viewport
        let seenTop = min(visible.lowerBound + Double(max(adjustedContentInset.top, 0)), visible.upperBound)
        guard visible.upperBound > 0 else { return nil }
        let margin = Double(appliedRowMargin), top = Double(contentOffset.y) - geometryOrigin
        let lifted = liftedSlots()
        var sawRow = false
        var anchor: ContentAnchor?
        walkSlots(from: max(0, seenTop - (lifted?.height ?? 0))) { slot, section, row in
            guard slot.index != lifted?.origin else { return true }
            var slot = slot
            slot.minY = TableView.shownMinY(of: slot, lifted: lifted)
            guard slot.kind == .row, slot.height > margin, slot.maxY > seenTop else { return true }
            if !sawRow {
                guard slot.minY < visible.upperBound else { return false }  // no row in view
                sawRow = true
            }
            guard let new = newIndexPath(IndexPath(row: row, section: section)) else { return true }
            anchor = ContentAnchor(indexPath: new, screenY: slot.minY - top)
            return false
        }
        return anchor
    }

    // MARK: Settling

    /// The start of settle: whether the table followed the end before the change, and the
    /// anchor recorded before a structural change put back — before measuring, so the rows
    /// measured are the ones the user will see.
    /// - Complexity: O(log n).
    func beginLiveSettle() -> Bool {
        recordBeforeChange { nil }
        let following = engine.liveData.pendingFollow ?? false
        updateContentSize()
        updateBottomAlignment()
        if !following, let anchor = engine.liveData.pendingAnchor, let minY = liveAnchorMinY(anchor.indexPath) {
            restore(anchor, minY: minY, clamping: false)
            engine.liveData.restoredOutOfRange = contentOffset.y > maximumContentOffsetY || contentOffset.y < minimumContentOffsetY
            engine.liveData.measuringAnchor = anchor.indexPath
            // Measured now, the anchor is what measuring the viewport keeps still (`anchorSlot(in:)`):
            // a reload left every row an estimate, and a row measured below it must not be preferred.
            let index = slotIndex(forRow: anchor.indexPath)
            if !geometry.slot(at: index).isMeasured, !transaction.hasDeferredWork { measureSlot(at: index, keepCell: true) }
        }
        engine.liveData.pendingAnchor = nil
        return following
    }

    /// The end of settle: `contentSize` follows the geometry; a table that followed the end goes
    /// to the end, measuring the estimated rows it finds there until the viewport shows none. An
    /// anchor put back outside the offset range (before measuring changed the content) is clamped
    /// now; clamped to the end — then, or while the viewport was measured — the table stays at
    /// the end while the rows shown there are measured.
    /// - Complexity: O(m log n) for m rows measured.
    func finishTableSettle(following: Bool) {
        updateContentSize()
        var toEnd = following
        if engine.liveData.restoredOutOfRange {
            engine.liveData.restoredOutOfRange = false
            let y = min(max(contentOffset.y, minimumContentOffsetY), maximumContentOffsetY)
            moveOffset(toY: y, because: .clamp)
            if y == maximumContentOffsetY, y > minimumContentOffsetY {
                toEnd = true
            } else if firstUnmeasuredSlot(in: viewport) != nil, !transaction.hasDeferredWork {
                recycleCellsThatLeft(wantedRows())
                measureSlotsInViewport()  // at the top: the rows now in view
                updateContentSize()
            }
        }
        if toEnd || engine.liveData.clampedToEndWhileMeasuring { goToEndMeasuring(because: following ? .followEnd : .clamp) }
        engine.liveData.measuringAnchor = nil
        engine.liveData.clampedToEndWhileMeasuring = false
        finishLiveSettle(following: following)
    }

    /// Moves to the end and measures the estimated rows the viewport shows there, until it shows none.
    /// - Complexity: O(m log n) for m rows measured.
    func goToEndMeasuring(because reason: OffsetMoveReason) {
        var rounds = 0
        while rounds <= geometry.count, !transaction.hasDeferredWork {
            updateBottomAlignment()
            moveOffset(toY: maximumContentOffsetY, because: reason)
            guard geometry.unmeasuredCount > 0, firstUnmeasuredSlot(in: viewport) != nil else { break }
            recycleCellsThatLeft(wantedRows())
            measureSlotsInViewport()
            updateContentSize()
            rounds += 1
        }
    }

    /// The anchor this pass put back, while the viewport still shows it below `seenTop`: what
    /// measuring the viewport keeps still (`anchorSlot(in:)`), rather than a row shown or measured near it.
    /// - Complexity: O(log n).
    func liveAnchorInView(_ visible: Range<Double>, seenTop: Double) -> Slot? {
        guard let indexPath = engine.liveData.measuringAnchor, liveAnchorMinY(indexPath) != nil else { return nil }
        let slot = geometry.slot(at: slotIndex(forRow: indexPath))
        return slot.maxY > seenTop && slot.minY < visible.upperBound ? slot : nil
    }

    /// The top of row `indexPath`'s slot in content coordinates — where the proposed order shows
    /// it while a row is lifted — or nil when the row is gone.
    func liveAnchorMinY(_ indexPath: IndexPath) -> CGFloat? {
        guard indexPath.section < geometry.sectionCount, indexPath.row < rowCount(inSection: indexPath.section) else { return nil }
        let slot = geometry.slot(at: slotIndex(forRow: indexPath))
        return CGFloat(TableView.shownMinY(of: slot, lifted: liftedSlots()) + geometryOrigin)
    }
}
