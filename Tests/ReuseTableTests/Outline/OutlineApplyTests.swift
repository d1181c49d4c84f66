import Foundation
import TestSupport
import Testing

@testable import ReuseTable

/// Section snapshots applied to real views, checked against a brute-force flattening of a
/// nested-array model: rows, heights, selection, visible cells, and the anchor kept still.
@MainActor
@Suite struct OutlineApplyTests {
    typealias Tree = DiffableDataSourceSectionSnapshot<Int>
    /// Items of the flat first section, far from the model's ids.
    static let flatItems = [1_000_000, 1_000_001, 1_000_002]

    /// The next section snapshot: usually the data source's own, changed (applied by its edit
    /// log); sometimes one built afresh from the model (applied by a diff).
    static func nextSnapshot(
        _ current: Tree, _ model: inout OutlineModel, rng: inout SplitMix64
    ) -> (Tree, String) {
        var snapshot = current
        var what: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            what.append(SectionSnapshotModelTests.randomEdit(&snapshot, &model, fanOut: 6, rng: &rng))
        }
        if Int.random(in: 0..<5, using: &rng) == 0 {
            // The same tree, built from scratch: no log leads to it.
            var fresh = Tree()
            func add(_ nodes: [OutlineModel.Node], to parent: Int?) {
                fresh.append(nodes.map(\.id), to: parent)
                for node in nodes {
                    add(node.children, to: node.id)
                    if node.expanded { fresh.expand([node.id]) }
                }
            }
            add(model.roots, to: nil)
            snapshot = fresh
            what.append("(rebuilt)")
        }
        return (snapshot, what.joined(separator: ", "))
    }

    /// Rows, heights and positions, visible cells and the selection of the table, from the model.
    static func checkTable(_ harness: DiffableTableHarness, _ model: OutlineModel, selected: Set<Int>, _ context: String) {
        let table = harness.table
        let rows = model.visibleItems
        #expect(table.numberOfSections == 2, "\(context)")
        #expect(table.numberOfRows(inSection: 1) == rows.count, "\(context): rows")
        #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: 1) == rows, "\(context): snapshot()")
        var y = flatItems.reduce(0.0) { $0 + harness.heights[$1]! }
        var expectedVisible: Set<IndexPath> = []
        let top = Double(table.contentOffset.y), bottom = top + Double(table.bounds.height)
        for (r, item) in rows.enumerated() {
            let indexPath = IndexPath(row: r, section: 1)
            #expect(harness.dataSource.itemIdentifier(for: indexPath) == item, "\(context): row \(r)")
            #expect(harness.dataSource.indexPath(for: item) == indexPath, "\(context): indexPath(for: \(item))")
            let rect = table.rectForRow(at: indexPath)
            #expect(Double(rect.minY) == y && Double(rect.height) == harness.heights[item]!, "\(context): rect of row \(r)")
            if y + harness.heights[item]! > top && y < bottom { expectedVisible.insert(indexPath) }
            y += harness.heights[item]!
        }
        for r in flatItems.indices {
            let rect = table.rectForRow(at: IndexPath(row: r, section: 0))
            if Double(rect.maxY) > top && Double(rect.minY) < bottom { expectedVisible.insert(IndexPath(row: r, section: 0)) }
        }
        let visible = table.indexPathsForVisibleRows ?? []
        #expect(Set(visible) == expectedVisible, "\(context): visible rows")
        for (cell, indexPath) in zip(table.visibleCells, visible) {
            #expect((cell as! DiffCell).item == harness.dataSource.itemIdentifier(for: indexPath), "\(context): cell at \(indexPath)")
        }
        let selectedNow = Set((table.indexPathsForSelectedRows ?? []).compactMap { harness.dataSource.itemIdentifier(for: $0) })
        #expect(selectedNow == selected.intersection(rows), "\(context): selection")
    }

    static func run(seed: UInt64, steps: Int, selfSizing: Bool = false) {
        var rng = SplitMix64(seed: seed)
        let harness = DiffableTableHarness(selfSizing: selfSizing, height: 200)
        let table = harness.table
        table.allowsMultipleSelection = true
        for item in flatItems { harness.heights[item] = 30 }
        var whole = DiffableDataSourceSnapshot<Int, Int>()
        whole.appendSections([0, 1])
        whole.appendItems(flatItems, toSection: 0)
        harness.dataSource.apply(whole)
        var model = OutlineModel()
        var selected: Set<Int> = []
        for step in 0..<steps {
            let (snapshot, what) = nextSnapshot(harness.dataSource.snapshot(for: 1), &model, rng: &rng)
            for item in model.items where harness.heights[item] == nil { harness.heights[item] = Double(Int.random(in: 1...6, using: &rng) * 10) }
            if let row = (0..<table.numberOfRows(inSection: 1)).randomElement(using: &rng), Bool.random(using: &rng) {
                let indexPath = IndexPath(row: row, section: 1)
                table.selectRow(at: indexPath, animated: false, scrollPosition: .none)
                selected.insert(harness.dataSource.itemIdentifier(for: indexPath)!)
            }
            selected.formIntersection(model.items)
            harness.askedHeights = []
            harness.dataSource.apply(snapshot, to: 1)
            let shown = Set(model.visibleItems)
            #expect(harness.askedHeights.allSatisfy { shown.contains($0) }, "seed \(seed) step \(step): a height asked for a row not shown")
            selected.formIntersection(model.visibleItems)  // hidden rows are deleted rows: deselected
            checkTable(harness, model, selected: selected, "seed \(seed) step \(step) \(what)")
            #expect(harness.dataSource.snapshot(for: 1).items == model.items)
            if Int.random(in: 0..<4, using: &rng) == 0 {
                table.contentOffset.y = CGFloat(Double.random(in: 0...1, using: &rng)) * max(0, table.contentSize.height - table.bounds.height)
                table.layoutIfNeeded()
            }
        }
    }

    @Test func randomSectionSnapshotsOnATableMatchTheFlattenedModel() {
        let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"
        for seed in 0..<UInt64(long ? 200 : 8) { Self.run(seed: 0x7EE + seed, steps: long ? 120 : 40) }
    }

    /// The same with rows that size themselves: the rows shown are measured, as after any insert.
    @Test func randomSectionSnapshotsOnASelfSizingTable() {
        let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"
        for seed in 0..<UInt64(long ? 100 : 4) { Self.run(seed: 0x5E1F + seed, steps: long ? 120 : 40, selfSizing: true) }
    }

    @Test func randomSectionSnapshotsOnACollectionViewMatchAFreshLayout() {
        let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"
        for seed in 0..<UInt64(long ? 100 : 4) {
            var rng = SplitMix64(seed: 0xC0FFEE + seed)
            let harness = DiffableCollectionHarness()
            var model = OutlineModel()
            var whole = DiffableDataSourceSnapshot<Int, Int>()
            whole.appendSections([7])
            harness.dataSource.apply(whole)
            for step in 0..<(long ? 100 : 30) {
                let (snapshot, what) = Self.nextSnapshot(harness.dataSource.snapshot(for: 7), &model, rng: &rng)
                for item in model.items where harness.heights[item] == nil { harness.heights[item] = Double(Int.random(in: 2...9, using: &rng) * 10) }
                harness.dataSource.apply(snapshot, to: 7)
                let context = "seed \(seed) step \(step) \(what)"
                // The reference: the same rows applied at once to a fresh collection view.
                let reference = DiffableCollectionHarness()
                reference.heights = harness.heights
                var flat = DiffableDataSourceSnapshot<Int, Int>()
                flat.appendSections([7])
                flat.appendItems(model.visibleItems, toSection: 7)
                reference.dataSource.apply(flat)
                reference.collection.layoutIfNeeded()
                let rows = model.visibleItems
                #expect(harness.collection.numberOfItems(inSection: 0) == rows.count, "\(context)")
                for r in rows.indices {
                    let indexPath = IndexPath(item: r, section: 0)
                    #expect(harness.dataSource.itemIdentifier(for: indexPath) == rows[r], "\(context)")
                    #expect(
                        harness.collection.layoutAttributesForItem(at: indexPath)?.frame
                            == reference.collection.layoutAttributesForItem(at: indexPath)?.frame, "\(context): frame \(r)")
                }
                for indexPath in harness.collection.indexPathsForVisibleItems {
                    let cell = harness.collection.cellForItem(at: indexPath) as! DiffItemCell
                    #expect(cell.item == rows[indexPath.item], "\(context): cell \(indexPath)")
                }
            }
        }
    }

    /// A tree whose parents each have `fanOut` children, two levels deep, all collapsed.
    static func wideTree(roots: Int, fanOut: Int) -> (Tree, OutlineModel) {
        var tree = Tree()
        var model = OutlineModel()
        for root in model.fresh(roots) {
            tree.append([root])
            var node = OutlineModel.Node(id: root)
            for child in model.fresh(fanOut) {
                tree.append([child], to: root)
                node.children.append(OutlineModel.Node(id: child))
            }
            model.roots.append(node)
        }
        return (tree, model)
    }

    /// A snapshot of one empty section, 0: where the outline tests apply their section snapshots.
    static func sectionZero() -> DiffableDataSourceSnapshot<Int, Int> {
        var whole = DiffableDataSourceSnapshot<Int, Int>()
        whole.appendSections([0])
        return whole
    }

    /// The roots of `snapshot` whose rows all end above visible row `row`.
    static func rootsEndingAbove(_ row: Int, in snapshot: Tree) -> [Int] {
        snapshot.rootItems.filter { root in
            let shown = snapshot.isExpanded(root) ? snapshot.snapshot(of: root).items.count : 0
            return snapshot.visibleIndex(of: root)! + 1 + shown <= row
        }
    }

    /// Handlers that log each call with what the view shows at that moment (`rows` in section 0 on
    /// should-expand, `visible` cells on will-collapse); expanding root 0 puts 100 and 101 under it.
    static func loggingHandlers(
        _ log: @escaping (String) -> Void, rows: @escaping () -> Int, visible: @escaping () -> Int,
        allowExpand: @escaping () -> Bool = { true }
    ) -> SectionSnapshotHandlers<Int> {
        var handlers = SectionSnapshotHandlers<Int>()
        handlers.shouldExpandItem = { item in
            log("shouldExpand \(item) rows \(rows())")
            return allowExpand()
        }
        handlers.willExpandItem = { log("willExpand \($0)") }
        handlers.shouldCollapseItem = {
            log("shouldCollapse \($0)"); return true
        }
        handlers.willCollapseItem = { log("willCollapse \($0) visible \(visible())") }
        handlers.snapshotForExpandingParent = { item, children in
            log("children of \(item): \(children.items)")
            var replacement = Tree()
            replacement.append(item == 0 ? [100, 101] : children.items)
            return replacement
        }
        return handlers
    }

    @Test func togglingAboveTheViewportMovesNothingOnScreen() {
        var rng = SplitMix64(seed: 0xA4C)
        let harness = DiffableTableHarness(height: 200)
        let table = harness.table
        table.maintainsVisibleContentPosition = true
        let (tree, model) = Self.wideTree(roots: 60, fanOut: 5)
        for item in model.items { harness.heights[item] = Double(Int.random(in: 1...5, using: &rng) * 10) }
        harness.dataSource.apply(Self.sectionZero())
        var all = tree
        all.expand(all.rootItems)
        harness.dataSource.apply(all, to: 0)
        table.contentOffset.y = table.contentSize.height / 2
        table.layoutIfNeeded()
        for step in 0..<40 {
            let first = table.indexPathsForVisibleRows!.min()!
            let item = harness.dataSource.itemIdentifier(for: first)!
            let screenY = table.rectForRow(at: first).minY - table.contentOffset.y
            // A root whose rows all end above the first visible row.
            var snapshot = harness.dataSource.snapshot(for: 0)
            let above = Self.rootsEndingAbove(first.row, in: snapshot)
            guard let root = above.randomElement(using: &rng) else { break }
            if snapshot.isExpanded(root) { snapshot.collapse([root]) } else { snapshot.expand([root]) }
            harness.dataSource.apply(snapshot, to: 0)
            let now = harness.dataSource.indexPath(for: item)!
            #expect(
                table.rectForRow(at: now).minY - table.contentOffset.y == screenY, "step \(step): toggling \(root) above the viewport moved \(item)")
            #expect(table.indexPathsForVisibleRows!.min() == now)
        }
    }

    // MARK: Handlers

    @Test func tapsRunTheHandlersInUIKitsOrder() {
        let harness = DiffableTableHarness(height: 200)
        let table = harness.table
        var events: [String] = []
        let (tree, model) = Self.wideTree(roots: 3, fanOut: 2)
        for item in model.items + [100, 101] { harness.heights[item] = 20 }
        harness.dataSource.apply(Self.sectionZero())
        harness.dataSource.apply(tree, to: 0)
        var allowExpand = true
        harness.dataSource.sectionSnapshotHandlers = Self.loggingHandlers(
            { events.append($0) }, rows: { table.numberOfRows(inSection: 0) }, visible: { table.visibleCells.count },
            allowExpand: { allowExpand })
        harness.cellHook = { events.append("cell") }
        // Root 0 is row 0; its children (3, 4) are replaced by 100 and 101 as it expands.
        table.tapOutlineDisclosure(at: IndexPath(row: 0, section: 0))
        #expect(
            events == ["shouldExpand 0 rows 3", "willExpand 0", "children of 0: [3, 4]", "cell", "cell"],
            "then the apply, whose new rows get cells")
        #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: 0) == [0, 100, 101, 1, 2])
        events = []
        table.tapOutlineDisclosure(at: IndexPath(row: 0, section: 0))
        #expect(events == ["shouldCollapse 0", "willCollapse 0 visible 5"])
        #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: 0) == [0, 1, 2])
        events = []
        allowExpand = false
        table.tapOutlineDisclosure(at: IndexPath(row: 1, section: 0))
        #expect(events == ["shouldExpand 1 rows 3"])
        #expect(table.numberOfRows(inSection: 0) == 3)
    }

    @Test func handlersThatApplyOrReadTheViewFromInside() {
        let harness = DiffableTableHarness(height: 200)
        let table = harness.table
        let (tree, model) = Self.wideTree(roots: 3, fanOut: 2)
        for item in model.items + [50] { harness.heights[item] = 20 }
        harness.dataSource.apply(Self.sectionZero())
        harness.dataSource.apply(tree, to: 0)
        var handlers = SectionSnapshotHandlers<Int>()
        // Will-expand adds a root of its own before the expansion is applied.
        handlers.willExpandItem = { [unowned harness] _ in
            var snapshot = harness.dataSource.snapshot(for: 0)
            guard !snapshot.contains(50) else { return }
            snapshot.append([50])
            harness.dataSource.apply(snapshot, to: 0)
            #expect(table.numberOfRows(inSection: 0) == 4)
        }
        harness.dataSource.sectionSnapshotHandlers = handlers
        // A delegate that reads the table while heights are asked during the apply.
        var seen: [Bool] = []
        harness.cellHook = { [unowned harness] in
            seen.append(table.numberOfRows(inSection: 0) == harness.dataSource.snapshot().numberOfItems(inSection: 0))
        }
        table.tapOutlineDisclosure(at: IndexPath(row: 2, section: 0))
        #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: 0) == [0, 1, 2, 7, 8, 50])
        #expect(!seen.isEmpty && seen.allSatisfy { $0 }, "the data source's counts agree with the table's during the apply")
        // A tap from inside didSelectRowAt runs once the selection is done.
        harness.selectHook = { table.tapOutlineDisclosure(at: IndexPath(row: 0, section: 0)) }
        table.tapRow(at: IndexPath(row: 1, section: 0))
        #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: 0) == [0, 3, 4, 1, 2, 7, 8, 50])
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 3, section: 0)], "the selected item's row followed the expansion")
    }

    @Test func collectionViewTapsExpandThroughItsDataSource() {
        let harness = DiffableCollectionHarness()
        let (tree, model) = Self.wideTree(roots: 2, fanOut: 3)
        for item in model.items { harness.heights[item] = 40 }
        harness.dataSource.apply(tree, to: 9)  // a section not in the snapshot is appended, as UIKit
        #expect(harness.dataSource.snapshot().sectionIdentifiers == [9])
        var order: [String] = []
        var handlers = SectionSnapshotHandlers<Int>()
        handlers.shouldExpandItem = {
            order.append("should \($0)"); return true
        }
        handlers.willExpandItem = { order.append("will \($0)") }
        harness.dataSource.sectionSnapshotHandlers = handlers
        harness.collection.tapOutlineDisclosure(at: IndexPath(item: 1, section: 0))
        #expect(order == ["should 1", "will 1"])
        #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: 9) == [0, 1, 5, 6, 7])
        #expect(harness.collection.numberOfItems(inSection: 0) == 5)
    }

    // MARK: Mixing with whole snapshots

    @Test func wholeSnapshotsAndSectionSnapshotsMix() {
        let harness = DiffableTableHarness(height: 200)
        let (tree, model) = Self.wideTree(roots: 2, fanOut: 2)
        for item in model.items + [90, 91] { harness.heights[item] = 20 }
        var expanded = tree
        expanded.expand([0])
        let section = 42
        harness.dataSource.apply(expanded, to: section)
        #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: section) == [0, 2, 3, 1])
        // A whole snapshot that leaves the section's rows as they are keeps its tree…
        var whole = harness.dataSource.snapshot()
        whole.appendSections([5])
        whole.appendItems([90], toSection: 5)
        harness.dataSource.apply(whole)
        #expect(harness.dataSource.snapshot(for: section).items == [0, 2, 3, 1, 4, 5])
        #expect(harness.dataSource.snapshot(for: section).level(of: 2) == 1)
        // …one that changes them makes the section flat: its rows become root items.
        whole.appendItems([91], toSection: section)
        harness.dataSource.apply(whole)
        let flat = harness.dataSource.snapshot(for: section)
        #expect(flat.items == [0, 2, 3, 1, 91] && flat.rootItems == flat.items)
        #expect(harness.dataSource.snapshot(for: 12345).items.isEmpty)
        // A section snapshot changed from the flat one applies by its log.
        var next = flat
        next.append([3_000], to: 0)
        harness.heights[3_000] = 20
        next.expand([0])
        harness.dataSource.apply(next, to: section)
        #expect(harness.dataSource.lastApply.inserted == 1 && harness.dataSource.lastApply.deleted == 0)
        #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: section) == [0, 3_000, 2, 3, 1, 91])
    }

    /// The whole snapshot of a data source with a section applied as a section snapshot answers
    /// as if the section's visible items were ordinary items, and changing them makes it flat.
    @Test func theWholeSnapshotAnswersForASectionSnapshot() {
        let harness = DiffableTableHarness(height: 200)
        let (tree, model) = Self.wideTree(roots: 3, fanOut: 2)
        for item in model.items + [70, 71] { harness.heights[item] = 20 }
        var whole = DiffableDataSourceSnapshot<Int, Int>()
        whole.appendSections([1, 2])
        whole.appendItems([70], toSection: 1)
        harness.dataSource.apply(whole)
        var expanded = tree
        expanded.expand([1])
        harness.dataSource.apply(expanded, to: 2)  // rows 0, 1, 5, 6, 2; hidden 3, 4, 7, 8
        var snapshot = harness.dataSource.snapshot()
        #expect(snapshot.numberOfItems == 6)
        #expect(snapshot.itemIdentifiers == [70, 0, 1, 5, 6, 2])
        #expect(snapshot.indexOfItem(6) == 4 && snapshot.indexOfItem(3) == nil)
        #expect(snapshot.sectionIdentifier(containingItem: 5) == 2 && snapshot.sectionIdentifier(containingItem: 7) == nil)
        #expect(harness.dataSource.indexPath(for: 2) == IndexPath(row: 4, section: 1))
        snapshot.reloadItems([5])
        #expect(snapshot.reloadedItemIdentifiers == [5])
        // A hidden item of the section snapshot cannot be added elsewhere…
        var refused: String?
        do { try snapshot.attempt { try $0.insertItems([3], section: 0, at: 1) } } catch { refused = error.message }
        #expect(
            refused == "Duplicate item identifier: 3 is already in the section snapshot of section 2; item identifiers must be unique.")
        // …and deleting one of the section's rows makes the section flat, without its hidden items.
        snapshot.deleteItems([5])
        #expect(snapshot.numberOfItems == 5 && snapshot.itemIdentifiers(inSection: 2) == [0, 1, 6, 2])
        snapshot.appendItems([3], toSection: 1)
        harness.dataSource.apply(snapshot)
        #expect(harness.dataSource.snapshot(for: 2).items == [0, 1, 6, 2])
        #expect(harness.dataSource.snapshot().itemIdentifiers == [70, 3, 0, 1, 6, 2])
        #expect(harness.table.numberOfRows(inSection: 0) == 2 && harness.table.numberOfRows(inSection: 1) == 4)
    }

    @Test func anItemOfAnotherSectionIsNamed() throws {
        var whole = DiffableDataSourceSnapshot<String, String>()
        whole.appendSections(["a", "b"])
        whole.appendItems(["x"], toSection: "a")
        #expect(
            throws: ReuseTableError(
                "Duplicate item identifier: apply(_:to:animatingDifferences:completion:) shows item \"x\" in section \"b\", "
                    + "but it is already in section \"a\"; item identifiers must be unique.")
        ) {
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["y"])
            outline.append(["x"], to: "y")  // hidden, and still refused
            _ = try whole.replacingItems(inSection: "b", with: outline, call: "apply(_:to:animatingDifferences:completion:)")
        }
    }
}
