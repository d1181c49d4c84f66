import Foundation
@_spi(Internals) import ReuseTable

// The `table` suite's `ArticleTable` strategy: the whole table of the 2013
// article "Let's Build UITableView" (its `PGTableView`, Obliquely/Let-s-Build-UITableView),
// re-implemented in Swift on our `ScrollView` so it lays out the same trivial
// cells (`BenchCell`) as the real `TableView` beside it. Only the loop the
// article teaches, nothing a production table adds (sections, estimates,
// callbacks that may change the table, bad numbers, selection, prefetching):
//
// - `generateHeightAndOffsetData`: one record object per row (start and height,
//   and the cell showing it), built by asking every row's height at reload;
// - `layoutTableRows`, on every offset change: binary search for the row at the
//   top (`findRow(forOffsetY:)`), then rows down to the bottom edge, asking the
//   data source for a cell only for a row that has none, which is placed once;
// - `returnNonVisibleRowsToThePool`: rows that were visible and are no longer
//   give their cells back to the pool, which `dequeueReusableCell` scans by identifier.
//
// Faithful in shape: the records are objects in an array (the article's
// `NSMutableArray` of `PGRowRecord`), the visible rows a sorted list of row
// numbers made afresh each pass (its `NSMutableIndexSet`), the pool a flat
// collection searched by identifier (its `NSMutableSet`). Left out: the
// article's `NSLog` on every pass. Its `rowMargin` (2 pt there) is 0 here, so
// rows have exactly the heights the data source gives, as in the `TableView`.
//
// Lean where Swift on Linux would add costs Objective-C on iOS does not have,
// so the ratio measures what the production pass adds, not those costs: the
// hot fields skip the runtime's exclusivity checks (`@exclusivity(unchecked)`,
// as the table's own hot state does), a cell leaves the table through
// `removeSubview(_:)` (the parent known, no weak load of `superview`, as the
// table's recycling does), and the visible rows are a plain array rather than
// Foundation's `IndexSet` (which on Linux bridges every operation to
// `NSIndexSet` and cost this loop more than the table's whole pass).

/// What the article's table asks: counts, cells and (optionally) heights.
@MainActor
protocol ArticleTableDataSource: AnyObject {
    func numberOfRows(in table: ArticleTable) -> Int
    /// A cell for `row`: `table.dequeueReusableCell(withIdentifier:)` or a new one.
    func articleTable(_ table: ArticleTable, cellForRow row: Int) -> TableViewCell
    /// The height of `row`, or nil for `rowHeight` (the article asks only a delegate that answers).
    func articleTable(_ table: ArticleTable, heightForRow row: Int) -> Double?
}

/// The 2013 article's `PGTableView`: records, binary search, a pool, layout on every offset change.
@MainActor
final class ArticleTable: ScrollView {
    /// One row: where it starts, how tall it is, and the cell showing it (the article's `PGRowRecord`).
    final class RowRecord {
        @exclusivity(unchecked) var startY: Double
        @exclusivity(unchecked) var height: Double
        @exclusivity(unchecked) var cachedCell: TableViewCell?
        init(startY: Double, height: Double) {
            self.startY = startY
            self.height = height
        }
    }

    weak var dataSource: ArticleTableDataSource?
    /// The height of every row when the data source gives none (the article's default).
    var rowHeight = 40.0
    /// Space above every row (the article's is 2 pt; 0 keeps the data source's heights).
    var rowMargin = 0.0

    @exclusivity(unchecked) private(set) var rowRecords: [RowRecord] = []
    @exclusivity(unchecked) private(set) var reusePool: [TableViewCell] = []
    /// The rows with cells, in increasing order.
    @exclusivity(unchecked) private(set) var visibleRows: [Int] = []

