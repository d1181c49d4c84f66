import Foundation
import TestSupport
import Testing

@testable import ReuseTable

/// The collection view's editing mode: a view state its cells' configuration states carry.
@MainActor
@Suite struct CollectionViewEditingTests {
    /// A list of `count` one-line items, list cells with the editing accessories, counting updates.
    final class List: CollectionViewDataSource, CollectionViewDelegate {
        let view: CollectionView
        var count: Int
        var updates: [ObjectIdentifier: [CellConfigurationState]] = [:]
        var onSelect: ((IndexPath) -> Void)?
        lazy var registration = CollectionView.CellRegistration<CollectionViewListCell, Int> { [unowned self] cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = "item \(item)"
            cell.contentConfiguration = content
            cell.accessories = [.delete(), .reorder(), .disclosureIndicator()]
            cell.configurationUpdateHandler = { [unowned self] cell, state in updates[ObjectIdentifier(cell), default: []].append(state) }
        }

        init(count: Int, height: CGFloat = 10) {
            self.count = count
            let layout = FlowLayout()
            layout.itemSize = CGSize(width: 0, height: 1)
            view = CollectionView(frame: CGRect(x: 0, y: 0, width: 30, height: height), collectionViewLayout: layout)
            _ = registration  // made before the provider runs
            view.dataSource = self
            view.delegate = self
            view.layoutIfNeeded()
        }

        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: indexPath.item)
        }
        func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { onSelect?(indexPath) }

        func updateCount(_ cell: CollectionViewCell) -> Int { updates[ObjectIdentifier(cell)]?.count ?? 0 }

        /// The accessories a list cell shows now, by kind name.
        static func shown(_ cell: CollectionViewCell) -> [String] {
            let list = cell as! CollectionViewListCell
            return list.accessories.filter { list.isShown($0) }.map(\.kind.name)
        }
    }

    @Test func editingShowsOnEveryCellOnceAndOnCellsThatArrive() {
        let list = List(count: 60)
        let view = list.view
        #expect(!view.isEditing)
        let before = Dictionary(uniqueKeysWithValues: view.visibleCells.map { (ObjectIdentifier($0), list.updateCount($0)) })
        #expect(view.visibleCells.allSatisfy { List.shown($0) == ["disclosureIndicator"] })
        view.setEditing(true, animated: true)
        #expect(view.isEditing)
        #expect(view.visibleCells.count == 10)
        for cell in view.visibleCells {
            #expect(cell.configurationState.isEditing)
            #expect(list.updateCount(cell) == before[ObjectIdentifier(cell)]! + 1, "one update, with the final state")
            #expect(list.updates[ObjectIdentifier(cell)]?.last?.isEditing == true)
            #expect(List.shown(cell) == ["delete", "reorder", "disclosureIndicator"])
        }
        view.contentOffset.y = 25
        view.layoutIfNeeded()
        #expect(view.visibleCells.allSatisfy { $0.configurationState.isEditing && List.shown($0).contains("delete") }, "arrivals edit too")
        view.isEditing = false
        view.setEditing(false, animated: false)  // no change: nothing marked
        #expect(view.visibleCells.allSatisfy { !$0.configurationState.isEditing && List.shown($0) == ["disclosureIndicator"] })
        view.contentOffset.y = 0
        view.layoutIfNeeded()
        #expect(view.visibleCells.allSatisfy { !$0.configurationState.isEditing }, "a reused cell never keeps the mode it was shown in")
    }

    @Test func setEditingFromInsideACallbackRunsWhenItIsDone() {
        let list = List(count: 20)
        let view = list.view
        var seenInside: Bool?
        list.onSelect = { _ in
            view.setEditing(true, animated: false)
            seenInside = view.isEditing
        }
        view.tapItem(at: IndexPath(item: 3, section: 0))
        #expect(seenInside == false, "queued while the tap runs")
        #expect(view.isEditing && view.visibleCells.allSatisfy { $0.configurationState.isEditing })
        let cell = view.cellForItem(at: IndexPath(item: 3, section: 0))!
        #expect(cell.configurationState.isSelected && cell.configurationState.isEditing)
        #expect(list.updates[ObjectIdentifier(cell)]?.last == cell.configurationState, "its last update saw both")
    }

    /// Random editing switches, scrolls, selections and reloads against a one-flag model: every
    /// cell on screen shows the mode, and its last update saw its current state.
    @Test func randomSequencesKeepEveryCellInTheViewsMode() {
        let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"
        for seed in 0..<UInt64(long ? 40 : 4) {
            var rng = SplitMix64(seed: 0xED17 + seed)
            let list = List(count: 80, height: 8)
            let view = list.view
            view.allowsMultipleSelection = true
            var editing = false
            for step in 0..<(long ? 400 : 60) {
                switch Int.random(in: 0..<5, using: &rng) {
                case 0:
                    editing.toggle()
                    if Bool.random(using: &rng) { view.isEditing = editing } else { view.setEditing(editing, animated: Bool.random(using: &rng)) }
                case 1, 2:
                    view.contentOffset.y = CGFloat(Int.random(in: 0...72, using: &rng))
                case 3:
                    view.tapItem(at: IndexPath(item: Int.random(in: 0..<80, using: &rng), section: 0))
                default:
                    view.reloadData()
                }
                view.layoutIfNeeded()
                #expect(view.isEditing == editing)
                for cell in view.visibleCells {
                    #expect(cell.configurationState.isEditing == editing, "seed \(seed) step \(step)")
                    #expect(list.updates[ObjectIdentifier(cell)]?.last == cell.configurationState, "seed \(seed) step \(step): last update")
                    #expect(List.shown(cell).contains("delete") == editing)
                }
            }
        }
    }
}
