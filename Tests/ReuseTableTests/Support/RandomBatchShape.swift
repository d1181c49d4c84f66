import Foundation
import TestSupport

/// What the two array models' random batches share (`BatchModel` for the table, `CollectionModel` for
/// the collection view): which sections are deleted, reloaded, moved and inserted, which rows of the
/// other sections are deleted, reloaded or moved, where moved and inserted rows land, and so the new
/// sections. Each model says how many of each it draws and makes its own rows; the draws come in one
/// order, so a seed gives each model the batches it always had.
struct RandomBatchShape<Row> {
    var deletedSections: [Int] = [], reloadedSections: [Int] = [], insertedSections: [Int] = []
    var movedFrom: [Int] = [], movedTo: [Int] = []
    var deletedRows: [IndexPath] = [], reloadedRows: [IndexPath] = [], insertedRows: [IndexPath] = []
    var moveCalls: [(IndexPath, IndexPath)] = []
    var newSections: [[Row]] = []
    /// The old section each new section continues; nil for a fresh one (inserted or reloaded).
    var newSources: [Int?] = []
    /// Ids the view must ask for: every row of a fresh section, every inserted or reloaded row.
    var freshIDs = Set<Int>()

    /// Draws a batch against `old`: `deletedSectionCount` and `reloadedSectionCount` draw how many
    /// sections go; one row in `rowChoices` is deleted, reloaded (`reloaded` makes its replacement) or
    /// moved; `freshSection` fills a fresh section; `insertedCount` draws the fresh rows of a kept one.
    init(
        _ old: [[Row]], id: (Row) -> Int, rng: inout SplitMix64,
        deletedSectionCount: (inout SplitMix64) -> Int, reloadedSectionCount: (inout SplitMix64) -> Int,
        rowChoices: Int, reloaded: (Row, inout SplitMix64) -> Row, freshSection: (Int, inout SplitMix64) -> [Row],
        insertedCount: (inout SplitMix64) -> Int, freshRows: (Int, inout SplitMix64) -> [Row]
    ) {
        let oldCount = old.count
        var indices = Array(0..<oldCount).shuffled(using: &rng)
        func take(_ n: Int) -> [Int] { let t = Array(indices.prefix(n)); indices.removeFirst(min(n, indices.count)); return t }
        deletedSections = take(deletedSectionCount(&rng))
        reloadedSections = take(reloadedSectionCount(&rng))
        movedFrom = take(Int.random(in: 0...3, using: &rng) == 0 ? Int.random(in: 1...2, using: &rng) : 0)
        let sectionInserts = Int.random(in: 0...2, using: &rng) == 0 ? Int.random(in: 1...2, using: &rng) : 0
        let newCount = oldCount - deletedSections.count + sectionInserts
        var positions = Array(0..<newCount).shuffled(using: &rng)
        insertedSections = Array(positions.prefix(sectionInserts))
        positions.removeFirst(sectionInserts)
        movedTo = Array(positions.prefix(movedFrom.count))

        // Rows: old-space changes in the sections that stay (kept or moved).
        var movedRows: [IndexPath] = []
        var kept: [Int: [Row]] = [:]  // old section -> rows that stay (reloaded ones replaced)
        for s in 0..<oldCount where !deletedSections.contains(s) && !reloadedSections.contains(s) {
            var stay: [Row] = []
            for (r, row) in old[s].enumerated() {
                switch Int.random(in: 0..<rowChoices, using: &rng) {
                case 0: deletedRows.append(IndexPath(row: r, section: s))
                case 1:
                    reloadedRows.append(IndexPath(row: r, section: s))
                    let replaced = reloaded(row, &rng)
                    freshIDs.insert(id(replaced))
                    stay.append(replaced)
                case 2: movedRows.append(IndexPath(row: r, section: s))
                default: stay.append(row)
                }
            }
            kept[s] = stay
        }
        // New sections: place inserted, moved and kept sections.
        newSources = [Int?](repeating: nil, count: newCount)
        var fresh = Set(insertedSections)
        for (from, to) in zip(movedFrom, movedTo) { newSources[to] = from }
        var free = (0..<newCount).filter { !fresh.contains($0) && !movedTo.contains($0) }.makeIterator()
        for s in 0..<oldCount where !deletedSections.contains(s) && !movedFrom.contains(s) {
            let position = free.next()!
            if reloadedSections.contains(s) { fresh.insert(position) } else { newSources[position] = s }
        }
        newSections = [[Row]](repeating: [], count: newCount)
        let stable = (0..<newCount).filter { !fresh.contains($0) }
        for position in 0..<newCount where fresh.contains(position) {
            newSections[position] = freshSection(position, &rng)
            freshIDs.formUnion(newSections[position].map(id))
        }
        // Moved rows pick destination sections; inserts are counted per section; then positions.
        var incoming: [Int: [(Row, IndexPath?)]] = [:]  // new section -> rows placed at random positions
        if stable.isEmpty {
            deletedRows += movedRows
        } else {
            for source in movedRows {
                incoming[stable.randomElement(using: &rng)!, default: []].append((old[source.section][source.row], source))
            }
        }
        for s in stable {
            for row in freshRows(insertedCount(&rng), &rng) {
                freshIDs.insert(id(row))
                incoming[s, default: []].append((row, nil))
            }
        }
        for s in stable {
            var survivors = kept[newSources[s]!]!
            let extra = incoming[s] ?? []
            let size = survivors.count + extra.count
            let spots = Array(Array(0..<size).shuffled(using: &rng).prefix(extra.count)).sorted()
            var placed = [Row?](repeating: nil, count: size)
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
    }
}
