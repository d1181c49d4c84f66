import Foundation
@_spi(Internals) import ReuseTable
import Feed

/// `Demo xray --svg FILE [--rows N] [--offset Y]`: a picture of a table's insides.
///
/// Two panels, before and after a scroll of the same table. Each shows the
/// whole content space scaled to fit: every row as a band (measured heights
/// solid, estimates hatched), day headers, the viewport, and the rows on
/// screen coloured by the *cell object* showing them — so a colour that moves
/// from one row to another between the panels is a cell being reused. Under
/// each panel, the cells waiting in the reuse pool. One row is selected before
/// the scroll: its mark stays on the row (the table keeps it), not on the cell
/// that showed it, which the scroll reuses for a row that is not selected.
@MainActor
enum Xray {
    /// Parses the arguments, writes the SVG, returns the exit status.
    static func main(_ arguments: [String]) -> Int32 {
        var path: String?
        var rows = 24
        var offset: CGFloat = 30
        var index = 0
        func value() -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--svg": path = value()
            case "--rows":
                guard let text = value(), let number = Int(text), number > 0 else { return usage("--rows needs a positive number") }
                rows = number
            case "--offset":
                guard let text = value(), let number = Double(text), number >= 0 else { return usage("--offset needs a number ≥ 0") }
                offset = CGFloat(number)
            default: return usage("unknown argument '\(arguments[index])'")
            }
            index += 1
        }
        guard let path else { return usage("--svg FILE is required") }
        let svg = Xray.svg(rows: rows, offset: offset)
        do {
            try svg.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            FileHandle.standardError.write(Data("xray: cannot write \(path): \(error)\n".utf8))
            return 1
        }
        print("Wrote \(path): \(rows) rows, viewport at y = \(Int(offset)) and after a scroll.")
        return 0
    }

    private static func usage(_ problem: String) -> Int32 {
        FileHandle.standardError.write(Data("xray: \(problem)\nusage: Demo xray --svg FILE [--rows N] [--offset Y]\n".utf8))
        return 2
    }

    /// Days of `rowsPerDay` rows in the xray feed.
    static let rowsPerDay = 10
    /// The table's size in points (columns × lines), a small phone-shaped terminal.
    static let tableSize = CGSize(width: 36, height: 18)

    /// What one panel shows.
    struct Snapshot {
        struct Band {
            var kind: SlotKind
            var minY: Double
            var height: Double
            var isMeasured: Bool
            var section: Int
            var row: Int
        }
        struct Shown {
            var indexPath: IndexPath
            var serial: Int
            var frame: CGRect
            /// What the cell shows (`TableViewCell.isSelected`, set by the table at display).
            var isSelected: Bool
        }
        var bands: [Band] = []
        var contentHeight: Double = 0
        var viewport: CGRect = .zero
        var shown: [Shown] = []
        var pool: [Int] = []
        var cellsCreated = 0
        /// The table's selected rows (`indexPathsForSelectedRows`).
        var selected: Set<IndexPath> = []
    }

    /// Takes a snapshot of the table as it is now.
    static func snapshot(of table: TableView) -> Snapshot {
        var snapshot = Snapshot()
        let geometry = table.inspectedGeometry
        var section = -1, row = 0
        geometry.forEachSlot(from: 0) { slot in
            if slot.kind == .header {
                section += 1
                row = -1
            } else {
                row += 1
            }
            snapshot.bands.append(
                .init(
                    kind: slot.kind, minY: slot.minY, height: slot.height,
                    isMeasured: slot.isMeasured, section: section, row: row))
            return true
        }
        snapshot.contentHeight = geometry.totalHeight
        snapshot.viewport = table.bounds
        for indexPath in table.indexPathsForVisibleRows ?? [] {
            guard let cell = table.cellForRow(at: indexPath) as? FeedCell else { continue }
            snapshot.shown.append(.init(indexPath: indexPath, serial: cell.serial, frame: cell.frame, isSelected: cell.isSelected))
        }
        snapshot.pool = (table.pooledCells[FeedCell.identifier] ?? []).compactMap { ($0 as? FeedCell)?.serial }
        snapshot.cellsCreated = table.counters.cellsCreated
        snapshot.selected = Set(table.indexPathsForSelectedRows ?? [])
        return snapshot
    }

    /// The two snapshots: at `offset`, and after scrolling down by most of a screen.
    static func snapshots(rows: Int, offset: CGFloat) -> (before: Snapshot, after: Snapshot, scroll: CGFloat) {
        let days = max(1, (rows + rowsPerDay - 1) / rowsPerDay)
        var model = FeedModel(sections: days, rowsPerSection: rowsPerDay)
        // Trim the last day so the feed has exactly `rows` rows.
        let extra = days * rowsPerDay - rows
        for _ in 0..<extra { model.deletePost(at: IndexPath(row: model.numberOfRows(inSection: days - 1) - 1, section: days - 1)) }
        let feed = FeedDataSource(model: model)
        let table = TableView(frame: CGRect(origin: .zero, size: tableSize))
        feed.install(in: table)
        table.estimatedRowHeight = feed.averageHeight(width: tableSize.width)
        table.reloadData()
        table.contentOffset = CGPoint(x: 0, y: min(offset, table.maximumContentOffsetY))
        // Select the first row on screen: the scroll takes it off screen and reuses its cell.
        if let first = table.indexPathsForVisibleRows?.first { table.tapRow(at: first) }
        let before = snapshot(of: table)
        let scroll = tableSize.height  // a full screen: every row entering takes a cell that left
        table.contentOffset = CGPoint(x: 0, y: min(table.contentOffset.y + scroll, table.maximumContentOffsetY))
        let after = snapshot(of: table)
        withExtendedLifetime(feed) {}
        return (before, after, scroll)
    }

    // MARK: Drawing

    /// The mark of a selected row.
    static let selectedColour = "#111111"

    /// A cell's colour: hues spread by the golden angle so neighbouring serials differ.
    static func colour(serial: Int) -> String {
        let hue = (Double(serial) * 137.508).truncatingRemainder(dividingBy: 360)
        return "hsl(\(Int(hue)),62%,52%)"
    }

    /// The whole SVG document.
    static func svg(rows: Int, offset: CGFloat) -> String {
        let (before, after, scroll) = snapshots(rows: rows, offset: offset)
        let width = 1160.0
        let top = 112.0
        let columnHeight = 760.0
        let poolTop = top + columnHeight + 64
        let height = poolTop + 60
        let scale = columnHeight / max(before.contentHeight, after.contentHeight, 1)
        var svg = SVG(width: width, height: height)
        svg.raw(
            """
            <defs><pattern id="est" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
            <rect width="6" height="6" fill="#eef1f5"/><line x1="0" y1="0" x2="0" y2="6" stroke="#b9c2cf" stroke-width="2"/></pattern></defs>
            """)
        svg.rect(x: 0, y: 0, width: width, height: height, fill: "#ffffff")
        svg.text(
            "ReuseTable xray — \(rows) self-sizing rows in days of \(rowsPerDay), a \(Int(tableSize.width))×\(Int(tableSize.height)) table",
            x: 24, y: 34, size: 20, weight: "bold")
        svg.text(
            "Content space scaled to fit (1 line = \(String(format: "%.1f", scale)) px). Colour = the cell object on screen: "
                + "a colour on a new row is a reused cell.", x: 24, y: 58, size: 13, fill: "#444")
        legend(into: &svg, x: 24, y: 76)
        panel(before, title: "Before: contentOffset.y = \(Int(before.viewport.minY))", x: 24, top: top, scale: scale, into: &svg)
        panel(
            after, title: "After scrolling \(Int(scroll)) lines: y = \(Int(after.viewport.minY))", x: 590, top: top, scale: scale,
            previous: before, into: &svg)
        pool(before, x: 24, y: poolTop, into: &svg)
        pool(after, x: 590, y: poolTop, into: &svg)
        return svg.document
    }

    private static func legend(into svg: inout SVG, x: Double, y: Double) {
        var x = x
        func item(_ label: String, draw: (inout SVG) -> Void) {
            draw(&svg)
            svg.text(label, x: x + 22, y: y + 1, size: 12, fill: "#333")
            x += 30 + Double(label.count) * 6.6
        }
        item("measured height") { $0.rect(x: x, y: y - 10, width: 16, height: 12, fill: "#c9d3e0", stroke: "#8a97a8") }
        item("estimate") { $0.rect(x: x, y: y - 10, width: 16, height: 12, fill: "url(#est)", stroke: "#8a97a8") }
        item("day header") { $0.rect(x: x, y: y - 10, width: 16, height: 12, fill: "#2f3b4c") }
        item("viewport") { $0.rect(x: x, y: y - 10, width: 16, height: 12, fill: "none", stroke: "#d62828", strokeWidth: 2.5) }
        item("on screen, coloured by cell") { $0.rect(x: x, y: y - 10, width: 16, height: 12, fill: colour(serial: 3)) }
        item("selected (kept by the table)") { $0.rect(x: x + 5, y: y - 10, width: 6, height: 12, fill: selectedColour) }
    }

    /// One panel: the content column with bands, the viewport, and labels for the rows on screen.
    private static func panel(
        _ snapshot: Snapshot, title: String, x: Double, top: Double, scale: Double,
        previous: Snapshot? = nil, into svg: inout SVG
    ) {
        let earlierRow = Dictionary((previous?.shown ?? []).map { ($0.serial, $0.indexPath) }, uniquingKeysWith: { a, _ in a })
        let earlierPool = Set(previous?.pool ?? [])
        let columnX = x + 56, columnWidth = 150.0
        svg.text(title, x: x, y: top - 2, size: 15, weight: "bold")
        let bottom = top + 8 + snapshot.contentHeight * scale
        let y0 = top + 8
        svg.rect(x: columnX, y: y0, width: columnWidth, height: snapshot.contentHeight * scale, fill: "#f7f8fa", stroke: "#c5ccd6")
        // Y axis ticks every 50 lines.
        var tick = 0.0
        while tick <= snapshot.contentHeight {
            let y = y0 + tick * scale
            svg.line(x1: columnX - 6, y1: y, x2: columnX, y2: y, stroke: "#999")
            svg.text("\(Int(tick))", x: columnX - 9, y: y + 4, size: 10, fill: "#777", anchor: "end")
            tick += 50
        }
        let shownByPath = Dictionary(uniqueKeysWithValues: snapshot.shown.map { ($0.indexPath, $0) })
        for band in snapshot.bands where band.height > 0 {
            let y = y0 + band.minY * scale, h = band.height * scale
            switch band.kind {
            case .header:
                svg.rect(x: columnX, y: y, width: columnWidth, height: max(h, 1.5), fill: "#2f3b4c")
                svg.text("day \(band.section + 1)", x: columnX + columnWidth + 6, y: y + 4, size: 9, fill: "#2f3b4c")
            case .footer: break
            case .row:
                let indexPath = IndexPath(row: band.row, section: band.section)
                let fill =
                    shownByPath[indexPath].map { colour(serial: $0.serial) }
                    ?? (band.isMeasured ? "#c9d3e0" : "url(#est)")
                svg.rect(
                    x: columnX + 4, y: y + 0.5, width: columnWidth - 8, height: max(h - 1, 0.8), fill: fill,
                    stroke: h > 4 ? "#8a97a8" : nil, strokeWidth: 0.5, kind: "row")
                if snapshot.selected.contains(indexPath) {
                    // A mark on the row itself, on screen or not: selection is the table's state, by index path.
                    svg.rect(x: columnX - 2, y: y + 0.5, width: 5, height: max(h - 1, 0.8), fill: selectedColour, kind: "selected")
                    svg.text("selected", x: columnX + 8, y: y + min(h, 12) - 2, size: 9, weight: "bold", fill: selectedColour)
                }
            }
        }
        // The viewport, slightly wider than the column so it reads as a window over it.
        let viewportY = y0 + Double(snapshot.viewport.minY) * scale
        let viewportHeight = Double(snapshot.viewport.height) * scale
        svg.rect(
            x: columnX - 10, y: viewportY, width: columnWidth + 20, height: viewportHeight,
            fill: "rgba(214,40,40,0.06)", stroke: "#d62828", strokeWidth: 2.5, kind: "viewport")
        svg.text("viewport", x: columnX - 12, y: viewportY - 5, size: 11, weight: "bold", fill: "#d62828")
        // Labels for the rows on screen, fanned out to the right with leader lines.
        let labelX = columnX + columnWidth + 44
        let spacing = 22.0
        let count = Double(snapshot.shown.count)
        let mid = viewportY + viewportHeight / 2
        var labelY = max(y0 + 10, min(mid - (count - 1) * spacing / 2, bottom - (count - 1) * spacing))
        for shown in snapshot.shown {
            let rowMid = y0 + Double(shown.frame.midY) * scale
            let colour = colour(serial: shown.serial)
            svg.line(x1: columnX + columnWidth - 4, y1: rowMid, x2: labelX - 4, y2: labelY - 4, stroke: colour, width: 1.5)
            svg.rect(x: labelX, y: labelY - 13, width: 16, height: 16, fill: colour, rx: 3)
            svg.text("cell #\(shown.serial)", x: labelX + 22, y: labelY, size: 13, weight: "bold", fill: colour)
            var note =
                "row [\(shown.indexPath.section), \(shown.indexPath.row)] · \(Int(shown.frame.height)) lines"
                + (shown.isSelected ? " · selected" : "")
            if previous != nil {
                if let was = earlierRow[shown.serial] {
                    note += was == shown.indexPath ? " · stayed" : " · reused, was [\(was.section), \(was.row)]"
                } else if earlierPool.contains(shown.serial) {
                    note += " · from the pool"
                } else {
                    note += " · new cell"
                }
            }
            svg.text(note, x: labelX + 84, y: labelY, size: 12, fill: "#444")
            labelY += spacing
        }
        let measured = snapshot.bands.filter { $0.kind == .row && $0.isMeasured }.count
        let rows = snapshot.bands.filter { $0.kind == .row }.count
        svg.text(
            "\(measured) of \(rows) rows measured · content height \(Int(snapshot.contentHeight)) lines",
            x: x, y: bottom + 20, size: 12, fill: "#444")
    }

    /// The reuse pool under a panel.
    private static func pool(_ snapshot: Snapshot, x: Double, y: Double, into svg: inout SVG) {
        svg.text(
            "Reuse pool: \(snapshot.pool.count) idle · \(snapshot.cellsCreated) cells created in all",
            x: x, y: y, size: 14, weight: "bold")
        var chipX = x
        if snapshot.pool.isEmpty {
            svg.text("(empty — every cell is on screen)", x: x, y: y + 28, size: 12, fill: "#777")
        }
        for serial in snapshot.pool {
            svg.rect(x: chipX, y: y + 12, width: 74, height: 24, fill: colour(serial: serial), rx: 5)
            svg.text("cell #\(serial)", x: chipX + 37, y: y + 29, size: 12, weight: "bold", fill: "#fff", anchor: "middle")
            chipX += 82
        }
    }
}

/// A minimal SVG writer: numbers rounded to 0.1, text escaped.
struct SVG {
    let width: Double
    let height: Double
    private var body = ""

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    var document: String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
            + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"Helvetica, Arial, sans-serif\">\n"
            + body + "</svg>\n"
    }

    mutating func raw(_ text: String) { body += text + "\n" }

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String,
        stroke: String? = nil, strokeWidth: Double = 1, rx: Double = 0, kind: String? = nil
    ) {
        var attributes =
            (kind.map { "class=\"\($0)\" " } ?? "") + "x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(fill)\""
        if let stroke { attributes += " stroke=\"\(stroke)\" stroke-width=\"\(n(strokeWidth))\"" }
        if rx > 0 { attributes += " rx=\"\(n(rx))\"" }
        body += "<rect \(attributes)/>\n"
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1) {
        body += "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"/>\n"
    }

    mutating func text(
        _ string: String, x: Double, y: Double, size: Double, weight: String = "normal",
        fill: String = "#111", anchor: String = "start"
    ) {
        body +=
            "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\" font-weight=\"\(weight)\" fill=\"\(fill)\" "
            + "text-anchor=\"\(anchor)\">\(escape(string))</text>\n"
    }

    private func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private func escape(_ string: String) -> String {
        string.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
