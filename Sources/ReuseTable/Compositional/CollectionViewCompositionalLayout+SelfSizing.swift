import Foundation

// Estimated items and boundary items, measured as they come on screen, with the table's anchoring
// (`TableView.measureSlotsInViewport(_:)`, Docs/estimated-heights.md) on the layout's slots:
// 1. down from the anchor — the first group the user sees — each slot still holding an estimate
//    is measured and the walk goes on from its measured end, so only what fills the viewport is measured;
// 2. up from the anchor, each estimated slot still reaching into the viewport is measured and the
//    offset moves by its change, so the anchor and everything below it keep their place on screen;
// 3. whatever the viewport shows that is still estimated is measured, until nothing is.
// An orthogonal band counts as estimated while a group it shows across has an unmeasured item.

extension CollectionViewCompositionalLayout {
    /// The end of the collection view's settle: measure what the viewport shows, then tell the
    /// visible-items handlers.
    func measureAndNotify() {
        guard let collectionView else { return }
        measureViewport(collectionView)
        notifyVisibleItems(collectionView)
    }

    /// Whether anything in the layout self-sizes.
    var hasEstimates: Bool {
        store.global.contains { $0.selfSizes } || store.kinds.contains { $0.hasEstimates }
    }

    /// Measures every estimated slot the viewport shows, anchored. See the file's comment.
    /// - Complexity: O(m (log n + p log m)) for m slots measured; O(log n + visible slots) when nothing is estimated there.
    func measureViewport(_ collectionView: CollectionView) {
        guard hasEstimates, store.sectionCount > 0 || !store.global.isEmpty else { return }
        let wasWithinContent = collectionView.contentOffset.y <= collectionView.maximumContentOffsetY
        var changed = measureGlobalItems(collectionView)
        defer {
            if changed {
                generation &+= 1
                collectionView.contentSize.height = max(0, store.contentHeight)
                if wasWithinContent, collectionView.contentOffset.y > collectionView.maximumContentOffsetY {
                    collectionView.moveOffset(toY: collectionView.maximumContentOffsetY, because: .clamp)
                }
            }
        }
        guard store.sectionCount > 0, store.slots.count > 0,
            firstSlotNeedingMeasurement(collectionView) != nil || unmeasuredPinnedItem(collectionView) != nil
        else { return }
        // After a jump (more than half a screen), the old screen's cells go back to the pool first,
        // so measuring the new screen reuses them; a small scroll measures a few items with spare cells.
        if abs(collectionView.contentOffset.y - collectionView.engine.pass.lastOffsetY) > collectionView.bounds.height / 2 {
            collectionView.recycleCellsBeforeMeasuring()
        }
        let top = store.sectionsTop
        func visible() -> (minY: CGFloat, maxY: CGFloat) {
            (collectionView.contentOffset.y, collectionView.contentOffset.y + max(0, collectionView.bounds.height))
        }
        if let anchor = anchorSlot(collectionView) {
            let screenY = anchor.minY - collectionView.contentOffset.y
            // 1. Down from the anchor: walk the slots (counting sections as header slots go by) to the
            //    next estimated one, measure it, and walk on from after it.
            var index = anchor.index
            var s = store.slots.section(containing: index)
            var countsHeaderAtStart = false  // the first walk starts in `s` already
            while index < store.slots.count {
                var next: Slot?
                store.slots.forEachSlot(from: index) { slot in
                    guard CGFloat(slot.minY) + top < visible().maxY else { return false }
                    if slot.kind == .header, countsHeaderAtStart || slot.index > index { s += 1 }
                    if needsMeasuring(slot, section: s, collectionView) {
                        next = slot
                        return false
                    }
                    return true
                }
                guard let slot = next else { break }
                guard measure(slot, section: s, collectionView, keep: true) else { return }
                changed = true
                index = slot.index + 1
                countsHeaderAtStart = true
            }
            // 2. Up from the anchor, moving the offset with every change above it.
            index = anchor.index - 1
            while index >= 0 {
                let slot = store.slots.slot(at: index)
                guard CGFloat(slot.maxY) + top > visible().minY else { break }
                if needsMeasuring(slot, collectionView) {
                    guard measure(slot, collectionView, keep: true) else { return }
                    changed = true
                    collectionView.contentSize.height = max(0, store.contentHeight)
                    collectionView.moveOffsetForAnchor(toY: CGFloat(store.slots.offset(of: anchor.index)) + top - screenY)
                }
                index -= 1
            }
        }
        // 3. Until the viewport shows no estimate (bounded: each round measures at least one slot).
        for _ in 0..<10_000 {
            if changed {
                collectionView.contentSize.height = max(0, store.contentHeight)
                if wasWithinContent, collectionView.contentOffset.y > collectionView.maximumContentOffsetY {
                    collectionView.moveOffset(toY: collectionView.maximumContentOffsetY, because: .clamp)
                }
            }
            if let slot = firstSlotNeedingMeasurement(collectionView) {
                guard measure(slot, collectionView, keep: true) else { return }
            } else if let pinned = unmeasuredPinnedItem(collectionView) {
                guard measurePinned(pinned, collectionView) else { return }
            } else {
                break
            }
            changed = true
        }
    }

