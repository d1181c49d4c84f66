import Foundation

// Counts, positions and the cells on screen; scrolling to an item.

extension CollectionView {
    /// Number of sections as of the last reload or update.
    /// - Complexity: O(1).
    public var numberOfSections: Int { loadedSectionCount() }

    /// Number of items in `section` as of the last reload or update; a section that does not exist
    /// stops with a message naming it and the number of sections (UIKit raises; the table's
    /// `numberOfRows(inSection:)` does the same).
    /// - Complexity: O(1).
    public func numberOfItems(inSection section: Int) -> Int { loadedCount(inSection: section, call: "numberOfItems(inSection:)") }

    /// The cells on screen, in index-path order (after any pending layout, as in UIKit).
    /// - Complexity: O(v) for v visible cells, plus a pending layout pass.
    public var visibleCells: [CollectionViewCell] { cellsOnScreenAfterLayout.cells }

    /// The index paths of the items on screen — exactly those whose frames intersect the viewport — sorted.
    /// - Complexity: O(v), plus a pending layout pass.
    public var indexPathsForVisibleItems: [IndexPath] { cellsOnScreenAfterLayout.indexPaths }

    /// The cell showing the item, or nil when it is not on screen (as in UIKit).
    /// - Complexity: O(log v) (a binary search of the visible cells), plus a pending layout pass.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? { cellsOnScreenAfterLayout[indexPath] }

    /// Brings the layout up to date for a query; outside a layout step, inside a transaction
    /// of its own, since preparing asks the layout's delegate for heights.
    func prepareLayoutForQuery() {
        loadIfNeeded()
        if transaction.isActive {
            collectionViewLayout.prepareIfNeeded()
        } else {
            performTransaction { collectionViewLayout.prepareIfNeeded() }
        }
    }

    /// The item's position from the layout, or nil when out of range.
    /// - Complexity: the layout's; O(1) for `FlowLayout` and `WaterfallLayout`.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        prepareLayoutForQuery()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The items whose frames intersect `rect`, sorted.
    /// - Complexity: the layout's query plus sorting; O(log n + k log k) for the built-in layouts.
    public func indexPathsForItems(in rect: CGRect) -> [IndexPath] {
        prepareLayoutForQuery()
        return collectionViewLayout.layoutAttributesForElements(in: rect)
            .filter { $0.representedElementCategory == .cell && $0.frame.intersectsOpen(rect) }.map(\.indexPath).sorted()
    }

    /// The item under `point` (content coordinates), or nil. As in UIKit, an item owns its top and
    /// left edges but not its bottom and right ones (`CGRect.contains`), so a point on the line
    /// between two touching items hits the lower or right one.
    /// - Complexity: the layout's query of a small rect around the point; O(log n + k) for the built-in layouts.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        // The layouts answer open intersections, which a rect of no size at an item's edge
        // misses: ask around the point (at least one ulp wide, so the rect is never empty),
        // then keep the items that contain it.
        let dx = max(1, point.x.ulp), dy = max(1, point.y.ulp)
        prepareLayoutForQuery()
        return collectionViewLayout.layoutAttributesForElements(in: CGRect(x: point.x - dx, y: point.y - dy, width: 2 * dx, height: 2 * dy))
            .filter { $0.representedElementCategory == .cell && $0.frame.contains(point) }.map(\.indexPath).min()
    }

    /// Scrolls so the item is at `position`, clamped to the content. Out-of-range index paths stop with a message.
    /// Insets count as in UIKit: `.top` puts the item's top at `offset + adjustedContentInset.top`,
    /// `.bottom` its bottom at `offset + height - adjustedContentInset.bottom`, `.centeredVertically`
    /// centers it between the insets.
    ///
    /// With estimated heights (the compositional layout's), the item and every item that will share
    /// the screen with it are measured *first*, as the table's `scrollToRow(at:at:animated:)` does,
    /// so the item lands exactly where asked.
    /// - Complexity: O(1) plus one layout pass; O((log n) · items measured) with estimated heights.
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        if deferIfBusy(
            "scrollToItem(at:at:animated:)", waitsForMovement: false, { [self] in scrollToItem(at: indexPath, at: position, animated: animated) })
        {
            return
        }
        do {
            try validateIndexPath(indexPath)
        } catch {
            ReuseTableError.trap(error, in: "scrollToItem(at:at:animated:)")
        }
        scroll(toItem: indexPath, at: position)
    }

    /// The scroll of `scrollToItem(at:at:animated:)` for a valid index path, now: focus calls it
    /// inside its update, where the public call would wait for the update to end.
    func scroll(toItem indexPath: IndexPath, at position: ScrollPosition) {
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame,
            frame.minY.isFinite, frame.maxY.isFinite
        else { return }
        let placement: VerticalPlacement
        switch position {
        case .top: placement = .top
        case .centeredVertically: placement = .middle
        case .bottom: placement = .bottom
        case .none, .left, .centeredHorizontally, .right: placement = .nearest
        }
        performTransaction {
            closeSwipe()  // the app scrolls: an item showing swipe actions closes
            let slid = collectionViewLayout.scrollSideways(toShow: indexPath, at: position)  // an orthogonal section's own offset
            collectionViewLayout.measureToScroll(to: indexPath) { self.offsetY(placing: $0.minY, $0.maxY, at: placement) }
            var measured = frame
            if let now = layoutAttributesForItem(at: indexPath)?.frame, now.minY.isFinite, now.maxY.isFinite { measured = now }
            let y = offsetY(placing: measured.minY, measured.maxY, at: placement)
            guard moveOffset(toY: y, because: .scrollTo) || slid else { return }
            runLayoutPass()
        }
    }
}
