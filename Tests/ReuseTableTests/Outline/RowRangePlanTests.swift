import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// An outline's expand or collapse is an update plan of its own kind: its ranges map index paths
/// as `RowRangeMap` does, every consumer of a plan takes them (a range a step, or row by row), and
/// the views apply them through `apply(_:newCounts:)` like any batch.
@MainActor
@Suite struct RowRangePlanTests {
    /// A target that keeps the plan's steps on an array of row identities, row by row (the default
    /// range steps of `UpdatePlanTarget`).
    struct ArrayTarget: UpdatePlanTarget {
        var sections: [[Int]]
        var nextFresh = -1

        mutating func removeRow(at indexPath: IndexPath) -> Int { sections[indexPath.section].remove(at: indexPath.row) }
        mutating func removeSection(at section: Int) -> [Int] { sections.remove(at: section) }
        mutating func insertSection(at section: Int, count: Int, moved: [Int]?) { sections.insert(moved ?? [], at: section) }
        mutating func insertRow(at indexPath: IndexPath, moved: Int?) {
            sections[indexPath.section].insert(moved ?? nextFresh, at: indexPath.row)
            nextFresh -= 1
        }
    }

    /// Random ranges on random sections, against the model: the rows of the section with the
    /// deleted ranges taken out and fresh rows put in at the inserted ranges; every other row
    /// stays, and each old row's new index path is where the model put it.
    @Test func aRangePlanMapsAndAppliesLikeTheModel() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<300 {
            let counts = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...40, using: &rng) }
            let section = Int.random(in: 0..<counts.count, using: &rng)
            let old = (0..<counts[section]).map { $0 }
            var deleted: [Range<Int>] = [], position = 0
            while position < old.count, Bool.random(using: &rng) {
                let start = Int.random(in: position..<old.count, using: &rng)
                let end = Int.random(in: (start + 1)...old.count, using: &rng)
                deleted.append(start..<end)
                position = end + 1
            }
            var kept = old.enumerated().filter { row in !deleted.contains { $0.contains(row.offset) } }.map(\.element)
            var inserted: [Range<Int>] = []
            position = 0
            while position <= kept.count, Bool.random(using: &rng) {
                let at = Int.random(in: position...kept.count, using: &rng)
                let count = Int.random(in: 1...5, using: &rng)
                kept.insert(contentsOf: [Int](repeating: -1, count: count), at: at)
                inserted.append(at..<(at + count))
                position = at + count + 1
            }
            let plan = UpdatePlan(rowRangesIn: section, deleted: deleted, inserted: inserted, sectionCount: counts.count)
            var target = ArrayTarget(sections: counts.enumerated().map { $0.offset == section ? old : Array(0..<$0.element) })
            var newCounts = counts
            newCounts[section] = kept.count
            plan.apply(to: &target, newCounts: newCounts)
            #expect(target.sections[section].map { $0 < 0 ? -1 : $0 } == kept, "ranges \(deleted) / \(inserted)")
            for (s, count) in counts.enumerated() where s != section { #expect(target.sections[s] == Array(0..<count)) }
            for row in old {
                let expected = kept.firstIndex(of: row).map { IndexPath(row: $0, section: section) }
                #expect(plan.newIndexPath(forOld: IndexPath(row: row, section: section)) == expected)
            }
            #expect(plan.newSectionOfOld == Array(0..<counts.count))
        }
    }

    /// A table whose row count the test sets, selecting what a user would.
    final class Rows: TableViewDataSource, TableViewDelegate {
        var count = 30
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! TestCell
            cell.configuredFor = indexPath
            return cell
        }
        func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    }

    /// While the table is editing, ranges are still one update: the cells on screen and the
    /// selection follow their rows, and the rows inserted get cells of their own.
    @Test func anEditingTableTakesRangesAsOneUpdate() {
        let source = Rows()
        let table = TestSupport.makeTable(source, height: 220) { $0.rowHeight = 20 }
        table.isEditing = true
        table.allowsSelectionDuringEditing = true
        table.selectRow(at: IndexPath(row: 6, section: 0), animated: false, scrollPosition: .none)
        let cellOf6 = table.cellForRow(at: IndexPath(row: 6, section: 0))
        source.count = 33
        // Rows 2–3 collapse, five rows expand at 3.
        #expect(table.applyRanges(inSection: 0, deleted: [2..<4], inserted: [3..<8]))
        #expect(table.numberOfRows(inSection: 0) == 33)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 9, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 9, section: 0)) === cellOf6)
        for row in 3..<8 {
            #expect((table.cellForRow(at: IndexPath(row: row, section: 0)) as? TestCell)?.configuredFor == IndexPath(row: row, section: 0))
        }
        let last = table.rectForRow(at: IndexPath(row: 32, section: 0)).minY
        #expect(last == 640, "\(last - 640)")
        withExtendedLifetime(source) {}
    }
}
