import Foundation

// `scrollToNearestSelectedRow(at:animated:)`: which selected row, then `scrollToRow`'s path.

extension TableView {
    /// Scrolls so that the selected row nearest to `scrollPosition` is at that position
    /// (UIKit: `scrollToNearestSelectedRow(at:animated:)`); nothing happens when no row is selected.
    ///
    /// "Nearest", as Apple's documentation words it, is measured in content coordinates from the place
    /// the row is scrolled to: for `.top` the selected row whose top is closest to the viewport's top
    /// (below `adjustedContentInset.top`), for `.middle` whose center is closest to the viewport's center,
    /// for `.bottom` whose bottom is closest to the viewport's bottom, and for `.none` the one that needs
    /// the least scrolling (none if one is fully visible). Ties go to the first in index-path order, so with
    /// one selected row this scrolls to `indexPathForSelectedRow`. The scroll itself is
    /// `scrollToRow(at:at:animated:)`'s, estimates measured first.
    /// Called from a data source or delegate method, it runs when that layout step is done.
    /// - Complexity: O(s log n) for s selected rows, plus the scroll.
    public func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        if deferIfBusy(
            "scrollToNearestSelectedRow(at:animated:)", waitsForMovement: false,
            { [self] in scrollToNearestSelectedRow(at: scrollPosition, animated: animated) })
        {
            return
        }
        loadIfNeeded()
        guard let target = nearestSelectedRow(to: scrollPosition) else { return }
        performTransaction { scroll(to: target, at: scrollPosition) }
    }

    /// The selected row nearest to where `position` would put it (see `scrollToNearestSelectedRow(at:animated:)`).
    /// - Complexity: O(s log n) for s selected rows.
    func nearestSelectedRow(to position: ScrollPosition) -> IndexPath? {
        guard !engine.selection.isEmpty else { return nil }
        let insets = adjustedContentInset
        let top = contentOffset.y + insets.top
        let bottom = contentOffset.y + bounds.height - insets.bottom
        func distance(_ rect: CGRect) -> CGFloat {
            switch position {
            case .top: abs(rect.minY - top)
            case .middle: abs(rect.midY - (top + bottom) / 2)
            case .bottom: abs(rect.maxY - bottom)
            case .none: max(0, top - rect.minY, rect.maxY - bottom)
            }
        }
        var best: (indexPath: IndexPath, distance: CGFloat)?
        for indexPath in engine.selection.sorted {
            let candidate = distance(rectForRowUnchecked(indexPath))
            if best == nil || candidate < best!.distance { best = (indexPath, candidate) }
        }
        return best?.indexPath
    }
}
