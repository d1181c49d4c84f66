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
            tableView.noteDefaultImplementation(.row)
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
        let old = sections, oldHeaders = headers
        let oldCount = old.count
        var indices = Array(0..<oldCount).shuffled(using: &rng)
        func take(_ n: Int) -> [Int] { let t = Array(indices.prefix(n)); indices.removeFirst(min(n, indices.count)); return t }
        let deletedSections = take(Int.random(in: 0...1, using: &rng) == 0 ? 0 : Int.random(in: 0...2, using: &rng))
        let reloadedSections = take(Int.random(in: 0...3, using: &rng) == 0 ? 1 : 0)
        let movedFrom = take(Int.random(in: 0...3, using: &rng) == 0 ? Int.random(in: 1...2, using: &rng) : 0)
        let insertedCount = Int.random(in: 0...2, using: &rng) == 0 ? Int.random(in: 1...2, using: &rng) : 0
        let newCount = oldCount - deletedSections.count + insertedCount
        var positions = Array(0..<newCount).shuffled(using: &rng)
        let insertedSections = Array(positions.prefix(insertedCount)); positions.removeFirst(insertedCount)
        let movedTo = Array(positions.prefix(movedFrom.count))

        // Rows: old-space changes in sections that stay (survivors or moved).
        var deletedRows: [IndexPath] = [], reloadedRows: [IndexPath] = [], movedRows: [(IndexPath, Int)] = []
        var freshIDs = Set<Int>()
        var keptRows: [Int: [ModelRow]] = [:]  // old section -> rows that stay (reloaded ones replaced)
        for s in 0..<oldCount where !deletedSections.contains(s) && !reloadedSections.contains(s) {
            var kept: [ModelRow] = []
            for (r, row) in old[s].enumerated() {
                switch Int.random(in: 0..<12, using: &rng) {
                case 0: deletedRows.append(IndexPath(row: r, section: s))
                case 1:
                    reloadedRows.append(IndexPath(row: r, section: s))
                    var replaced = freshRows(1, rng: &rng)[0]
                    replaced.height = Bool.random(using: &rng) ? row.height : replaced.height
                    freshIDs.insert(replaced.id)
                    reloadedIDs[row.id] = replaced.id
                    kept.append(replaced)
                case 2: movedRows.append((IndexPath(row: r, section: s), -1))
                default: kept.append(row)
                }
            }
            keptRows[s] = kept
        }
        // New sections: place inserted, moved and surviving sections.
        var newSources = [Int?](repeating: nil, count: newCount)  // old section or nil (fresh)
        var fresh = Set(insertedSections)
        for (from, to) in zip(movedFrom, movedTo) { newSources[to] = from }
        var free = (0..<newCount).filter { !fresh.contains($0) && !movedTo.contains($0) }.makeIterator()
        for s in 0..<oldCount where !deletedSections.contains(s) && !movedFrom.contains(s) {
            let position = free.next()!
            if reloadedSections.contains(s) { fresh.insert(position) } else { newSources[position] = s }
        }
        var newSections = [[ModelRow]](repeating: [], count: newCount)
        var newHeaders = [Double](repeating: 0, count: newCount)
        let stable = (0..<newCount).filter { !fresh.contains($0) }
        for position in 0..<newCount {
            if fresh.contains(position) {
                newSections[position] = freshRows(Int.random(in: 0...20, using: &rng), rng: &rng)
                freshIDs.formUnion(newSections[position].map(\.id))
                newHeaders[position] = Double(Int.random(in: 0...10, using: &rng))
            } else {
                newHeaders[position] = oldHeaders[newSources[position]!]
            }
        }
        // Moved rows pick destination sections; inserts are counted per section; then positions.
        var incoming: [Int: [(ModelRow, IndexPath?)]] = [:]  // new section -> rows placed at random positions
        if !stable.isEmpty {
            for (source, _) in movedRows {
                let destination = stable.randomElement(using: &rng)!
                incoming[destination, default: []].append((old[source.section][source.row], source))
            }
        } else {
            for (source, _) in movedRows { deletedRows.append(source) }
        }
        let realMoves = stable.isEmpty ? [] : movedRows
        for s in stable {
            for row in freshRows(Int.random(in: 0...1, using: &rng) == 0 ? Int.random(in: 0...3, using: &rng) : 0, rng: &rng) {
                freshIDs.insert(row.id)
                incoming[s, default: []].append((row, nil))
            }
        }
        var insertedRows: [IndexPath] = [], moveCalls: [(IndexPath, IndexPath)] = []
        for s in stable {
            var survivors = keptRows[newSources[s]!]!
            let extra = incoming[s] ?? []
            let size = survivors.count + extra.count
            let spots = Array(Array(0..<size).shuffled(using: &rng).prefix(extra.count)).sorted()
            var placed = [ModelRow?](repeating: nil, count: size)
            for (spot, (row, source)) in zip(spots, extra.shuffled(using: &rng)) {
                placed[spot] = row
                if let source {
                    moveCalls.append((source, IndexPath(row: spot, section: s)))
                } else {
                    insertedRows.append(IndexPath(row: spot, section: s))
                }
            }
            for i in 0..<size where placed[i] == nil { placed[i] = survivors.removeFirst() }
            newSections[s] = placed.map { $0! }
        }
        _ = realMoves
        sections = newSections
        headers = newHeaders

        var calls: [(TableView) -> Void] = []
        if !deletedSections.isEmpty { calls.append { $0.deleteSections(IndexSet(deletedSections), with: .automatic) } }
        if !reloadedSections.isEmpty { calls.append { $0.reloadSections(IndexSet(reloadedSections), with: .fade) } }
        for (from, to) in zip(movedFrom, movedTo) { calls.append { $0.moveSection(from, toSection: to) } }
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
