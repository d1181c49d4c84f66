import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// The walk of the viewport's slots extended from the last one (`Geometry/WantedWalk.swift`): after every
/// step of a random path — small moves both ways, jumps, height changes, a resized viewport, a row margin
/// switched on and off — the rows and headers and footers it names are the full walk's, and the table
/// shows what brute force says.
@MainActor
@Suite struct WantedWalkTests {
    /// What `wanted(cells:supplementary:notes:)` finds with the last walk forgotten, written as text to compare.
    func fullWalk(_ table: TableView) -> [String] {
        let kept = table.wantedNotes.walk.taken.map(\.index)
        var forgotten = table.wantedNotes
        forgotten.walk.forget()
        var rows: [CellsOnScreen<TableViewCell>.Wanted] = [], supplementary: [(SupplementaryKey, CGRect)] = []
        table.wanted(cells: &rows, supplementary: &supplementary, notes: &forgotten)
        #expect(table.wantedNotes.walk.taken.map(\.index) == kept, "stage 2 writes nothing of the table's")
        return describe(rows, supplementary)
    }

    /// What the pass just found through the kept walk.
    func keptWalk(_ table: TableView) -> [String] {
        var rows: [CellsOnScreen<TableViewCell>.Wanted] = [], supplementary: [(SupplementaryKey, CGRect)] = []
        if let frames = table.wantedNotes.walk.frames {
            TableView.frames(of: table.wantedNotes.walk.taken, frames, rows: &rows, supplementary: &supplementary)
            #expect(describe(table.engine.pass.wantedCells, []) == describe(rows, []), "the pass's rows are the walk's")
        } else {
            var notes = table.wantedNotes
            table.wanted(cells: &rows, supplementary: &supplementary, notes: &notes)  // a row margin: the full walk, kept nothing
        }
        return describe(rows, supplementary)
    }

    func describe(_ rows: [CellsOnScreen<TableViewCell>.Wanted], _ supplementary: [(SupplementaryKey, CGRect)]) -> [String] {
        rows.map { "row \($0.section) \($0.row) \($0.frame)" } + supplementary.map { "\($0.0) \($0.1)" }
    }

    @Test func extendedWalkNamesWhatTheFullWalkNames() {
        var rng = SplitMix64(seed: 0x3A1C)
        let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] != nil
        var extended = 0
        for trial in 0..<(long ? 400 : 30) {
            let model = ModelTable.random(using: &rng, maxSections: 6, maxRows: 60)
            var margin = 0.0
            let style: TableView.Style = trial % 2 == 0 ? .plain : .grouped
            let table = makeTable(model, height: CGFloat(Int.random(in: 1...300, using: &rng)), style: style)
            let total = { Double(table.contentSize.height) }
            for _ in 0..<(long ? 200 : 60) {
                let height = Double(table.bounds.height)
                switch Int.random(in: 0..<20, using: &rng) {
                case 0:
                    table.contentOffset.y = CGFloat(Double.random(in: -50...(total() + 50), using: &rng).rounded())
                case 1:
                    let sections = model.rows.indices.filter { !model.rows[$0].isEmpty }
                    guard let section = sections.randomElement(using: &rng) else { continue }
                    let row = Int.random(in: 0..<model.rows[section].count, using: &rng)
                    let new = Double(Int.random(in: 0...160, using: &rng)) / 4
                    model.rows[section][row] = new
                    table.row(IndexPath(row: row, section: section), changedHeight: CGFloat(new))
                case 2:
                    table.frame.size.height = CGFloat(Int.random(in: 1...300, using: &rng))
                    table.layoutIfNeeded()
                case 3:
                    margin = margin == 0 ? 2 : 0
                    table.rowMargin = CGFloat(margin)
                    table.reloadData()
                default:
                    let step = Double.random(in: -1.2...1.2, using: &rng) * height
                    table.contentOffset.y = CGFloat((Double(table.contentOffset.y) + step).rounded())
                }
                if table.wantedNotes.walk.frames != nil { extended += 1 }
                #expect(keptWalk(table) == fullWalk(table), "trial \(trial), offset \(table.contentOffset.y)")
                expectLayoutMatchesModel(table, model, margin: margin)
            }
        }
        #expect(extended > 0)  // the kept walk was used, not only the full one
    }

    @Test func theKeptWalkFollowsAScrollBothWays() {
        let model = ModelTable(rows: [Array(repeating: 40, count: 1_000)])
        let table = makeTable(model, height: 400)
        table.contentOffset.y = 1_000
        #expect(table.wantedNotes.walk.taken.map(\.index) == Array(26...35))  // rows 25…34 after the header slot
        let stop = table.wantedNotes.walk.stop!
        #expect(stop.index == 36)
        // Down by 50: the walk continues from the stop; rows 35 and 36 arrive, row 25 leaves.
        table.contentOffset.y = 1_050
        #expect(table.wantedNotes.walk.taken.map(\.index) == Array(27...37))
        #expect(table.wantedNotes.walk.taken.map(\.row) == Array(26...36))
        // Up by 90: the walk takes the slots above the old top, keeps the rest that still start above the bottom.
        table.contentOffset.y = 960
        #expect(table.wantedNotes.walk.taken.map(\.row) == Array(24...33))
        #expect(table.wantedNotes.walk.stop?.index == 35)
        expectLayoutMatchesModel(table, model)
    }
}
