import Foundation
import TestSupport
import Testing

@testable import ReuseTable

/// A list cell showing a string item, one line tall.
final class OutlineTextListCell: CollectionViewListCell {
    var item = ""
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: 1) }
}

/// A table cell showing a string item.
final class OutlineTextTableCell: TableViewCell {
    var item = ""
}

/// A table data source whose rows may be edited (so they offer swipe actions) and reordered.
final class EditableOutlineTableDataSource: TableViewDiffableDataSource<String, String> {
    override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
}

/// The table's delegate: a trailing "Flag" action on every row, and the swipe closings it hears.
@MainActor
final class OutlineSwipeDelegate: TableViewDelegate {
    var closed: [IndexPath?] = []

    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: "Flag") { _, _, completion in completion(true) }])
    }

    func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) { closed.append(indexPath) }
}

/// An open swipe and a lifted item while a section snapshot expands or collapses an outline, on
/// a list-layout collection view and on a table, through the public calls an app makes: the swipe
/// follows its item and closes when its item is hidden; a lift is cancelled before the apply, so
/// the screen and the data source change together (Docs/outlines.md, Docs/editing.md,
/// Docs/reordering.md).
@MainActor
@Suite struct OutlineSwipeAndLiftTests {
    /// P with children p1, p2, p3, then `roots` after it.
    static func tree(roots: [String], expanded: Bool) -> DiffableDataSourceSectionSnapshot<String> {
        var tree = DiffableDataSourceSectionSnapshot<String>()
        tree.append(["P"])
        tree.append(["p1", "p2", "p3"], to: "P")
        tree.append(roots)
        if expanded { tree.expand(["P"]) }
        return tree
    }

