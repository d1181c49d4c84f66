import ReuseTable

/// Turns the difference between two `CharGrid`s into terminal output.
///
/// Redrawing a whole screen per key press flickers and is slow over SSH, so
/// the writer sends only the cells that changed: a cursor move where the
/// changed cells are not contiguous, an SGR sequence where the style changes,
/// then the characters. When the sizes differ (a resize) it clears and
/// redraws everything.
///
/// The output assumes nothing about the terminal's current style — the first
/// cell written sets it in full — and ends by resetting it to plain.
public enum FrameWriter {
    /// The escape sequences that turn a screen showing `previous` into `next`; "" when nothing changed.
    ///
    /// `previous` nil (the first frame) or of another size means a full redraw.
    /// - Complexity: O(width × height).
    public static func update(from previous: CharGrid?, to next: CharGrid) -> String {
        var output = Output()
        guard let previous, previous.width == next.width, previous.height == next.height else {
            output.text += "\u{1B}[0m\u{1B}[2J"
            output.style = .plain
            for y in 0..<next.height {
                // The clear already left plain blanks, so each line is written up to its last other cell;
                // inner blanks are written too, as a space is shorter than a cursor move.
                guard let last = (0..<next.width).last(where: { next[$0, y] != .blank }) else { continue }
                for x in 0...last { output.put(next[x, y], x: x, y: y, width: next.width) }
            }
            return output.finished()
        }
        for y in 0..<next.height {
            var x = 0
            while x < next.width {
                let cell = next[x, y]
                if cell == previous[x, y] {
                    x += 1
                    continue
                }
                if cell.isContinuation {
                    // Only half of a wide glyph changed (its style): redraw the glyph from its left cell.
                    if x > 0 { output.put(next[x - 1, y], x: x - 1, y: y, width: next.width) }
                    x += 1
                } else {
                    output.put(cell, x: x, y: y, width: next.width)
                    x += max(1, displayWidth(cell.character))  // a wide glyph also covered its continuation
                }
            }
        }
        return output.finished()
    }

    /// The CSI sequence that moves the cursor to column `x`, line `y` (0-based; the terminal counts from 1).
    public static func moveCursor(x: Int, y: Int) -> String {
        "\u{1B}[\(y + 1);\(x + 1)H"
    }

    /// The SGR sequence that sets `style` from scratch (it starts with a reset).
    public static func sgr(_ style: GridStyle) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if let colour = style.foreground {
            switch colour {
            case 0...7: codes.append("\(30 + Int(colour))")
            case 8...15: codes.append("\(90 + Int(colour) - 8)")
            default: codes.append("38;5;\(colour)")
            }
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// The text being built, with the cursor and style the terminal will be in after it.
    private struct Output {
        var text = ""
        /// Where the terminal's cursor is; nil when unknown (start, or after the last column's pending wrap).
        var cursor: (x: Int, y: Int)?
        /// The terminal's current style; nil when unknown.
        var style: GridStyle?

        /// Writes `cell` at (`x`, `y`), moving the cursor and changing style only when needed.
        mutating func put(_ cell: GridCell, x: Int, y: Int, width: Int) {
            guard !cell.isContinuation else { return }  // drawn by the glyph to its left
            if cursor == nil || cursor! != (x, y) { text += FrameWriter.moveCursor(x: x, y: y) }
            if style != cell.style {
                text += FrameWriter.sgr(cell.style)
                style = cell.style
            }
            text.append(cell.character)
            let advanced = x + max(1, displayWidth(cell.character))
            // At the last column the cursor stays put with a pending wrap: its position is not reliable.
            cursor = advanced < width ? (advanced, y) : nil
        }

        /// The output with the style reset, or "" when nothing was written.
        func finished() -> String {
            guard !text.isEmpty else { return "" }
            return style == nil || style == .plain ? text : text + "\u{1B}[0m"
        }
    }
}
