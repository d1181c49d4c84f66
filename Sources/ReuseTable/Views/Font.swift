import Foundation

/// A font named by its text style (UIKit: `UIFont.preferredFont(forTextStyle:)`).
///
/// A terminal has one size of glyph, so a font here changes no metric: `Label`s measure with
/// `characterWidth` and `lineHeight` whatever their font. The style is kept for renderers (the
/// terminal renderer draws headlines and titles bold) and for configurations, which give
/// each style of list text its font as UIKit does.
public struct Font: Hashable, Sendable {
    /// UIKit's text styles (`UIFont.TextStyle`).
    public enum TextStyle: Hashable, Sendable {
        /// The largest title.
        case largeTitle
        /// A first-level title.
        case title1
        /// A second-level title.
        case title2
        /// A third-level title.
        case title3
        /// A heading: what section headers use.
        case headline
        /// A subheading: the secondary text of list cells.
        case subheadline
        /// Body text: the text of list cells.
        case body
        /// A callout.
        case callout
        /// A footnote: section footers and subtitles.
        case footnote
        /// A caption.
        case caption1
        /// An alternate caption.
        case caption2
    }

    /// The font's text style.
    public let textStyle: TextStyle

    /// The font of `style` (UIKit's name).
    public static func preferredFont(forTextStyle style: TextStyle) -> Font {
        Font(textStyle: style)
    }

    /// Whether the style is drawn with emphasis (headlines and titles), as a renderer with one
    /// size of glyph shows them.
    public var isEmphasized: Bool {
        switch textStyle {
        case .largeTitle, .title1, .title2, .title3, .headline: return true
        case .subheadline, .body, .callout, .footnote, .caption1, .caption2: return false
        }
    }
}
