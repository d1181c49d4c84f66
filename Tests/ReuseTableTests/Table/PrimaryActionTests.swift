import Foundation
import Testing
@testable import ReuseTable
import TestSupport

// The primary action of a tap (`performPrimaryActionForRowAt` / `ForItemAt`): after `didSelect`,
// asked first through `canPerformPrimaryAction…`, only when the tap selected one row alone.

/// Logs the selection and primary-action callbacks of a table.
@MainActor
final class PrimaryActionLog: TableViewDataSource, TableViewDelegate {
    var log: [String] = []
    var refused: Set<IndexPath> = []
    var vetoed: Set<IndexPath> = []

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 10 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    }
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        vetoed.contains(indexPath) ? nil : indexPath
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { log.append("didSelect \(indexPath.row)") }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { log.append("didDeselect \(indexPath.row)") }
    func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) { log.append("didUnhighlight \(indexPath.row)") }
    func tableView(_ tableView: TableView, canPerformPrimaryActionForRowAt indexPath: IndexPath) -> Bool {
        log.append("canPerform \(indexPath.row)")
        return !refused.contains(indexPath)
    }
    func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        log.append("perform \(indexPath.row) selected \(tableView.indexPathsForSelectedRows?.map(\.row) ?? [])")
    }
}

/// Logs the selection and primary-action callbacks of a collection view.
@MainActor
final class ItemPrimaryActionLog: CollectionViewDataSource, CollectionViewDelegate, WaterfallLayoutDelegate {
    var log: [String] = []
    var refused: Set<IndexPath> = []

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 10 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    }
    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, itemWidth: CGFloat
    ) -> CGFloat { 20 }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { log.append("didSelect \(indexPath.item)") }
    func collectionView(_ collectionView: CollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath) -> Bool {
        log.append("canPerform \(indexPath.item)")
        return !refused.contains(indexPath)
    }
    func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {
        log.append("perform \(indexPath.item)")
    }
}

@MainActor
@Suite struct PrimaryActionTests {
    @Test func aTapPerformsThePrimaryActionAfterDidSelectAndBeforeTheUnhighlight() {
        let source = PrimaryActionLog()
        let table = makeTable(source)
        table.tapRow(at: .r(2))
        #expect(source.log == ["didSelect 2", "canPerform 2", "perform 2 selected [2]", "didUnhighlight 2"])
        source.log = []
        table.tapRow(at: .r(4))
        #expect(source.log == ["didDeselect 2", "didSelect 4", "canPerform 4", "perform 4 selected [4]", "didUnhighlight 4"])
    }

    @Test func canPerformFalseOrAVetoedSelectionPerformsNothing() {
        let source = PrimaryActionLog()
        source.refused = [.r(1)]
        source.vetoed = [.r(3)]
        let table = makeTable(source)
        table.tapRow(at: .r(1))
        #expect(source.log == ["didSelect 1", "canPerform 1", "didUnhighlight 1"])
        source.log = []
        table.tapRow(at: .r(3))
        #expect(source.log == ["didUnhighlight 3"])
    }

    @Test func aTapExtendingAMultipleSelectionPerformsNothing() {
        let source = PrimaryActionLog()
        let table = makeTable(source) { $0.allowsMultipleSelection = true }
        table.tapRow(at: .r(1))
        table.tapRow(at: .r(2))
        #expect(source.log == ["didSelect 1", "canPerform 1", "perform 1 selected [1]", "didUnhighlight 1", "didSelect 2", "didUnhighlight 2"])
    }

    @Test func programmaticSelectionPerformsNothing() {
        let source = PrimaryActionLog()
        let table = makeTable(source)
        table.selectRow(at: .r(1), animated: false, scrollPosition: .none)
        #expect(source.log.isEmpty)
    }

    @Test func anItemTapPerformsItsPrimaryActionAfterDidSelect() {
        let source = ItemPrimaryActionLog()
        source.refused = [IndexPath(item: 5, section: 0)]
        let layout = WaterfallLayout(numberOfColumns: 2, margin: 0)
        layout.delegate = source
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: layout)
        view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
        view.dataSource = source
        view.delegate = source
        view.reloadData()
        view.tapItem(at: IndexPath(item: 1, section: 0))
        view.tapItem(at: IndexPath(item: 5, section: 0))
        #expect(source.log == ["didSelect 1", "canPerform 1", "perform 1", "didSelect 5", "canPerform 5"])
    }
}
