// Step 6 of the ladder (Docs/steps/step-6-batch-updates.md): step 5's table with batch updates. Inserts,
// deletes, reloads and moves are collected by `performBatchUpdates(_:)` (or `beginUpdates`/`endUpdates`), named
// in UIKit's two index spaces, checked against the counts before and after into one plan (BatchPlan.swift)
// and applied to the tree of height runs in one pass: O(log n) a changed row, where step 5 built everything
// again. Rows only: a change in the number of sections needs `reloadData()`. The four steps are step 5's:
//   1. `generateHeightAndOffsetData` — at reload, a run per section and per height;
//   2. `layoutTableRows` — on every offset change, the rows' cells, then `layoutHeaders`;
//   3. `findRow(forOffsetY:)` and `findSection(forOffsetY:)` — one path down the tree;
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
    /// One section: its header's height, the number of its first row among all rows, and its row count.
    /// Its place is the tree's: the section's slots are its header, then its rows.
    struct SectionRecord {
        var headerHeight: CGFloat
        var firstRecord: Int
        var rowCount: Int
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
    /// The height every row starts with before it is measured; 0 (the default) asks every height at reload.
    public var estimatedRowHeight: CGFloat = 0
    /// How many rows still have their estimate.
    public var estimatedRowCount: Int { tree.estimatedCount }

    /// Every slot's height: each section's header, then its rows, as runs of equal heights.
    private(set) var tree = HeightRuns()
    /// How many rows, all sections together; a row's number among them is its record index.
    private(set) var rowCount = 0
    /// The cells of the rows on screen, by record index.
    private var cells: [Int: TableViewCell] = [:]
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
    /// - Complexity: O(sections) with estimates, else O(n).
    public func reloadData() {
        indexPathHeightCache.invalidateAll()
        reloadDataWithoutInvalidatingHeightCache()
    }

    /// A reload that keeps the measured heights ("load more", a change of the rows, a new width):
    /// each height is asked again, and the cache answers it.
    /// - Complexity: O(sections) with estimates, else O(n).
    public func reloadDataWithoutInvalidatingHeightCache() {
        recordsWidth = bounds.width
        returnNonVisibleRowsToThePool(keeping: 0..<0)
        for (_, header) in visibleHeaders { header.removeFromSuperview() }
        visibleHeaders = [:]
        generateHeightAndOffsetData()
        layoutTableRows()
    }

    // MARK: 1. A run per section and per height

    /// A header slot and the rows' runs per section, and the content size. With estimates no height is
    /// asked, and each section's rows are one run; otherwise rows of equal height in a row share a run.
    /// - Complexity: O(sections) with estimates, else O(n) heights asked.
    func generateHeightAndOffsetData() {
        let sectionCount = dataSource?.numberOfSections(in: self) ?? 0
        var tree = HeightRuns()
        var sectionRecords: [SectionRecord] = []
        var rowCount = 0
        for section in 0..<sectionCount {
            let headerHeight = dataSource?.tableView(self, heightForHeaderInSection: section) ?? 0
            let rows = dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
            tree.append(count: 1, height: headerHeight, isMeasured: true)
            sectionRecords.append(SectionRecord(headerHeight: headerHeight, firstRecord: rowCount, rowCount: rows))
            rowCount += rows
            if estimatedRowHeight > 0 {
                tree.append(count: rows, height: estimatedRowHeight, isMeasured: false)
                continue
            }
            var run = (count: 0, height: CGFloat(0))
            for row in 0..<rows {
                let height = dataSource?.tableView(self, heightForRowAt: IndexPath(row: row, section: section)) ?? rowHeight
                if run.count > 0 && height != run.height {
                    tree.append(count: run.count, height: run.height, isMeasured: true)
                    run.count = 0
                }
                run = (run.count + 1, height)
            }
            tree.append(count: run.count, height: run.height, isMeasured: true)
        }
        self.tree = tree
        self.rowCount = rowCount
        self.sectionRecords = sectionRecords
        contentSize = CGSize(width: bounds.width, height: tree.totalHeight)
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
        if estimatedRowCount > 0 { measureRowsInViewport() }
        let top = contentOffset.y
        let bottom = top + bounds.height
        let first = findRow(forOffsetY: top)
        var index = first
        while index < rowCount && startY(ofRecord: index) < bottom {
            if let cell = cells[index] {
                cell.frame = rectForRow(at: indexPath(ofRecord: index))  // measuring may have moved it
            } else {
                placeCell(forRecord: index)
            }
            index += 1
        }
        returnNonVisibleRowsToThePool(keeping: first..<index)
        layoutHeaders(top: top, bottom: bottom)
    }

    /// Asks the data source for a row's cell and puts it where the row's record says.
    func placeCell(forRecord index: Int) {
        guard let cell = dataSource?.tableView(self, cellForRowAt: indexPath(ofRecord: index)) else { return }
        cell.frame = CGRect(x: 0, y: startY(ofRecord: index), width: bounds.width, height: height(ofRecord: index))
        addSubview(cell)
        cells[index] = cell
    }

    /// The headers between `top` and `bottom` at their places, except the header of the section at the top:
    /// it sticks to the top edge until its section's end pushes it up. Headers that left are dropped.
    func layoutHeaders(top: CGFloat, bottom: CGFloat) {
        var wanted: [Int: CGRect] = [:]
        let firstSection = findSection(forOffsetY: top)
        var section = firstSection
        while section < sectionRecords.count && headerY(section) < bottom {
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
        let headerHeight = sectionRecords[section].headerHeight
        let y = min(max(headerY(section), top), endY(section) - headerHeight)
        return CGRect(x: 0, y: y, width: bounds.width, height: headerHeight)
    }

    // MARK: Estimates measured as they show, the reader kept still

    /// Measures every estimated row the viewport shows, in three walks around the anchor, the row the
    /// reader is looking at: down from it (nothing above changes, so nothing moves), up from it (each row
    /// measured above moves the offset by its change, so the anchor stays where it was on screen), then
    /// whatever the viewport shows now, top down (after a jump past the end, the end).
    /// - Complexity: O(log n) for each row measured: one path of the tree changes.
    func measureRowsInViewport() {
        var top = contentOffset.y
        let wasWithinContent = top <= maximumOffsetY
        if let anchor = anchorRecord(top: top) {
            let screenY = startY(ofRecord: anchor) - top
            var index = anchor
            while index < rowCount && startY(ofRecord: index) < top + bounds.height {
                if !isMeasured(ofRecord: index) { measureRecord(index) }
                index += 1
            }
            index = anchor - 1
            while index >= 0 && startY(ofRecord: index) + height(ofRecord: index) > top {
                if !isMeasured(ofRecord: index) {
                    measureRecord(index)
                    var newTop = startY(ofRecord: anchor) - screenY
                    if newTop < 0 && top >= 0 { newTop = 0 }  // the top of the list is a hard edge
                    top = newTop
                    bounds.origin.y = top  // not `contentOffset`: that would lay out again
                }
                index -= 1
            }
        }
        while true {
            if wasWithinContent && contentOffset.y > maximumOffsetY { bounds.origin.y = maximumOffsetY }
            let bottom = contentOffset.y + bounds.height
            var index = findRow(forOffsetY: contentOffset.y)
            while index < rowCount && startY(ofRecord: index) < bottom && isMeasured(ofRecord: index) { index += 1 }
            guard index < rowCount && startY(ofRecord: index) < bottom else { break }
            measureRecord(index)
        }
    }

    /// The row whose place on screen measuring keeps: of the rows the viewport shows, the first that still
    /// has its cell from the last pass (what the reader was reading), else the first measured one, else the first.
    func anchorRecord(top: CGFloat) -> Int? {
        var firstRow: Int?
        var firstMeasured: Int?
        var index = findRow(forOffsetY: top)
        while index < rowCount && startY(ofRecord: index) < top + bounds.height {
            if height(ofRecord: index) > 0 {
                if cells[index] != nil { return index }
                if firstRow == nil { firstRow = index }
                if firstMeasured == nil && isMeasured(ofRecord: index) { firstMeasured = index }
            }
            index += 1
        }
        return firstMeasured ?? firstRow
    }

    /// Asks the delegate for the exact height of the row in record `index`, and moves everything below.
    func measureRecord(_ index: Int) {
        let height = dataSource?.tableView(self, heightForRowAt: indexPath(ofRecord: index)) ?? rowHeight
        setHeight(height, ofRecord: index)
    }

    /// The largest offset that still shows content: the content's height less the viewport's, or 0.
    var maximumOffsetY: CGFloat { max(0, contentSize.height - bounds.height) }

    // MARK: 3. The row and the section at the top edge

    /// The first row whose bottom edge is below `y` (the row count when none is): the tree's first slot
    /// ending below `y`, or the first row after it when that slot is a header.
    /// - Complexity: O(log n).
    public func findRow(forOffsetY y: CGFloat) -> Int {
        let slot = tree.firstSlot(endingBelow: y)
        guard slot < tree.count else { return rowCount }
        let section = section(ofSlot: slot)
        let headerSlot = sectionRecords[section].firstRecord + section
        return slot == headerSlot ? sectionRecords[section].firstRecord : slot - section - 1
    }

    /// The first section whose end is below `y` (the section count when none is).
    /// - Complexity: O(log n).
    public func findSection(forOffsetY y: CGFloat) -> Int {
        let slot = tree.firstSlot(endingBelow: y)
        return slot < tree.count ? section(ofSlot: slot) : sectionRecords.count
    }

    /// The section a slot belongs to: the last whose header slot is at or before it.
    /// - Complexity: O(log sections).
    func section(ofSlot slot: Int) -> Int {
        var low = 0
        var high = sectionRecords.count
        while low < high {
            let middle = (low + high) / 2
            if sectionRecords[middle].firstRecord + middle <= slot { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }

    // MARK: Rows asked of the tree

    /// The section of record `index`: the first whose rows end after it.
    /// - Complexity: O(log sections).
    func section(ofRecord index: Int) -> Int {
        var low = 0
        var high = sectionRecords.count
        while low < high {
            let middle = (low + high) / 2
            let record = sectionRecords[middle]
            if record.firstRecord + record.rowCount <= index { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The slot of record `index`: the rows before it, plus a header for its section and each before it.
    func slot(ofRecord index: Int) -> Int { index + section(ofRecord: index) + 1 }

    func indexPath(ofRecord index: Int) -> IndexPath {
        let section = section(ofRecord: index)
        return IndexPath(row: index - sectionRecords[section].firstRecord, section: section)
    }
    func startY(ofRecord index: Int) -> CGFloat { tree.offset(of: slot(ofRecord: index)) }
    func height(ofRecord index: Int) -> CGFloat { tree.slot(slot(ofRecord: index)).height }
    func isMeasured(ofRecord index: Int) -> Bool { tree.slot(slot(ofRecord: index)).isMeasured }
    func headerY(_ section: Int) -> CGFloat { tree.offset(of: sectionRecords[section].firstRecord + section) }
    func endY(_ section: Int) -> CGFloat {
        tree.offset(of: sectionRecords[section].firstRecord + sectionRecords[section].rowCount + section + 1)
    }

    // MARK: 4. The pool

    /// Rows that had cells and are not in `current` give their cells to the pool; `current` becomes visible.
    func returnNonVisibleRowsToThePool(keeping current: Range<Int>) {
        for index in visibleRecords where !current.contains(index) && index < rowCount {
            guard let cell = cells[index] else { continue }
            cell.removeFromSuperview()
            reusePool[cell.reuseIdentifier ?? "", default: []].append(cell)
            cells[index] = nil
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

    // MARK: Batch updates: two index spaces, one plan

    /// The changes collected since the outermost `beginUpdates()`, and how deep the calls are.
    private var batch = BatchUpdate()
    private var batchDepth = 0

    /// Rows were inserted at `indexPaths`, named after the update (the data source already has them).
    /// Outside a batch, a batch of its own.
    /// - Complexity: O(k log n) for k rows, plus their heights.
    public func insertRows(at indexPaths: [IndexPath]) { record { $0.inserted += indexPaths } }

    /// Rows were deleted at `indexPaths`, named before the update.
    /// - Complexity: O(k log n) for k rows.
    public func deleteRows(at indexPaths: [IndexPath]) { record { $0.deleted += indexPaths } }

    /// The rows at `indexPaths` (before the update) changed: new cells and new heights.
    /// - Complexity: O(k log n) for k rows, plus their heights.
    public func reloadRows(at indexPaths: [IndexPath]) { record { $0.reloaded += indexPaths } }

    /// The row at `indexPath` (before) moved to `newIndexPath` (after): a removal and an insertion, never a
    /// swap; its height goes with it, and no height is asked.
    /// - Complexity: O(log n).
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { $0.moved.append((indexPath, newIndexPath)) }
    }

    /// Every change made in `updates` as one batch: checked, then applied in one pass. A batch that does not
    /// add up is refused with a message to `diagnosticHandler`, and the table stays as it was.
    /// - Complexity: O(k log n + sections) for k changed rows.
    public func performBatchUpdates(_ updates: () -> Void) {
        beginUpdates()
        updates()
        endUpdates()
    }

    /// Starts collecting a batch (UIKit's older spelling of `performBatchUpdates(_:)`); batches nest.
    public func beginUpdates() { batchDepth += 1 }

    /// Ends a batch; the outermost one asks the data source its new counts, and is checked and applied.
    public func endUpdates() {
        guard batchDepth > 0 else { return diagnosticHandler("endUpdates() without a beginUpdates() before it") }
        batchDepth -= 1
        guard batchDepth == 0 else { return }
        let batch = self.batch
        self.batch = BatchUpdate()
        let sectionCount = dataSource?.numberOfSections(in: self) ?? 0
        let newCounts = (0..<sectionCount).map { dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0 }
        do {
            apply(try BatchPlan(batch, oldCounts: sectionRecords.map(\.rowCount), newCounts: newCounts), newCounts: newCounts)
        } catch {
            diagnosticHandler(error.message)
        }
    }

    /// One change, into the open batch or a batch of its own.
    private func record(_ change: (inout BatchUpdate) -> Void) {
        beginUpdates()
        change(&batch)
        endUpdates()
    }

    /// A checked plan in one pass: the cells on screen follow their rows, the leaving slots leave the tree,
    /// the sections take their new counts, the arriving slots go in, and only fresh rows are asked heights.
    /// - Complexity: O(k log n + sections + visible rows) for k changed rows.
    func apply(_ plan: BatchPlan, newCounts: [Int]) {
        var following: [(IndexPath, TableViewCell)] = []
        for (index, cell) in cells {
            if let path = plan.newIndexPath(forOld: indexPath(ofRecord: index)) {
                following.append((path, cell))
            } else {
                cell.removeFromSuperview()
                reusePool[cell.reuseIdentifier ?? "", default: []].append(cell)
            }
        }
        var carried: [IndexPath: (height: CGFloat, isMeasured: Bool, cached: CGFloat?)] = [:]
        for case (_, let from?) in plan.arriving {
            let slot = tree.slot(slot(ofRecord: recordIndex(of: from)))
            carried[from] = (slot.height, slot.isMeasured, indexPathHeightCache.height(at: from, width: bounds.width))
        }
        for path in plan.removed { tree.remove(at: slot(ofRecord: recordIndex(of: path))) }
        var first = 0
        for section in sectionRecords.indices {
            (sectionRecords[section].firstRecord, sectionRecords[section].rowCount) = (first, newCounts[section])
            first += newCounts[section]
        }
        rowCount = first
        indexPathHeightCache.update(by: plan)
        var fresh: [IndexPath] = []
        for (path, from) in plan.arriving {
            let slot = recordIndex(of: path) + path.section + 1  // everything before it is in place
            if let from, let row = carried[from] {
                tree.insert(height: row.height, isMeasured: row.isMeasured, at: slot)
                if let cached = row.cached { indexPathHeightCache.setHeight(cached, at: path, width: bounds.width) }
            } else {
                tree.insert(height: estimatedRowHeight, isMeasured: estimatedRowHeight == 0, at: slot)
                if estimatedRowHeight == 0 { fresh.append(path) }
            }
        }
        for path in fresh { measureRecord(recordIndex(of: path)) }
        contentSize.height = tree.totalHeight
        cells = Dictionary(uniqueKeysWithValues: following.map { (recordIndex(of: $0.0), $0.1) })
        visibleRecords = (cells.keys.min() ?? 0)..<((cells.keys.max() ?? -1) + 1)
        layoutTableRows()
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
        let index = recordIndex(of: indexPath)
        return CGRect(x: 0, y: startY(ofRecord: index), width: bounds.width, height: height(ofRecord: index))
    }

    /// Where `section`'s header sits in content coordinates, not stuck.
    public func rectForHeader(inSection section: Int) -> CGRect {
        CGRect(x: 0, y: headerY(section), width: bounds.width, height: sectionRecords[section].headerHeight)
    }

    /// The header view of `section` while it is on screen.
    public func headerView(forSection section: Int) -> View? { visibleHeaders[section] }

    /// The index paths of the rows on screen, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath] { visibleRecords.map { indexPath(ofRecord: $0) } }

    /// The cell showing the row at `indexPath`, or nil when the row is off screen.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? { cells[recordIndex(of: indexPath)] }

    /// The cells on screen, top to bottom.
    public var visibleCells: [TableViewCell] { visibleRecords.compactMap { cells[$0] } }

    /// The row at `indexPath` is now `height` tall: every later row and section moves by the difference
    /// (the article's `row:changedHeight:`), and the screen is laid out again.
    /// - Complexity: O(log n + visible rows): one path of the tree changes.
    public func row(_ indexPath: IndexPath, changedHeight height: CGFloat) {
        setHeight(height, ofRecord: recordIndex(of: indexPath))
        layoutTableRows()
    }

    /// Record `index` is now `height` tall, measured: one path of the tree changes.
    /// - Complexity: O(log n).
    func setHeight(_ height: CGFloat, ofRecord index: Int) {
        tree.setHeight(height, at: slot(ofRecord: index))
        contentSize.height = tree.totalHeight
    }
}
