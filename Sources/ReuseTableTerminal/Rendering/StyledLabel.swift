import ReuseTable

/// A `Label` drawn in one style: a bold title, a dim timestamp, a coloured tag.
///
///     let author = StyledLabel(text: "grace", style: GridStyle(bold: true, foreground: 6))
///
/// In a selected row the renderer still reverses it with the row (see `Renderer`).
@MainActor
open class StyledLabel: Label, GridTextStyled {
    /// The style of the label's characters.
    open var textStyle: GridStyle

    /// A label showing `text` in `style`.
    public init(text: String = "", style: GridStyle) {
        textStyle = style
        super.init(text: text)
    }
}
