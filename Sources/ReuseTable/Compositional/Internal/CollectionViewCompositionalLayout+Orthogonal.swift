import Foundation

// Orthogonal sections: a band of groups side by side that scrolls on its own offset. The offset
// is the layout's (one number per section that ever scrolled); a rect query shows only the groups
// across the rect at that offset, so items outside it leave the screen and are recycled like rows.
// A release settles as UIKit's does: the offset glides by the projected deceleration distance, then
// paging behaviours pick a page or group boundary at most one step from where the finger let go.

extension CollectionViewCompositionalLayout {
    /// UIKit's normal deceleration rate: the fraction of its velocity a scroll keeps each millisecond.
    static let decelerationRate: CGFloat = 0.998

    /// The distance a release at `velocity` (points per second) glides before it stops:
    /// v / 1000 × r / (1 − r), UIKit's projection.
    static func decelerationDistance(_ velocity: CGFloat) -> CGFloat {
        velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    /// The least sideways offset of section `s` (0).
    func minimumOrthogonalOffset(_ s: Int) -> CGFloat { 0 }

    /// The largest sideways offset of section `s`: its band's width beyond the section's.
    func maximumOrthogonalOffset(_ s: Int) -> CGFloat {
        guard s >= 0, s < store.sectionCount else { return 0 }
        let kind = store.kind(s)
        guard kind.isOrthogonal else { return 0 }
        return kind.maximumOrthogonalOffset(groups: kind.groupCount(items: store.records[s].count))
    }

    /// Sets section `s`'s sideways offset, clamped to its range; true when it moved.
    @discardableResult
    func setOrthogonalOffset(_ offset: CGFloat, forSection s: Int) -> Bool {
        let clamped = min(max(offset, minimumOrthogonalOffset(s)), maximumOrthogonalOffset(s))
        let old = orthogonalOffsets[s] ?? 0
        guard clamped != old else { return false }
        orthogonalOffsets[s] = clamped == 0 ? nil : clamped
        return true
    }

    /// Where a release of section `s` at `offset` with `velocity` (the offset's, points per second)
    /// comes to rest, by its orthogonal behaviour:
    /// - `continuous`: the projected offset;
    /// - `continuousGroupLeadingBoundary`: the group boundary nearest the projected offset;
    /// - `paging`, `groupPaging`, `groupPagingCentered`: the next page (or group) in the direction of
    ///   the velocity from the offset, the nearest when it is 0 — never more than one step.
    /// Always within the offset range.
    func restingOrthogonalOffset(_ s: Int, from offset: CGFloat, velocity: CGFloat) -> CGFloat {
        let kind = store.kind(s)
        let maximum = maximumOrthogonalOffset(s)
        func clamp(_ x: CGFloat) -> CGFloat { min(max(x, 0), maximum) }
        func step(_ position: CGFloat, length: CGFloat, base: CGFloat, last: Int) -> CGFloat {
            guard length > 0 else { return clamp(offset) }
            let fraction = (position - base) / length
            let k = velocity > 0 ? fraction.rounded(.up) : velocity < 0 ? fraction.rounded(.down) : fraction.rounded()
            return clamp(base + min(max(k, 0), CGFloat(last)) * length)
        }
        let groups = kind.groupCount(items: store.records[s].count)
        let stride = kind.groupStride
        switch kind.orthogonal {
        case .none:
            return clamp(offset)
        case .continuous:
            return clamp(offset + Self.decelerationDistance(velocity))
        case .continuousGroupLeadingBoundary:
            let projected = clamp(offset + Self.decelerationDistance(velocity))
            guard stride > 0 else { return projected }
            let k = min(max((projected / stride).rounded(), 0), CGFloat(max(groups - 1, 0)))
            return clamp(k * stride)
        case .paging:
            let page = kind.sectionWidth
            let pages = page > 0 ? Int((maximum / page).rounded(.up)) : 0
            return step(offset, length: page, base: 0, last: pages)
        case .groupPaging:
            return step(offset, length: stride, base: 0, last: max(groups - 1, 0))
        case .groupPagingCentered:
            // The offset that centres group k: its middle at the section's middle.
            let base = kind.leadingPad + kind.groupSize.width / 2 - kind.sectionWidth / 2
            return step(offset, length: stride, base: base, last: max(groups - 1, 0))
        }
    }

    /// The sideways offset that shows item `item` of orthogonal section `s` at `position`; `nil`
    /// position scrolls as little as possible. Clamped to the range.
    func orthogonalOffset(showing item: Int, inSection s: Int, at position: CollectionView.ScrollPosition?) -> CGFloat? {
        let kind = store.kind(s)
        guard kind.isOrthogonal, let frame = store.itemFrame(s, item, offset: 0) else { return nil }
        let left = kind.sectionX, width = kind.sectionWidth
        let current = orthogonalOffsets[s] ?? 0
        var target: CGFloat
        switch position {
        case .left: target = frame.minX - left
        case .right: target = frame.maxX - (left + width)
        case .centeredHorizontally: target = frame.midX - (left + width / 2)
        default:
            if frame.minX - current < left {
                target = frame.minX - left
            } else if frame.maxX - current > left + width {
                target = frame.maxX - (left + width)
            } else {
                target = current
            }
        }
        return min(max(target, minimumOrthogonalOffset(s)), maximumOrthogonalOffset(s))
    }

    // MARK: Visible-items handlers

    /// Tells each section on screen that has a `visibleItemsInvalidationHandler` about its visible
    /// items, when its offset, the viewport or the layout changed since it was last told. What the
    /// handler changes is reported by the queries until its next call.
    func notifyVisibleItems(_ collectionView: CollectionView) {
        var handles = false  // a loop: asked every pass, and a closure formed here pays a main-actor check a call
        for kind in store.kinds where kind.section?.visibleItemsInvalidationHandler != nil { handles = true }
        guard handles, let environment else { return }
        let visible = CGRect(origin: collectionView.contentOffset, size: collectionView.bounds.size)
        guard visible.width > 0, visible.height > 0 else { return }
        var bySection: [Int: [CollectionViewLayoutAttributes]] = [:]
        var order: [Int] = []
        collectElements(in: visible, context: queryContext()) { attributes in
            guard attributes.indexPath.count == 2 else { return }
            let s = attributes.indexPath.section
            guard store.kind(s).section?.visibleItemsInvalidationHandler != nil else { return }
            if bySection[s] == nil { order.append(s) }
            bySection[s, default: []].append(attributes)
        }
        for s in order {
            guard let handler = store.kind(s).section?.visibleItemsInvalidationHandler, let elements = bySection[s] else { continue }
            let offset =
                store.kind(s).isOrthogonal ? CGPoint(x: orthogonalOffsets[s] ?? 0, y: collectionView.contentOffset.y) : collectionView.contentOffset
            let state = NotifiedState(offset: offset, visible: visible, generation: generation)
            guard notified[s] != state else { continue }
            notified[s] = state
            overrides = overrides.filter { $0.key.indexPath.count != 2 || $0.key.indexPath.section != s }
            let items = elements.map(CollectionLayoutVisibleItem.init)
            let before = items.map { ($0.frame, $0.alpha, $0.zIndex, $0.isHidden) }
            collectionView.calling("visibleItemsInvalidationHandler") { handler(items, offset, environment) }
            for (item, old) in zip(items, before) where item.frame != old.0 || item.alpha != old.1 || item.zIndex != old.2 || item.isHidden != old.3 {
                overrides[ElementKey(category: item.representedElementCategory, kind: item.representedElementKind, indexPath: item.indexPath)] = item
            }
        }
    }
}
