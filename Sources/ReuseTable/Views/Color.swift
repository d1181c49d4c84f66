import Foundation

/// A color, named by its role as UIKit's semantic colors are (UIKit: `UIColor`), or given by
/// its components.
///
/// ReuseTable is headless: a color is a value that configurations resolve for a state and
/// renderers turn into what their surface can show (the terminal renderer draws the
/// secondary label colors dim and a selected fill in reverse video).
///
///     var content = ListContentConfiguration.cell()
///     content.secondaryTextProperties.color = .systemRed
public struct Color: Hashable, Sendable {
    /// The role's name (UIKit's, without the `UIColor.` prefix), or nil for a color made of components.
    public let name: String?
    /// Red, green, blue and alpha from 0 to 1, or nil for a named color (resolved by the renderer).
    public let components: [CGFloat]?

    /// A named color; renderers know UIKit's semantic names and treat any other as `label`.
    public init(named name: String) {
        self.name = name
        self.components = nil
    }

    /// A color of the four components, each clamped to 0...1 (NaN counts as 0).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.name = nil
        self.components = [red, green, blue, alpha].map { $0.isNaN ? 0 : min(max($0, 0), 1) }
    }

    /// Nothing drawn.
    public static let clear = Color(named: "clear")
    /// The color of primary text.
    public static let label = Color(named: "label")
    /// The color of secondary text.
    public static let secondaryLabel = Color(named: "secondaryLabel")
    /// The color of tertiary text.
    public static let tertiaryLabel = Color(named: "tertiaryLabel")
    /// The background of a plain list and of its cells.
    public static let systemBackground = Color(named: "systemBackground")
    /// The background of a grouped list.
    public static let systemGroupedBackground = Color(named: "systemGroupedBackground")
    /// The background of the cells of a grouped list.
    public static let secondarySystemGroupedBackground = Color(named: "secondarySystemGroupedBackground")
    /// The fill of a selected or highlighted list cell.
    public static let systemGray4 = Color(named: "systemGray4")
    /// A neutral gray.
    public static let systemGray = Color(named: "systemGray")
    /// The app's accent color.
    public static let tintColor = Color(named: "tintColor")
    /// Red, as destructive controls use it.
    public static let systemRed = Color(named: "systemRed")
    /// Blue.
    public static let systemBlue = Color(named: "systemBlue")
    /// Green.
    public static let systemGreen = Color(named: "systemGreen")
    /// White.
    public static let white = Color(named: "white")
}
