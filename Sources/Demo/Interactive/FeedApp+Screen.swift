import Foundation
import ReuseTable

// The screen: the table rendered into a grid, the status lines under it, the help on top.

extension FeedApp {
    /// The whole screen as a grid: what the terminal shows and what golden tests compare.
    func render() -> CharGrid {
        var grid = CharGrid(width: width, height: height)
        if let waterfall {
            waterfall.render(into: &grid)
            drawStatus(into: &grid)
            if showsHelp { drawHelp(into: &grid) }
            return grid
        }
        let cursor = cursorIndexPath
        for indexPath in table.indexPathsForVisibleRows ?? [] {
            (table.cellForRow(at: indexPath) as? FeedCell)?.isCursor = indexPath == cursor
        }
        Renderer.render(table, into: &grid)
        if isRotated {
            // The space a rotation took away, so the narrower table reads as a phone in portrait.
            let x = tableWidth
            for y in 0..<tableHeight {
                grid.write("│", x: x, y: y, style: CellStyle(dim: true))
                grid.fill(GridRect(x: x + 1, y: y, width: width - x - 1, height: 1), character: "·", style: CellStyle(dim: true))
            }
        }
        drawStatus(into: &grid)
        if showsHelp { drawHelp(into: &grid) }
        return grid
    }

    /// The two counter lines and the message line.
    var statusText: [String] {
        if let waterfall { return waterfall.statusText + [waterfall.message] }
        let s = snapshot
        let first = selectionStatus + "rows \(s.rows.grouped) · visible \(s.visibleCells) · pool \(s.poolSize) · "
            + "created \(s.cellsCreated) · layout \(showsTimings ? s.layoutMicroseconds.grouped : "–") µs · \(s.heightMode.rawValue) heights"
        let precache = hasIdleWork ? " · precaching" : ""
        let uncertainty = s.heightUncertainty > 0 ? " (height ±\(s.heightUncertainty.grouped))" : ""
        let second = "measured \(s.measuredHeights.grouped) · estimated \(s.estimatedHeights.grouped)\(uncertainty) · "
            + "cache \(s.cacheHits.grouped) hit \(s.cacheMisses.grouped) miss · "
            + "store \(s.store.rawValue) · pool \(s.isPoolEnabled ? "on" : "off")" + precache
        let third: String
        if let jumpPrompt {
            third = "Go to row (1–\(s.rows.grouped)): \(jumpPrompt)█   Enter jumps, Esc cancels"
        } else {
            third = message
        }
        return [first, second, third]
    }

    private func drawStatus(into grid: inout CharGrid) {
        let lines = statusText
        let bar = CellStyle(reverse: true)
        for (index, line) in lines.enumerated() {
            let y = tableHeight + index
            if index < 2 {
                grid.fill(GridRect(x: 0, y: y, width: width, height: 1), style: bar)
                grid.write(" " + line, x: 0, y: y, style: bar)
            } else {
                grid.write(" " + line, x: 0, y: y, style: jumpPrompt == nil ? CellStyle(foreground: 3) : CellStyle(bold: true))
            }
        }
    }

    /// Every key, one line each.
    nonisolated static let keyHelp: [(String, String)] = [
        ("↑ ↓  j k", "scroll one line (mouse wheel: three)"),
        ("PgUp PgDn", "scroll a page (also b, space)"),
        ("Home End", "top, bottom (also < >)"),
        ("g", "go to a row number"),
        ("p", "reuse pool on/off: watch 'created'"),
        ("s", "geometry store: HeightTree / 2013 row records"),
        ("e", "estimated / exact heights (exact: first 10 days)"),
        ("w", "width change, as a rotation: rows re-measure"),
        ("+", "grow the marked row: row(_:changedHeight:)"),
        ("i d", "insert a row at / delete the marked row"),
        ("Enter", "select / deselect the marked row (tapRow)"),
        ("c", "waterfall CollectionView of the feed / back"),
        ("?", "this help"),
        ("q", "quit"),
    ]

    private func drawHelp(into grid: inout CharGrid) {
        let lines = FeedApp.keyHelp.map { key, meaning in
            key.padding(toLength: 11, withPad: " ", startingAt: 0) + meaning
        }
        let boxWidth = min(width, (lines.map(\.count).max() ?? 0) + 4)
        let boxHeight = min(tableHeight, lines.count + 4)
        let box = GridRect(x: max(0, (width - boxWidth) / 2), y: max(0, (tableHeight - boxHeight) / 2),
                           width: boxWidth, height: boxHeight)
        grid.fill(box)
        grid.drawBorder(box, style: CellStyle(bold: true))
        grid.write(" Keys ", x: box.x + 2, y: box.y, style: CellStyle(bold: true))
        let inner = GridRect(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2)
        for (index, line) in lines.enumerated() {
            grid.write(line, x: box.x + 2, y: box.y + 2 + index, style: .plain, clip: inner)
        }
        grid.write(" any key closes ", x: box.x + 2, y: box.maxY - 1, style: CellStyle(dim: true))
    }
}
