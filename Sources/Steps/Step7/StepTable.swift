// Step 7 of the ladder (Docs/steps/step-7-waterfall.md): step 1's loop laid out as a waterfall. Items of
// equal width in columns, each placed in the column that is shortest when its turn comes (ties to the left),
// and placed incrementally: appended items place only themselves, a changed item re-places from itself on.
// A copy of step 1, not of step 6: a waterfall is not one column, so step 5's tree of running heights and
// step 2's sticky headers have nothing to hold; what carries over is step 1's loop. Its four steps:
//   1. `generateHeightAndOffsetData` — at reload, every height at the column width, then `placeItems(from:)`;
//   2. `layoutTableRows` — on every offset change, a cell for each item the viewport shows, column by column;
//   3. `findItem(inColumn:forOffsetY:)` — a binary search per column, since a column's ends only grow;
//   4. `returnNonVisibleRowsToThePool` — items that left give their cells to a pool keyed by identifier.

import Foundation
import ReuseTable

/// What the table asks: how many items, a cell for an item, and each item's height at the column width.
@MainActor
public protocol StepTableDataSource: AnyObject {
    /// How many items the table has.
    func numberOfItems(in tableView: StepTable) -> Int
    /// A cell for `item`: `tableView.dequeueReusableCell(withIdentifier:)` or a new one.
    func tableView(_ tableView: StepTable, cellForItem item: Int) -> TableViewCell
    /// The height of `item` when it is `itemWidth` wide; the default is `tableView.itemHeight`.
    func tableView(_ tableView: StepTable, heightForItem item: Int, itemWidth: CGFloat) -> CGFloat
}

extension StepTableDataSource {
    /// Every item `tableView.itemHeight` tall.
    public func tableView(_ tableView: StepTable, heightForItem item: Int, itemWidth: CGFloat) -> CGFloat {
        tableView.itemHeight
    }
}

/// A waterfall of items: records, a binary search per column, a pool by identifier, layout on every offset change.
@MainActor
public final class StepTable: ScrollView {
    /// One item: its column, where it starts, how tall it is, and the cell showing it while it is on screen.
    struct ItemRecord {
        var column = 0
        var startY: CGFloat = 0
        var height: CGFloat
        var cell: TableViewCell?
    }

    /// Counts, cells and heights; held weakly, as UIKit holds its data source.
    public weak var dataSource: StepTableDataSource?
    /// The height of every item whose data source keeps the default.
    public var itemHeight: CGFloat = 50
    /// How many columns (1 or more; anything else is refused with a message). A new count re-places everything.
    public var numberOfColumns = 2 {
        didSet {
            guard numberOfColumns >= 1 else { return refuse("numberOfColumns = \(numberOfColumns)", "at least 1") { numberOfColumns = oldValue } }
            if !columns.isEmpty { reloadData() }
        }
    }
    /// The gap between columns and between the items of a column (finite, 0 or more; anything else is refused).
    public var margin: CGFloat = 0 {
        didSet {
            guard margin.isFinite && margin >= 0 else { return refuse("margin = \(margin)", "finite and 0 or more") { margin = oldValue } }
            if !columns.isEmpty { reloadData() }
        }
    }

    /// A record per item, in order.
    private(set) var records: [ItemRecord] = []
    /// Per column, its items top to bottom: item numbers only grow down a column, so it is searched by y.
    private(set) var columns: [[Int]] = []
    /// The items that have cells, in order: the ones the viewport shows.
    public private(set) var visibleItems: [Int] = []
    /// Cells off screen, a stack per reuse identifier.
    private var reusePool: [String: [TableViewCell]] = [:]
    /// How many items the last placement placed (the whole table at reload, the tail after a change).
    public private(set) var itemsPlacedByLastChange = 0

    /// The width of every item: the bounds' width less the gaps, shared by the columns; never negative.
    public var itemWidth: CGFloat {
        max(0, (bounds.width - CGFloat(numberOfColumns - 1) * margin) / CGFloat(numberOfColumns))
    }

    /// Where column `column` starts.
    func x(ofColumn column: Int) -> CGFloat { CGFloat(column) * (itemWidth + margin) }

    /// Every cell back to the pool, every height asked again, every item placed, and a layout.
    /// - Complexity: O(n · columns): a record per item, and the shortest of the columns for each.
    public func reloadData() {
        returnNonVisibleRowsToThePool(keeping: [])
        generateHeightAndOffsetData()
        layoutTableRows()
    }

    // MARK: 1. A record per item, placed in the shortest column

