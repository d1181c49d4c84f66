import Foundation

// UIKit's standard cells: `textLabel` and `detailTextLabel` placed by one of four styles, in
// `layoutSubviews()` and, for self-sizing, in `sizeThatFits(_:)` — one computation for both
// (`styleLayout(contentWidth:contentHeight:)`), so a self-sized row is exactly as tall as what it shows.
//
// The metrics are a terminal's, where ReuseTable draws: one column (the text label's `characterWidth`)
// of padding at each side of the contentView and between the two labels, where UIKit uses its layout
// margins (16 or 20 points on an iPhone).

extension TableViewCell {
    /// The standard layouts of `textLabel` and `detailTextLabel` (UIKit: `UITableViewCell.CellStyle`).
    ///
    /// Each label is inset one column from the contentView's sides; labels are vertically centered
    /// in a row taller than they need.
    public enum CellStyle: Sendable {
        /// One label across the content: `textLabel`, left-aligned; `detailTextLabel` is nil.
        case `default`
        /// Both labels on one line: `textLabel` on the left, `detailTextLabel` right-aligned at the
        /// trailing edge (UIKit's Settings rows). When both do not fit, the detail gets at most half
        /// the width (more if the text is short) and each wraps in its part.
        case value1
        /// A narrow column (a quarter of the content) with `textLabel` right-aligned in it, then
        /// `detailTextLabel`, left-aligned, in the rest of the line (UIKit's Contacts details).
        case value2
        /// `textLabel` across the top and `detailTextLabel` under it, both left-aligned and full width.
        case subtitle
    }

    /// How a cell shows that its row is selected or highlighted (UIKit: `UITableViewCell.SelectionStyle`).
    ///
    /// Headless, every style but `.none` shows it the same way: the cell's built-in labels are
    /// highlighted (`Label.isHighlighted`), which a renderer draws; colors are a renderer's choice.
    public enum SelectionStyle: Sendable {
        /// The cell has no selected look; the row can still be selected.
        case none
        /// UIKit's historical blue background.
        case blue
        /// UIKit's gray background.
        case gray
        /// The table's standard selected look (UIKit's default).
        case `default`
    }

    /// Creates a cell laid out in `style` (UIKit: `init(style:reuseIdentifier:)`).
    ///
    /// A convenience over `init(reuseIdentifier:)` (which subclasses override, and which the table
    /// calls on dequeue, so dequeued cells have the `.default` style); the style applies once that
    /// initializer returns. For another style with a registered identifier, create the cell yourself
    /// when `dequeueReusableCell(withIdentifier:)` returns nil, as UIKit apps did before registration:
    ///
    ///     let cell = tableView.dequeueReusableCell(withIdentifier: "setting")
    ///         ?? TableViewCell(style: .value1, reuseIdentifier: "setting")
    public convenience init(style: CellStyle, reuseIdentifier: String?) {
        self.init(reuseIdentifier: reuseIdentifier)
        cellStyle = style
    }

