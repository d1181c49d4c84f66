import ReuseTable
import ReuseTableTerminal

/// One line of the file: draws only its rows that are on screen, straight from the mapped bytes.
@MainActor
public final class PagerCell: TableViewCell, GridDrawable {
    static let identifier = "line"
    /// The file line shown; nil for the placeholder of bytes not indexed (or filtered) yet.
    var line: Int?
    weak var app: PagerApp?

    /// Draws the rows of its line that are inside `clip`, glyph by glyph from the mapped bytes.
    public func draw(in grid: inout CharGrid, frame: GridRect, clip: GridRect) {
        guard let app else { return }
        let firstRow = clip.y - frame.y
        let rows = firstRow..<(firstRow + clip.height)
        guard let line else {
            app.drawPlaceholder(frame: frame, clip: clip, into: &grid)
            return
        }
        app.draw(line: line, rows: rows, frame: frame, clip: clip, into: &grid)
    }
}
