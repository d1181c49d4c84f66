/// One cell of a `CharGrid`: a grapheme cluster and its style.
///
/// A 2-column character (CJK, most emoji) sits in its left cell; the right cell is a
/// continuation marker, so that column arithmetic stays one cell per column.
public struct GridCell: Hashable, Sendable {
    /// The grapheme cluster shown (combining marks included: "e\u{301}" is one cell).
    public var character: Character
    /// How it is drawn.
    public var style: GridStyle
    /// True for the right half of a wide character; `character` is then unused.
    public var isContinuation: Bool

    /// A cell showing `character` in `style`.
    public init(character: Character, style: GridStyle = .plain, isContinuation: Bool = false) {
        self.character = character
        self.style = style
        self.isContinuation = isContinuation
    }

    /// A space in the plain style.
    public static let blank = GridCell(character: " ", style: .plain)
}
