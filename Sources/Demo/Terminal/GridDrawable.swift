import ReuseTable

/// A view that draws its own content into a `CharGrid` (backgrounds, borders, highlights).
///
/// The renderer calls `draw` before the view's label text and subviews, so
/// what a view draws is the background of everything it contains — like
/// `UIView.draw(_:)` followed by the subview layers.
@MainActor
protocol GridDrawable: AnyObject {
    /// Draws the view; `frame` is its rectangle in grid cells, `clip` the part of it that is visible.
    func draw(in grid: inout CharGrid, frame: GridRect, clip: GridRect)
}

/// A `Label` that asks for a text style; labels that do not conform inherit the style beneath them.
@MainActor
protocol GridTextStyled: AnyObject {
    /// The style of the label's characters.
    var textStyle: GridStyle { get }
}
