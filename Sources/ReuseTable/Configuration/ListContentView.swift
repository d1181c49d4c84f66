import Foundation

/// The view that shows a `ListContentConfiguration` (UIKit: `UIListContentView`): two labels
/// inside the configuration's margins, stacked or side by side.
///
/// It sizes itself both ways a cell is measured. Frame layout: `sizeThatFits(_:)` gives the
/// height of the texts wrapped at a width, and `layoutSubviews()` places them by the same
/// computation (`layout(width:height:)`), so a self-sized row is exactly as tall as what it shows.
/// Auto Layout: pinned by constraints, the view's intrinsic height follows the width the
/// constraints give it, as a multi-line `Label`'s does (the engine measures it at its solved
/// width and solves again), so fitting a `contentView` that holds one gives the same height.
@MainActor
public final class ListContentView: View, ContentView {
    /// The label showing `text`.
    let textLabel = Label()
    /// The label showing `secondaryText`.
    let secondaryTextLabel = Label()
    /// The configuration shown.
    private var current: ListContentConfiguration

    /// A view showing `configuration`.
    public init(configuration: ListContentConfiguration) {
        current = configuration
        super.init(frame: .zero)
        addSubview(textLabel)
        addSubview(secondaryTextLabel)
        apply(configuration)
    }

    /// The configuration shown. Setting one of another type than `ListContentConfiguration`
    /// stops with a message naming it (UIKit raises for a configuration its view cannot show).
    /// - Complexity: O(1) when it equals the one shown; otherwise the labels are set again.
    public var configuration: any ContentConfiguration {
        get { current }
        set {
            guard let list = ListContentConfiguration.opened(newValue) else {
                ReuseTableError.trap(
                    ReuseTableError(
                        "ListContentView.configuration: a ListContentView shows a ListContentConfiguration, not a \(type(of: newValue)); "
                            + "set the cell's contentConfiguration instead (it makes the configuration's own view)."))
            }
            guard list != current else { return }
            current = list  // moved, not copied: the labels are set from `current`
            apply(current)
        }
    }

    /// True for a `ListContentConfiguration`: a metadata comparison, where the protocol's default
    /// boxes the configuration shown to read its type.
    public func supports(_ configuration: any ContentConfiguration) -> Bool {
        type(of: configuration) == ListContentConfiguration.self
    }

    /// Whether the configuration shown is resolved for a state with `flags` (its `updated(for:)` would give it back).
    func showsResolved(for flags: (isSelected: Bool, isHighlighted: Bool, isDisabled: Bool)) -> Bool {
        current.isResolved(for: flags)
    }

    /// Copies the configuration onto the labels and asks for a layout (of this view and of the cell around it).
    private func apply(_ configuration: ListContentConfiguration) {
        Self.apply(configuration.text, configuration.textProperties, to: textLabel)
        Self.apply(configuration.secondaryText, configuration.secondaryTextProperties, to: secondaryTextLabel)
        setNeedsLayout()
        var ancestor = superview
        while let view = ancestor, !(view is ScrollView) {  // the cell, up to the view that shows it
            view.setNeedsLayout()
            ancestor = view.superview
        }
    }

    private static func apply(_ text: String?, _ properties: ListContentConfiguration.TextProperties, to label: Label) {
        label.text = properties.transformed(text ?? "")
        label.isHidden = label.text.isEmpty
        label.numberOfLines = max(0, properties.numberOfLines)
        label.lineBreakMode = properties.lineBreakMode
        label.font = properties.font
        label.textColor = properties.resolvedColor()
        switch properties.alignment {
        case .natural: label.textAlignment = .natural
        case .center: label.textAlignment = .center
        case .justified: label.textAlignment = .justified
        }
    }

    /// The frames of the two labels and the height the content needs.
    struct Layout: Equatable {
        var text: CGRect = .zero
        var secondary: CGRect = .zero
        /// The height of the texts plus the vertical margins.
        var height: CGFloat = 0
        /// The one-line width of the content plus the horizontal margins (for `width <= 0`).
        var width: CGFloat = 0
        /// Whether the texts sit side by side.
        var isSideBySide = false
    }

