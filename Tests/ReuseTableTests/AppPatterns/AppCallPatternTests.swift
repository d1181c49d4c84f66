import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// The way apps call a table: delegates that read the table and change it from inside
/// the selection, scroll and display callbacks; bad numbers in insets and header views; width
/// changes with a table header and insets; selection with estimated heights and scrolls.
@MainActor
@Suite struct AppCallPatternTests {
    func table(_ source: SelectionLogSource) -> TableView { TableViewSelectionTests().table(source) }

    /// Inside `didSelectRowAt` the table answers with the new state: the selected rows,
    /// the cell's `isSelected`, the visible cells, rects and the section header view.
    @Test func didSelectReadsTheTable() {
        let source = ScrollSource(counts: [30])
        source.headerViewHeights = [20]
        let table = makeTable(source)
        var checked = false
        let delegate = SelectionHookDelegate(forwardingTo: source)
        delegate.didSelect = { table, indexPath in
            checked = true
            #expect(table.indexPathsForSelectedRows == [indexPath])
            #expect(table.indexPathForSelectedRow == indexPath)
            #expect(table.cellForRow(at: indexPath)?.isSelected == true)
            #expect(table.visibleCells.filter(\.isSelected).count == 1)
            #expect(table.rectForRow(at: indexPath).minY == 20 + 44 * CGFloat(indexPath.row))
            #expect(table.headerView(forSection: 0) != nil)
        }
        table.delegate = delegate
        table.tapRow(at: .r(2))
        #expect(checked)
    }

    /// A delegate that sets `contentInset` and reads a header view from `didSelectRowAt`:
    /// the pinned section header ends up below the new top inset once the tap is done
    /// (the layout the inset asked for is not lost to the read inside the callback).
    @Test func anInsetSetFromDidSelectIsLaidOutWhenTheTapEnds() {
        let source = ScrollSource(counts: [30])
        source.headerViewHeights = [20]
        let table = makeTable(source)
        table.contentOffset.y = 100
        let delegate = SelectionHookDelegate(forwardingTo: source)
        delegate.didSelect = { table, _ in
            table.contentInset = EdgeInsets(top: 50, left: 0, bottom: 0, right: 0)
            _ = table.headerView(forSection: 0)  // a read inside the callback
        }
        table.delegate = delegate
        table.tapRow(at: .r(4))
        #expect(table.headerView(forSection: 0)?.frame.minY == 150, "pinned below the new inset")
    }

    /// The same from `scrollViewDidScroll(_:)`: an inset set there is laid out once the table settles.
    @Test func anInsetSetFromScrollViewDidScrollIsLaidOut() {
        let source = ScrollSource(counts: [30])
        source.headerViewHeights = [20]
        let table = makeTable(source)
        source.onScroll = { table in
            table.contentInset.top = 30
            _ = table.visibleCells
        }
        table.contentOffset.y = 100
        source.onScroll = nil
        #expect(table.headerView(forSection: 0)?.frame.minY == 130)
    }

    /// `didSelectRowAt` deleting the row it selected, and inserting above: the selection follows
    /// (the deleted row leaves), no visible cell shows another row's state.
    @Test func didSelectDeletesAndInserts() {
        let source = SelectionLogSource([20])
        let table = table(source)
        table.allowsMultipleSelection = true
        table.selectRow(at: .r(5), animated: false, scrollPosition: .none)
        source.hooks["didSelect"] = { table, indexPath in
            source.hooks["didSelect"] = nil
            source.counts = [20]  // one deleted, one inserted
            table.performBatchUpdates(
                {
                    table.deleteRows(at: [indexPath], with: .automatic)
                    table.insertRows(at: [.r(0)], with: .automatic)
                }, completion: nil)
        }
        table.tapRow(at: .r(2))
        #expect(table.indexPathsForSelectedRows == [.r(5)], "row 5: one row deleted above it, one inserted above it")
        for cell in table.visibleCells {
            #expect(cell.isSelected == (table.indexPath(for: cell) == .r(5)))
            #expect(!cell.isHighlighted)
        }
    }

