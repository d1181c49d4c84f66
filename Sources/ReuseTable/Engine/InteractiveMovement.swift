import Foundation

// Interactive movement (a row or an item lifted and dragged), written once for both views.
// Docs/reordering.md tells the whole story; in short:
//
// - The lifted cell leaves the list of cells on screen when it is lifted and comes back only
//   when the movement ends: reconcile never sees it, so it never goes back to the pool, however
//   far the content scrolls under it.
// - The proposed order is layout only: each view's `wanted(cells:supplementary:)` places the
//   other elements as if the lifted one sat at `destination`; the data source is not asked.
// - Structural calls made while an element is lifted wait in the view's `LayoutTransaction`
//   (its holding state) and run when the movement ends, after the move.

/// A lifted row or item: where it came from, where it would land now, its cell and the target point.
struct InteractiveMovement<Cell: AnyObject> {
    /// The element's index path when it was lifted: the data source's order does not change while it is lifted.
    let origin: IndexPath
    /// Where it would land if dropped now (in the index space after the move), after the delegate's redirect.
    var destination: IndexPath
    /// The lifted cell: off the list of cells on screen and out of the pool until the movement ends.
    let cell: Cell
    /// The lifted element's height (the table's row slot, margin included; the item's frame).
    let height: Double
    /// Where the lifted cell's center follows, in content coordinates.
    var target: CGPoint
    /// The offset when the element was lifted: a cancel goes back to it.
    let startOffset: CGPoint
}

/// A view whose rows or items can be lifted and moved: `TableView` and `CollectionView`.
/// Each says how its data source and delegate are asked and where a point lands; the
/// sequence (lift, follow, auto-scroll, drop, cancel) is written once below.
@MainActor
protocol InteractivelyMovingView: ReuseEngineView {
    /// "beginInteractiveMovementForRow(at:)" or "beginInteractiveMovementForItem(at:)", for messages.
    static var beginCallName: String { get }
    /// The data source's `canMoveRowAt` / `canMoveItemAt`, its `moveRowAt` / `moveItemAt` and the
    /// delegate's redirect, as messages name them.
    static var movementCallbacks: (canMove: StaticString, move: StaticString, target: StaticString) { get }
    /// The data source's `canMoveRowAt` / `canMoveItemAt`.
    func dataSourceCanMove(at indexPath: IndexPath) -> Bool
    /// The data source's `moveRowAt` / `moveItemAt`.
    func tellDataSourceMove(from source: IndexPath, to destination: IndexPath)
    /// The delegate's redirect of a proposed destination (UIKit's `targetIndexPathForMove…`).
    func redirectedDestination(origin: IndexPath, current: IndexPath, proposed: IndexPath) -> IndexPath
    /// Where the lifted element would land for `point` (content coordinates) in the data's order.
    func proposedDestination(for point: CGPoint, origin: IndexPath) -> IndexPath
    /// Whether `indexPath` names a place the lifted element can land (the index space after the move).
    func isValidDestination(_ indexPath: IndexPath, origin: IndexPath) -> Bool
    /// The element's frame as laid out now (content coordinates), and the height the movement carries.
    func movementFrame(of indexPath: IndexPath) -> (frame: CGRect, height: Double)
    /// Throws a message naming the index path and the counts when it names no row or item.
    func validateIndexPath(_ indexPath: IndexPath) throws(ReuseTableError)
    /// Applies a validated plan: cells, caches, selection and geometry or layout follow.
    func apply(_ plan: UpdatePlan, newCounts: [Int])
    /// Whether the lifted cell follows the target point sideways too (items in columns) or only up and down (rows).
    static var liftedCellFollowsX: Bool { get }
    /// The movement was lifted, proposed somewhere new, or ended (`pass.movement` is nil): the
    /// collection view's layout re-places its proposed order; the table's walk reads the state itself.
    func movementDidChange()
}

extension InteractivelyMovingView {
    /// Whether an element is lifted.
    var isMovingInteractively: Bool { engine.pass.movement != nil }