    /// Where the labels go in a view `width` wide (0 or less: unconstrained, one line a paragraph),
    /// vertically centered in `height` when given (on whole lines, never above the top margin).
    /// - Complexity: O(length of the texts).
    /// Without `needsWidth`, `width` is left 0 when nothing else needs the texts' one-line sizes
    /// (stacked texts at a width): measuring them scans each text once more.
    func layout(width: CGFloat, height: CGFloat? = nil, needsWidth: Bool = true) -> Layout {
        let margins = current.directionalLayoutMargins
        let hasText = !textLabel.text.isEmpty, hasSecondary = !secondaryTextLabel.text.isEmpty
        let constrained = width > 0 && width.isFinite
        let inner = constrained ? max(0, width - margins.leading - margins.trailing) : 0
        let padding = max(0, current.textToSecondaryTextHorizontalPadding)
        let gap = hasText && hasSecondary ? max(0, current.textToSecondaryTextVerticalPadding) : 0
        let oneLineSizes = needsWidth || !constrained || (current.prefersSideBySideTextAndSecondaryText && hasText && hasSecondary)
        let textSize = hasText && oneLineSizes ? textLabel.sizeThatFits(.zero) : .zero
        let secondarySize = hasSecondary && oneLineSizes ? secondaryTextLabel.sizeThatFits(.zero) : .zero
        var result = Layout()
        let oneLineFits = textSize.height <= textLabel.lineHeight && secondarySize.height <= secondaryTextLabel.lineHeight
        result.isSideBySide =
            current.prefersSideBySideTextAndSecondaryText && hasText && hasSecondary && oneLineFits
            && (!constrained || textSize.width + padding + secondarySize.width <= inner + 1e-9)
        if result.isSideBySide {
            let textWidth = constrained ? max(0, inner - padding - secondarySize.width) : textSize.width
            let secondaryX = margins.leading + (constrained ? inner - secondarySize.width : textSize.width + padding)
            result.text = CGRect(x: margins.leading, y: margins.top, width: textWidth, height: textSize.height)
            result.secondary = CGRect(x: secondaryX, y: margins.top, width: secondarySize.width, height: secondarySize.height)
            result.width = margins.leading + textSize.width + padding + secondarySize.width + margins.trailing
            result.height = margins.top + max(textSize.height, secondarySize.height) + margins.bottom
        } else {
            func fitted(_ label: Label, _ natural: CGSize, _ shown: Bool) -> CGSize {
                guard shown else { return .zero }
                guard constrained else { return natural }
                return CGSize(width: inner, height: inner > 0 ? label.sizeThatFits(CGSize(width: inner, height: 0)).height : 0)
            }
            let text = fitted(textLabel, textSize, hasText), secondary = fitted(secondaryTextLabel, secondarySize, hasSecondary)
            result.text = CGRect(x: margins.leading, y: margins.top, width: text.width, height: text.height)
            result.secondary = CGRect(
                x: margins.leading, y: margins.top + text.height + gap, width: secondary.width, height: secondary.height)
            result.width = oneLineSizes ? margins.leading + max(textSize.width, secondarySize.width) + margins.trailing : 0
            result.height = margins.top + text.height + gap + secondary.height + margins.bottom
        }
        if let height, height > result.height {
            let line = max(textLabel.lineHeight, 1e-9)
            let top = (((height - result.height) / 2) / line + 1e-9).rounded(.down) * line
            if result.isSideBySide {
                // Each text centered on its own, as a value cell's text and value are.
                let content = height - margins.top - margins.bottom
                for keyPath in [\Layout.text, \Layout.secondary] {
                    let frame = result[keyPath: keyPath]
                    result[keyPath: keyPath].origin.y = margins.top + max(0, ((content - frame.height) / 2 / line + 1e-9).rounded(.down) * line)
                }
            } else {
                result.text.origin.y += top
                result.secondary.origin.y += top
            }
        }
        return result
    }

    /// The content's size at `size.width`: the texts' height plus the vertical margins (0 with no
    /// text and no margins: a cell then falls back to its default height). A width of 0 or less is
    /// unconstrained: the one-line width of the content.
    /// - Complexity: O(length of the texts); repeated calls hit the labels' caches.
    public override func sizeThatFits(_ size: CGSize) -> CGSize {
        let constrained = size.width > 0 && size.width.isFinite
        let layout = layout(width: size.width, needsWidth: !constrained)
        return CGSize(width: constrained ? size.width : layout.width, height: layout.height)
    }

    /// The content's one-line width and its height at the current width, for Auto Layout.
    public override var intrinsicContentSize: CGSize {
        let layout = layout(width: bounds.width)
        return CGSize(width: layout.width, height: layout.height)
    }

    /// Places the labels as `sizeThatFits(_:)` measured them, centered vertically.
    public override func layoutSubviews() {
        super.layoutSubviews()
        let layout = layout(width: bounds.width, height: bounds.height, needsWidth: false)
        textLabel.frame = layout.text
        secondaryTextLabel.frame = layout.secondary
    }
}

extension ListContentView: AutoWrappingView {}
