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
    private(set) var sectionsFilledRowByRow = IndexSet()
    /// Per old section: rows deleted or moved away (not reloads), sorted.
    private(set) var removedRowsByOldSection: [Int: [Int]] = [:]
    /// Per new section: rows inserted or moved in (not reloads), sorted.
    private(set) var insertedRowsByNewSection: [Int: [Int]] = [:]
    private var movedRowDestinations: [IndexPath: IndexPath] = [:]
    private var goneRows: Set<IndexPath> = []
    /// Reloaded rows (old index paths): gone as cells and heights, but the same rows (see `newIndexPath(followingReloadOf:)`).
    private(set) var reloadedRows: Set<IndexPath> = []

    /// Where an old row is after the update: nil when deleted, reloaded or in a removed section.
    /// - Complexity: O(log k + k) for k changes in its sections.
    func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
        if let destination = movedRowDestinations[indexPath] { return destination }
        guard indexPath.count == 2, newSectionOfOld.indices.contains(indexPath.section), !goneRows.contains(indexPath),
            let section = newSectionOfOld[indexPath.section]
        else { return nil }
        return IndexPath(row: survivorRow(indexPath.row, oldSection: indexPath.section, newSection: section), section: section)
    }

    /// Whether an old row moves (a move's removal and insertion carry it elsewhere).
    /// - Complexity: O(1).
    func isMovedRow(_ indexPath: IndexPath) -> Bool { movedRowDestinations[indexPath] != nil }

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

    // MARK: Building

    /// Validates `batch` against the counts before and after (from the data
    /// source), UIKit's way, and returns the plan; throws a precise message otherwise.
    ///
    /// The phases, in order: check the sections, map old sections to new ones,
    /// check the rows, check every surviving section's row count, then record
    /// where rows go and list the four steps.
    static func make(
        _ batch: BatchUpdate, oldCounts: [Int], newCounts: [Int],
        vocabulary v: UpdateVocabulary
    ) throws(ReuseTableError) -> UpdatePlan {
        let movedFrom = try validateSections(batch, oldSections: oldCounts.count, newSections: newCounts.count, vocabulary: v)
        let sections = SectionMapping(batch, movedFrom: movedFrom, oldSections: oldCounts.count, newSections: newCounts.count)
        let rows = try validateRows(batch, oldCounts: oldCounts, newCounts: newCounts, freshSections: sections.freshSections, vocabulary: v)
        try validateRowCounts(batch, rows, sections, oldCounts: oldCounts, newCounts: newCounts, vocabulary: v)

        var plan = UpdatePlan()
        plan.recordRowLookups(batch, rows, sections)
        plan.listSteps(batch, rows, sections, newCounts: newCounts)
        return plan
    }

    /// Where every old section goes, and which new sections come fresh from the data source.
    struct SectionMapping {
        /// New index of each old section; nil when deleted or reloaded.
        var newOfOld: [Int?]
        /// Old index of each new section; nil when inserted or reloaded.
        var oldOfNew: [Int?]
        /// Inserted and reloaded sections (new indices): their rows come from the data source.
        var freshSections: IndexSet
        /// Old indices of the sections that move.
        var movedFrom: IndexSet

        /// Maps a validated batch's sections: insertions and move destinations take
        /// their new positions; survivors (reloaded ones included) fill the rest in order.
        /// - Complexity: O(old sections + new sections).
        init(_ batch: BatchUpdate, movedFrom: IndexSet, oldSections: Int, newSections: Int) {
            self.movedFrom = movedFrom
            oldOfNew = [Int?](repeating: nil, count: newSections)
            newOfOld = [Int?](repeating: nil, count: oldSections)
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
            freshSections = batch.insertedSections
            for old in batch.reloadedSections {
                let new = newOfOld[old]!
                freshSections.insert(new)
                oldOfNew[new] = nil
                newOfOld[old] = nil
            }
            for old in batch.deletedSections { newOfOld[old] = nil }
        }
    }

    /// The batch's rows once validated, without duplicates.
    struct ValidatedRows {
        var deleted = Set<IndexPath>()
        var reloaded = Set<IndexPath>()
        /// Inserted rows and move destinations (new index paths).
        var inserted = Set<IndexPath>()
        /// Move sources (old index paths).
        var movedOut = Set<IndexPath>()
    }

    /// Records what the index-path queries need: the sections' new indices, the moves'
    /// destinations, and per section the rows removed and inserted (reloads aside), sorted.
    /// - Complexity: O(k log k) for k changed rows.
    private mutating func recordRowLookups(_ batch: BatchUpdate, _ rows: ValidatedRows, _ sections: SectionMapping) {
        newSectionOfOld = sections.newOfOld
        for move in batch.movedRows { movedRowDestinations[move.from] = move.to }
        if batch.allowsMovesAcrossInsertedAndDeletedSections {
            for move in batch.movedRows where batch.insertedSections.contains(move.to.section) {
                sectionsFilledRowByRow.insert(move.to.section)
            }
        }
        var removedByOld: [Int: [Int]] = [:], insertedByNew: [Int: [Int]] = [:]
        for indexPath in rows.deleted { removedByOld[indexPath.section, default: []].append(indexPath.row) }
        for move in batch.movedRows { removedByOld[move.from.section, default: []].append(move.from.row) }
        for indexPath in rows.inserted { insertedByNew[indexPath.section, default: []].append(indexPath.row) }
        removedRowsByOldSection = removedByOld.mapValues { $0.sorted() }
        insertedRowsByNewSection = insertedByNew.mapValues { $0.sorted() }
        goneRows = rows.deleted.union(rows.reloaded)
        reloadedRows = rows.reloaded
    }

    /// Lists the four steps: removals highest first, insertions lowest first. A reloaded
    /// row is inserted fresh where it would be had it survived (so after `recordRowLookups`).
    /// - Complexity: O(k log k + sections) for k changes, plus the rows of inserted
    ///   sections that receive moved rows.
    private mutating func listSteps(_ batch: BatchUpdate, _ rows: ValidatedRows, _ sections: SectionMapping, newCounts: [Int]) {
        rowRemovals = Self.sortedByPosition(Array(rows.deleted) + Array(rows.reloaded) + Array(rows.movedOut)).reversed()
        sectionRemovals = (Array(batch.deletedSections) + Array(batch.reloadedSections) + Array(sections.movedFrom)).sorted(by: >)
        var sectionInsertions: [(index: Int, source: Source<Int>)] = sections.freshSections.map { ($0, .fresh) }
        sectionInsertions += batch.movedSections.map { ($0.to, .moved($0.from)) }
        self.sectionInsertions = sectionInsertions.sorted { $0.index < $1.index }
        var rowInsertions: [(indexPath: IndexPath, source: Source<IndexPath>)] = batch.insertedRows.map { ($0, .fresh) }
        rowInsertions += batch.movedRows.map { ($0.to, .moved($0.from)) }
        for section in sectionsFilledRowByRow {
            for row in 0..<newCounts[section] where !rows.inserted.contains(IndexPath(row: row, section: section)) {
                rowInsertions.append((IndexPath(row: row, section: section), .fresh))
            }
        }
        for indexPath in rows.reloaded {
            let section = sections.newOfOld[indexPath.section]!
            let row = survivorRow(indexPath.row, oldSection: indexPath.section, newSection: section)
            rowInsertions.append((IndexPath(row: row, section: section), .fresh))
        }
        let order = Self.sortedByPosition(rowInsertions.indices.map { (rowInsertions[$0].indexPath, $0) })
        self.rowInsertions = order.map { rowInsertions[$0.1] }
    }

    /// Index paths (section, row) in ascending order, sorted on one packed integer each:
    /// a million `IndexPath` comparisons cost several times a million integer ones.
    /// - Complexity: O(k log k).
    private static func sortedByPosition(_ indexPaths: [IndexPath]) -> [IndexPath] {
        sortedByPosition(indexPaths.map { ($0, 0) }).map(\.0)
    }

    /// Pairs sorted by their index path (section, row), ascending; index paths are unique.
    private static func sortedByPosition<T>(_ pairs: [(IndexPath, T)]) -> [(IndexPath, T)] {
        var keyed = pairs.indices.map { (key: pairs[$0].0.section << 32 | pairs[$0].0.row, index: $0) }
        keyed.sort { $0.key < $1.key }
        return keyed.map { pairs[$0.index] }
    }
}