    /// A section the viewport shows whose pinned self-sizing boundary item (shown at the viewport's
    /// edge, wherever its own slot is) still holds an estimate, and whether it is a footer's.
    /// - Complexity: O(log n + sections the viewport shows · boundary items).
    func unmeasuredPinnedItem(_ collectionView: CollectionView) -> (section: Int, footer: Bool)? {
        guard store.sectionCount > 0, store.slots.count > 0, store.kinds.contains(where: { $0.boundary.contains { $0.pins && $0.selfSizes } })
        else { return nil }
        let top = Double(store.sectionsTop)
        let minY = Double(collectionView.contentOffset.y) - top, maxY = minY + Double(max(0, collectionView.bounds.height))
        guard maxY > 0, minY < store.slots.totalHeight else { return nil }
        let first = store.slots.section(containing: store.slots.index(atOffset: max(0, minY)) ?? 0)
        let last = store.slots.section(containing: store.slots.index(atOffset: max(0, maxY)) ?? store.slots.count - 1)
        let lower = max(0, first)
        for s in lower...max(lower, min(last, store.sectionCount - 1)) {
            let kind = store.kind(s)
            for (b, item) in kind.boundary.enumerated() where item.pins && item.selfSizes && !store.isBoundaryMeasured(s, b) {
                return (s, item.edge == .bottom)
            }
        }
        return nil
    }

    /// Measures a pinned item `unmeasuredPinnedItem(_:)` found, keeping the anchor still on screen
    /// (its slot may be above it); false when a callback queued a structural call.
    func measurePinned(_ pinned: (section: Int, footer: Bool), _ collectionView: CollectionView) -> Bool {
        let anchor = anchorSlot(collectionView)
        let screenY = anchor.map { $0.minY - collectionView.contentOffset.y }
        guard measureBoundary(pinned.section, footer: pinned.footer, collectionView) else { return false }
        collectionView.contentSize.height = max(0, store.contentHeight)
        if let anchor, let screenY {
            collectionView.moveOffsetForAnchor(toY: CGFloat(store.slots.offset(of: anchor.index)) + store.sectionsTop - screenY)
        }
        return true
    }

    /// Measures the item at `indexPath` and what will share the screen with it once the offset is
    /// `offsetY(frame)` for its frame, as the table's `scroll(to:at:)` does: each round measures the
    /// estimated slot on that screen nearest the item's (`RowGeometry.unmeasuredSlot(nearest:in:where:)`),
    /// until that screen shows no estimate. The content size follows each change.
    /// - Complexity: O((log n) · slots measured).
    func measureForScroll(to indexPath: IndexPath, offsetY: (CGRect) -> CGFloat) {
        guard let collectionView, hasEstimates, indexPath.count == 2, indexPath.section >= 0, indexPath.section < store.sectionCount,
            indexPath.item >= 0, indexPath.item < store.records[indexPath.section].count, store.kind(indexPath.section).root != nil
        else { return }
        let s = indexPath.section
        let kind = store.kind(s)
        let target = store.headerSlot(s) + 1 + (kind.isOrthogonal ? 0 : indexPath.item / kind.leavesPerGroup)
        let top = store.sectionsTop
        var changed = false
        defer {
            if changed { generation &+= 1 }
        }
        func screen() -> Range<Double>? {
            guard let frame = layoutAttributesForItem(at: indexPath)?.frame, frame.minY.isFinite, frame.maxY.isFinite else { return nil }
            let y = Double(offsetY(frame) - top)
            return y..<(y + Double(max(0, collectionView.bounds.height)))
        }
        var next: Int? = target
        for _ in 0..<10_000 {  // bounded: each round measures a slot
            guard let index = next else { return }
            if needsMeasuring(store.slots.slot(at: index), collectionView) {
                guard measure(store.slots.slot(at: index), collectionView, keep: true) else { return }
                changed = true
                collectionView.contentSize.height = max(0, store.contentHeight)
            }
            guard let range = screen() else { return }
            next = store.slots.unmeasuredSlot(nearest: target, in: range) { needsMeasuring($0, collectionView) }
        }
    }

