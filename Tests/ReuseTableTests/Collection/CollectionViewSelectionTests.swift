import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Logs every selection callback of a collection view, with vetoes and a hook per callback.
@MainActor
final class ItemSelectionLog: CollectionViewDataSource, CollectionViewDelegate, WaterfallLayoutDelegate {
    var counts: [Int]
    var log: [String] = []
    var noHighlight: Set<IndexPath> = []
    var noSelect: Set<IndexPath> = []
    var noDeselect: Set<IndexPath> = []
    var hooks: [String: (CollectionView, IndexPath) -> Void] = [:]

    init(_ counts: [Int]) { self.counts = counts }

    private func note(_ name: String, _ view: CollectionView, _ indexPath: IndexPath) {
        let cell = view.cellForItem(at: indexPath)
        let marks = cell.map { ($0.isHighlighted ? " H" : "") + ($0.isSelected ? " S" : "") } ?? " off"
        log.append("\(name) \(indexPath.section)-\(indexPath.item)\(marks)")
        hooks[name]?(view, indexPath)
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    }
    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath,
        itemWidth: CGFloat
    ) -> CGFloat { 50 }
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        note("shouldHighlight", collectionView, indexPath)
        return !noHighlight.contains(indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
        note("didHighlight", collectionView, indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        note("didUnhighlight", collectionView, indexPath)
    }
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        note("shouldSelect", collectionView, indexPath)
        return !noSelect.contains(indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        note("didSelect", collectionView, indexPath)
    }
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        note("shouldDeselect", collectionView, indexPath)
        return !noDeselect.contains(indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
        note("didDeselect", collectionView, indexPath)
    }
}