    /// `reconfigureRows(at:)` from `didSelectRowAt` (a checkmark on the tapped row) follows the
    /// callback rule: it calls the data source, so it runs when the tap is done, in a transaction.
    @Test func reconfigureFromDidSelectRunsAfterTheTap() {
        let source = SelectionLogSource([20])
        let table = table(source)
        var cellAsked: [String] = []
        source.hooks["didSelect"] = { table, indexPath in
            source.hooks["didSelect"] = nil
            source.hooks["cell"] = { table, _ in
                cellAsked.append(source.log.last ?? "")
                #expect(table.transaction.isActive, "the data source is called inside a transaction")
            }
            table.reconfigureRows(at: [indexPath])
        }
        table.tapRow(at: .r(3))
        #expect(cellAsked == ["didUnhighlight 0-3 S"], "asked once, after the tap sequence")
        #expect(table.cellForRow(at: .r(3))?.isSelected == true)
    }

    /// A diffable apply from `didSelectRowAt` that deletes a row above and reconfigures the tapped
    /// item: the reconfigured item's cell is the one configured, and selection follows it.
    @Test func diffableApplyFromDidSelectReconfiguresTheRightCell() {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
        table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
        table.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
        var configured: [Int: Int] = [:]  // item -> times configured
        var shown: [ObjectIdentifier: Int] = [:]  // cell -> item it shows
        let source = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            configured[item, default: 0] += 1
            shown[ObjectIdentifier(cell)] = item
            return cell
        }
        let delegate = SelectionHookDelegate(forwardingTo: nil)
        table.dataSource = source
        table.delegate = delegate
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<10))
        source.apply(snapshot)
        delegate.didSelect = { _, indexPath in
            var next = source.snapshot()
            let item = source.itemIdentifier(for: indexPath)!
            next.deleteItems([0])
            next.reconfigureItems([item])
            source.apply(next)
        }
        configured = [:]
        table.tapRow(at: .r(3))  // item 3
        #expect(configured == [3: 1], "only item 3's cell is configured again")
        #expect(table.indexPathsForSelectedRows == [.r(2)])
        for cell in table.visibleCells {
            let indexPath = table.indexPath(for: cell)!
            #expect(shown[ObjectIdentifier(cell)] == source.itemIdentifier(for: indexPath), "cell at \(indexPath) shows its item")
            #expect(cell.isSelected == (indexPath == .r(2)))
        }
    }

    /// `scrollViewDidScroll(_:)` that selects, sets the table header and scrolls: each is applied,
    /// the rows move below the header, and the scroll it queued is reported once more.
    @Test func scrollViewDidScrollChangesTheTable() {
        let source = ScrollSource(counts: [50])
        let table = makeTable(source)
        var round = 0
        source.onScroll = { table in
            round += 1
            guard round == 1 else { return }
            table.selectRow(at: .r(10), animated: false, scrollPosition: .none)
            table.tableHeaderView = View(frame: CGRect(x: 0, y: 0, width: 1, height: 40))
            table.contentOffset.y = 200
        }
        table.contentOffset.y = 100
        #expect(round == 2, "the offset it set was reported")
        #expect(source.scrolls.map(\.offset.y) == [100, 200])
        #expect(table.rectForRow(at: .r(0)).minY == 40)
        #expect(table.indexPathsForSelectedRows == [.r(10)])
        for cell in table.visibleCells { #expect(cell.isSelected == (table.indexPath(for: cell) == .r(10))) }
        #expect(table.indexPathsForVisibleRows?.first == table.indexPathForRow(at: CGPoint(x: 1, y: 200)))
    }

    // MARK: Bad numbers

    @Test func nonFiniteInsetsAndHeaderHeightsAreReportedAndReplaced() {
        let source = ScrollSource(counts: [20])
        var messages: [String] = []
        let table = makeTable(source) { $0.diagnosticHandler = { messages.append($0) } }
        table.contentInset = EdgeInsets(top: CGFloat.nan, left: CGFloat.infinity, bottom: -CGFloat.infinity, right: 3)
        #expect(table.contentInset == EdgeInsets(top: 0, left: 0, bottom: 0, right: 3))
        #expect(messages.count == 1)
        table.contentOffset.y = .infinity
        #expect(table.contentOffset.y == table.maximumContentOffsetY && table.contentOffset.y == 880 - 200)
        let header = View(frame: CGRect(x: 0, y: 0, width: 10, height: CGFloat.infinity))
        table.tableHeaderView = header
        #expect(messages.count == 3)
        #expect(table.rectForRow(at: .r(0)).minY == 0)
        #expect(table.contentSize.height == 880 && table.contentOffset.y.isFinite)
        header.frame = CGRect(x: CGFloat.nan, y: .nan, width: .nan, height: .nan)
        table.tableHeaderView = header
        table.contentOffset.y = 10
        #expect(table.rectForRow(at: .r(0)).minY == 0)
        #expect(header.frame.origin == .zero && header.frame.width == 320)
        #expect(table.visibleCells.count > 0)
    }

    // MARK: Width changes

    @Test func aWidthChangeKeepsTheTableHeaderInsetsAndSelection() {
        let source = ScrollSource(counts: [40])
        source.headerViewHeights = [20]
        let table = makeTable(source) {
            $0.contentInset = EdgeInsets(top: 30, left: 5, bottom: 25, right: 5)
            $0.tableHeaderView = View(frame: CGRect(x: 0, y: 0, width: 1, height: 60))
            $0.tableFooterView = View(frame: CGRect(x: 0, y: 0, width: 1, height: 15))
        }
        table.selectRow(at: .r(30), animated: false, scrollPosition: .bottom)
        let bottomOfRow30: CGFloat = 60 + 20 + 44 * 31 + 25 - 200
        #expect(table.contentOffset.y == bottomOfRow30)
        table.frame.size.width = 200
        table.layoutIfNeeded()
        #expect(table.tableHeaderView?.frame == CGRect(x: 0, y: 0, width: 200, height: 60))
        let footerY: CGFloat = 60 + 20 + 44 * 40
        #expect(table.tableFooterView?.frame == CGRect(x: 0, y: footerY, width: 200, height: 15))
        #expect(table.visibleCells.allSatisfy { $0.frame.width == 200 })
        #expect(table.cellForRow(at: .r(30))?.isSelected == true)
        table.contentOffset.y = table.maximumContentOffsetY
        let end: CGFloat = footerY + 15 + 25
        #expect(table.contentOffset.y == end - 200)
        #expect(table.tableFooterView?.superview === table)
        table.frame.size.height = 1_000
        table.layoutIfNeeded()
        #expect(table.contentOffset.y == max(-30, end - 1_000), "a taller table clamps into the range")
    }

    // MARK: Selection with estimated heights and scrolls

    @Test func selectRowWithEstimatesLandsExactlyBetweenTheInsets() {
        var rng = SplitMix64(seed: 0x5E1E57)
        for trial in 0..<8 {
            let source = HookedSource(sections: [(0..<400).map { _ in Double(Int.random(in: 10...120, using: &rng)) }])
            source.estimate = 44
            let table = makeHookedTable(source) {
                $0.contentInset = EdgeInsets(top: 24, left: 0, bottom: 16, right: 0)
                $0.tableHeaderView = View(frame: CGRect(x: 0, y: 0, width: 1, height: 70))
            }
            table.reloadData()
            for step in 0..<6 {
                let row = IndexPath.r(Int.random(in: 0..<400, using: &rng))
                let position: TableView.ScrollPosition = [.top, .middle, .bottom].randomElement(using: &rng)!
                table.selectRow(at: row, animated: false, scrollPosition: position)
                let rect = table.rectForRow(at: row)
                let y = table.contentOffset.y
                let wanted: CGFloat
                switch position {
                case .top: wanted = rect.minY - 24
                case .bottom: wanted = rect.maxY - 200 + 16
                default: wanted = rect.midY - 24 - (200 - 24 - 16) / 2
                }
                #expect(
                    y == min(max(wanted, table.minimumContentOffsetY), table.maximumContentOffsetY),
                    "trial \(trial) step \(step) \(position)")
                #expect(table.cellForRow(at: row)?.isSelected == true)
                #expect(table.indexPathsForSelectedRows == [row])
                expectScreenConsistent(table, source, "trial \(trial) step \(step)")
                for cell in table.visibleCells { #expect(cell.isSelected == (table.indexPath(for: cell) == row)) }
            }
        }
    }

    // MARK: Taps on rows just deleted

    @Test func aTapOnARowJustDeletedNamesIt() {
        let source = SelectionLogSource([5])
        let table = table(source)
        table.tapRow(at: .r(4))
        source.counts = [4]
        table.deleteRows(at: [.r(4)], with: .automatic)
        #expect(table.indexPathsForSelectedRows == nil)
        #expect(throws: ReuseTableError("tapRow(at:): row (section 0, row 4) is out of range: section 0 has 4 rows.")) {
            try table.validateSelectionTarget(.r(4), from: "tapRow(at:)")
        }
        table.tapRow(at: .r(3))
        #expect(table.indexPathsForSelectedRows == [.r(3)])
    }

    // MARK: Collection view

    /// `viewForSupplementaryElementOfKind` that reads the collection view (supplementary views on
    /// screen, attributes, selection) and changes it (selects, scrolls).
    @Test func supplementaryCallbackReadsAndChangesTheView() {
        var rng = SplitMix64(seed: 0x5C)
        let model = SupplementaryModel()
        model.sections = (0..<3).map { _ in model.makeSection(items: 20, header: 30, footer: 10, rng: &rng) }
        let flow = FlowLayout()
        flow.numberOfColumns = 2
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: flow)
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.register(SectionLabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        cv.register(SectionLabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter, withReuseIdentifier: "footer")
        cv.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
        cv.dataSource = model
        flow.delegate = model
        var asked = 0
        model.viewHook = { view, kind, indexPath in
            asked += 1
            _ = view.visibleSupplementaryViews(ofKind: kind)
            _ = view.supplementaryView(forElementKind: kind, at: indexPath)
            _ = view.indexPathsForVisibleItems
            #expect(view.layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath) != nil)
            if asked == 1 {
                view.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: .none)
                view.contentOffset.y = 10
            }
        }
        cv.reloadData()
        #expect(asked > 0)
        #expect(cv.contentOffset.y == 10)
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(cv.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected == true)
        let headers = cv.visibleSupplementaryViews(ofKind: CollectionView.elementKindSectionHeader)
        let placed = model.place(for: flow, width: 300).frames
        let expectedHeaders = placed.filter { if case .header = $0.key { return $0.value.intersectsOpen(cv.viewport) } else { return false } }
        #expect(headers.count == expectedHeaders.count && headers.allSatisfy { $0.superview === cv }, "\(headers.count) \(expectedHeaders)")
        #expect(model.violations.isEmpty)
    }

    /// A diffable apply from `didSelectItemAt` that deletes an item above and reconfigures the
    /// tapped one: only its cell is configured again, every cell shows its own item.
    @Test func collectionDiffableApplyFromDidSelectReconfiguresTheRightCell() {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 50, height: 40)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: layout)
        view.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        view.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
        var configured: [Int: Int] = [:]
        let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, indexPath, item in
            let cell = view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! ItemCell
            cell.itemID = item
            configured[item, default: 0] += 1
            return cell
        }
        let log = ItemSelectionLog([])
        view.delegate = log
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<8))
        source.apply(snapshot)
        log.hooks["didSelect"] = { _, indexPath in
            var next = source.snapshot()
            next.deleteItems([0])
            next.reconfigureItems([source.itemIdentifier(for: indexPath)!])
            source.apply(next)
        }
        configured = [:]
        view.tapItem(at: IndexPath(item: 3, section: 0))
        #expect(configured == [3: 1])
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        for (indexPath, cell) in zip(view.indexPathsForVisibleItems, view.visibleCells.map({ $0 as! ItemCell })) {
            #expect(cell.itemID == source.itemIdentifier(for: indexPath), "cell at \(indexPath)")
            #expect(cell.isSelected == (cell.itemID == 3))
        }
    }

    /// Column counts far beyond any screen (a delegate answering `Int.max`) are reported and capped,
    /// not allocated.
    @Test func hugeColumnCountsAreReportedAndCapped() {
        var messages: [String] = []
        let flow = FlowLayout()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: flow)
        view.diagnosticHandler = { messages.append($0) }
        flow.numberOfColumns = 1_000_000
        #expect(flow.numberOfColumns == ColumnLayout.maximumColumns)
        #expect(
            messages == [
                "FlowLayout.numberOfColumns was set to 1000000; a layout has at most \(ColumnLayout.maximumColumns) columns. "
                    + "Using \(ColumnLayout.maximumColumns)."
            ])
        let model = SupplementaryModel()
        var rng = SplitMix64(seed: 9)
        model.sections = [model.makeSection(items: 30, header: 10, footer: 0, rng: &rng)]
        model.delegateColumns = Int.max
        let waterfall = WaterfallLayout(numberOfColumns: 2, margin: 1)
        waterfall.delegate = model
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: waterfall)
        messages = []
        cv.diagnosticHandler = { messages.append($0) }
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.register(SectionLabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        cv.dataSource = model
        cv.reloadData()
        #expect(
            messages.first == "WaterfallLayoutDelegate.numberOfColumns(in:layout:) returned \(Int.max); "
                + "a layout has at most \(ColumnLayout.maximumColumns) columns. Using \(ColumnLayout.maximumColumns).")
        #expect(waterfall.columnCount == ColumnLayout.maximumColumns)
        #expect(cv.contentSize.height.isFinite && waterfall.itemWidth == 0, "1,000 columns and 999 margins are wider than the view")
        #expect(waterfall.layoutAttributesForElements(in: CGRect(x: -1, y: -1, width: 202, height: 1_000)).count == 31)
        waterfall.numberOfColumns = .max
        #expect(waterfall.numberOfColumns == ColumnLayout.maximumColumns)
    }

    /// A collection view whose `scrollViewDidScroll(_:)` makes it taller (a bar hiding on scroll):
    /// the new area is filled when the view settles, without waiting for another event.
    @Test func aFrameChangedFromScrollViewDidScrollIsLaidOut() {
        let source = ScrollColumn(count: 100)
        let view = source.makeView(height: 200)
        source.onScroll = { view in
            view.frame.size.height = 400
            _ = view.visibleCells  // a read inside the callback
        }
        view.contentOffset.y = 100
        source.onScroll = nil
        #expect(view.engine.cellsOnScreen.count == 8, "items 2…9 fill the 400 points from 100, before any other call")
        let tableSource = ScrollSource(counts: [50])
        let table = makeTable(tableSource)
        tableSource.onScroll = { table in
            table.frame.size.height = 440
            _ = table.visibleCells
        }
        table.contentOffset.y = 44
        #expect(table.engine.cellsOnScreen.count == 10 && table.engine.cellsOnScreen.entries.first?.indexPath == .r(1))
    }

    /// A bottom inset that goes away at the end of the content (a keyboard hiding) pulls the offset
    /// back to the new end at the next layout, as a shrinking reload does: no blank band below the last row.
    @Test func smallerInsetsClampTheOffsetAtTheNextLayout() {
        let tableSource = ScrollSource(counts: [30])
        let table = makeTable(tableSource) { $0.contentInset.bottom = 300 }
        table.contentOffset.y = table.maximumContentOffsetY
        let rows: CGFloat = 44 * 30, items: CGFloat = 50 * 30
        #expect(table.contentOffset.y == rows + 300 - 200)
        table.contentInset = .zero
        table.layoutIfNeeded()
        #expect(table.contentOffset.y == rows - 200)
        let source = ScrollColumn(count: 30)
        let view = source.makeView { $0.contentInset.bottom = 300 }
        view.contentOffset.y = view.maximumContentOffsetY
        #expect(view.contentOffset.y == items + 300 - 200)
        view.contentInset = .zero
        view.layoutIfNeeded()
        #expect(view.contentOffset.y == items - 200)
        #expect(view.engine.cellsOnScreen.count == 4)
    }
}

/// A delegate that forwards to another and hooks `didSelectRowAt`.
@MainActor
final class SelectionHookDelegate: TableViewDelegate {
    weak var forward: (AnyObject & TableViewDelegate)?
    var didSelect: ((TableView, IndexPath) -> Void)?
    init(forwardingTo forward: (AnyObject & TableViewDelegate)?) { self.forward = forward }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        forward?.tableView(tableView, heightForRowAt: indexPath)
            ?? {
                tableView.noteDefault(.rowHeight, of: self); return tableView.rowHeight
            }()
    }
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
        forward?.tableView(tableView, viewForHeaderInSection: section)
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { didSelect?(tableView, indexPath) }
}
