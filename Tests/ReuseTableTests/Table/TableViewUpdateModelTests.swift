import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Rows with identities, so a test can tell a moved row from a new one.
struct ModelRow: Equatable { var id: Int; var height: Double }

final class IdentityCell: TableViewCell {
    var rowID = -1
    var fitting: CGFloat = 0
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: fitting) }
}

/// The obviously correct model: arrays of rows, changed by UIKit's batch rules.
@MainActor
final class BatchModel: TableViewDataSource, TableViewDelegate {
    enum Mode: CaseIterable { case exact, estimated, selfSizing }
    var sections: [[ModelRow]]
    var headers: [Double]
    let mode: Mode
    var askedIDs: [Int] = []
    var nextID = 0
    /// Old id → new id of every row reloaded by the batches made so far (selection follows a reloaded row).
    var reloadedIDs: [Int: Int] = [:]

    init(mode: Mode, rng: inout SplitMix64) {
        self.mode = mode
        sections = []
        headers = []
        for _ in 0..<Int.random(in: 0...5, using: &rng) { appendFreshSection(at: sections.count, rng: &rng) }
    }

    func freshRows(_ count: Int, rng: inout SplitMix64) -> [ModelRow] {
        (0..<count).map { _ in
            nextID += 1
            return ModelRow(id: nextID, height: Double(Int.random(in: 1...120, using: &rng)) / 2)
        }
    }

    func appendFreshSection(at index: Int, rng: inout SplitMix64) {
        sections.insert(freshRows(Int.random(in: 0...25, using: &rng), rng: &rng), at: index)
        headers.insert(Bool.random(using: &rng) ? Double(Int.random(in: 1...20, using: &rng)) : 0, at: index)
    }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath) as! IdentityCell
        let row = sections[indexPath.section][indexPath.row]
        cell.rowID = row.id
        cell.fitting = CGFloat(row.height)
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        guard mode != .selfSizing else {
            tableView.noteDefault(.rowHeight, of: self)
            return tableView.rowHeight
        }
        let row = sections[indexPath.section][indexPath.row]
        askedIDs.append(row.id)
        return CGFloat(row.height)
    }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat { CGFloat(headers[section]) }

    /// The height the table should hold for a row once measured.
    func measuredHeight(_ row: ModelRow) -> Double { mode == .selfSizing ? row.height + 0.5 : row.height }

    /// Makes a random batch against the current model, returns the calls to make, and moves the model to its new state.
    func randomBatch(rng: inout SplitMix64) -> (calls: [(TableView) -> Void], freshIDs: Set<Int>) {
        let oldHeaders = headers
        var freshHeaders: [Int: Double] = [:]
        let shape = RandomBatchShape(
            sections, id: \.id, rng: &rng,
            deletedSectionCount: { Int.random(in: 0...1, using: &$0) == 0 ? 0 : Int.random(in: 0...2, using: &$0) },
            reloadedSectionCount: { Int.random(in: 0...3, using: &$0) == 0 ? 1 : 0 }, rowChoices: 12,
            reloaded: { row, rng in
                var replaced = freshRows(1, rng: &rng)[0]
                replaced.height = Bool.random(using: &rng) ? row.height : replaced.height
                reloadedIDs[row.id] = replaced.id
                return replaced
            },
            freshSection: { position, rng in
                let rows = freshRows(Int.random(in: 0...20, using: &rng), rng: &rng)
                freshHeaders[position] = Double(Int.random(in: 0...10, using: &rng))
                return rows
            },
            insertedCount: { Int.random(in: 0...1, using: &$0) == 0 ? Int.random(in: 0...3, using: &$0) : 0 },
            freshRows: { freshRows($0, rng: &$1) })
        let (deletedSections, reloadedSections, insertedSections) = (shape.deletedSections, shape.reloadedSections, shape.insertedSections)
        let (deletedRows, reloadedRows, insertedRows, moveCalls) = (shape.deletedRows, shape.reloadedRows, shape.insertedRows, shape.moveCalls)
        let freshIDs = shape.freshIDs
        sections = shape.newSections
        headers = shape.newSources.enumerated().map { freshHeaders[$0.offset] ?? oldHeaders[$0.element!] }

        var calls: [(TableView) -> Void] = []
        if !deletedSections.isEmpty { calls.append { $0.deleteSections(IndexSet(deletedSections), with: .automatic) } }
        if !reloadedSections.isEmpty { calls.append { $0.reloadSections(IndexSet(reloadedSections), with: .fade) } }
        for (from, to) in zip(shape.movedFrom, shape.movedTo) { calls.append { $0.moveSection(from, toSection: to) } }
        if !insertedSections.isEmpty { calls.append { $0.insertSections(IndexSet(insertedSections), with: .automatic) } }
        // Each call lists its index paths in a seeded random order: the batch must not depend on it.
        let deletedOrder = deletedRows.shuffled(using: &rng), reloadedOrder = reloadedRows.shuffled(using: &rng)
        let insertedOrder = insertedRows.shuffled(using: &rng)
        if !deletedRows.isEmpty { calls.append { $0.deleteRows(at: deletedOrder, with: .left) } }
        if !reloadedRows.isEmpty { calls.append { $0.reloadRows(at: reloadedOrder, with: .none) } }
        for (from, to) in moveCalls { calls.append { $0.moveRow(at: from, to: to) } }
        if !insertedRows.isEmpty { calls.append { $0.insertRows(at: insertedOrder, with: .right) } }
        return (calls.shuffled(using: &rng), freshIDs)
    }
}

