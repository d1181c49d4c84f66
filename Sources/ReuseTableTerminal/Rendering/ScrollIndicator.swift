import Foundation
import ReuseTable

/// The vertical scroll indicator of a scroll view, in cells: where the renderer draws its thumb and
/// which offset a line of its track points at (a drag on it scrolls there).
///
/// Its length is the share of the content on screen and its position the share above it. A table
/// with estimated heights (`estimatedRowHeight` > 0) counts rows, not points: the row at the top of
/// the screen and how far into it the screen starts are what the table's anchor keeps still when an
/// estimate is corrected, so the thumb stays where it is while the content under the reader does —
/// measured in points it would move with every row measured above or below the screen. Any other
/// scroll view counts points (`contentSize`, `contentOffset`), as UIKit does.
///
///     if let indicator = ScrollIndicator(table) { print(indicator.thumbStart, indicator.thumbLength) }
@MainActor
public struct ScrollIndicator: Hashable {
    /// The lines the thumb runs along: the scroll view's height in cells.
    public let trackLength: Int
    /// The thumb's first line on the track, from 0.
    public let thumbStart: Int
    /// The thumb's length in lines, at least 1.
    public let thumbLength: Int
    /// The share of the content above the screen, 0 at the top and 1 at the end.
    public let position: Double
    /// The share of the content on screen, in (0, 1].
    public let visibleShare: Double

    /// The indicator of `scrollView`; nil when `showsVerticalScrollIndicator` is false, when the
    /// content fits on screen, or when the view is less than two lines tall.
    /// - Complexity: O(sections + visible rows) for a table with estimated heights, O(1) otherwise.
    public init?(_ scrollView: ScrollView) {
        let track = Renderer.cell(scrollView.bounds.height)
        let range = scrollView.maximumContentOffsetY - scrollView.minimumContentOffsetY
        guard scrollView.showsVerticalScrollIndicator, track >= 2, range > 0.5 else { return nil }
        let share: (position: Double, visible: Double)
        if let table = scrollView as? TableView, table.estimatedRowHeight > 0, let rows = RowShare(table) {
            share = (rows.above / max(rows.total - rows.visible, 1e-9), rows.visible / rows.total)
        } else {
            let height = Double(scrollView.bounds.height)
            share = (Double(scrollView.contentOffset.y - scrollView.minimumContentOffsetY) / Double(range), height / (height + Double(range)))
        }
        position = min(max(share.position, 0), 1)
        visibleShare = min(max(share.visible, 0), 1)
        trackLength = track
        thumbLength = min(track - 1, max(1, Int((Double(track) * visibleShare).rounded())))
        thumbStart = Int((Double(track - thumbLength) * position).rounded())
    }

    /// True when `line` (from the track's top) is on the thumb.
    public func thumbContains(_ line: Int) -> Bool { line >= thumbStart && line < thumbStart + thumbLength }

    /// The position (0…1) that puts the thumb's first line at `start`.
    public func position(forThumbStart start: Int) -> Double {
        let free = trackLength - thumbLength
        return free <= 0 ? 0 : min(max(Double(start) / Double(free), 0), 1)
    }

    /// Where along the thumb the pointer holds it after a press on `line` of the track: on the thumb,
    /// the line it pressed (the thumb does not jump); elsewhere the thumb's middle, which jumps there.
    /// `drag(_:holding:to:)` keeps that hold.
    public func grab(at line: Int) -> Int { thumbContains(line) ? line - thumbStart : thumbLength / 2 }

    /// A press or drag on the indicator: scrolls `scrollView` so that its thumb, held `grab` lines
    /// below its top (`grab(at:)`), is at `line` of the track, as UIKit's indicator follows a finger.
    /// Returns whether the offset changed; false when the view has no indicator.
    /// - Complexity: that of `scroll(_:to:)`.
    @discardableResult
    public static func drag(_ scrollView: ScrollView, holding grab: Int, to line: Int) -> Bool {
        guard let indicator = ScrollIndicator(scrollView) else { return false }
        let old = scrollView.contentOffset.y
        scroll(scrollView, to: indicator.position(forThumbStart: line - grab))
        return scrollView.contentOffset.y != old
    }

    /// Scrolls `scrollView` so that its indicator's share above the screen is `position` (0…1): a
    /// table with estimated heights scrolls to the row that many rows down (measuring the rows it
    /// shows), anything else to that share of its offset range; either way to a whole line.
    /// - Complexity: O(sections) plus the scroll.
    public static func scroll(_ scrollView: ScrollView, to position: Double) {
        let position = min(max(position.isNaN ? 0 : position, 0), 1)
        let minimum = scrollView.minimumContentOffsetY
        if let table = scrollView as? TableView, table.estimatedRowHeight > 0, let rows = RowShare(table) {
            let units = position * max(rows.total - rows.visible, 0)
            if let indexPath = rows.indexPath(ofRow: Int(units.rounded(.down))) {
                table.scrollToRow(at: indexPath, at: .top, animated: false)
                let rect = table.rectForRow(at: indexPath)
                let y = (rect.minY + rect.height * CGFloat(units - units.rounded(.down))).rounded()  // whole lines, as the terminal draws
                table.contentOffset.y = min(max(minimum, y), table.maximumContentOffsetY)
            }
            if position >= 1 { table.contentOffset.y = table.maximumContentOffsetY }
            return
        }
        let y = minimum + CGFloat(position) * (scrollView.maximumContentOffsetY - minimum)
        scrollView.contentOffset.y = y.rounded()
    }
}

/// A table's rows counted as units: every row is one, whatever its height; a partly visible row
/// counts for the part on screen.
@MainActor
private struct RowShare {
    let table: TableView
    let sectionStarts: [Int]
    /// Rows in the table.
    let total: Double
    /// Rows above the top of the screen (the top row's hidden part included).
    let above: Double
    /// Rows on screen.
    let visible: Double

    init?(_ table: TableView) {
        var starts: [Int] = [], count = 0
        for section in 0..<table.numberOfSections {
            starts.append(count)
            count += table.numberOfRows(inSection: section)
        }
        guard count > 0, let rows = table.indexPathsForVisibleRows, let first = rows.first else { return nil }
        let top = table.bounds.minY, bottom = table.bounds.maxY
        var above = Double(starts[first.section] + first.row), visible = 0.0
        for indexPath in rows {
            let rect = table.rectForRow(at: indexPath)
            guard rect.height > 0 else { continue }
            let shown = min(rect.maxY, bottom) - max(rect.minY, top)
            visible += Double(max(0, shown) / rect.height)
            if indexPath == first { above += Double(min(max(top - rect.minY, 0), rect.height) / rect.height) }
        }
        self.table = table
        sectionStarts = starts
        total = Double(count)
        self.above = above
        self.visible = visible
    }

    /// The index path of the table's `row`-th row, counting from 0 across sections (the last row
    /// for a count past the end).
    func indexPath(ofRow row: Int) -> IndexPath? {
        for section in stride(from: sectionStarts.count - 1, through: 0, by: -1) where sectionStarts[section] <= row {
            let rows = table.numberOfRows(inSection: section)
            if rows > 0 { return IndexPath(row: min(row - sectionStarts[section], rows - 1), section: section) }
        }
        return nil
    }
}
