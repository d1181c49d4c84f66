import Foundation

/// A validated batch turned into primitive steps that every consumer (the geometry, the height
/// cache, the visible cells) applies in the same order: `rowRemovals` and `sectionRemovals` (old
/// space, highest first), then `sectionInsertions` and `rowInsertions` (new space, lowest first).
/// A move carries its removed payload to its insertion, never a swap; a reload is a removal plus a
/// fresh insertion. Why this order, and moves across inserted and deleted sections: Docs/mutations.md.
///
/// - Complexity: building is O(k log k + sections) for k changes (plus the rows of
///   inserted sections that receive moved rows); mapping one old index path is
///   O(log k + k) — never proportional to the rows.
struct UpdatePlan: Sendable {
    init() {}

    enum Source<Old: Sendable>: Sendable {
        /// Ask the data source (inserted or reloaded).
        case fresh
        /// Carry what was removed at this old position (a move).
        case moved(Old)
    }

    var sectionRemovals: [Int] = []
    var sectionInsertions: [(index: Int, source: Source<Int>)] = []
    /// Step 1 as packed positions (`RowSpace.pack`), highest first.
    private(set) var packedRowRemovals: [Int] = []
    /// Step 4 as packed positions, lowest first; beside each, the packed old position a move
    /// carries, or -1 for a fresh row.
    private(set) var packedRowInsertions: [(position: Int, source: Int)] = []

    /// Step 1: deleted, reloaded and moved-away rows, old index paths, highest first.
    /// - Complexity: O(k) for k removals (made from the packed positions).
    var rowRemovals: [IndexPath] { packedRowRemovals.map { IndexPath(packed: $0) } }

    /// Step 4: inserted, reloaded and moved-in rows, new index paths, lowest first, each with its source.
    /// - Complexity: O(k) for k insertions (made from the packed positions).
    var rowInsertions: [(indexPath: IndexPath, source: Source<IndexPath>)] {
        packedRowInsertions.map { insertion in
            let indexPath = IndexPath(packed: insertion.position)
            return (indexPath, insertion.source >= 0 ? .moved(IndexPath(packed: insertion.source)) : .fresh)
        }
    }

    /// New index of each old section; nil when deleted or reloaded.
    private(set) var newSectionOfOld: [Int?] = []
    /// Inserted sections (new indices) that receive moved rows: inserted empty, their rows listed one by one.
    private(set) var sectionsFilledRowByRow = IndexSet()
    /// Per old section: rows deleted or moved away (not reloads), sorted.
    private(set) var removedRowsByOldSection: [Int: [Int]] = [:]
    /// Per new section: rows inserted or moved in (not reloads), sorted.
    private(set) var insertedRowsByNewSection: [Int: [Int]] = [:]
    private var movedRowDestinations = RowDestinations()
    /// Deleted rows (old index paths).
    private var deletedRows: RowSet?
    /// Reloaded rows (old index paths): gone as cells and heights, but the same rows (see `newIndexPath(followingReloadOf:)`).
    private(set) var reloadedRows: RowSet?

    /// Rows of one section deleted and inserted as ranges — an outline's expand or collapse — when
    /// the plan is one (`init(rowRangesIn:deleted:inserted:sectionCount:)`): each range is one step
    /// for its consumers, never one per row.
    private(set) var rowRanges: SectionRowRanges?

