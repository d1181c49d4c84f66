import Foundation

// Moving the viewport on purpose: scrollToRow, and row(_:changedHeight:).

extension TableView {
    /// Scrolls so the row is at `position`; `.none` moves as little as possible (not at all if fully visible).
    ///
    /// With estimated heights the target and the rows that will share the
    /// screen with it are measured *first*, so the row lands exactly where asked.
    /// The offset is clamped to the valid range.
    /// - Complexity: O(log n + rows measured).
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        loadIfNeeded()
        do { try validateIndexPath(indexPath) } catch { TableViewError.trap(error) }
        let index = slotIndex(forRow: indexPath)
        let height = Double(bounds.height)
        var resolved = position
        if resolved == .none {
            let rect = rectForRowUnchecked(indexPath)
            let visible = viewport
            if Double(rect.minY) >= visible.lowerBound, Double(rect.maxY) <= visible.upperBound { return }
            resolved = Double(rect.minY) < visible.lowerBound ? .top : .bottom
        }
        if geometry.unmeasuredCount > 0 {
            measureSlot(at: index)
            switch resolved {
            case .top: measureSlots(from: index + 1, step: 1, covering: height)
            case .bottom: measureSlots(from: index - 1, step: -1, covering: height)
            default:
                measureSlots(from: index + 1, step: 1, covering: height / 2)
                measureSlots(from: index - 1, step: -1, covering: height / 2)
            }
            updateContentSize()
        }
        let rect = rectForRowUnchecked(indexPath)
        var y: CGFloat
        switch resolved {
        case .top, .none: y = rect.minY
        case .middle: y = rect.midY - bounds.height / 2
        case .bottom: y = rect.maxY - bounds.height
        }
        y = min(max(y, 0), maximumContentOffsetY)
        if y == contentOffset.y {
            layoutVisibleRows()
        } else {
            setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
        }
    }

    /// Measures slots from `start`, walking by `step`, until their heights cover `distance`.
    func measureSlots(from start: Int, step: Int, covering distance: Double) {
        var covered = 0.0
        var index = start
        while covered < distance, index >= 0, index < geometry.count {
            measureSlot(at: index)
            covered += geometry.height(at: index)
            index += step
        }
    }

    /// Tells the table one row's new height without asking the delegate about any other row
    /// (the 2013 article's `row:changedHeight:`).
    ///
    /// Visible cells move and `contentSize` follows. If the row is above the
    /// first visible row, the offset moves by the same amount so nothing on
    /// screen jumps.
    /// - Complexity: O(log n + visible rows).
    public func row(_ indexPath: IndexPath, changedHeight height: CGFloat) {
        loadIfNeeded()
        do { try validateIndexPath(indexPath) } catch { TableViewError.trap(error) }
        let clean = sanitizedHeight(height, for: "height of row \(indexPath.tableDescription)")
        let anchor = currentAnchor()
        let index = slotIndex(forRow: indexPath)
        geometry.setHeight(Double(clean) + Double(appliedRowMargin), at: index, isMeasured: true)
        if let anchor, index < anchor.slotIndex {
            restoreAnchor(slotIndex: anchor.slotIndex, screenY: anchor.screenY)
        }
        layoutVisibleRows()
    }
}
