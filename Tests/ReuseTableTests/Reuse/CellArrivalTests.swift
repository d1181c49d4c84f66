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

/// A delegate that records `willDisplay` and `didEndDisplaying`.
@MainActor
private final class DisplayRecorder: TableViewDelegate {
    var willDisplay: [IndexPath] = []
    var didEndDisplaying: [IndexPath] = []
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 10 }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        willDisplay.append(indexPath)
    }
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        didEndDisplaying.append(indexPath)
    }
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

    /// A delegate without display methods is called once for each (its default reports itself);
    /// a delegate set afterwards hears every arrival and departure again, in order.
    @Test func aNewDelegateHearsEveryDisplayCallback() {
        let source = PlainRows(rows: 100)
        let table = table(source)
        table.contentOffset.y = 100
        #expect(table.engine.defaultDisplayCallbacks == [.willDisplay, .didEndDisplaying])

        let recorder = DisplayRecorder()
        table.delegate = recorder
        #expect(table.engine.defaultDisplayCallbacks.isEmpty, "a new delegate is asked again")
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
        #expect(table.engine.defaultDisplayCallbacks.isEmpty)

        table.delegate = source  // back to the defaults: asked once more, then no more
        table.contentOffset.y = 0
        #expect(table.engine.defaultDisplayCallbacks == [.willDisplay, .didEndDisplaying])
        #expect(recorder.willDisplay == arrived, "the old delegate hears nothing")
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
        #expect(table.engine.defaultDisplayCallbacks.isEmpty)
        table.contentOffset.y = 200
        #expect(recorder.willDisplay.first == IndexPath(row: 20, section: 0))
        #expect(recorder.didEndDisplaying.first == IndexPath(row: 0, section: 0))
    }
}
