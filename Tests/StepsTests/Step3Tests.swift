// Step 3, heights measured and cached (Sources/Steps/Step3): the same rows and frames as the engine's table
// through inserts, deletes, moves, reloads and width changes with heights cached by index path and by key;
// what each change measures again; the index-path cache following changes on its own.

import Foundation
import ReuseTable
import Step3
import Testing

extension StepTable: LadderStepTable {}

@MainActor
@Suite struct Step3Tests {
    func stepTable(_ model: LadderModel) -> StepTable {
        model.ladderTable(StepTable(frame: ladderFrame)) { $0.dataSource = model }
    }

    /// One change of the session: what it does to the model, then to a table of either kind.
    struct Change {
        var name: String
        var model: (LadderModel) -> Void
        var step: (StepTable) -> Void
        var engine: (TableView) -> Void
    }

    /// The session's changes: unsorted inserts and deletes, moves across sections and far apart, a reload of
    /// a row whose text changed, a new width and the old one back.
    func changes(keyed: Bool) -> [Change] {
        let a = IndexPath(row: 3, section: 0), b = IndexPath(row: 1, section: 0), c = IndexPath(row: 5, section: 2)
        let d = IndexPath(row: 9, section: 1), e = IndexPath(row: 0, section: 2), f = IndexPath(row: 4, section: 0)
        return [
            Change(
                name: "insert \([a, b, c])", model: { m in for p in [b, a, c] { m.sections[p.section].insert(m.makeItem(), at: p.row) } },
                step: { $0.insertRows(at: [a, b, c]) }, engine: { $0.insertRows(at: [a, b, c], with: .none) }),
            Change(
                name: "delete \([c, b, d])", model: { m in for p in [c, d, b] { m.sections[p.section].remove(at: p.row) } },
                step: { $0.deleteRows(at: [c, b, d]) }, engine: { $0.deleteRows(at: [c, b, d], with: .none) }),
            Change(
                name: "move \(f) to \(c)", model: { m in m.sections[c.section].insert(m.sections[f.section].remove(at: f.row), at: c.row) },
                step: { $0.moveRow(at: f, to: c) }, engine: { $0.moveRow(at: f, to: c) }),
            Change(
                name: "move \(e) to \(a)", model: { m in m.sections[a.section].insert(m.sections[e.section].remove(at: e.row), at: a.row) },
                step: { $0.moveRow(at: e, to: a) }, engine: { $0.moveRow(at: e, to: a) }),
            Change(
                name: "reload \(a) with a longer text", model: { m in m.sections[a.section][a.row].length += 70 },
                step: { step in
                    if keyed { step.keyedHeightCache.invalidateHeight(forKey: Self.key(of: step, at: a)) }
                    step.reloadRows(at: [a])
                },
                engine: { engine in
                    if keyed { engine.keyedHeightCache.invalidateHeight(forKey: Self.key(of: engine, at: a)) }
                    engine.reloadRows(at: [a], with: .none)
                }),
            Change(name: "width 250", model: { _ in }, step: { Self.resize($0, 250) }, engine: { Self.resize($0, 250) }),
            Change(name: "width 320", model: { _ in }, step: { Self.resize($0, 320) }, engine: { Self.resize($0, 320) }),
        ]
    }

    static func key(of table: StepTable, at indexPath: IndexPath) -> AnyHashable {
        ((table.dataSource as? LadderModel)?.item(at: indexPath).key)!
    }
    static func key(of table: TableView, at indexPath: IndexPath) -> AnyHashable {
        ((table.dataSource as? LadderModel)?.item(at: indexPath).key)!
    }
    static func resize(_ view: ScrollView, _ width: CGFloat) {
        view.frame.size.width = width
        view.layoutIfNeeded()
    }

    /// After every change of the session, at offsets from the top to the end, the step shows exactly the
    /// rows the engine shows, at the same frames.
    @Test(arguments: [false, true]) func showsWhatTheEngineShowsThroughEveryChange(keyed: Bool) {
        let model = LadderModel(rowsPerSection: [30, 20, 40], headers: true)
        model.heights = keyed ? .cachedByKey : .cachedByIndexPath
        let step = stepTable(model)
        let engine = model.engineTable()
        for change in [Change(name: "nothing", model: { _ in }, step: { _ in }, engine: { _ in })] + changes(keyed: keyed) {
            change.model(model)
            change.step(step)
            change.engine(engine)
            #expect(step.contentSize.height == engine.contentSize.height, "after \(change.name)")
            for y in sessionOffsets(contentHeight: step.contentSize.height, model: model).prefix(70) {
                step.contentOffset.y = y
                engine.contentOffset.y = y
                if let problem = difference(stepScreen(step), engineScreen(engine)) {
                    Issue.record("after \(change.name), at offset \(y): \(problem)")
                    return
                }
            }
        }
    }

