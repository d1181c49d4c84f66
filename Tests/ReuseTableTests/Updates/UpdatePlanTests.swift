import Foundation
import Testing
@testable import ReuseTable
import TestSupport

/// `UpdatePlan` and `BatchUpdate`: where every old row goes, the four step lists, and the
/// messages for bad batches. The model is brute force: the table's rows as arrays of identities.
@Suite struct UpdatePlanTests {
    private static func ip(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }

    private static func plan(
        _ batch: BatchUpdate, _ old: [Int], _ new: [Int],
        _ vocabulary: UpdateVocabulary = .table
    ) throws -> UpdatePlan {
        try UpdatePlan.make(batch, oldCounts: old, newCounts: new, vocabulary: vocabulary)
    }

    /// The message `make` throws for `batch`, or nil when it validates.
    private static func message(
        _ batch: BatchUpdate, _ old: [Int], _ new: [Int],
        _ vocabulary: UpdateVocabulary = .table
    ) -> String? {
        do {
            _ = try UpdatePlan.make(batch, oldCounts: old, newCounts: new, vocabulary: vocabulary)
            return nil
        } catch {
            return error.message
        }
    }

    // MARK: Hand-checked cases

    @Test func anEmptyBatchMapsEveryRowToItself() throws {
        let plan = try Self.plan(BatchUpdate(), [3, 0, 2], [3, 0, 2])
        #expect(BatchUpdate().isEmpty)
        for (s, r) in [(0, 0), (0, 2), (2, 1)] { #expect(plan.newIndexPath(forOld: Self.ip(s, r)) == Self.ip(s, r)) }
        #expect(plan.rowRemovals.isEmpty && plan.sectionRemovals.isEmpty && plan.sectionInsertions.isEmpty && plan.rowInsertions.isEmpty)
    }

    /// [a b c d e], delete b, insert X at 0 → [X a c d e].
    @Test func deleteAndInsertInOneSection() throws {
        var batch = BatchUpdate()
        batch.deletedRows = [Self.ip(0, 1)]
        batch.insertedRows = [Self.ip(0, 0)]
        #expect(!batch.isEmpty)
        let plan = try Self.plan(batch, [5], [5])
        #expect((0..<5).map { plan.newIndexPath(forOld: Self.ip(0, $0))?.row } == [1, nil, 2, 3, 4])
        #expect(plan.rowRemovals == [Self.ip(0, 1)])
        #expect(plan.rowInsertions.map(\.indexPath) == [Self.ip(0, 0)])
    }

    /// [a b c d], move a to 3 → [b c d a]: a move is a removal carrying its payload, never a swap.
    @Test func moveWithinASection() throws {
        var batch = BatchUpdate()
        batch.movedRows = [(Self.ip(0, 0), Self.ip(0, 3))]
        let plan = try Self.plan(batch, [4], [4])
        #expect((0..<4).map { plan.newIndexPath(forOld: Self.ip(0, $0))?.row } == [3, 0, 1, 2])
        #expect(plan.rowRemovals == [Self.ip(0, 0)])
        guard case .moved(let from)? = plan.rowInsertions.first?.source else {
            Issue.record("the insertion carries the moved row")
            return
        }
        #expect(from == Self.ip(0, 0) && plan.rowInsertions.map(\.indexPath) == [Self.ip(0, 3)])
    }

    /// A reloaded row keeps its position but is fresh: no old row maps to it.
    @Test func reloadedRowIsRemovedAndInsertedFreshInPlace() throws {
        var batch = BatchUpdate()
        batch.reloadedRows = [Self.ip(0, 2)]
        batch.deletedRows = [Self.ip(0, 0)]
        let plan = try Self.plan(batch, [4], [3])
        #expect((0..<4).map { plan.newIndexPath(forOld: Self.ip(0, $0))?.row } == [nil, 0, nil, 2])
        #expect(plan.rowRemovals == [Self.ip(0, 2), Self.ip(0, 0)], "highest first")
        #expect(plan.rowInsertions.map(\.indexPath) == [Self.ip(0, 1)])
        if case .moved? = plan.rowInsertions.first?.source { Issue.record("a reload is fresh") }
    }

    /// Sections [A B C]: delete A, insert N at 2 → [B C N]; then move A to the end → [B C A].
    @Test func sectionDeleteInsertAndMove() throws {
        var batch = BatchUpdate()
        batch.deletedSections = [0]
        batch.insertedSections = [2]
        let plan = try Self.plan(batch, [1, 2, 3], [2, 3, 7])
        #expect(plan.newIndexPath(forOld: Self.ip(0, 0)) == nil)
        #expect(plan.newIndexPath(forOld: Self.ip(1, 1)) == Self.ip(0, 1))
        #expect(plan.newIndexPath(forOld: Self.ip(2, 2)) == Self.ip(1, 2))
        #expect(plan.sectionRemovals == [0] && plan.sectionInsertions.map(\.index) == [2])

        var move = BatchUpdate()
        move.movedSections = [(0, 2)]
        let moved = try Self.plan(move, [1, 2, 3], [2, 3, 1])
        #expect(moved.newIndexPath(forOld: Self.ip(0, 0)) == Self.ip(2, 0))
        #expect(moved.newIndexPath(forOld: Self.ip(1, 1)) == Self.ip(0, 1))
        #expect(moved.newIndexPath(forOld: Self.ip(2, 0)) == Self.ip(1, 0))
    }

    /// Sections [A B C] = [[0 1 2] [3 4] [5 6]]: delete A, insert N at 1, move A's row 1 into B and
    /// C's row 0 into N → [[3 1 4] [5 new] [6]]. The public calls refuse both moves;
    /// a diffable data source's batch allows them, and the moved rows carry their payloads.
    @MainActor @Test func aDiffableBatchMovesRowsOutOfDeletedAndIntoInsertedSections() throws {
        var batch = BatchUpdate()
        batch.deletedSections = [0]
        batch.insertedSections = [1]
        batch.movedRows = [(Self.ip(0, 1), Self.ip(0, 1)), (Self.ip(2, 0), Self.ip(1, 0))]
        let old = [[0, 1, 2], [3, 4], [5, 6]], newCounts = [3, 2, 1]
        #expect(
            Self.message(batch, old.map(\.count), newCounts)
                == "Invalid update: attempt to move row (section 0, row 1) in section 0, which is also being deleted.")
        var intoInserted = BatchUpdate()
        intoInserted.insertedSections = [1]
        intoInserted.movedRows = [(Self.ip(2, 0), Self.ip(1, 0))]
        #expect(
            Self.message(intoInserted, old.map(\.count), [3, 1, 2, 1])
                == "Invalid update: attempt to move row (section 1, row 0) into section 1, which is being inserted or reloaded: "
                + "its rows come from the data source.")

