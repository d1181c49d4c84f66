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

    /// The column of the screen its track starts at, for a collection view drawn at `x` (the renderer's
    /// arithmetic: the view's left edge less its sideways offset, plus `trackStart`).
    public func screenColumn(ofViewAt x: Int = 0, in collectionView: CollectionView) -> Int {
        x + Renderer.cell(-collectionView.bounds.minX) + trackStart
    }

    /// The line of the screen it is drawn on, for a collection view drawn at `y`.
    public func screenLine(ofViewAt y: Int = 0, in collectionView: CollectionView) -> Int {
        y + Renderer.cell(-collectionView.bounds.minY) + line
    }

    /// True when `column` (from the track's start) is on the thumb.
    public func thumbContains(_ column: Int) -> Bool { column >= thumbStart && column < thumbStart + thumbLength }

    /// Where along the thumb the pointer holds it after a press on `column` of the track: on the
    /// thumb, the column it pressed; elsewhere the thumb's middle.
    public func grab(at column: Int) -> Int { thumbContains(column) ? column - thumbStart : thumbLength / 2 }

    /// The sideways offset (0 … content − visible) that puts the thumb's first column at `start`.
    public func offset(forThumbStart start: Int, in collectionView: CollectionView) -> CGFloat {
        guard let widths = collectionView.orthogonalContentWidth(forSection: section) else { return 0 }
        let free = trackLength - thumbLength
        let position = free <= 0 ? 0 : min(max(Double(start) / Double(free), 0), 1)
        return (CGFloat(position) * max(widths.content - widths.visible, 0)).rounded()
    }

    /// A drag on the thumb of `section`'s indicator: slides the section sideways
    /// (`dragOrthogonalSection(_:by:)`, the finger's stand-in) so that the thumb, held `grab` columns
    /// from its start, is at `column` of the track. Returns whether the offset changed; false when
    /// the section shows no indicator. The caller lets go with
    /// `endDraggingOrthogonalSection(_:velocity:)`, as a finger would.
    /// - Complexity: O(visible items).
    @discardableResult
    public static func drag(_ collectionView: CollectionView, section: Int, holding grab: Int, to column: Int) -> Bool {
        guard let indicator = all(in: collectionView).first(where: { $0.section == section }) else { return false }
        let old = collectionView.orthogonalContentOffset(forSection: section)
        let target = indicator.offset(forThumbStart: column - grab, in: collectionView)
        guard target != old else { return false }
        collectionView.dragOrthogonalSection(section, by: old - target)
        return collectionView.orthogonalContentOffset(forSection: section) != old
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
