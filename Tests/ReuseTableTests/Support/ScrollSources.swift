import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A plain table source for inset, table-header and scroll-callback tests: `counts`
/// rows per section, every row `rowHeight` (the delegate implements no height
/// method unless `rowHeights` is set), optional section header/footer views, and a
/// record of every `scrollViewDidScroll(_:)`.
@MainActor
final class ScrollSource: TableViewDataSource, TableViewDelegate {
    var counts: [Int]
    /// Exact heights per section and row; nil: `heightForRowAt` is "not implemented".
    var rowHeights: [[CGFloat]]?
    /// Header and footer views (fitting heights) per section; nil: none.
    var headerViewHeights: [CGFloat]?
    var footerViewHeights: [CGFloat]?
    /// Every offset `scrollViewDidScroll(_:)` saw, with whether the table was inside a pass then.
    var scrolls: [(offset: CGPoint, visible: [IndexPath], duringPass: Bool)] = []
    /// Called from `scrollViewDidScroll(_:)` (after it is recorded).
    var onScroll: ((TableView) -> Void)?
    /// Called from `willDisplay`.
    var onWillDisplay: ((TableView, IndexPath) -> Void)?

    init(counts: [Int]) { self.counts = counts }

    func numberOfSections(in tableView: TableView) -> Int { counts.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! TestCell
        cell.configuredFor = indexPath
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        guard let rowHeights else {
            tableView.noteDefault(.rowHeight, of: self)
            return tableView.rowHeight
        }
        return rowHeights[indexPath.section][indexPath.row]
    }
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
        headerViewHeights.map { TestHeaderView(section: section, fitting: $0[section]) }
    }
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? {
        footerViewHeights.map { TestHeaderView(section: section, fitting: $0[section]) }
    }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        onWillDisplay?(tableView, indexPath)
    }
    func scrollViewDidScroll(_ scrollView: ScrollView) {
        let table = scrollView as! TableView
        scrolls.append((table.contentOffset, table.engine.cellsOnScreen.indexPaths, table.engine.pass.isRunning || table.transaction.depth > 1))
        onScroll?(table)
    }
}

/// A one-column waterfall of `count` items, each `itemHeight` tall, that records `scrollViewDidScroll(_:)`.
@MainActor
final class ScrollColumn: CollectionViewDataSource, CollectionViewDelegate, WaterfallLayoutDelegate {
    var count: Int
    var itemHeight: CGFloat = 50
    var scrolls: [CGPoint] = []
    var onScroll: ((CollectionView) -> Void)?

    init(count: Int) { self.count = count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    }
    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath,
        itemWidth: CGFloat
    ) -> CGFloat {
        itemHeight
    }
    func scrollViewDidScroll(_ scrollView: ScrollView) {
        scrolls.append(scrollView.contentOffset)
        onScroll?(scrollView as! CollectionView)
    }

    func makeView(height: CGFloat = 200, configure: (CollectionView) -> Void = { _ in }) -> CollectionView {
        let layout = WaterfallLayout(numberOfColumns: 1, margin: 0)
        layout.delegate = self
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: height), collectionViewLayout: layout)
        view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
        view.dataSource = self
        view.delegate = self
        view.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
        configure(view)
        view.reloadData()
        return view
    }
}
