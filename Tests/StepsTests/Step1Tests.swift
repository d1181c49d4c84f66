// Step 1, the 2013 loop (Sources/Steps/Step1): the same rows and frames as the engine's table along a
// scripted session, the binary search, the pool by identifier, and the article's one-row change.

import Foundation
import ReuseTable
import Step1
import Testing

extension LadderModel: StepTableDataSource {
    func numberOfRows(in tableView: StepTable) -> Int { sections[0].count }
    func tableView(_ tableView: StepTable, cellForRow row: Int) -> TableViewCell {
        stepCell(tableView.dequeueReusableCell(withIdentifier: "cell"), showing: sections[0][row])
    }
    func tableView(_ tableView: StepTable, heightForRow row: Int) -> CGFloat { computedHeight(sections[0][row]) }
}

@MainActor
@Suite struct Step1Tests {
    func stepTable(_ model: LadderModel) -> StepTable {
        let table = StepTable(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        table.dataSource = model
        table.reloadData()
        return table
    }

    func screen(_ table: StepTable) -> Screen {
        table.visibleRows.map { (IndexPath(row: $0, section: 0), table.cellForRow($0)?.frame ?? .null) }
    }

    /// Along a session of scrolls and jumps, the step shows exactly the rows the engine shows, at the same frames.
    @Test func showsWhatTheEngineShowsAlongASession() {
        let model = LadderModel(rowsPerSection: [300])
        let step = stepTable(model)
        let engine = model.engineTable()
        #expect(step.contentSize.height == engine.contentSize.height)
        for y in sessionOffsets(contentHeight: step.contentSize.height, model: model) {
            step.contentOffset.y = y
            engine.contentOffset.y = y
            if let problem = difference(screen(step), engineScreen(engine)) {
                Issue.record("offset \(y): \(problem)")
                return
            }
        }
    }

    /// The row at the top edge is the first whose bottom edge is below it.
    @Test func findRowIsTheFirstRowEndingBelowTheOffset() {
        let model = LadderModel(rowsPerSection: [4])
        model.sections[0] = [10, 40, 70, 100].enumerated().map { LadderItem(key: $0.offset, length: $0.element) }
        let step = stepTable(model)  // 1, 2, 3 and 4 lines of 32 characters
        #expect((0..<4).map { step.rectForRow($0).minY } == [0, 20, 60, 120])
        let rows = [-5, 0, 19, 20, 59, 60, 119, 120, 199, 200, 1_000].map { step.findRow(forOffsetY: CGFloat($0)) }
        #expect(rows == [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4])
    }

    /// Scrolling down and back up, rows that leave give their cells to the pool and new rows take them:
    /// a screenful of cells serves the whole session, and every cell is on screen or in the pool.
    @Test func aScreenfulOfCellsServesTheSession() {
        let model = LadderModel(rowsPerSection: [2_000])
        let step = stepTable(model)
        for y in sessionOffsets(contentHeight: step.contentSize.height, model: model) {
            step.contentOffset.y = y
            #expect(step.subviews.count == step.visibleRows.count)
            #expect(step.visibleCells.count == step.visibleRows.count)
        }
        #expect(model.stepCellsCreated < 20, "\(model.stepCellsCreated) cells for the session")
        #expect(model.stepCellsCreated == step.visibleCells.count + step.pooledCellCount)
    }

    /// A dequeue takes only a cell with the identifier asked for, and prepares it for reuse.
    @Test func thePoolIsKeyedByIdentifier() {
        let model = LadderModel(rowsPerSection: [50])
        let step = stepTable(model)
        #expect(step.dequeueReusableCell(withIdentifier: "cell") == nil, "nothing left the screen yet")
        step.contentOffset.y = 600
        #expect(step.dequeueReusableCell(withIdentifier: "other") == nil)
        #expect(step.dequeueReusableCell(withIdentifier: "cell")?.reuseIdentifier == "cell")
    }

    /// The article's one change: a row's new height moves every later row; the screen follows, as the
    /// engine's `row(_:changedHeight:)` does.
    @Test func aChangedHeightMovesTheRowsBelow() {
        let model = LadderModel(rowsPerSection: [100])
        let step = stepTable(model)
        let engine = model.engineTable()
        for (row, height) in [(2, 150.0), (0, 5.0), (99, 70.0), (3, 20.0)] {
            step.row(row, changedHeight: height)
            engine.row(IndexPath(row: row, section: 0), changedHeight: height)
            #expect(step.contentSize.height == engine.contentSize.height)
            #expect(difference(screen(step), engineScreen(engine)) == nil, "after row \(row) became \(height)")
        }
    }
}