@MainActor
@Suite struct TableViewUpdateModelTests {
    static let batchesPerMode = 700

    @Test(arguments: BatchModel.Mode.allCases)
    func randomBatchesMatchTheArrayModel(mode: BatchModel.Mode) {
        var rng = SplitMix64(seed: 0xBA7C4 &+ UInt64(BatchModel.Mode.allCases.firstIndex(of: mode)!))
        var batches = 0
        while batches < Self.batchesPerMode {
            let model = BatchModel(mode: mode, rng: &rng)
            let table = TableView(frame: CGRect(x: 0, y: 0, width: 300, height: CGFloat(Int.random(in: 40...400, using: &rng))))
            table.register(IdentityCell.self, forCellReuseIdentifier: "row")
            table.dataSource = model
            table.delegate = model
            table.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
            switch mode {
            case .exact: break
            case .estimated: table.estimatedRowHeight = 17
            case .selfSizing: table.rowHeight = TableView.automaticDimension
            }
            table.reloadData()
            for _ in 0..<30 {
                table.contentOffset.y = CGFloat(Int.random(in: -20...Int(table.contentSize.height) + 20, using: &rng))
                model.askedIDs.removeAll()
                let (calls, freshIDs) = model.randomBatch(rng: &rng)
                var completed = false
                table.performBatchUpdates({ for call in calls { call(table) } }, completion: { completed = $0 })
                #expect(completed)
                batches += 1
                if mode == .exact {
                    #expect(Set(model.askedIDs) == freshIDs, "only inserted and reloaded rows are asked")
                    #expect(model.askedIDs.count == freshIDs.count, "each at most once")
                }
                checkTable(table, model)
                if mode == .selfSizing { checkCacheNeverStale(table, model) }
            }
        }
    }

    func checkTable(_ table: TableView, _ model: BatchModel, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(table.numberOfSections == model.sections.count, sourceLocation: sourceLocation)
        var y = 0.0
        var expectedVisible: [IndexPath] = []
        let top = Double(table.contentOffset.y), bottom = top + Double(table.bounds.height)
        for (s, rows) in model.sections.enumerated() {
            #expect(table.numberOfRows(inSection: s) == rows.count, sourceLocation: sourceLocation)
            #expect(Double(table.rectForHeader(inSection: s).minY) == y, sourceLocation: sourceLocation)
            y += model.headers[s]
            for (r, row) in rows.enumerated() {
                let indexPath = IndexPath(row: r, section: s)
                let measured = table.geometry.slot(at: table.slotIndex(forRow: indexPath)).isMeasured
                let height = measured ? model.measuredHeight(row) : 17
                #expect(
                    table.rectForRow(at: indexPath) == CGRect(x: 0, y: y, width: 300, height: height),
                    "row \(indexPath) id \(row.id)", sourceLocation: sourceLocation)
                if height > 0, y < bottom, y + height > top { expectedVisible.append(indexPath) }
                y += height
            }
        }
        #expect(Double(table.contentSize.height) == y, sourceLocation: sourceLocation)
        #expect(table.indexPathsForVisibleRows == expectedVisible, sourceLocation: sourceLocation)
        for indexPath in expectedVisible {
            let cell = table.cellForRow(at: indexPath) as? IdentityCell
            #expect(
                cell?.rowID == model.sections[indexPath.section][indexPath.row].id,
                "cell at \(indexPath) shows the right row", sourceLocation: sourceLocation)
        }
        #expect(
            table.contentOffset.y <= max(0, table.contentSize.height - table.bounds.height) || table.contentOffset.y <= 0,
            sourceLocation: sourceLocation)
    }

    /// Every cached height is exactly right for its row at this width, or absent — never stale.
    func checkCacheNeverStale(_ table: TableView, _ model: BatchModel, sourceLocation: SourceLocation = #_sourceLocation) {
        for (s, rows) in model.sections.enumerated() {
            for (r, row) in rows.enumerated() {
                if let cached = table.indexPathHeightCache.storedHeight(at: IndexPath(row: r, section: s), width: 300) {
                    #expect(Double(cached) == model.measuredHeight(row), "stale cache at \(s),\(r)", sourceLocation: sourceLocation)
                }
            }
        }
    }
}
