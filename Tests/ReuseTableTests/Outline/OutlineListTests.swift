import Foundation
import TestSupport
import Testing

@testable import ReuseTable

/// A list cell that sizes itself to a height the test chooses, and counts its updates.
final class OutlineListCell: CollectionViewListCell {
    var item = -1
    var height: CGFloat = 1
    var updates: [CellConfigurationState] = []

    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: height) }

    override func updateConfiguration(using state: CellConfigurationState) {
        super.updateConfiguration(using: state)
        updates.append(state)
    }
}

/// An outline on a collection view laid out by `list(using:)`: list cells from a registration,
/// each with an outline disclosure, their items in a section snapshot.
@MainActor
final class OutlineListHarness {
    let list: CollectionView
    var dataSource: CollectionViewDiffableDataSource<Int, Int>!
    var heights: [Int: CGFloat] = [:]
    /// Called from the registration's handler (a cell provider step).
    var cellHook: ((OutlineListCell, Int) -> Void)?
    var accessories: [CellAccessory] = [.outlineDisclosure()]

    init(width: CGFloat = 40, height: CGFloat = 12) {
        list = CollectionView(
            frame: CGRect(x: 0, y: 0, width: width, height: height),
            collectionViewLayout: CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain)))
        let registration = CollectionView.CellRegistration<OutlineListCell, Int> { [unowned self] cell, _, item in
            cell.item = item
            cell.height = heights[item] ?? 1
            var content = cell.defaultContentConfiguration()
            content.text = "item \(item)"
            cell.contentConfiguration = content
            cell.accessories = accessories
            cellHook?(cell, item)
        }
        dataSource = CollectionViewDiffableDataSource(collectionView: list) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
    }

    func cell(showing item: Int) -> OutlineListCell? {
        guard let indexPath = dataSource.indexPath(for: item) else { return nil }
        return list.cellForItem(at: indexPath) as? OutlineListCell
    }
}

@MainActor
@Suite struct OutlineListTests {
    typealias Tree = DiffableDataSourceSectionSnapshot<Int>

    /// Rows, frames, measured heights, visible cells, their items and their `isExpanded`, and the
    /// selection of a list-layout collection view, from the model.
    static func check(_ harness: OutlineListHarness, _ model: OutlineModel, selected: Set<Int>, _ context: String) {
        let list = harness.list
        list.layoutIfNeeded()
        let rows = model.visibleItems
        let expanded = Dictionary(uniqueKeysWithValues: model.flatten().map { ($0.id, $0.expanded) })
        #expect(list.numberOfItems(inSection: 0) == rows.count, "\(context): items")
        #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: 0) == rows, "\(context): snapshot()")
        let top = list.contentOffset.y, bottom = top + list.bounds.height
        var y: CGFloat = 0
        var expectedVisible: [IndexPath] = []
        for (r, item) in rows.enumerated() {
            let indexPath = IndexPath(item: r, section: 0)
            guard let frame = list.layoutAttributesForItem(at: indexPath)?.frame else {
                Issue.record("\(context): no frame for item \(r)")
                return
            }
            // A list has no spacing: each row starts where the one above ends, as tall as its cell
            // once measured (every row on screen is), else the list's estimate.
            #expect(frame.minY == y, "\(context): row \(r) starts at \(frame.minY), not \(y)")
            #expect(frame.height == harness.heights[item]! || frame.height == 44, "\(context): row \(r) is \(frame.height) tall")
            if frame.maxY > top && frame.minY < bottom {
                expectedVisible.append(indexPath)
                #expect(frame.height == harness.heights[item]!, "\(context): row \(r) on screen shows its estimate")
            }
            y = frame.maxY
        }
        #expect(list.indexPathsForVisibleItems == expectedVisible, "\(context): visible items")
        for indexPath in list.indexPathsForVisibleItems {
            let cell = list.cellForItem(at: indexPath) as! OutlineListCell
            let item = rows[indexPath.item]
            #expect(cell.item == item, "\(context): cell at \(indexPath)")
            #expect(cell.configurationState.isExpanded == expanded[item]!, "\(context): isExpanded of \(item)")
            #expect(cell.updates.last?.isExpanded == expanded[item]!, "\(context): the last update of \(item)'s cell")
        }
        let selectedNow = Set((list.indexPathsForSelectedItems ?? []).compactMap { harness.dataSource.itemIdentifier(for: $0) })
        #expect(selectedNow == selected.intersection(rows), "\(context): selection")
    }

