// Step 4, estimated heights (Sources/Steps/Step4): the same rows, frames and offsets as the engine's table
// with estimates along a scripted session, only the rows on screen measured, and the reader kept still
// while rows above are measured.

import Foundation
import ReuseTable
import Step4
import Testing

extension StepTable: LadderStepTable {}

@MainActor
@Suite struct Step4Tests {
    func stepTable(_ model: LadderModel, estimate: CGFloat = 50) -> StepTable {
        model.ladderTable(StepTable(frame: ladderFrame)) { ($0.estimatedRowHeight, $0.dataSource) = (estimate, model) }
    }

    /// Along a session of scrolls, jumps, the end and back up, the step measures the same rows as the engine,
    /// moves its offset the same way, and shows the same rows and headers at the same frames.
    @Test(arguments: [20.0, 50.0, 200.0]) func showsWhatTheEngineShowsAlongASession(estimate: Double) {
        let model = LadderModel(rowsPerSection: [30, 0, 45, 12, 60], headers: true)
        let step = stepTable(model, estimate: CGFloat(estimate))
        let engine = model.engineTable { $0.estimatedRowHeight = CGFloat(estimate) }
        for y in [0] + sessionOffsets(contentHeight: step.contentSize.height, model: model) {
            step.contentOffset.y = y
            engine.contentOffset.y = y
            let state = "offset \(y) (step at \(step.contentOffset.y), engine at \(engine.contentOffset.y))"
            guard step.contentOffset == engine.contentOffset, step.contentSize == engine.contentSize else {
                Issue.record("\(state): content \(step.contentSize.height) and \(engine.contentSize.height)")
                return
            }
            if let problem = difference(stepScreen(step), engineScreen(engine)) {
                Issue.record("\(state): \(problem)")
                return
            }
            for section in 0..<model.sections.count where step.headerView(forSection: section)?.frame != engine.headerView(forSection: section)?.frame
            {
                Issue.record("\(state): header \(section) differs")
                return
            }
        }
    }

    /// A reload asks the heights of the rows that fill the viewport and no others.
    @Test func aReloadMeasuresOnlyTheRowsOnScreen() {
        let model = LadderModel(rowsPerSection: [1_000])
        let step = stepTable(model)
        #expect(step.numberOfRows(inSection: 0) - step.estimatedRowCount == step.indexPathsForVisibleRows.count)
        let last = step.indexPathsForVisibleRows.last.map { step.rectForRow(at: $0) }
        #expect(last.map { $0.minY < 200 && $0.maxY >= 200 } == true, "the last measured row reaches the bottom edge")
    }

    /// Scrolling up into estimated rows, every row measured above the reader moves the offset by its
    /// change: a row on screen before a step is where the step's distance says it should be after it.
    @Test func scrollingUpIntoEstimatesKeepsTheReaderStill() {
        let model = LadderModel(rowsPerSection: [400])
        let step = stepTable(model)
        step.contentOffset.y = 10_000
        var moved = 0
        for _ in 0..<100 {
            let top = step.contentOffset.y
            let row = step.indexPathsForVisibleRows[0]
            let screenY = step.rectForRow(at: row).minY - top
            let measuredBefore = step.estimatedRowCount
            step.contentOffset.y = top - 17
            #expect(step.rectForRow(at: row).minY - step.contentOffset.y == screenY + 17, "row \(row) jumped")
            if step.estimatedRowCount < measuredBefore && step.contentOffset.y != top - 17 { moved += 1 }
        }
        #expect(moved > 10, "rows above were measured and the offset followed \(moved) times")
    }

    /// After every row was shown once, the content is as tall as with every height asked up front.
    @Test func theContentSizeConvergesToTheExactOne() {
        let model = LadderModel(rowsPerSection: [50, 80], headers: true)
        let step = stepTable(model)
        let exact = stepTable(model, estimate: 0)
        var y: CGFloat = 0
        while step.estimatedRowCount > 0 {
            step.contentOffset.y = y
            y += 150
        }
        #expect(step.contentSize == exact.contentSize)
        #expect(step.contentSize.height != 130 * 50 + model.headerHeights.reduce(0, +))
    }
}

extension LadderModel: StepTableDataSource {
    func numberOfSections(in tableView: StepTable) -> Int { sections.count }
    func tableView(_ tableView: StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { height(at: indexPath, in: tableView) }
    func tableView(_ tableView: StepTable, heightForHeaderInSection section: Int) -> CGFloat { headerHeights[section] }
    func tableView(_ tableView: StepTable, viewForHeaderInSection section: Int) -> View? { headerView(section) }
}
