import Foundation

// The calls an app makes while an element is lifted, and the drop. While it is lifted, the
// data source, the view's counts and every call name elements in the order before the lift;
// structural calls wait. At the drop they run first, in the order they were made, and each
// update carries the lifted element's origin and destination along (`followMovement(_:)`),
// so the move the data source finally hears names the element and the place the user sees.
// A reload or a diffable apply ends the lift instead (`cancelMovementBeforeReload(by:)`).
// Docs/reordering.md, "Calls made during a movement".

extension InteractivelyMovingView {
    /// The drop's first step: the calls that waited run now, in order, each in a transaction of
    /// its own, while the element stays lifted (the screen keeps the proposed order, and live
    /// data measures its anchor from it). Each update they apply moves the movement along.
    func runWaitingCallsBeforeDrop(call: String) {
        guard var movement = engine.pass.movement else { return }
        movement.drop = (call, movement.origin, movement.destination)
        engine.pass.movement = movement  // written back whole (see `LayoutPass.swift`)
        transaction.isHolding = false
        performTransaction {}  // ends at depth 0: the queue drains here
    }

    /// A call that waited applied `plan`: the lifted element's origin and destination follow it
    /// (`InteractiveMovement.follow(origin:destination:through:)`). When the plan removes the
    /// element, the movement is over: it is reported, naming the drop and the call, and its cell's
    /// entry is returned for the caller to recycle with the other cells the plan removes.
    /// - Complexity: O(log k + k) for k changes, plus the rows deleted just above the destination.
    func followMovement(_ plan: UpdatePlan) -> CellsOnScreen<Cell>.Entry? {
        guard var movement = engine.pass.movement else { return nil }
        let call = transaction.runningCall ?? "a call"
        let reloaded = plan.reloadedRows?.contains(movement.origin) == true
        switch InteractiveMovement<Cell>.follow(origin: movement.origin, destination: movement.destination, through: plan) {
        case .removed:
            reportRemoval(of: movement, by: call)
            return endMovementWithoutDrop()
        case .moved(let origin, let destination):
            movement.origin = origin
            if let destination {
                movement.destination = destination
            } else {
                movement.destination = origin  // shown where it is; the drop is cancelled
                if movement.destinationRemovedBy == nil { movement.destinationRemovedBy = call }
            }
            if reloaded { movement.isCellStale = true }
            engine.pass.movement = movement
            movementDidChange()
            return nil
        }
    }

    /// A reload ran while a lifted element was being dropped (a call that waited reloaded the
    /// data): the element cannot be found again, so the movement is over, reported like a removal.
    func loseMovementToReload(by call: String) -> CellsOnScreen<Cell>.Entry? {
        guard let movement = engine.pass.movement else { return nil }
        reportRemoval(of: movement, by: call)
        return endMovementWithoutDrop()
    }

    /// A reload or a diffable apply (a whole snapshot or a section snapshot, through the same call
    /// in `DiffableDataSourceCore`) made outside callbacks while an element is lifted cancels the
    /// movement first, as UIKit cancels an interactive movement when the data reloads: the
    /// element goes back, the calls that waited run, then the caller goes on. Made from a
    /// callback, the call waits like any other and the drop follows it.
    func cancelMovementBeforeReload(by call: String) {
        guard let movement = engine.pass.movement, movement.drop == nil, !transaction.isActive else { return }
        cancelMovement(call: call)
    }

    private func reportRemoval(of movement: InteractiveMovement<Cell>, by call: String) {
        let v = Self.vocabulary
        let drop = movement.drop ?? ("endInteractiveMovement()", movement.origin, movement.destination)
        diagnosticHandler(
            "\(drop.call): \(v.row) \(v.describe(drop.origin)) was removed by \(call), called while it was lifted; the movement is cancelled.")
    }

    /// Takes the movement off the view without putting its cell back: the entry to recycle.
    private func endMovementWithoutDrop() -> CellsOnScreen<Cell>.Entry? {
        guard let movement = engine.pass.movement else { return nil }
        engine.pass.movement = nil
        movementDidChange()
        return CellsOnScreen<Cell>.Entry(section: movement.origin.section, row: movement.origin.row, cell: movement.cell)
    }
}

extension InteractiveMovement {
    /// Where a lifted element stands after an update that ran before its drop.
    enum Followed: Equatable {
        /// The element's new origin, and its destination — nil when the update removed the
        /// destination's section (the drop is then cancelled).
        case moved(origin: IndexPath, destination: IndexPath?)
        /// The update removed the element (a delete, or its section deleted or reloaded).
        case removed
    }

    /// The lifted element's origin and destination after `plan`. The origin follows the row, a
    /// reloaded row counting as the same row. The destination is a place between rows: the
    /// element lands right after the row it was proposed after — the nearest one above it
    /// that the update keeps in that section, or the section's top when none is left — so
    /// rows the update inserts at the very place it would land go after it.
    /// - Complexity: O(log k + k) for k changes, plus one step per removed row skipped.
    static func follow(origin: IndexPath, destination: IndexPath, through plan: UpdatePlan) -> Followed {
        guard let newOrigin = plan.newIndexPath(followingReloadOf: origin) else { return .removed }
        let section = destination.section
        guard section < plan.newSectionOfOld.count, let newSection = plan.newSectionOfOld[section] else {
            return .moved(origin: newOrigin, destination: nil)
        }
        // The row it lands after, in the data's order (the destination counts rows without it).
        var after: Int?
        if destination.row > 0 {
            after = section == origin.section && destination.row - 1 >= origin.row ? destination.row : destination.row - 1
        }
        func isGone(_ row: Int) -> Bool {
            (section == origin.section && row == origin.row) || plan.rowLeavesItsPlace(row, inOldSection: section)
        }
        while let row = after, isGone(row) { after = row > 0 ? row - 1 : nil }
        var landing = 0
        if let row = after {
            guard let new = plan.newIndexPath(followingReloadOf: IndexPath(row: row, section: section)) else {
                return .moved(origin: newOrigin, destination: nil)
            }
            landing = new.row + 1
        }
        let row = newOrigin.section == newSection && newOrigin.row < landing ? landing - 1 : landing
        return .moved(origin: newOrigin, destination: IndexPath(row: row, section: newSection))
    }
}
