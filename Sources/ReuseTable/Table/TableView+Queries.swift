import Foundation

// Questions about rows and positions, answered from the geometry in O(log n).

extension TableView {
    /// Number of sections, as of the last reload or update.
    public var numberOfSections: Int { loadedSectionCount() }

    /// Number of rows in `section`; an invalid section stops with a message naming it.
    /// - Complexity: O(log n).
    public func numberOfRows(inSection section: Int) -> Int { loadedCount(inSection: section, call: "numberOfRows(inSection:)") }

    /// The row's frame in content coordinates (below its `rowMargin` gap; inset from the sides in `.insetGrouped`).
    /// - Complexity: O(log n).
    public func rectForRow(at indexPath: IndexPath) -> CGRect {
        loadIfNeeded()
        do { try validateIndexPath(indexPath) } catch { ReuseTableError.trap(error, in: "rectForRow(at:)") }
        return rectForRowUnchecked(indexPath)
    }

    /// The section's frame in content coordinates: from the top of its header to the bottom of its footer.
    /// - Complexity: O(log n).
    public func rect(forSection section: Int) -> CGRect {
        loadIfNeeded()
        do { try validateSection(section) } catch { ReuseTableError.trap(error, in: "rect(forSection:)") }
        let start = geometry.headerIndex(ofSection: section)
        let end = start + rowCount(inSection: section) + 2
        let minY = geometry.offset(of: start)
        return contentRect(minY: minY, height: geometry.offset(of: end) - minY)
    }

    /// The header's frame in content coordinates (where it scrolls, not where it is pinned).
    /// - Complexity: O(log n).
    public func rectForHeader(inSection section: Int) -> CGRect {
        supplementaryRect(slotIndex: { geometry.headerIndex(ofSection: section) }, section: section, call: "rectForHeader(inSection:)")
    }

    /// The footer's frame in content coordinates.
    /// - Complexity: O(log n).
    public func rectForFooter(inSection section: Int) -> CGRect {
        supplementaryRect(
            slotIndex: { geometry.headerIndex(ofSection: section) + rowCount(inSection: section) + 1 },
            section: section, call: "rectForFooter(inSection:)")
    }

    private func supplementaryRect(slotIndex: () -> Int, section: Int, call: String) -> CGRect {
        loadIfNeeded()
        do { try validateSection(section) } catch { ReuseTableError.trap(error, in: call) }
        let slot = geometry.slot(at: slotIndex())
        return contentRect(minY: slot.minY, height: slot.height)
    }

    /// The row under `point` (content coordinates), or nil over a header, footer, margin or nothing.
    /// - Complexity: O(log n).
    public func indexPathForRow(at point: CGPoint) -> IndexPath? {
        loadIfNeeded()
        let y = Double(point.y) - geometryOrigin
        guard let index = geometry.index(atOffset: y) else { return nil }
        let slot = geometry.slot(at: index)
        guard slot.kind == .row, y >= slot.minY + Double(appliedRowMargin) else { return nil }
        let section = geometry.section(containing: index)
        return IndexPath(row: row(ofSlot: index, inSection: section), section: section)
    }

    /// The rows whose frames intersect `rect`, in order.
    /// - Complexity: O(log n + rows returned).
    public func indexPathsForRows(in rect: CGRect) -> [IndexPath] {
        loadIfNeeded()
        var result: [IndexPath] = []
        let margin = Double(appliedRowMargin)
        let lower = Double(rect.minY) - geometryOrigin, upper = Double(rect.maxY) - geometryOrigin
        forEachSlot(in: lower..<upper) { slot, section, row in
            let minY = slot.minY + margin
            if slot.kind == .row, slot.maxY > minY, minY < upper, slot.maxY > lower {
                result.append(IndexPath(row: row, section: section))
            }
        }
        return result
    }

    /// Exactly the rows intersecting the viewport, in order.
    /// - Complexity: O(v) for v visible rows, plus a pending layout pass.
    public var indexPathsForVisibleRows: [IndexPath]? { cellsOnScreenAfterLayout.indexPaths }

    /// The cells on screen, in row order.
    /// - Complexity: O(v), plus a pending layout pass.
    public var visibleCells: [TableViewCell] { cellsOnScreenAfterLayout.cells }

    /// The cell showing `indexPath`, or nil when the row is not on screen (or does not exist), as in UIKit.
    /// - Complexity: O(log v) (a binary search of the visible rows), plus a pending layout pass.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? { cellsOnScreenAfterLayout[indexPath] }

    /// The index path of a visible cell, or nil when the cell is not on screen (UIKit: `indexPath(for:)`).
    /// - Complexity: O(visible rows).
    public func indexPath(for cell: TableViewCell) -> IndexPath? {
        engine.cellsOnScreen.entries.first { $0.cell === cell }?.indexPath
    }

    // MARK: Unchecked helpers

    /// Rows in `section`, from the header positions.
    func rowCount(inSection section: Int) -> Int {
        let start = geometry.headerIndex(ofSection: section)
        let end = section + 1 < geometry.sectionCount ? geometry.headerIndex(ofSection: section + 1) : geometry.count
        return end - start - 2
    }

    /// Slot index of a row.
    func slotIndex(forRow indexPath: IndexPath) -> Int {
        geometry.headerIndex(ofSection: indexPath.section) + 1 + indexPath.row
    }

    func rectForRowUnchecked(_ indexPath: IndexPath) -> CGRect {
        let slot = geometry.slot(at: slotIndex(forRow: indexPath))
        let margin = min(Double(appliedRowMargin), slot.height)
        return rowRect(minY: slot.minY + margin, height: slot.height - margin, tableWidth: bounds.width)
    }

    // MARK: Walking the slots between two offsets (queries, anchoring, live data)

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
        guard geometry.count > 0, let first = firstVisibleSlot(at: y, near: &layoutFinger) else { return }
        var position = first
        let geometry = self.geometry  // a snapshot to walk (O(1)): `body` may not change what it walks
        geometry.forEachSlot(from: first.index, near: layoutFinger) { slot in
            position.advance(to: slot)
            return body(slot, position.section, position.row)
        }
    }
}
