import ReuseTable

/// A screen-sized grid of styled character cells, the renderer's canvas.
///
/// All writes are clipped to the grid and to an optional clip rectangle, and
/// keep the wide-character invariant: a wide glyph's right cell is always a
/// continuation and a continuation always follows a wide glyph. A wide glyph
/// that would be cut in half by a clip edge is replaced by a space.
public struct CharGrid: Equatable, Sendable {
    /// Columns.
    public let width: Int
    /// Lines.
    public let height: Int
    /// Row-major cells, `width * height` of them.
    public private(set) var cells: [GridCell]

    /// A grid of `width` × `height` cells, all `fill`.
    public init(width: Int, height: Int, fill: GridCell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }

    /// The whole grid as a rectangle.
    public var bounds: GridRect { GridRect(x: 0, y: 0, width: width, height: height) }

    /// The cell at column `x`, line `y`; both must be inside the grid (a coordinate outside stops
    /// the program with a message naming it and the grid's size).
    public subscript(x: Int, y: Int) -> GridCell {
        precondition(
            x >= 0 && x < width && y >= 0 && y < height,
            "CharGrid: cell (x: \(x), y: \(y)) is outside the \(width) × \(height) grid")
        return cells[y * width + x]
    }

    /// Line `y` as text, continuation cells skipped (what a terminal would show).
    public func text(ofLine y: Int) -> String {
        var result = ""
        for x in 0..<width where !self[x, y].isContinuation {
            result.append(self[x, y].character)
        }
        return result
    }

    /// Every line as text; the usual shape of a golden test.
    public var lines: [String] { (0..<height).map { text(ofLine: $0) } }

    /// Writes `string` from column `x` on line `y`, one cluster per display column.
    ///
    /// `style` nil keeps each cell's existing style, so text drawn over a
    /// background (a selected row in reverse video) inherits its look.
    /// Zero-width clusters (controls) are skipped. Returns the column after the text.
    /// - Complexity: O(n) in the length of `string`.
    @discardableResult
    public mutating func write(_ string: some StringProtocol, x: Int, y: Int, style: GridStyle? = nil, clip: GridRect? = nil) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        var column = x
        for character in string {
            if column >= area.maxX { break }  // the rest is clipped away
            column += put(character, x: column, y: y, style: style, area: area)
        }
        return column
    }

    /// Fills `rect` (clipped) with `character` in `style`.
    /// - Complexity: O(cells in `rect`).
    public mutating func fill(_ rect: GridRect, character: Character = " ", style: GridStyle = .plain, clip: GridRect? = nil) {
        let area = rect.intersection(clip.map { $0.intersection(bounds) } ?? bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                setCell(GridCell(character: character, style: style), x: x, y: y)
            }
        }
    }

    /// Changes the style of the cells in `rect` (clipped), keeping their characters.
    /// - Complexity: O(cells in `rect`).
    public mutating func restyle(_ rect: GridRect, clip: GridRect? = nil, _ change: (inout GridStyle) -> Void) {
        let area = rect.intersection(clip.map { $0.intersection(bounds) } ?? bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                change(&cells[y * width + x].style)
            }
        }
    }

    /// Draws a single-line box (─│┌┐└┘) along the edges of `rect`, clipped.
    /// - Complexity: O(perimeter of `rect`).
    public mutating func drawBorder(_ rect: GridRect, style: GridStyle? = nil, clip: GridRect? = nil) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let horizontal = String(repeating: "─", count: rect.width - 2)
        write("┌" + horizontal + "┐", x: rect.x, y: rect.y, style: style, clip: clip)
        write("└" + horizontal + "┘", x: rect.x, y: rect.maxY - 1, style: style, clip: clip)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            write("│", x: rect.x, y: y, style: style, clip: clip)
            write("│", x: rect.maxX - 1, y: y, style: style, clip: clip)
        }
    }

    /// Puts one cluster at (`x`, `y`) inside `area`; returns the columns it advances.
    private mutating func put(_ character: Character, x: Int, y: Int, style: GridStyle?, area: GridRect) -> Int {
        let columns = displayWidth(character)
        guard columns > 0 else { return 0 }
        let leftVisible = area.contains(x: x, y: y)
        if columns == 1 {
            if leftVisible { setCell(GridCell(character: character, style: style ?? self[x, y].style), x: x, y: y) }
            return 1
        }
        let rightVisible = area.contains(x: x + 1, y: y)
        if leftVisible && rightVisible {
            let cellStyle = style ?? self[x, y].style
            setCell(GridCell(character: character, style: cellStyle), x: x, y: y)
            setCell(GridCell(character: " ", style: cellStyle, isContinuation: true), x: x + 1, y: y)
        } else if leftVisible || rightVisible {
            // Half a wide glyph cannot be drawn; a space keeps the columns aligned.
            let column = leftVisible ? x : x + 1
            setCell(GridCell(character: " ", style: style ?? self[column, y].style), x: column, y: y)
        }
        return 2
    }

    /// Stores a cell and repairs the wide glyph it may cut in half.
    private mutating func setCell(_ cell: GridCell, x: Int, y: Int) {
        let index = y * width + x
        let old = cells[index]
        if old.isContinuation, !cell.isContinuation, x > 0 {
            // Overwriting the right half orphans the left half of the old wide glyph.
            cells[index - 1].character = " "
        }
        if !old.isContinuation, x + 1 < width, cells[index + 1].isContinuation, displayWidth(old.character) == 2 {
            // Overwriting the left half orphans the old continuation; the caller may refill it next.
            cells[index + 1].isContinuation = false
            cells[index + 1].character = " "
        }
        cells[index] = cell
    }
}
