import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// `CollectionModel` with moves: the array model follows each `moveItemAt`, which is recorded,
/// as is every `didEndDisplaying`.
@MainActor
final class MovingCollection: CollectionViewDataSource, CollectionViewDelegate, WaterfallLayoutDelegate {
    let model: CollectionModel
    var moves: [(IndexPath, IndexPath)] = []
    var ended: [(cell: CollectionViewCell, indexPath: IndexPath)] = []

    init(_ model: CollectionModel) { self.model = model }

    func numberOfSections(in collectionView: CollectionView) -> Int { model.sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { model.sections[section].count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        model.collectionView(collectionView, cellForItemAt: indexPath)
    }
    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, itemWidth: CGFloat
    ) -> CGFloat {
        model.collectionView(collectionView, layout: layout, heightForItemAt: indexPath, itemWidth: itemWidth)
    }
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
    func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        moves.append((sourceIndexPath, destinationIndexPath))
        let item = model.sections[sourceIndexPath.section].remove(at: sourceIndexPath.item)
        model.sections[destinationIndexPath.section].insert(item, at: destinationIndexPath.item)
    }
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        ended.append((cell, indexPath))
    }
}

@MainActor
struct CollectionViewMovementTests {
    func makeWaterfall(_ source: MovingCollection) -> CollectionView {
        let layout = WaterfallLayout(numberOfColumns: 3, margin: 8)
        layout.delegate = source
        let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
        collection.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        collection.dataSource = source
        collection.delegate = source
        collection.reloadData()
        collection.layoutIfNeeded()
        return collection
    }

    /// Every visible cell stands where a brute-force waterfall of `sections` puts its item.
    func expectFrames(_ collection: CollectionView, _ sections: [[ModelItem]], sourceLocation: SourceLocation = #_sourceLocation) {
        let model = CollectionModel()
        model.sections = sections
        let frames = model.waterfallFrames(columns: 3, margin: 8, width: 300).frames
        var byID: [Int: CGRect] = [:]
        for (s, section) in sections.enumerated() {
            for (i, item) in section.enumerated() { byID[item.id] = frames[s][i] }
        }
        for cell in collection.visibleCells {
            let id = (cell as! ItemCell).itemID
            #expect(cell.frame == byID[id], "item \(id)", sourceLocation: sourceLocation)
        }
    }

    /// Random lifts over two days of a 3-column waterfall, every visible frame checked against a brute-force
    /// placement of the proposed order; `REUSETABLE_LONG=1` runs 2,000 rounds instead of 40.
    @Test func theProposedOrderRelaysTheColumnsAndTheDropMatchesIt() {
        var random = SplitMix64(seed: 0xC011_EC71)
        let source = MovingCollection(CollectionModel(sectionCounts: [30, 30], rng: &random))
        let collection = makeWaterfall(source)
        var messages: [String] = []
        collection.diagnosticHandler = { messages.append($0) }
        var expectedMoves = 0
        let rounds = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1" ? 2_000 : 40
        for round in 0..<rounds {
            collection.contentOffset.y = CGFloat.random(in: 0...max(0, collection.contentSize.height - 400), using: &random)
            guard let first = collection.indexPathsForVisibleItems.randomElement(using: &random) else { continue }
            let id = source.model.sections[first.section][first.item].id
            let before = (sections: source.model.sections, offset: collection.contentOffset)
            #expect(collection.beginInteractiveMovementForItem(at: first))
            let lifted = collection.engine.pass.movement!.cell as! ItemCell
            #expect(lifted.itemID == id)
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                let point = CGPoint(
                    x: CGFloat.random(in: 1...299, using: &random),
                    y: collection.contentOffset.y + CGFloat.random(in: 0...400, using: &random))
                collection.updateInteractiveMovementTargetPosition(point)
                #expect(lifted.itemID == id && abs(lifted.frame.midX - point.x) < 1e-9)
                #expect(!collection.visibleCells.contains { $0 === lifted })
                let destination = collection.indexPathForInteractivelyMovedItem!.to
                var proposed = before.sections
                let item = proposed[first.section].remove(at: first.item)
                proposed[destination.section].insert(item, at: destination.item)
                expectFrames(collection, proposed)
                #expect(source.model.sections == before.sections)
            }
            let destination = collection.indexPathForInteractivelyMovedItem!.to
            if round % 3 == 0 {
                collection.cancelInteractiveMovement()
                #expect(source.model.sections == before.sections)
                #expect(collection.contentOffset == before.offset)
            } else {
                collection.endInteractiveMovement()
                expectedMoves += 1
                #expect(source.moves.last!.0 == first && source.moves.last!.1 == destination)
                #expect(source.model.sections[destination.section][destination.item].id == id)
                if let cell = collection.cellForItem(at: destination) { #expect(cell === lifted) }
            }
            #expect(source.moves.count == expectedMoves)
            expectFrames(collection, source.model.sections)
            for entry in collection.engine.cellsOnScreen.entries {
                #expect((entry.cell as! ItemCell).itemID == source.model.sections[entry.section][entry.row].id)
            }
        }
        #expect(messages.isEmpty)
        #expect(expectedMoves > 20)
    }