// MARK: - Validation

// Checking a batch before it becomes a plan, UIKit's way and with UIKit's
// messages: sections first (ranges, conflicts, moves, the section count), then
// rows (ranges and conflicts, in old space for deletes, reloads and move
// sources, in new space for inserts and move destinations), then every
// surviving section's row count. The first problem found is the one reported.

extension UpdatePlan {
    private static func invalid(_ message: String) -> ReuseTableError { ReuseTableError("Invalid update: " + message) }

    // MARK: Sections

    /// Checks the batch's sections: ranges, conflicts, moves and the count after the update.
    /// Returns the old indices of the sections that move.
    /// - Complexity: O(s log s) for s sections named in the batch.
    static func validateSections(
        _ batch: BatchUpdate, oldSections: Int, newSections: Int, vocabulary v: UpdateVocabulary
    ) throws(ReuseTableError) -> IndexSet {
        try checkRange(of: batch.deletedSections, "delete", count: oldSections, "before", v)
        try checkRange(of: batch.reloadedSections, "reload", count: oldSections, "before", v)
        try checkRange(of: batch.insertedSections, "insert", count: newSections, "after", v)
        if let both = batch.deletedSections.intersection(batch.reloadedSections).first {
            throw invalid("attempt to delete and reload the same section \(both).")
        }
        let movedFrom = try validateSectionMoves(batch, oldSections: oldSections, newSections: newSections, vocabulary: v)
        let expectedSections = oldSections - batch.deletedSections.count + batch.insertedSections.count
        guard newSections == expectedSections else {
            throw invalid(
                "invalid number of sections. The number of sections contained in the \(v.view) after the update (\(newSections)) "
                    + "must be equal to the number of sections contained in the \(v.view) before the update (\(oldSections)), "
                    + "plus or minus the number of sections inserted or deleted (\(batch.insertedSections.count) inserted, \(batch.deletedSections.count) deleted)."
            )
        }
        return movedFrom
    }

