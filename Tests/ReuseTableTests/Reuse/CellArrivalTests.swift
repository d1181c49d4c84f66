import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// `rows` rows of 10 points in one section; implements no display method.
@MainActor
private final class PlainRows: TableViewDataSource, TableViewDelegate {
    let rows: Int
    init(rows: Int) { self.rows = rows }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 10 }
}

/// A delegate that records `willDisplay`, `didEndDisplaying` and the scroll reports.
@MainActor
private final class DisplayRecorder: TableViewDelegate {
    var willDisplay: [IndexPath] = []
    var didEndDisplaying: [IndexPath] = []
    var scrolls: [CGFloat] = []
    func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls.append(scrollView.contentOffset.y) }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 10 }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        willDisplay.append(indexPath)
    }
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        didEndDisplaying.append(indexPath)
    }
}

/// A collection view delegate that records `willDisplay`, `didEndDisplaying` and the scroll reports.
@MainActor
private final class ItemDisplayRecorder: CollectionViewDelegate {
    var willDisplay: [IndexPath] = []
    var didEndDisplaying: [IndexPath] = []
    var scrolls: [CGFloat] = []
    func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls.append(scrollView.contentOffset.y) }
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        willDisplay.append(indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        didEndDisplaying.append(indexPath)
    }
}

/// A cell that records what its selection setters hear, and what the data source reads.
@MainActor
private final class SetterCountingCell: TableViewCell {
    var heard: [String] = []
    override func setSelected(_ selected: Bool, animated: Bool) {
        heard.append("selected \(selected)")
        super.setSelected(selected, animated: animated)
    }
    override func setHighlighted(_ highlighted: Bool, animated: Bool) {
        heard.append("highlighted \(highlighted)")
        super.setHighlighted(highlighted, animated: animated)
    }
}

/// Rows of 10 points whose cells count setter calls; records what `cellForRowAt` reads on each cell.
@MainActor
private final class CountingRows: TableViewDataSource, TableViewDelegate {
    let rows: Int
    /// Per `cellForRowAt`: the row, and `isSelected` / `isHighlighted` as the data source read them.
    var readsAtDequeue: [(row: Int, selected: Bool, highlighted: Bool)] = []
    init(rows: Int) { self.rows = rows }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! SetterCountingCell
        readsAtDequeue.append((indexPath.row, cell.isSelected, cell.isHighlighted))
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 10 }
}

/// What a cell's arrival and departure call: the display callbacks a delegate implements, and
/// nothing of a delegate that leaves them to the protocol's defaults.
@MainActor
@Suite struct CellArrivalTests {
    private func table(_ source: PlainRows) -> TableView {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = source
        table.delegate = source
        table.reloadData()
        return table
    }

    /// A delegate without display methods or a scroll report is called once for each (its default
    /// reports itself); a delegate set afterwards hears every arrival, departure and step again, in order.
    @Test func aNewDelegateHearsEveryDisplayCallback() {
        let displayCallbacks: DefaultedDelegateMethods = [.willDisplay, .didEndDisplaying, .didScroll]
        let source = PlainRows(rows: 100)
        let table = table(source)
        table.contentOffset.y = 100
        #expect(table.engine.defaultedMethods.isSuperset(of: displayCallbacks))

        let recorder = DisplayRecorder()
        table.delegate = recorder
        #expect(table.engine.defaultedMethods.isEmpty, "a new delegate is asked again")
        var shown = Set(table.indexPathsForVisibleRows ?? [])
        var arrived: [IndexPath] = [], left: [IndexPath] = []
        for step in 1...20 {
            table.contentOffset.y = 100 + CGFloat(step) * 7
            let now = Set(table.indexPathsForVisibleRows ?? [])
            arrived += now.subtracting(shown).sorted()
            left += shown.subtracting(now).sorted()
            shown = now
        }
        #expect(!arrived.isEmpty && !left.isEmpty)
        #expect(recorder.willDisplay == arrived)
        #expect(recorder.didEndDisplaying == left)
        #expect(recorder.scrolls == (1...20).map { 100 + CGFloat($0) * 7 }, "every step reported")
        #expect(table.engine.defaultedMethods.isEmpty)

        table.delegate = source  // back to the defaults: asked once more, then no more
        table.contentOffset.y = 0
        #expect(table.engine.defaultedMethods.isSuperset(of: displayCallbacks))
        #expect(recorder.willDisplay == arrived, "the old delegate hears nothing")
        #expect(recorder.scrolls.count == 20)
    }