    /// Where an old row is after the update: nil when deleted, reloaded or in a removed section.
    /// - Complexity: O(log k + k) for k changes in its sections.
    func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
        if let rowRanges { return rowRanges.newIndexPath(forOld: indexPath) }
        if let destination = movedRowDestinations.destination(of: indexPath) { return destination }
        guard indexPath.count == 2, newSectionOfOld.indices.contains(indexPath.section), !isGone(indexPath),
            let section = newSectionOfOld[indexPath.section]
        else { return nil }
        return IndexPath(row: survivorRow(indexPath.row, oldSection: indexPath.section, newSection: section), section: section)
    }

    /// Whether an old row moves (a move's removal and insertion carry it elsewhere).
    /// - Complexity: O(1).
    func isMovedRow(_ indexPath: IndexPath) -> Bool { movedRowDestinations.destination(of: indexPath) != nil }

    /// Whether an old row is deleted or reloaded.
    private func isGone(_ indexPath: IndexPath) -> Bool {
        deletedRows?.contains(indexPath) == true || reloadedRows?.contains(indexPath) == true
    }

    /// Where an old row is after the update when a reload counts as the same row (selection
    /// follows a reloaded row, as in UIKit): nil when deleted or in a deleted or reloaded section.
    /// - Complexity: O(log k + k) for k changes in its sections.
    func newIndexPath(followingReloadOf indexPath: IndexPath) -> IndexPath? {
        if let rowRanges { return rowRanges.newIndexPath(forOld: indexPath) }
        guard reloadedRows?.contains(indexPath) == true, let section = newSectionOfOld[indexPath.section] else {
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

    /// Whether old row `row` of old section `section` leaves its place: deleted or moved away (a
    /// reload keeps its place).
    /// - Complexity: O(log k) for k rows removed from the section.
    func rowLeavesItsPlace(_ row: Int, inOldSection section: Int) -> Bool {
        if let rowRanges { return section == rowRanges.section && rowRanges.map.newRow(ofOld: row) == nil }
        let removed = removedRowsByOldSection[section] ?? []
        let k = removed.lowerBound(of: row)
        return k < removed.count && removed[k] == row
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

    /// The plan of an outline's expand or collapse: `deleted` rows (old space, ascending) and
    /// `inserted` rows (new space, ascending) of `section`, in a view of `sectionCount` sections;
    /// every other row and section stays. Each range is one step (`UpdatePlanTarget.removeRows(_:inSection:)`).
    /// - Complexity: O(r + sections) for r ranges.
    init(rowRangesIn section: Int, deleted: [Range<Int>], inserted: [Range<Int>], sectionCount: Int) {
        rowRanges = SectionRowRanges(section: section, map: RowRangeMap(deleted: deleted, inserted: inserted))
        newSectionOfOld = Array(0..<sectionCount)
    }

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
        let old = RowSpace(counts: oldCounts), new = RowSpace(counts: newCounts)
        let moves = batch.movedRows.count + batch.packedMovedRows.count
        let named = batch.deletedRows.count + batch.reloadedRows.count + batch.insertedRows.count + 2 * moves
        let dense = old.prefersDense(named: named) || new.prefersDense(named: named)
        let rows = try validateRows(batch, old: old, new: new, dense: dense, freshSections: sections.freshSections, vocabulary: v)
        try validateRowCounts(batch, rows, sections, oldCounts: oldCounts, newCounts: newCounts, vocabulary: v)

        var plan = UpdatePlan()
        plan.recordRowLookups(batch, rows, sections)
        plan.listSteps(batch, rows, sections, new: new)
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

    /// The batch's rows once validated, without duplicates: bits when the batch names many
    /// rows, hashed positions otherwise (`RowSet`).
    struct ValidatedRows {
        var deleted: RowSet
        var reloaded: RowSet
        /// Inserted rows and move destinations (new index paths).
        var inserted: RowSet
        /// Move sources (old index paths).
        var movedOut: RowSet
        /// The batch's moves, packed (`RowSpace.pack`), in the batch's order.
        var moves: [(from: Int, to: Int)] = []
        /// The batch's inserted rows, packed, in the batch's order.
        var insertions: [Int] = []

        init(old: RowSpace, new: RowSpace, dense: Bool) {
            deleted = RowSet(old, dense: dense)
            reloaded = RowSet(old, dense: dense)
            movedOut = RowSet(old, dense: dense)
            inserted = RowSet(new, dense: dense)
        }
    }

    /// Records what the index-path queries need: the sections' new indices, the moves'
    /// destinations, and per section the rows removed and inserted (reloads aside), sorted.
    /// - Complexity: O(k log k) for k changed rows; O(n + k) for n rows when the batch names many.
    private mutating func recordRowLookups(_ batch: BatchUpdate, _ rows: ValidatedRows, _ sections: SectionMapping) {
        newSectionOfOld = sections.newOfOld
        let space = rows.movedOut.space
        var destinations = RowDestinations(space, dense: rows.moves.count * 8 >= space.rowCount)
        for move in rows.moves { destinations.set(RowSpace.section(move.from), RowSpace.row(move.from), to: move.to) }
        movedRowDestinations = destinations
        if batch.allowsMovesAcrossInsertedAndDeletedSections, !batch.insertedSections.isEmpty {
            for move in rows.moves where batch.insertedSections.contains(RowSpace.section(move.to)) {
                sectionsFilledRowByRow.insert(RowSpace.section(move.to))
            }
        }
        removedRowsByOldSection = RowSet.sortedRowsBySection(of: [rows.deleted, rows.movedOut])
        insertedRowsByNewSection = RowSet.sortedRowsBySection(of: [rows.inserted])
        deletedRows = rows.deleted.count > 0 ? rows.deleted : nil
        reloadedRows = rows.reloaded.count > 0 ? rows.reloaded : nil
    }

    /// Lists the four steps: removals highest first, insertions lowest first. A reloaded
    /// row is inserted fresh where it would be had it survived (so after `recordRowLookups`).
    /// - Complexity: O(k log k + sections) for k changes, O(n + k) for n rows when the batch
    ///   names many, plus the rows of inserted sections that receive moved rows.
    private mutating func listSteps(_ batch: BatchUpdate, _ rows: ValidatedRows, _ sections: SectionMapping, new: RowSpace) {
        packedRowRemovals = RowSet.sortedPositions(of: [rows.deleted, rows.reloaded, rows.movedOut]).reversed()
        sectionRemovals = (Array(batch.deletedSections) + Array(batch.reloadedSections) + Array(sections.movedFrom)).sorted(by: >)
        var sectionInsertions: [(index: Int, source: Source<Int>)] = sections.freshSections.map { ($0, .fresh) }
        sectionInsertions += batch.movedSections.map { ($0.to, .moved($0.from)) }
        self.sectionInsertions = sectionInsertions.sorted { $0.index < $1.index }
        var insertions: [(position: Int, source: Int)] = []
        insertions.reserveCapacity(rows.insertions.count + rows.moves.count + rows.reloaded.count)
        for position in rows.insertions { insertions.append((position, -1)) }
        for move in rows.moves { insertions.append((move.to, move.from)) }
        for section in sectionsFilledRowByRow {
            for row in 0..<new.counts[section] where !rows.inserted.contains(section, row) {
                insertions.append((RowSpace.pack(section, row), -1))
            }
        }
        for (oldSection, reloaded) in RowSet.sortedRowsBySection(of: [rows.reloaded]) {
            let section = sections.newOfOld[oldSection]!
            for row in survivorRows(reloaded, oldSection: oldSection, newSection: section) {
                insertions.append((RowSpace.pack(section, row), -1))
            }
        }
        packedRowInsertions = new.order(ofUnique: insertions.map(\.position)).map { insertions[$0] }
    }

    /// `survivorRow(_:oldSection:newSection:)` for each of a section's `rows` (ascending) in one
    /// merge: both the removals before a row and the insertions it steps over only grow.
    /// - Complexity: O(rows + changes in the two sections).
    private func survivorRows(_ rows: [Int], oldSection: Int, newSection: Int) -> [Int] {
        let removed = removedRowsByOldSection[oldSection] ?? [], inserted = insertedRowsByNewSection[newSection] ?? []
        var r = 0, i = 0
        return rows.map { row in
            while r < removed.count, removed[r] < row { r += 1 }
            let base = row - r
            while i < inserted.count, inserted[i] <= base + i { i += 1 }
            return base + i
        }
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
    /// - Complexity: O(k) for k rows named in the batch, plus O(n / 64) for n rows when dense.
    static func validateRows(
        _ batch: BatchUpdate, old: RowSpace, new: RowSpace, dense: Bool, freshSections: IndexSet, vocabulary v: UpdateVocabulary
    ) throws(ReuseTableError) -> ValidatedRows {
        let check = RowCheck(batch: batch, old: old, new: new, freshSections: freshSections, v: v)
        var rows = ValidatedRows(old: old, new: new, dense: dense)
        for indexPath in batch.deletedRows {
            let (section, row) = try check.old(indexPath, .delete)
            guard rows.deleted.insert(section, row) else {
                throw invalid("attempt to delete \(v.row) \(v.describe(indexPath)) twice.")
            }
        }
        for indexPath in batch.reloadedRows {
            let (section, row) = try check.old(indexPath, .reload)
            if rows.deleted.contains(section, row) {
                throw invalid("attempt to delete and reload the same \(v.row) \(v.describe(indexPath)).")
            }
            guard rows.reloaded.insert(section, row) else {
                throw invalid("attempt to reload \(v.row) \(v.describe(indexPath)) twice.")
            }
        }
        rows.insertions.reserveCapacity(batch.insertedRows.count)
        for indexPath in batch.insertedRows {
            let (section, row) = try check.new(indexPath, .insert)
            guard rows.inserted.insert(section, row) else {
                throw invalid("attempt to insert \(v.row) \(v.describe(indexPath)) twice.")
            }
            rows.insertions.append(RowSpace.pack(section, row))
        }
        rows.moves.reserveCapacity(batch.movedRows.count + batch.packedMovedRows.count)
        for move in batch.movedRows {
            try checkMove(check.old(move.from, .move), check.new(move.to, .move), move.from, move.to, into: &rows, v)
        }
        for move in batch.packedMovedRows {
            let source = try check.old(RowSpace.section(move.from), RowSpace.row(move.from), IndexPath(packed: move.from), .move)
            let destination = try check.new(RowSpace.section(move.to), RowSpace.row(move.to), IndexPath(packed: move.to), .move)
            try checkMove(source, destination, IndexPath(packed: move.from), IndexPath(packed: move.to), into: &rows, v)
        }
        return rows
    }

    /// One move whose ends are in range: not of a deleted or reloaded row, not moved twice, not
    /// onto another insertion's or move's destination. `from` and `to` name it in messages
    /// (made lazily: a diffable batch's million moves make no index paths).
    private static func checkMove(
        _ source: (section: Int, row: Int), _ destination: (section: Int, row: Int),
        _ from: @autoclosure () -> IndexPath, _ to: @autoclosure () -> IndexPath,
        into rows: inout ValidatedRows, _ v: UpdateVocabulary
    ) throws(ReuseTableError) {
        let (section, row) = source
        if rows.deleted.contains(section, row) || rows.reloaded.contains(section, row) {
            throw invalid(
                "attempt to move \(v.row) \(v.describe(from())), which is also being \(rows.deleted.contains(section, row) ? "deleted" : "reloaded")."
            )
        }
        guard rows.movedOut.insert(section, row) else { throw invalid("attempt to move \(v.row) \(v.describe(from())) twice.") }
        guard rows.inserted.insert(destination.section, destination.row) else {
            throw invalid(
                "attempt to move \(v.row) \(v.describe(from())) to \(v.describe(to())), which is already the destination of an insertion or another move."
            )
        }
        rows.moves.append((RowSpace.pack(section, row), RowSpace.pack(destination.section, destination.row)))
    }

    /// What a batch does to a row, as its messages say it.
    private enum Verb: String {
        case delete, reload, insert, move
    }

    /// One row's range and its section's conflicts: in old space (deletes, reloads, move
    /// sources) or new space (inserts, move destinations). The sections' roles are read
    /// once into arrays, so a row costs a few comparisons.
    private struct RowCheck {
        let old: RowSpace, new: RowSpace
        let v: UpdateVocabulary
        /// Per old section: nil when it survives (or moves), else "deleted" or "reloaded".
        let oldSectionFate: [String?]
        /// Per new section: nil when its rows may be named, else true when it is inserted, false when reloaded.
        let newSectionFresh: [Bool?]
        /// Whether a move may leave a deleted section or enter an inserted one.
        let movesCrossSections: Bool

        init(batch: BatchUpdate, old: RowSpace, new: RowSpace, freshSections: IndexSet, v: UpdateVocabulary) {
            self.old = old
            self.new = new
            self.v = v
            var fates = [String?](repeating: nil, count: old.counts.count)
            for section in batch.reloadedSections where section < fates.count { fates[section] = "reloaded" }
            for section in batch.deletedSections where section < fates.count { fates[section] = "deleted" }
            oldSectionFate = fates
            var fresh = [Bool?](repeating: nil, count: new.counts.count)
            for section in freshSections where section < fresh.count { fresh[section] = batch.insertedSections.contains(section) }
            newSectionFresh = fresh
            movesCrossSections = batch.allowsMovesAcrossInsertedAndDeletedSections
        }

        /// Throws when (section, row) is not a row of `space` (`when`: "before" or "after" the update).
        private func checkRange(
            _ section: Int, _ row: Int, in space: RowSpace, _ when: String, _ indexPath: @autoclosure () -> IndexPath, _ verb: Verb
        ) throws(ReuseTableError) {
            guard section >= 0, section < space.counts.count else {
                throw invalid(
                    "attempt to \(verb.rawValue) \(v.row) \(v.describe(indexPath())), but there are only \(v.plural(space.counts.count, "section")) \(when) the update."
                )
            }
            let rows = space.counts[section]
            guard row >= 0, row < rows else {
                throw invalid(
                    "attempt to \(verb.rawValue) \(v.row) \(v.describe(indexPath())), but section \(section) contains only \(v.plural(rows, v.row)) \(when) the update."
                )
            }
        }

        /// An old index path: in range, and not in a deleted or reloaded section (a move may
        /// leave a deleted section when the batch allows it).
        func old(_ indexPath: IndexPath, _ verb: Verb) throws(ReuseTableError) -> (section: Int, row: Int) {
            guard indexPath.count == 2 else { return try old(-1, 0, indexPath, verb) }
            return try old(indexPath[0], indexPath[1], indexPath, verb)
        }

        /// `old(_:_:)` for a row given as numbers; `indexPath` names it in messages.
        func old(_ section: Int, _ row: Int, _ indexPath: @autoclosure () -> IndexPath, _ verb: Verb) throws(ReuseTableError) -> (
            section: Int, row: Int
        ) {
            try checkRange(section, row, in: old, "before", indexPath(), verb)
            guard let what = oldSectionFate[section] else { return (section, row) }
            if movesCrossSections, verb == .move, what == "deleted" { return (section, row) }
            throw invalid("attempt to \(verb.rawValue) \(v.row) \(v.describe(indexPath())) in section \(section), which is also being \(what).")
        }

        /// A new index path: in range, and not in an inserted or reloaded section (a move may
        /// enter an inserted section when the batch allows it).
        func new(_ indexPath: IndexPath, _ verb: Verb) throws(ReuseTableError) -> (section: Int, row: Int) {
            guard indexPath.count == 2 else { return try new(-1, 0, indexPath, verb) }
            return try new(indexPath[0], indexPath[1], indexPath, verb)
        }

        /// `new(_:_:)` for a row given as numbers; `indexPath` names it in messages.
        func new(_ section: Int, _ row: Int, _ indexPath: @autoclosure () -> IndexPath, _ verb: Verb) throws(ReuseTableError) -> (
            section: Int, row: Int
        ) {
            try checkRange(section, row, in: new, "after", indexPath(), verb)
            guard let inserted = newSectionFresh[section] else { return (section, row) }
            if movesCrossSections, verb == .move, inserted { return (section, row) }
            throw invalid(
                "attempt to \(verb.rawValue) \(v.row) \(v.describe(indexPath())) into section \(section), which is being inserted or reloaded: its \(v.row)s come from the data source."
            )
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
        var movedIn = [Int](repeating: 0, count: newCounts.count)
        for move in rows.moves { movedIn[RowSpace.section(move.to)] += 1 }
        for new in 0..<newCounts.count {
            guard let old = sections.oldOfNew[new] else { continue }
            let into = movedIn[new], outOf = rows.movedOut.countBySection[old]
            let ins = rows.inserted.countBySection[new] - into, del = rows.deleted.countBySection[old]
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
