/// How a character of a `CharGrid` is drawn: the SGR attributes every terminal understands.
///
/// The grid's counterpart of a font and a colour. `FrameWriter` turns it into an SGR sequence
/// (`ESC [ 0 ; 1 ; 36 m` for bold cyan).
///
///     let title = GridStyle(bold: true, foreground: 6)   // bold cyan
///     let selected = GridStyle(reverse: true)            // a selected row
public struct GridStyle: Hashable, Sendable {
    /// Bold (SGR 1).
    public var bold: Bool
    /// Dim, or faint (SGR 2).
    public var dim: Bool
    /// Underlined (SGR 4).
    public var underline: Bool
    /// Foreground and background swapped (SGR 7): how selection is drawn by default.
    public var reverse: Bool
    /// A 256-colour palette index (0–7 normal, 8–15 bright); nil is the terminal's default colour.
    public var foreground: UInt8?

    /// A style; every attribute is off by default and the colour is the terminal's.
    public init(bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false, foreground: UInt8? = nil) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
        self.foreground = foreground
    }

    /// The terminal's default look.
    public static let plain = GridStyle()
}