    /// The slot whose place on screen measuring keeps: the first group or band the user sees
    /// (below the top inset) that is measured, else the first one seen, else the first slot of any kind.
    /// - Complexity: O(log n + slots walked).
    func anchorSlot(_ collectionView: CollectionView) -> (index: Int, minY: CGFloat)? {
        let top = store.sectionsTop
        let minY = collectionView.contentOffset.y, maxY = minY + max(0, collectionView.bounds.height)
        let seenTop = min(minY + max(0, collectionView.adjustedContentInset.top), maxY)
        let low = Double(minY - top)
        let start: Int
        if low <= 0 {
            start = 0
        } else if let found = store.slots.index(atOffset: low) {
            start = found
        } else {
            return nil
        }
        var firstSlot: Slot?, firstRow: Slot?, firstMeasuredRow: Slot?
        store.slots.forEachSlot(from: start) { slot in
            guard CGFloat(slot.minY) + top < maxY else { return false }
            guard slot.height > 0, CGFloat(slot.maxY) + top > minY else { return true }
            if firstSlot == nil { firstSlot = slot }
            guard slot.kind == .row, CGFloat(slot.maxY) + top > seenTop else { return true }
            if firstRow == nil { firstRow = slot }
            if slot.isMeasured {
                firstMeasuredRow = slot
                return false
            }
            return true
        }
        guard let chosen = firstMeasuredRow ?? firstRow ?? firstSlot else { return nil }
        return (chosen.index, CGFloat(chosen.minY) + top)
    }

    /// The first slot the viewport shows that still holds an estimate.
    func firstSlotNeedingMeasurement(_ collectionView: CollectionView) -> Slot? {
        let top = store.sectionsTop
        let minY = collectionView.contentOffset.y, maxY = minY + max(0, collectionView.bounds.height)
        let low = Double(minY - top)
        let start: Int
        if low <= 0 {
            start = 0
        } else if let found = store.slots.index(atOffset: low) {
            start = found
        } else {
            return nil
        }
        var found: Slot?
        var s = store.slots.section(containing: start)  // then counted along the walk: no descent per slot
        store.slots.forEachSlot(from: start) { slot in
            guard CGFloat(slot.minY) + top < maxY else { return false }
            if slot.kind == .header, slot.index > start { s += 1 }
            if CGFloat(slot.maxY) + top > minY || slot.height == 0, needsMeasuring(slot, section: s, collectionView) {
                found = slot
                return false
            }
            return true
        }
        return found
    }

    /// Whether `slot` still holds an estimate the viewport needs: an unmeasured group or boundary
    /// item, or a band showing a group with unmeasured items.
    func needsMeasuring(_ slot: Slot, _ collectionView: CollectionView) -> Bool {
        guard slot.kind == .row else { return !slot.isMeasured }
        return needsMeasuring(slot, section: store.slots.section(containing: slot.index), collectionView)
    }

    /// `needsMeasuring(_:_:)` for a slot of section `s`.
    func needsMeasuring(_ slot: Slot, section s: Int, _ collectionView: CollectionView) -> Bool {
        guard slot.kind == .row else { return !slot.isMeasured }
        let kind = store.kind(s)
        guard kind.selfSizing else { return false }
        guard kind.isOrthogonal else { return !slot.isMeasured }
        return !unmeasuredVisibleGroups(s, collectionView).isEmpty
    }

    /// The groups of band `s` that show across the viewport with an unmeasured item.
    func unmeasuredVisibleGroups(_ s: Int, _ collectionView: CollectionView) -> [Int] {
        let minX = collectionView.contentOffset.x, maxX = minX + max(0, collectionView.bounds.width)
        let offset = orthogonalOffsets[s] ?? 0
        return store.bandGroups(s, minX: minX, maxX: maxX, offset: offset).filter { !store.isGroupMeasured(s, $0) }
    }

