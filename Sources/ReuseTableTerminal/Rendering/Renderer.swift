import Foundation
import ReuseTable

/// Renders a `View` tree — a `TableView`, a `CollectionView`, or any view holding them — into a `CharGrid`.
///
/// One point is one column wide and one line tall; edges round down (after a tiny tolerance for
/// floating-point error), so views that abut in points abut in cells. The walk is UIKit's compositing
/// minus pixels: subviews back to front, offset by the superview's `bounds.origin` (a scroll view's
/// `contentOffset`), clipped by every ancestor, hidden subtrees skipped. Each view draws its own look
/// (`GridDrawable`, else `DefaultLook`), then a `Label`'s wrapped lines and the subviews, then — for
/// cells that do not draw themselves — selection and the separator lines the table gives them;
/// last, the thumbs of a collection view's sideways sections (`OrthogonalScrollIndicator`, while
/// `showsHorizontalScrollIndicator` is on), then over a scroll view's last column its scroll
/// indicator (`ScrollIndicator`) while its content is taller than it and `showsVerticalScrollIndicator` is on.
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

    /// Draws `root` into `grid`, placed at its `frame.origin` shifted by `origin` cells. The root is
    /// laid out first when it needs it (`layoutIfNeeded()`), as UIKit lays out before it draws: a
    /// selection, focus or expansion changed since the last pass shows on its cells (their
    /// configuration updates run at the start of a pass), not one frame late.
    /// - Complexity: O(views + cells drawn); subtrees outside the clip are skipped whole.
    public static func render(
        _ root: View, into grid: inout CharGrid, at origin: (x: Int, y: Int) = (0, 0), look: DefaultLook = .standard
    ) {
        root.layoutIfNeeded()
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
            drawText(of: label, frame: frame, clip: visible, look: look, in: &grid)
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
        if let collectionView = view as? CollectionView {
            for indicator in OrthogonalScrollIndicator.all(in: collectionView) {
                let x = cell(position.x - view.bounds.minX) + indicator.trackStart + indicator.thumbStart
                let y = cell(position.y - view.bounds.minY) + indicator.line
                let thumb = GridRect(x: x, y: y, width: indicator.thumbLength, height: 1)
                grid.fill(thumb, character: look.horizontalIndicatorCharacter, style: look.indicator, clip: visible)
            }
        }
        if let scrollView = view as? ScrollView, let indicator = ScrollIndicator(scrollView) {
            drawIndicator(indicator, frame: frame, clip: visible, look: look, in: &grid)
        }
    }

    /// A scroll view's indicator over the view's last column: the track, then the thumb on it
    /// (`DefaultLook.indicatorTrack`, `DefaultLook.indicator`).
    private static func drawIndicator(
        _ indicator: ScrollIndicator, frame: GridRect, clip: GridRect, look: DefaultLook, in grid: inout CharGrid
    ) {
        let track = GridRect(x: frame.maxX - 1, y: frame.y, width: 1, height: indicator.trackLength)
        grid.fill(track, character: look.indicatorTrackCharacter, style: look.indicatorTrack, clip: clip)
        let thumb = GridRect(x: frame.maxX - 1, y: frame.y + indicator.thumbStart, width: 1, height: indicator.thumbLength)
        grid.fill(thumb, character: look.indicatorCharacter, style: look.indicator, clip: clip)
    }

    /// Draws a label's wrapped lines from its top-left corner, line `i` at `floor(i × lineHeight)`.
    ///
    /// Columns are one cell per display column: a terminal label keeps the default `characterWidth` of 1.
    /// `textAlignment` moves each line across the frame (`.justified` stretches all but the last
    /// line of each paragraph at its spaces); a label that is not `GridTextStyled` keeps the style
    /// beneath it and adds its font's and color's attributes (`DefaultLook.textAttributes(font:color:)`).
    private static func drawText(of label: Label, frame: GridRect, clip: GridRect, look: DefaultLook, in grid: inout CharGrid) {
        let style = (label as? GridTextStyled)?.textStyle
        let attributes = style == nil ? look.textAttributes(font: label.font, color: label.textColor) : nil
        let lineHeight = max(label.lineHeight, 1e-3)
        let lines = label.lines
        let lastLines = label.textAlignment == .justified ? paragraphEnds(of: label, lineCount: lines.count, width: frame.width) : []
        for (index, line) in lines.enumerated() {
            let y = frame.y + cell(CGFloat(index) * lineHeight)
            if y >= clip.maxY { break }
            if y < clip.y { continue }
            var text = line
            var width = displayWidth(line)
            var x = frame.x
            switch label.textAlignment {
            case .left, .natural: break
            case .center: x += max(0, (frame.width - width) / 2)
            case .right: x += max(0, frame.width - width)
            case .justified:
                if !lastLines.contains(index) {
                    text = justified(line, to: frame.width)
                    width = displayWidth(text)
                }
            }
            grid.write(text, x: x, y: y, style: style, clip: clip)
            if let attributes {
                grid.restyle(GridRect(x: x, y: y, width: width, height: 1), clip: clip) { $0 = look.adding(attributes, to: $0) }
            }
        }
    }

    /// The indices of the lines that end a paragraph of the label's text (they are not justified).
    private static func paragraphEnds(of label: Label, lineCount: Int, width: Int) -> Set<Int> {
        var ends: Set<Int> = [], line = -1
        for paragraph in label.text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            line += max(1, Label.wrap(String(paragraph), columns: max(1, width), numberOfLines: 0).count)
            ends.insert(line)
        }
        ends.insert(lineCount - 1)
        return ends
    }

    /// `line` with its words spread to `width` columns (the extra spaces go to the first gaps).
    private static func justified(_ line: String, to width: Int) -> String {
        let words = line.split(separator: " ")
        guard words.count > 1 else { return line }
        let gaps = words.count - 1
        let extra = width - words.reduce(0) { $0 + displayWidth($1) } - gaps
        guard extra > 0 else { return line }
        var result = ""
        for (index, word) in words.enumerated() {
            result += word
            guard index < gaps else { break }
            result += String(repeating: " ", count: 1 + extra / gaps + (index < extra % gaps ? 1 : 0))
        }
        return result
    }
}
