import Foundation

/// A validated batch turned into primitive steps that every consumer (the
/// geometry, the height cache, the visible cells) applies in the same order:
///
/// 1. `rowRemovals` — deleted, reloaded and moved-away rows, old index paths, highest first;
/// 2. `sectionRemovals` — deleted, reloaded and moved-away sections, old indices, highest first;
/// 3. `sectionInsertions` — inserted, reloaded and moved-in sections, new indices, lowest first;
/// 4. `rowInsertions` — inserted, reloaded and moved-in rows, new index paths, lowest first.
///
/// Removing from the top down keeps every lower old index valid; inserting from
/// the bottom up puts every lower new index in its final place first. A move is
/// a removal that carries its payload to an insertion — never a swap. A reload
/// is a removal plus a fresh insertion at the position the row would have had
/// if it had simply survived.
///
/// A diffable data source's batch may also move a row out of a deleted section
/// (it is removed in step 1, before its section) or into an inserted one. An
/// inserted section that receives moved rows is inserted empty in step 3, and
/// all of its rows, fresh and moved, are listed in step 4
/// (`freshRowCount(ofInsertedSection:newCounts:)`).
///
/// - Complexity: building is O(k log k + sections) for k changes (plus the rows of
///   inserted sections that receive moved rows); mapping one old index path is
///   O(log k + k) — never proportional to the rows.
struct UpdatePlan: Sendable {
    enum Source<Old: Sendable>: Sendable {
        /// Ask the data source (inserted or reloaded).
        case fresh
        /// Carry what was removed at this old position (a move).
        case moved(Old)
    }

    var rowRemovals: [IndexPath] = []
    var sectionRemovals: [Int] = []
    var sectionInsertions: [(index: Int, source: Source<Int>)] = []
    var rowInsertions: [(indexPath: IndexPath, source: Source<IndexPath>)] = []

    /// New index of each old section; nil when deleted or reloaded.
    private(set) var newSectionOfOld: [Int?] = []
    /// Inserted sections (new indices) that receive moved rows: inserted empty, their rows listed one by one.
    private var sectionsFilledRowByRow = IndexSet()
    /// Per old section: rows deleted or moved away (not reloads), sorted.
    private var removedRowsByOldSection: [Int: [Int]] = [:]
    /// Per new section: rows inserted or moved in (not reloads), sorted.
    private var insertedRowsByNewSection: [Int: [Int]] = [:]
    private var movedRowDestinations: [IndexPath: IndexPath] = [:]
    private var goneRows: Set<IndexPath> = []
    /// Reloaded rows (old index paths): gone as cells and heights, but the same rows (see `newIndexPath(followingReloadOf:)`).
    private var reloadedRows: Set<IndexPath> = []

