import Foundation
import ReuseTable

/// What the renderer draws for views that do not draw themselves (that are not `GridDrawable`):
/// selection, separators and section headers, so a basic list needs no drawing code.
///
/// A selected or highlighted cell gets `selection` on every character (reverse video by default;
/// not a table cell whose `selectionStyle` is `.none`); a table cell's separator is
/// `separatorCharacter` across the whole lines below its `contentView` (one thinner than a line is
/// not drawn); a section header or footer gets a bar in `header`; a `backgroundConfiguration`
/// replaces those with its fill (`fillStyle(for:)`); a label's font and color map through
/// `textAttributes(font:color:)`.
///
///     var look = DefaultLook.standard
///     look.selection = GridStyle(bold: true)   // selected rows in bold instead of reverse video
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
    /// The colour of text in the tint color (`Color.tintColor`): checkmarks, a selected sidebar cell.
    public var tint: GridStyle
    /// The style of a scroll view's indicator thumb.
    public var indicator: GridStyle = .plain
    /// The character the indicator's thumb is drawn with.
    public var indicatorCharacter: Character = "┃"
    /// The style of the indicator's track, the column the thumb runs along (a press there scrolls).
    public var indicatorTrack: GridStyle = GridStyle(dim: true)
    /// The character the track is drawn with.
    public var indicatorTrackCharacter: Character = "│"
    /// The character the thumb of a sideways section's indicator is drawn with (`OrthogonalScrollIndicator`).
    public var horizontalIndicatorCharacter: Character = "━"
    /// The style of a table's section index band and its titles (`SectionIndexBar`), in the tint
    /// colour as UIKit draws its index.
    public var sectionIndex = GridStyle(foreground: 4)

    /// A look; the defaults are `standard`'s.
    public init(
        selection: GridStyle = GridStyle(reverse: true), separatorStyle: GridStyle = GridStyle(dim: true),
        separatorCharacter: Character = "─", header: GridStyle = GridStyle(bold: true, reverse: true),
        tint: GridStyle = GridStyle(foreground: 4)
    ) {
        self.selection = selection
        self.separatorStyle = separatorStyle
        self.separatorCharacter = separatorCharacter
        self.header = header
        self.tint = tint
    }

    /// Selection in reverse video, dim `─` separators, bold reverse-video header bars.
    public static let standard = DefaultLook()

    /// Step 1: a background configuration's fill, or the header bar under a header or footer view.
    @MainActor
    func drawBackground(of view: View, frame: GridRect, clip: GridRect, in grid: inout CharGrid) {
        if let background = Self.backgroundConfiguration(of: view) {
            guard let color = background.backgroundColor, let style = fillStyle(for: color) else { return }
            let insets = background.backgroundInsets
            let left = frame.x + Renderer.cell(insets.leading), top = frame.y + Renderer.cell(insets.top)
            let right = frame.maxX - Renderer.cell(insets.trailing), bottom = frame.maxY - Renderer.cell(insets.bottom)
            grid.fill(GridRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top)), style: style, clip: clip)
            return
        }
        let isSupplementary =
            view is TableViewHeaderFooterView || (view is CollectionReusableView && !(view is CollectionViewCell))
        if isSupplementary { grid.fill(frame, style: header, clip: clip) }
    }

    /// The background configuration of a cell or a table's header or footer view, if it has one.
    @MainActor
    static func backgroundConfiguration(of view: View) -> BackgroundConfiguration? {
        if let cell = view as? CollectionViewCell { return cell.backgroundConfiguration }
        if let cell = view as? TableViewCell { return cell.backgroundConfiguration }
        if let header = view as? TableViewHeaderFooterView { return header.backgroundConfiguration }
        return nil
    }

    /// How a background fill of `color` is drawn: nothing for the clear and system backgrounds (the
    /// terminal's own), `selection` for any other fill — a list cell's selected `systemGray4`, the tint.
    public func fillStyle(for color: Color) -> GridStyle? {
        switch color {
        case .clear, .systemBackground, .systemGroupedBackground, .secondarySystemGroupedBackground, .white: return nil
        default: return selection
        }
    }

    /// The attributes a label's text gets from its font and color (nil: none): headlines and titles
    /// bold; the secondary and tertiary label colors and gray dim; the tint and blue, red and green
    /// in those colors (`tint`, palette 1 and 2).
    public func textAttributes(font: Font, color: Color) -> GridStyle? {
        var style = GridStyle()
        if font.isEmphasized { style.bold = true }
        switch color {
        case .secondaryLabel, .tertiaryLabel, .systemGray: style.dim = true
        case .tintColor, .systemBlue: style.foreground = tint.foreground
        case .systemRed: style.foreground = 1
        case .systemGreen: style.foreground = 2
        default: break
        }
        return style == .plain ? nil : style
    }

    /// Step 3, after the subviews: selection over a cell's content, then a table cell's separator.
    @MainActor
    func drawOverlay(of view: View, at position: CGPoint, frame: GridRect, clip: GridRect, in grid: inout CharGrid) {
        if let cell = view as? TableViewCell {
            // The content stops above the separator; the separator owns only the lines wholly below
            // that edge (a half-line separator owns none, and the content's last line keeps it).
            let contentEdge = position.y + max(0, cell.bounds.height - cell.separatorHeight)
            let contentBottom = min(frame.maxY, max(frame.y, Renderer.cell(contentEdge + 1 - 2e-6)))
            if cell.selectionStyle != .none, cell.isSelected || cell.isHighlighted, cell.backgroundConfiguration == nil {
                let content = GridRect(x: frame.x, y: frame.y, width: frame.width, height: contentBottom - frame.y)
                grid.restyle(content, clip: clip) { $0 = adding(selection, to: $0) }
            }
            if cell.separatorHeight > 0, contentBottom < frame.maxY {
                let rule = GridRect(x: frame.x, y: contentBottom, width: frame.width, height: frame.maxY - contentBottom)
                grid.fill(rule, character: separatorCharacter, style: separatorStyle, clip: clip)
            }
        } else if let cell = view as? CollectionViewCell, cell.isSelected || cell.isHighlighted, cell.backgroundConfiguration == nil {
            grid.restyle(frame, clip: clip) { $0 = adding(selection, to: $0) }
        }
    }

    /// `style` with the attributes of `overlay` switched on and its colour, if any.
    func adding(_ overlay: GridStyle, to style: GridStyle) -> GridStyle {
        GridStyle(
            bold: style.bold || overlay.bold, dim: style.dim || overlay.dim,
            underline: style.underline || overlay.underline, reverse: style.reverse || overlay.reverse,
            foreground: overlay.foreground ?? style.foreground)
    }
}
