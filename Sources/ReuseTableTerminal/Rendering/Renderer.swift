import Foundation
import ReuseTable

/// Renders a `View` tree — a `TableView`, a `CollectionView`, or any view holding them — into a `CharGrid`.
///
/// Coordinates: one point is one terminal column horizontally and one line vertically, so a view at
/// frame (2, 3, 10, 4) covers columns 2..<12 of lines 3..<7. Edges are rounded down (after a tiny
/// tolerance for accumulated floating-point error), so two views that abut in points abut in cells
/// too — no gaps, no overlaps.
///
/// The walk is UIKit's compositing, minus pixels: subviews back to front, each placed at its frame
/// origin minus the superview's `bounds.origin` (which is how a `ScrollView`'s `contentOffset`
/// scrolls its content), each clipped to the visible part of all its ancestors (every view clips, as
/// a `UIScrollView` does), hidden subtrees skipped. Each view is drawn in three steps:
///
/// 1. its own look: `GridDrawable.draw(in:frame:clip:)` when it conforms, else the default look
///    (`DefaultLook`): a bar under section headers and footers;
/// 2. a `Label`'s wrapped lines, then the subviews;
/// 3. for cells that do not draw themselves: selection (or the highlight of a tap) over the row, and
///    a separator rule on the lines the table gives it (`TableViewCell.separatorHeight`, whole lines only).
///
/// So a plain `TableViewCell` (its `textLabel`, or `Label`s of your own in its `contentView`) needs no
/// drawing code:
///
///     let grid = Renderer.render(table, width: 80, height: 24)
///     print(grid.lines.joined(separator: "\n"))
@MainActor
public enum Renderer {
    /// A new grid of `width` × `height` cells showing `root` at its top-left corner.
    /// - Complexity: O(views + cells drawn).
    public static func render(_ root: View, width: Int, height: Int, look: DefaultLook = .standard) -> CharGrid {
        var grid = CharGrid(width: width, height: height)
        render(root, into: &grid, look: look)
        return grid
    }

    /// Draws `root` into `grid`, placed at its `frame.origin` shifted by `origin` cells.
    /// - Complexity: O(views + cells drawn); subtrees outside the clip are skipped whole.
    public static func render(
        _ root: View, into grid: inout CharGrid, at origin: (x: Int, y: Int) = (0, 0), look: DefaultLook = .standard
    ) {
        let position = CGPoint(x: CGFloat(origin.x) + root.frame.minX, y: CGFloat(origin.y) + root.frame.minY)
        draw(root, at: position, clip: grid.bounds, look: look, in: &grid)
    }

    /// Rounds a point coordinate down to a cell index, consistently for every edge.
    ///
    /// Coordinates beyond any screen (huge, infinite) are clamped to ±`farthestCell`, so that the
    /// difference of two cell indices cannot overflow; NaN counts as far above and to the left.
    public static func cell(_ value: CGFloat) -> Int {
        guard !value.isNaN else { return -farthestCell }
        let rounded = (value + 1e-6).rounded(.down)
        return Int(max(min(rounded, CGFloat(farthestCell)), -CGFloat(farthestCell)))
    }

    /// The largest cell index `cell(_:)` returns, 2⁶⁰ (a power of two: exact as a `CGFloat`).
    public static let farthestCell = 1 << 60

    /// `view`'s rectangle in cells when its top-left corner is at `position` (in grid points).
    public static func cellRect(of view: View, at position: CGPoint) -> GridRect {
        let left = cell(position.x)
        let top = cell(position.y)
        let right = cell(position.x + view.bounds.width)
        let bottom = cell(position.y + view.bounds.height)
        return GridRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    private static func draw(_ view: View, at position: CGPoint, clip: GridRect, look: DefaultLook, in grid: inout CharGrid) {
        guard !view.isHidden else { return }
        let frame = cellRect(of: view, at: position)
        let visible = frame.intersection(clip)
        // Every view clips its subviews, so nothing below an invisible view can show.
        guard !visible.isEmpty else { return }

        let drawable = view as? GridDrawable
        if let drawable {
            drawable.draw(in: &grid, frame: frame, clip: visible)
        } else {
            look.drawBackground(of: view, frame: frame, clip: visible, in: &grid)
        }
        if let label = view as? Label {
            drawText(of: label, frame: frame, clip: visible, in: &grid)
        }
        for subview in view.subviews {
            let childPosition = CGPoint(
                x: position.x + subview.frame.minX - view.bounds.minX,
                y: position.y + subview.frame.minY - view.bounds.minY)
            draw(subview, at: childPosition, clip: visible, look: look, in: &grid)
        }
        if drawable == nil {
            look.drawOverlay(of: view, at: position, frame: frame, clip: visible, in: &grid)
        }
    }

    /// Draws a label's wrapped lines from its top-left corner, line `i` at `floor(i × lineHeight)`.
    ///
    /// Columns are one cell per display column: a terminal label keeps the default `characterWidth` of 1.
    private static func drawText(of label: Label, frame: GridRect, clip: GridRect, in grid: inout CharGrid) {
        let style = (label as? GridTextStyled)?.textStyle
        let lineHeight = max(label.lineHeight, 1e-3)
        for (index, line) in label.lines.enumerated() {
            let y = frame.y + cell(CGFloat(index) * lineHeight)
            if y >= clip.maxY { break }
            if y < clip.y { continue }
            grid.write(line, x: frame.x, y: y, style: style, clip: clip)
        }
    }
}
