/// An integer rectangle of grid cells: columns `x..<x+width`, lines `y..<y+height`.
///
/// What a `View`'s frame becomes on a terminal (`Renderer.cellRect(of:at:)`), and what
/// `GridDrawable.draw(in:frame:clip:)` receives.
public struct GridRect: Hashable, Sendable {
    /// The first column.
    public var x: Int
    /// The first line.
    public var y: Int
    /// Columns covered.
    public var width: Int
    /// Lines covered.
    public var height: Int

    /// The rectangle of `width` × `height` cells whose top-left cell is (`x`, `y`).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The first column to the right of the rectangle.
    public var maxX: Int { x + width }
    /// The first line below the rectangle.
    public var maxY: Int { y + height }
    /// True when the rectangle holds no cell.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// True when the cell at (`column`, `line`) lies inside.
    public func contains(x column: Int, y line: Int) -> Bool {
        column >= x && column < maxX && line >= y && line < maxY
    }

    /// The overlap of two rectangles (empty, with zero size, when they do not meet).
    public func intersection(_ other: GridRect) -> GridRect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        return GridRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}
