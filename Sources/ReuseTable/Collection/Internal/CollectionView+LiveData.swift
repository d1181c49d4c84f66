import Foundation

// Live data in the collection view (Docs/live-data.md): the same four members as the table,
// on the engine's mechanism (`Engine/LiveData.swift`). The anchor is the item the user sees
// highest; only its place on screen is promised (a prepend may move other items between columns).

extension CollectionView {

    /// Records the anchor and whether the view follows the end before `plan` is applied
    /// (the layout still holds the old frames).
    func recordBeforeApplying(_ plan: UpdatePlan) {
        recordBeforeChange {
            liveAnchor { old in plan.isMovedRow(old) ? nil : plan.newIndexPath(followingReloadOf: old) }
        }
    }

    /// The start of settle: whether the view follows the end, and — when the layout is about to
    /// be prepared again (a new width, an invalidation) — the anchor, items keeping their index paths.
    /// - Complexity: O(1), plus the layout's rect query when it is about to be prepared.
    func beginLiveSettle() -> Bool {
        if collectionViewLayout.needsPrepare { recordBeforeChange { liveAnchor { $0 } } }
        recordBeforeChange { nil }
        return engine.liveData.pendingFollow ?? false
    }

    /// The item intersecting the viewport below the top inset with the smallest `minY` (then
    /// index path) — or, when it does not stay (`newIndexPath` gives nil), the first item after it
    /// that does — with its index path after the change and its distance below the viewport's top now.
    /// Frames are where they are shown (the proposed order while an item is lifted, which is
    /// never the anchor: its cell is under the finger).
    /// - Complexity: the layout's rect query, plus the items walked.
    func liveAnchor(_ newIndexPath: (IndexPath) -> IndexPath?) -> ContentAnchor? {
        let visible = viewport
        guard visible.width > 0, visible.height > 0 else { return nil }
        let seenTop = min(visible.minY + max(adjustedContentInset.top, 0), visible.maxY)
        var first: (minY: CGFloat, indexPath: IndexPath)?
        for attributes in layoutAttributesShown(in: visible) where attributes.representedElementCategory == .cell {
            let frame = attributes.frame
            guard frame.minY.isFinite, frame.maxY.isFinite, frame.height > 0, frame.maxY > seenTop, frame.minY < visible.maxY else { continue }
            if let best = first, (best.minY, best.indexPath) <= (frame.minY, attributes.indexPath) { continue }
            first = (frame.minY, attributes.indexPath)
        }
        var candidate = first?.indexPath
        while let old = candidate {
            if old != engine.pass.movement?.origin, let new = newIndexPath(old), let frame = collectionViewLayout.shownFrame(ofItem: old),
                frame.minY.isFinite
            {
                return ContentAnchor(indexPath: new, screenY: Double(frame.minY) - Double(contentOffset.y), height: Double(frame.height))
            }
            candidate = item(after: old)
        }
        return nil
    }

    /// The item after `indexPath` in index order, across sections (as loaded), or nil after the last.
    func item(after indexPath: IndexPath) -> IndexPath? {
        if indexPath.item + 1 < countAsLoaded(inSection: indexPath.section) {
            return IndexPath(item: indexPath.item + 1, section: indexPath.section)
        }
        var section = indexPath.section + 1
        while section < sectionCountAsLoaded {
            if countAsLoaded(inSection: section) > 0 { return IndexPath(item: 0, section: section) }
            section += 1
        }
        return nil
    }

    /// The end of settle: the engine's (`finishLiveSettle(following:clamping:anchorMinY:)`), the
    /// anchor's top read from the prepared layout. Returns the anchor put back, for the layout's
    /// measuring. A layout that measures the viewport next gets the anchor unclamped: items on screen
    /// still estimated may end the content short of it until they are measured (then
    /// `clampAfterMeasuring()`), as the table does (`TableView+LayoutPass.swift`).
    func finishCollectionSettle(following: Bool) -> ContentAnchor? {
        finishLiveSettle(following: following, clamping: !collectionViewLayout.measuresViewport) { [self] indexPath in
            guard indexPath.section < sectionCountAsLoaded, indexPath.item < countAsLoaded(inSection: indexPath.section),
                let frame = collectionViewLayout.shownFrame(ofItem: indexPath), frame.minY.isFinite
            else { return nil }
            return frame.minY
        }
    }

    /// After the layout measured the viewport: an anchor put back past either end of the offset
    /// range (the content ended short of it while estimated) is clamped now, and what the viewport
    /// shows there is measured, the offset clamped at every round.
    /// - Complexity: O(1) when the offset is in range, else the layout's measuring.
    func clampAfterMeasuring() {
        let y = min(max(contentOffset.y, minimumContentOffsetY), maximumContentOffsetY)
        guard y != contentOffset.y else { return }
        moveOffset(toY: y, because: .clamp)
        collectionViewLayout.settleViewport(keeping: nil)
        noteSettledViewport()
    }
}