        batch.allowsMovesAcrossInsertedAndDeletedSections = true
        let plan = try Self.plan(batch, old.map(\.count), newCounts)
        let expected: [IndexPath: IndexPath?] = [
            Self.ip(0, 0): nil, Self.ip(0, 1): Self.ip(0, 1), Self.ip(0, 2): nil,
            Self.ip(1, 0): Self.ip(0, 0), Self.ip(1, 1): Self.ip(0, 2),
            Self.ip(2, 0): Self.ip(1, 0), Self.ip(2, 1): Self.ip(2, 0),
        ]
        for (from, to) in expected { #expect(plan.newIndexPath(forOld: from) == to, "\(from)") }
        #expect(plan.freshRowCount(ofInsertedSection: 1, newCounts: newCounts) == 0, "inserted empty, its rows listed")
        #expect(plan.rowInsertions.map(\.indexPath) == [Self.ip(0, 1), Self.ip(1, 0), Self.ip(1, 1)])
        #expect(Self.apply(plan, to: old, newCounts: newCounts) == [[3, 1, 4], [5, -1], [6]])
        var target = Identities(sections: old)
        plan.apply(to: &target, newCounts: newCounts)
        #expect(target.sections == [[3, 1, 4], [5, -1], [6]])
    }

    // MARK: Messages

