import Foundation
import ReuseTable
import ReuseTableTerminal
import Figures
import Feed

// The screen: the table rendered into a grid, the status lines under it, the help on top.

extension FeedApp {
    /// The whole screen as a grid: what the terminal shows and what golden tests compare.
    func render() -> CharGrid {
        fitStatusLines()
        var grid = CharGrid(width: width, height: height)
        if let waterfall {
            waterfall.render(into: &grid)
            drawStatus(into: &grid)
            if showsHelp { drawHelp(into: &grid) }
            return grid
        }
        Renderer.render(table, into: &grid)
        SectionIndexBar.draw(over: table, in: &grid)  // the days, as ListScreen draws them; a click jumps
        drawSwipeActions(into: &grid)
        if isRotated {
            // The space a rotation took away, so the narrower table reads as a phone in portrait.
            let x = tableWidth
            for y in 0..<tableHeight {
                grid.write("│", x: x, y: y, style: GridStyle(dim: true))
                grid.fill(GridRect(x: x + 1, y: y, width: width - x - 1, height: 1), character: "·", style: GridStyle(dim: true))
            }
        }
        drawStatus(into: &grid)
        if showsHelp { drawHelp(into: &grid) }
        return grid
    }

    /// The counters, one short segment each, in the order they are read; `statusText` packs them into lines.
    var statusSegments: [String] {
        let s = snapshot
        var segments =
            selectionSegment + [
                "rows \(s.rows.grouped)" + (loader != nil ? " (loading)" : ""),
                "visible \(s.visibleCells)",
                s.isPoolEnabled ? "pool \(s.poolSize)" : "pool off",
                "created \(s.cellsCreated)",
                "layout "
                    + (!showsTimings
                        ? "– µs"
                        : s.layoutMicroseconds < 10_000 ? "\(s.layoutMicroseconds.grouped) µs" : "\(s.layoutMicroseconds / 1_000) ms"),
            ]
        if s.heightMode == .exact {
            segments.append("exact heights: \(s.measuredHeights.grouped) known")
        } else {
            segments.append("measured \(s.measuredHeights.grouped)")
            segments.append("estimated \(s.estimatedHeights.compact)" + (s.heightUncertainty > 0 ? " ±\(s.heightUncertainty.compact)" : ""))
        }
        segments += FeedApp.cacheSegment(hits: s.cacheHits, misses: s.cacheMisses)
        // The geometry store only when it is not the default SlotTree (`s` says which it is).
        if s.store != .tree { segments.append("store \(s.store.rawValue)") }
        segments.append("\(feed.cellLayout.rawValue) \(microsecondsPerMeasuredCell) µs/cell")
        segments.append(applySummary)
        if precacherIsRunning {
            segments.append("precaching")
        } else if precacher != nil {
            segments.append("precaching paused")
        }
        return segments + pendingHeightsSegment + pendingWaterfallSegment
    }

    /// The index-path height cache, once it has been of use: "cache hits 12 of 185,353". Every row's
    /// first measurement is a miss, so until a row is measured again (scrolled back to after a reload,
    /// a width visited before) hits are 0, and "cache hits 0/185,341" read like a broken cache: the
    /// segment waits for the first hit ("measured" counts the first visits meanwhile).
    static func cacheSegment(hits: Int, misses: Int) -> [String] {
        hits == 0 ? [] : ["cache hits \(hits.grouped) of \((hits + misses).grouped)"]
    }

    /// The counter segments of what is on screen: the table's, or the waterfall's.
    var shownStatusSegments: [String] {
        guard let waterfall else { return statusSegments }
        return waterfall.statusSegments
    }

    /// The counter lines (segments packed to the width, two lines from 100 columns, three below)
    /// and the message line.
    var statusText: [String] {
        var bars = FeedApp.pack(shownStatusSegments, width: width - 1)
        while bars.count < statusBars { bars.append("") }
        let last: String
        if let jumpPrompt {
            last = "Go to row (1–\(snapshot.rows.grouped)): \(jumpPrompt)█   Enter jumps, Esc cancels"
        } else {
            last = waterfall?.message ?? message
        }
        return bars + [FeedApp.fit(last, width: width - 1)]
    }