@MainActor
@Suite struct CollectionViewSelectionTests {
    func view(_ source: ItemSelectionLog, height: CGFloat = 200) -> CollectionView {
        let layout = WaterfallLayout(numberOfColumns: 2, margin: 0)
        layout.delegate = source
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: height), collectionViewLayout: layout)
        view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
        view.dataSource = source
        view.delegate = source
        view.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
        view.reloadData()
        return view
    }

    @Test func aTapRunsUIKitsSequenceWithShouldSelect() {
        let source = ItemSelectionLog([20])
        let view = view(source)
        view.tapItem(at: IndexPath(item: 1, section: 0))
        #expect(source.log == ["shouldHighlight 0-1", "didHighlight 0-1 H", "shouldSelect 0-1 H", "didSelect 0-1 H S", "didUnhighlight 0-1 S"])
        source.log = []
        view.tapItem(at: IndexPath(item: 2, section: 0))
        #expect(
            source.log == [
                "shouldHighlight 0-2", "didHighlight 0-2 H", "shouldSelect 0-2 H",
                "shouldDeselect 0-1 S", "didDeselect 0-1", "didSelect 0-2 H S", "didUnhighlight 0-2 S",
            ])
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        source.noSelect = [IndexPath(item: 3, section: 0)]
        source.log = []
        view.tapItem(at: IndexPath(item: 3, section: 0))
        #expect(source.log == ["shouldHighlight 0-3", "didHighlight 0-3 H", "shouldSelect 0-3 H", "didUnhighlight 0-3"])
        source.noHighlight = [IndexPath(item: 4, section: 0)]
        source.log = []
        view.tapItem(at: IndexPath(item: 4, section: 0))
        #expect(source.log == ["shouldHighlight 0-4"])
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    }

    @Test func multipleSelectionTogglesAndShouldDeselectVetoes() {
        let source = ItemSelectionLog([20])
        let view = view(source)
        view.allowsMultipleSelection = true
        let a = IndexPath(item: 0, section: 0), b = IndexPath(item: 5, section: 0)
        view.tapItem(at: a)
        view.tapItem(at: b)
        #expect(view.indexPathsForSelectedItems == [a, b])
        source.log = []
        view.tapItem(at: a)
        #expect(source.log == ["shouldHighlight 0-0 S", "didHighlight 0-0 H S", "shouldDeselect 0-0 H S", "didDeselect 0-0 H", "didUnhighlight 0-0"])
        source.noDeselect = [b]
        view.tapItem(at: b)
        #expect(view.indexPathsForSelectedItems == [b])
        #expect(view.cellForItem(at: a)?.isSelected == false && view.cellForItem(at: b)?.isSelected == true)
    }

    @Test func programmaticCallsScrollOnlyWhenAskedAndCallNoDelegate() {
        let source = ItemSelectionLog([200])
        let view = view(source)
        let far = IndexPath(item: 101, section: 0)  // column 1, row 50: y = 2500
        view.selectItem(at: far, animated: false, scrollPosition: .none)
        #expect(view.contentOffset.y == 0 && view.indexPathsForSelectedItems == [far])
        view.selectItem(at: far, animated: true, scrollPosition: .top)
        #expect(view.contentOffset.y == 2500)
        #expect(view.cellForItem(at: far)?.isSelected == true)
        view.deselectItem(at: far, animated: false)
        #expect(view.indexPathsForSelectedItems == nil && view.cellForItem(at: far)?.isSelected == false)
        view.selectItem(at: far, animated: false, scrollPosition: .none)
        view.selectItem(at: nil, animated: false, scrollPosition: .none)
        #expect(view.indexPathsForSelectedItems == nil && source.log.isEmpty)
    }

    @Test func aReusedCellNeverShowsAnotherItemsSelection() {
        let source = ItemSelectionLog([400])
        let view = view(source)
        view.allowsMultipleSelection = true
        view.tapItem(at: IndexPath(item: 0, section: 0))
        view.tapItem(at: IndexPath(item: 3, section: 0))
        view.contentOffset.y = 5_000
        #expect(view.visibleCells.allSatisfy { !$0.isSelected })
        #expect(view.reusePoolCount + view.visibleCells.count <= 20, "the selected cells were reused")
        view.contentOffset.y = 0
        #expect(view.visibleCells.filter(\.isSelected).count == 2)
    }

    @Test func selectionFollowsUpdatesReloadItemsKeepsReloadDataClears() {
        let source = ItemSelectionLog([10])
        let view = view(source)
        view.allowsMultipleSelection = true
        for item in [2, 5, 7] { view.selectItem(at: IndexPath(item: item, section: 0), animated: false, scrollPosition: .none) }
        source.counts = [10]
        view.performBatchUpdates(
            {
                view.deleteItems(at: [IndexPath(item: 5, section: 0)])
                view.insertItems(at: [IndexPath(item: 0, section: 0)])
                view.moveItem(at: IndexPath(item: 7, section: 0), to: IndexPath(item: 9, section: 0))
            }, completion: nil)
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0), IndexPath(item: 9, section: 0)])
        view.reloadItems(at: [IndexPath(item: 3, section: 0)])
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0), IndexPath(item: 9, section: 0)])
        #expect(view.cellForItem(at: IndexPath(item: 3, section: 0))?.isSelected == true)
        view.reloadData()
        #expect(view.indexPathsForSelectedItems == nil && view.visibleCells.allSatisfy { !$0.isSelected })
    }

    @Test func callsFromCallbacks() {
        let source = ItemSelectionLog([30])
        let view = view(source)
        source.hooks["didSelect"] = { view, indexPath in
            view.deselectItem(at: indexPath, animated: true)  // UIKit's idiom: seen at once
            #expect(view.indexPathsForSelectedItems == nil)
            source.counts = [29]
            view.deleteItems(at: [IndexPath(item: 0, section: 0)])  // queued until the tap is done
            #expect(view.numberOfItems(inSection: 0) == 30)
        }
        view.tapItem(at: IndexPath(item: 4, section: 0))
        #expect(view.numberOfItems(inSection: 0) == 29 && view.indexPathsForSelectedItems == nil)
        #expect(source.log.last == "didUnhighlight 0-4")
    }

    @Test func reconfiguredCellsKeepTheirSelection() {
        let source = ItemSelectionLog([10])
        let view = view(source)
        let item = IndexPath(item: 1, section: 0)
        view.selectItem(at: item, animated: false, scrollPosition: .none)
        let cell = view.cellForItem(at: item)!
        view.reconfigureItems(at: [item, IndexPath(item: 2, section: 0)])
        #expect(view.cellForItem(at: item) === cell && cell.isSelected)
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.isSelected == false)
    }

    @Test func badIndexPathsNameTheCallTheIndexPathAndTheCounts() {
        let view = view(ItemSelectionLog([3]))
        #expect(
            throws: ReuseTableError(
                "selectItem(at:animated:scrollPosition:): index path (section 0, item 3) is out of range: "
                    + "section 0 contains only 3 items.")
        ) {
            try view.validateSelectionTarget(IndexPath(item: 3, section: 0), from: "selectItem(at:animated:scrollPosition:)")
        }
        #expect(throws: ReuseTableError("tapItem(at:): index path (section 1, item 0) is out of range: the collection view has only 1 section.")) {
            try view.validateSelectionTarget(IndexPath(item: 0, section: 1), from: "tapItem(at:)")
        }
    }

    @Test func diffableMovesCarrySelection() {
        let layout = FlowLayout()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 2000), collectionViewLayout: layout)
        view.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, indexPath, item in
            let cell = view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! ItemCell
            cell.itemID = item
            return cell
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(Array(0..<10), toSection: 0)
        snapshot.appendItems(Array(10..<20), toSection: 1)
        source.apply(snapshot, animatingDifferences: false)
        view.allowsMultipleSelection = true
        for item in [2, 4, 15] { view.selectItem(at: source.indexPath(for: item), animated: false, scrollPosition: .none) }
        snapshot.moveItem(2, afterItem: 18)
        snapshot.deleteItems([4])
        snapshot.moveSection(1, beforeSection: 0)
        source.apply(snapshot, animatingDifferences: true)
        #expect(view.indexPathsForSelectedItems == [source.indexPath(for: 15)!, source.indexPath(for: 2)!].sorted())
        for cell in view.visibleCells.map({ $0 as! ItemCell }) { #expect(cell.isSelected == [2, 15].contains(cell.itemID)) }
    }

    /// Random batches, scrolls, selects, deselects and taps against an array model of selected item ids.
    @Test(arguments: [false, true])
    func randomStepsMatchTheModel(multiple: Bool) {
        var rng = SplitMix64(seed: multiple ? 0xC0115E1 : 0xC0115E2)
        for round in 0..<8 {
            let model = CollectionModel(
                sectionCounts: (0..<Int.random(in: 0...4, using: &rng)).map { _ in Int.random(in: 0...40, using: &rng) },
                rng: &rng)
            let layout = WaterfallLayout(numberOfColumns: Int.random(in: 1...3, using: &rng), margin: 2)
            layout.delegate = model
            let view = CollectionView(
                frame: CGRect(x: 0, y: 0, width: 240, height: CGFloat(Int.random(in: 80...300, using: &rng))),
                collectionViewLayout: layout)
            view.register(ItemCell.self, forCellWithReuseIdentifier: "item")
            view.dataSource = model
            view.delegate = model
            view.allowsMultipleSelection = multiple
            view.reloadData()
            var selected = Set<Int>()
            for step in 0..<60 {
                let items = model.sections.enumerated().flatMap { s, items in items.indices.map { IndexPath(item: $0, section: s) } }
                func randomItem() -> IndexPath? {
                    let visible = view.indexPathsForVisibleItems
                    return !visible.isEmpty && Bool.random(using: &rng) ? visible.randomElement(using: &rng) : items.randomElement(using: &rng)
                }
                func id(_ indexPath: IndexPath) -> Int { model.sections[indexPath.section][indexPath.item].id }
                let action = Int.random(in: 0..<20, using: &rng)
                switch action {
                case 0..<4:
                    model.reloadedIDs = [:]
                    let (calls, _) = model.randomBatch(rng: &rng)
                    view.performBatchUpdates({ for call in calls { call(view) } }, completion: nil)
                    let alive = Set(model.sections.joined().map(\.id))
                    selected = Set(selected.compactMap { model.reloadedIDs[$0] ?? (alive.contains($0) ? $0 : nil) })
                case 4..<8:
                    view.contentOffset.y = CGFloat(Int.random(in: 0...max(0, Int(view.contentSize.height)), using: &rng))
                case 8..<11:
                    guard let item = randomItem() else { continue }
                    view.selectItem(at: item, animated: false, scrollPosition: Bool.random(using: &rng) ? .none : .centeredVertically)
                    if !multiple { selected = [] }
                    selected.insert(id(item))
                case 11..<13:
                    guard let item = randomItem() else { continue }
                    view.deselectItem(at: item, animated: false)
                    selected.remove(id(item))
                case 13..<19:
                    guard let item = randomItem() else { continue }
                    view.tapItem(at: item)
                    if multiple, selected.contains(id(item)) {
                        selected.remove(id(item))
                    } else {
                        if !multiple { selected = [] }
                        selected.insert(id(item))
                    }
                default:
                    view.reloadData()
                    selected = []
                }
                var expected: [IndexPath] = []
                for (s, items) in model.sections.enumerated() {
                    for (i, item) in items.enumerated() where selected.contains(item.id) { expected.append(IndexPath(item: i, section: s)) }
                }
                let context = "round \(round) step \(step) action \(action)"
                #expect((view.indexPathsForSelectedItems ?? []) == expected, "\(context)")
                for cell in view.visibleCells.map({ $0 as! ItemCell }) {
                    #expect(cell.isSelected == selected.contains(cell.itemID), "\(context): item id \(cell.itemID)")
                    #expect(!cell.isHighlighted, "\(context)")
                }
            }
        }
    }
}
