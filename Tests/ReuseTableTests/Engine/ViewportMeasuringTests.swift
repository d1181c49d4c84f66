import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// The measuring walks the table and the compositional layout share (`Engine/ViewportMeasuring.swift`),
/// driven the same way on both: rows 100 points tall with an estimate of 50, a viewport of 300.
@MainActor
@Suite struct ViewportMeasuringTests {
    /// One view under test, seen through what a test needs: the screen position of a row's cell,
    /// scrolling, reloading one row, and whether a row still holds an estimate.
    struct Subject {
        var name: String
        var view: ScrollView
        var screenY: (Int) -> CGFloat?
        var reload: (Int) -> Void
        var isEstimated: (Int) -> Bool
        var cellsCreated: () -> Int
        var visibleRows: () -> [Int]
        var cellOf: (Int) -> View?

        func cell(_ row: Int) -> View? { cellOf(row) }
    }

    static let rowHeight: CGFloat = 100

    /// A table of `rows` rows.
    func table(rows: Int) -> Subject {
        let source = HashedHeights(rows: rows, fixedHeight: Double(Self.rowHeight))
        let table = source.makeTable(height: 300, estimate: 50)
        table.reloadData()
        Self.keep(source)
        return Subject(
            name: "table", view: table,
            screenY: { row in table.cellForRow(at: IndexPath(row: row, section: 0)).map { $0.frame.minY - table.contentOffset.y } },
            reload: { table.reloadRows(at: [IndexPath(row: $0, section: 0)], with: .none) },
            isEstimated: { !table.geometry.slot(at: table.slotIndex(forRow: IndexPath(row: $0, section: 0))).isMeasured },
            cellsCreated: { table.counters.cellsCreated },
            visibleRows: { (table.indexPathsForVisibleRows ?? []).map(\.row) },
            cellOf: { table.cellForRow(at: IndexPath(row: $0, section: 0)) })
    }

    /// A compositional list of `rows` items, each a group of its own.
    func compositional(rows: Int) -> Subject {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(50)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .estimated(50)), subitems: [item])
        let layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group))
        let (view, source, _) = makeCompositional(layout, counts: [rows], width: 320, height: 300)
        source.height = { _ in Self.rowHeight }
        view.reloadData()
        return Subject(
            name: "compositional", view: view,
            screenY: { item in view.cellForItem(at: IndexPath(item: item, section: 0)).map { $0.frame.minY - view.contentOffset.y } },
            reload: { view.reloadItems(at: [IndexPath(item: $0, section: 0)]) },
            isEstimated: { item in
                let store = layout.store
                return !store.slots.slot(at: store.headerSlot(0) + 1 + item).isMeasured
            },
            cellsCreated: { view.counters.cellsCreated },
            visibleRows: { view.indexPathsForVisibleItems.map(\.item).sorted() },
            cellOf: { view.cellForItem(at: IndexPath(item: $0, section: 0)) })
    }

    static var sources: [AnyObject] = []
    static func keep(_ source: AnyObject) { sources.append(source) }

    func subjects(rows: Int) -> [Subject] { [table(rows: rows), compositional(rows: rows)] }

    /// The anchor is the first row still showing its cell from the last pass, not a measured row
    /// above it that has just scrolled in: an estimate between the two is measured with the offset
    /// following, so the row the user was reading keeps its place on screen.
    @Test func theRowStillShowingItsCellKeepsItsPlaceWhenAnEstimateAboveItIsMeasured() {
        for subject in subjects(rows: 40) {
            let view = subject.view
            view.contentOffset.y = 300  // rows 0–5 measured, 3–5 on screen
            subject.reload(2)  // above the viewport: an estimate again (50), row 3 now starts at 250
            #expect(subject.isEstimated(2), "\(subject.name): a reloaded row off screen is an estimate until it shows")
            view.contentOffset.y = 250
            #expect(subject.screenY(3) == 0, "\(subject.name)")
            // Up by 150: row 1 (measured, no cell) scrolls in above the estimate of row 2 and row 3,
            // which is 150 below the top before the pass measures row 2.
            view.contentOffset.y -= 150
            #expect(!subject.isEstimated(2), "\(subject.name): the viewport shows no estimate after a pass")
            #expect(subject.screenY(3) == 150, "\(subject.name): the row the user was reading stayed where the scroll put it")
            #expect(subject.screenY(1) == -50, "\(subject.name): rows above are laid out at their measured heights")
        }
    }

    /// A small scroll step keeps the cell of every row that stays on screen while the rows that
    /// arrive are measured; the cells of rows that left serve the next steps, so a long scroll
    /// through estimates makes no more cells than the screen holds plus one.
    @Test func aSmallStepKeepsTheCellsOfTheRowsThatStay() {
        for subject in subjects(rows: 200) {
            let view = subject.view
            for _ in 0..<150 {
                let before = Dictionary(uniqueKeysWithValues: subject.visibleRows().map { ($0, subject.cell($0)) })
                view.contentOffset.y += 70
                for row in subject.visibleRows() {
                    guard let old = before[row] else { continue }
                    #expect(subject.cell(row) === old, "\(subject.name): row \(row) kept its cell")
                }
            }
            #expect(subject.cellsCreated() <= 5, "\(subject.name): \(subject.cellsCreated()) cells made for a screen of 4 rows")
        }
    }

    /// A jump measures the new screen with the cells of the screen it left: no new cell is made.
    @Test func aJumpMeasuresTheNewScreenWithTheCellsOfTheOldOne() {
        for subject in subjects(rows: 1000) {
            let view = subject.view
            let made = subject.cellsCreated()
            view.contentOffset.y = 20_000
            view.contentOffset.y = 40_000
            #expect(subject.cellsCreated() <= made + 1, "\(subject.name): \(subject.cellsCreated() - made) cells made by two jumps")
        }
    }

    /// A jump lands on rows never measured: the first row the user sees is the anchor and keeps the
    /// place the jump gave it; everything the viewport shows is measured in the same pass.
    @Test func aJumpIntoEstimatesKeepsTheFirstRowSeenWhereTheJumpPutIt() {
        for subject in subjects(rows: 1000) {
            let view = subject.view
            // Rows 0–2 were measured by the first pass (300 points); row k ≥ 3 starts at 150 + 50k,
            // so row 497 starts at 25,000: 30 points above the top.
            view.contentOffset.y = 25_030
            let rows = subject.visibleRows()
            #expect(rows.first == 497, "\(subject.name)")
            #expect(subject.screenY(497) == -30, "\(subject.name)")
            for row in rows { #expect(!subject.isEstimated(row), "\(subject.name): row \(row) on screen is measured") }
            #expect(rows.count == 4, "\(subject.name): 300 points from -30 show rows 497–500")
        }
    }
}
