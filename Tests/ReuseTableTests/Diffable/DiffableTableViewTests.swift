import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A cell that remembers which item (and which version of its content) it was configured with.
final class DiffCell: TableViewCell {
    var item = -1
    var version = -1
    var fitting: CGFloat = 0
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: fitting) }
}

/// Heights and content versions by item, plus what the table asked.
@MainActor
final class DiffableTableHarness: TableViewDelegate {
    let table: TableView
    var dataSource: TableViewDiffableDataSource<Int, Int>!
    var heights: [Int: Double] = [:]
    var versions: [Int: Int] = [:]
    var askedHeights: [Int] = []
    var configured: [Int] = []
    let selfSizing: Bool
    /// Run from the cell provider and from `didSelectRowAt` (tests call back into the data source there).
    var cellHook: () -> Void = {}
    var selectHook: () -> Void = {}

    init(selfSizing: Bool = false, height: CGFloat = 480) {
        self.selfSizing = selfSizing
        table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: height))
        table.register(DiffCell.self, forCellReuseIdentifier: "cell")
        table.sectionHeaderHeight = 0
        table.sectionFooterHeight = 0
        if selfSizing { table.rowHeight = TableView.automaticDimension; table.separatorStyle = .none }
        dataSource = TableViewDiffableDataSource(tableView: table) { [unowned self] table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! DiffCell
            cell.item = item
            cell.version = self.versions[item, default: 0]
            cell.fitting = CGFloat(self.heights[item]!)
            self.configured.append(item)
            self.cellHook()
            return cell
        }
        if !selfSizing { table.delegate = self }
    }

    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        let item = dataSource.itemIdentifier(for: indexPath)!
        askedHeights.append(item)
        return CGFloat(heights[item]!)
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selectHook() }
}

@MainActor
@Suite struct DiffableTableViewTests {
    /// Items that must get a height from the data source: new ones and reloaded ones. Moved ones
    /// carry theirs, whatever happened to their sections (moved, deleted or inserted).
    static func expectedFresh(old: DiffableModel, new: DiffableModel) -> Set<Int> {
        let before = Set(old.allItems)
        return Set(new.allItems.filter { !before.contains($0) || new.reloaded.contains($0) })
    }

    func run(seed: UInt64, steps: Int, selfSizing: Bool, total: inout DiffableApplyReport) {
        var rng = SplitMix64(seed: seed)
        let harness = DiffableTableHarness(selfSizing: selfSizing)
        let table = harness.table
        var model = DiffableModel()
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        for step in 0..<steps {
            let old = model
            model.randomStep(
                &snapshot, first: step == 0, heights: &harness.heights, versions: &harness.versions, heightRange: 10...60, rng: &rng)
            let wasLoaded = table.engine.hasLoadedData && !old.sections.isEmpty
            let expected = Self.expectedFresh(old: old, new: model)
            let visibleBefore = Dictionary(uniqueKeysWithValues: table.visibleCells.map { (($0 as! DiffCell).item, ObjectIdentifier($0)) })
            harness.askedHeights = []
            harness.configured = []
            let cellsCreated = table.counters.selfSizingMeasurements
            var completed = false
            harness.dataSource.apply(snapshot, animatingDifferences: Bool.random(using: &rng)) { completed = true }
            snapshot = harness.dataSource.snapshot()
            let report = harness.dataSource.lastApply
            total.moved += report.moved; total.inserted += report.inserted; total.deleted += report.deleted
            total.reloaded += report.reloaded; total.reconfigured += report.reconfigured
            total.sectionsMoved += report.sectionsMoved; total.sectionsInserted += report.sectionsInserted
            total.sectionsDeleted += report.sectionsDeleted
            let context = "seed \(seed) step \(step)"
            #expect(completed, "\(context)")

            // Counts, snapshot and lookups.
            model.check(harness.dataSource.snapshot(), context)
            #expect(table.numberOfSections == model.sections.count, "\(context)")
            for (s, section) in model.sections.enumerated() {
                #expect(table.numberOfRows(inSection: s) == section.items.count, "\(context)")
                for (r, item) in section.items.enumerated() {
                    let indexPath = IndexPath(row: r, section: s)
                    #expect(harness.dataSource.indexPath(for: item) == indexPath, "\(context)")
                    #expect(harness.dataSource.itemIdentifier(for: indexPath) == item, "\(context)")
                    // Heights follow the items (moved ones carried theirs; reloaded ones were asked again).
                    if !selfSizing || table.geometry.slot(at: table.slotIndex(forRow: indexPath)).isMeasured {
                        #expect(Double(table.rectForRow(at: indexPath).height) == harness.heights[item]!, "\(context) item \(item)")
                    }
                }
            }
            #expect(harness.dataSource.indexPath(for: -5) == nil)
            #expect(harness.dataSource.itemIdentifier(for: IndexPath(row: 0, section: model.sections.count)) == nil)

            // Exactly the fresh items were asked for heights, once each (exact heights).
            if !selfSizing {
                if wasLoaded {
                    #expect(harness.askedHeights.sorted() == expected.sorted(), "\(context)")
                } else {
                    #expect(harness.askedHeights.sorted() == model.allItems.sorted(), "\(context)")
                }
            }
            _ = cellsCreated

            // Every visible cell shows its item, at its latest version.
            for indexPath in table.indexPathsForVisibleRows ?? [] {
                let cell = table.cellForRow(at: indexPath) as! DiffCell
                let item = harness.dataSource.itemIdentifier(for: indexPath)!
                #expect(cell.item == item, "\(context) at \(indexPath)")
                #expect(cell.version == harness.versions[item, default: 0], "\(context) item \(item)")
            }
            // Reconfigured cells still on screen are the same cell objects.
            for item in model.reconfigured.subtracting(model.reloaded).subtracting(expected) {
                guard let before = visibleBefore[item], let indexPath = harness.dataSource.indexPath(for: item),
                    let cell = table.cellForRow(at: indexPath)
                else { continue }
                #expect(ObjectIdentifier(cell) == before, "\(context) item \(item) reconfigured in place")
            }
            // A random scroll, so other rows come into view.
            if Int.random(in: 0..<3, using: &rng) == 0 {
                table.contentOffset.y = CGFloat(Double.random(in: 0...max(0, Double(table.contentSize.height - 480)), using: &rng))
            }
        }
    }

