import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

@MainActor
@Suite struct TableViewUpdateValidationTests {
    /// A table over sections of 3, 1 and 4 rows whose data source the test changes.
    func fixture() -> (TableView, ModelTable) {
        let model = ModelTable(rows: [[10, 10, 10], [10], [10, 10, 10, 10]])
        return (makeTable(model), model)
    }

    func expectMessage(
        _ message: String, _ table: TableView, _ updates: () -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = (0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) }
        let height = table.contentSize.height
        #expect(throws: ReuseTableError("Invalid update: " + message), sourceLocation: sourceLocation) {
            try table.validateUpdates(updates)
        }
        // Nothing changed.
        #expect((0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) } == before, sourceLocation: sourceLocation)
        #expect(table.contentSize.height == height, sourceLocation: sourceLocation)
        #expect(table.engine.batchRecorder.isIdle, sourceLocation: sourceLocation)
    }

    @Test func rowCountMismatchReadsLikeUIKit() {
        let (table, model) = fixture()
        model.rows[2].append(10)  // 5 rows now, but 2 insertions are announced
        expectMessage(
            "invalid number of rows in section 2. The number of rows contained in an existing section after the update (5) "
                + "must be equal to the number of rows contained in that section before the update (4), plus or minus the number "
                + "of rows inserted or deleted from that section (2 inserted, 0 deleted) and plus or minus the number of rows "
                + "moved into or out of that section (0 moved in, 0 moved out).", table
        ) {
            table.insertRows(at: [.r(0, 2), .r(1, 2)], with: .automatic)
        }
    }

    @Test func sectionCountMismatch() {
        let (table, model) = fixture()
        model.rows.append([])
        model.headers.append(0)
        model.footers.append(0)
        expectMessage(
            "invalid number of sections. The number of sections contained in the table view after the update (4) must be equal "
                + "to the number of sections contained in the table view before the update (3), plus or minus the number of "
                + "sections inserted or deleted (0 inserted, 0 deleted).", table
        ) {}
    }

    @Test func outOfRangeRows() {
        let (table, model) = fixture()
        expectMessage("attempt to delete row (section 1, row 1), but section 1 contains only 1 row before the update.", table) {
            table.deleteRows(at: [.r(1, 1)], with: .automatic)
        }
        model.rows[0].append(10)
        expectMessage("attempt to insert row (section 0, row 4), but section 0 contains only 4 rows after the update.", table) {
            table.insertRows(at: [.r(4, 0)], with: .automatic)
        }
        expectMessage("attempt to reload row (section 3, row 0), but there are only 3 sections before the update.", table) {
            table.reloadRows(at: [.r(0, 3)], with: .automatic)
        }
    }

    @Test func conflictingRowChanges() {
        let (table, model) = fixture()
        model.rows[0].removeLast()
        expectMessage("attempt to delete row (section 0, row 1) twice.", table) {
            table.deleteRows(at: [.r(1), .r(1)], with: .automatic)
        }
        expectMessage("attempt to delete and reload the same row (section 0, row 1).", table) {
            table.deleteRows(at: [.r(1)], with: .automatic)
            table.reloadRows(at: [.r(1)], with: .automatic)
        }
        expectMessage("attempt to move row (section 0, row 2), which is also being deleted.", table) {
            table.deleteRows(at: [.r(2)], with: .automatic)
            table.moveRow(at: .r(2), to: .r(0, 1))
        }
    }

    @Test func rowChangesInsideChangedSections() {
        let (table, model) = fixture()
        model.rows.remove(at: 1)
        model.headers.remove(at: 1)
        model.footers.remove(at: 1)
        expectMessage("attempt to delete row (section 1, row 0) in section 1, which is also being deleted.", table) {
            table.deleteSections([1], with: .automatic)
            table.deleteRows(at: [.r(0, 1)], with: .automatic)
        }
        let (other, otherModel) = fixture()
        otherModel.rows.insert([10, 10], at: 0)
        otherModel.headers.insert(0, at: 0)
        otherModel.footers.insert(0, at: 0)
        expectMessage(
            "attempt to insert row (section 0, row 1) into section 0, which is being inserted or reloaded: "
                + "its rows come from the data source.", other
        ) {
            other.insertSections([0], with: .automatic)
            other.insertRows(at: [.r(1, 0)], with: .automatic)
        }
    }

    @Test func sectionConflicts() {
        let (table, model) = fixture()
        defer { withExtendedLifetime(model) {} }
        expectMessage("attempt to delete section 3, but there are only 3 sections before the update.", table) {
            table.deleteSections([3], with: .automatic)
        }
        expectMessage("attempt to move section 1, which is also being reloaded.", table) {
            table.reloadSections([1], with: .automatic)
            table.moveSection(1, toSection: 0)
        }
        expectMessage("attempt to delete and reload the same section 2.", table) {
            table.deleteSections([2], with: .automatic)
            table.reloadSections([2], with: .automatic)
        }
        expectMessage("attempt to move a section to section 0, which is already the destination of an insertion or another move.", table) {
            table.moveSection(1, toSection: 0)
            table.moveSection(2, toSection: 0)
        }
    }

    @Test func moveIsRemoveThenInsertNotSwap() {
        let model = ModelTable(rows: [[10, 20, 30, 40, 50]])
        let table = makeTable(model)
        model.rows[0] = [20, 30, 40, 10, 50]
        table.moveRow(at: .r(0), to: .r(3))
        #expect((0..<5).map { table.rectForRow(at: .r($0)).height } == [20, 30, 40, 10, 50])
    }

    @Test func batchUsesOldSpaceForDeletesAndNewSpaceForInserts() {
        let model = ModelTable(rows: [[1, 2, 3, 4, 5]])
        let table = makeTable(model)
        model.rows[0] = [9, 2, 4, 5, 8]  // delete rows 0 and 2 (old), insert rows 0 and 4 (new)
        model.heightAsked.removeAll()
        table.performBatchUpdates(
            {
                table.insertRows(at: [.r(4), .r(0)], with: .automatic)
                table.deleteRows(at: [.r(2), .r(0)], with: .automatic)
            }, completion: nil)
        #expect((0..<5).map { table.rectForRow(at: .r($0)).height } == [9, 2, 4, 5, 8])
        #expect(model.heightAsked == [.r(0), .r(4)])
    }
}
