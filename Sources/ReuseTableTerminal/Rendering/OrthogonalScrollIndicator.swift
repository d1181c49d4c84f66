import Foundation
import ReuseTable

/// The horizontal scroll indicator of a compositional layout's sideways-scrolling section (a
/// carousel), in cells: the renderer draws its thumb over the band's last line, as UIKit draws the
/// indicator of the scroll view it keeps inside such a section at that view's bottom edge.
///
/// Its length is the share of the band on screen and its position the share to its left, from the
/// section's widths (`CollectionView.orthogonalContentWidth(forSection:)`) and its sideways offset
/// (`orthogonalContentOffset(forSection:)`). Only the thumb is drawn, no track: the line is the
/// band's own. A supplementary view covering that line (a pinned header) hides it.
///
///     for indicator in OrthogonalScrollIndicator.all(in: collectionView) { print(indicator.section, indicator.thumbStart) }
@MainActor
public struct OrthogonalScrollIndicator: Hashable {
    /// The section it belongs to.
    public let section: Int
    /// The line it is drawn on, in the collection view's content (points rounded down to cells):
    /// the last line of the section's items on screen.
    public let line: Int
    /// The track's first column in the content: the left content inset.
    public let trackStart: Int
    /// The columns the thumb runs along: the section's visible width in cells.
    public let trackLength: Int
    /// The thumb's first column, from the track's start.
    public let thumbStart: Int
    /// The thumb's length in columns, at least 1.
    public let thumbLength: Int

    /// The indicators of `collectionView`'s sideways sections with items on screen, in section
    /// order; none when `showsHorizontalScrollIndicator` is false. A section whose band fits its
    /// width, or less than two columns wide, has none.
    /// - Complexity: O(visible items).
    public static func all(in collectionView: CollectionView) -> [OrthogonalScrollIndicator] {
        guard collectionView.showsHorizontalScrollIndicator else { return [] }
        var bottoms: [Int: CGFloat] = [:]
        for indexPath in collectionView.indexPathsForVisibleItems {
            guard let frame = collectionView.layoutAttributesForItem(at: indexPath)?.frame else { continue }
            bottoms[indexPath.section] = max(bottoms[indexPath.section] ?? -.infinity, frame.maxY)
        }
        return bottoms.keys.sorted().compactMap { section in
            guard let widths = collectionView.orthogonalContentWidth(forSection: section),
                let indicator = OrthogonalScrollIndicator(
                    section: section, bottom: bottoms[section]!, widths: widths,
                    offset: collectionView.orthogonalContentOffset(forSection: section), left: collectionView.adjustedContentInset.left),
                !indicator.isCovered(in: collectionView)
            else { return nil }
            return indicator
        }
    }

    /// True when a supplementary view (a pinned header that the band slid under) covers the line
    /// the thumb would be drawn on: the thumb stays with the band, beneath it.
    private func isCovered(in collectionView: CollectionView) -> Bool {
        let top = CGFloat(line), bottom = CGFloat(line + 1)
        let rect = CGRect(x: collectionView.bounds.minX, y: top, width: collectionView.bounds.width, height: 1)
        return collectionView.collectionViewLayout.layoutAttributesForElements(in: rect).contains {
            $0.representedElementCategory == .supplementaryView && !$0.isHidden && $0.frame.minY < bottom && $0.frame.maxY > top
                && $0.frame.width > 0
        }
    }

    private init?(section: Int, bottom: CGFloat, widths: (content: CGFloat, visible: CGFloat), offset: CGFloat, left: CGFloat) {
        let track = Renderer.cell(widths.visible)
        let range = widths.content - widths.visible
        guard track >= 2, range > 0.5 else { return nil }
        let position = min(max(Double(offset / range), 0), 1)
        let share = min(max(Double(widths.visible / widths.content), 0), 1)
        self.section = section
        line = Renderer.cell(bottom) - 1
        trackStart = Renderer.cell(left)
        trackLength = track
        thumbLength = min(track - 1, max(1, Int((Double(track) * share).rounded())))
        thumbStart = Int((Double(track - thumbLength) * position).rounded())
    }
}
