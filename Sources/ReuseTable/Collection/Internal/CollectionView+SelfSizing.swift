import Foundation

// What a layout that measures cells asks of the collection view (the compositional layout's
// estimated items and boundary items, `CollectionViewCompositionalLayout+SelfSizing.swift`): a
// cell from the data source measured at a width and kept for this pass's reconcile — the table's
// self-sizing path — a supplementary view measured the same way, and an anchored offset move.

extension CollectionView {
    /// The height the data source's cell for `indexPath` fits at `width`; nil when it was not asked
    /// (a callback queued a structural call). With `keep`, this pass displays the same cell.
    /// - Complexity: one `collectionView(_:cellForItemAt:)` and one fitting.
    func measureCellForLayout(at indexPath: IndexPath, width: CGFloat, keep: Bool) -> CGFloat? {
        guard let cell = cellFromDataSource(at: indexPath) else { return nil }
        cell.frame.size.width = width
        let height = fittingHeight(ofTemplate: cell, width: width, describing: "item \(indexPath.collectionDescription)")
        if keep {
            keepCellFromMeasuring(cell, at: indexPath)
        } else {
            recycle(cell)
        }
        return height
    }

    /// The height the data source's supplementary view of `kind` at `indexPath` fits at `width`
    /// (it goes back to the pool; the pass asks for it again to show it); nil when not asked.
    /// - Complexity: one `collectionView(_:viewForSupplementaryElementOfKind:at:)` and one `sizeThatFits`.
    func measureSupplementaryForLayout(ofKind kind: String, at indexPath: IndexPath, width: CGFloat) -> CGFloat? {
        guard
            let asked = ask(
                "collectionView(_:viewForSupplementaryElementOfKind:at:)", { supplementaryViewFromDataSource(ofKind: kind, at: indexPath) })
        else { return nil }
        guard let view = asked else { return 0 }
        view.frame.size.width = width
        let fitted = view.sizeThatFits(CGSize(width: width, height: 0)).height
        let what = "supplementary view of kind \"\(kind)\" at \(indexPath.count == 2 ? indexPath.collectionDescription : "\(Array(indexPath))")"
        let height = sanitizedHeight(fitted, for: "fitting height of the \(what)")
        if supplementary.visible.entries.contains(where: { $0.view === view }) == false { recycleSupplementary(view) }
        return height
    }

    /// Before a layout measures what the viewport shows: cells whose items left the viewport go back
    /// to the pool first (reconcile's first step, run early, as the table's settle does), so measuring
    /// the items that arrive reuses them instead of making new ones.
    /// - Complexity: the layout's rect query plus O(visible).
    func recycleCellsBeforeMeasuring() {
        var cells = engine.pass.wantedCells
        engine.pass.wantedCells = []
        var supplementary: [CollectionViewLayoutAttributes] = []
        wanted(cells: &cells, supplementary: &supplementary, notes: &wantedNotes)
        didFindWanted()
        recycleCellsThatLeft(cells)
        engine.pass.wantedCells = cells
    }

    /// Moves the offset so that a row the user reads keeps its place while a layout measures
    /// above it (`OffsetMoveReason.anchor`); the top of the content is a hard edge.
    func moveOffsetForAnchor(toY y: CGFloat) {
        var target = y
        let top = minimumContentOffsetY
        if target < top, contentOffset.y >= top { target = top }
        moveOffset(toY: target, because: .anchor)
    }
}