    /// Another object's default implementation, called with this table, says nothing about this table's delegate.
    @Test func anotherObjectsDefaultLeavesTheDelegateCalled() {
        let source = PlainRows(rows: 100)
        let table = table(source)
        let recorder = DisplayRecorder()
        table.delegate = recorder
        let stranger = PlainRows(rows: 1)
        stranger.tableView(table, willDisplay: TableViewCell(reuseIdentifier: nil), forRowAt: IndexPath(row: 0, section: 0))
        stranger.tableView(table, didEndDisplaying: TableViewCell(reuseIdentifier: nil), forRowAt: IndexPath(row: 0, section: 0))
        stranger.scrollViewDidScroll(table)
        #expect(table.engine.defaultedMethods.isEmpty)
        table.contentOffset.y = 200
        #expect(recorder.willDisplay.first == IndexPath(row: 20, section: 0))
        #expect(recorder.didEndDisplaying.first == IndexPath(row: 0, section: 0))
    }

    private func countingTable(_ source: CountingRows) -> TableView {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        table.register(SetterCountingCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = source
        table.delegate = source
        table.reloadData()
        return table
    }

    private func clearHeard(_ table: TableView) {
        for cell in table.visibleCells { (cell as! SetterCountingCell).heard.removeAll() }
    }

    /// Each displayed cell hears `setSelected` once, with its row's state, and `setHighlighted` only
    /// when what it shows changes; the data source reads a reused cell unselected and unhighlighted.
    @Test func aDisplayedCellHearsEachChangeOnce() {
        let source = CountingRows(rows: 100)
        let table = countingTable(source)
        table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        table.cellForRow(at: IndexPath(row: 3, section: 0))!.isHighlighted = true  // app code
        clearHeard(table)
        source.readsAtDequeue.removeAll()

        // Down past rows 2 and 3 (their cells are reused for other rows), then back up.
        let offsets = (1...30).map { CGFloat($0) * 7 } + (0..<30).reversed().map { CGFloat($0) * 7 }
        var highlightToldOff = 0
        for offset in offsets {
            table.contentOffset.y = offset
            for cell in table.visibleCells.map({ $0 as! SetterCountingCell }) where !cell.heard.isEmpty {
                let row = table.indexPath(for: cell)!.row
                if cell.heard == ["selected \(row == 2)", "highlighted false"] {
                    highlightToldOff += 1
                } else {
                    #expect(cell.heard == ["selected \(row == 2)"], "row \(row) heard \(cell.heard)")
                }
                cell.heard.removeAll()
            }
        }
        #expect(highlightToldOff == 1, "the cell highlighted by the app hears false once, at its next display")
        #expect(!source.readsAtDequeue.isEmpty)
        for read in source.readsAtDequeue {
            #expect(!read.selected && !read.highlighted, "row \(read.row) read a reused cell's old state")
        }
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == true)
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.isHighlighted == false)
    }

    /// A cell taken from the pool highlighted hears `setHighlighted(false)` once when displayed again;
    /// a tap's highlight and unhighlight are each heard once.
    @Test func aHighlightIsToldOffOnceAndATapIsHeardInOrder() {
        let source = CountingRows(rows: 100)
        let table = countingTable(source)
        let cell = table.cellForRow(at: IndexPath(row: 0, section: 0)) as! SetterCountingCell
        cell.isHighlighted = true
        clearHeard(table)
        table.contentOffset.y = 200  // row 0's cell goes to the pool and comes back for another row
        #expect(table.visibleCells.contains { $0 === cell })
        #expect(cell.heard == ["selected false", "highlighted false"], "\(cell.heard)")
        #expect(!cell.isHighlighted)

        clearHeard(table)
        let tapped = table.cellForRow(at: IndexPath(row: 21, section: 0)) as! SetterCountingCell
        table.tapRow(at: IndexPath(row: 21, section: 0))
        #expect(tapped.heard == ["highlighted true", "selected true", "highlighted false"], "\(tapped.heard)")
        table.contentOffset.y = 0
        clearHeard(table)
        table.contentOffset.y = 200
        let again = table.cellForRow(at: IndexPath(row: 21, section: 0)) as! SetterCountingCell
        #expect(again.heard == ["selected true"], "\(again.heard)")
    }

    /// The collection view follows the same rule: defaults once, a new delegate hears everything.
    @Test func aCollectionViewsNewDelegateHearsEveryDisplayCallback() {
        let column = ScrollColumn(count: 100)
        let view = column.makeView()  // 50-point items, 200 points tall
        view.contentOffset.y = 100
        #expect(view.engine.defaultedMethods == [.willDisplay, .didEndDisplaying], "the column reports scrolls itself")
        let recorder = ItemDisplayRecorder()
        view.delegate = recorder
        #expect(view.engine.defaultedMethods.isEmpty)
        let before = Set(view.indexPathsForVisibleItems)
        view.contentOffset.y = 300
        let after = Set(view.indexPathsForVisibleItems)
        #expect(!recorder.willDisplay.isEmpty && !recorder.didEndDisplaying.isEmpty)
        #expect(recorder.willDisplay == after.subtracting(before).sorted(), "\(recorder.willDisplay)")
        #expect(recorder.didEndDisplaying == before.subtracting(after).sorted(), "\(recorder.didEndDisplaying)")
        #expect(recorder.scrolls == [300])
        #expect(view.engine.defaultedMethods.isEmpty)
    }
}
