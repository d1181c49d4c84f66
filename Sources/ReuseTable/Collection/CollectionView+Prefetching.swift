import Foundation

// Prefetching, as the table does it (`TableView+Prefetching.swift`, the same
// `PrefetchWindow`): items just beyond the viewport in the direction of
// scrolling are announced to `prefetchDataSource`, nearest first, after each
// layout pass that was not cut short, and cancelled when they stop being
// "about to appear"; a reload or a batch update cancels every announcement.

extension CollectionView {
    /// How many items beyond the viewport are announced to `prefetchDataSource` (at most one viewport height ahead).
    public static let defaultPrefetchDistance = 10

    var hasPrefetchDataSource: Bool { prefetchDataSource != nil }

    func tellPrefetchDataSource(_ items: [IndexPath], cancelling: Bool) {
        guard let source = prefetchDataSource else { return }
        if cancelling {
            calling("collectionView(_:cancelPrefetchingForItemsAt:)") { source.collectionView(self, cancelPrefetchingForItemsAt: items) }
        } else {
            calling("collectionView(_:prefetchItemsAt:)") { source.collectionView(self, prefetchItemsAt: items) }
        }
    }

    /// Up to `count` items not on screen within one viewport height below the viewport
    /// (or above it), nearest to its edge first, ties in index-path order.
    func indexPathsAhead(upward: Bool, count: Int) -> [IndexPath] {
        let visible = viewport
        guard visible.width > 0, visible.height > 0 else { return [] }
        let rect = CGRect(
            x: visible.minX, y: upward ? visible.minY - visible.height : visible.maxY,
            width: visible.width, height: visible.height)
        var found: [(distance: CGFloat, indexPath: IndexPath)] = []
        for attributes in collectionViewLayout.layoutAttributesForElements(in: rect) where attributes.representedElementCategory == .cell {
            let frame = attributes.frame
            guard frame.minY.isFinite, frame.maxY.isFinite, frame.intersectsOpen(rect), !frame.intersectsOpen(visible) else { continue }
            found.append((upward ? visible.minY - frame.maxY : frame.minY - visible.maxY, attributes.indexPath))
        }
        found.sort { ($0.distance, $0.indexPath) < ($1.distance, $1.indexPath) }
        return found.prefix(count).map(\.indexPath)
    }
}
