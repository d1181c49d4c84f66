import Foundation

// The rect query: one lookup of the first slot the rect (widened by how far elements reach out of
// their slots) touches — from the store's finger, where the pass's measuring left it, or one
// descent — then a walk down the slots while they start above its bottom: sections' boundary
// items and backgrounds at each header slot, a group's elements at each row slot (kept placed while
// the group stays on screen: `CompositionalSections.placedGroups`), the groups of a band that show
// across. O(log n + k).

extension CollectionViewCompositionalLayout {
    /// Calls `body` with the attributes of every element overlapping `rect` (open intervals).
    func collectElements(in rect: CGRect, context: CompositionalQueryContext, _ body: (CollectionViewLayoutAttributes) -> Void) {
        let store = store
        for (b, frame) in store.globalFrames(context).enumerated() where frame.intersectsOpen(rect) {
            let attributes = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: store.global[b].kind, with: IndexPath(index: 0), frame: frame)
            attributes.zIndex = store.global[b].zIndex
            body(attributes)
        }
        guard store.sectionCount > 0, store.slots.count > 0 else { return }
        let top = store.sectionsTop
        let low = Double(rect.minY - top - store.reachDown)
        let high = Double(rect.maxY - top + store.reachUp)
        var start = 0, s = 0, header = 0  // slot 0 is section 0's header
        if low > 0 {
            guard let located = store.slots.slot(atOffset: low, near: &store.finger) else { return }
            (start, s, header) = (located.slot.index, located.section, located.slot.index - located.row - 1)
        }
        var extent = store.extent(s, header: header)
        collectSectionElements(s, extent, rect, context, body)
        store.slots.forEachSlot(from: start, near: store.finger) { slot in
            guard slot.minY < high || slot.index == start else { return false }
            switch slot.kind {
            case .header:
                if slot.index != extent.header {
                    s += 1
                    extent = store.extent(s, header: slot.index)
                    collectSectionElements(s, extent, rect, context, body)
                }
            case .row:
                collectGroupElements(s, group: slot.index - extent.header - 1, slotMinY: CGFloat(slot.minY) + top, rect, context, body)
            case .footer:
                break
            }
            return true
        }
    }

    /// Section `s`'s boundary items and backgrounds overlapping `rect`.
    private func collectSectionElements(
        _ s: Int, _ extent: SectionExtent, _ rect: CGRect, _ context: CompositionalQueryContext, _ body: (CollectionViewLayoutAttributes) -> Void
    ) {
        let kind = store.kind(s)
        let indexPath = IndexPath(item: 0, section: s)
        for d in kind.decorations.indices {
            let frame = store.decorationFrame(s, d, extent)
            guard frame.width > 0, frame.height > 0, frame.intersectsOpen(rect) else { continue }  // an empty background shows nothing
            let attributes = CollectionViewLayoutAttributes(forDecorationViewOfKind: kind.decorations[d].kind, with: indexPath, frame: frame)
            attributes.zIndex = kind.decorations[d].zIndex
            body(attributes)
        }
        guard !kind.boundary.isEmpty else { return }
        for (b, frame) in store.boundaryFrames(s, extent, context).enumerated() where frame.intersectsOpen(rect) {
            let attributes = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind.boundary[b].kind, with: indexPath, frame: frame)
            attributes.zIndex = kind.boundary[b].zIndex
            body(attributes)
        }
    }

    /// The cells and badges of one row slot overlapping `rect`: one group, or a band's groups across the rect.
    private func collectGroupElements(
        _ s: Int, group k: Int, slotMinY: CGFloat, _ rect: CGRect, _ context: CompositionalQueryContext,
        _ body: (CollectionViewLayoutAttributes) -> Void
    ) {
        let kind = store.kind(s)
        let p = kind.leavesPerGroup
        func emit(_ group: Int, _ origin: CGPoint) {
            store.forEachElement(ofGroup: group, section: s, origin: origin) { element in
                let frame = element.frame
                guard frame.intersectsOpen(rect) else { return }
                let indexPath = IndexPath(item: group * p + element.leaf, section: s)
                switch element {
                case .cell:
                    body(CollectionViewLayoutAttributes(forCellWith: indexPath, frame: frame))
                case .badge(_, let badgeKind, let z, _):
                    let attributes = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: badgeKind, with: indexPath, frame: frame)
                    attributes.zIndex = z
                    body(attributes)
                }
            }
        }
        if kind.isOrthogonal {
            let offset = context.orthogonalOffset(s)
            for g in store.bandGroups(s, minX: rect.minX, maxX: rect.maxX, offset: offset) {
                emit(g, CGPoint(x: kind.groupX(g, offset: offset), y: slotMinY))
            }
        } else {
            emit(k, CGPoint(x: kind.sectionX + kind.insets.leading, y: slotMinY))
        }
    }

    /// `attributes` with what a visible-items handler changed about its element, if anything.
    func applyingOverride(_ attributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutAttributes {
        let key = ElementKey(
            category: attributes.representedElementCategory, kind: attributes.representedElementKind, indexPath: attributes.indexPath)
        guard let item = overrides[key] else { return attributes }
        attributes.frame = item.frame
        attributes.alpha = item.alpha
        attributes.zIndex = item.zIndex
        attributes.isHidden = item.isHidden
        return attributes
    }
}
