import Foundation

// Reordering: a row lifted, dragged and dropped (UIKit's interactive movement, the headless
// stand-in for the reorder control's drag). The sequence is the engine's
// (`Engine/InteractiveMovement.swift`); here are the table's words for it: which rows may
// move, where a point lands, and the proposed order laid out over the geometry.
// Docs/reordering.md walks through a drag.

extension TableView {
    /// Lifts the row at `indexPath`, as a touch on its reorder control does: its cell follows
    /// `updateInteractiveMovementTargetPosition(_:)` until `endInteractiveMovement()` or
    /// `cancelInteractiveMovement()`, and is never recycled meanwhile. Returns false (with a
    /// message through `diagnosticHandler`, changing nothing) when a row is already lifted, the
    /// index path names no row, or the data source's `canMoveRowAt` says no.
    /// Structural calls (reloads, updates, an apply) wait until the movement ends.
    /// - Complexity: O(log n + visible rows).
    @discardableResult
    public func beginInteractiveMovementForRow(at indexPath: IndexPath) -> Bool {
        beginMovement(at: indexPath)
    }

    /// Moves the lifted row's center to `targetPosition` (content coordinates). The rows between
    /// its origin and the row under the point shift to show the proposed order (layout only: the
    /// data source is not asked); the delegate's `targetIndexPathForMoveFromRowAt` may redirect
    /// the destination. A point within a tenth of the viewport's height of its top or bottom
    /// scrolls one step (a tenth of the height, clamped to the content); the point moves with
    /// the content, as a finger held still does.
    /// - Complexity: O(log n + visible rows).
    public func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
        updateMovement(to: targetPosition, call: "updateInteractiveMovementTargetPosition(_:)")
    }

    /// Drops the lifted row at its proposed destination: `moveRowAt` is called once, then the
    /// table moves the row as `moveRow(at:to:)` does (geometry, height caches and selection
    /// follow), then the structural calls that waited run.
    /// - Complexity: O(log n + sections), plus a layout pass.
    public func endInteractiveMovement() {
        endMovement(call: "endInteractiveMovement()")
    }

    /// Puts the lifted row back where it was, and the offset where it was when the row was
    /// lifted; the data source hears nothing. Then the structural calls that waited run.
    /// - Complexity: O(log n + visible rows).
    public func cancelInteractiveMovement() {
        cancelMovement(call: "cancelInteractiveMovement()")
    }

    /// Where the lifted row would land now (the index space after the move), or nil when no row is lifted.
    /// - Complexity: O(1).
    public var indexPathForInteractivelyMovedRow: (from: IndexPath, to: IndexPath)? {
        engine.pass.movement.map { ($0.origin, $0.destination) }
    }
}

extension TableView: InteractivelyMovingView {
    static var beginCallName: String { "beginInteractiveMovementForRow(at:)" }

    static var movementCallbacks: (canMove: StaticString, move: StaticString, target: StaticString) {
        ("tableView(_:canMoveRowAt:)", "tableView(_:moveRowAt:to:)", "tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:)")
    }

    static var liftedCellFollowsX: Bool { false }

    func movementDidChange() {}

    func dataSourceCanMove(at indexPath: IndexPath) -> Bool {
        dataSource?.tableView(self, canMoveRowAt: indexPath) ?? false
    }

    func tellDataSourceMove(from source: IndexPath, to destination: IndexPath) {
        dataSource?.tableView(self, moveRowAt: source, to: destination)
    }

    func redirectedDestination(origin: IndexPath, current: IndexPath, proposed: IndexPath) -> IndexPath {
        delegate?.tableView(self, targetIndexPathForMoveFromRowAt: origin, toProposedIndexPath: proposed) ?? proposed
    }

    /// The row whose rect (in the data's order) contains the point; over a header, the
    /// section's first place, over a footer its last; above the content the first row, below it the last.
    func proposedDestination(for point: CGPoint, origin: IndexPath) -> IndexPath {
        let y = Double(point.y) - geometryOrigin
        let sections = geometry.sectionCount
        guard y >= 0 else { return IndexPath(row: 0, section: 0) }
        guard y < geometry.totalHeight, let index = geometry.index(atOffset: y) else {
            let last = sections - 1
            return IndexPath(row: max(0, lastDestination(inSection: last, origin: origin)), section: last)
        }
        let section = geometry.section(containing: index)
        let last = max(0, lastDestination(inSection: section, origin: origin))
        switch geometry.slot(at: index).kind {
        case .header: return IndexPath(row: 0, section: section)
        case .footer: return IndexPath(row: last, section: section)
        default: return IndexPath(row: min(row(ofSlot: index, inSection: section), last), section: section)
        }
    }

    func movementFrame(of indexPath: IndexPath) -> (frame: CGRect, height: Double) {
        (rectForRowUnchecked(indexPath), geometry.height(at: slotIndex(forRow: indexPath)))
    }

    /// The lifted row's slot, its destination's index among the slots without it, and its
    /// height now (it follows measurement and width changes): what `wanted(cells:supplementary:notes:)`
    /// shifts the other slots by.
    func liftedSlots() -> (origin: Int, destination: Int, height: Double)? {
        guard let movement = engine.pass.movement else { return nil }
        let origin = slotIndex(forRow: movement.origin)
        let header = geometry.headerIndex(ofSection: movement.destination.section)
        let destination = (header > origin ? header - 1 : header) + 1 + movement.destination.row
        return (origin, destination, geometry.height(at: origin))
    }

    /// Where slot `index` shows now: its top in geometry coordinates, moved by the proposed order
    /// while a row is lifted (`lifted`, from `liftedSlots()`).
    static func shownMinY(of slot: Slot, lifted: (origin: Int, destination: Int, height: Double)?) -> Double {
        guard let lifted else { return slot.minY }
        return slot.minY
            + InteractiveMovement<TableViewCell>.shift(
                of: slot.index, origin: lifted.origin, destination: lifted.destination, height: lifted.height)
    }
}