    /// Measures what `slot` holds that is still estimated; false when a callback queued a structural
    /// call (nothing more is asked in this pass).
    func measure(_ slot: Slot, _ collectionView: CollectionView, keep: Bool) -> Bool {
        measure(slot, section: store.slots.section(containing: slot.index), collectionView, keep: keep)
    }

    /// `measure(_:_:keep:)` for a slot of section `s`.
    func measure(_ slot: Slot, section s: Int, _ collectionView: CollectionView, keep: Bool) -> Bool {
        switch slot.kind {
        case .header, .footer:
            return measureBoundary(s, footer: slot.kind == .footer, collectionView)
        case .row:
            let kind = store.kind(s)
            let groups = kind.isOrthogonal ? unmeasuredVisibleGroups(s, collectionView) : [slot.index - store.headerSlot(s) - 1]
            for k in groups {
                guard measureGroup(s, k, collectionView, keep: keep) else { return false }
            }
            if !groups.isEmpty { store.refreshGroup(s, groups[0]) }
            return true
        }
    }

    /// Measures the unmeasured self-sizing items of group `k` of section `s` (its slot is refreshed by the caller for bands).
    func measureGroup(_ s: Int, _ k: Int, _ collectionView: CollectionView, keep: Bool) -> Bool {
        let kind = store.kind(s)
        let p = kind.leavesPerGroup
        let count = store.records[s].count
        for leaf in kind.selfSizingLeaves {
            let item = k * p + leaf
            let width = kind.patternCells[leaf].width
            guard item < count, store.measured(s)?.height(of: item, width: width) == nil else { continue }
            guard let height = collectionView.measureCellForLayout(at: IndexPath(item: item, section: s), width: width, keep: keep) else {
                return false
            }
            // A callback may have changed the layout (an invalidation): stop, it is prepared again.
            guard !needsRebuild, s < store.sectionCount, item < store.records[s].count else { return false }
            store.updateMeasurements(s) { $0.set(height, width: width, of: item) }
        }
        store.noteReach(s, k)
        if !kind.isOrthogonal { store.refreshGroup(s, k) }
        return true
    }

    /// Measures the unmeasured self-sizing boundary items of section `s` (header slot: top and side; footer slot: bottom).
    func measureBoundary(_ s: Int, footer: Bool, _ collectionView: CollectionView) -> Bool {
        let kind = store.kind(s)
        for (b, item) in kind.boundary.enumerated() where (item.edge == .bottom) == footer && !store.isBoundaryMeasured(s, b) {
            guard
                let height = collectionView.measureSupplementaryForLayout(
                    ofKind: item.kind, at: IndexPath(item: 0, section: s), width: item.size.width)
            else { return false }
            guard !needsRebuild, s < store.sectionCount else { return false }
            store.updateMeasurements(s) { m in
                if m.boundary.count < kind.boundary.count { m.boundary += [CGFloat](repeating: .nan, count: kind.boundary.count - m.boundary.count) }
                m.boundary[b] = height
            }
            // One that does not stack may now hang further over its section's edge.
            if !item.stacks {
                if item.edge == .bottom {
                    store.measuredReachUp = max(store.measuredReachUp, height - item.offsetY)
                } else {
                    store.measuredReachDown = max(store.measuredReachDown, height + item.offsetY)
                }
                store.reachUp = max(store.reachUp, store.measuredReachUp)
                store.reachDown = max(store.reachDown, store.measuredReachDown)
            }
        }
        store.refreshBoundary(s)
        return true
    }

    /// Measures the layout's own self-sizing boundary items (all of them at once: there are few).
    func measureGlobalItems(_ collectionView: CollectionView) -> Bool {
        var changed = false
        for (b, item) in store.global.enumerated() where item.selfSizes && store.globalMeasured[b].isNaN {
            guard let height = collectionView.measureSupplementaryForLayout(ofKind: item.kind, at: IndexPath(index: 0), width: item.size.width),
                b < store.globalMeasured.count
            else { return changed }
            store.globalMeasured[b] = height
            changed = true
        }
        return changed
    }
}
