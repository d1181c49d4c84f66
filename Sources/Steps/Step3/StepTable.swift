// Step 3 of the ladder (Docs/steps/step-3-height-caches.md): step 2's table with heights measured by
// template cells and cached by index path or by key (HeightCaches.swift), and the changes that keep the
// index-path cache right: insert, delete, reload and move rows, and a new width. What FDTemplateLayoutCell
// adds to UITableView, owned by the table instead of swizzled in. The four steps are step 2's:
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
    /// Heights measured by template cells, by index path; follows every change of the rows.
    public let indexPathHeightCache = IndexPathHeightCache()
    /// Heights measured by template cells, by the model's key.
    public let keyedHeightCache = KeyedHeightCache()
    /// How many times a template cell was measured (a cache hit measures nothing).
    public private(set) var heightsMeasured = 0

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
    /// The cell class of each registered identifier.
    private var registrations: [String: TableViewCell.Type] = [:]
    /// One cell per identifier, never shown: configured and asked its fitting height.
    private var templateCells: [String: TableViewCell] = [:]
    /// The width the records' heights were asked at.
    private var recordsWidth: CGFloat?

    /// Every cell back to the pool, every height forgotten and asked again, and a layout.
    /// - Complexity: O(n): a record per row.
    public func reloadData() {
        indexPathHeightCache.invalidateAll()
        reloadDataWithoutInvalidatingHeightCache()
    }

    /// A reload that keeps the measured heights ("load more", a change of the rows, a new width):
    /// each height is asked again, and the cache answers it.
    /// - Complexity: O(n): a record per row.
    public func reloadDataWithoutInvalidatingHeightCache() {
        recordsWidth = bounds.width
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

    /// A new size lays out too; a new width asks every height again (the cache keeps each width's).
    public override func layoutSubviews() {
        if recordsWidth != nil, recordsWidth != bounds.width {
            reloadDataWithoutInvalidatingHeightCache()
        } else {
            layoutTableRows()
        }
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

    /// A cell from the pool with `identifier`, prepared for reuse; a new one of the registered class when the
    /// pool has none; nil when nothing is registered either.
    /// - Complexity: O(1).
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        guard let cell = reusePool[identifier]?.popLast() else { return registrations[identifier]?.init(reuseIdentifier: identifier) }
        cell.prepareForReuse()
        return cell
    }

    /// Cells for `identifier` are made from `cellClass`: by a dequeue when the pool is empty, and the template.
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        registrations[identifier] = cellClass
        templateCells[identifier] = nil
    }

    // MARK: Heights measured by a template cell

    /// The height a cell for `identifier` fits once `configuration` has set it up: the template cell, as wide
    /// as the table, asked `sizeThatFits`; 44 when it answers 0. Nothing is cached.
    public func heightForCell(withIdentifier identifier: String, configuration: (TableViewCell) -> Void) -> CGFloat {
        let template = templateCell(withIdentifier: identifier)
        template.frame = CGRect(x: 0, y: 0, width: bounds.width, height: template.frame.height)
        template.prepareForReuse()
        configuration(template)
        heightsMeasured += 1
        let height = template.sizeThatFits(CGSize(width: bounds.width, height: 0)).height
        return height > 0 ? height : 44
    }

    /// The height measured for `indexPath` at this width, or measured now and kept there.
    /// - Complexity: O(1) on a hit.
    public func heightForCell(
        withIdentifier identifier: String, cacheBy indexPath: IndexPath, configuration: (TableViewCell) -> Void
    ) -> CGFloat {
        if let height = indexPathHeightCache.height(at: indexPath, width: bounds.width) { return height }
        let height = heightForCell(withIdentifier: identifier, configuration: configuration)
        indexPathHeightCache.setHeight(height, at: indexPath, width: bounds.width)
        return height
    }

    /// The height measured for `key` at this width, or measured now and kept there.
    /// - Complexity: O(1) on a hit.
    public func heightForCell(
        withIdentifier identifier: String, cacheByKey key: AnyHashable, configuration: (TableViewCell) -> Void
    ) -> CGFloat {
        if let height = keyedHeightCache.height(forKey: key, width: bounds.width) { return height }
        let height = heightForCell(withIdentifier: identifier, configuration: configuration)
        keyedHeightCache.setHeight(height, forKey: key, width: bounds.width)
        return height
    }

    /// The template cell for `identifier`, made once from its registration.
    private func templateCell(withIdentifier identifier: String) -> TableViewCell {
        if let template = templateCells[identifier] { return template }
        guard let cellClass = registrations[identifier] else {
            preconditionFailure("no cell class registered for identifier \"\(identifier)\": register(_:forCellReuseIdentifier:) first")
        }
        let template = cellClass.init(reuseIdentifier: identifier)
        templateCells[identifier] = template
        return template
    }

    // MARK: Changes of the rows

    /// Rows were inserted at `indexPaths` (the data source already has them): the cache makes room, and
    /// every height is asked again (the cache answers all but the new rows).
    /// - Complexity: O(n): the records are made again.
    public func insertRows(at indexPaths: [IndexPath]) {
        indexPathHeightCache.insertRows(at: indexPaths)
        reloadDataWithoutInvalidatingHeightCache()
    }

    /// Rows were deleted at `indexPaths`: their heights leave the cache, the later ones move up.
    /// - Complexity: O(n).
    public func deleteRows(at indexPaths: [IndexPath]) {
        indexPathHeightCache.deleteRows(at: indexPaths)
        reloadDataWithoutInvalidatingHeightCache()
    }

    /// The rows at `indexPaths` changed: their heights are measured again.
    /// - Complexity: O(n).
    public func reloadRows(at indexPaths: [IndexPath]) {
        for indexPath in indexPaths { indexPathHeightCache.invalidateHeight(at: indexPath) }
        reloadDataWithoutInvalidatingHeightCache()
    }

    /// The row at `indexPath` moved to `newIndexPath`: its height goes with it.
    /// - Complexity: O(n).
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        indexPathHeightCache.moveRow(at: indexPath, to: newIndexPath)
        reloadDataWithoutInvalidatingHeightCache()
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
