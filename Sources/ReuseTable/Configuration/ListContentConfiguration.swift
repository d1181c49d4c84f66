import Foundation

/// The standard content of a list cell, header or footer (UIKit: `UIListContentConfiguration`):
/// a text and a secondary text, laid out by `ListContentView` — stacked, or side by side when
/// they fit — inside layout margins. A cell's `defaultContentConfiguration()` gives one to fill in.
///
/// The styles differ as UIKit's do, in a terminal's terms: fonts (`Font`, headlines drawn bold),
/// colors (`Color`, secondary text drawn dim), side by side or stacked. Metrics are a terminal's:
/// margins of one column at each side, no vertical margin, where UIKit uses points (16 or 20 at the
/// sides, 11 above and below). Images are not supported: a terminal cell shows text.
public struct ListContentConfiguration: ContentConfiguration, Hashable {
    /// The style a configuration was made with: it decides the state defaults `updated(for:)` applies.
    enum Style: Hashable, Sendable {
        case cell, subtitleCell, valueCell, header, footer, sidebarCell, sidebarHeader

        /// Whether the style is a header or footer (no cell state applies to it).
        var isSupplementary: Bool { self == .header || self == .footer || self == .sidebarHeader }
    }

    /// The style this configuration was made with.
    let style: Style

    /// The primary text; nil or empty shows none.
    public var text: String?
    /// The secondary text; nil or empty shows none.
    public var secondaryText: String?
    /// How `text` is drawn and wrapped.
    public var textProperties: TextProperties
    /// How `secondaryText` is drawn and wrapped.
    public var secondaryTextProperties: TextProperties
    /// The space between the content view's edges and the texts (terminal units: columns and lines).
    public var directionalLayoutMargins: DirectionalEdgeInsets
    /// Whether the texts sit side by side when both fit on one line each (`valueCell()` does);
    /// otherwise, or when they do not fit, the secondary text goes below the text.
    public var prefersSideBySideTextAndSecondaryText: Bool
    /// The gap between the texts when they sit side by side (columns).
    public var textToSecondaryTextHorizontalPadding: CGFloat
    /// The gap between the texts when they are stacked (lines).
    public var textToSecondaryTextVerticalPadding: CGFloat

    /// A configuration of `style` with its defaults.
    init(style: Style) {
        self.style = style
        textProperties = TextProperties(font: .preferredFont(forTextStyle: .body), color: .label)
        secondaryTextProperties = TextProperties(font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel)
        directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1)
        prefersSideBySideTextAndSecondaryText = false
        textToSecondaryTextHorizontalPadding = 1
        textToSecondaryTextVerticalPadding = 0
        switch style {
        case .cell, .sidebarCell:
            break
        case .subtitleCell:
            secondaryTextProperties.resetFont(.preferredFont(forTextStyle: .footnote))
        case .valueCell:
            prefersSideBySideTextAndSecondaryText = true
            secondaryTextProperties.resetFont(.preferredFont(forTextStyle: .body))
        case .header:
            textProperties.resetFont(.preferredFont(forTextStyle: .headline))
        case .footer:
            textProperties.resetFont(.preferredFont(forTextStyle: .footnote))
            textProperties.resetColor(.secondaryLabel)
        case .sidebarHeader:
            textProperties.resetFont(.preferredFont(forTextStyle: .headline))
            textProperties.resetColor(.secondaryLabel)
        }
    }

    /// A cell's text, with an optional secondary text below it (UIKit's `.cell()`).
    public static func cell() -> Self { Self(style: .cell) }
    /// A cell's text with a smaller secondary text below it (UIKit's `.subtitleCell()`).
    public static func subtitleCell() -> Self { Self(style: .subtitleCell) }
    /// A cell's text at the leading side and its value at the trailing side (UIKit's `.valueCell()`).
    public static func valueCell() -> Self { Self(style: .valueCell) }
    /// A section header: emphasized text (UIKit's `.header()`).
    public static func header() -> Self { Self(style: .header) }
    /// A section footer: secondary text (UIKit's `.footer()`).
    public static func footer() -> Self { Self(style: .footer) }
    /// A cell in a sidebar; selected, its text takes the tint color (UIKit's `.sidebarCell()`).
    public static func sidebarCell() -> Self { Self(style: .sidebarCell) }
    /// A header in a sidebar (UIKit's `.sidebarHeader()`).
    public static func sidebarHeader() -> Self { Self(style: .sidebarHeader) }

    /// A new `ListContentView` showing this configuration.
    public func makeContentView() -> View & ContentView {
        ListContentView(configuration: self)
    }

    /// This configuration resolved for `state`: the style's look for that state given to each
    /// color the app did not set. A sidebar cell that is selected or highlighted shows its texts
    /// in the tint color; every style shows them in `systemGray` when the state is disabled. Other
    /// properties do not depend on the state.
    public func updated(for state: any ConfigurationState) -> Self {
        var updated = self
        let colors = Self.colors(of: style, for: state.commonFlags)
        updated.textProperties.resolveColor(colors.text)
        updated.secondaryTextProperties.resolveColor(colors.secondary)
        return updated
    }

    /// The colors `updated(for:)` gives the texts of a configuration of `style` in a state with `flags`.
    static func colors(of style: Style, for flags: (isSelected: Bool, isHighlighted: Bool, isDisabled: Bool)) -> (
        text: Color, secondary: Color
    ) {
        if flags.isDisabled { return (.systemGray, .systemGray) }
        if style == .sidebarCell, flags.isSelected || flags.isHighlighted { return (.tintColor, .tintColor) }
        switch style {
        case .footer, .sidebarHeader: return (.secondaryLabel, .secondaryLabel)  // as `init(style:)` sets them
        case .cell, .subtitleCell, .valueCell, .header, .sidebarCell: return (.label, .secondaryLabel)
        }
    }

    /// Whether `updated(for:)` a state with `flags` gives this configuration back unchanged: the
    /// colors the app did not set are already the state's.
    @inline(__always) func isResolved(for flags: (isSelected: Bool, isHighlighted: Bool, isDisabled: Bool)) -> Bool {
        let colors = Self.colors(of: style, for: flags)
        return textProperties.isResolved(to: colors.text) && secondaryTextProperties.isResolved(to: colors.secondary)
    }

    /// `configuration` when it is a `ListContentConfiguration`: the existential opened and its type
    /// compared, where `as?` goes through the runtime's dynamic cast at every arrival of a cell.
    static func opened(_ configuration: any ContentConfiguration) -> ListContentConfiguration? { opened(generic: configuration) }

    private static func opened<C: ContentConfiguration>(generic configuration: C) -> ListContentConfiguration? {
        C.self == ListContentConfiguration.self ? unsafeBitCast(configuration, to: ListContentConfiguration.self) : nil
    }
}

