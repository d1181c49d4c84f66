// Step 7, the waterfall (Sources/Steps/Step7): the same items at the same frames as the engine's
// `CollectionView` with a `WaterfallLayout` along a scripted session of scrolls, jumps, appends, reloads,
// deletions and insertions; the shortest-column rule; placement from the first changed item on; the search
// per column; the pool; and refused input.

import Foundation
import ReuseTable
@testable import Step7
import Testing

extension LadderModel: StepTableDataSource {
    func numberOfItems(in tableView: StepTable) -> Int { sections[0].count }
    func tableView(_ tableView: StepTable, cellForItem item: Int) -> TableViewCell {
        stepCell(tableView.dequeueReusableCell(withIdentifier: "cell"), showing: sections[0][item])
    }
    func tableView(_ tableView: StepTable, heightForItem item: Int, itemWidth: CGFloat) -> CGFloat {
        LadderCell.height(of: sections[0][item], width: itemWidth)
    }
}

/// The engine's side: the same items, in one section, as a waterfall's data source and delegate.
extension LadderModel: CollectionViewDataSource, WaterfallLayoutDelegate {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[0].count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, itemWidth: CGFloat
    ) -> CGFloat {
        LadderCell.height(of: sections[0][indexPath.item], width: itemWidth)
    }
}