    @Test func misuseAndWaitingCalls() {
        var random = SplitMix64(seed: 7)
        let source = MovingCollection(CollectionModel(sectionCounts: [20], rng: &random))
        let collection = makeWaterfall(source)
        var messages: [String] = []
        collection.diagnosticHandler = { messages.append($0) }
        collection.endInteractiveMovement()
        #expect(messages.last?.hasPrefix("endInteractiveMovement() was called with no item lifted") == true)
        #expect(!collection.beginInteractiveMovementForItem(at: IndexPath(item: 20, section: 0)))
        #expect(messages.last?.contains("(section 0, item 20)") == true)
        #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        #expect(!collection.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        #expect(messages.last?.contains("item (section 0, item 0) is already lifted") == true)
        source.model.sections[0].append(ModelItem(id: 999, height: 30))
        collection.insertItems(at: [IndexPath(item: 20, section: 0)])
        #expect(collection.numberOfItems(inSection: 0) == 20)
        collection.updateInteractiveMovementTargetPosition(CGPoint(x: 150, y: -10))
        collection.endInteractiveMovement()
        #expect(collection.numberOfItems(inSection: 0) == 21)
        #expect(source.moves.count == 1 && messages.count == 3)
        expectFrames(collection, source.model.sections)
    }

    @Test func aDiffableSourceFollowsAndAppliesFromDidReorder() {
        let layout = WaterfallLayout(numberOfColumns: 2, margin: 0)
        layout.itemHeight = 50
        let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: layout)
        collection.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: collection) { view, indexPath, id in
            let cell = view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! ItemCell
            cell.itemID = id
            return cell
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<10))
        source.apply(snapshot)
        collection.layoutIfNeeded()
        var transactions = 0
        source.reorderingHandlers = .init(
            canReorderItem: { $0 < 5 },
            didReorder: { [unowned source] transaction in
                transactions += 1
                #expect(transaction.finalSnapshot.itemIdentifiers == [1, 2, 3, 0] + Array(4..<10))
                var next = transaction.finalSnapshot
                next.appendItems([10])
                source.apply(next)
            })
        collection.diagnosticHandler = { _ in }
        #expect(!collection.beginInteractiveMovementForItem(at: IndexPath(item: 7, section: 0)))
        #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        // Two columns of 100 points, items 50 tall: item 3 is the second row's right one.
        collection.updateInteractiveMovementTargetPosition(CGPoint(x: 150, y: 75))
        #expect(collection.indexPathForInteractivelyMovedItem?.to == IndexPath(item: 3, section: 0))
        collection.endInteractiveMovement()
        #expect(transactions == 1)
        #expect(source.snapshot().itemIdentifiers == [1, 2, 3, 0] + Array(4..<11))
        #expect(collection.numberOfItems(inSection: 0) == 11)
        collection.layoutIfNeeded()
        for entry in collection.engine.cellsOnScreen.entries {
            #expect((entry.cell as! ItemCell).itemID == source.itemIdentifier(for: entry.indexPath))
        }
    }
}