    /// A pooled cell with `identifier`, or nil: the first one found by a scan of the pool.
    /// (A loop: a closure formed here is main-actor isolated and checks the executor at every call.)
    func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        for index in reusePool.indices where reusePool[index].reuseIdentifier == identifier {
            return reusePool.remove(at: index)
        }
        return nil
    }

    /// Every cell back to the pool, every row's height asked again, and a layout.
    func reloadData() {
        returnNonVisibleRowsToThePool(nil)
        generateHeightAndOffsetData()
        layoutTableRows()
    }

    /// The article's `setContentOffset:` override: every offset change lays out.
    override func scrollViewDidChangeOffset() {
        layoutTableRows()
    }

    /// Cells for the rows from the one at the top edge down to the bottom edge; then the pool takes the rest.
    func layoutTableRows() {
        guard !rowRecords.isEmpty else { return }
        let currentStartY = Double(contentOffset.y)
        let currentEndY = currentStartY + Double(frame.height)
        var rowToDisplay = findRow(forOffsetY: currentStartY)
        var newVisibleRows: [Int] = []
        var yOrigin = 0.0, rowHeight = 0.0
        repeat {
            newVisibleRows.append(rowToDisplay)
            let record = rowRecords[rowToDisplay]
            yOrigin = record.startY
            rowHeight = record.height
            if record.cachedCell == nil, let cell = dataSource?.articleTable(self, cellForRow: rowToDisplay) {
                record.cachedCell = cell
                cell.frame = CGRect(x: 0, y: yOrigin, width: Double(bounds.width), height: rowHeight - rowMargin)
                addSubview(cell)
            }
            rowToDisplay += 1
        } while yOrigin + rowHeight < currentEndY && rowToDisplay < rowRecords.count
        returnNonVisibleRowsToThePool(newVisibleRows)
    }

    /// Rows visible before and not in `current` give their cells to the pool; `current` becomes the visible set.
    func returnNonVisibleRowsToThePool(_ current: [Int]?) {
        let current = current ?? []
        for row in visibleRows where row < rowRecords.count && !current.contains(row) {
            if let cell = rowRecords[row].cachedCell {
                reusePool.append(cell)
                removeSubview(cell)
                rowRecords[row].cachedCell = nil
            }
        }
        visibleRows = current
    }

    /// A record per row, each row's height asked once, and the content size.
    func generateHeightAndOffsetData() {
        var currentOffsetY = 0.0
        let count = dataSource?.numberOfRows(in: self) ?? 0
        var records: [RowRecord] = []
        records.reserveCapacity(count)
        for row in 0..<count {
            let height = dataSource?.articleTable(self, heightForRow: row) ?? rowHeight
            records.append(RowRecord(startY: currentOffsetY + rowMargin, height: height + rowMargin))
            currentOffsetY += height + rowMargin
        }
        rowRecords = records
        contentSize = CGSize(width: bounds.width, height: CGFloat(currentOffsetY))
    }

    /// The last row starting before `y` (row 0 when none does): the article's
    /// binary search for `y`'s insertion index among the rows' starts, minus one.
    /// - Complexity: O(log n).
    func findRow(forOffsetY y: Double) -> Int {
        var low = 0, high = rowRecords.count
        while low < high {
            let middle = (low + high) / 2
            if rowRecords[middle].startY < y { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }
}

/// The bench's data source for `ArticleTable`: the exact table's rows, sections flattened.
///
/// Row `i` has the height `VariedHeightSource` gives its index path in the
/// `TableView` beside it, so both tables show the same rows at the same offsets.
@MainActor
final class ArticleTableSource: ArticleTableDataSource {
    let rows: Int
    /// The first flat row of each section.
    let sectionStarts: [Int]
    let heights: VariedHeightSource

    init(rows: Int, sections: Int) {
        self.rows = rows
        var starts: [Int] = [], next = 0
        for section in 0..<sections {
            starts.append(next)
            next += TableSuites.rows(inSection: section, of: rows, sections: sections)
        }
        sectionStarts = starts
        heights = VariedHeightSource(rows: rows, sections: sections)
    }

    /// The index path flat row `row` has in the `TableView`.
    func indexPath(ofRow row: Int) -> IndexPath {
        var section = sectionStarts.count - 1
        while sectionStarts[section] > row { section -= 1 }
        return IndexPath(row: row - sectionStarts[section], section: section)
    }

    func numberOfRows(in table: ArticleTable) -> Int { rows }

    func articleTable(_ table: ArticleTable, cellForRow row: Int) -> TableViewCell {
        table.dequeueReusableCell(withIdentifier: TableSuites.identifier) ?? BenchCell(reuseIdentifier: TableSuites.identifier)
    }

    func articleTable(_ table: ArticleTable, heightForRow row: Int) -> Double? {
        VariedHeightSource.height(at: indexPath(ofRow: row))
    }
}
