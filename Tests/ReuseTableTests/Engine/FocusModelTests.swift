import Foundation
import TestSupport
import Testing

@testable import ReuseTable

/// Focus through random update sessions, against the obviously correct model: focus is an item's
/// identity; an item that stays keeps it wherever it goes; one that leaves hands it to the nearest
/// following item that stays (in the order before the update), else the nearest preceding one — in
/// a collapse, the preceding one first (Docs/focus.md).
@MainActor
@Suite struct FocusModelTests {
    /// The id focus goes to when `focused` was focused in `old` and the data became `new`.
    static func expectedFocus(old: [Int], new: Set<Int>, focused: Int, renamed: [Int: Int] = [:], previousFirst: Bool = false) -> Int? {
        let map = { (id: Int) -> Int? in
            let next = renamed[id] ?? id
            return new.contains(next) ? next : nil
        }
        if let stays = map(focused) { return stays }
        let i = old.firstIndex(of: focused)!
        let after = old[(i + 1)...].lazy.compactMap(map).first
        let before = old[..<i].reversed().lazy.compactMap(map).first
        return previousFirst ? (before ?? after) : (after ?? before)
    }

    /// Every cell on screen shows whether its row is the focused one.
    static func checkCells(_ cells: [(IndexPath, CellConfigurationState)], focused: IndexPath?, _ context: String) {
        for (indexPath, state) in cells {
            #expect(state.isFocused == (indexPath == focused), "\(context): isFocused of the cell at \(indexPath)")
        }
    }

    // MARK: Batches, no identity but the model's

    @Test func focusFollowsRandomBatchesOnATable() {
        var rng = SplitMix64(seed: 0xF0C05)
        for session in 0..<12 {
            let model = BatchModel(mode: .exact, rng: &rng)
            let table = TableView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            table.register(IdentityCell.self, forCellReuseIdentifier: "row")
            table.dataSource = model
            table.delegate = model
            table.allowsFocus = true
            table.reloadData()
            var focusedID: Int?
            for step in 0..<25 {
                let context = "session \(session) step \(step)"
                if focusedID == nil || Int.random(in: 0..<4, using: &rng) == 0 {
                    let all = model.sections.enumerated().flatMap { s, rows in rows.indices.map { IndexPath(row: $0, section: s) } }
                    if let target = all.randomElement(using: &rng) {
                        #expect(table.focusRow(at: target) || table.indexPathForFocusedRow == target, "\(context)")
                        focusedID = model.sections[target.section][target.row].id
                    }
                }
                let old = model.sections.flatMap { $0.map(\.id) }
                let reloadedBefore = model.reloadedIDs
                let (calls, _) = model.randomBatch(rng: &rng)
                table.performBatchUpdates { for call in calls { call(table) } }
                let renamed = model.reloadedIDs.filter { reloadedBefore[$0.key] == nil }
                let new = model.sections.flatMap { $0.map(\.id) }
                if let id = focusedID {
                    focusedID = Self.expectedFocus(old: old, new: Set(new), focused: id, renamed: renamed)
                }
                let expected = focusedID.flatMap { id in Self.indexPath(of: id, in: model.sections.map { $0.map(\.id) }) }
                #expect(table.indexPathForFocusedRow == expected, "\(context): focused row")
                table.layoutIfNeeded()
                Self.checkCells(
                    zip(table.indexPathsForVisibleRows ?? [], table.visibleCells).map { ($0, $1.configurationState) },
                    focused: expected, context)
            }
        }
    }

