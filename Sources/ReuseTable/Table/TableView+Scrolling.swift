import Foundation

// Moving the viewport on purpose: scrollToRow, and row(_:changedHeight:).

extension TableView {
    /// Scrolls so the row is at `position`; `.none` moves as little as possible (not at all if fully visible).
    ///
    /// With estimated heights, the target and every row that will share the
    /// screen with it are measured *first* — including, near the end of the
    /// content, the rows above it that the clamped offset brings on screen —
    /// so the row lands exactly where asked. The offset is clamped to the valid range.
    /// Called from a data source or delegate method, it runs when that layout step is done.
    /// - Complexity: O((log n) · rows measured).
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        if deferIfBusy("scrollToRow(at:at:animated:)", { [self] in scrollToRow(at: indexPath, at: position, animated: animated) }) { return }
        loadIfNeeded()
        do { try validateIndexPath(indexPath) } catch { TableViewError.trap(error) }
        performTransaction { scroll(to: indexPath, at: position) }
    }

    func scroll(to indexPath: IndexPath, at position: ScrollPosition) {
        var resolved = position
        if resolved == .none {
            let rect = rectForRowUnchecked(indexPath)
            let visible = viewport
            if Double(rect.minY) >= visible.lowerBound, Double(rect.maxY) <= visible.upperBound { return }
            resolved = Double(rect.minY) < visible.lowerBound ? .top : .bottom
        }
        // Measure until the target offset shows no estimate: each round measures one slot.
        measureSlot(at: slotIndex(forRow: indexPath))
        var y = targetOffset(of: indexPath, at: resolved)
        while !transaction.hasDeferredWork,
              let index = firstUnmeasuredSlot(in: Double(y)..<(Double(y) + Double(bounds.height))) {
            measureSlot(at: index)
            y = targetOffset(of: indexPath, at: resolved)
        }
        bounds.origin.y = y
        layoutVisibleRows()
    }

    /// The offset that puts the row at `position`, clamped to the content.
    func targetOffset(of indexPath: IndexPath, at position: ScrollPosition) -> CGFloat {
        updateContentSize()
        let rect = rectForRowUnchecked(indexPath)
        let y: CGFloat
        switch position {
        case .top, .none: y = rect.minY
        case .middle: y = rect.midY - bounds.height / 2
        case .bottom: y = rect.maxY - bounds.height
        }
        return min(max(y, 0), maximumContentOffsetY)
    }

    /// Tells the table one row's new height without asking the delegate about any other row
    /// (the 2013 article's `row:changedHeight:`).
    ///
    /// Visible cells move and `contentSize` follows. If the row is above the
    /// first visible row, the offset moves by the same amount so nothing on
    /// screen jumps. The index-path height cache is written through at this
    /// width, so a width round trip comes back to the new height. A NaN,
    /// infinite or negative height is reported and taken as 0.
    /// - Complexity: O(log n + visible rows).
    public func row(_ indexPath: IndexPath, changedHeight height: CGFloat) {
        if deferIfBusy("row(_:changedHeight:)", { [self] in row(indexPath, changedHeight: height) }) { return }
        loadIfNeeded()
        do { try validateIndexPath(indexPath) } catch { TableViewError.trap(error) }
        let clean = sanitizedHeight(height, for: "height of row \(indexPath.tableDescription)")
        performTransaction {
            let anchor = currentAnchor()
            let index = slotIndex(forRow: indexPath)
            geometry.setHeight(Double(clean) + Double(appliedRowMargin), at: index, isMeasured: true)
            // Write through: a height cached for this row at this width is this height now,
            // so a width round trip comes back to it (not to the height measured before).
            if usesSelfSizing || indexPathHeightCache.storedHeight(at: indexPath, width: bounds.width) != nil {
                indexPathHeightCache.setHeight(clean, at: indexPath, width: bounds.width)
            }
            if let anchor, index < anchor.slotIndex {
                restoreAnchor(slotIndex: anchor.slotIndex, screenY: anchor.screenY)
            }
            clampOffsetToContent()
            layoutVisibleRows()
        }
    }
}