    /// A 40 × 12 plain list with a trailing swipe provider, showing `tree` in section "s".
    static func list(_ tree: DiffableDataSourceSectionSnapshot<String>) -> (CollectionView, CollectionViewDiffableDataSource<String, String>) {
        var configuration = CollectionLayoutListConfiguration(appearance: .plain)
        configuration.trailingSwipeActionsConfigurationProvider = { _ in
            SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: "Flag") { _, _, completion in completion(true) }])
        }
        let list = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 40, height: 12), collectionViewLayout: CollectionViewCompositionalLayout.list(using: configuration))
        list.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
        let registration = CollectionView.CellRegistration<OutlineTextListCell, String> { cell, _, item in
            cell.item = item
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
            cell.accessories = [.outlineDisclosure()]
        }
        let dataSource = CollectionViewDiffableDataSource<String, String>(collectionView: list) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        dataSource.apply(tree, to: "s")
        list.layoutIfNeeded()
        return (list, dataSource)
    }

    /// A 40 × 12 table of 1-tall rows whose delegate offers a trailing swipe, showing `tree` in section "s".
    static func table(_ tree: DiffableDataSourceSectionSnapshot<String>) -> (TableView, EditableOutlineTableDataSource, OutlineSwipeDelegate) {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 40, height: 12))
        table.rowHeight = 1
        table.sectionHeaderHeight = 0
        table.sectionFooterHeight = 0
        table.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
        table.register(OutlineTextTableCell.self, forCellReuseIdentifier: "row")
        let delegate = OutlineSwipeDelegate()
        table.delegate = delegate
        let dataSource = EditableOutlineTableDataSource(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath) as! OutlineTextTableCell
            cell.item = item
            return cell
        }
        dataSource.apply(tree, to: "s")
        table.layoutIfNeeded()
        return (table, dataSource, delegate)
    }

    /// The items whose cells on screen show `isSwiped`, and that every cell shows its row's item.
    static func swipedItems(_ list: CollectionView, _ dataSource: CollectionViewDiffableDataSource<String, String>) -> [String] {
        list.layoutIfNeeded()
        var swiped: [String] = []
        for indexPath in list.indexPathsForVisibleItems {
            let cell = list.cellForItem(at: indexPath) as! OutlineTextListCell
            #expect(cell.item == dataSource.itemIdentifier(for: indexPath), "the cell at \(indexPath)")
            if cell.configurationState.isSwiped { swiped.append(cell.item) }
        }
        return swiped
    }

    static func swipedRows(_ table: TableView, _ dataSource: EditableOutlineTableDataSource) -> [String] {
        table.layoutIfNeeded()
        var swiped: [String] = []
        for indexPath in table.indexPathsForVisibleRows ?? [] {
            let cell = table.cellForRow(at: indexPath) as! OutlineTextTableCell
            #expect(cell.item == dataSource.itemIdentifier(for: indexPath), "the cell at \(indexPath)")
            if cell.configurationState.isSwiped { swiped.append(cell.item) }
        }
        return swiped
    }

    // MARK: An open swipe

    @Test func anOpenSwipeFollowsItsItemThroughAnOutlineTapInAList() {
        let (list, dataSource) = Self.list(Self.tree(roots: ["a", "b", "c"], expanded: false))
        #expect(list.swipeItem(at: IndexPath(item: 2, section: 0), edge: .trailing) != nil)  // b
        #expect(Self.swipedItems(list, dataSource) == ["b"])
        list.tapOutlineDisclosure(at: IndexPath(item: 0, section: 0))  // P expands: p1, p2, p3 above b
        #expect(dataSource.snapshot().itemIdentifiers == ["P", "p1", "p2", "p3", "a", "b", "c"])
        #expect(list.indexPathForSwipedItem == IndexPath(item: 5, section: 0), "the swipe stays on b")
        #expect(Self.swipedItems(list, dataSource) == ["b"])
        list.tapOutlineDisclosure(at: IndexPath(item: 0, section: 0))  // collapses again
        #expect(list.indexPathForSwipedItem == IndexPath(item: 2, section: 0))
        #expect(Self.swipedItems(list, dataSource) == ["b"])
    }

    @Test func collapsingTheParentOfASwipedChildClosesTheSwipeInAList() {
        let (list, dataSource) = Self.list(Self.tree(roots: ["a", "b", "c"], expanded: true))
        #expect(list.swipeItem(at: IndexPath(item: 2, section: 0), edge: .trailing) != nil)  // p2
        list.tapOutlineDisclosure(at: IndexPath(item: 0, section: 0))  // P collapses: p2 is hidden
        #expect(dataSource.snapshot().itemIdentifiers == ["P", "a", "b", "c"])
        #expect(list.indexPathForSwipedItem == nil, "its item is gone: the swipe closed")
        #expect(Self.swipedItems(list, dataSource) == [])
        // A section snapshot applied by the app takes the same path as a tap.
        #expect(list.swipeItem(at: IndexPath(item: 3, section: 0), edge: .trailing) != nil)  // c
        var expanded = dataSource.snapshot(for: "s")
        expanded.expand(["P"])
        dataSource.apply(expanded, to: "s")
        #expect(list.indexPathForSwipedItem == IndexPath(item: 6, section: 0))
        #expect(Self.swipedItems(list, dataSource) == ["c"])
    }

    @Test func anOpenSwipeFollowsItsRowThroughAnOutlineTapInATable() {
        let (table, dataSource, delegate) = Self.table(Self.tree(roots: ["a", "b", "c"], expanded: false))
        #expect(table.swipeRow(at: IndexPath(row: 2, section: 0), edge: .trailing) != nil)  // b
        table.tapOutlineDisclosure(at: IndexPath(row: 0, section: 0))
        #expect(dataSource.snapshot().itemIdentifiers == ["P", "p1", "p2", "p3", "a", "b", "c"])
        #expect(table.indexPathForSwipedRow == IndexPath(row: 5, section: 0))
        #expect(Self.swipedRows(table, dataSource) == ["b"])
        #expect(delegate.closed.isEmpty)
        // Swiped on p2, P collapses: the swipe closes, told with nil (its row was deleted).
        #expect(table.swipeRow(at: IndexPath(row: 2, section: 0), edge: .trailing) != nil)
        #expect(delegate.closed == [IndexPath(row: 5, section: 0)])  // b closed by the new swipe
        table.tapOutlineDisclosure(at: IndexPath(row: 0, section: 0))
        #expect(table.indexPathForSwipedRow == nil)
        #expect(delegate.closed == [IndexPath(row: 5, section: 0), nil])
        #expect(Self.swipedRows(table, dataSource) == [])
    }

    // MARK: A lifted item

    @Test func aSectionSnapshotAppliedDuringALiftCancelsItFirstInAList() {
        let (list, dataSource) = Self.list(Self.tree(roots: ["a", "b", "c", "d", "e"], expanded: true))
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        #expect(list.beginInteractiveMovementForItem(at: IndexPath(item: 5, section: 0)))  // b
        var collapsed = dataSource.snapshot(for: "s")
        collapsed.collapse(["P"])
        dataSource.apply(collapsed, to: "s")
        #expect(list.indexPathForInteractivelyMovedItem == nil, "the apply cancelled the lift")
        #expect(dataSource.snapshot().itemIdentifiers == ["P", "a", "b", "c", "d", "e"])
        #expect(list.numberOfItems(inSection: 0) == 6)
        list.layoutIfNeeded()
        #expect(list.indexPathsForVisibleItems.count == 6)
        #expect(Self.swipedItems(list, dataSource) == [])  // and each cell shows its row's item
    }

    @Test func aSectionSnapshotAppliedDuringALiftCancelsItFirstInATable() {
        let (table, dataSource, _) = Self.table(Self.tree(roots: ["a", "b", "c", "d", "e"], expanded: true))
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 5, section: 0)))  // b
        var collapsed = dataSource.snapshot(for: "s")
        collapsed.collapse(["P"])
        dataSource.apply(collapsed, to: "s")
        #expect(table.indexPathForInteractivelyMovedRow == nil, "the apply cancelled the lift")
        #expect(dataSource.snapshot().itemIdentifiers == ["P", "a", "b", "c", "d", "e"])
        #expect(table.numberOfRows(inSection: 0) == 6)
        table.layoutIfNeeded()
        #expect(table.indexPathsForVisibleRows?.count == 6)
        #expect(Self.swipedRows(table, dataSource) == [])
    }
}