    /// `text` cut to `width` columns at a word boundary, "…" marking the cut; unchanged when it fits.
    static func fit(_ text: String, width: Int) -> String {
        guard displayWidth(text) > width else { return text }
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        while words.count > 1, displayWidth(words.joined(separator: " ")) + 1 > width { words.removeLast() }
        var cut = words.joined(separator: " ")
        while !cut.isEmpty, displayWidth(cut) + 1 > width { cut.removeLast() }  // one word longer than the line
        return cut.trimmingCharacters(in: CharacterSet(charactersIn: " ,;:·")) + "…"
    }

    /// Segments joined by " · " into lines of at most `width` columns: each segment goes on the first
    /// line with room for it (so a short one fills a gap left above), a new line when none has; a
    /// segment is never split.
    static func pack(_ segments: [String], width: Int) -> [String] {
        var result: [String] = []
        for segment in segments {
            if let line = result.firstIndex(where: { $0.count + 3 + segment.count <= width }) {
                result[line] += " · " + segment
            } else {
                result.append(segment)
            }
        }
        return result.isEmpty ? [""] : result
    }

    private func drawStatus(into grid: inout CharGrid) {
        let lines = statusText
        let bar = GridStyle(reverse: true)
        for (index, line) in lines.enumerated() {
            let y = tableHeight + index
            if index < lines.count - 1 {
                grid.fill(GridRect(x: 0, y: y, width: width, height: 1), style: bar)
                grid.write(" " + line, x: 0, y: y, style: bar)
            } else {
                grid.write(" " + line, x: 0, y: y, style: jumpPrompt == nil ? GridStyle(foreground: 3) : GridStyle(bold: true))
            }
        }
    }

    /// Every key, one line each.
    nonisolated static let keyHelp: [(String, String)] = [
        ("↑ ↓  j k", "focus the previous, next post (▌), kept on screen"),
        ("PgUp PgDn", "focus a page up, down (also b, space)"),
        ("Home End", "focus the first, last post (also < >)"),
        ("^E ^Y", "scroll one line, focus stays (mouse wheel: three)"),
        ("g", "go to a row number"),
        ("p", "reuse pool on/off: watch 'created'"),
        ("s", "geometry store: SlotTree / 2013 row records"),
        ("e", "estimated / exact heights (first day, computed first)"),
        ("w", "width change, as a rotation: rows re-measure"),
        ("▌", "the focused row (the table's focus; a click focuses a row)"),
        ("+", "grow the focused row: row(_:changedHeight:)"),
        ("a", "cells by frame layout / Auto Layout / content configuration: same heights"),
        ("i d m", "insert, delete, move the focused row: one apply"),
        ("Enter", "select / deselect the focused row (tapRow)"),
        ("L", "lift the focused row: ↑/↓ move it, Enter drops, Esc cancels"),
        ("c", "waterfall CollectionView of the feed / back"),
        ("← →", "swipe the focused row: leading / trailing actions"),
        ("E", "editing mode on / off"),
        ("[ ]", "previous / next day: the section index"),
        ("?", "this help"),
        ("q", "quit"),
    ]

    private func drawHelp(into grid: inout CharGrid) {
        let (title, keys) = currentKeyHelp
        let lines = keys.map { key, meaning in
            key.padding(toLength: 11, withPad: " ", startingAt: 0) + meaning
        }
        let boxWidth = min(width, (lines.map(\.count).max() ?? 0) + 4)
        let boxHeight = min(tableHeight, lines.count + 4)
        let box = GridRect(
            x: max(0, (width - boxWidth) / 2), y: max(0, (tableHeight - boxHeight) / 2),
            width: boxWidth, height: boxHeight)
        grid.fill(box)
        grid.drawBorder(box, style: GridStyle(bold: true))
        grid.write(title, x: box.x + 2, y: box.y, style: GridStyle(bold: true))
        let inner = GridRect(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2)
        for (index, line) in lines.enumerated() {
            grid.write(line, x: box.x + 2, y: box.y + 2 + index, style: .plain, clip: inner)
        }
        grid.write(" any key closes ", x: box.x + 2, y: box.maxY - 1, style: GridStyle(dim: true))
    }
}
