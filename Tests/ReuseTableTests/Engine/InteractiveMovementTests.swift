import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A cell that remembers which item it shows.
final class MovingCell: TableViewCell {
    var item = -1
    var reuseCount = 0
    override func prepareForReuse() { reuseCount += 1 }
}

/// An array model of item identifiers with heights by identifier; records every move the
/// table reports, with hooks in `moveRowAt` and a switch for rows that cannot move.
@MainActor
final class MovingSource: TableViewDataSource, TableViewDelegate {
    var items: [[Int]]
    var heights: [Int: Double] = [:]
    var headerHeight: Double = 0
    var fixed: Set<Int> = []
    var moves: [(IndexPath, IndexPath)] = []
    var redirect: ((IndexPath, IndexPath) -> IndexPath)?
    var onMove: ((TableView) -> Void)?

    init(items: [[Int]]) { self.items = items }

    func height(of item: Int) -> Double { heights[item] ?? 44 }

    func numberOfSections(in tableView: TableView) -> Int { items.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items[section].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! MovingCell
        cell.item = items[indexPath.section][indexPath.row]
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        CGFloat(height(of: items[indexPath.section][indexPath.row]))
    }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat { CGFloat(headerHeight) }
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat { 0 }
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        !fixed.contains(items[indexPath.section][indexPath.row])
    }
    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        moves.append((sourceIndexPath, destinationIndexPath))
        let item = items[sourceIndexPath.section].remove(at: sourceIndexPath.row)
        items[destinationIndexPath.section].insert(item, at: destinationIndexPath.row)
        onMove?(tableView)
    }
    func tableView(
        _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath {
        redirect?(sourceIndexPath, proposedDestinationIndexPath) ?? proposedDestinationIndexPath
    }

    /// The content y of each item's row, by brute force, for `order` (sections of items).
    func expectedMinY(_ order: [[Int]]) -> [Int: Double] {
        var y = 0.0, result: [Int: Double] = [:]
        for section in order {
            y += headerHeight
            for item in section {
                result[item] = y
                y += height(of: item)
            }
        }
        return result
    }
}

@MainActor
private func makeMovingTable(_ source: MovingSource, height: CGFloat = 440) -> TableView {
    let table = makeTable(source, cell: MovingCell.self, height: height)
    table.layoutIfNeeded()
    return table
}

/// Every cell on screen shows the item the model has at its index path.
@MainActor
private func expectCellsMatchModel(_ table: TableView, _ source: MovingSource, sourceLocation: SourceLocation = #_sourceLocation) {
    for cell in table.visibleCells {
        let indexPath = table.indexPath(for: cell)!
        #expect((cell as! MovingCell).item == source.items[indexPath.section][indexPath.row], sourceLocation: sourceLocation)
    }
}

