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
            anchor = ContentAnchor(indexPath: new, screenY: slot.minY - top, height: slot.height)
            return false
        }
        return anchor
    }

    // MARK: The anchor's place

    /// The top of row `indexPath`'s slot in content coordinates — where the proposed order shows
    /// it while a row is lifted — or nil when the row is gone.
    func liveAnchorMinY(_ indexPath: IndexPath) -> CGFloat? {
        guard indexPath.section < geometry.sectionCount, indexPath.row < rowCount(inSection: indexPath.section) else { return nil }
        let slot = geometry.slot(at: slotIndex(forRow: indexPath))
        return CGFloat(TableView.shownMinY(of: slot, lifted: liftedSlots()) + geometryOrigin)
    }
}