    /// Throws when one of `sections` is outside `0..<count` (`when`: "before" or "after" the update).
    private static func checkRange(
        of sections: IndexSet, _ verb: String, count: Int, _ when: String, _ v: UpdateVocabulary
    ) throws(ReuseTableError) {
        for section in sections where section < 0 || section >= count {
            throw invalid(
                section < 0
                    ? "attempt to \(verb) section \(section): section numbers start at 0."
                    : "attempt to \(verb) section \(section), but there are only \(v.plural(count, "section")) \(when) the update.")
        }
    }

    /// Checks each section move: in range at both ends, not of a deleted or reloaded section,
    /// no section moved twice, no destination taken twice. Returns the moves' sources.
    private static func validateSectionMoves(
        _ batch: BatchUpdate, oldSections: Int, newSections: Int, vocabulary v: UpdateVocabulary
    ) throws(ReuseTableError) -> IndexSet {
        var movedFrom = IndexSet(), movedTo = IndexSet()
        for move in batch.movedSections {
            guard move.from >= 0, move.from < oldSections else {
                throw invalid("attempt to move section \(move.from), but there are only \(v.plural(oldSections, "section")) before the update.")
            }
            guard move.to >= 0, move.to < newSections else {
                throw invalid(
                    "attempt to move section \(move.from) to section \(move.to), but there are only \(v.plural(newSections, "section")) after the update."
                )
            }
            if batch.deletedSections.contains(move.from) || batch.reloadedSections.contains(move.from) {
                throw invalid(
                    "attempt to move section \(move.from), which is also being \(batch.deletedSections.contains(move.from) ? "deleted" : "reloaded")."
                )
            }
            if movedFrom.contains(move.from) { throw invalid("attempt to move section \(move.from) twice.") }
            if movedTo.contains(move.to) || batch.insertedSections.contains(move.to) {
                throw invalid("attempt to move a section to section \(move.to), which is already the destination of an insertion or another move.")
            }
            movedFrom.insert(move.from)
            movedTo.insert(move.to)
        }
        return movedFrom
    }

