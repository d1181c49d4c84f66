import Foundation
import ReuseTable
import TestSupport
import Testing

/// The shared builder every test target uses (`Tests/TestSupport/MakeTable.swift`): it wires the source,
/// registers the cell, loads, and turns a diagnostic into a failure of the test that made the table.
@MainActor
@Suite struct TestSupportTests {
    @Test func makeTableWiresTheSourceRegistersTheCellAndLoads() {
        let model = ModelTable(rows: [[10, 20, 30]])
        let table = makeTable(model, width: 100, height: 25) { $0.sectionHeaderHeight = 0 }
        #expect(table.frame == CGRect(x: 0, y: 0, width: 100, height: 25))
        #expect(table.dataSource === model && table.delegate === model)
        #expect(table.indexPathsForVisibleRows == [.r(0), .r(1)])
        #expect(table.visibleCells.compactMap { ($0 as? TestCell)?.configuredFor } == [.r(0), .r(1)])
        let asked = model.heightAsked.count
        _ = makeTable(model, reload: false)
        #expect(model.heightAsked.count == asked, "without reload the new table asks nothing until it is used")
    }

    @Test func aDiagnosticFailsTheTestThatMadeTheTable() {
        let model = ModelTable(rows: [[10]])
        let table = makeTable(model)
        withKnownIssue("a NaN estimate is reported through diagnosticHandler") {
            table.estimatedRowHeight = .nan
        }
        var messages: [String] = []
        let quiet = makeTable(model) { table in table.diagnosticHandler = { messages.append($0) } }
        quiet.estimatedRowHeight = .nan
        #expect(messages.count == 1, "a test that provokes them sets its own handler: \(messages)")
    }
}
