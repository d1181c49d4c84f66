import Foundation
import TestSupport
import Testing

@testable import ReuseTable

/// A table of sections of rows whose delegate records the focus and selection calls and vetoes
/// what a test says.
@MainActor
final class FocusRows: TableViewDataSource, TableViewDelegate {
    var counts: [Int]
    var calls: [String] = []
    var cannotFocus: Set<IndexPath> = []
    var refusesUpdates = false
    var followsFocus: ((IndexPath) -> Bool)?
    init(_ counts: [Int]) { self.counts = counts }

    func numberOfSections(in tableView: TableView) -> Int { counts.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 10 }
    func tableView(_ tableView: TableView, canFocusRowAt indexPath: IndexPath) -> Bool { !cannotFocus.contains(indexPath) }
    func tableView(_ tableView: TableView, shouldUpdateFocusIn context: TableViewFocusUpdateContext) -> Bool {
        calls.append("should \(Self.name(context.previouslyFocusedIndexPath))→\(Self.name(context.nextFocusedIndexPath))")
        return !refusesUpdates
    }
    func tableView(_ tableView: TableView, didUpdateFocusIn context: TableViewFocusUpdateContext, with coordinator: FocusAnimationCoordinator) {
        calls.append("did \(Self.name(context.previouslyFocusedIndexPath))→\(Self.name(context.nextFocusedIndexPath))")
    }
    func tableView(_ tableView: TableView, selectionFollowsFocusForRowAt indexPath: IndexPath) -> Bool {
        followsFocus?(indexPath) ?? tableView.selectionFollowsFocus
    }
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        calls.append("willSelect \(Self.name(indexPath))")
        return indexPath
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { calls.append("didSelect \(Self.name(indexPath))") }
    func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        calls.append("primary \(Self.name(indexPath))")
    }

    static func name(_ indexPath: IndexPath?) -> String { indexPath.map { "\($0.section).\($0.row)" } ?? "nil" }
}

@MainActor
@Suite struct FocusBehaviourTests {
    func table(_ source: FocusRows, height: CGFloat = 100) -> TableView {
        makeTable(source, height: height) { $0.allowsFocus = true }
    }

    @Test func aFocusUpdateAsksThenTellsInUIKitsOrder() {
        let source = FocusRows([5])
        let table = table(source)
        #expect(table.focusRow(at: IndexPath(row: 2, section: 0)))
        #expect(source.calls == ["should nil→0.2", "did nil→0.2"])
        #expect(table.indexPathForFocusedRow == IndexPath(row: 2, section: 0))
        #expect(table.indexPathForSelectedRow == nil, "selection does not follow focus by default")
    }

    @Test func theDelegateVetoes() {
        let source = FocusRows([5])
        let table = table(source)
        source.cannotFocus = [IndexPath(row: 1, section: 0)]
        #expect(!table.focusRow(at: IndexPath(row: 1, section: 0)))
        #expect(table.indexPathForFocusedRow == nil && source.calls.isEmpty, "canFocusRowAt false: nothing asked further")
        #expect(table.moveFocus(.next))
        #expect(table.indexPathForFocusedRow == IndexPath(row: 0, section: 0))
        #expect(table.moveFocus(.next))
        #expect(table.indexPathForFocusedRow == IndexPath(row: 2, section: 0), "a move passes over a row that cannot take focus")
        source.refusesUpdates = true
        source.calls = []
        #expect(!table.moveFocus(.next))
        #expect(table.indexPathForFocusedRow == IndexPath(row: 2, section: 0), "shouldUpdateFocusIn false keeps focus")
        #expect(source.calls == ["should 0.2→0.3"])
        table.allowsFocus = false
        #expect(table.indexPathForFocusedRow == nil, "turning focus off takes it away")
        #expect(!table.moveFocus(.next))
    }

    @Test func selectionFollowsFocusWithTheSelectCallsButNoPrimaryAction() {
        let source = FocusRows([5])
        let table = table(source)
        table.selectionFollowsFocus = true
        table.focusRow(at: IndexPath(row: 1, section: 0))
        #expect(source.calls == ["should nil→0.1", "did nil→0.1", "willSelect 0.1", "didSelect 0.1"])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        source.followsFocus = { $0.row != 3 }
        table.moveFocus(.next)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        table.moveFocus(.next)
        #expect(table.indexPathForFocusedRow == IndexPath(row: 3, section: 0))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0), "selectionFollowsFocusForRowAt false for this row")
    }

    @Test func movesByTheKeysKeepTheFocusedRowVisible() {
        let source = FocusRows([30, 0, 40])
        let table = table(source, height: 100)  // ten rows a screen
        #expect(table.moveFocus(.pageDown), "nothing focused: focus enters at the first row")
        #expect(table.indexPathForFocusedRow == IndexPath(row: 0, section: 0))
        func check(_ expected: IndexPath, _ comment: Comment) {
            #expect(table.indexPathForFocusedRow == expected, comment)
            let rect = table.rectForRow(at: expected)
            #expect(rect.minY >= table.contentOffset.y && rect.maxY <= table.contentOffset.y + table.bounds.height, "\(comment): visible")
        }
        table.moveFocus(.pageDown)
        check(IndexPath(row: 10, section: 0), "a page down")
        table.moveFocus(.pageUp)
        check(IndexPath(row: 0, section: 0), "a page up")
        table.moveFocus(.last)
        check(IndexPath(row: 39, section: 2), "the end")
        table.moveFocus(.first)
        check(IndexPath(row: 0, section: 0), "the start")
        table.moveFocus(.nextSection)
        check(IndexPath(row: 0, section: 2), "the next section, over the empty one")
        table.moveFocus(.previous)
        check(IndexPath(row: 29, section: 0), "back across the empty section")
        table.moveFocus(.previousSection)
        check(IndexPath(row: 0, section: 0), "the start of its section")
        table.moveFocus(.nextSection)
        table.moveFocus(.previousSection)
        check(IndexPath(row: 0, section: 0), "from a section's start, the previous section with rows, over the empty one")
        #expect(!table.moveFocus(.previous), "nothing before the first row")
    }