    // MARK: Rows

    /// Checks the batch's rows — deletes, reloads, inserts, then moves — for range,
    /// conflicts with their sections and with each other, and repeats. Returns them as sets.
    /// - Complexity: O(k) for k rows named in the batch.
    static func validateRows(
        _ batch: BatchUpdate, oldCounts: [Int], newCounts: [Int], freshSections: IndexSet, vocabulary v: UpdateVocabulary
    ) throws(ReuseTableError) -> ValidatedRows {
        let check = RowCheck(batch: batch, oldCounts: oldCounts, newCounts: newCounts, freshSections: freshSections, v: v)
        var rows = ValidatedRows()
        for indexPath in batch.deletedRows {
            try check.old(indexPath, "delete")
            guard rows.deleted.insert(indexPath).inserted else { throw invalid("attempt to delete \(v.row) \(v.describe(indexPath)) twice.") }
        }
        for indexPath in batch.reloadedRows {
            try check.old(indexPath, "reload")
            if rows.deleted.contains(indexPath) { throw invalid("attempt to delete and reload the same \(v.row) \(v.describe(indexPath)).") }
            guard rows.reloaded.insert(indexPath).inserted else { throw invalid("attempt to reload \(v.row) \(v.describe(indexPath)) twice.") }
        }
        for indexPath in batch.insertedRows {
            try check.new(indexPath, "insert")
            guard rows.inserted.insert(indexPath).inserted else { throw invalid("attempt to insert \(v.row) \(v.describe(indexPath)) twice.") }
        }
        for move in batch.movedRows {
            try check.old(move.from, "move")
            try check.new(move.to, "move")
            if rows.deleted.contains(move.from) || rows.reloaded.contains(move.from) {
                throw invalid(
                    "attempt to move \(v.row) \(v.describe(move.from)), which is also being \(rows.deleted.contains(move.from) ? "deleted" : "reloaded")."
                )
            }
            guard rows.movedOut.insert(move.from).inserted else { throw invalid("attempt to move \(v.row) \(v.describe(move.from)) twice.") }
            guard rows.inserted.insert(move.to).inserted else {
                throw invalid(
                    "attempt to move \(v.row) \(v.describe(move.from)) to \(v.describe(move.to)), which is already the destination of an insertion or another move."
                )
            }
        }
        return rows
    }

    /// One row's range and its section's conflicts: in old space (deletes, reloads, move
    /// sources) or new space (inserts, move destinations).
    private struct RowCheck {
        let batch: BatchUpdate
        let oldCounts: [Int], newCounts: [Int]
        /// Inserted and reloaded sections (new indices).
        let freshSections: IndexSet
        let v: UpdateVocabulary