extension ListContentConfiguration {
    /// How one text of a list configuration is drawn and wrapped (UIKit:
    /// `UIListContentConfiguration.TextProperties`).
    public struct TextProperties: Hashable, Sendable {
        /// How lines sit across the text's width (UIKit offers these three for list text).
        public enum TextAlignment: Hashable, Sendable {
            /// The reading direction's start: the left.
            case natural
            /// Centered.
            case center
            /// Stretched to the full width, but the last line of each paragraph.
            case justified
        }

        /// A case change applied to the text as shown (UIKit: `UIListContentConfiguration.TextProperties.TextTransform`).
        public enum TextTransform: Hashable, Sendable {
            /// The text as given.
            case none
            /// Each word capitalized.
            case capitalized
            /// All lowercase.
            case lowercase
            /// All uppercase.
            case uppercase
        }

        /// The text style; the styles set it (headers a headline, footers a footnote).
        public var font: Font
        /// The text's color. Once set here, `updated(for:)` keeps it whatever the state.
        public var color: Color {
            get { storedColor }
            set {
                storedColor = newValue
                isColorCustomized = true
            }
        }
        /// Where lines sit; default `.natural`.
        public var alignment: TextAlignment = .natural
        /// How text that does not fit in `numberOfLines` ends; default `.byTruncatingTail`, as UIKit.
        public var lineBreakMode: LineBreakMode = .byTruncatingTail
        /// The most lines shown; default 0 (no limit), as UIKit.
        public var numberOfLines = 0
        /// A case change applied to the text as shown; default `.none`.
        public var transform: TextTransform = .none

        private var storedColor: Color
        private var isColorCustomized = false

        /// Properties with the style's font and color (neither counts as set by the app).
        init(font: Font, color: Color) {
            self.font = font
            self.storedColor = color
        }

        /// Sets the style's font.
        mutating func resetFont(_ font: Font) { self.font = font }
        /// Sets the style's color, not counting as set by the app.
        mutating func resetColor(_ color: Color) { storedColor = color }
        /// Gives the color of a state, unless the app set one.
        mutating func resolveColor(_ color: Color) {
            if !isColorCustomized { storedColor = color }
        }

        /// Whether `resolveColor(color)` would change nothing.
        func isResolved(to color: Color) -> Bool { isColorCustomized || storedColor == color }

        /// The color the text is drawn in (UIKit's `resolvedColor()`; no transformer here).
        public func resolvedColor() -> Color { storedColor }

        /// `text` as shown, with the transform applied.
        public func transformed(_ text: String) -> String {
            switch transform {
            case .none: return text
            case .capitalized: return text.capitalized
            case .lowercase: return text.lowercased()
            case .uppercase: return text.uppercased()
            }
        }
    }
}