    /// Where an old row is after the update: nil when deleted, reloaded or in a removed section.
    /// - Complexity: O(log k + k) for k changes in its sections.
    func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
        if let destination = movedRowDestinations[indexPath] { return destination }
        guard indexPath.count == 2, newSectionOfOld.indices.contains(indexPath.section), !goneRows.contains(indexPath),
            let section = newSectionOfOld[indexPath.section]
        else { return nil }
        return IndexPath(row: survivorRow(indexPath.row, oldSection: indexPath.section, newSection: section), section: section)
    }

    /// Where an old row is after the update when a reload counts as the same row (selection
    /// follows a reloaded row, as in UIKit): nil when deleted or in a deleted or reloaded section.
    /// - Complexity: O(log k + k) for k changes in its sections.
    func newIndexPath(followingReloadOf indexPath: IndexPath) -> IndexPath? {
        guard reloadedRows.contains(indexPath), let section = newSectionOfOld[indexPath.section] else {
            return newIndexPath(forOld: indexPath)
        }
        return IndexPath(row: survivorRow(indexPath.row, oldSection: indexPath.section, newSection: section), section: section)
    }

    /// How many fresh rows an inserted section is inserted with in step 3: all of its rows, or none
    /// when it receives moved rows (then step 4 inserts every one of its rows, fresh and moved).
    /// - Complexity: O(1).
    func freshRowCount(ofInsertedSection section: Int, newCounts: [Int]) -> Int {
        sectionsFilledRowByRow.contains(section) ? 0 : newCounts[section]
    }

    /// Position after the update of a row that neither moved nor was removed:
    /// subtract removals before it, then step over insertions at or before it.
    private func survivorRow(_ row: Int, oldSection: Int, newSection: Int) -> Int {
        let removed = removedRowsByOldSection[oldSection] ?? []
        var result = row - removed.lowerBound(of: row)
        for position in insertedRowsByNewSection[newSection] ?? [] {
            guard position <= result else { break }
            result += 1
        }
        return result
    }

    // MARK: Building and validation

    /// Validates `batch` against the counts before and after (from the data
    /// source), UIKit's way, and returns the plan; throws a precise message otherwise.
    static func make(
        _ batch: BatchUpdate, oldCounts: [Int], newCounts: [Int],
        vocabulary v: UpdateVocabulary
    ) throws(TableViewError) -> UpdatePlan {
        var plan = UpdatePlan()
        let oldSections = oldCounts.count, newSections = newCounts.count
        func fail(_ message: String) -> TableViewError { TableViewError("Invalid update: " + message) }

        // Sections: ranges, conflicts, count.
        for section in batch.deletedSections where section < 0 || section >= oldSections {
            throw fail(
                section < 0
                    ? "attempt to delete section \(section): section numbers start at 0."
                    : "attempt to delete section \(section), but there are only \(v.plural(oldSections, "section")) before the update.")
        }
        for section in batch.reloadedSections where section < 0 || section >= oldSections {
            throw fail(
                section < 0
                    ? "attempt to reload section \(section): section numbers start at 0."
                    : "attempt to reload section \(section), but there are only \(v.plural(oldSections, "section")) before the update.")
        }
        for section in batch.insertedSections where section < 0 || section >= newSections {
            throw fail(
                section < 0
                    ? "attempt to insert section \(section): section numbers start at 0."
                    : "attempt to insert section \(section), but there are only \(v.plural(newSections, "section")) after the update.")
        }
        if let both = batch.deletedSections.intersection(batch.reloadedSections).first {
            throw fail("attempt to delete and reload the same section \(both).")
        }
        var movedFrom = IndexSet(), movedTo = IndexSet()
        for move in batch.movedSections {
            guard move.from >= 0, move.from < oldSections else {
                throw fail("attempt to move section \(move.from), but there are only \(v.plural(oldSections, "section")) before the update.")
            }
            guard move.to >= 0, move.to < newSections else {
                throw fail(
                    "attempt to move section \(move.from) to section \(move.to), but there are only \(v.plural(newSections, "section")) after the update."
                )
            }
            if batch.deletedSections.contains(move.from) || batch.reloadedSections.contains(move.from) {
                throw fail(
                    "attempt to move section \(move.from), which is also being \(batch.deletedSections.contains(move.from) ? "deleted" : "reloaded")."
                )
            }
            if movedFrom.contains(move.from) { throw fail("attempt to move section \(move.from) twice.") }
            if movedTo.contains(move.to) || batch.insertedSections.contains(move.to) {
                throw fail("attempt to move a section to section \(move.to), which is already the destination of an insertion or another move.")
            }
            movedFrom.insert(move.from)
            movedTo.insert(move.to)
        }
        let expectedSections = oldSections - batch.deletedSections.count + batch.insertedSections.count
        guard newSections == expectedSections else {
            throw fail(
                "invalid number of sections. The number of sections contained in the \(v.view) after the update (\(newSections)) "
                    + "must be equal to the number of sections contained in the \(v.view) before the update (\(oldSections)), "
                    + "plus or minus the number of sections inserted or deleted (\(batch.insertedSections.count) inserted, \(batch.deletedSections.count) deleted)."
            )
        }

        // Section mapping: insertions and move destinations take their new
        // positions; survivors (reloaded ones included) fill the rest in order.
        var oldOfNew = [Int?](repeating: nil, count: newSections)
        var newOfOld = [Int?](repeating: nil, count: oldSections)
        var taken = [Bool](repeating: false, count: newSections)
        for section in batch.insertedSections { taken[section] = true }
        for move in batch.movedSections {
            taken[move.to] = true
            oldOfNew[move.to] = move.from
            newOfOld[move.from] = move.to
        }
        var nextNew = 0
        for old in 0..<oldSections where !batch.deletedSections.contains(old) && !movedFrom.contains(old) {
            while taken[nextNew] { nextNew += 1 }
            taken[nextNew] = true
            newOfOld[old] = nextNew
            oldOfNew[nextNew] = old
        }
        var freshSections = batch.insertedSections
        for old in batch.reloadedSections {
            let new = newOfOld[old]!
            freshSections.insert(new)
            oldOfNew[new] = nil
            newOfOld[old] = nil
        }
        for old in batch.deletedSections { newOfOld[old] = nil }

        // Rows: ranges and conflicts, in old space for deletes, reloads and move sources.
        let movesCross = batch.allowsMovesAcrossInsertedAndDeletedSections
        func checkOld(_ indexPath: IndexPath, _ verb: String) throws(TableViewError) {
            guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < oldSections else {
                throw fail(
                    "attempt to \(verb) \(v.row) \(v.describe(indexPath)), but there are only \(v.plural(oldSections, "section")) before the update.")
            }
            let rows = oldCounts[indexPath.section]
            guard indexPath.row >= 0, indexPath.row < rows else {
                throw fail(
                    "attempt to \(verb) \(v.row) \(v.describe(indexPath)), but section \(indexPath.section) contains only \(v.plural(rows, v.row)) before the update."
                )
            }
            if movesCross, verb == "move", batch.deletedSections.contains(indexPath.section) { return }
            if batch.deletedSections.contains(indexPath.section) || batch.reloadedSections.contains(indexPath.section) {
                let what = batch.deletedSections.contains(indexPath.section) ? "deleted" : "reloaded"
                throw fail("attempt to \(verb) \(v.row) \(v.describe(indexPath)) in section \(indexPath.section), which is also being \(what).")
            }
        }
        func checkNew(_ indexPath: IndexPath, _ verb: String) throws(TableViewError) {
            guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < newSections else {
                throw fail(
                    "attempt to \(verb) \(v.row) \(v.describe(indexPath)), but there are only \(v.plural(newSections, "section")) after the update.")
            }
            let rows = newCounts[indexPath.section]
            guard indexPath.row >= 0, indexPath.row < rows else {
                throw fail(
                    "attempt to \(verb) \(v.row) \(v.describe(indexPath)), but section \(indexPath.section) contains only \(v.plural(rows, v.row)) after the update."
                )
            }
            if movesCross, verb == "move", batch.insertedSections.contains(indexPath.section) { return }
            if freshSections.contains(indexPath.section) {
                throw fail(
                    "attempt to \(verb) \(v.row) \(v.describe(indexPath)) into section \(indexPath.section), which is being inserted or reloaded: its \(v.row)s come from the data source."
                )
            }
        }
        var deleted = Set<IndexPath>(), reloaded = Set<IndexPath>(), inserted = Set<IndexPath>()
        for indexPath in batch.deletedRows {
            try checkOld(indexPath, "delete")
            guard deleted.insert(indexPath).inserted else { throw fail("attempt to delete \(v.row) \(v.describe(indexPath)) twice.") }
        }
        for indexPath in batch.reloadedRows {
            try checkOld(indexPath, "reload")
            if deleted.contains(indexPath) { throw fail("attempt to delete and reload the same \(v.row) \(v.describe(indexPath)).") }
            guard reloaded.insert(indexPath).inserted else { throw fail("attempt to reload \(v.row) \(v.describe(indexPath)) twice.") }
        }
        for indexPath in batch.insertedRows {
            try checkNew(indexPath, "insert")
            guard inserted.insert(indexPath).inserted else { throw fail("attempt to insert \(v.row) \(v.describe(indexPath)) twice.") }
        }
        var movedOut = Set<IndexPath>()
        for move in batch.movedRows {
            try checkOld(move.from, "move")
            try checkNew(move.to, "move")
            if deleted.contains(move.from) || reloaded.contains(move.from) {
                throw fail(
                    "attempt to move \(v.row) \(v.describe(move.from)), which is also being \(deleted.contains(move.from) ? "deleted" : "reloaded").")
            }
            guard movedOut.insert(move.from).inserted else { throw fail("attempt to move \(v.row) \(v.describe(move.from)) twice.") }
            guard inserted.insert(move.to).inserted else {
                throw fail(
                    "attempt to move \(v.row) \(v.describe(move.from)) to \(v.describe(move.to)), which is already the destination of an insertion or another move."
                )
            }
            plan.movedRowDestinations[move.from] = move.to
        }

        // Per-section counts, UIKit's message.
        var removedByOld: [Int: [Int]] = [:], insertedByNew: [Int: [Int]] = [:]
        var movedIn: [Int: Int] = [:], movedOutCount: [Int: Int] = [:], insertedCount: [Int: Int] = [:], deletedCount: [Int: Int] = [:]
        for indexPath in deleted {
            removedByOld[indexPath.section, default: []].append(indexPath.row); deletedCount[indexPath.section, default: 0] += 1
        }
        for move in batch.movedRows {
            removedByOld[move.from.section, default: []].append(move.from.row)
            movedOutCount[move.from.section, default: 0] += 1
            movedIn[move.to.section, default: 0] += 1
        }
        for indexPath in inserted { insertedByNew[indexPath.section, default: []].append(indexPath.row) }
        for indexPath in batch.insertedRows { insertedCount[indexPath.section, default: 0] += 1 }
        for new in 0..<newSections {
            guard let old = oldOfNew[new] else { continue }
            let ins = insertedCount[new] ?? 0, del = deletedCount[old] ?? 0
            let into = movedIn[new] ?? 0, outOf = movedOutCount[old] ?? 0
            let expected = oldCounts[old] + ins - del + into - outOf
            guard newCounts[new] == expected else {
                throw fail(
                    "invalid number of \(v.row)s in section \(new). The number of \(v.row)s contained in an existing section after the update (\(newCounts[new])) "
                        + "must be equal to the number of \(v.row)s contained in that section before the update (\(oldCounts[old])), "
                        + "plus or minus the number of \(v.row)s inserted or deleted from that section (\(ins) inserted, \(del) deleted) "
                        + "and plus or minus the number of \(v.row)s moved into or out of that section (\(into) moved in, \(outOf) moved out).")
            }
        }

        if movesCross {
            for move in batch.movedRows where batch.insertedSections.contains(move.to.section) {
                plan.sectionsFilledRowByRow.insert(move.to.section)
            }
        }
        plan.newSectionOfOld = newOfOld
        plan.removedRowsByOldSection = removedByOld.mapValues { $0.sorted() }
        plan.insertedRowsByNewSection = insertedByNew.mapValues { $0.sorted() }
        plan.goneRows = deleted.union(reloaded)
        plan.reloadedRows = reloaded

        // The four step lists.
        plan.rowRemovals = (Array(deleted) + Array(reloaded) + Array(movedOut)).sorted(by: >)
        plan.sectionRemovals = (Array(batch.deletedSections) + Array(batch.reloadedSections) + Array(movedFrom)).sorted(by: >)
        var sectionInsertions: [(index: Int, source: Source<Int>)] = freshSections.map { ($0, .fresh) }
        sectionInsertions += batch.movedSections.map { ($0.to, .moved($0.from)) }
        plan.sectionInsertions = sectionInsertions.sorted { $0.index < $1.index }
        var rowInsertions: [(indexPath: IndexPath, source: Source<IndexPath>)] = batch.insertedRows.map { ($0, .fresh) }
        rowInsertions += batch.movedRows.map { ($0.to, .moved($0.from)) }
        for section in plan.sectionsFilledRowByRow {
            for row in 0..<newCounts[section] where !inserted.contains(IndexPath(row: row, section: section)) {
                rowInsertions.append((IndexPath(row: row, section: section), .fresh))
            }
        }
        for indexPath in reloaded {
            let section = newOfOld[indexPath.section]!
            let row = plan.survivorRow(indexPath.row, oldSection: indexPath.section, newSection: section)
            rowInsertions.append((IndexPath(row: row, section: section), .fresh))
        }
        plan.rowInsertions = rowInsertions.sorted { $0.indexPath < $1.indexPath }
        return plan
    }
}