    @Test func randomSnapshotSequencesMatchTheModel() {
        let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] != nil
        var total = DiffableApplyReport()
        for seed in 0..<(long ? 400 : 12) as Range<UInt64> { run(seed: 0x7AB1E + seed, steps: long ? 120 : 40, selfSizing: false, total: &total) }
        // The sequences exercised every kind of change.
        #expect(total.moved > 0 && total.inserted > 0 && total.deleted > 0 && total.reloaded > 0 && total.reconfigured > 0)
        #expect(total.sectionsMoved > 0 && total.sectionsInserted > 0 && total.sectionsDeleted > 0)
    }

    @Test func randomSnapshotSequencesWithSelfSizingRows() {
        let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] != nil
        var total = DiffableApplyReport()
        for seed in 0..<(long ? 100 : 4) as Range<UInt64> { run(seed: 0x5E1F + seed, steps: 40, selfSizing: true, total: &total) }
        #expect(total.moved > 0 && total.reloaded > 0)
    }

    @Test func firstApplyIsAReload() {
        let harness = DiffableTableHarness()
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<100))
        for item in 0..<100 { harness.heights[item] = 20 }
        harness.dataSource.apply(snapshot)
        #expect(harness.dataSource.lastApply.reloadedData)
        #expect(harness.askedHeights.count == 100)
        harness.askedHeights = []
        harness.configured = []
        harness.dataSource.apply(snapshot)
        #expect(!harness.dataSource.lastApply.reloadedData)
        #expect(harness.askedHeights.isEmpty)
        #expect(harness.configured.isEmpty)
    }

    @Test func reconfigureKeepsTheCellAndAsksNoHeight() {
        let harness = DiffableTableHarness()
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<50))
        for item in 0..<50 { harness.heights[item] = 30 }
        harness.dataSource.apply(snapshot)
        let cell = harness.table.cellForRow(at: IndexPath(row: 2, section: 0)) as! DiffCell
        let created = harness.table.counters.cellsCreated
        harness.askedHeights = []
        harness.configured = []
        harness.versions[2] = 7
        snapshot.reconfigureItems([2, 40])  // 40 is off screen: configured when it appears
        harness.dataSource.apply(snapshot)
        #expect(harness.table.cellForRow(at: IndexPath(row: 2, section: 0)) === cell)
        #expect(cell.version == 7)
        #expect(harness.configured == [2])
        #expect(harness.askedHeights.isEmpty)
        #expect(harness.table.counters.cellsCreated == created)
        #expect(harness.dataSource.lastApply.reconfigured == 2)  // both marked; only the visible one was configured
        #expect(harness.dataSource.snapshot().reconfiguredItemIdentifiers.isEmpty)
    }

    @Test func reconfigureRemeasuresSelfSizingRows() {
        let harness = DiffableTableHarness(selfSizing: true)
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<20))
        for item in 0..<20 { harness.heights[item] = 30 }
        harness.dataSource.apply(snapshot)
        #expect(harness.table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 30)
        harness.heights[1] = 55
        snapshot.reconfigureItems([1])
        harness.dataSource.apply(snapshot)
        #expect(harness.table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 55)
        #expect(harness.table.rectForRow(at: IndexPath(row: 2, section: 0)).minY == 85)
    }

    @Test func movedRowsKeepTheirCellsAndHeights() {
        let harness = DiffableTableHarness()
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        let dataSource = TableViewDiffableDataSource<String, Int>(tableView: harness.table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! DiffCell
            cell.item = item
            return cell
        }
        harness.table.delegate = nil
        harness.table.rowHeight = 40
        snapshot.appendSections(["a"])
        snapshot.appendItems([1, 2, 3, 4, 5])
        dataSource.apply(snapshot)
        let cellOf5 = harness.table.cellForRow(at: IndexPath(row: 4, section: 0))
        snapshot.moveItem(5, beforeItem: 1)
        dataSource.apply(snapshot)
        #expect(dataSource.lastApply.moved == 1)
        #expect(harness.table.cellForRow(at: IndexPath(row: 0, section: 0)) === cellOf5)
        #expect(dataSource.itemIdentifier(for: IndexPath(row: 0, section: 0)) == 5)
    }

    @Test func applyInsideTheCellProviderIsRejected() {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        table.register(DiffCell.self, forCellReuseIdentifier: "cell")
        var caught: ReuseTableError?
        let holder = DataSourceHolder<TableViewDiffableDataSource<Int, Int>>()
        let dataSource = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, _ in
            do { try holder.value!.validateApply() } catch { caught = error as? ReuseTableError }
            return table.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        }
        holder.value = dataSource
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([1])
        dataSource.apply(snapshot)
        #expect(
            caught?.message == "apply(_:animatingDifferences:completion:) was called from inside the cell provider; "
                + "the table is asking for a cell of the current snapshot. Apply after the table finishes, not while it is laying out cells.")
        #expect(throws: Never.self) { try dataSource.validateApply() }
    }
}

