import Foundation

// Moving the viewport on purpose: scrollToRow; one row's new height is `TableView+Heights.swift`.

extension TableView {
    /// Scrolls so the row is at `position`; `.none` moves as little as possible (not at all if fully visible).
    ///
    /// Insets count as in UIKit: `.top` puts the row's top at `offset + adjustedContentInset.top`,
    /// `.bottom` its bottom at `offset + height - adjustedContentInset.bottom`, `.middle` centers
    /// it between the insets, and "fully visible" for `.none` means between the insets.
    ///
    /// With estimated heights, the target and every row that will share the
    /// screen with it are measured *first* — including, near the end of the
    /// content, the rows above it that the clamped offset brings on screen —
    /// so the row lands exactly where asked. The offset is clamped to the valid range.
    /// Called from a data source or delegate method, it runs when that layout step is done.
    /// - Complexity: O((log n) · rows measured).
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        if deferIfBusy(
            "scrollToRow(at:at:animated:)", waitsForMovement: false, { [self] in scrollToRow(at: indexPath, at: position, animated: animated) })
        {
            return
        }
        loadIfNeeded()
        do { try validateIndexPath(indexPath) } catch { ReuseTableError.trap(error, in: "scrollToRow(at:at:animated:)") }
        performTransaction {
            closeSwipedRow()  // the app scrolls: a row showing swipe actions closes
            scroll(to: indexPath, at: position)
        }
    }

    func scroll(to indexPath: IndexPath, at position: ScrollPosition) {
        if engine.pass.requests.contains(.measureEverything) { finishFullMeasurement() }  // exact heights first: the target depends on them
        var resolved = position
        if resolved == .none {
            let rect = rectForRowUnchecked(indexPath)
            let insets = adjustedContentInset
            let top = contentOffset.y + insets.top, bottom = contentOffset.y + bounds.height - insets.bottom
            if rect.minY >= top, rect.maxY <= bottom { return }
            resolved = rect.minY < top ? .top : .bottom
        }
        // Measure until the target offset shows no estimate. Each round measures the
        // estimated slot on that screen nearest the target: a row measured below the
        // target moves nothing above it, one above moves the target and the screen
        // with it, so the rows that end up off screen are (almost) never measured —
        // also when the offset is clamped at the end and the screen is bottom-anchored.
        let target = slotIndex(forRow: indexPath)
        measureSlot(at: target)
        var y = targetOffset(of: indexPath, at: resolved)
        while let index = unmeasuredSlot(nearest: target, in: (Double(y) - geometryOrigin)..<(Double(y) - geometryOrigin + Double(bounds.height))),
            measureSlot(at: index)
        {
            y = targetOffset(of: indexPath, at: resolved)
        }
        moveOffset(toY: y, because: .scrollTo)
        runLayoutPass()
    }

    /// The estimated slot intersecting `range` nearest to slot `target` (by slot count), if any
    /// (`RowGeometry.unmeasuredSlot(nearest:in:where:)`, shared with the compositional layout).
    /// - Complexity: O(s log n) for the s slots in `range`.
    func unmeasuredSlot(nearest target: Int, in range: Range<Double>) -> Int? {
        guard geometry.unmeasuredCount > 0 else { return nil }
        return geometry.unmeasuredSlot(nearest: target, in: range)
    }

    /// The offset that puts the row at `position` between the insets, clamped to the offset range.
    func targetOffset(of indexPath: IndexPath, at position: ScrollPosition) -> CGFloat {
        updateContentSize()
        let rect = rectForRowUnchecked(indexPath)
        let placement: VerticalPlacement
        switch position {
        case .top, .none: placement = .top
        case .middle: placement = .middle
        case .bottom: placement = .bottom
        }
        return offsetY(placing: rect.minY, rect.maxY, at: placement)
    }
}
