// Step 5, the height tree (Sources/Steps/Step5): the same rows, frames and offsets as the engine's table with
// exact and estimated heights; the tree against an array of heights under random changes; a reload of
// 10^8 estimated rows that keeps a handful of runs.

import Foundation
import ReuseTable
import SeededRandom
@testable import Step5
import Testing

extension StepTable: LadderStepTable {}

@MainActor
@Suite struct Step5Tests {
    func stepTable(_ model: LadderModel, estimate: CGFloat) -> StepTable {
        model.ladderTable(StepTable(frame: ladderFrame)) { ($0.estimatedRowHeight, $0.dataSource) = (estimate, model) }
    }

    /// With exact heights and with estimates, along a session of scrolls and jumps and a few changed heights,
    /// the step and the engine agree on the offset, the content size, the rows, the frames and the headers.
    @Test(arguments: [0.0, 20.0, 50.0, 200.0]) func showsWhatTheEngineShowsAlongASession(estimate: Double) {
        let model = LadderModel(rowsPerSection: [30, 0, 45, 12, 60], headers: true)
        let step = stepTable(model, estimate: CGFloat(estimate))
        let engine = model.engineTable { $0.estimatedRowHeight = CGFloat(estimate) }
        for (number, y) in ([0] + sessionOffsets(contentHeight: step.contentSize.height, model: model)).enumerated() {
            step.contentOffset.y = y
            engine.contentOffset.y = y
            if number % 20 == 19, let row = step.indexPathsForVisibleRows.dropFirst().first {
                let height = CGFloat(10 + number)  // a row below the first on screen: neither table moves the offset
                step.row(row, changedHeight: height)
                engine.row(row, changedHeight: height)
            }
            let state = "offset \(y) (step at \(step.contentOffset.y), engine at \(engine.contentOffset.y))"
            guard step.contentOffset == engine.contentOffset, step.contentSize == engine.contentSize else {
                Issue.record("\(state): content \(step.contentSize.height) and \(engine.contentSize.height)")
                return
            }
            if let problem = difference(stepScreen(step), engineScreen(engine)) {
                Issue.record("\(state): \(problem)")
                return
            }
            for section in 0..<model.sections.count
            where step.headerView(forSection: section)?.frame != engine.headerView(forSection: section)?.frame {
                Issue.record("\(state): header \(section) differs")
                return
            }
        }
    }

    /// The tree against an array of heights: after each random change, every slot's offset, height and
    /// measured flag, the slot at random offsets, and the totals agree.
    @Test func theTreeAnswersAsAnArrayOfHeightsDoes() {
        var tree = HeightRuns()
        var heights: [(CGFloat, Bool)] = []
        var generator = SplitMix64(seed: 5)
        for _ in 0..<12 {
            let count = generator.below(40)
            let height = CGFloat(generator.below(4) * 10)
            let measured = generator.below(2) == 0
            tree.append(count: count, height: height, isMeasured: measured)
            heights += Array(repeating: (height, measured), count: count)
        }
        for round in 0..<300 {
            let index = generator.below(heights.count)
            let height = CGFloat(generator.below(6) * 7)
            tree.setHeight(height, at: index)
            heights[index] = (height, true)
            guard round % 30 == 0 else { continue }
            var y: CGFloat = 0
            for (index, slot) in heights.enumerated() {
                #expect(tree.offset(of: index) == y && tree.slot(index) == slot, "slot \(index) after \(round) changes")
                y += slot.0
            }
            #expect(tree.totalHeight == y && tree.count == heights.count)
            #expect(tree.estimatedCount == heights.filter { !$0.1 }.count)
            for probe in [-3, 0, 1, 99, 250, Int(y) - 1, Int(y), Int(y) + 5] {
                let expected = heights.indices.first { tree.offset(of: $0) + heights[$0].0 > CGFloat(probe) } ?? heights.count
                #expect(tree.firstSlot(endingBelow: CGFloat(probe)) == expected, "offset \(probe)")
            }
        }
    }

    /// A reload of 10^8 estimated rows appends two runs; measuring the first screen cuts a few more: the
    /// geometry stays a handful of nodes, however many rows.
    @Test func aHundredMillionEstimatedRowsAreAFewRuns() {
        let step = StepTable(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        let source = HugeSource(rows: 100_000_000)
        step.estimatedRowHeight = 50
        step.dataSource = source
        step.reloadData()
        #expect(step.numberOfRows(inSection: 0) == 100_000_000)
        #expect(step.tree.runCount < 20, "\(step.tree.runCount) nodes")
        step.contentOffset.y = 2_500_000_000
        // The first screen measured rows 0 to 6 at 30 points, 20 less than the estimate: row k ≥ 7 starts at
        // 50k − 140, so row 50,000,002 spans the top edge; measured there (30 points, its top kept) it ends
        // above it, and the first row on screen is the next.
        #expect(step.rectForRow(at: IndexPath(row: 50_000_002, section: 0)) == CGRect(x: 0, y: 2_499_999_960, width: 320, height: 30))
        #expect(step.indexPathsForVisibleRows.first == IndexPath(row: 50_000_003, section: 0))
        #expect(step.tree.runCount < 40)
        #expect(step.estimatedRowCount > 99_999_900)
    }

    /// Rows 30 points tall, a hundred million of them, cells from the pool.
    final class HugeSource: StepTableDataSource {
        let rows: Int
        init(rows: Int) { self.rows = rows }
        func tableView(_ tableView: StepTable, numberOfRowsInSection section: Int) -> Int { rows }
        func tableView(_ tableView: StepTable, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "cell") ?? LadderCell(reuseIdentifier: "cell")
        }
        func tableView(_ tableView: StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { 30 }
    }
}

extension LadderModel: StepTableDataSource {
    func numberOfSections(in tableView: StepTable) -> Int { sections.count }
    func tableView(_ tableView: StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { height(at: indexPath, in: tableView) }
    func tableView(_ tableView: StepTable, heightForHeaderInSection section: Int) -> CGFloat { headerHeights[section] }
    func tableView(_ tableView: StepTable, viewForHeaderInSection section: Int) -> View? { headerView(section) }
}