/// Lets a cell provider reach the data source it belongs to.
final class DataSourceHolder<Value: AnyObject> { var value: Value? }

/// Reconfiguring a self-sizing row that is not on screen: its content changed, so its
/// height is measured again when it is next needed (UIKit asks the cell again when it appears).
@MainActor
@Suite struct ReconfigureOffScreenSelfSizingTests {
    static func harness(_ count: Int = 100) -> DiffableTableHarness {
        let harness = DiffableTableHarness(selfSizing: true)
        for item in 0..<count { harness.heights[item] = 40 }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<count))
        harness.dataSource.apply(snapshot)
        return harness
    }

    @Test func reconfigureItemsOfAnOffScreenRowMeasuresItAgainWhenItAppears() {
        let harness = Self.harness()
        let table = harness.table
        let row50 = IndexPath(row: 50, section: 0)
        table.contentOffset.y = 2_000  // row 50 is on screen: measured at 40
        table.contentOffset.y = 0
        #expect(table.rectForRow(at: row50).height == 40)
        harness.heights[50] = 200
        harness.versions[50] = 1
        var snapshot = harness.dataSource.snapshot()
        snapshot.reconfigureItems([50])
        harness.dataSource.apply(snapshot)
        #expect(table.cellForRow(at: row50) == nil, "still off screen")
        table.scrollToRow(at: row50, at: .top, animated: false)
        #expect(table.rectForRow(at: row50).height == 200, "measured again with its new content")
        let cell = table.cellForRow(at: row50) as? DiffCell
        #expect(cell?.version == 1 && cell?.frame.height == 200)
        #expect(Double(table.contentSize.height) == 99 * 40 + 200, "\(Double(table.contentSize.height) - 4160)")
    }

    @Test func reconfigureRowsOfAnOffScreenRowMeasuresItAgainWhenScrolledTo() {
        let harness = Self.harness()
        let table = harness.table
        for y in stride(from: 0.0, through: 3_600, by: 400) { table.contentOffset.y = y }  // every row measured once
        table.contentOffset.y = 0
        harness.heights[60] = 10
        harness.heights[70] = 200
        table.reconfigureRows(at: [IndexPath(row: 60, section: 0), IndexPath(row: 70, section: 0)])
        // Scrolling there row by row: each appears at its new height.
        for y in stride(from: 0.0, through: 3_000, by: 20) {
            table.contentOffset.y = y
            for cell in table.visibleCells {
                let item = (cell as! DiffCell).item
                #expect(Double(cell.frame.height) == harness.heights[item]!, "row \(item) at offset \(y)")
            }
        }
        #expect(Double(table.contentSize.height) == 98 * 40 + 10 + 200, "\(Double(table.contentSize.height) - 4130)")
    }
}