    /// A record per item, each item's height asked once at the column width, and every item placed.
    func generateHeightAndOffsetData() {
        let count = dataSource?.numberOfItems(in: self) ?? 0
        let width = itemWidth
        records = (0..<count).map { ItemRecord(height: dataSource?.tableView(self, heightForItem: $0, itemWidth: width) ?? itemHeight) }
        columns = Array(repeating: [], count: numberOfColumns)
        placeItems(from: 0)
    }

    /// Places items `start...` and keeps the rest: each column forgets its items from `start` on (one binary
    /// search each), stands where its last kept item ends, and every item from `start` goes to the column
    /// that stands highest, ties to the left. The content is as tall as the tallest column.
    /// - Complexity: O(columns · log n) to cut, O((n − start) · columns) to place.
    func placeItems(from start: Int) {
        var next = [CGFloat](repeating: 0, count: numberOfColumns)
        for column in columns.indices {
            let cut = firstPosition(inColumn: column) { $0 >= start }
            columns[column].removeSubrange(cut...)
            if let last = columns[column].last { next[column] = records[last].startY + records[last].height + margin }
        }
        for item in start..<records.count {
            var shortest = 0
            for column in 1..<numberOfColumns where next[column] < next[shortest] { shortest = column }
            records[item].column = shortest
            records[item].startY = next[shortest]
            records[item].cell?.frame = rectForItem(item)
            columns[shortest].append(item)
            next[shortest] = records[item].startY + records[item].height + margin
        }
        itemsPlacedByLastChange = records.count - start
        let tallest = columns.compactMap { $0.last.map { records[$0].startY + records[$0].height } }.max() ?? 0
        contentSize = CGSize(width: bounds.width, height: tallest)
    }

    // MARK: 2. Layout on every offset change

    /// Every offset change lays out, as the article's `setContentOffset:` override does.
    public override func scrollViewDidChangeOffset() {
        layoutTableRows()
    }

    /// The items the viewport shows, column by column from the one at the top edge down to the bottom edge;
    /// the pool takes the cells of the rest first, so that a jump reuses them, then each new item gets a cell.
    /// - Complexity: O(columns · log n + visible items).
    func layoutTableRows() {
        let top = contentOffset.y
        let bottom = top + bounds.height
        var current: [Int] = []
        for column in columns.indices {
            var position = findItem(inColumn: column, forOffsetY: top)
            while position < columns[column].count, records[columns[column][position]].startY < bottom {
                current.append(columns[column][position])
                position += 1
            }
        }
        returnNonVisibleRowsToThePool(keeping: current.sorted())
        for item in visibleItems where records[item].cell == nil { placeCell(forItem: item) }
    }

    /// Asks the data source for `item`'s cell and puts it where the item's record says.
    func placeCell(forItem item: Int) {
        guard let cell = dataSource?.tableView(self, cellForItem: item) else { return }
        cell.frame = rectForItem(item)
        addSubview(cell)
        records[item].cell = cell
    }

    // MARK: 3. The item at the top edge, column by column

    /// The place in `column` of its first item whose bottom edge is below `y` (the column's length when none
    /// is): a binary search, since down a column the items' ends only grow.
    /// - Complexity: O(log n).
    public func findItem(inColumn column: Int, forOffsetY y: CGFloat) -> Int {
        firstPosition(inColumn: column) { records[$0].startY + records[$0].height > y }
    }

    /// The first item whose bottom edge is below `y` (the item count when none is): the smallest of each
    /// column's first, since item numbers only grow down a column.
    /// - Complexity: O(columns · log n).
    public func findItem(forOffsetY y: CGFloat) -> Int {
        columns.indices.reduce(records.count) { first, column in
            let position = findItem(inColumn: column, forOffsetY: y)
            return position < columns[column].count ? min(first, columns[column][position]) : first
        }
    }

