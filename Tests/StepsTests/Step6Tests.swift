// Step 6, batch updates (Sources/Steps/Step6): random batches against an array model, given to the step and
// to the engine's table through `performBatchUpdates`; after each, both show the same rows at the same
// frames, each cell showing its own item. Bad batches are refused with a message and change nothing.

import Foundation
import ReuseTable
import SeededRandom
@testable import Step6
import Testing

extension StepTable: LadderStepTable {}

/// One random batch, in both index spaces, and what it makes of the model's sections.
struct LadderBatch {
    var deleted: [IndexPath] = []
    var reloaded: [IndexPath] = []
    var inserted: [IndexPath] = []
    var moved: [(IndexPath, IndexPath)] = []

    /// A batch over `model`'s rows, applied to the model: the rows that stay keep their order and fill the
    /// places insertions and moves leave free, section by section; reloaded rows get new items.
    @MainActor
    init(randomFor model: LadderModel) {
        let old = model.sections
        var staying = old.map { $0.map { Optional($0) } }  // nil: the row leaves its place
        var arriving: [[(LadderItem, IndexPath?)]] = old.map { _ in [] }  // per new section: items, and a move's source
        for (section, rows) in old.enumerated() {
            for row in rows.indices {
                let path = IndexPath(row: row, section: section)
                switch model.random(below: 12) {
                case 0:
                    deleted.append(path)
                    staying[section][row] = nil
                case 1:
                    reloaded.append(path)
                    staying[section][row] = model.makeItem()
                case 2:
                    staying[section][row] = nil
                    arriving[model.random(below: old.count)].append((rows[row], path))
                default: break
                }
            }
        }
        for section in old.indices {
            for _ in 0..<model.random(below: 4) { arriving[section].append((model.makeItem(), nil)) }
            let stayed = staying[section].compactMap { $0 }
            let count = stayed.count + arriving[section].count
            var places = Array(0..<count)
            for index in places.indices.reversed() { places.swapAt(index, model.random(below: index + 1)) }
            var new = [LadderItem?](repeating: nil, count: count)
            for ((item, from), place) in zip(arriving[section], places) {
                new[place] = item
                let path = IndexPath(row: place, section: section)
                if let from { moved.append((from, path)) } else { inserted.append(path) }
            }
            var rest = stayed.makeIterator()
            model.sections[section] = new.map { $0 ?? rest.next()! }
        }
    }
}

@MainActor
@Suite struct Step6Tests {
    func stepTable(_ model: LadderModel, estimate: CGFloat = 0) -> StepTable {
        model.ladderTable(StepTable(frame: ladderFrame)) {
            $0.estimatedRowHeight = estimate
            $0.dataSource = model
            $0.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
        }
    }

