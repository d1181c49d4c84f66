import Foundation

// Estimated items and boundary items, measured as they come on screen, by the measuring walks
// every view laid out on slots shares (`Engine/ViewportMeasuring.swift`: down from the anchor, up
// from it with the offset following, then fill) on the layout's slots (`CompositionalMeasuring`).
// What differs from the table is what a slot holds: a group of items, an orthogonal band (estimated
// while a group it shows across has an unmeasured item) or a section's boundary items; a pinned
// boundary item shows at the viewport's edge wherever its own slot is.

extension CollectionViewCompositionalLayout {
    /// The end of the collection view's settle: measure what the viewport shows, keeping `anchor`
    /// (the item live data put back) still while the user sees it or saw it before the change
    /// (`sawAnchor(_:)`), then tell the visible-items handlers.
    func measureAndNotify(keeping anchor: ContentAnchor? = nil) {
        guard let collectionView else { return }
        measureViewport(collectionView, keeping: anchor)
        notifyVisibleItems(collectionView)
    }

    /// Whether anything in the layout self-sizes.
    /// (Asked a few times a pass: plain loops, since a closure formed here pays a main-actor check a call.)
    var hasEstimates: Bool {
        for item in store.global where item.selfSizes { return true }
        for kind in store.kinds where kind.hasEstimates { return true }
        return false
    }

    /// Measures every estimated slot the viewport shows, anchored — on the slot of `anchor` (the item
    /// live data put back) while it is seen or was before the change, as the table does — and the
    /// layout's own self-sizing boundary items; the content size and the layout's generation follow.
    /// - Complexity: O(m (log n + p log m)) for m slots measured; O(log n + visible slots) when nothing is estimated there.
    func measureViewport(_ collectionView: CollectionView, keeping anchor: ContentAnchor? = nil) {
        guard hasEstimates, store.sectionCount > 0 || !store.global.isEmpty else { return }
        let wasWithinContent = collectionView.contentOffset.y <= collectionView.maximumContentOffsetY
        let measuredGlobal = measureGlobalItems(collectionView)
        let preferred = anchor.flatMap { slotIndex(ofItem: $0.indexPath) }.map { store.slots.slot(at: $0) }
        let seen = anchor.map(collectionView.sawAnchor) ?? false
        let outcome = CompositionalMeasuring(layout: self, collectionView: collectionView).measureViewport(preferring: preferred, seen: seen)
        // A walk that stopped may have measured part of a group.
        guard measuredGlobal || outcome.measured || outcome.stopped else { return }
        generation &+= 1
        collectionView.contentSize.height = max(0, store.contentHeight)
        if wasWithinContent, collectionView.contentOffset.y > collectionView.maximumContentOffsetY {
            collectionView.moveOffset(toY: collectionView.maximumContentOffsetY, because: .clamp)
        }
    }

