import Foundation
import ReuseTable

/// What the renderer draws for views that do not draw themselves (that are not `GridDrawable`):
/// selection, separators and section headers, so a basic list needs no drawing code.
///
/// - A selected or highlighted `TableViewCell` or `CollectionViewCell` (`isSelected`,
///   `isHighlighted`, set by the view from its own selection): `selection` is added to every
///   character of its content, labels included — reverse video by default; not for a table cell
///   whose `selectionStyle` is `.none`.
/// - A `TableViewCell` with a separator (`separatorStyle` `.singleLine`): `separatorCharacter` in
///   `separatorStyle` across the lines below its `contentView`. A separator thinner than a line
///   (UIKit's `1 / screenScale` at a scale of 2) covers no whole line and is not drawn; the terminal
///   defaults (`TableView.applyTerminalDefaults()`) make it a whole line when separators are on.
/// - A section header or footer (`TableViewHeaderFooterView`, or a `CollectionReusableView` that
///   is not a cell): a bar in `header` under its labels, as UIKit's grey plain-style header.
///
///     var look = DefaultLook.standard
///     look.selection = GridStyle(bold: true)   // selected rows in bold instead of reverse video
///     Renderer.render(table, into: &grid, look: look)
public struct DefaultLook: Hashable, Sendable {
    /// Added to the style of every character of a selected or highlighted cell (bold, dim,
    /// underline and reverse are switched on when set here; a colour replaces the one drawn).
    public var selection: GridStyle
    /// The style of a table cell's separator rule.
    public var separatorStyle: GridStyle
    /// The character a separator rule is drawn with.
    public var separatorCharacter: Character
    /// The bar under section headers and footers (their labels inherit it).
    public var header: GridStyle

    /// A look; the defaults are `standard`'s.
    public init(
        selection: GridStyle = GridStyle(reverse: true), separatorStyle: GridStyle = GridStyle(dim: true),
        separatorCharacter: Character = "─", header: GridStyle = GridStyle(bold: true, reverse: true)
    ) {
        self.selection = selection
        self.separatorStyle = separatorStyle
        self.separatorCharacter = separatorCharacter
        self.header = header
    }

    /// Selection in reverse video, dim `─` separators, bold reverse-video header bars.
    public static let standard = DefaultLook()

    /// Step 1: the header bar under a header or footer view.
    @MainActor
    func drawBackground(of view: View, frame: GridRect, clip: GridRect, in grid: inout CharGrid) {
        let isSupplementary =
            view is TableViewHeaderFooterView || (view is CollectionReusableView && !(view is CollectionViewCell))
        if isSupplementary { grid.fill(frame, style: header, clip: clip) }
    }

    /// Step 3, after the subviews: selection over a cell's content, then a table cell's separator.
    @MainActor
    func drawOverlay(of view: View, at position: CGPoint, frame: GridRect, clip: GridRect, in grid: inout CharGrid) {
        if let cell = view as? TableViewCell {
            // The content stops above the separator; the separator owns only the lines wholly below
            // that edge (a half-line separator owns none, and the content's last line keeps it).
            let contentEdge = position.y + max(0, cell.bounds.height - cell.separatorHeight)
            let contentBottom = min(frame.maxY, max(frame.y, Renderer.cell(contentEdge + 1 - 2e-6)))
            if cell.selectionStyle != .none, cell.isSelected || cell.isHighlighted {
                let content = GridRect(x: frame.x, y: frame.y, width: frame.width, height: contentBottom - frame.y)
                grid.restyle(content, clip: clip) { $0 = adding(selection, to: $0) }
            }
            if cell.separatorHeight > 0, contentBottom < frame.maxY {
                let rule = GridRect(x: frame.x, y: contentBottom, width: frame.width, height: frame.maxY - contentBottom)
                grid.fill(rule, character: separatorCharacter, style: separatorStyle, clip: clip)
            }
        } else if let cell = view as? CollectionViewCell, cell.isSelected || cell.isHighlighted {
            grid.restyle(frame, clip: clip) { $0 = adding(selection, to: $0) }
        }
    }

    /// `style` with the attributes of `overlay` switched on and its colour, if any.
    private func adding(_ overlay: GridStyle, to style: GridStyle) -> GridStyle {
        GridStyle(
            bold: style.bold || overlay.bold, dim: style.dim || overlay.dim,
            underline: style.underline || overlay.underline, reverse: style.reverse || overlay.reverse,
            foreground: overlay.foreground ?? style.foreground)
    }
}
