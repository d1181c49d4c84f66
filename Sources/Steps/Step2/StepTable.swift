// Step 2 of the ladder (Docs/steps/step-2-sections.md): step 1's table with sections, each opened by a
// header that sticks to the top while its section is on screen. The four steps of step 1 are unchanged in
// shape; `generateHeightAndOffsetData` now lays sections out too, and `layoutHeaders` is new:
//   1. `generateHeightAndOffsetData` — at reload, a record per section and per row;
//   2. `layoutTableRows` — on every offset change, the rows' cells, then `layoutHeaders`;
//   3. `findRow(forOffsetY:)` and `findSection(forOffsetY:)` — binary searches over the ends;
//   4. `returnNonVisibleRowsToThePool` — rows that left give their cells to a pool keyed by identifier.
// Each later step is a copy of this folder plus one mechanism.

import Foundation
import ReuseTable

/// What the table asks: sections, rows, a cell for a row, heights, and each section's header.
@MainActor
public protocol StepTableDataSource: AnyObject {
    /// How many sections the table has; the default is 1.
    func numberOfSections(in tableView: StepTable) -> Int
    /// How many rows `section` has.
    func tableView(_ tableView: StepTable, numberOfRowsInSection section: Int) -> Int
    /// A cell for `indexPath`: `tableView.dequeueReusableCell(withIdentifier:)` or a new one.
    func tableView(_ tableView: StepTable, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// The height of the row at `indexPath`; the default is `tableView.rowHeight`.
    func tableView(_ tableView: StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// The height of `section`'s header; the default is 0, no header.
    func tableView(_ tableView: StepTable, heightForHeaderInSection section: Int) -> CGFloat
    /// The view showing `section`'s header; the default is nil, an empty space.
    func tableView(_ tableView: StepTable, viewForHeaderInSection section: Int) -> View?
}

extension StepTableDataSource {
    /// One section.
    public func numberOfSections(in tableView: StepTable) -> Int { 1 }
    /// Every row `tableView.rowHeight` tall.
    public func tableView(_ tableView: StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    /// No header.
    public func tableView(_ tableView: StepTable, heightForHeaderInSection section: Int) -> CGFloat { 0 }
    /// No header view.
    public func tableView(_ tableView: StepTable, viewForHeaderInSection section: Int) -> View? { nil }
}

/// A table of rows in sections: records, binary search, a pool by identifier, sticky headers.
@MainActor
public final class StepTable: ScrollView {
    /// One row: its index path, where it starts, how tall it is, and the cell showing it while on screen.
    struct RowRecord {
        var indexPath: IndexPath
        var startY: CGFloat
        var height: CGFloat
        var cell: TableViewCell?
    }

    /// One section: its header's place, its first row's record, and where the section ends.
    struct SectionRecord {
        var headerY: CGFloat
        var headerHeight: CGFloat
        var firstRecord: Int
        var rowCount: Int
        var endY: CGFloat
    }

    /// Counts, cells and heights; held weakly, as UIKit holds its data source.
    public weak var dataSource: StepTableDataSource?
    /// The height of every row whose data source keeps the default.
    public var rowHeight: CGFloat = 44

    /// A record per row, in order, all sections together.
    private(set) var records: [RowRecord] = []
    /// A record per section, in order.
    private(set) var sectionRecords: [SectionRecord] = []
    /// The records that have cells: always one run, the rows the viewport shows.
    private(set) var visibleRecords: Range<Int> = 0..<0
    /// The header views on screen, by section.
    private var visibleHeaders: [Int: View] = [:]
    /// Cells off screen, a stack per reuse identifier.
    private var reusePool: [String: [TableViewCell]] = [:]

    /// Every cell back to the pool, every header dropped, every height asked again, and a layout.
    /// - Complexity: O(n): a record per row.
    public func reloadData() {
        returnNonVisibleRowsToThePool(keeping: 0..<0)
        for (_, header) in visibleHeaders { header.removeFromSuperview() }
        visibleHeaders = [:]
        generateHeightAndOffsetData()
        layoutTableRows()
    }

    // MARK: 1. A record per section and per row

    /// A record per section and per row, each height asked once, and the content size.
    func generateHeightAndOffsetData() {
        let sectionCount = dataSource?.numberOfSections(in: self) ?? 0
        var records: [RowRecord] = []
        var sectionRecords: [SectionRecord] = []
        var y: CGFloat = 0
        for section in 0..<sectionCount {
            let headerHeight = dataSource?.tableView(self, heightForHeaderInSection: section) ?? 0
            let rowCount = dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
            let headerY = y
            let firstRecord = records.count
            y += headerHeight
            for row in 0..<rowCount {
                let indexPath = IndexPath(row: row, section: section)
                let height = dataSource?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
                records.append(RowRecord(indexPath: indexPath, startY: y, height: height))
                y += height
            }
            sectionRecords.append(
                SectionRecord(headerY: headerY, headerHeight: headerHeight, firstRecord: firstRecord, rowCount: rowCount, endY: y))
        }
        self.records = records
        self.sectionRecords = sectionRecords
        contentSize = CGSize(width: bounds.width, height: y)
    }

    // MARK: 2. Layout on every offset change

    /// Every offset change lays out, as the article's `setContentOffset:` override does.
    public override func scrollViewDidChangeOffset() {
        layoutTableRows()
    }

    /// Cells for the rows from the one at the top edge down to the bottom edge; the pool takes the rest.
    /// Then the headers, which move on every pass: the one at the top sticks.
    /// - Complexity: O(log n + visible rows and sections).
    func layoutTableRows() {
        let top = contentOffset.y
        let bottom = top + bounds.height
        let first = findRow(forOffsetY: top)
        var index = first
        while index < records.count && records[index].startY < bottom {
            if records[index].cell == nil { placeCell(forRecord: index) }
            index += 1
        }
        returnNonVisibleRowsToThePool(keeping: first..<index)
        layoutHeaders(top: top, bottom: bottom)
    }

    /// Asks the data source for a row's cell and puts it where the row's record says.
    func placeCell(forRecord index: Int) {
        guard let cell = dataSource?.tableView(self, cellForRowAt: records[index].indexPath) else { return }
        cell.frame = CGRect(x: 0, y: records[index].startY, width: bounds.width, height: records[index].height)
        addSubview(cell)
        records[index].cell = cell
    }

    /// The headers between `top` and `bottom` at their places, except the header of the section at the top:
    /// it sticks to the top edge until its section's end pushes it up. Headers that left are dropped.
    func layoutHeaders(top: CGFloat, bottom: CGFloat) {
        var wanted: [Int: CGRect] = [:]
        let firstSection = findSection(forOffsetY: top)
        var section = firstSection
        while section < sectionRecords.count && sectionRecords[section].headerY < bottom {
            let rect = rectForHeader(inSection: section)
            if rect.height > 0 && rect.maxY > top { wanted[section] = rect }
            section += 1
        }
        if top > 0, firstSection < sectionRecords.count, sectionRecords[firstSection].headerHeight > 0 {
            wanted[firstSection] = stickyHeaderRect(inSection: firstSection, top: top)
        }
        for (section, header) in visibleHeaders where wanted[section] == nil {
            header.removeFromSuperview()
            visibleHeaders[section] = nil
        }
        for (section, rect) in wanted {
            if visibleHeaders[section] == nil, let header = dataSource?.tableView(self, viewForHeaderInSection: section) {
                addSubview(header)
                visibleHeaders[section] = header
            }
            visibleHeaders[section]?.frame = rect
        }
        if let sticky = visibleHeaders[firstSection] { bringSubviewToFront(sticky) }
    }

    /// Where `section`'s header sticks while the top edge is at `top`: at the top edge, never above its own
    /// place and never below the section's end minus its height (the next section pushes it up).
    func stickyHeaderRect(inSection section: Int, top: CGFloat) -> CGRect {
        let record = sectionRecords[section]
        let y = min(max(record.headerY, top), record.endY - record.headerHeight)
        return CGRect(x: 0, y: y, width: bounds.width, height: record.headerHeight)
    }

    // MARK: 3. The row and the section at the top edge

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

    /// The first section whose end is below `y` (the section count when none is): the same search over sections.
    /// - Complexity: O(log sections).
    public func findSection(forOffsetY y: CGFloat) -> Int {
        var low = 0
        var high = sectionRecords.count
        while low < high {
            let middle = (low + high) / 2
            if sectionRecords[middle].endY <= y { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: 4. The pool

    /// Rows that had cells and are not in `current` give their cells to the pool; `current` becomes visible.
    func returnNonVisibleRowsToThePool(keeping current: Range<Int>) {
        for index in visibleRecords where !current.contains(index) && index < records.count {
            guard let cell = records[index].cell else { continue }
            cell.removeFromSuperview()
            reusePool[cell.reuseIdentifier ?? "", default: []].append(cell)
            records[index].cell = nil
        }
        visibleRecords = current
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

    /// How many sections the table shows.
    public var numberOfSections: Int { sectionRecords.count }

    /// How many rows `section` has.
    public func numberOfRows(inSection section: Int) -> Int { sectionRecords[section].rowCount }

    /// The record of the row at `indexPath`.
    func recordIndex(of indexPath: IndexPath) -> Int { sectionRecords[indexPath.section].firstRecord + indexPath.row }

    /// Where the row at `indexPath` sits in content coordinates.
    /// - Complexity: O(1).
    public func rectForRow(at indexPath: IndexPath) -> CGRect {
        let record = records[recordIndex(of: indexPath)]
        return CGRect(x: 0, y: record.startY, width: bounds.width, height: record.height)
    }

    /// Where `section`'s header sits in content coordinates, not stuck.
    public func rectForHeader(inSection section: Int) -> CGRect {
        CGRect(x: 0, y: sectionRecords[section].headerY, width: bounds.width, height: sectionRecords[section].headerHeight)
    }

    /// The header view of `section` while it is on screen.
    public func headerView(forSection section: Int) -> View? { visibleHeaders[section] }

    /// The index paths of the rows on screen, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath] { visibleRecords.map { records[$0].indexPath } }

    /// The cell showing the row at `indexPath`, or nil when the row is off screen.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? { records[recordIndex(of: indexPath)].cell }

    /// The cells on screen, top to bottom.
    public var visibleCells: [TableViewCell] { visibleRecords.compactMap { records[$0].cell } }

    /// The row at `indexPath` is now `height` tall: every later row and section moves by the difference
    /// (the article's `row:changedHeight:`), and the screen is laid out again.
    /// - Complexity: O(n): each later record changes.
    public func row(_ indexPath: IndexPath, changedHeight height: CGFloat) {
        let changed = recordIndex(of: indexPath)
        let delta = height - records[changed].height
        records[changed].height = height
        for later in (changed + 1)..<records.count { records[later].startY += delta }
        sectionRecords[indexPath.section].endY += delta
        for later in (indexPath.section + 1)..<sectionRecords.count {
            sectionRecords[later].headerY += delta
            sectionRecords[later].endY += delta
        }
        contentSize.height += delta
        for visible in visibleRecords { records[visible].cell?.frame = rectForRow(at: records[visible].indexPath) }
        layoutTableRows()
    }
}