    /// The slot holding item `indexPath` (its group, or its section's band), nil when there is none.
    /// - Complexity: O(1).
    func slotIndex(ofItem indexPath: IndexPath) -> Int? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < store.sectionCount, indexPath.item >= 0,
            indexPath.item < store.records[indexPath.section].count, store.kind(indexPath.section).root != nil
        else { return nil }
        let kind = store.kind(indexPath.section)
        let index = store.headerSlot(indexPath.section) + 1 + (kind.isOrthogonal ? 0 : indexPath.item / kind.leavesPerGroup)
        return index < store.slots.count ? index : nil
    }

    /// A section the viewport shows whose pinned self-sizing boundary item (shown at the viewport's
    /// edge, wherever its own slot is) still holds an estimate, and whether it is a footer's.
    /// - Complexity: O(log n + sections the viewport shows · boundary items).
    func unmeasuredPinnedItem(_ collectionView: CollectionView) -> (section: Int, footer: Bool)? {
        guard store.sectionCount > 0, store.slots.count > 0 else { return nil }
        var pins = false
        for kind in store.kinds where kind.pinsSelfSizingBoundary { pins = true }
        guard pins else { return nil }
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

    /// Measures the item at `indexPath` and what will share the screen with it once the offset is
    /// `offsetY(frame)` for its frame, as the table's `scroll(to:at:)` does: each round measures the
    /// estimated slot on that screen nearest the item's (`RowGeometry.unmeasuredSlot(nearest:in:where:)`),
    /// until that screen shows no estimate. The content size follows each change.
    /// - Complexity: O((log n) · slots measured).
    func measureForScroll(to indexPath: IndexPath, offsetY: (CGRect) -> CGFloat) {
        guard let collectionView, hasEstimates, let target = slotIndex(ofItem: indexPath) else { return }
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
    /// Out of line: inlined into the measuring walks, its read of `orthogonalOffsets` (a checked
    /// access) was hoisted into their loops and paid on every slot, a band's or not (the journal's
    /// "The compositional step keeps its placed groups").
    @inline(never)
    func unmeasuredVisibleGroups(_ s: Int, _ collectionView: CollectionView) -> [Int] {
        let minX = collectionView.contentOffset.x, maxX = minX + max(0, collectionView.bounds.width)
        let offset = orthogonalOffsets[s] ?? 0
        var groups: [Int] = []
        for k in store.bandGroups(s, minX: minX, maxX: maxX, offset: offset) where !store.isGroupMeasured(s, k) { groups.append(k) }
        return groups
    }

    /// Measures what `slot` holds that is still estimated; false when a callback queued a structural
    /// call (nothing more is asked in this pass).
    func measure(_ slot: Slot, _ collectionView: CollectionView, keep: Bool) -> Bool {
        let position = CompositionalMeasuring(layout: self, collectionView: collectionView).position(ofSlot: slot.index)
        return measure(slot, at: position, collectionView, keep: keep)
    }

    /// `measure(_:_:keep:)` for a slot at `position` (its section, and for a row slot its group: `row`).
    func measure(_ slot: Slot, at position: SlotPosition, _ collectionView: CollectionView, keep: Bool) -> Bool {
        let s = position.section
        switch slot.kind {
        case .header, .footer:
            return measureBoundary(s, footer: slot.kind == .footer, collectionView)
        case .row:
            let header = slot.index - 1 - position.row
            guard store.kind(s).isOrthogonal else {
                guard measureGroup(s, position.row, collectionView, keep: keep) else { return false }
                store.refreshGroup(s, position.row, header: header)
                return true
            }
            let groups = unmeasuredVisibleGroups(s, collectionView)
            for k in groups {
                guard measureGroup(s, k, collectionView, keep: keep) else { return false }
            }
            if !groups.isEmpty { store.refreshGroup(s, groups[0], header: header) }
            return true
        }
    }

    /// Measures the unmeasured self-sizing items of group `k` of section `s` (the caller refreshes its slot).
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
            store.updateMeasurements(s, replacing: .group(k)) { $0.set(height, width: width, of: item) }
        }
        store.noteReach(s, k)
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
            store.updateMeasurements(s, replacing: .noGroup) { m in
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

/// The compositional layout's answers to the measuring walks: its slots below the layout's own
/// top items, groups and bands measured item by item through the collection view's cells,
/// boundary items through its supplementary views.
@MainActor struct CompositionalMeasuring: ViewportMeasuring {
    let layout: CollectionViewCompositionalLayout
    let collectionView: CollectionView

    var store: CompositionalSections { layout.store }

    var slotCount: Int { store.slots.count }

    func slot(at index: Int) -> Slot { store.slots.slot(at: index) }

    func position(ofSlot index: Int) -> SlotPosition {
        let section = store.slots.section(containing: index)
        return SlotPosition(index: index, section: section, row: index - store.headerSlot(section) - 1)
    }

    func locateSlot(atOffset y: Double) -> SlotPosition? {
        guard let located = store.slots.slot(atOffset: y, near: &store.finger) else { return nil }
        return SlotPosition(index: located.slot.index, section: located.section, row: located.row)
    }

    func forEachSlot(from index: Int, _ body: (Slot) -> Bool) {
        let slots = store.slots  // a snapshot to walk: `body` may not change what it walks
        slots.forEachSlot(from: index, near: store.finger, body)
    }

    var visibleRange: Range<Double> {
        let top = Double(collectionView.contentOffset.y - store.sectionsTop)
        return top..<(top + Double(max(0, collectionView.bounds.height)))
    }

    var seenTopInset: Double { Double(collectionView.adjustedContentInset.top) }
    var overscan: Double { 0 }
    var minimumAnchorHeight: Double { 0 }
    var isOffsetWithinContent: Bool { collectionView.contentOffset.y <= collectionView.maximumContentOffsetY }
    var distanceSinceLastPass: Double { Double(abs(collectionView.contentOffset.y - collectionView.engine.pass.lastOffsetY)) }

    var mayNeedMeasuring: Bool { store.sectionCount > 0 && store.slots.count > 0 && layout.hasEstimates }

    func needsMeasuring(_ slot: Slot, at position: SlotPosition) -> Bool {
        layout.needsMeasuring(slot, section: position.section, collectionView)
    }

    func measure(_ slot: Slot, at position: SlotPosition, keepCell: Bool) -> Bool {
        layout.measure(slot, at: position, collectionView, keep: keepCell)
    }

    /// A group shows a cell when one of its items does; a band, when an item of a group it shows across does.
    func showsCell(at position: SlotPosition) -> Bool {
        let s = position.section, k = position.row
        guard s >= 0, s < store.sectionCount, k >= 0 else { return false }
        let kind = store.kind(s)
        let p = kind.leavesPerGroup, count = store.records[s].count
        let groups: Range<Int>
        if kind.isOrthogonal {
            let minX = collectionView.contentOffset.x
            groups = store.bandGroups(s, minX: minX, maxX: minX + max(0, collectionView.bounds.width), offset: layout.orthogonalOffsets[s] ?? 0)
        } else {
            groups = k..<(k + 1)
        }
        let cells = collectionView.engine.cellsOnScreen
        for group in groups {
            for item in (group * p)..<min(group * p + p, count) where cells[IndexPath(item: item, section: s)] != nil { return true }
        }
        return false
    }

    var showsUnmeasuredPinnedElement: Bool { layout.unmeasuredPinnedItem(collectionView) != nil }

    func measurePinnedElement() -> Bool {
        guard let pinned = layout.unmeasuredPinnedItem(collectionView) else { return true }
        return layout.measureBoundary(pinned.section, footer: pinned.footer, collectionView)
    }

    func keep(slot index: Int, atScreenY screenY: Double) {
        followContent()
        collectionView.moveOffsetForAnchor(toY: CGFloat(store.slots.offset(of: index) - screenY) + store.sectionsTop)
    }

    func clampOffsetToContent() -> Bool {
        followContent()
        let maxY = collectionView.maximumContentOffsetY
        guard collectionView.contentOffset.y > maxY else { return false }
        collectionView.moveOffset(toY: maxY, because: .clamp)
        return true
    }

    func recycleCellsThatLeft() { collectionView.recycleCellsBeforeMeasuring() }

    /// The content size follows the slots.
    private func followContent() {
        let height = max(0, store.contentHeight)
        if collectionView.contentSize.height != height { collectionView.contentSize.height = height }
    }
}
