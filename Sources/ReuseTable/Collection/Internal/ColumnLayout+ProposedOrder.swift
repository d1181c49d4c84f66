import Foundation

// While an item is lifted, a column layout shows the proposed order: a copy of its positions
// takes the move (the item carries its height, as in an update) and re-places the sections it
// touches — in the waterfall, the shortest-column placement from the first changed item on.
// Rect queries answer from the copy, with index paths mapped back to the data's order, so the
// collection view's cells stay keyed by the data source's index paths. Nothing is asked of the
// delegate: the heights are the ones already known. See Docs/reordering.md.

/// A column layout's positions in the proposed order, and the way back to the data's order.
struct ProposedColumnOrder {
    /// The positions with the lifted item at its destination.
    var engine: ColumnSections
    /// Index paths in the data's order to the proposed ones (the move).
    let toProposed: UpdatePlan
    /// Proposed index paths to the data's (the move undone).
    let backToData: UpdatePlan

    /// The engine's elements in `rect`, items named by their index paths in the data's order.
    /// - Complexity: as `ColumnSections.attributes(in:)`, plus a mapping per item.
    @MainActor func attributes(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
        engine.attributes(in: rect).map { attributes in
            guard attributes.representedElementCategory == .cell, let data = backToData.newIndexPath(forOld: attributes.indexPath) else {
                return attributes
            }
            return CollectionViewLayoutAttributes(forCellWith: data, frame: attributes.frame)
        }
    }
}

extension ColumnLayout {
    /// Places a copy of the positions in the proposed order (nil `destination`, or the origin: the data's order).
    /// - Complexity: O(items re-placed in the sections the move touches · C), plus O(sections).
    func proposeColumnMove(from origin: IndexPath, to destination: IndexPath?, counts: [Int]) {
        guard let destination, destination != origin, !needsReset, engine.isPrepared else {
            proposal = nil
            return
        }
        var moved = counts
        moved[origin.section] -= 1
        moved[destination.section] += 1
        var there = BatchUpdate(), back = BatchUpdate()
        there.movedRows = [(origin, destination)]
        back.movedRows = [(destination, origin)]
        guard let plan = try? UpdatePlan.make(there, oldCounts: counts, newCounts: moved, vocabulary: .collection),
            let backToData = try? UpdatePlan.make(back, oldCounts: moved, newCounts: counts, vocabulary: .collection)
        else {
            proposal = nil
            return
        }
        var copy = engine
        copy.apply(AppliedUpdate(plan, oldCounts: counts, newCounts: moved), newCounts: moved)
        copy.placeDirtySections()
        proposal = ProposedColumnOrder(engine: copy, toProposed: plan, backToData: backToData)
    }

    /// Where the item at `indexPath` (the data's order) is shown: in the proposed order while one is lifted.
    func shownColumnFrame(of indexPath: IndexPath) -> CGRect? {
        guard let proposal else { return engine.frame(at: indexPath) }
        return proposal.toProposed.newIndexPath(forOld: indexPath).flatMap { proposal.engine.frame(at: $0) }
    }

    /// The item under `point` in the data's order: the real positions, not the proposed ones.
    func columnItem(at point: CGPoint) -> IndexPath? {
        let probe = CGRect(x: point.x - 0.25, y: point.y - 0.25, width: 0.5, height: 0.5)
        for (element, frame) in engine.elementsAndFrames(in: probe) {
            if case .item(let indexPath) = element, frame.contains(point) { return indexPath }
        }
        return nil
    }
}