    /// Lifts the element at `indexPath`: its cell leaves the visible list (dequeued and displayed
    /// first if it was off screen), structural calls start to wait. Misuse is reported through
    /// `diagnosticHandler` and changes nothing.
    /// - Complexity: O(log n + visible elements).
    func beginMovement(at indexPath: IndexPath) -> Bool {
        loadIfNeeded()
        let call = Self.beginCallName
        if let movement = engine.pass.movement {
            diagnosticHandler(
                "\(call): \(Self.vocabulary.row) \(Self.vocabulary.describe(movement.origin)) is already lifted; end or cancel that movement before lifting "
                    + "\(Self.vocabulary.describe(indexPath)). Nothing changed.")
            return false
        }
        if transaction.isActive {
            diagnosticHandler(
                "\(call) was called from \(transaction.callback); lift the \(Self.vocabulary.row) outside "
                    + "data source and delegate callbacks. Nothing changed.")
            return false
        }
        do { try validateIndexPath(indexPath) } catch {
            diagnosticHandler("\(call): \(error.message) Nothing changed.")
            return false
        }
        guard calling(Self.movementCallbacks.canMove, { dataSourceCanMove(at: indexPath) }) else {
            diagnosticHandler(
                "\(call): the data source says \(Self.vocabulary.row) \(Self.vocabulary.describe(indexPath)) cannot move "
                    + "(\(Self.movementCallbacks.canMove) returned false). Nothing changed.")
            return false
        }
        var lifted = false
        performTransaction {
            let placed = engine.cellsOnScreen.partition { $0.section != indexPath.section || $0.row != indexPath.row }
            var cell = placed.first?.cell
            if cell == nil, let fresh = cellFromDataSource(at: indexPath) {
                fresh.frame = movementFrame(of: indexPath).frame
                addCellSubview(fresh)
                showSelection(on: fresh, at: indexPath)
                let entry = VisibleRows<Cell>.Entry(section: indexPath.section, row: indexPath.row, cell: fresh)
                tellWillDisplay([entry])
                cell = fresh
            }
            guard let cell else { return }
            let (frame, height) = movementFrame(of: indexPath)
            engine.pass.movement = InteractiveMovement(
                origin: indexPath, destination: indexPath, cell: cell, height: height,
                target: CGPoint(x: frame.midX, y: frame.midY), startOffset: contentOffset)
            transaction.isHolding = true
            showReordering(true, on: cell)
            placeLiftedCell()
            movementDidChange()
            runLayoutPass()
            lifted = true
        }
        return lifted
    }

    /// Moves the target point: auto-scrolls one step near the viewport's top or bottom, finds
    /// the proposed destination (redirected by the delegate) and lays out the proposed order.
    /// - Complexity: O(log n + visible elements).
    func updateMovement(to point: CGPoint, call: String) {
        guard var movement = engine.pass.movement else {
            diagnosticHandler("\(call) was called with no \(Self.vocabulary.row) lifted; begin an interactive movement first. Nothing changed.")
            return
        }
        guard point.x.isFinite, point.y.isFinite else {
            diagnosticHandler("\(call): the target position \(point) must be finite. Nothing changed.")
            return
        }
        if transaction.isActive {
            diagnosticHandler(
                "\(call) was called from \(transaction.callback); move the lifted \(Self.vocabulary.row) "
                    + "outside callbacks. Nothing changed.")
            return
        }
        performTransaction {
            movement.target = point
            let scrolled = autoScrollStep(for: point)
            movement.target.y += scrolled  // the finger stays where it is on screen: the content moved under it
            let proposed = proposedDestination(for: movement.target, origin: movement.origin)
            var destination = proposed
            let redirected = calling(Self.movementCallbacks.target) {
                redirectedDestination(origin: movement.origin, current: movement.destination, proposed: proposed)
            }
            if redirected != proposed {
                if isValidDestination(redirected, origin: movement.origin) {
                    destination = redirected
                } else {
                    diagnosticHandler(
                        "\(call): the delegate redirected the move to \(Self.vocabulary.describe(redirected)), which is not a place "
                            + "\(Self.vocabulary.describe(movement.origin)) can move to; using \(Self.vocabulary.describe(proposed)).")
                }
            }
            let changed = movement.destination != destination
            movement.destination = destination
            engine.pass.movement = movement
            placeLiftedCell()
            if changed { movementDidChange() }
            runLayoutPass()
        }
    }