    /// A measured height is never measured again unless its row changed, its width is new, or it was
    /// forgotten: scrolling measures nothing, an insert measures the new rows, a width seen before nothing.
    @Test func eachChangeMeasuresOnlyWhatItMustAgain() {
        let model = LadderModel(rowsPerSection: [30, 20, 40])
        model.heights = .cachedByIndexPath
        let step = stepTable(model)
        func measured(_ body: () -> Void) -> Int {
            let before = step.heightsMeasured
            body()
            return step.heightsMeasured - before
        }
        #expect(step.heightsMeasured == 90, "the reload measures every row once")
        #expect(measured { for y in stride(from: 0, to: 2_000, by: 37) { step.contentOffset.y = CGFloat(y) } } == 0)
        let inserted = [IndexPath(row: 5, section: 2), IndexPath(row: 0, section: 1)]
        for indexPath in inserted.reversed() { model.sections[indexPath.section].insert(model.makeItem(), at: indexPath.row) }
        #expect(measured { step.insertRows(at: inserted) } == 2, "an insert measures the new rows only")
        model.sections[0].removeFirst()
        #expect(measured { step.deleteRows(at: [IndexPath(row: 0, section: 0)]) } == 0)
        #expect(measured { Self.resize(step, 250) } == 91, "a new width measures every row")
        #expect(measured { Self.resize(step, 320) } == 0, "the old width's heights are kept")
        #expect(measured { step.reloadData() } == 91, "a reload forgets them")
        #expect(measured { step.reloadDataWithoutInvalidatingHeightCache() } == 0)
    }

    /// The index-path cache alone: unsorted inserts and deletes, a move across sections, two widths.
    @Test func theIndexPathCacheFollowsTheRows() {
        let model = LadderModel(rowsPerSection: [1])
        let step = stepTable(model)
        let cache = step.indexPathHeightCache
        cache.invalidateAll()
        func p(_ row: Int, _ section: Int) -> IndexPath { IndexPath(row: row, section: section) }
        func heights(_ section: Int, width: CGFloat = 320) -> [CGFloat?] { (0..<6).map { cache.height(at: p($0, section), width: width) } }
        let fill: [(IndexPath, CGFloat)] = (0..<5).map { (p($0, 0), CGFloat($0 + 1)) } + (0..<3).map { (p($0, 1), CGFloat($0 + 11)) }
        for (indexPath, height) in fill {
            _ = step.heightForCell(withIdentifier: "cell", cacheBy: indexPath) {
                ($0 as? LadderCell)?.item = LadderItem(key: 0, length: Int(height) * 32)
            }
        }
        #expect(heights(0) == [20, 40, 60, 80, 100, nil])
        step.deleteRows(at: [p(3, 0), p(0, 0)])  // unsorted, both in the old index space
        #expect(heights(0) == [40, 60, 100, nil, nil, nil])
        step.insertRows(at: [p(2, 0), p(0, 0)])  // unsorted, both in the new index space
        #expect(heights(0) == [nil, 40, nil, 60, 100, nil])
        step.moveRow(at: p(1, 0), to: p(1, 1))  // across sections: a remove and an insert, never a swap
        #expect(heights(0) == [nil, nil, 60, 100, nil, nil])
        #expect(heights(1) == [220, 40, 240, 260, nil, nil])
        #expect(heights(0, width: 250) == [nil, nil, nil, nil, nil, nil], "nothing measured at that width")
    }
}

extension LadderModel: StepTableDataSource {
    func numberOfSections(in tableView: StepTable) -> Int { sections.count }
    func tableView(_ tableView: StepTable, heightForRowAt indexPath: IndexPath) -> CGFloat { height(at: indexPath, in: tableView) }
    func tableView(_ tableView: StepTable, heightForHeaderInSection section: Int) -> CGFloat { headerHeights[section] }
    func tableView(_ tableView: StepTable, viewForHeaderInSection section: Int) -> View? { headerView(section) }
}