    /// The first place in `column` whose item satisfies `isAfter`, which is false then true down the column.
    func firstPosition(inColumn column: Int, where isAfter: (Int) -> Bool) -> Int {
        var low = 0
        var high = columns[column].count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(columns[column][middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    // MARK: 4. The pool

    /// Items that had cells and are not in `current` give their cells to the pool; `current` becomes visible.
    func returnNonVisibleRowsToThePool(keeping current: [Int]) {
        let kept = Set(current)
        for item in visibleItems where !kept.contains(item) && item < records.count {
            guard let cell = records[item].cell else { continue }
            cell.removeFromSuperview()
            reusePool[cell.reuseIdentifier ?? "", default: []].append(cell)
            records[item].cell = nil
        }
        visibleItems = current
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

    // MARK: Queries

    /// How many items the table shows.
    public var numberOfItems: Int { records.count }

    /// Where `item` sits in content coordinates.
    /// - Complexity: O(1).
    public func rectForItem(_ item: Int) -> CGRect {
        CGRect(x: x(ofColumn: records[item].column), y: records[item].startY, width: itemWidth, height: records[item].height)
    }

    /// The cell showing `item`, or nil when the item is off screen.
    public func cellForItem(_ item: Int) -> TableViewCell? {
        item >= 0 && item < records.count ? records[item].cell : nil
    }

    /// The cells on screen, in item order.
    public var visibleCells: [TableViewCell] { visibleItems.compactMap { records[$0].cell } }

    // MARK: Changes, placed from the first changed item on

    /// `item` is now `height` tall (the article's `row:changedHeight:`): it and every later item are placed
    /// again, the items before it stay, and the screen is laid out again.
    /// - Complexity: O((n − item) · columns).
    public func item(_ item: Int, changedHeight height: CGFloat) {
        guard checkItems([item], "item(_:changedHeight:)", count: records.count) else { return }
        guard height.isFinite && height >= 0 else { return refuse("item(_:changedHeight:): a height of \(height)", "finite and 0 or more") {} }
        records[item].height = height
        placeItems(from: item)
        layoutTableRows()
    }

    /// The items at `items` changed: their heights are asked again, and they and every later item are placed again.
    /// - Complexity: O(k + (n − first) · columns) for k items, the first of them `first`.
    public func reloadItems(at items: [Int]) {
        guard checkItems(items, "reloadItems(at:)", count: records.count), let first = items.min() else { return }
        for item in items {
            records[item].height = dataSource?.tableView(self, heightForItem: item, itemWidth: itemWidth) ?? itemHeight
            if let cell = records[item].cell {
                cell.removeFromSuperview()
                reusePool[cell.reuseIdentifier ?? "", default: []].append(cell)
                records[item].cell = nil
            }
        }
        placeItems(from: first)
        layoutTableRows()
    }

    /// Items were inserted at `items`, numbered after the insertion (the data source already has them): only
    /// they are asked heights, and from the first of them on everything is placed again; appended items
    /// place only themselves.
    /// - Complexity: O(n) to shift the records, O((n − first) · columns) to place.
    public func insertItems(at items: [Int]) {
        let count = dataSource?.numberOfItems(in: self) ?? 0
        guard checkItems(items, "insertItems(at:)", count: count),
            checkCount(count, expected: records.count + Set(items).count, "insertItems(at:)", "inserting \(Set(items).count)"),
            let first = items.min()
        else { return }
        returnNonVisibleRowsToThePool(keeping: [])  // the items move: the cells follow at the layout
        for item in Set(items).sorted() {
            records.insert(ItemRecord(height: dataSource?.tableView(self, heightForItem: item, itemWidth: itemWidth) ?? itemHeight), at: item)
        }
        placeItems(from: first)
        layoutTableRows()
    }

    /// Items were deleted at `items`, numbered before the deletion: from the first of them on, everything is
    /// placed again.
    /// - Complexity: O(n) to shift the records, O((n − first) · columns) to place.
    public func deleteItems(at items: [Int]) {
        let count = dataSource?.numberOfItems(in: self) ?? 0
        guard checkItems(items, "deleteItems(at:)", count: records.count),
            checkCount(count, expected: records.count - Set(items).count, "deleteItems(at:)", "deleting \(Set(items).count)"),
            let first = items.min()
        else { return }
        returnNonVisibleRowsToThePool(keeping: [])
        for item in Set(items).sorted(by: >) { records.remove(at: item) }
        placeItems(from: first)
        layoutTableRows()
    }

    // MARK: Bad input: a message, and nothing changes

    /// Whether every one of `items` is an item of a table of `count`; if not, a message names the first that is not.
    func checkItems(_ items: [Int], _ call: String, count: Int) -> Bool {
        guard let bad = items.first(where: { $0 < 0 || $0 >= count }) else { return true }
        diagnosticHandler("\(call): item \(bad) does not exist: the table has \(count) items there; nothing changed")
        return false
    }

    /// Whether the data source's `count` is what the change makes of the table's; if not, a message says both.
    func checkCount(_ count: Int, expected: Int, _ call: String, _ change: String) -> Bool {
        guard count != expected else { return true }
        diagnosticHandler(
            "\(call): the data source has \(count) items, but the table had \(records.count) and \(change) makes \(expected); nothing changed")
        return false
    }

    /// A message naming what was refused and what it must be; `revert` puts back what was there.
    func refuse(_ what: String, _ rule: String, revert: () -> Void) {
        diagnosticHandler("\(what) refused: it must be \(rule); nothing changed")
        revert()
    }
}
