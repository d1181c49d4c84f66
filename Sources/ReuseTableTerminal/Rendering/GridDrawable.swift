import ReuseTable

/// A view that draws its own look into a `CharGrid` (backgrounds, borders, rules, highlights).
///
/// The renderer calls `draw(in:frame:clip:)` before the view's label text and subviews, so what a
/// view draws is the background of everything it contains — like `UIView.draw(_:)` followed by the
/// subview layers. A view that conforms draws itself entirely: the renderer adds none of its default
/// look (selection, separator, header bar; see `Renderer`).
///
///     final class LogCell: TableViewCell, GridDrawable {
///         func draw(in grid: inout CharGrid, frame: GridRect, clip: GridRect) {
///             if isSelected { grid.fill(frame, style: GridStyle(reverse: true), clip: clip) }
///         }
///     }
@MainActor
public protocol GridDrawable: AnyObject {
    /// Draws the view; `frame` is its rectangle in grid cells, `clip` the part of it that is visible.
    /// Writes outside `clip` must be clipped (pass `clip` to the grid's drawing calls).
    func draw(in grid: inout CharGrid, frame: GridRect, clip: GridRect)
}

/// A `Label` that asks for a text style; labels that do not conform inherit the style beneath them
/// (a label in a selected row is drawn in reverse video with the row).
@MainActor
public protocol GridTextStyled: AnyObject {
    /// The style of the label's characters.
    var textStyle: GridStyle { get }
}