    @Test func randomSectionSnapshotsOnAListLayoutMatchTheModel() {
        let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"
        for seed in 0..<UInt64(long ? 150 : 6) {
            var rng = SplitMix64(seed: 0x11575 + seed)
            let harness = OutlineListHarness()
            let list = harness.list
            list.allowsMultipleSelection = true
            harness.dataSource.apply(OutlineApplyTests.sectionZero())
            var model = OutlineModel()
            var selected: Set<Int> = []
            for step in 0..<(long ? 120 : 40) {
                let (snapshot, what) = OutlineApplyTests.nextSnapshot(harness.dataSource.snapshot(for: 0), &model, rng: &rng)
                for item in model.items where harness.heights[item] == nil { harness.heights[item] = CGFloat(Int.random(in: 1...3, using: &rng)) }
                if let row = (0..<list.numberOfItems(inSection: 0)).randomElement(using: &rng), Bool.random(using: &rng) {
                    let indexPath = IndexPath(item: row, section: 0)
                    list.selectItem(at: indexPath, animated: false, scrollPosition: .none)
                    selected.insert(harness.dataSource.itemIdentifier(for: indexPath)!)
                }
                selected.formIntersection(model.items)
                harness.dataSource.apply(snapshot, to: 0)
                selected.formIntersection(model.visibleItems)  // hidden rows are deleted rows: deselected
                Self.check(harness, model, selected: selected, "seed \(seed) step \(step) \(what)")
                #expect(harness.dataSource.snapshot(for: 0).items == model.items)
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    list.contentOffset.y = CGFloat(Int.random(in: 0...max(0, Int(list.contentSize.height - list.bounds.height)), using: &rng))
                    list.layoutIfNeeded()
                }
            }
        }
    }

    /// The range path itself: a compositional layout takes ranges, another layout leaves them to a batch.
    @Test func aCompositionalLayoutTakesItemRanges() {
        final class Counts: CollectionViewDataSource {
            var count = 100
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! OutlineListCell
                cell.item = indexPath.item
                return cell
            }
        }
        let counts = Counts()
        let list = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 30, height: 10),
            collectionViewLayout: CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain)))
        list.register(OutlineListCell.self, forCellWithReuseIdentifier: "row")
        list.dataSource = counts
        list.reloadData()
        list.contentOffset.y = 20
        list.layoutIfNeeded()
        list.selectItem(at: IndexPath(item: 25, section: 0), animated: false, scrollPosition: .none)
        let cellShowing25 = list.cellForItem(at: IndexPath(item: 25, section: 0))
        // Rows 3..<8 deleted, 5 inserted at 10 and 3 at 40 (new space): 103 items.
        counts.count = 103
        #expect(list.applyRanges(inSection: 0, deleted: [3..<8], inserted: [10..<15, 40..<43]))
        #expect(list.numberOfItems(inSection: 0) == 103)
        #expect(list.indexPathsForSelectedItems == [IndexPath(item: 25, section: 0)], "old 25: 5 above it deleted, 5 inserted above it")
        #expect(list.cellForItem(at: IndexPath(item: 25, section: 0)) === cellShowing25, "its cell stayed with it")
        #expect(list.cellForItem(at: IndexPath(item: 20, section: 0)).map { ($0 as! OutlineListCell).item } == 20, "old 20 is 20 again")
        var y: CGFloat = 0
        for item in 0..<103 {
            let frame = list.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame
            #expect(frame.minY == y)
            y = frame.maxY
        }
        #expect(list.contentSize.height == y)
        let flow = CollectionView(frame: CGRect(x: 0, y: 0, width: 30, height: 10), collectionViewLayout: FlowLayout())
        flow.register(OutlineListCell.self, forCellWithReuseIdentifier: "row")
        flow.dataSource = counts
        flow.reloadData()
        counts.count = 100
        // Every layout takes a range plan: one without a step for a range takes it item by item.
        #expect(flow.applyRanges(inSection: 0, deleted: [0..<3], inserted: []))
        #expect(flow.numberOfItems(inSection: 0) == 100)
        #expect(flow.layoutAttributesForItem(at: IndexPath(item: 99, section: 0)) != nil)
        #expect(flow.layoutAttributesForItem(at: IndexPath(item: 100, section: 0)) == nil)
        #expect(!list.applyRanges(inSection: 0, deleted: [0..<2], inserted: []), "counts that disagree take a batch")
    }

    @Test func togglingAboveTheViewportMovesNothingOnScreen() {
        var rng = SplitMix64(seed: 0x1157A)
        let harness = OutlineListHarness()
        let list = harness.list
        list.maintainsVisibleContentPosition = true
        let (tree, model) = OutlineApplyTests.wideTree(roots: 60, fanOut: 5)
        for item in model.items { harness.heights[item] = CGFloat(Int.random(in: 1...3, using: &rng)) }
        harness.dataSource.apply(OutlineApplyTests.sectionZero())
        var all = tree
        all.expand(all.rootItems)
        harness.dataSource.apply(all, to: 0)
        list.layoutIfNeeded()
        list.contentOffset.y = 200
        list.layoutIfNeeded()
        for step in 0..<40 {
            let first = list.indexPathsForVisibleItems.min()!
            let item = harness.dataSource.itemIdentifier(for: first)!
            let screenY = list.layoutAttributesForItem(at: first)!.frame.minY - list.contentOffset.y
            var snapshot = harness.dataSource.snapshot(for: 0)
            let above = OutlineApplyTests.rootsEndingAbove(first.item, in: snapshot)
            guard let root = above.randomElement(using: &rng) else { break }
            if snapshot.isExpanded(root) { snapshot.collapse([root]) } else { snapshot.expand([root]) }
            harness.dataSource.apply(snapshot, to: 0)
            list.layoutIfNeeded()
            let now = harness.dataSource.indexPath(for: item)!
            #expect(
                list.layoutAttributesForItem(at: now)!.frame.minY - list.contentOffset.y == screenY,
                "step \(step): toggling \(root) above the viewport moved \(item)")
        }
    }

    // MARK: The accessory and the handlers

    /// A list of three roots with two children each, all collapsed.
    static func threeRoots(_ harness: OutlineListHarness) {
        let (tree, _) = OutlineApplyTests.wideTree(roots: 3, fanOut: 2)
        harness.dataSource.apply(OutlineApplyTests.sectionZero())
        harness.dataSource.apply(tree, to: 0)
        harness.list.layoutIfNeeded()
    }

    @Test func theAccessoryTogglesThroughTheHandlersAsTheStandInDoes() {
        var orders: [[String]] = []
        for useAccessory in [true, false] {
            let harness = OutlineListHarness()
            let list = harness.list
            Self.threeRoots(harness)
            var events: [String] = []
            harness.dataSource.sectionSnapshotHandlers = OutlineApplyTests.loggingHandlers(
                { events.append($0) }, rows: { list.numberOfItems(inSection: 0) }, visible: { list.visibleCells.count })
            harness.cellHook = { events.append("cell \($1)") }
            let root = harness.cell(showing: 0)!
            let before = root.updates.count
            #expect(!root.configurationState.isExpanded)
            if useAccessory { #expect(root.tapAccessory(at: 0)) } else { list.tapOutlineDisclosure(at: IndexPath(item: 0, section: 0)) }
            #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: 0) == [0, 100, 101, 1, 2])
            #expect(harness.cell(showing: 0) === root, "the parent keeps its cell")
            #expect(root.configurationState.isExpanded)
            #expect(root.updates.count == before + 1, "one update, in the apply's pass")
            #expect(root.updates.last?.isExpanded == true)
            #expect(list.cellForItem(at: IndexPath(item: 1, section: 0)).map { ($0 as! OutlineListCell).item } == 100)
            if useAccessory { #expect(root.tapAccessory(at: 0)) } else { list.tapOutlineDisclosure(at: IndexPath(item: 0, section: 0)) }
            #expect(!root.configurationState.isExpanded && root.updates.count == before + 2)
            orders.append(events)
        }
        #expect(
            orders[0] == [
                "shouldExpand 0 rows 3", "willExpand 0", "children of 0: [3, 4]", "cell 100", "cell 101", "shouldCollapse 0",
                "willCollapse 0 visible 5",
            ])
        #expect(orders[0] == orders[1], "the accessory and tapOutlineDisclosure(at:) take one path")
    }

    @Test func anActionHandlerRunsInsteadOfTheToggle() {
        let harness = OutlineListHarness()
        var taps = 0
        harness.accessories = [.outlineDisclosure(actionHandler: { taps += 1 })]
        Self.threeRoots(harness)
        var asked = false
        harness.dataSource.sectionSnapshotHandlers.shouldExpandItem = { _ in
            asked = true
            return true
        }
        #expect(harness.cell(showing: 1)!.tapAccessory(at: 0))
        #expect(taps == 1 && !asked)
        #expect(harness.list.numberOfItems(inSection: 0) == 3)
        // Not in a collection view, a disclosure without a handler has nothing to toggle.
        let loose = CollectionViewListCell(reuseIdentifier: nil)
        loose.accessories = [.outlineDisclosure()]
        #expect(!loose.tapAccessory(at: 0))
    }

    @Test func aHeaderStyleDisclosureTogglesOnATapAnywhereAndDoesNotSelect() {
        let harness = OutlineListHarness()
        harness.accessories = [.outlineDisclosure(options: .init(style: .header))]
        Self.threeRoots(harness)
        let list = harness.list
        list.tapItem(at: IndexPath(item: 2, section: 0))
        #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: 0) == [0, 1, 2, 7, 8])
        #expect(list.indexPathsForSelectedItems == nil, "a header-style cell is not selectable")
        #expect(harness.cell(showing: 2)!.configurationState.isExpanded)
        // The cell style (the default on a cell configuration) selects; the accessory toggles.
        harness.accessories = [.outlineDisclosure()]
        list.reconfigureItems(at: [IndexPath(item: 0, section: 0)])
        list.tapItem(at: IndexPath(item: 0, section: 0))
        #expect(list.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
        #expect(list.numberOfItems(inSection: 0) == 5)
    }

    @Test func handlersThatReadOrApplyFromInside() {
        let harness = OutlineListHarness()
        let list = harness.list
        Self.threeRoots(harness)
        var handlers = SectionSnapshotHandlers<Int>()
        // Will-expand adds a root of its own before the expansion is applied, and reads the view.
        handlers.willExpandItem = { [unowned harness] item in
            var snapshot = harness.dataSource.snapshot(for: 0)
            guard !snapshot.contains(50) else { return }
            snapshot.append([50])
            harness.dataSource.apply(snapshot, to: 0)
            #expect(list.numberOfItems(inSection: 0) == 4)
            #expect(harness.cell(showing: item)?.configurationState.isExpanded == false, "not yet expanded")
        }
        harness.dataSource.sectionSnapshotHandlers = handlers
        // Every configuration update agrees with the data source, read from inside the update.
        var disagreements: [Int] = []
        var updates = 0
        let check: CollectionViewCell.ConfigurationUpdateHandler = { [unowned harness] cell, state in
            updates += 1
            let item = (cell as! OutlineListCell).item
            let snapshot = harness.dataSource.snapshot(for: 0)
            if snapshot.contains(item), snapshot.isExpanded(item) != state.isExpanded { disagreements.append(item) }
        }
        harness.cellHook = { cell, _ in cell.configurationUpdateHandler = check }
        for cell in list.visibleCells { cell.configurationUpdateHandler = check }
        list.layoutIfNeeded()
        harness.cell(showing: 2)!.tapAccessory(at: 0)
        #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: 0) == [0, 1, 2, 7, 8, 50])
        #expect(harness.cell(showing: 2)!.configurationState.isExpanded)
        // A tap from inside didSelectItemAt runs once the selection is done.
        final class Delegate: CollectionViewDelegate {
            var onSelect: (() -> Void)?
            func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { onSelect?() }
        }
        let delegate = Delegate()
        delegate.onSelect = { harness.cell(showing: 0)!.tapAccessory(at: 0) }
        list.delegate = delegate
        list.tapItem(at: IndexPath(item: 1, section: 0))
        #expect(harness.dataSource.snapshot().itemIdentifiers(inSection: 0) == [0, 3, 4, 1, 2, 7, 8, 50])
        #expect(list.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)], "the selected item's row followed the expansion")
        #expect(harness.cell(showing: 0)!.configurationState.isExpanded)
        #expect(updates > 0 && disagreements.isEmpty, "updates whose isExpanded disagreed with the snapshot: \(disagreements)")
    }

    @Test func aReusedCellNeverKeepsAnotherItemsExpansion() {
        let harness = OutlineListHarness(height: 6)
        let (tree, _) = OutlineApplyTests.wideTree(roots: 40, fanOut: 1)
        harness.dataSource.apply(OutlineApplyTests.sectionZero())
        var some = tree
        some.expand(tree.rootItems.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
        harness.dataSource.apply(some, to: 0)
        let list = harness.list
        for offset in stride(from: 0, through: 60, by: 1) {
            list.contentOffset.y = CGFloat(offset)
            list.layoutIfNeeded()
            for cell in list.visibleCells {
                let item = (cell as! OutlineListCell).item
                #expect(cell.configurationState.isExpanded == some.isExpanded(item), "offset \(offset): item \(item)")
            }
        }
        // A whole snapshot that flattens the section: nothing is expanded any more.
        var flat = DiffableDataSourceSnapshot<Int, Int>()
        flat.appendSections([0])
        flat.appendItems(some.visibleItems + [1_000])
        harness.dataSource.apply(flat)
        list.layoutIfNeeded()
        #expect(list.visibleCells.allSatisfy { !$0.configurationState.isExpanded })
    }

    /// The table's cells follow their rows' expansion the same way (a table has no accessory).
    @Test func tableCellsShowTheirRowsExpansion() {
        let harness = DiffableTableHarness(height: 200)
        let table = harness.table
        let (tree, model) = OutlineApplyTests.wideTree(roots: 4, fanOut: 2)
        for item in model.items { harness.heights[item] = 20 }
        harness.dataSource.apply(OutlineApplyTests.sectionZero())
        harness.dataSource.apply(tree, to: 0)
        table.layoutIfNeeded()
        var updates: [Bool] = []
        let root = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        root.configurationUpdateHandler = { _, state in updates.append(state.isExpanded) }
        table.layoutIfNeeded()
        updates = []
        table.tapOutlineDisclosure(at: IndexPath(row: 1, section: 0))
        #expect(root.configurationState.isExpanded && updates == [true], "one update, expanded")
        var snapshot = harness.dataSource.snapshot(for: 0)
        snapshot.collapse([1])
        harness.dataSource.apply(snapshot, to: 0)
        #expect(!root.configurationState.isExpanded && updates == [true, false])
        #expect(table.visibleCells.allSatisfy { !$0.configurationState.isExpanded })
    }
}
