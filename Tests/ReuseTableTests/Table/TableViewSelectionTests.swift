import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A data source and delegate that logs every selection callback, with switches for
/// vetoes and redirects and a hook in each callback (where tests call back into the table).
@MainActor
final class SelectionLogSource: TableViewDataSource, TableViewDelegate {
    var counts: [Int]
    var log: [String] = []
    var noHighlight: Set<IndexPath> = []
    /// willSelectRowAt answers: a missing key selects the row itself; nil vetoes; another path redirects.
    var willSelect: [IndexPath: IndexPath?] = [:]
    var willDeselect: [IndexPath: IndexPath?] = [:]
    var hooks: [String: (TableView, IndexPath) -> Void] = [:]

    init(_ counts: [Int]) { self.counts = counts }

    private func note(_ name: String, _ table: TableView, _ indexPath: IndexPath) {
        let cell = table.cellForRow(at: indexPath)
        let marks = cell.map { ($0.isHighlighted ? " H" : "") + ($0.isSelected ? " S" : "") } ?? " off"
        log.append("\(name) \(indexPath.section)-\(indexPath.row)\(marks)")
        hooks[name]?(table, indexPath)
    }

    func numberOfSections(in tableView: TableView) -> Int { counts.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        hooks["cell"]?(tableView, indexPath)
        return cell
    }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        hooks["willDisplay"]?(tableView, indexPath)
    }
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        note("shouldHighlight", tableView, indexPath)
        return !noHighlight.contains(indexPath)
    }
    func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) { note("didHighlight", tableView, indexPath) }
    func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) { note("didUnhighlight", tableView, indexPath) }
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        note("willSelect", tableView, indexPath)
        return willSelect[indexPath] ?? indexPath
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { note("didSelect", tableView, indexPath) }
    func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        note("willDeselect", tableView, indexPath)
        return willDeselect[indexPath] ?? indexPath
    }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { note("didDeselect", tableView, indexPath) }
}

@MainActor
@Suite struct TableViewSelectionTests {
    func table(_ source: SelectionLogSource, height: CGFloat = 220) -> TableView {
        makeTable(source, cell: TableViewCell.self, height: height)
    }

    // MARK: The tap sequence

