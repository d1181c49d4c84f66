import Foundation

// The table's content and viewport in geometry coordinates, and the walk over the
// slots between two offsets that the layout pass, anchoring and rect queries share.

extension TableView {
    /// `contentSize` follows the geometry: all rows, margins, headers and footers, between the
    /// table header and footer views.
    func updateContentSize() {
        let height = tableHeaderFooter.headerHeight + geometry.totalHeight + tableHeaderFooter.footerHeight
        contentSize = CGSize(width: bounds.width, height: CGFloat(height))
    }

    /// The vertical span on screen, in geometry coordinates (content coordinates minus
    /// `geometryOrigin`, the table header's height): what the geometry is searched with.
    var viewport: Range<Double> {
        let top = Double(contentOffset.y) - geometryOrigin
        return top..<(top + Double(max(bounds.height, 0)))
    }

    /// The layout pass's second stage: the rows intersecting the viewport with their frames, in
    /// order, and the headers and footers there (in the proposed order while a row is lifted), found in one walk of the geometry from
    /// `firstVisibleSlot(at:)` — or, on the geometry and frames of the last walk, by extending it
    /// (`WantedWalk`). Fills the caller's arrays (emptied first): a pass runs 60–120 times a second
    /// and allocates nothing.
    /// - Complexity: O(log n + visible slots); a scroll step on the same geometry walks only the
    ///   slots that arrive.
    func wanted(cells rows: inout [VisibleRows<TableViewCell>.Wanted], supplementary: inout [(SupplementaryKey, CGRect)]) {
        recorder?.stage(.wanted, in: self)
        rows.removeAll(keepingCapacity: true)
        supplementary.removeAll(keepingCapacity: true)
        let visible = viewport
        // A lifted row (`TableView+InteractiveMovement.swift`) is left out, and the slots between
        // its origin and its destination shift by its height: the proposed order, layout only.
        let lifted = liftedSlots(), reach = lifted?.height ?? 0
        let range = (visible.lowerBound - reach)..<(visible.upperBound + reach)
        let geometry = self.geometry  // one copy of the existential for the pass
        guard range.upperBound > 0, geometry.count > 0, let first = firstVisibleSlot(at: range.lowerBound) else {
            wantedWalk.forget()
            return
        }
        if lifted == nil { pinnedSections.walkTop = (engine.pass.layoutGeneration, range.lowerBound, first.section) }
        let width = bounds.width, inset = cellInset(forTableWidth: width)
        let frames = SlotFrames(width: width, origin: geometryOrigin, rowMargin: Double(appliedRowMargin), rowInset: inset)
        guard lifted == nil, frames.rowMargin == 0 else {
            wantedWalk.forget()
            TableView.collectWanted(
                geometry, from: first, near: layoutFinger, range: range, visible: visible, lifted: lifted, frames: frames,
                rows: &rows, supplementary: &supplementary)
            return
        }
        // The last walk extended where it can (`TableView+WantedWalk.swift`): a scroll step walks the slots that arrive.
        let finger = layoutFinger, generation = engine.pass.layoutGeneration
        wantedWalk.walk(geometry, visible: visible, first: first, near: finger, generation: generation, frames: frames)
        TableView.frames(of: wantedWalk.taken, frames, rows: &rows, supplementary: &supplementary)
    }

    /// What turns a slot into a frame in content coordinates: `rowRect(minY:height:tableWidth:)`
    /// and `contentRect(minY:height:width:)`, read once a pass.
    struct SlotFrames: Equatable {
        var width: CGFloat
        var origin: Double
        var rowMargin: Double
        var rowInset: CGFloat
    }

    /// The walk of `wanted(cells:supplementary:)`, from `first` until a slot starts at or after
    /// `range.upperBound`. Not isolated, on locals only: its closure runs once a slot, and one
    /// formed in a main-actor method checks the executor on every call (Docs/performance.md).
    /// - Complexity: O(visible slots).
    nonisolated static func collectWanted(
        _ geometry: any RowGeometry, from first: (index: Int, section: Int, row: Int), near finger: GeometryFinger,
        range: Range<Double>, visible: Range<Double>, lifted: (origin: Int, destination: Int, height: Double)?, frames: SlotFrames,
        rows: inout [VisibleRows<TableViewCell>.Wanted], supplementary: inout [(SupplementaryKey, CGRect)]
    ) {
        var section = first.section, row = first.row
        geometry.forEachSlot(from: first.index, near: finger) { slot in
            if slot.index > first.index {
                if slot.kind == .header {
                    section += 1
                    row = -1
                } else {
                    row += 1
                }
            }
            guard slot.minY < range.upperBound else { return false }
            var slot = slot
            if let lifted {
                guard slot.index != lifted.origin else { return true }
                slot.minY += InteractiveMovement<TableViewCell>.shift(
                    of: slot.index, origin: lifted.origin, destination: lifted.destination, height: lifted.height)
            }
            guard slot.height > 0, slot.maxY > visible.lowerBound, slot.minY < visible.upperBound else { return true }
            if slot.kind == .row {
                let minY = slot.minY + frames.rowMargin, height = slot.height - frames.rowMargin
                if height > 0, minY + height > visible.lowerBound, minY < visible.upperBound {
                    let frame = CGRect(
                        x: frames.rowInset, y: CGFloat(minY + frames.origin), width: max(0, frames.width - 2 * frames.rowInset),
                        height: CGFloat(height))
                    rows.append(.init(section: section, row: row, frame: frame))
                }
            } else {
                let frame = CGRect(x: 0, y: CGFloat(slot.minY + frames.origin), width: frames.width, height: CGFloat(slot.height))
                supplementary.append((SupplementaryKey(kind: slot.kind, section: section), frame))
            }
            return true
        }
    }

    /// The rows `wanted(cells:supplementary:)` names, in the pass's scratch array.
    func wantedRows() -> [VisibleRows<TableViewCell>.Wanted] {
        var rows = engine.pass.wantedCells, ignored: [(SupplementaryKey, CGRect)] = []
        engine.pass.wantedCells = []
        wanted(cells: &rows, supplementary: &ignored)
        defer { engine.pass.wantedCells = rows }
        return rows
    }

    /// Calls `body` for every slot from the one containing `range.lowerBound`
    /// until a slot starts at or after `range.upperBound`, with its section and row.
    /// - Complexity: O(log n + slots visited).
    func forEachSlot(in range: Range<Double>, _ body: (Slot, Int, Int) -> Void) {
        guard range.upperBound > 0 else { return }
        walkSlots(from: range.lowerBound) { slot, section, row in
            guard slot.minY < range.upperBound else { return false }
            body(slot, section, row)
            return true
        }
    }

    /// Calls `body` for every slot from the one containing `y` onwards, with its section and row
    /// (-1 for a header), until `body` returns false.
    /// - Complexity: O(log n + slots visited).
    func walkSlots(from y: Double, _ body: (Slot, Int, Int) -> Bool) {
        guard geometry.count > 0, let first = firstVisibleSlot(at: y) else { return }
        var section = first.section, row = first.row
        let geometry = self.geometry  // a snapshot to walk (O(1)): `body` may not change what it walks
        geometry.forEachSlot(from: first.index, near: layoutFinger) { slot in
            if slot.index > first.index {
                if slot.kind == .header {
                    section += 1
                    row = -1
                } else {
                    row += 1
                }
            }
            return body(slot, section, row)
        }
    }
}
