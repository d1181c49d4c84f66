// Step 2, sections and sticky headers (Sources/Steps/Step2): the same rows, headers and frames as the
// engine's plain table along a scripted session, and where the header at the top sticks.

import Foundation
import ReuseTable
import Step2
import Testing

extension LadderModel: StepTableDataSource {
    func numberOfSections(in tableView: StepTable) -> Int { sections.count }
    func tableView(_ tableView: StepTable, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: StepTable, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        stepCell(tableView.dequeueReusableCell(withIdentifier: "cell"), showing: item(at: indexPath))
    }
    func tableView(_ tableView: StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { computedHeight(item(at: indexPath)) }
    func tableView(_ tableView: StepTable, heightForHeaderInSection section: Int) -> CGFloat { headerHeights[section] }
    func tableView(_ tableView: StepTable, viewForHeaderInSection section: Int) -> View? {
        headerHeights[section] > 0 ? View() : nil
    }
}

@MainActor
@Suite struct Step2Tests {
    func stepTable(_ model: LadderModel) -> StepTable {
        let table = StepTable(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        table.dataSource = model
        table.reloadData()
        return table
    }

    /// Sections of every shape: long, short, empty, one without a header.
    func model() -> LadderModel {
        let model = LadderModel(rowsPerSection: [12, 3, 0, 1, 25, 7, 0, 40, 2, 30], headers: true)
        model.headerHeights[3] = 0
        return model
    }

    func stepScreen(_ table: StepTable) -> Screen {
        table.indexPathsForVisibleRows.map { ($0, table.cellForRow(at: $0)?.frame ?? .null) }
    }

    /// The header frames each table shows, section by section (nil: not on screen).
    func headers(_ count: Int, _ frame: (Int) -> CGRect?) -> [CGRect?] { (0..<count).map(frame) }

    /// Along a session of scrolls and jumps, the step shows exactly the rows and headers the engine shows.
    @Test func showsWhatTheEngineShowsAlongASession() {
        let model = model()
        let step = stepTable(model)
        let engine = model.engineTable()
        #expect(step.contentSize.height == engine.contentSize.height)
        let count = model.sections.count
        for y in sessionOffsets(contentHeight: step.contentSize.height, model: model) {
            step.contentOffset.y = y
            engine.contentOffset.y = y
            if let problem = difference(stepScreen(step), engineScreen(engine)) {
                Issue.record("offset \(y): \(problem)")
                return
            }
            let mine = headers(count) { step.headerView(forSection: $0)?.frame }
            let theirs = headers(count) { engine.headerView(forSection: $0)?.frame }
            guard mine == theirs else {
                Issue.record("offset \(y): headers \(mine) in the step, \(theirs) in the engine")
                return
            }
        }
    }

    /// The header of the section at the top sticks to the top edge, and its section's end pushes it up.
    @Test func theHeaderAtTheTopSticksUntilItsSectionEnds() {
        let model = LadderModel(rowsPerSection: [5, 5], headers: true)
        model.headerHeights = [30, 30]
        model.sections = model.sections.map { $0.map { LadderItem(key: $0.key, length: 1) } }  // rows 20 tall
        let step = stepTable(model)  // section 0: header 0..<30, rows 30..<130; section 1 from 130
        step.contentOffset.y = 50
        #expect(step.headerView(forSection: 0)?.frame.minY == 50, "stuck at the top edge")
        #expect(step.headerView(forSection: 1)?.frame.minY == 130, "the next header at its place")
        #expect(step.subviews.last === step.headerView(forSection: 0), "the sticky header above the rows")
        step.contentOffset.y = 110
        #expect(step.headerView(forSection: 0)?.frame.minY == 100, "pushed up by the section's end")
        step.contentOffset.y = 140
        #expect(step.headerView(forSection: 0) == nil, "its section left the screen")
        #expect(step.headerView(forSection: 1)?.frame.minY == 140)
        step.contentOffset.y = 0
        #expect(step.headerView(forSection: 0)?.frame.minY == 0)
        #expect(step.headerView(forSection: 1)?.frame.minY == 130)
    }

    /// The search over sections: the first whose end is below the offset; an empty section has no extent.
    @Test func findSectionIsTheFirstSectionEndingBelowTheOffset() {
        let model = LadderModel(rowsPerSection: [2, 0, 2], headers: true)
        model.headerHeights = [10, 10, 10]
        model.sections = model.sections.map { $0.map { LadderItem(key: $0.key, length: 1) } }
        let step = stepTable(model)  // 0..<50, 50..<60, 60..<110
        #expect([0, 49, 50, 59, 60, 109, 110].map { step.findSection(forOffsetY: CGFloat($0)) } == [0, 0, 1, 1, 2, 2, 3])
        #expect(step.rectForRow(at: IndexPath(row: 1, section: 2)) == CGRect(x: 0, y: 90, width: 320, height: 20))
    }

    /// A changed height moves the later rows and sections, headers included, as the engine's does (for rows
    /// below the first on screen: the engine keeps that one still, which step 4 explains).
    @Test func aChangedHeightMovesLaterSections() {
        let model = model()
        let step = stepTable(model)
        let engine = model.engineTable()
        let y = step.rectForHeader(inSection: 1).minY - 100  // section 1's header mid-screen
        step.contentOffset.y = y
        engine.contentOffset.y = y
        let lastOfSection0 = IndexPath(row: 11, section: 0)
        #expect(step.indexPathsForVisibleRows.dropFirst().contains(lastOfSection0))
        for height in [150.0, 5.0, 60.0] {
            step.row(lastOfSection0, changedHeight: height)
            engine.row(lastOfSection0, changedHeight: height)
            #expect(step.contentSize.height == engine.contentSize.height)
            #expect(difference(stepScreen(step), engineScreen(engine)) == nil, "after the row became \(height)")
            #expect(step.headerView(forSection: 1)?.frame == engine.headerView(forSection: 1)?.frame)
            #expect(step.headerView(forSection: 1)?.frame.minY == step.rectForRow(at: lastOfSection0).maxY)
        }
    }
}