    @Test func aTapRunsUIKitsSequenceInOrder() {
        let source = SelectionLogSource([10])
        let table = table(source)
        table.tapRow(at: .r(1))
        #expect(source.log == ["shouldHighlight 0-1", "didHighlight 0-1 H", "willSelect 0-1 H", "didSelect 0-1 H S", "didUnhighlight 0-1 S"])
        #expect(table.indexPathForSelectedRow == .r(1))
        source.log = []
        table.tapRow(at: .r(3))
        #expect(
            source.log == [
                "shouldHighlight 0-3", "didHighlight 0-3 H", "willSelect 0-3 H",
                "willDeselect 0-1 S", "didDeselect 0-1", "didSelect 0-3 H S", "didUnhighlight 0-3 S",
            ])
        #expect(table.indexPathsForSelectedRows == [.r(3)])
        #expect(table.cellForRow(at: .r(1))?.isSelected == false && table.cellForRow(at: .r(3))?.isSelected == true)
        #expect(table.visibleCells.allSatisfy { !$0.isHighlighted })
    }

    @Test func tappingTheSelectedRowAgainInSingleSelectionSelectsItAgain() {
        let source = SelectionLogSource([10])
        let table = table(source)
        table.tapRow(at: .r(2))
        source.log = []
        table.tapRow(at: .r(2))
        #expect(source.log == ["shouldHighlight 0-2 S", "didHighlight 0-2 H S", "willSelect 0-2 H S", "didSelect 0-2 H S", "didUnhighlight 0-2 S"])
        #expect(table.indexPathsForSelectedRows == [.r(2)])
    }

    @Test func willSelectVetoesWithNil() {
        let source = SelectionLogSource([10])
        let table = table(source)
        table.tapRow(at: .r(1))
        source.willSelect[.r(4)] = .some(nil)
        source.log = []
        table.tapRow(at: .r(4))
        #expect(source.log == ["shouldHighlight 0-4", "didHighlight 0-4 H", "willSelect 0-4 H", "didUnhighlight 0-4"])
        #expect(table.indexPathsForSelectedRows == [.r(1)], "a veto leaves the previous selection alone")
    }

    @Test func willSelectRedirectsToAnotherRow() {
        let source = SelectionLogSource([10, 5])
        let table = table(source)
        table.tapRow(at: .r(1))
        source.willSelect[.r(4)] = .r(2, 1)
        source.log = []
        table.tapRow(at: .r(4))
        #expect(
            source.log == [
                "shouldHighlight 0-4", "didHighlight 0-4 H", "willSelect 0-4 H",
                "willDeselect 0-1 S", "didDeselect 0-1", "didSelect 1-2 off", "didUnhighlight 0-4",
            ])
        #expect(table.indexPathsForSelectedRows == [.r(2, 1)])
    }

    @Test func aRedirectToAMissingRowNamesTheMethodAndTheCounts() {
        let table = table(SelectionLogSource([5]))
        #expect(
            throws: ReuseTableError(
                "the index path returned by tableView(_:willSelectRowAt:): "
                    + "row (section 0, row 9) is out of range: section 0 has 5 rows.")
        ) {
            try table.validateSelectionTarget(.r(9), from: "the index path returned by \(table.selectionMethodName(.willSelect))")
        }
    }

    @Test func shouldHighlightFalseStopsEverything() {
        let source = SelectionLogSource([10])
        let table = table(source)
        source.noHighlight = [.r(2)]
        table.tapRow(at: .r(2))
        #expect(source.log == ["shouldHighlight 0-2"])
        #expect(table.indexPathsForSelectedRows == nil)
    }

    @Test func willDeselectVetoKeepsThePreviousRow() {
        let source = SelectionLogSource([10])
        let table = table(source)
        table.tapRow(at: .r(1))
        source.willDeselect[.r(1)] = .some(nil)
        table.tapRow(at: .r(2))
        #expect(table.indexPathsForSelectedRows == [.r(1), .r(2)], "UIKit honours the veto, even in single selection")
    }

    @Test func multipleSelectionTogglesWithTaps() {
        let source = SelectionLogSource([10])
        let table = table(source)
        table.allowsMultipleSelection = true
        table.tapRow(at: .r(1))
        table.tapRow(at: .r(3))
        #expect(table.indexPathsForSelectedRows == [.r(1), .r(3)])
        source.log = []
        table.tapRow(at: .r(1))
        #expect(
            source.log == [
                "shouldHighlight 0-1 S", "didHighlight 0-1 H S", "willDeselect 0-1 H S", "didDeselect 0-1 H",
                "didUnhighlight 0-1",
            ])
        #expect(table.indexPathsForSelectedRows == [.r(3)])
        #expect(table.cellForRow(at: .r(1))?.isSelected == false)
        source.willDeselect[.r(3)] = .some(nil)
        table.tapRow(at: .r(3))
        #expect(table.indexPathsForSelectedRows == [.r(3)], "willDeselect's veto keeps it")
        source.willDeselect[.r(3)] = .r(5)
        table.tapRow(at: .r(5))  // selects 5
        table.tapRow(at: .r(3))  // redirected: deselects 5 instead
        #expect(table.indexPathsForSelectedRows == [.r(3)])
    }

    @Test func programmaticCallsDoNotCallTheDelegate() {
        let source = SelectionLogSource([30])
        let table = table(source)
        table.selectRow(at: .r(2), animated: false, scrollPosition: .none)
        table.selectRow(at: .r(4), animated: true, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == [.r(4)], "single selection: selecting replaces")
        table.deselectRow(at: .r(4), animated: true)
        table.deselectRow(at: .r(7), animated: false)  // not selected: nothing
        #expect(source.log.isEmpty)
        #expect(table.indexPathForSelectedRow == nil && table.indexPathsForSelectedRows == nil)
        table.allowsMultipleSelection = true
        table.selectRow(at: .r(2), animated: false, scrollPosition: .none)
        table.selectRow(at: .r(1), animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == [.r(1), .r(2)] && table.indexPathForSelectedRow == .r(1))
        table.selectRow(at: nil, animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == nil)
        #expect(table.visibleCells.allSatisfy { !$0.isSelected })
    }

    @Test func selectRowScrollsLikeScrollToRowExceptForNone() {
        let source = SelectionLogSource([100])
        let table = table(source)
        table.selectRow(at: .r(50), animated: false, scrollPosition: .none)
        #expect(table.contentOffset.y == 0, "`.none` does not scroll (Apple documents it)")
        #expect(table.cellForRow(at: .r(50)) == nil)
        table.selectRow(at: .r(50), animated: false, scrollPosition: .top)
        #expect(table.contentOffset.y == 44.0 * 50)
        #expect(table.cellForRow(at: .r(50))?.isSelected == true, "the cell that appears shows it")
        table.selectRow(at: .r(80), animated: false, scrollPosition: .middle)
        let other = TableView(frame: table.frame)
        other.register(TableViewCell.self, forCellReuseIdentifier: "cell")
        other.dataSource = source
        other.scrollToRow(at: .r(80), at: .middle, animated: false)
        #expect(table.contentOffset == other.contentOffset)
    }

    @Test func switchesClearOrBlockSelection() {
        let source = SelectionLogSource([10])
        let table = table(source)
        table.selectRow(at: .r(1), animated: false, scrollPosition: .none)
        table.allowsSelection = false
        #expect(table.indexPathsForSelectedRows == nil)
        table.selectRow(at: .r(1), animated: false, scrollPosition: .none)
        table.tapRow(at: .r(2))
        #expect(table.indexPathsForSelectedRows == nil && source.log.isEmpty)
        table.allowsSelection = true
        table.selectRow(at: .r(1), animated: false, scrollPosition: .none)
        table.allowsMultipleSelection = true
        #expect(table.indexPathsForSelectedRows == nil, "changing allowsMultipleSelection deselects all")
    }

    // MARK: Reuse: selection is never in the cell

    @Test func aReusedCellNeverShowsAnotherRowsSelection() {
        let source = SelectionLogSource([200])
        let table = table(source)
        table.tapRow(at: .r(0))
        let cell = table.cellForRow(at: .r(0))!
        #expect(cell.isSelected)
        table.contentOffset.y = 100 * 44
        let reused = table.visibleCells.filter { $0 === cell }
        #expect(reused.count == 1, "the selected row's cell was reused for another row")
        #expect(table.visibleCells.allSatisfy { !$0.isSelected })
        table.contentOffset.y = 0
        #expect(table.cellForRow(at: .r(0))?.isSelected == true)
        #expect(table.visibleCells.filter(\.isSelected).count == 1)
    }

    // MARK: Updates

    @Test func selectionFollowsUpdatesAndReloadDataClearsIt() {
        let source = SelectionLogSource([10, 10])
        let table = table(source)
        table.allowsMultipleSelection = true
        for indexPath in [IndexPath.r(2), .r(5), .r(1, 1), .r(9, 1)] { table.selectRow(at: indexPath, animated: false, scrollPosition: .none) }
        source.counts = [10, 10]
        table.performBatchUpdates(
            {
                table.deleteRows(at: [.r(5)], with: .automatic)  // drops
                table.insertRows(at: [.r(0)], with: .automatic)  // with the move: shifts (0, 2) to (0, 4)
                table.moveRow(at: .r(9, 1), to: .r(1, 0))  // carries
                table.deleteRows(at: [.r(0, 1)], with: .automatic)  // shifts (1, 1) to (1, 0)
                source.counts = [11, 8]
            }, completion: nil)
        #expect(table.indexPathsForSelectedRows == [.r(1), .r(4), .r(0, 1)])
        table.reloadRows(at: [.r(4)], with: .fade)
        #expect(table.indexPathsForSelectedRows == [.r(1), .r(4), .r(0, 1)], "reloadRows keeps it, as UIKit")
        #expect(table.cellForRow(at: .r(4))?.isSelected == true)
        source.counts = [8, 11]
        table.moveSection(1, toSection: 0)
        #expect(table.indexPathsForSelectedRows == [.r(0, 0), .r(1, 1), .r(4, 1)])
        source.counts = [11]
        table.deleteSections([0], with: .automatic)
        #expect(table.indexPathsForSelectedRows == [.r(1), .r(4)])
        source.counts = [11, 3]
        table.insertSections([1], with: .automatic)
        table.selectRow(at: .r(1, 1), animated: false, scrollPosition: .none)
        source.counts = [5, 3]
        table.reloadSections([0], with: .automatic)
        #expect(table.indexPathsForSelectedRows == [.r(1, 1)], "a reloaded section drops only its own rows")
        table.reloadData()
        #expect(table.indexPathsForSelectedRows == nil)
        #expect(table.visibleCells.allSatisfy { !$0.isSelected })
    }

    @Test func diffableMovesCarrySelection() {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
        table.register(DiffCell.self, forCellReuseIdentifier: "cell")
        let source = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! DiffCell
            cell.item = item
            return cell
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<20))
        source.apply(snapshot, animatingDifferences: false)
        table.allowsMultipleSelection = true
        table.selectRow(at: source.indexPath(for: 3), animated: false, scrollPosition: .none)
        table.selectRow(at: source.indexPath(for: 7), animated: false, scrollPosition: .none)
        snapshot.moveItem(3, afterItem: 15)
        snapshot.deleteItems([0, 7])
        snapshot.insertItems([100, 101], beforeItem: 1)
        snapshot.reloadItems([12])
        source.apply(snapshot, animatingDifferences: true)
        #expect(table.indexPathsForSelectedRows == [source.indexPath(for: 3)!], "moved item 3 keeps it; deleted item 7 leaves")
        for cell in table.visibleCells {
            #expect(cell.isSelected == ((cell as! DiffCell).item == 3))
        }
    }

    // MARK: Calls from callbacks

    @Test func deselectingFromDidSelectIsSeenAtOnce() {
        let source = SelectionLogSource([10])
        let table = table(source)
        source.hooks["didSelect"] = { table, indexPath in table.deselectRow(at: indexPath, animated: true) }
        table.tapRow(at: .r(2))
        #expect(table.indexPathsForSelectedRows == nil)
        #expect(source.log.last == "didUnhighlight 0-2")
        #expect(table.cellForRow(at: .r(2))?.isSelected == false)
    }

    @Test func structuralCallsFromTapCallbacksRunAfterTheSequence() {
        let source = SelectionLogSource([10])
        let table = table(source)
        source.hooks["didSelect"] = { table, indexPath in
            source.hooks["didSelect"] = nil  // once
            source.counts = [9]
            table.deleteRows(at: [indexPath], with: .automatic)
            #expect(table.numberOfRows(inSection: 0) == 10, "queued until the tap is done")
            table.tapRow(at: .r(0))  // queued too
        }
        table.tapRow(at: .r(2))
        #expect(table.numberOfRows(inSection: 0) == 9)
        #expect(source.log.firstIndex(of: "didUnhighlight 0-2 S") == 4)
        #expect(table.indexPathsForSelectedRows == [.r(0)], "the deleted row left; the queued tap selected row 0")
        #expect(source.log.suffix(2) == ["didSelect 0-0 H S", "didUnhighlight 0-0 S"])
    }

    @Test func selectRowFromCallbacksSelectsNowAndScrollsLater() {
        let source = SelectionLogSource([100])
        let table = table(source)
        source.hooks["willDisplay"] = { table, indexPath in
            if indexPath == .r(3) { table.selectRow(at: indexPath, animated: false, scrollPosition: .none) }
        }
        table.contentOffset.y = 1
        table.reloadData()
        #expect(table.indexPathsForSelectedRows == [.r(3)], "selected from willDisplay")
        #expect(table.cellForRow(at: .r(3))?.isSelected == true)
        source.hooks["willDisplay"] = nil
        source.hooks["didSelect"] = { table, _ in
            table.selectRow(at: .r(60), animated: false, scrollPosition: .top)
            #expect(table.indexPathsForSelectedRows == [.r(60)], "the selection changes at once")
            #expect(table.contentOffset.y == 1, "the scroll waits for the step to end")
        }
        table.tapRow(at: .r(1))
        #expect(table.contentOffset.y == 44.0 * 60)
        #expect(table.cellForRow(at: .r(60))?.isSelected == true)
    }

    @Test(arguments: HookedSource.Callback.allCases)
    func selectionCallsFromLayoutCallbacksFollowTheRule(callback: HookedSource.Callback) {
        let source = HookedSource(sections: [Array(repeating: 30, count: 40)], headers: [10])
        let table = makeHookedTable(source)
        table.reloadData()
        var fired = false
        source.hooks[callback] = { table, _ in
            guard !fired else { return }
            fired = true
            table.selectRow(at: .r(2), animated: false, scrollPosition: .none)  // at once: no row moves
            #expect(table.indexPathsForSelectedRows == [.r(2)])
            table.tapRow(at: .r(5))  // calls out: queued until the step is done
            #expect(table.indexPathsForSelectedRows == [.r(2)])
            table.deselectRow(at: .r(2), animated: false)
            table.selectRow(at: .r(30), animated: false, scrollPosition: .bottom)  // selects now, scrolls later
        }
        table.contentOffset.y = 15
        if !fired { table.reloadData() }  // didEnd fires on reload
        #expect(fired, "\(callback)")
        #expect(table.indexPathsForSelectedRows == [.r(5)], "\(callback): the queued tap ran last")
        #expect(table.indexPathsForVisibleRows?.contains(.r(30)) == true, "\(callback): the queued scroll ran")
        for cell in table.visibleCells {
            #expect(cell.isSelected == (table.indexPath(for: cell) == .r(5)), "\(callback)")
        }
        #expect(source.violations.isEmpty)
    }

    @Test func reconfiguredCellsKeepTheirSelection() {
        let source = SelectionLogSource([10])
        let table = table(source)
        table.selectRow(at: .r(1), animated: false, scrollPosition: .none)
        let cell = table.cellForRow(at: .r(1))!
        table.reconfigureRows(at: [.r(1), .r(2)])
        #expect(table.cellForRow(at: .r(1)) === cell && cell.isSelected, "dequeued again (reset), then shown selected")
        #expect(table.cellForRow(at: .r(2))?.isSelected == false)
    }

    // MARK: Bad input

    @Test func badIndexPathsNameTheCallTheIndexPathAndTheCounts() {
        let source = SelectionLogSource([5, 0])
        let table = table(source)
        table.selectRow(at: .r(1), animated: false, scrollPosition: .none)
        #expect(throws: ReuseTableError("selectRow(at:animated:scrollPosition:): row (section 0, row 5) is out of range: section 0 has 5 rows.")) {
            try table.validateSelectionTarget(.r(5), from: "selectRow(at:animated:scrollPosition:)")
        }
        #expect(throws: ReuseTableError("tapRow(at:): row (section 2, row 0) is out of range: section 2 does not exist (the table has 2 sections)."))
        {
            try table.validateSelectionTarget(.r(0, 2), from: "tapRow(at:)")
        }
        #expect(throws: ReuseTableError("deselectRow(at:animated:): row (section 1, row 0) is out of range: section 1 has 0 rows.")) {
            try table.validateSelectionTarget(.r(0, 1), from: "deselectRow(at:animated:)")
        }
        #expect(throws: ReuseTableError("deselectRow(at:animated:): index path [1] must have exactly 2 indexes (section, row).")) {
            try table.validateSelectionTarget(IndexPath(index: 1), from: "deselectRow(at:animated:)")
        }
        #expect(table.indexPathsForSelectedRows == [.r(1)], "validation changes nothing")
    }

    // MARK: Against a model

    /// Random batches (rows and sections inserted, deleted, moved, reloaded), scrolls, selects,
    /// deselects and taps, checked after every step against an array model of selected row ids:
    /// the selected index paths, and `isSelected` on every visible cell.
    @Test(arguments: [false, true])
    func randomStepsMatchTheModel(multiple: Bool) {
        var rng = SplitMix64(seed: multiple ? 0x5E1EC7 : 0x5E1EC8)
        for round in 0..<12 {
            let model = BatchModel(mode: round % 3 == 1 ? .estimated : .exact, rng: &rng)
            let table = TableView(frame: CGRect(x: 0, y: 0, width: 300, height: CGFloat(Int.random(in: 60...300, using: &rng))))
            table.register(IdentityCell.self, forCellReuseIdentifier: "row")
            table.dataSource = model
            table.delegate = model
            table.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
            if round % 3 == 1 { table.estimatedRowHeight = 17 }
            table.allowsMultipleSelection = multiple
            table.reloadData()
            var selected = Set<Int>()  // row ids
            for step in 0..<60 {
                let rows = model.sections.enumerated().flatMap { s, rows in rows.indices.map { IndexPath(row: $0, section: s) } }
                func randomRow() -> IndexPath? {
                    if let visible = table.indexPathsForVisibleRows, !visible.isEmpty, Bool.random(using: &rng) {
                        return visible.randomElement(using: &rng)
                    }
                    return rows.randomElement(using: &rng)
                }
                func id(_ indexPath: IndexPath) -> Int { model.sections[indexPath.section][indexPath.row].id }
                let action = Int.random(in: 0..<20, using: &rng)
                switch action {
                case 0..<4:
                    model.reloadedIDs = [:]
                    let (calls, _) = model.randomBatch(rng: &rng)
                    table.performBatchUpdates({ for call in calls { call(table) } }, completion: nil)
                    let alive = Set(model.sections.joined().map(\.id))
                    selected = Set(selected.compactMap { model.reloadedIDs[$0] ?? (alive.contains($0) ? $0 : nil) })
                case 4..<8:
                    table.contentOffset.y = CGFloat(Int.random(in: -20...Int(table.contentSize.height) + 20, using: &rng))
                case 8..<11:
                    guard let row = randomRow() else { continue }
                    let before = table.contentOffset
                    table.selectRow(at: row, animated: false, scrollPosition: .none)
                    #expect(table.contentOffset == before)
                    if !multiple { selected = [] }
                    selected.insert(id(row))
                case 11..<13:
                    guard let row = randomRow() else { continue }
                    table.deselectRow(at: row, animated: Bool.random(using: &rng))
                    selected.remove(id(row))
                case 13..<18:
                    guard let row = randomRow() else { continue }
                    table.tapRow(at: row)
                    if multiple, selected.contains(id(row)) {
                        selected.remove(id(row))
                    } else {
                        if !multiple { selected = [] }
                        selected.insert(id(row))
                    }
                case 18:
                    guard let row = randomRow() else { continue }
                    table.selectRow(at: row, animated: false, scrollPosition: [.top, .middle, .bottom].randomElement(using: &rng)!)
                    if !multiple { selected = [] }
                    selected.insert(id(row))
                    #expect(table.indexPathsForVisibleRows?.contains(row) == true || table.rectForRow(at: row).height == 0)
                default:
                    if Bool.random(using: &rng) {
                        table.reloadData()
                    } else {
                        table.selectRow(at: nil, animated: false, scrollPosition: .none)
                    }
                    selected = []
                }
                // Check: the selected set, then every visible cell.
                var expected: [IndexPath] = []
                for (s, rows) in model.sections.enumerated() {
                    for (r, row) in rows.enumerated() where selected.contains(row.id) { expected.append(IndexPath(row: r, section: s)) }
                }
                let context = "round \(round) step \(step) action \(action)"
                #expect((table.indexPathsForSelectedRows ?? []) == expected, "\(context)")
                #expect(table.indexPathForSelectedRow == expected.first, "\(context)")
                for cell in table.visibleCells.map({ $0 as! IdentityCell }) {
                    #expect(cell.isSelected == selected.contains(cell.rowID), "\(context): row id \(cell.rowID)")
                    #expect(!cell.isHighlighted, "\(context)")
                }
            }
        }
    }
}