    /// One auto-scroll step when `point` is within a tenth of the viewport's height of its top
    /// or bottom: a tenth of the height, clamped to the content. Returns how far the offset moved.
    func autoScrollStep(for point: CGPoint) -> CGFloat {
        let height = max(bounds.height, 0)
        guard height > 0 else { return 0 }
        let zone = height / 10, top = contentOffset.y
        var y = top
        if point.y < top + zone {
            y = clampedOffsetY(top - zone)
        } else if point.y > top + height - zone {
            y = clampedOffsetY(top + zone)
        }
        guard y != top, moveOffset(toY: y, because: .autoScroll) else { return 0 }
        return y - top
    }

    /// Drops the lifted element at its destination: the data source hears `moveRowAt` /
    /// `moveItemAt` once, then the move applies as `moveRow(at:to:)` does, then the calls that
    /// waited run.
    /// - Complexity: as `moveRow(at:to:)`: O(log n + sections), plus a layout pass.
    func endMovement(call: String) {
        guard let movement = finishMovement(call: call) else { return }
        performTransaction {
            transaction.isHolding = false  // what waited runs when this transaction ends, after the move
            calling(Self.movementCallbacks.move) { tellDataSourceMove(from: movement.origin, to: movement.destination) }
            let counts = (0..<sectionCountAsLoaded).map { countAsLoaded(inSection: $0) }
            var newCounts = counts
            newCounts[movement.origin.section] -= 1
            newCounts[movement.destination.section] += 1
            var batch = BatchUpdate()
            batch.movedRows = [(movement.origin, movement.destination)]
            // The plan is checked against the view's own counts and the move's, not the data
            // source's: a waiting call may have changed those already, and is checked when it runs.
            let plan: UpdatePlan
            do throws(ReuseTableError) {
                plan = try UpdatePlan.make(batch, oldCounts: counts, newCounts: newCounts, vocabulary: Self.vocabulary)
            } catch {
                ReuseTableError.trap(error)
            }
            apply(plan, newCounts: newCounts)
        }
    }

    /// Puts the lifted element back: the order, the offset and the cells are as before the lift;
    /// the data source hears nothing. The calls that waited run next.
    /// - Complexity: O(log n + visible elements).
    func cancelMovement(call: String) {
        guard let movement = finishMovement(call: call) else { return }
        performTransaction {
            transaction.isHolding = false
            moveOffset(to: movement.startOffset, because: .autoScroll)
            runLayoutPass()
        }
    }

    /// Checks an end or cancel and takes the movement off the view, its cell back on the visible list.
    private func finishMovement(call: String) -> InteractiveMovement<Cell>? {
        guard let movement = engine.pass.movement else {
            diagnosticHandler("\(call) was called with no \(Self.vocabulary.row) lifted; begin an interactive movement first. Nothing changed.")
            return nil
        }
        if transaction.isActive {
            diagnosticHandler("\(call) was called from \(transaction.callback); end the movement outside callbacks. Nothing changed.")
            return nil
        }
        engine.pass.movement = nil
        showReordering(false, on: movement.cell)
        movementDidChange()
        engine.cellsOnScreen.insert(.init(section: movement.origin.section, row: movement.origin.row, cell: movement.cell))
        return movement
    }

    /// The lifted cell's frame: its layout frame, centered on the target point (vertically only, for rows).
    func placeLiftedCell() {
        guard let movement = engine.pass.movement else { return }
        var frame = movement.cell.frame
        frame.origin.y = movement.target.y - frame.height / 2
        if Self.liftedCellFollowsX { frame.origin.x = movement.target.x - frame.width / 2 }
        movement.cell.frame = frame
    }
}

extension InteractiveMovement {
    /// Where a slot (or item) of the data's order shows while the lifted one is proposed at
    /// `destinationIndex`: slots between the origin and the destination shift by the lifted
    /// height, toward the origin's side. Indices are in one sequence (the table's slots, or a
    /// section's items); `destinationIndex` is the lifted one's index in the sequence without it.
    /// - Complexity: O(1).
    static func shift(of index: Int, origin originIndex: Int, destination destinationIndex: Int, height: Double) -> Double {
        let withoutLifted = index < originIndex ? index : index - 1
        return (index > originIndex ? -height : 0) + (withoutLifted >= destinationIndex ? height : 0)
    }
}
