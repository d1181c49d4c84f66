import Foundation
@_spi(Internals) import ReuseTable

// The whole table of the 2013 article "Let's Build UITableView" (its `PGTableView`) on our `ScrollView`.
// A table view is four steps, each a function below, in the order a reader meets them:
//   1. `generateHeightAndOffsetData` — at reload, a record per row: where it starts, how tall it is;
//   2. `layoutTableRows` — on every offset change, a cell for each row from the top edge to the bottom edge;
//   3. `findRow(forOffsetY:)` — the row at the top edge, by binary search over the rows' starts;
//   4. `returnNonVisibleRowsToThePool` — rows that left give their cells to the pool dequeuing scans.
// Nothing a production table adds (sections, estimates, callbacks that change the table, bad numbers,
// selection): the engine is these four steps and what each needs at 10^7 rows (Docs/layout-on-scroll.md).
// The bench times it beside `TableView`, over the same rows and trivial cells (Docs/performance.md).

/// What the article's table asks: counts, cells and (optionally) heights.
@MainActor
public protocol ArticleTableDataSource: AnyObject {
    /// How many rows the table has.
    func numberOfRows(in table: ArticleTable) -> Int
    /// A cell for `row`: `table.dequeueReusableCell(withIdentifier:)` or a new one.
    func articleTable(_ table: ArticleTable, cellForRow row: Int) -> TableViewCell
    /// The height of `row`, or nil for `rowHeight` (the article asks only a delegate that answers).
    func articleTable(_ table: ArticleTable, heightForRow row: Int) -> Double?
}

/// The 2013 article's `PGTableView`: records, binary search, a pool, layout on every offset change.
///
/// Faithful in shape: the records are objects in an array (the article's `NSMutableArray` of
/// `PGRowRecord`), the visible rows a sorted list of row numbers made afresh each pass (its
/// `NSMutableIndexSet`), the pool a flat collection scanned by identifier (its `NSMutableSet`).
/// Left out: the article's `NSLog` on every pass.
@MainActor
public final class ArticleTable: ScrollView {
    /// One row: where it starts, how tall it is, and the cell showing it (the article's `PGRowRecord`).
    final class RowRecord {
        var startY: Double
        var height: Double
        var cachedCell: TableViewCell?
        init(startY: Double, height: Double) {
            self.startY = startY
            self.height = height
        }
    }

    /// Counts, cells and heights; held weakly, as the article's is.
    public weak var dataSource: ArticleTableDataSource?
    /// The height of every row when the data source gives none (the article's default).
    public var rowHeight = 40.0
    /// Space above every row (the article's is 2 pt; 0 keeps the data source's heights).
    public var rowMargin = 0.0

    // The visible rows are a plain array, not Foundation's `IndexSet` (which on Linux bridges every
    // operation to `NSIndexSet`): what the bench's ratio measures is the table's loop, not a cost
    // Objective-C on iOS does not have.
    private(set) var rowRecords: [RowRecord] = []
    /// The rows with cells, in increasing order.
    private(set) var visibleRows: [Int] = []
    private(set) var reusePool: [TableViewCell] = []

    /// Every cell back to the pool, every row's height asked again, and a layout.
    /// - Complexity: O(n): a record per row.
    public func reloadData() {
        returnNonVisibleRowsToThePool(nil)
        generateHeightAndOffsetData()
        layoutTableRows()
    }

    // MARK: 1. A record per row

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

    // MARK: 2. Layout on every offset change

    /// The article's `setContentOffset:` override: every offset change lays out.
    public override func scrollViewDidChangeOffset() {
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

    // MARK: 3. The row at the top edge

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

    // MARK: 4. The pool

    /// Rows visible before and not in `current` give their cells to the pool; `current` becomes the visible set.
    func returnNonVisibleRowsToThePool(_ current: [Int]?) {
        let current = current ?? []
        for row in visibleRows where row < rowRecords.count && !current.contains(row) {
            if let cell = rowRecords[row].cachedCell {
                reusePool.append(cell)
                cell.removeFromSuperview()
                rowRecords[row].cachedCell = nil
            }
        }
        visibleRows = current
    }

    /// A pooled cell with `identifier`, or nil: the first one found by a scan of the pool.
    /// - Complexity: O(cells in the pool).
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        for index in reusePool.indices where reusePool[index].reuseIdentifier == identifier {
            return reusePool.remove(at: index)
        }
        return nil
    }
}