    @Test func focusFollowsRandomBatchesOnACollectionView() {
        var rng = SplitMix64(seed: 0xF0C06)
        for session in 0..<10 {
            let model = CollectionModel(
                sectionCounts: (0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...20, using: &rng) }, rng: &rng)
            let view = Self.focusableCollectionView(model, height: 200)
            var focusedID: Int?
            for step in 0..<25 {
                let context = "session \(session) step \(step)"
                if focusedID == nil || Int.random(in: 0..<4, using: &rng) == 0 {
                    let all = model.sections.enumerated().flatMap { s, items in items.indices.map { IndexPath(item: $0, section: s) } }
                    if let target = all.randomElement(using: &rng) {
                        view.focusItem(at: target)
                        focusedID = model.sections[target.section][target.item].id
                    }
                }
                let old = model.sections.flatMap { $0.map(\.id) }
                let reloadedBefore = model.reloadedIDs
                let (calls, _) = model.randomBatch(rng: &rng)
                view.performBatchUpdates { for call in calls { call(view) } }
                let renamed = model.reloadedIDs.filter { reloadedBefore[$0.key] == nil }
                if let id = focusedID {
                    focusedID = Self.expectedFocus(old: old, new: Set(model.sections.flatMap { $0.map(\.id) }), focused: id, renamed: renamed)
                }
                let expected = focusedID.flatMap { id in Self.indexPath(of: id, in: model.sections.map { $0.map(\.id) }) }
                #expect(view.indexPathForFocusedItem == expected, "\(context): focused item")
                view.layoutIfNeeded()
                Self.checkCells(
                    view.indexPathsForVisibleItems.compactMap { ip in view.cellForItem(at: ip).map { (ip, $0.configurationState) } },
                    focused: expected, context)
            }
        }
    }

    // MARK: Diffable applies, by identity, with lifts

    @Test func focusFollowsRandomDiffableAppliesAndLiftsOnATable() {
        var rng = SplitMix64(seed: 0xF0C07)
        for session in 0..<6 {
            let harness = DiffableTableHarness(height: 200)
            let table = harness.table
            table.allowsFocus = true
            harness.dataSource.reorderingHandlers.canReorderItem = { _ in true }
            var model = DiffableModel()
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            var focusedID: Int?
            for step in 0..<30 {
                let context = "session \(session) step \(step)"
                let old = model.allItems
                model.randomStep(
                    &snapshot, first: step == 0, heights: &harness.heights, versions: &harness.versions, heightRange: 10...60, rng: &rng)
                harness.dataSource.apply(snapshot)
                if let id = focusedID { focusedID = Self.expectedFocus(old: old, new: Set(model.allItems), focused: id) }
                #expect(table.indexPathForFocusedRow == focusedID.flatMap { harness.dataSource.indexPath(for: $0) }, "\(context): apply")
                if Int.random(in: 0..<3, using: &rng) == 0, let row = Self.randomIndexPath(in: table, rng: &rng) {
                    // A lift and a drop: the focused row follows its item wherever the drop puts it.
                    if table.beginInteractiveMovementForRow(at: row) {
                        let y = CGFloat(Double.random(in: 0...1, using: &rng)) * table.contentSize.height
                        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: y))
                        table.endInteractiveMovement()
                        snapshot = harness.dataSource.snapshot()
                        model.sections = snapshot.sectionIdentifiers.map { ($0, snapshot.itemIdentifiers(inSection: $0)) }
                        #expect(
                            table.indexPathForFocusedRow == focusedID.flatMap { harness.dataSource.indexPath(for: $0) },
                            "\(context): after a lift")
                    }
                }
                if focusedID == nil || Int.random(in: 0..<4, using: &rng) == 0, let target = Self.randomIndexPath(in: table, rng: &rng) {
                    table.focusRow(at: target)
                    focusedID = harness.dataSource.itemIdentifier(for: target)
                }
                table.layoutIfNeeded()
                Self.checkCells(
                    zip(table.indexPathsForVisibleRows ?? [], table.visibleCells).map { ($0, $1.configurationState) },
                    focused: table.indexPathForFocusedRow, context)
            }
        }
    }

    @Test func focusFollowsRandomDiffableAppliesOnACollectionView() {
        var rng = SplitMix64(seed: 0xF0C08)
        for session in 0..<6 {
            let harness = DiffableCollectionHarness()
            let view = harness.collection
            view.allowsFocus = true
            var model = DiffableModel()
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            var focusedID: Int?
            for step in 0..<30 {
                let context = "session \(session) step \(step)"
                let old = model.allItems
                model.randomStep(
                    &snapshot, first: step == 0, heights: &harness.heights, versions: &harness.versions, heightRange: 10...60, rng: &rng)
                harness.dataSource.apply(snapshot)
                if let id = focusedID { focusedID = Self.expectedFocus(old: old, new: Set(model.allItems), focused: id) }
                #expect(view.indexPathForFocusedItem == focusedID.flatMap { harness.dataSource.indexPath(for: $0) }, "\(context)")
                let all = (0..<view.numberOfSections).flatMap { s in (0..<view.numberOfItems(inSection: s)).map { IndexPath(item: $0, section: s) } }
                if focusedID == nil || Int.random(in: 0..<4, using: &rng) == 0, let target = all.randomElement(using: &rng) {
                    view.focusItem(at: target)
                    focusedID = harness.dataSource.itemIdentifier(for: target)
                }
            }
        }
    }

    // MARK: Outlines: expansion and collapse are row-range plans

    @Test func focusFollowsRandomExpandsAndCollapsesOnACollectionView() {
        var rng = SplitMix64(seed: 0xF0C09)
        for session in 0..<4 {
            let harness = DiffableCollectionHarness()
            let view = harness.collection
            view.allowsFocus = true
            var whole = DiffableDataSourceSnapshot<Int, Int>()
            whole.appendSections([7])
            harness.dataSource.apply(whole)
            var (tree, model) = OutlineApplyTests.wideTree(roots: 6, fanOut: 3)
            for item in model.items { harness.heights[item] = Double(Int.random(in: 2...9, using: &rng) * 10) }
            harness.dataSource.apply(tree, to: 7)
            view.focusItem(at: IndexPath(item: 0, section: 0))
            var focusedID: Int? = model.visibleItems[0]
            for step in 0..<40 {
                let context = "session \(session) step \(step)"
                let old = model.visibleItems
                let parents = model.flatten().filter { $0.visible && !model.node($0.id).children.isEmpty }.map(\.id)
                guard let parent = parents.randomElement(using: &rng) else { break }
                model.withNode(parent) { $0.expanded.toggle() }
                view.tapOutlineDisclosure(at: harness.dataSource.indexPath(for: parent)!)
                tree = harness.dataSource.snapshot(for: 7)
                #expect(tree.visibleItems == model.visibleItems, "\(context): the tap did what the model did")
                if let id = focusedID { focusedID = Self.expectedFocus(old: old, new: Set(model.visibleItems), focused: id, previousFirst: true) }
                #expect(view.indexPathForFocusedItem == focusedID.flatMap { harness.dataSource.indexPath(for: $0) }, "\(context)")
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    let target = IndexPath(item: Int.random(in: 0..<model.visibleItems.count, using: &rng), section: 0)
                    view.focusItem(at: target)
                    focusedID = model.visibleItems[target.item]
                }
            }
        }
    }

    // MARK: Helpers

    /// A 200-wide two-column waterfall over `model`, focus allowed, loaded.
    static func focusableCollectionView(_ model: CollectionModel, height: CGFloat) -> CollectionView {
        let layout = WaterfallLayout(numberOfColumns: 2, margin: 4)
        layout.delegate = model
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: height), collectionViewLayout: layout)
        view.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        view.dataSource = model
        view.delegate = model
        view.allowsFocus = true
        view.reloadData()
        return view
    }

    static func indexPath(of id: Int, in sections: [[Int]]) -> IndexPath? {
        for (s, ids) in sections.enumerated() { if let r = ids.firstIndex(of: id) { return IndexPath(row: r, section: s) } }
        return nil
    }

    static func randomIndexPath(in table: TableView, rng: inout SplitMix64) -> IndexPath? {
        let all = (0..<table.numberOfSections).flatMap { s in (0..<table.numberOfRows(inSection: s)).map { IndexPath(row: $0, section: s) } }
        return all.randomElement(using: &rng)
    }
}