    /// Random batches (deletions, reloads, moves across sections, insertions) given to both tables; after each,
    /// at the same offset and at a new one, the offset, the content size, the rows and frames agree, and every
    /// cell on the step's screen shows the item its row holds.
    @Test(arguments: [CGFloat(0), 50]) func randomBatchesShowWhatTheEngineShows(estimate: CGFloat) {
        let model = LadderModel(rowsPerSection: [30, 0, 45, 12], headers: true, seed: 11)
        model.heights = .cachedByIndexPath
        let step = stepTable(model, estimate: estimate)
        let engine = model.engineTable { $0.estimatedRowHeight = estimate }
        for round in 0..<40 {
            let batch = LadderBatch(randomFor: model)
            let offset = CGFloat(model.random(below: 1_500))
            step.performBatchUpdates {
                step.insertRows(at: batch.inserted)
                step.reloadRows(at: batch.reloaded)
                step.deleteRows(at: batch.deleted)
                for (from, to) in batch.moved { step.moveRow(at: from, to: to) }
            }
            engine.performBatchUpdates {
                engine.insertRows(at: batch.inserted, with: .none)
                engine.reloadRows(at: batch.reloaded, with: .none)
                engine.deleteRows(at: batch.deleted, with: .none)
                for (from, to) in batch.moved { engine.moveRow(at: from, to: to) }
            }
            for y in [nil, offset] {
                if let y { (step.contentOffset.y, engine.contentOffset.y) = (min(y, step.maximumOffsetY), min(y, step.maximumOffsetY)) }
                let state = "round \(round), offset \(step.contentOffset.y) (engine at \(engine.contentOffset.y))"
                #expect(
                    step.contentOffset == engine.contentOffset && step.contentSize == engine.contentSize,
                    "\(state): content \(step.contentSize.height) and \(engine.contentSize.height)")
                if let problem = difference(stepScreen(step), engineScreen(engine)) {
                    Issue.record("\(state): \(problem)")
                    return
                }
                for path in step.indexPathsForVisibleRows {
                    let shown = (step.cellForRow(at: path) as? LadderCell)?.item
                    guard shown != model.item(at: path) else { continue }
                    Issue.record("\(state): the cell of \(path) shows \(String(describing: shown)), the row holds \(model.item(at: path))")
                    return
                }
            }
        }
    }

    /// A row that stays keeps its cell through a batch that inserts and deletes around it (ten rows 20 points
    /// tall on screen).
    @Test func aRowThatStaysKeepsItsCell() {
        let model = LadderModel(rowsPerSection: [40])
        model.sections[0] = model.sections[0].map { LadderItem(key: $0.key, length: 1) }
        let step = stepTable(model)
        let kept = step.cellForRow(at: IndexPath(row: 3, section: 0))
        model.sections[0].remove(at: 1)
        model.sections[0].insert(LadderItem(key: -1, length: 1), at: 0)
        model.sections[0].insert(LadderItem(key: -2, length: 1), at: 0)
        step.performBatchUpdates {
            step.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)])
            step.deleteRows(at: [IndexPath(row: 1, section: 0)])
        }
        #expect(kept != nil && step.cellForRow(at: IndexPath(row: 4, section: 0)) === kept)
    }

    /// Batches that do not add up are refused with a message naming the section, the counts and the rows,
    /// and the table stays as it was.
    @Test func badBatchesAreRefusedWithAMessageAndChangeNothing() {
        let model = LadderModel(rowsPerSection: [5, 3])
        let step = stepTable(model)
        var messages: [String] = []
        step.diagnosticHandler = { messages.append($0) }
        let before = stepScreen(step).map { "\($0)" }
        let row = { IndexPath(row: $0, section: $1) }
        step.deleteRows(at: [row(1, 0)])  // the model still has the row
        step.performBatchUpdates { step.deleteRows(at: [row(7, 0)]) }
        step.performBatchUpdates { step.insertRows(at: [row(0, 2)]) }
        step.performBatchUpdates {
            step.deleteRows(at: [row(1, 1)])
            step.reloadRows(at: [row(1, 1)])
        }
        step.performBatchUpdates {
            step.insertRows(at: [row(2, 0)])
            step.moveRow(at: row(0, 1), to: row(2, 0))
        }
        model.sections.append([])
        step.reloadRows(at: [row(0, 0)])
        step.endUpdates()
        #expect(
            messages == [
                "Invalid update: invalid number of rows in section 0. The section contains 5 rows after the update but 5 before, which with 0 inserted, 1 deleted, 0 moved in and 0 moved out makes 4.",
                "Invalid update: attempt to delete row 7 in section 0, but section 0 contains only 5 rows before the update.",
                "Invalid update: attempt to insert row 0 in section 2, but there are only 2 sections after the update.",
                "Invalid update: attempt to reload row 1 in section 1, which is also being deleted.",
                "Invalid update: attempt to move a row to row 2 in section 0, which is already the destination of an insertion or a move.",
                "Invalid update: invalid number of sections: 3 after the update, 2 before; step 6 changes rows only (reloadData() for sections).",
                "endUpdates() without a beginUpdates() before it",
            ])
        #expect(step.numberOfSections == 2 && step.numberOfRows(inSection: 0) == 5 && stepScreen(step).map { "\($0)" } == before)
        model.sections.removeLast()
        model.sections[0].remove(at: 1)
        step.deleteRows(at: [row(1, 0)])  // a good batch after the bad ones
        #expect(messages.count == 7 && step.numberOfRows(inSection: 0) == 4)
    }
}

extension LadderModel: StepTableDataSource {
    func numberOfSections(in tableView: StepTable) -> Int { sections.count }
    func tableView(_ tableView: StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { height(at: indexPath, in: tableView) }
    func tableView(_ tableView: StepTable, heightForHeaderInSection section: Int) -> CGFloat { headerHeights[section] }
    func tableView(_ tableView: StepTable, viewForHeaderInSection section: Int) -> View? { headerView(section) }
}