@MainActor
struct InteractiveMovementTests {
    @Test func liftedRowFollowsThePointAndTheRowsBetweenShift() {
        let source = MovingSource(items: [Array(0..<50)])
        let table = makeMovingTable(source)
        let lifted = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 2, section: 0)))
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 5 * 44 + 20))
        #expect(table.indexPathForInteractivelyMovedRow?.to == IndexPath(row: 5, section: 0))
        #expect(lifted.frame.midY == CGFloat(5 * 44 + 20))
        // Rows 3...5 moved up one place; the model is untouched until the drop.
        for row in 3...5 { #expect(table.cellForRow(at: IndexPath(row: row, section: 0))!.frame.minY == CGFloat(row - 1) * 44) }
        #expect(table.cellForRow(at: IndexPath(row: 6, section: 0))!.frame.minY == CGFloat(6 * 44))
        #expect(!table.visibleCells.contains { $0 === lifted })
        #expect(source.moves.isEmpty && source.items[0][2] == 2)

        table.endInteractiveMovement()
        #expect(source.moves.count == 1)
        #expect(source.moves[0].0 == IndexPath(row: 2, section: 0) && source.moves[0].1 == IndexPath(row: 5, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 5, section: 0)) === lifted)
        #expect(lifted.frame.minY == CGFloat(5 * 44))
        expectCellsMatchModel(table, source)
    }

    /// Random lifts, moves, drops and cancels over three sections of random heights, every frame of the
    /// proposed order checked by brute force; `REUSETABLE_LONG=1` runs 3,000 sessions instead of 60.
    @Test func randomSessionsAgainstAnArrayModel() {
        var random = SplitMix64(seed: 0x5EED_0F_0DE5)
        let source = MovingSource(items: [Array(0..<40), Array(40..<70), Array(70..<120)])
        for item in 0..<120 { source.heights[item] = Double(Int.random(in: 20...80, using: &random)) }
        source.headerHeight = 12
        source.fixed = [7, 55]
        let table = makeMovingTable(source)
        var messages: [String] = []
        table.diagnosticHandler = { messages.append($0) }
        var expectedMoves = 0
        let sessions = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1" ? 3_000 : 60
        for _ in 0..<sessions {
            table.contentOffset.y = CGFloat.random(in: 0...(table.contentSize.height - 440), using: &random)
            let section = (0..<3).filter { !source.items[$0].isEmpty }.randomElement(using: &random)!  // moves may empty a section
            let origin = IndexPath(row: Int.random(in: 0..<source.items[section].count, using: &random), section: section)
            let item = source.items[section][origin.row]
            if Bool.random(using: &random) { table.selectRow(at: origin, animated: false, scrollPosition: .none) }
            let before = (items: source.items, offset: table.contentOffset, selected: table.indexPathsForSelectedRows)
            guard table.beginInteractiveMovementForRow(at: origin) else {
                #expect(source.fixed.contains(item))
                #expect(messages.last?.contains("cannot move") == true)
                continue
            }
            let lifted = liftedCell(table)
            let reuses = (lifted as! MovingCell).reuseCount
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let y =
                    Bool.random(using: &random)
                    ? table.contentOffset.y + CGFloat.random(in: 0...440, using: &random)
                    : CGFloat.random(in: -50...(table.contentSize.height + 50), using: &random)
                table.updateInteractiveMovementTargetPosition(CGPoint(x: 100, y: y))
                #expect((lifted as! MovingCell).item == item)
                #expect((lifted as! MovingCell).reuseCount == reuses)
                #expect(!table.visibleCells.contains { $0 === lifted })
                // The rows on screen stand in the proposed order.
                let destination = table.indexPathForInteractivelyMovedRow!.to
                var proposed = source.items
                proposed[origin.section].remove(at: origin.row)
                proposed[destination.section].insert(item, at: destination.row)
                let minY = source.expectedMinY(proposed)
                for cell in table.visibleCells {
                    #expect(Double(cell.frame.minY) == minY[(cell as! MovingCell).item]!)
                }
            }
            #expect(source.items == before.items)
            let destination = table.indexPathForInteractivelyMovedRow!.to
            if Int.random(in: 0..<3, using: &random) == 0 {
                table.cancelInteractiveMovement()
                #expect(source.items == before.items)
                #expect(table.contentOffset == before.offset)
                #expect(table.indexPathsForSelectedRows == before.selected)
                #expect(source.moves.count == expectedMoves)
            } else {
                table.endInteractiveMovement()
                expectedMoves += 1
                #expect(source.moves.count == expectedMoves)
                #expect(source.moves.last!.0 == origin && source.moves.last!.1 == destination)
                #expect(source.items[destination.section][destination.row] == item)
                if before.selected?.contains(origin) == true {
                    #expect(table.indexPathsForSelectedRows?.contains(destination) == true)
                }
                if let cell = table.cellForRow(at: destination) { #expect(cell === lifted) }
            }
            let minY = source.expectedMinY(source.items)
            for row in 0..<source.items[1].count {
                #expect(Double(table.rectForRow(at: IndexPath(row: row, section: 1)).minY) == minY[source.items[1][row]]!)
            }
            expectCellsMatchModel(table, source)
            table.selectRow(at: nil, animated: false, scrollPosition: .none)
        }
        #expect(expectedMoves > 20)
    }

    @Test func autoScrollCarriesTheLiftedCellAcrossTenThousandRows() {
        let source = MovingSource(items: [Array(0..<10_000)])
        for item in 0..<10_000 { source.heights[item] = 20 }
        let table = makeMovingTable(source, height: 2_000)
        let lifted = table.cellForRow(at: IndexPath(row: 0, section: 0)) as! MovingCell
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 0, section: 0)))
        let maxOffset = table.contentSize.height - 2_000
        var steps = 0
        while table.contentOffset.y < maxOffset {
            let before = table.contentOffset.y
            table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: before + 1_990))
            steps += 1
            #expect(table.contentOffset.y == min(before + 200, maxOffset))
            #expect(lifted.reuseCount == 0 && lifted.item == 0)
            #expect(!table.visibleCells.contains { $0 === lifted })
            #expect(lifted.frame.midY == table.contentOffset.y + 1_990)
            if steps > 1_100 { break }
        }
        #expect(steps == 990)
        #expect(table.offsetMoves[.autoScroll] == 990)
        #expect(table.indexPathForInteractivelyMovedRow?.to == IndexPath(row: 9_999, section: 0))
        table.endInteractiveMovement()
        #expect(source.moves.count == 1 && source.moves[0].1 == IndexPath(row: 9_999, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 9_999, section: 0)) === lifted)
        #expect(lifted.reuseCount == 0)
        expectCellsMatchModel(table, source)

        // Up again, then cancel: the offset comes back.
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 9_999, section: 0)))
        for _ in 0..<300 { table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: table.contentOffset.y + 5)) }
        #expect(table.contentOffset.y == maxOffset - 300 * 200)
        table.cancelInteractiveMovement()
        #expect(table.contentOffset.y == maxOffset)
        #expect(source.moves.count == 1)
        #expect(table.cellForRow(at: IndexPath(row: 9_999, section: 0)) === lifted)
        expectCellsMatchModel(table, source)
    }

    @Test func structuralCallsDuringAMovementWaitForTheDropAndAReloadCancelsIt() {
        let source = MovingSource(items: [Array(0..<30)])
        let table = makeMovingTable(source)
        let generation = table.reloadGeneration
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 2, section: 0)))
        source.items[0].append(30)
        table.insertRows(at: [IndexPath(row: 30, section: 0)], with: .none)
        #expect(table.numberOfRows(inSection: 0) == 30)
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 4 * 44 + 10))
        #expect(table.numberOfRows(inSection: 0) == 30)
        table.endInteractiveMovement()  // the insert runs first, then the move
        #expect(source.moves.count == 1 && source.moves[0].1 == IndexPath(row: 4, section: 0))
        #expect(table.numberOfRows(inSection: 0) == 31)
        expectCellsMatchModel(table, source)

        // A reload cancels the lift, as UIKit's does: what waited runs, then the reload.
        var messages: [String] = []
        table.diagnosticHandler = { messages.append($0) }
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 0, section: 0)))
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 4 * 44 + 10))
        source.items[0].removeLast()
        table.deleteRows(at: [IndexPath(row: 30, section: 0)], with: .none)
        #expect(table.numberOfRows(inSection: 0) == 31)
        table.reloadData()
        #expect(table.indexPathForInteractivelyMovedRow == nil)
        #expect(table.numberOfRows(inSection: 0) == 30)
        #expect(table.reloadGeneration == generation + 1)
        table.endInteractiveMovement()
        #expect(messages.count == 1 && messages[0].hasPrefix("endInteractiveMovement() was called with no row lifted"))
        #expect(source.moves.count == 1)
        expectCellsMatchModel(table, source)

        // A cancel runs what waited too.
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 0, section: 0)))
        source.items[0].removeLast()
        table.deleteRows(at: [IndexPath(row: 29, section: 0)], with: .none)
        #expect(table.numberOfRows(inSection: 0) == 30)
        table.cancelInteractiveMovement()
        #expect(table.numberOfRows(inSection: 0) == 29)
        expectCellsMatchModel(table, source)
    }

    @Test func callsFromInsideMoveRowAtRunAfterTheMove() {
        let source = MovingSource(items: [Array(0..<30)])
        let table = makeMovingTable(source)
        var seen: [Int] = []
        source.onMove = { table in
            seen.append(table.numberOfRows(inSection: 0))
            source.items[0].insert(99, at: 0)
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
            seen.append(table.numberOfRows(inSection: 0))
        }
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 1, section: 0)))
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 3 * 44 + 10))
        table.endInteractiveMovement()
        #expect(seen == [30, 30])
        #expect(source.moves.count == 1)
        #expect(table.numberOfRows(inSection: 0) == 31)
        #expect(source.items[0][0] == 99 && source.items[0][4] == 1)
        expectCellsMatchModel(table, source)
    }

    @Test func theDelegateRedirectsTheDestination() {
        let source = MovingSource(items: [Array(0..<30), Array(30..<40)])
        let table = makeMovingTable(source)
        var messages: [String] = []
        table.diagnosticHandler = { messages.append($0) }
        source.redirect = { _, _ in IndexPath(row: 1, section: 0) }
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 5, section: 0)))
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 8 * 44 + 10))
        #expect(table.indexPathForInteractivelyMovedRow?.to == IndexPath(row: 1, section: 0))
        source.redirect = { _, _ in IndexPath(row: 30, section: 0) }  // one past the last place in the origin's section
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 8 * 44 + 10))
        #expect(table.indexPathForInteractivelyMovedRow?.to == IndexPath(row: 8, section: 0))
        #expect(messages.last?.contains("(section 0, row 30), which is not a place") == true)
        source.redirect = nil
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 100_000))
        #expect(table.indexPathForInteractivelyMovedRow?.to == IndexPath(row: 10, section: 1))
        table.endInteractiveMovement()
        #expect(source.items[1].last == 5 && source.items[0].count == 29)
        #expect(table.numberOfRows(inSection: 1) == 11)
        expectCellsMatchModel(table, source)
    }

    @Test func misuseIsReportedAndChangesNothing() {
        let source = MovingSource(items: [Array(0..<30)])
        source.fixed = [3]
        let table = makeMovingTable(source)
        var messages: [String] = []
        table.diagnosticHandler = { messages.append($0) }
        let cells = table.visibleCells

        table.updateInteractiveMovementTargetPosition(CGPoint(x: 0, y: 100))
        #expect(
            messages.last
                == "updateInteractiveMovementTargetPosition(_:) was called with no row lifted; begin an interactive movement first. "
                + "Nothing changed.")
        table.endInteractiveMovement()
        #expect(messages.last?.hasPrefix("endInteractiveMovement() was called with no row lifted") == true)
        table.cancelInteractiveMovement()
        #expect(messages.last?.hasPrefix("cancelInteractiveMovement() was called with no row lifted") == true)
        #expect(!table.beginInteractiveMovementForRow(at: IndexPath(row: 30, section: 0)))
        #expect(
            messages.last
                == "beginInteractiveMovementForRow(at:): row (section 0, row 30) is out of range: section 0 has 30 rows. Nothing changed.")
        #expect(!table.beginInteractiveMovementForRow(at: IndexPath(row: 3, section: 0)))
        #expect(messages.last?.contains("row (section 0, row 3) cannot move (tableView(_:canMoveRowAt:) returned false)") == true)
        let unchanged = table.visibleCells.elementsEqual(cells, by: ===)
        #expect(unchanged)

        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 1, section: 0)))
        #expect(!table.beginInteractiveMovementForRow(at: IndexPath(row: 2, section: 0)))
        #expect(messages.last?.contains("row (section 0, row 1) is already lifted") == true)
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 0, y: CGFloat.nan))
        #expect(messages.last?.contains("must be finite") == true)
        #expect(table.indexPathForInteractivelyMovedRow?.to == IndexPath(row: 1, section: 0))
        table.cancelInteractiveMovement()
        #expect(source.moves.isEmpty)
        #expect(messages.count == 7)
        expectCellsMatchModel(table, source)
    }

    @Test func anOffScreenRowCanBeLifted() {
        let source = MovingSource(items: [Array(0..<100)])
        let table = makeMovingTable(source)
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 80, section: 0)))
        let lifted = liftedCell(table) as! MovingCell
        #expect(lifted.item == 80)
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 44 + 10))
        table.endInteractiveMovement()
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === lifted)
        #expect(source.items[0][1] == 80)
        expectCellsMatchModel(table, source)
    }
}

/// The lifted cell, read from the table's movement state.
@MainActor
func liftedCell(_ table: TableView) -> TableViewCell { table.engine.pass.movement!.cell }