    @Test func sectionMessages() {
        var batch = BatchUpdate()
        batch.deletedSections = [5]
        #expect(
            Self.message(batch, [1, 1], [1, 1]) == "Invalid update: attempt to delete section 5, but there are only 2 sections before the update.")
        batch = BatchUpdate()
        batch.insertedSections = [3]
        #expect(Self.message(batch, [1], [1, 1]) == "Invalid update: attempt to insert section 3, but there are only 2 sections after the update.")
        batch = BatchUpdate()
        batch.deletedSections = [0]
        batch.reloadedSections = [0]
        #expect(Self.message(batch, [1, 1], [1]) == "Invalid update: attempt to delete and reload the same section 0.")
        batch = BatchUpdate()
        batch.insertedSections = [0]
        #expect(
            Self.message(batch, [1], [1])
                == "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (1) "
                + "must be equal to the number of sections contained in the table view before the update (1), "
                + "plus or minus the number of sections inserted or deleted (1 inserted, 0 deleted).")
        batch = BatchUpdate()
        batch.movedSections = [(0, 1), (1, 1)]
        #expect(
            Self.message(batch, [1, 1], [1, 1])
                == "Invalid update: attempt to move a section to section 1, which is already the destination of an insertion or another move.")
    }

    /// Both storages of a batch's rows (bits, hashed positions) give the same messages.
    @Test(arguments: [true, false])
    func rowMessages(dense: Bool) {
        RowSpace.$forcedDensity.withValue(dense) { checkRowMessages() }
    }

    private func checkRowMessages() {
        var batch = BatchUpdate()
        batch.deletedRows = [Self.ip(0, 3)]
        #expect(
            Self.message(batch, [1], [0])
                == "Invalid update: attempt to delete row (section 0, row 3), but section 0 contains only 1 row before the update.")
        #expect(
            Self.message(batch, [1], [0], .collection)
                == "Invalid update: attempt to delete item (section 0, item 3), but section 0 contains only 1 item before the update.")
        batch.deletedRows = [Self.ip(0, 0), Self.ip(0, 0)]
        #expect(Self.message(batch, [2], [1]) == "Invalid update: attempt to delete row (section 0, row 0) twice.")
        batch = BatchUpdate()
        batch.insertedSections = [1]
        batch.insertedRows = [Self.ip(1, 0)]
        #expect(
            Self.message(batch, [1], [1, 1])
                == "Invalid update: attempt to insert row (section 1, row 0) into section 1, which is being inserted or reloaded: its rows come from the data source."
        )
        batch = BatchUpdate()
        batch.deletedRows = [Self.ip(0, 0)]
        #expect(
            Self.message(batch, [3], [3])
                == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (3) "
                + "must be equal to the number of rows contained in that section before the update (3), "
                + "plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) "
                + "and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
        batch = BatchUpdate()
        batch.movedRows = [(Self.ip(0, 0), Self.ip(0, 1)), (Self.ip(0, 1), Self.ip(0, 1))]
        #expect(
            Self.message(batch, [2], [2])
                == "Invalid update: attempt to move row (section 0, row 1) to (section 0, row 1), which is already the destination of an insertion or another move."
        )
    }

    // MARK: Recording and counts (BatchUpdate.swift)

    /// Nested begin/end record one batch, handed over at the outermost end; outside a batch
    /// nothing is recorded and the caller applies the change at once.
    @Test func recorderNestsAndHandsOverOneBatch() {
        var recorder = BatchRecorder()
        #expect(recorder.isIdle)
        #expect(!recorder.record { $0.deletedRows.append(Self.ip(0, 0)) }, "no batch open")
        recorder.begin()
        #expect(!recorder.isIdle)
        #expect(recorder.record { $0.insertedRows.append(Self.ip(0, 1)) })
        recorder.begin()
        #expect(recorder.record { $0.deletedSections.insert(2) })
        let inner = recorder.end()
        #expect(inner == nil, "an inner end hands over nothing")
        #expect(recorder.record { $0.movedRows.append((Self.ip(0, 2), Self.ip(0, 0))) })
        let batch = recorder.end()
        #expect(batch?.insertedRows == [Self.ip(0, 1)] && batch?.deletedSections == [2])
        #expect(batch?.movedRows.map(\.from) == [Self.ip(0, 2)] && batch?.deletedRows == [])
        #expect(recorder.isIdle)
        recorder.begin()
        let empty = recorder.end()
        #expect(empty?.isEmpty == true, "the next batch starts empty")
    }

    @Test func readCountsNamesTheMethodAndTheBadValue() throws {
        let counts = try UpdateVocabulary.table.readCounts(
            sections: { 3 }, sectionsMethod: "numberOfSections(in:)",
            rows: { [4, 0, 2][$0] }, rowsMethod: "tableView(_:numberOfRowsInSection:)")
        #expect(counts == [4, 0, 2])
        #expect(throws: ReuseTableError("numberOfSections(in:) returned -1; a table view has 0 or more sections.")) {
            try UpdateVocabulary.table.readCounts(
                sections: { -1 }, sectionsMethod: "numberOfSections(in:)",
                rows: { _ in 0 }, rowsMethod: "rows")
        }
        #expect(throws: ReuseTableError("collectionView(_:numberOfItemsInSection:) returned -3 for section 1; a section has 0 or more items.")) {
            try UpdateVocabulary.collection.readCounts(
                sections: { 2 }, sectionsMethod: "numberOfSections(in:)",
                rows: { $0 == 1 ? -3 : 5 }, rowsMethod: "collectionView(_:numberOfItemsInSection:)")
        }
    }

    // MARK: Random batches against a brute-force model

    /// An old table of unique row identities, a random valid batch of every kind, and the
    /// new table it must produce (fresh rows are -1).
    private struct Scenario {
        var old: [[Int]] = []
        var new: [[Int]] = []
        var batch = BatchUpdate()
        /// Where each old identity ends up; absent when deleted, reloaded or in a removed section.
        var destination: [Int: IndexPath] = [:]
    }

    private static func scenario(_ generator: inout SplitMix64) -> Scenario {
        func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
        var s = Scenario()
        let oldSectionCount = random(5) + 1
        s.old = (0..<oldSectionCount).map { section in (0..<random(6)).map { 1_000 * section + $0 } }

        // Sections: 0 survives, 1 deleted, 2 reloaded, 3 moved.
        let fate = (0..<oldSectionCount).map { _ -> Int in [0, 0, 0, 0, 1, 2, 3, 3][random(8)] }
        let insertedCount = random(3)
        let movedOld = (0..<oldSectionCount).filter { fate[$0] == 3 }
        let newSectionCount = oldSectionCount - fate.filter { $0 == 1 }.count + insertedCount
        var fixed = Array(0..<newSectionCount)
        fixed.shuffle(using: &generator)
        fixed = Array(fixed.prefix(insertedCount + movedOld.count))
        var oldOfNew = [Int?](repeating: nil, count: newSectionCount)  // nil: inserted
        var isFresh = [Bool](repeating: false, count: newSectionCount)
        for (k, new) in fixed.enumerated() {
            if k < insertedCount {
                s.batch.insertedSections.insert(new)
                isFresh[new] = true
            } else {
                let from = movedOld[k - insertedCount]
                s.batch.movedSections.append((from, new))
                oldOfNew[new] = from
            }
        }
        var free = (0..<newSectionCount).filter { !fixed.contains($0) }.makeIterator()
        for old in 0..<oldSectionCount where fate[old] == 0 || fate[old] == 2 {
            let new = free.next()!
            oldOfNew[new] = old
            if fate[old] == 2 { s.batch.reloadedSections.insert(old); isFresh[new] = true }
        }
        for old in 0..<oldSectionCount where fate[old] == 1 { s.batch.deletedSections.insert(old) }

        // Rows of sections that keep their rows: 0 stays, 1 deleted, 2 reloaded, 3 moved.
        let keeping = (0..<newSectionCount).filter { !isFresh[$0] }
        var survivors: [Int: [(id: Int, reloaded: Bool)]] = [:]  // by new section
        var movedIn: [Int: [(from: IndexPath, id: Int)]] = [:]
        for new in keeping {
            let old = oldOfNew[new]!
            for (row, id) in s.old[old].enumerated() {
                switch [0, 0, 0, 0, 0, 1, 2, 3, 3][random(9)] {
                case 1: s.batch.deletedRows.append(ip(old, row))
                case 2:
                    s.batch.reloadedRows.append(ip(old, row))
                    survivors[new, default: []].append((id, true))
                case 3: movedIn[keeping[random(keeping.count)], default: []].append((ip(old, row), id))
                default: survivors[new, default: []].append((id, false))
                }
            }
        }
        s.batch.deletedRows.shuffle(using: &generator)
        s.new = [[Int]](repeating: [], count: newSectionCount)
        for new in 0..<newSectionCount {
            if isFresh[new] {
                s.new[new] = Array(repeating: -1, count: random(5))
                continue
            }
            let incoming = movedIn[new] ?? []
            let inserts = random(3)
            let stay = survivors[new] ?? []
            let count = stay.count + incoming.count + inserts
            var positions = Array(0..<count)
            positions.shuffle(using: &generator)
            let fixedRows = Array(positions.prefix(incoming.count + inserts))
            var rows = [Int?](repeating: nil, count: count)
            for (k, position) in fixedRows.enumerated() {
                if k < incoming.count {
                    rows[position] = incoming[k].id
                    s.batch.movedRows.append((incoming[k].from, ip(new, position)))
                } else {
                    rows[position] = -1
                    s.batch.insertedRows.append(ip(new, position))
                }
            }
            var remaining = stay.makeIterator()
            for position in 0..<count where rows[position] == nil {
                let next = remaining.next()!
                rows[position] = next.reloaded ? -1 : next.id
            }
            s.new[new] = rows.map { $0! }
        }
        s.batch.movedRows.shuffle(using: &generator)
        for (section, rows) in s.new.enumerated() {
            for (row, id) in rows.enumerated() where id >= 0 { s.destination[id] = ip(section, row) }
        }
        return s
    }

    /// Applies the plan's four step lists to the old identities, the way every consumer does;
    /// nil when a step names a position that does not exist at that point.
    private static func apply(_ plan: UpdatePlan, to old: [[Int]], newCounts: [Int]) -> [[Int]]? {
        var sections = old
        var removedRows: [IndexPath: Int] = [:]
        for indexPath in plan.rowRemovals {
            guard sections.indices.contains(indexPath.section), sections[indexPath.section].indices.contains(indexPath.row) else { return nil }
            removedRows[indexPath] = sections[indexPath.section].remove(at: indexPath.row)
        }
        var removedSections: [Int: [Int]] = [:]
        for section in plan.sectionRemovals {
            guard sections.indices.contains(section) else { return nil }
            removedSections[section] = sections.remove(at: section)
        }
        for (index, source) in plan.sectionInsertions {
            guard index >= 0, index <= sections.count, newCounts.indices.contains(index) else { return nil }
            switch source {
            case .fresh: sections.insert(Array(repeating: -1, count: plan.freshRowCount(ofInsertedSection: index, newCounts: newCounts)), at: index)
            case .moved(let from):
                guard let payload = removedSections[from] else { return nil }
                sections.insert(payload, at: index)
            }
        }
        for (indexPath, source) in plan.rowInsertions {
            guard sections.indices.contains(indexPath.section), indexPath.row >= 0,
                indexPath.row <= sections[indexPath.section].count
            else { return nil }
            switch source {
            case .fresh: sections[indexPath.section].insert(-1, at: indexPath.row)
            case .moved(let from):
                guard let payload = removedRows[from] else { return nil }
                sections[indexPath.section].insert(payload, at: indexPath.row)
            }
        }
        return sections
    }

    /// Even chunks keep the batch's rows as bits, odd ones hashed (`RowSet`): both must plan alike.
    @Test(arguments: 0..<8)
    func randomBatchesMatchTheModel(chunk: Int) throws {
        try RowSpace.$forcedDensity.withValue(chunk % 2 == 0) { try checkRandomBatches(chunk: chunk) }
    }

    private func checkRandomBatches(chunk: Int) throws {
        var generator = SplitMix64(seed: 7_000 + UInt64(chunk))
        var kinds = Set<String>()
        for trial in 0..<250 {
            let s = Self.scenario(&generator)
            let oldCounts = s.old.map(\.count), newCounts = s.new.map(\.count)
            let plan: UpdatePlan
            do {
                plan = try Self.plan(s.batch, oldCounts, newCounts)
            } catch {
                Issue.record("trial \(trial): a valid batch was refused: \(error)")
                return
            }
            for (section, rows) in s.old.enumerated() {
                for (row, id) in rows.enumerated() {
                    try #require(
                        plan.newIndexPath(forOld: Self.ip(section, row)) == s.destination[id],
                        "chunk \(chunk) trial \(trial): old \(Self.ip(section, row)) in \(s.old) → \(s.new)")
                }
            }
            try #require(Self.apply(plan, to: s.old, newCounts: newCounts) == s.new, "chunk \(chunk) trial \(trial)")
            try #require(plan.rowRemovals == plan.rowRemovals.sorted(by: >))
            try #require(plan.sectionInsertions.map(\.index) == plan.sectionInsertions.map(\.index).sorted())
            let b = s.batch
            for (kind, present) in [
                ("insertSection", !b.insertedSections.isEmpty), ("deleteSection", !b.deletedSections.isEmpty),
                ("reloadSection", !b.reloadedSections.isEmpty), ("moveSection", !b.movedSections.isEmpty),
                ("insertRow", !b.insertedRows.isEmpty), ("deleteRow", !b.deletedRows.isEmpty),
                ("reloadRow", !b.reloadedRows.isEmpty), ("moveRow", !b.movedRows.isEmpty),
            ] where present {
                kinds.insert(kind)
            }
        }
        #expect(kinds.count == 8, "every kind of change was exercised: \(kinds.sorted())")
    }

    // MARK: The shared routine every consumer uses

    /// The model's identities as a consumer of `UpdatePlan.apply(to:newCounts:)`: a row carries its
    /// identity, a section its rows; fresh ones are -1.
    private struct Identities: UpdatePlanTarget {
        var sections: [[Int]]
        mutating func removeRow(at indexPath: IndexPath) -> Int { sections[indexPath.section].remove(at: indexPath.row) }
        mutating func removeSection(at section: Int) -> [Int] { sections.remove(at: section) }
        mutating func insertSection(at section: Int, count: Int, moved: [Int]?) {
            sections.insert(moved ?? Array(repeating: -1, count: count), at: section)
        }
        mutating func insertRow(at indexPath: IndexPath, moved: Int?) {
            sections[indexPath.section].insert(moved ?? -1, at: indexPath.row)
        }
    }

    /// The routine the table, the collection view's cache and `ColumnSections` share carries every
    /// moved row and section to its new place and leaves fresh ones fresh, for random batches of every kind.
    @MainActor @Test(arguments: 0..<4)
    func theSharedApplyRoutineCarriesMovedPayloads(chunk: Int) throws {
        var generator = SplitMix64(seed: 7_100 + UInt64(chunk))
        var moves = 0
        for trial in 0..<250 {
            let s = Self.scenario(&generator)
            let newCounts = s.new.map(\.count)
            let plan = try Self.plan(s.batch, s.old.map(\.count), newCounts)
            var target = Identities(sections: s.old)
            plan.apply(to: &target, newCounts: newCounts)
            try #require(target.sections == s.new, "chunk \(chunk) trial \(trial): \(s.old) → \(s.new)")
            moves += s.batch.movedRows.count + s.batch.movedSections.count
        }
        #expect(moves > 0, "the scenarios include moves")
    }
}