        /// An old index path: in range, and not in a deleted or reloaded section (a move may
        /// leave a deleted section when the batch allows it).
        func old(_ indexPath: IndexPath, _ verb: String) throws(ReuseTableError) {
            guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < oldCounts.count else {
                throw invalid(
                    "attempt to \(verb) \(v.row) \(v.describe(indexPath)), but there are only \(v.plural(oldCounts.count, "section")) before the update."
                )
            }
            let rows = oldCounts[indexPath.section]
            guard indexPath.row >= 0, indexPath.row < rows else {
                throw invalid(
                    "attempt to \(verb) \(v.row) \(v.describe(indexPath)), but section \(indexPath.section) contains only \(v.plural(rows, v.row)) before the update."
                )
            }
            if batch.allowsMovesAcrossInsertedAndDeletedSections, verb == "move", batch.deletedSections.contains(indexPath.section) { return }
            if batch.deletedSections.contains(indexPath.section) || batch.reloadedSections.contains(indexPath.section) {
                let what = batch.deletedSections.contains(indexPath.section) ? "deleted" : "reloaded"
                throw invalid("attempt to \(verb) \(v.row) \(v.describe(indexPath)) in section \(indexPath.section), which is also being \(what).")
            }
        }

        /// A new index path: in range, and not in an inserted or reloaded section (a move may
        /// enter an inserted section when the batch allows it).
        func new(_ indexPath: IndexPath, _ verb: String) throws(ReuseTableError) {
            guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < newCounts.count else {
                throw invalid(
                    "attempt to \(verb) \(v.row) \(v.describe(indexPath)), but there are only \(v.plural(newCounts.count, "section")) after the update."
                )
            }
            let rows = newCounts[indexPath.section]
            guard indexPath.row >= 0, indexPath.row < rows else {
                throw invalid(
                    "attempt to \(verb) \(v.row) \(v.describe(indexPath)), but section \(indexPath.section) contains only \(v.plural(rows, v.row)) after the update."
                )
            }
            if batch.allowsMovesAcrossInsertedAndDeletedSections, verb == "move", batch.insertedSections.contains(indexPath.section) { return }
            if freshSections.contains(indexPath.section) {
                throw invalid(
                    "attempt to \(verb) \(v.row) \(v.describe(indexPath)) into section \(indexPath.section), which is being inserted or reloaded: its \(v.row)s come from the data source."
                )
            }
        }
    }

    // MARK: Row counts

    /// Checks that every surviving section has as many rows after the update as before,
    /// plus insertions and moves in, minus deletions and moves out (UIKit's message).
    /// - Complexity: O(k + sections) for k changed rows.
    static func validateRowCounts(
        _ batch: BatchUpdate, _ rows: ValidatedRows, _ sections: SectionMapping,
        oldCounts: [Int], newCounts: [Int], vocabulary v: UpdateVocabulary
    ) throws(ReuseTableError) {
        var movedIn: [Int: Int] = [:], movedOut: [Int: Int] = [:], inserted: [Int: Int] = [:], deleted: [Int: Int] = [:]
        for indexPath in rows.deleted { deleted[indexPath.section, default: 0] += 1 }
        for move in batch.movedRows {
            movedOut[move.from.section, default: 0] += 1
            movedIn[move.to.section, default: 0] += 1
        }
        for indexPath in batch.insertedRows { inserted[indexPath.section, default: 0] += 1 }
        for new in 0..<newCounts.count {
            guard let old = sections.oldOfNew[new] else { continue }
            let ins = inserted[new] ?? 0, del = deleted[old] ?? 0
            let into = movedIn[new] ?? 0, outOf = movedOut[old] ?? 0
            let expected = oldCounts[old] + ins - del + into - outOf
            guard newCounts[new] == expected else {
                throw invalid(
                    "invalid number of \(v.row)s in section \(new). The number of \(v.row)s contained in an existing section after the update (\(newCounts[new])) "
                        + "must be equal to the number of \(v.row)s contained in that section before the update (\(oldCounts[old])), "
                        + "plus or minus the number of \(v.row)s inserted or deleted from that section (\(ins) inserted, \(del) deleted) "
                        + "and plus or minus the number of \(v.row)s moved into or out of that section (\(into) moved in, \(outOf) moved out).")
            }
        }
    }
}