@MainActor
@Suite struct Step7Tests {
    func stepTable(_ model: LadderModel, columns: Int = 2, margin: CGFloat = 0) -> StepTable {
        let table = StepTable(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        table.numberOfColumns = columns
        table.margin = margin
        table.dataSource = model
        table.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
        table.reloadData()
        return table
    }

    func engineCollection(_ model: LadderModel, columns: Int, margin: CGFloat) -> CollectionView {
        let layout = WaterfallLayout(numberOfColumns: columns, margin: margin)
        layout.delegate = model
        let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 200), collectionViewLayout: layout)
        collection.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        collection.dataSource = model
        collection.diagnosticHandler = { fatalError("unexpected diagnostic: \($0)") }
        collection.reloadData()
        collection.layoutIfNeeded()
        return collection
    }

    func stepScreen(_ table: StepTable) -> Screen {
        table.visibleItems.map { (IndexPath(item: $0, section: 0), table.cellForItem($0)?.frame ?? .null) }
    }

    func engineScreen(_ collection: CollectionView) -> Screen {
        collection.layoutIfNeeded()
        return collection.indexPathsForVisibleItems.sorted().map { ($0, collection.cellForItem(at: $0)?.frame ?? .null) }
    }

    /// The step's change at offset number `number` of the session, made to the model, the step and the engine:
    /// an append of ten items, a reload of an item on screen with a new text, a deletion, an insertion.
    func change(_ number: Int, _ model: LadderModel, _ step: StepTable, _ engine: CollectionView) {
        let count = model.sections[0].count
        switch number % 20 {
        case 4:
            model.sections[0] += (0..<10).map { _ in model.makeItem() }
            step.insertItems(at: Array(count..<(count + 10)))
            engine.insertItems(at: (count..<(count + 10)).map { IndexPath(item: $0, section: 0) })
        case 9:
            guard let item = step.visibleItems.last else { return }
            model.sections[0][item].length = 1 + model.random(below: 200)
            step.reloadItems(at: [item])
            engine.reloadItems(at: [IndexPath(item: item, section: 0)])
        case 14:
            let item = model.random(below: count)
            model.sections[0].remove(at: item)
            step.deleteItems(at: [item])
            engine.deleteItems(at: [IndexPath(item: item, section: 0)])
        case 19:
            let item = model.random(below: count + 1)
            model.sections[0].insert(model.makeItem(), at: item)
            step.insertItems(at: [item])
            engine.insertItems(at: [IndexPath(item: item, section: 0)])
        default: return
        }
    }

    /// Along a session of scrolls, jumps and changes, the step shows exactly the items the engine shows, at the
    /// same frames, over content of the same height: two columns touching, and three with gaps.
    @Test(arguments: [(2, 0.0), (3, 8.0)]) func showsWhatTheEngineShowsAlongASession(columns: Int, margin: Double) {
        let model = LadderModel(rowsPerSection: [200])
        let step = stepTable(model, columns: columns, margin: CGFloat(margin))
        let engine = engineCollection(model, columns: columns, margin: CGFloat(margin))
        for (number, y) in sessionOffsets(contentHeight: step.contentSize.height, model: model).enumerated() {
            change(number, model, step, engine)
            let y = min(y, max(0, step.contentSize.height - 200))
            step.contentOffset.y = y
            engine.contentOffset.y = y
            let state = "offset \(y) after \(number) moves (\(model.sections[0].count) items)"
            guard step.contentSize.height == engine.contentSize.height else {
                Issue.record("\(state): content \(step.contentSize.height) tall, the engine's \(engine.contentSize.height)")
                return
            }
            if let problem = difference(stepScreen(step), engineScreen(engine)) {
                Issue.record("\(state): \(problem)")
                return
            }
        }
    }

    /// Each item goes to the column that stands highest when its turn comes, the leftmost of a tie.
    @Test func eachItemGoesToTheShortestColumnTiesToTheLeft() {
        let model = LadderModel(rowsPerSection: [6])
        // At the item width of 100 (three columns, 10 apart), 10 characters a line: 1, 3, 2, 1, 1, 2 lines.
        model.sections[0] = [5, 25, 15, 10, 3, 20].enumerated().map { LadderItem(key: $0.offset, length: $0.element) }
        let step = stepTable(model, columns: 3, margin: 10)
        let frames = (0..<6).map { step.rectForItem($0) }
        #expect(
            frames == [
                CGRect(x: 0, y: 0, width: 100, height: 20), CGRect(x: 110, y: 0, width: 100, height: 60),
                CGRect(x: 220, y: 0, width: 100, height: 40), CGRect(x: 0, y: 30, width: 100, height: 20),
                CGRect(x: 220, y: 50, width: 100, height: 20), CGRect(x: 0, y: 60, width: 100, height: 40),
            ])
        #expect(step.contentSize.height == 100)
    }

    /// Appending places only the new items, a changed height re-places from that item on, and either way every
    /// frame is the one a full reload gives.
    @Test func changesPlaceFromTheFirstChangedItemOn() {
        let model = LadderModel(rowsPerSection: [1_000])
        let step = stepTable(model, columns: 3, margin: 4)
        #expect(step.itemsPlacedByLastChange == 1_000)
        model.sections[0] += (0..<10).map { _ in model.makeItem() }
        step.insertItems(at: Array(1_000..<1_010))
        #expect(step.itemsPlacedByLastChange == 10)
        expectSameFrames(step, stepTable(model, columns: 3, margin: 4), "after an append")
        model.sections[0][700].length = 190
        step.reloadItems(at: [700])
        #expect(step.itemsPlacedByLastChange == 310)
        expectSameFrames(step, stepTable(model, columns: 3, margin: 4), "after a reload")
        step.item(990, changedHeight: 333)
        #expect(step.itemsPlacedByLastChange == 20 && step.rectForItem(990).height == 333)
    }

    func expectSameFrames(_ step: StepTable, _ fresh: StepTable, _ when: String) {
        let differing = (0..<fresh.numberOfItems).first { step.rectForItem($0) != fresh.rectForItem($0) }
        #expect(differing == nil, "\(when): item \(differing ?? -1) is not where a reload puts it")
        #expect(step.contentSize == fresh.contentSize, "\(when)")
    }

    /// The search per column finds what a walk over every item finds: the first item ending below the offset.
    @Test func findItemIsTheFirstItemEndingBelowTheOffset() {
        let model = LadderModel(rowsPerSection: [300])
        let step = stepTable(model, columns: 3, margin: 5)
        for y in stride(from: -10, through: Int(step.contentSize.height) + 10, by: 7) {
            let expected = (0..<step.numberOfItems).first { step.rectForItem($0).maxY > CGFloat(y) } ?? step.numberOfItems
            #expect(step.findItem(forOffsetY: CGFloat(y)) == expected, "offset \(y)")
        }
    }

    /// Scrolling down and back up, items that leave give their cells to the pool before new items take them: a
    /// screenful of cells serves the whole session, jumps included, and every cell is on screen or in the pool.
    @Test func aScreenfulOfCellsServesTheSession() {
        let model = LadderModel(rowsPerSection: [2_000])
        let step = stepTable(model, columns: 3)
        var most = 0
        for y in sessionOffsets(contentHeight: step.contentSize.height, model: model) {
            step.contentOffset.y = y
            most = max(most, step.visibleItems.count)
            #expect(step.visibleCells.count == step.visibleItems.count && step.subviews.count == step.visibleItems.count)
        }
        #expect(model.stepCellsCreated <= most, "\(model.stepCellsCreated) cells for at most \(most) on screen")
        #expect(model.stepCellsCreated == step.visibleCells.count + step.pooledCellCount)
    }

    /// Bad settings and changes are refused with a message that names them, and the table stays as it was.
    @Test func badInputIsRefusedWithAMessageAndChangesNothing() {
        let model = LadderModel(rowsPerSection: [10])
        let step = stepTable(model, columns: 2, margin: 4)
        var messages: [String] = []
        step.diagnosticHandler = { messages.append($0) }
        let frames = (0..<10).map { step.rectForItem($0) }
        step.numberOfColumns = 0
        step.margin = -.infinity
        step.item(10, changedHeight: 30)
        step.item(3, changedHeight: .nan)
        step.insertItems(at: [3])  // the data source still has 10
        model.sections[0].removeLast()
        step.deleteItems(at: [12])
        step.deleteItems(at: [1, 2])
        #expect(
            messages == [
                "numberOfColumns = 0 refused: it must be at least 1; nothing changed",
                "margin = -inf refused: it must be finite and 0 or more; nothing changed",
                "item(_:changedHeight:): item 10 does not exist: the table has 10 items there; nothing changed",
                "item(_:changedHeight:): a height of nan refused: it must be finite and 0 or more; nothing changed",
                "insertItems(at:): the data source has 10 items, but the table had 10 and inserting 1 makes 11; nothing changed",
                "deleteItems(at:): item 12 does not exist: the table has 10 items there; nothing changed",
                "deleteItems(at:): the data source has 9 items, but the table had 10 and deleting 2 makes 8; nothing changed",
            ])
        #expect(step.numberOfColumns == 2 && step.margin == 4 && step.numberOfItems == 10)
        #expect((0..<10).map { step.rectForItem($0) } == frames)
    }
}