    /// A label for `textLabel` or `detailTextLabel`: one line, as UIKit's are, in the contentView.
    func makeStyleLabel() -> Label {
        let label = StyleLabel()
        label.numberOfLines = 1
        label.isHighlighted = showsSelection
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    /// Whether the cell shows a selected look now: selected or highlighted, with a style other than `.none`.
    var showsSelection: Bool { selectionStyle != .none && (isSelected || isHighlighted) }

    /// Where the built-in labels go in the contentView, and how tall the content they need is.
    struct StyleLayout: Equatable {
        var text: CGRect = .zero
        var detail: CGRect = .zero
        /// The height both labels need (the fitting height).
        var height: CGFloat = 0
    }

    /// Places `textLabel` and `detailTextLabel`, when they were used, in the contentView.
    /// - Parameter contentSize: the contentView's size (`layoutSubviews()` has it already).
    func layoutStyleLabels(contentSize: CGSize? = nil) {
        guard builtInTextLabel != nil || builtInDetailTextLabel != nil else { return }  // no labels: nothing to read
        let size = contentSize ?? contentView.bounds.size
        guard let layout = styleLayout(contentWidth: size.width, contentHeight: size.height) else { return }
        builtInTextLabel?.frame = layout.text
        builtInDetailTextLabel?.frame = layout.detail
    }

    /// The frames of the built-in labels for a contentView `contentWidth` wide, vertically centered in
    /// `contentHeight` (each label on its own in `.value1` and `.value2`, the pair in `.subtitle`; at
    /// the top when nil or too short, and on whole lines); nil when neither label was used.
    /// - Complexity: O(length of the labels' text).
    func styleLayout(contentWidth: CGFloat, contentHeight: CGFloat? = nil) -> StyleLayout? {
        let text = builtInTextLabel, detail = builtInDetailTextLabel
        guard let first = text ?? detail else { return nil }
        let column = first.characterWidth
        let inner = wholeColumns(contentWidth - 2 * column, column)
        var layout = StyleLayout()
        switch cellStyle {
        case .default, .subtitle:
            let textHeight = Self.height(of: text, width: inner)
            layout.text = CGRect(x: column, y: 0, width: inner, height: textHeight)
            layout.detail = CGRect(x: column, y: textHeight, width: inner, height: Self.height(of: detail, width: inner))
            layout.height = textHeight + layout.detail.height
        case .value1:
            let textWidth = Self.naturalWidth(of: text, within: inner)
            let detailWidth = Self.naturalWidth(of: detail, within: inner)
            // The detail keeps its whole width when both fit; otherwise at most half (more when the text is short).
            let shownDetail: CGFloat
            if detailWidth == 0 || textWidth == 0 || textWidth + column + detailWidth <= inner {
                shownDetail = detailWidth
            } else {
                shownDetail = min(detailWidth, max(wholeColumns((inner - column) / 2, column), inner - column - textWidth))
            }
            let shownText = shownDetail == 0 ? inner : max(0, inner - column - shownDetail)
            layout.text = CGRect(x: column, y: 0, width: shownText, height: Self.height(of: text, width: shownText))
            layout.detail = CGRect(
                x: column + inner - shownDetail, y: 0, width: shownDetail, height: Self.height(of: detail, width: shownDetail))
            layout.height = max(layout.text.height, layout.detail.height)
        case .value2:
            let textColumn = max(min(column, inner), wholeColumns(inner / 4, column))
            let shownText = min(Self.naturalWidth(of: text, within: inner), textColumn)
            layout.text = CGRect(
                x: column + textColumn - shownText, y: 0, width: shownText, height: Self.height(of: text, width: shownText))
            let detailWidth = max(0, inner - textColumn - column)
            layout.detail = CGRect(
                x: column + textColumn + column, y: 0, width: detailWidth, height: Self.height(of: detail, width: detailWidth))
            layout.height = max(layout.text.height, layout.detail.height)
        }
        if let contentHeight {
            let line = first.lineHeight
            /// The top that centers `height`, on a whole line, never above the contentView.
            func centered(_ height: CGFloat) -> CGFloat {
                max(0, (((contentHeight - height) / 2) / line + 1e-9).rounded(.down) * line)
            }
            if cellStyle == .value1 || cellStyle == .value2 {
                layout.text.origin.y = centered(layout.text.height)
                layout.detail.origin.y = centered(layout.detail.height)
            } else {
                let top = centered(layout.height)
                layout.text.origin.y += top
                layout.detail.origin.y += top
            }
        }
        return layout
    }

    /// `width` rounded down to whole columns of `column` points, never negative.
    private func wholeColumns(_ width: CGFloat, _ column: CGFloat) -> CGFloat {
        guard width > 0 else { return 0 }
        return (width / column + 1e-9).rounded(.down) * column
    }

    /// The label's one-line width (its widest paragraph), at most `limit`; 0 for no label or no text.
    private static func naturalWidth(of label: Label?, within limit: CGFloat) -> CGFloat {
        guard let label, !label.text.isEmpty else { return 0 }
        return min(label.sizeThatFits(.zero).width, limit)
    }

    /// The label's height wrapped at `width`; 0 for no label, no text or no width.
    private static func height(of label: Label?, width: CGFloat) -> CGFloat {
        guard let label, width > 0 else { return 0 }
        return label.sizeThatFits(CGSize(width: width, height: 0)).height
    }
}

/// `textLabel` and `detailTextLabel`: a `Label` that asks its cell to lay out again when what it shows
/// changes, so a reused cell given new text gets new label frames even when its own size stays the same.
final class StyleLabel: Label {
    override var text: String {
        didSet { cellNeedsLayout() }
    }
    override var numberOfLines: Int {
        didSet { cellNeedsLayout() }
    }
    override var characterWidth: CGFloat {
        didSet { cellNeedsLayout() }
    }
    override var lineHeight: CGFloat {
        didSet { cellNeedsLayout() }
    }

    /// Marks the cell (the superview of the contentView this label is in).
    private func cellNeedsLayout() { superview?.superview?.setNeedsLayout() }
}