    @Test func rememberedFocusComesBack() {
        let source = FocusRows([20])
        let table = table(source)
        table.focusRow(at: IndexPath(row: 7, section: 0))
        table.focusRow(at: nil)
        table.moveFocus(.next)
        #expect(table.indexPathForFocusedRow == IndexPath(row: 0, section: 0), "not remembered: focus enters at the first row")
        table.remembersLastFocusedIndexPath = true
        table.focusRow(at: IndexPath(row: 7, section: 0))
        table.focusRow(at: nil)
        table.moveFocus(.next)
        #expect(table.indexPathForFocusedRow == IndexPath(row: 7, section: 0), "remembered")
    }

    @Test func aDeletedRowHandsFocusToTheNextThenThePrevious() {
        let source = FocusRows([5])
        let table = table(source)
        table.focusRow(at: IndexPath(row: 2, section: 0))
        source.counts = [4]
        table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .automatic)
        #expect(table.indexPathForFocusedRow == IndexPath(row: 2, section: 0), "the next row, now at its place")
        table.focusRow(at: IndexPath(row: 3, section: 0))
        source.counts = [3]
        table.deleteRows(at: [IndexPath(row: 3, section: 0)], with: .automatic)
        #expect(table.indexPathForFocusedRow == IndexPath(row: 2, section: 0), "the last row: the previous one")
        source.counts = [3]
        table.reloadData()
        #expect(table.indexPathForFocusedRow == IndexPath(row: 2, section: 0), "a reload keeps an index path that still names a row")
        source.counts = [1]
        table.reloadData()
        #expect(table.indexPathForFocusedRow == IndexPath(row: 0, section: 0), "or takes the nearest row before it")
    }

    @Test func focusOutOfRangeStopsWithAMessageAndChangesNothing() {
        let source = FocusRows([3, 2])
        let table = table(source)
        table.focusRow(at: IndexPath(row: 1, section: 0))
        #expect(throws: ReuseTableError("focusRow(at:): " + TableView.missingIndexPathMessage(IndexPath(row: 2, section: 1), .row(rows: 2)))) {
            try table.focusFromPublicCall(IndexPath(row: 2, section: 1), call: "focusRow(at:)")
        }
        #expect(throws: ReuseTableError.self) { try table.focusFromPublicCall(IndexPath(row: 0, section: 5), call: "focusRow(at:)") }
        #expect(table.indexPathForFocusedRow == IndexPath(row: 1, section: 0), "state intact")
    }

    @Test func isFocusedUpdatesEachCellOnce() {
        let source = ConfiguredRows(count: 50)
        let table = source.table()
        table.allowsFocus = true
        let first = table.cellForRow(at: IndexPath(row: 3, section: 0))!
        let second = table.cellForRow(at: IndexPath(row: 4, section: 0))!
        let before = source.log.entries.count
        table.focusRow(at: IndexPath(row: 3, section: 0))
        table.layoutIfNeeded()
        #expect(source.log.entries.count == before + 1, "one update, for the focused cell")
        #expect(source.log.last(of: first)?.state.isFocused == true)
        table.moveFocus(.next)
        table.layoutIfNeeded()
        #expect(source.log.entries.count == before + 3, "one for the cell focus left, one for the cell it reached")
        #expect(source.log.last(of: first)?.state.isFocused == false)
        #expect(source.log.last(of: second)?.state.isFocused == true)
        table.moveFocus(.previous)
        table.layoutIfNeeded()
        #expect(source.log.entries.count == before + 5, "each change: one update of each of the two cells")
        #expect(source.log.last(of: first)?.state.isFocused == true)
        table.focusRow(at: IndexPath(row: 3, section: 0))
        table.layoutIfNeeded()
        #expect(source.log.entries.count == before + 5, "no change: no update")
    }

    @Test func aCollectionViewMovesFocusByItsItems() {
        var rng = SplitMix64(seed: 7)
        let model = CollectionModel(sectionCounts: [12, 12], rng: &rng)
        let view = FocusModelTests.focusableCollectionView(model, height: 100)
        #expect(view.moveFocus(.last))
        #expect(view.indexPathForFocusedItem == IndexPath(item: 11, section: 1))
        let frame = view.layoutAttributesForItem(at: IndexPath(item: 11, section: 1))!.frame
        #expect(frame.maxY <= view.contentOffset.y + view.bounds.height + 0.001 && frame.minY >= view.contentOffset.y - 0.001)
        #expect(view.moveFocus(.previousSection))
        #expect(view.indexPathForFocusedItem == IndexPath(item: 0, section: 1))
        let cell = view.cellForItem(at: IndexPath(item: 0, section: 1))!
        #expect(cell.configurationState.isFocused)
    }
}
