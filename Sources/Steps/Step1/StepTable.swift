// Step 1 of the ladder (Docs/steps/step-1-the-loop.md): the 2013 article's table, on the library's
// headless `ScrollView`. A table view is four steps, each a function below, in the order a reader meets them:
//   1. `generateHeightAndOffsetData` — at reload, a record per row: where it starts, how tall it is;
//   2. `layoutTableRows` — on every offset change, a cell for each row from the top edge to the bottom edge;
//   3. `findRow(forOffsetY:)` — the row at the top edge, by binary search over the rows' ends;
//   4. `returnNonVisibleRowsToThePool` — rows that left give their cells to a pool keyed by identifier.
// Each later step is a copy of this folder plus one mechanism.

import Foundation
import ReuseTable

/// What the table asks: how many rows, a cell for a row, and each row's height.
@MainActor
public protocol StepTableDataSource: AnyObject {
    /// How many rows the table has.
    func numberOfRows(in tableView: StepTable) -> Int
    /// A cell for `row`: `tableView.dequeueReusableCell(withIdentifier:)` or a new one.
    func tableView(_ tableView: StepTable, cellForRow row: Int) -> TableViewCell
    /// The height of `row`; the default is `tableView.rowHeight`.
    func tableView(_ tableView: StepTable, heightForRow row: Int) -> CGFloat
}

extension StepTableDataSource {
    /// Every row `tableView.rowHeight` tall.
    public func tableView(_ tableView: StepTable, heightForRow row: Int) -> CGFloat { tableView.rowHeight }
}

/// A table of rows: records, binary search, a pool by identifier, layout on every offset change.
@MainActor
public final class StepTable: ScrollView {
    /// One row: where it starts, how tall it is, and the cell showing it while it is on screen.
    struct RowRecord {
        var startY: CGFloat
        var height: CGFloat
        var cell: TableViewCell?
    }

    /// Counts, cells and heights; held weakly, as UIKit holds its data source.
    public weak var dataSource: StepTableDataSource?
    /// The height of every row whose data source keeps the default.
    public var rowHeight: CGFloat = 44

    /// A record per row, in order.
    private(set) var records: [RowRecord] = []
    /// The rows that have cells: always one run of rows, the ones the viewport shows.
    public private(set) var visibleRows: Range<Int> = 0..<0
    /// Cells off screen, a stack per reuse identifier.
    private var reusePool: [String: [TableViewCell]] = [:]

    /// Every cell back to the pool, every height asked again, and a layout.
    /// - Complexity: O(n): a record per row.
    public func reloadData() {
        returnNonVisibleRowsToThePool(keeping: 0..<0)
        generateHeightAndOffsetData()
        layoutTableRows()
    }

    // MARK: 1. A record per row

    /// A record per row, each row's height asked once, and the content size.
    func generateHeightAndOffsetData() {
        let count = dataSource?.numberOfRows(in: self) ?? 0
        var records: [RowRecord] = []
        records.reserveCapacity(count)
        var y: CGFloat = 0
        for row in 0..<count {
            let height = dataSource?.tableView(self, heightForRow: row) ?? rowHeight
            records.append(RowRecord(startY: y, height: height))
            y += height
        }
        self.records = records
        contentSize = CGSize(width: bounds.width, height: y)
    }

    // MARK: 2. Layout on every offset change

    /// Every offset change lays out, as the article's `setContentOffset:` override does.
    public override func scrollViewDidChangeOffset() {
        layoutTableRows()
    }

    /// Cells for the rows from the one at the top edge down to the bottom edge; the pool takes the rest.
    /// - Complexity: O(log n + visible rows).
    func layoutTableRows() {
        let top = contentOffset.y
        let bottom = top + bounds.height
        let first = findRow(forOffsetY: top)
        var row = first
        while row < records.count && records[row].startY < bottom {
            if records[row].cell == nil { placeCell(forRow: row) }
            row += 1
        }
        returnNonVisibleRowsToThePool(keeping: first..<row)
    }

    /// Asks the data source for `row`'s cell and puts it where the row's record says.
    func placeCell(forRow row: Int) {
        guard let cell = dataSource?.tableView(self, cellForRow: row) else { return }
        cell.frame = CGRect(x: 0, y: records[row].startY, width: bounds.width, height: records[row].height)
        addSubview(cell)
        records[row].cell = cell
    }

    // MARK: 3. The row at the top edge

    /// The first row whose bottom edge is below `y` (the row count when none is): a binary search,
    /// since the rows' ends only grow.
    /// - Complexity: O(log n).
    public func findRow(forOffsetY y: CGFloat) -> Int {
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].startY + records[middle].height <= y { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: 4. The pool

    /// Rows that had cells and are not in `current` give their cells to the pool; `current` becomes visible.
    func returnNonVisibleRowsToThePool(keeping current: Range<Int>) {
        for row in visibleRows where !current.contains(row) && row < records.count {
            guard let cell = records[row].cell else { continue }
            cell.removeFromSuperview()
            reusePool[cell.reuseIdentifier ?? "", default: []].append(cell)
            records[row].cell = nil
        }
        visibleRows = current
    }

    /// A cell from the pool with `identifier`, prepared for reuse, or nil when the pool has none.
    /// - Complexity: O(1).
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        guard let cell = reusePool[identifier]?.popLast() else { return nil }
        cell.prepareForReuse()
        return cell
    }

    /// How many cells wait in the pool, all identifiers together.
    public var pooledCellCount: Int { reusePool.values.reduce(0) { $0 + $1.count } }

    // MARK: Queries and the article's one change

    /// How many rows the table shows.
    public var numberOfRows: Int { records.count }

    /// Where `row` sits in content coordinates.
    /// - Complexity: O(1).
    public func rectForRow(_ row: Int) -> CGRect {
        CGRect(x: 0, y: records[row].startY, width: bounds.width, height: records[row].height)
    }

    /// The cell showing `row`, or nil when the row is off screen.
    public func cellForRow(_ row: Int) -> TableViewCell? {
        row < records.count ? records[row].cell : nil
    }

    /// The cells on screen, top to bottom.
    public var visibleCells: [TableViewCell] { visibleRows.compactMap { records[$0].cell } }

    /// `row` is now `height` tall: every later row moves by the difference (the article's
    /// `row:changedHeight:`), and the screen is laid out again.
    /// - Complexity: O(n): each later record changes.
    public func row(_ row: Int, changedHeight height: CGFloat) {
        let delta = height - records[row].height
        records[row].height = height
        for later in (row + 1)..<records.count { records[later].startY += delta }
        contentSize.height += delta
        for visible in visibleRows {
            records[visible].cell?.frame = rectForRow(visible)
        }
        layoutTableRows()
    }
}
