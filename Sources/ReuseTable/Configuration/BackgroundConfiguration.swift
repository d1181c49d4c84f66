import Foundation

/// What a cell or header draws behind its content, as a value (UIKit: `UIBackgroundConfiguration`):
/// a fill, a stroke, a custom view, inset from the cell's edges.
///
///     var background = BackgroundConfiguration.listPlainCell()
///     background.backgroundInsets = DirectionalEdgeInsets(top: 0, leading: 2, bottom: 0, trailing: 2)
///     cell.backgroundConfiguration = background
///
/// Resolved for a state (`updated(for:)`), the list styles fill a selected or highlighted cell
/// with `systemGray4`, as UIKit's list cells do; a fill the app set is kept in every state. The
/// terminal renderer draws such a fill in reverse video (its selection look) and draws no corner
/// radius (a grid has no round corners); both are kept for any other renderer.
public struct BackgroundConfiguration: Hashable {
    /// The style a configuration was made with: it decides the state defaults `updated(for:)` applies.
    enum Style: Hashable, Sendable { case listPlainCell, listGroupedCell, listSidebarCell, listPlainHeaderFooter, clear }

    /// The style this configuration was made with.
    let style: Style

    /// The fill; nil draws none. Once set here, `updated(for:)` keeps it whatever the state.
    public var backgroundColor: Color? {
        get { storedBackgroundColor }
        set {
            storedBackgroundColor = newValue
            isBackgroundColorCustomized = true
        }
    }
    /// How far the background stays inside the cell's edges.
    public var backgroundInsets: DirectionalEdgeInsets = .zero
    /// The corner radius of the background (not drawn by the terminal renderer).
    public var cornerRadius: CGFloat = 0
    /// The color of a stroke around the background; nil draws none.
    public var strokeColor: Color?
    /// The stroke's width (0: none).
    public var strokeWidth: CGFloat = 0
    /// A view placed behind the content, inside the insets (above the fill).
    public var customView: View?

    private var storedBackgroundColor: Color?
    private var isBackgroundColorCustomized = false

    init(style: Style) {
        self.style = style
        switch style {
        case .listPlainCell, .listPlainHeaderFooter: storedBackgroundColor = .systemBackground
        case .listGroupedCell: storedBackgroundColor = .secondarySystemGroupedBackground
        case .listSidebarCell, .clear: storedBackgroundColor = .clear
        }
    }

    /// The background of a cell in a plain list (UIKit's `.listPlainCell()`).
    public static func listPlainCell() -> Self { Self(style: .listPlainCell) }
    /// The background of a cell in a grouped list (UIKit's `.listGroupedCell()`).
    public static func listGroupedCell() -> Self { Self(style: .listGroupedCell) }
    /// The background of a cell in a sidebar: clear until selected (UIKit's `.listSidebarCell()`).
    public static func listSidebarCell() -> Self { Self(style: .listSidebarCell) }
    /// The background of a header or footer in a plain list (UIKit's `.listPlainHeaderFooter()`).
    public static func listPlainHeaderFooter() -> Self { Self(style: .listPlainHeaderFooter) }
    /// No background at all, in every state (UIKit's `.clear()`).
    public static func clear() -> Self { Self(style: .clear) }

    /// This configuration resolved for `state`: a cell style's fill becomes `systemGray4` while the
    /// state is selected or highlighted (the sidebar's the tint color), and the style's own fill
    /// otherwise — unless the app set `backgroundColor`, which stays. `.clear()` stays clear.
    public func updated(for state: any ConfigurationState) -> Self {
        guard !isBackgroundColorCustomized, let color = Self.color(of: style, for: state.commonFlags) else { return self }
        var updated = self
        updated.storedBackgroundColor = color
        return updated
    }

    /// The fill `updated(for:)` gives a configuration of `style` in a state with `flags`; nil keeps the fill.
    static func color(of style: Style, for flags: (isSelected: Bool, isHighlighted: Bool, isDisabled: Bool)) -> Color? {
        let touched = flags.isSelected || flags.isHighlighted
        switch style {
        case .listPlainCell: return touched ? .systemGray4 : .systemBackground  // as `init(style:)` sets them
        case .listGroupedCell: return touched ? .systemGray4 : .secondarySystemGroupedBackground
        case .listSidebarCell: return touched ? .tintColor : .clear
        case .listPlainHeaderFooter, .clear: return nil
        }
    }

    /// Whether `updated(for:)` a state with `flags` gives this configuration back unchanged.
    @inline(__always) func isResolved(for flags: (isSelected: Bool, isHighlighted: Bool, isDisabled: Bool)) -> Bool {
        guard !isBackgroundColorCustomized, let color = Self.color(of: style, for: flags) else { return true }
        return storedBackgroundColor == color
    }

    /// The rectangle the background covers in a view of `size`.
    func frame(in size: CGSize) -> CGRect { Self.frame(insets: backgroundInsets, in: size) }

    /// The rectangle a background inset by `insets` covers in a view of `size`.
    static func frame(insets: DirectionalEdgeInsets, in size: CGSize) -> CGRect {
        CGRect(
            x: insets.leading, y: insets.top, width: max(0, size.width - insets.leading - insets.trailing),
            height: max(0, size.height - insets.top - insets.bottom))
    }

    /// Equal when every property is, the custom view compared by identity.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.style == rhs.style && lhs.storedBackgroundColor == rhs.storedBackgroundColor
            && lhs.isBackgroundColorCustomized == rhs.isBackgroundColorCustomized && lhs.backgroundInsets == rhs.backgroundInsets
            && lhs.cornerRadius == rhs.cornerRadius && lhs.strokeColor == rhs.strokeColor && lhs.strokeWidth == rhs.strokeWidth
            && lhs.customView === rhs.customView
    }

    /// Hashes every property, the custom view by identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(style)
        hasher.combine(storedBackgroundColor)
        hasher.combine(backgroundInsets)
        hasher.combine(cornerRadius)
        hasher.combine(strokeColor)
        hasher.combine(strokeWidth)
        hasher.combine(customView.map(ObjectIdentifier.init))
    }
}
