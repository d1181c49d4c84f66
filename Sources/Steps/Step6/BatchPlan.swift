// Step 6's batch (Docs/steps/step-6-batch-updates.md): the changes one `performBatchUpdates` collects, named
// in UIKit's two index spaces, checked against the row counts before and after into one plan, or a message
// naming what is wrong. Deletions, reloads and move sources name rows before the update; insertions and
// move destinations name rows after it, whatever order the calls came in. Rows only: sections stay.

import Foundation

/// The calls one batch collected; their order means nothing.
struct BatchUpdate {
    var deleted: [IndexPath] = []
    var inserted: [IndexPath] = []
    var reloaded: [IndexPath] = []
    var moved: [(from: IndexPath, to: IndexPath)] = []
}

/// Why a batch was refused: UIKit's kind of message, naming the section, the counts and the index paths.
struct BatchError: Error {
    let message: String
    init(_ message: String) { self.message = "Invalid update: " + message }
}

/// A checked batch: the slots that leave (old space), the slots that arrive (new space), and where each
/// row that stays goes.
struct BatchPlan {
    /// Rows whose slots leave the tree, old space, last first (so no removal shifts another): deletions,
    /// reloads and move sources.
    let removed: [IndexPath]
    /// Rows whose slots arrive, new space, first first (so everything before each is in place): insertions,
    /// reloads at their new places and move destinations, with the old place of a moved row (its height comes
    /// along); nil asks the data source.
    let arriving: [(at: IndexPath, from: IndexPath?)]
    /// Deletions and move sources by section (sorted): the old rows that give up their places.
    private let leaving: [[Int]]
    /// Insertions and move destinations by section (sorted): the new places that no old row fills.
    private let taken: [[Int]]
    private let reloaded: Set<IndexPath>

    /// The rows reloaded (old space), the rows that give up their places (old space) and the places taken (new space).
    var reloadedRows: [IndexPath] { Array(reloaded) }
    var leavingRows: [IndexPath] { Self.paths(leaving) }
    var takenRows: [IndexPath] { Self.paths(taken) }
    private static func paths(_ rows: [[Int]]) -> [IndexPath] {
        rows.enumerated().flatMap { section, rows in rows.map { IndexPath(row: $0, section: section) } }
    }

    /// Where the old row at `indexPath` is after the update, keeping its cell; nil when it was deleted,
    /// moved or reloaded (its cell goes to the pool, and the row, wherever it is, gets a new one).
    /// The rows that stay keep their order: the k-th of them lands on the k-th place not taken.
    /// - Complexity: O(changes in its section).
    func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
        guard !reloaded.contains(indexPath) else { return nil }
        return Self.place(ofStaying: indexPath, leaving: leaving, taken: taken)
    }

    private static func place(ofStaying indexPath: IndexPath, leaving: [[Int]], taken: [[Int]]) -> IndexPath? {
        let leaving = leaving[indexPath.section]
        guard !leaving.contains(indexPath.row) else { return nil }
        var place = indexPath.row - leaving.count { $0 < indexPath.row }
        for row in taken[indexPath.section] {
            guard row <= place else { break }
            place += 1
        }
        return IndexPath(row: place, section: indexPath.section)
    }

    /// The plan for `batch` between `oldCounts` and `newCounts` (rows per section), or the first thing wrong:
    /// a row outside its space, a row named twice, or a section whose counts do not add up.
    /// - Complexity: O(k log k + sections) for k changes.
    init(_ batch: BatchUpdate, oldCounts: [Int], newCounts: [Int]) throws(BatchError) {
        guard oldCounts.count == newCounts.count else {
            throw BatchError(
                "invalid number of sections: \(newCounts.count) after the update, \(oldCounts.count) before; "
                    + "step 6 changes rows only (reloadData() for sections).")
        }
        var fates: [IndexPath: String] = [:]  // what happens to each old row named
        let named = [
            (batch.deleted, "delete", "deleted"), (batch.reloaded, "reload", "reloaded"), (batch.moved.map(\.from), "move", "moved"),
        ]
        for (paths, verb, fate) in named {
            for path in paths {
                try Self.check(path, verb, in: oldCounts, "before")
                if let other = fates[path] { throw BatchError("attempt to \(verb) \(Self.name(path)), which is also being \(other).") }
                fates[path] = fate
            }
        }
        var arrivals: Set<IndexPath> = []  // the new places filled by insertions and moves
        for (path, verb) in batch.inserted.map({ ($0, "insert") }) + batch.moved.map({ ($0.to, "move a row to") }) {
            try Self.check(path, verb, in: newCounts, "after")
            guard arrivals.insert(path).inserted else {
                throw BatchError("attempt to \(verb) \(Self.name(path)), which is already the destination of an insertion or a move.")
            }
        }
        var leaving = Array(repeating: [Int](), count: oldCounts.count)
        var taken = leaving
        for path in batch.deleted + batch.moved.map(\.from) { leaving[path.section].append(path.row) }
        for path in arrivals { taken[path.section].append(path.row) }
        for section in oldCounts.indices {
            let deleted = batch.deleted.count { $0.section == section }, inserted = batch.inserted.count { $0.section == section }
            let movedOut = batch.moved.count { $0.from.section == section }, movedIn = batch.moved.count { $0.to.section == section }
            guard oldCounts[section] - deleted - movedOut + inserted + movedIn == newCounts[section] else {
                throw BatchError(
                    "invalid number of rows in section \(section). The section contains \(newCounts[section]) rows after the update "
                        + "but \(oldCounts[section]) before, which with \(inserted) inserted, \(deleted) deleted, \(movedIn) moved in "
                        + "and \(movedOut) moved out makes \(oldCounts[section] - deleted - movedOut + inserted + movedIn).")
            }
        }
        (leaving, taken) = (leaving.map { $0.sorted() }, taken.map { $0.sorted() })
        (self.leaving, self.taken) = (leaving, taken)
        reloaded = Set(batch.reloaded)
        removed = (batch.deleted + batch.reloaded + batch.moved.map(\.from)).sorted(by: >)
        var arriving: [(at: IndexPath, from: IndexPath?)] = batch.inserted.map { ($0, nil) } + batch.moved.map { ($0.to, $0.from) }
        for path in batch.reloaded {  // a reloaded row stays (neither deleted nor moved), so it has a place
            arriving.append((Self.place(ofStaying: path, leaving: leaving, taken: taken)!, nil))
        }
        self.arriving = arriving.sorted { $0.at < $1.at }
    }

    /// Throws when `path` is not a row of `counts` (`when`: "before" or "after" the update).
    private static func check(_ path: IndexPath, _ verb: String, in counts: [Int], _ when: String) throws(BatchError) {
        guard path.section >= 0, path.section < counts.count else {
            throw BatchError("attempt to \(verb) \(name(path)), but there are only \(counts.count) sections \(when) the update.")
        }
        guard path.row >= 0, path.row < counts[path.section] else {
            throw BatchError(
                "attempt to \(verb) \(name(path)), but section \(path.section) contains only \(counts[path.section]) rows \(when) the update.")
        }
    }

    /// "row 3 in section 1".
    private static func name(_ path: IndexPath) -> String { "row \(path.row) in section \(path.section)" }
}
