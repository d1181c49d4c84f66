import Foundation
import ReuseTable

/// A table's section index as the renderer draws it, in cells: the band of titles at the right
/// edge (left of the scroll indicator's column while that is drawn), and which title each of its
/// lines stands for — a click there is a tap on that title (`TableView.selectSectionIndexTitle(at:)`).
///
/// The titles (`TableView.sectionIndexTitles`) run down the band one a line, centred between the
/// table's top and bottom insets, as UIKit centres its index. When there are more titles than
/// lines, every line shows one title spread evenly from the first to the last (UIKit shows a
/// sample with dots between). The band is one blank column then the widest title, at most a
/// quarter of the table's width; the rows under it are not narrowed.
///
///     if let bar = SectionIndexBar(table), let title = bar.title(atLine: 5) { table.selectSectionIndexTitle(at: title) }
@MainActor
public struct SectionIndexBar: Hashable {
    /// The titles, as the data source returned them.
    public let titles: [String]
    /// The band's first column, counted from the table's left edge.
    public let column: Int
    /// The band's width in columns: the blank column and the titles' column.
    public let width: Int
    /// The line (from the table's top edge) showing the first of `lineTitles`.
    public let firstLine: Int
    /// The title each line of the band shows, from `firstLine` down: indexes into `titles`.
    public let lineTitles: [Int]

    /// The bar of `table`; nil when its data source has no titles or the table has no room for them
    /// (fewer than four columns or no line between its insets).
    /// - Complexity: O(titles).
    public init?(_ table: TableView) {
        guard let titles = table.sectionIndexTitles, !titles.isEmpty else { return nil }
        let tableWidth = Renderer.cell(table.bounds.width), tableHeight = Renderer.cell(table.bounds.height)
        let insets = table.adjustedContentInset
        let top = max(0, Renderer.cell(insets.top)), bottom = min(tableHeight, tableHeight - Renderer.cell(insets.bottom))
        let right = tableWidth - (ScrollIndicator(table) == nil ? 0 : 1)
        let widest = titles.reduce(1) { max($0, displayWidth($1)) }
        let width = min(1 + widest, tableWidth / 4)
        guard width >= 2, bottom > top else { return nil }
        let lines = bottom - top
        if titles.count <= lines {
            firstLine = top + (lines - titles.count) / 2
            lineTitles = Array(titles.indices)
        } else {
            firstLine = top
            lineTitles = (0..<lines).map { lines == 1 ? 0 : ($0 * (titles.count - 1) + (lines - 1) / 2) / (lines - 1) }
        }
        self.titles = titles
        self.width = width
        column = right - width
    }

    /// The index (into `titles`) of the title shown on `line`, or nil for a line the band does not reach.
    public func title(atLine line: Int) -> Int? {
        let offset = line - firstLine
        return offset >= 0 && offset < lineTitles.count ? lineTitles[offset] : nil
    }

    /// True when the cell at (`column`, `line`), from the table's top-left corner, is on the band.
    public func contains(column: Int, line: Int) -> Bool {
        column >= self.column && column < self.column + width && title(atLine: line) != nil
    }

    /// Draws `table`'s section index, when it has one, over the table drawn with its top-left corner
    /// at `origin` (where `Renderer.render(_:into:at:look:)` put it), clipped to the table, in
    /// `look.sectionIndex`: what `ListScreen` and the feed demo draw after the table.
    /// - Complexity: O(titles).
    public static func draw(over table: TableView, at origin: (x: Int, y: Int) = (0, 0), look: DefaultLook = .standard, in grid: inout CharGrid) {
        guard let bar = SectionIndexBar(table) else { return }
        let clip = GridRect(x: origin.x, y: origin.y, width: Renderer.cell(table.bounds.width), height: Renderer.cell(table.bounds.height))
        bar.draw(at: origin, style: look.sectionIndex, clip: clip, in: &grid)
    }

    /// Draws the band into `grid` with the table's top-left corner at `origin`: the band's cells
    /// blank in `style`, each title centred in its column after the blank one (cut to fit).
    func draw(at origin: (x: Int, y: Int), style: GridStyle, clip: GridRect, in grid: inout CharGrid) {
        let band = GridRect(x: origin.x + column, y: origin.y + firstLine, width: width, height: lineTitles.count)
        grid.fill(band, style: style, clip: clip)
        let titleColumns = width - 1
        for (offset, index) in lineTitles.enumerated() {
            var title = Substring(titles[index])
            while displayWidth(title) > titleColumns { title = title.dropLast() }
            let x = band.x + 1 + (titleColumns - displayWidth(title)) / 2
            let cut = GridRect(x: band.x + 1, y: band.y + offset, width: titleColumns, height: 1).intersection(clip)
            grid.write(title, x: x, y: band.y + offset, style: style, clip: cut)
        }
    }
}
