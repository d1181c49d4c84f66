import Foundation

// Interactive movement (a row or an item lifted and dragged), written once for both views
// (Docs/reordering.md). The lifted cell leaves the cells on screen until the drop, so it never
// goes back to the pool; the proposed order is layout only (`wanted(cells:supplementary:notes:)`
// places the others as if it sat at `destination`), while the data source and the app's calls keep
// the order before the lift. Structural calls made meanwhile wait in the `LayoutTransaction` and run
// first at the drop (`InteractiveMovement+WaitingCalls.swift`); a reload or an apply cancels the lift.

/// A lifted row or item: where it came from, where it would land now, its cell and the target point.
struct InteractiveMovement<Cell: AnyObject> {
    /// The element's index path in the data's order — the order before the lift, which the data
    /// source keeps while it is lifted. The calls that waited carry it along when they run at the drop.
    var origin: IndexPath
    /// Where it would land if dropped now (in the index space after the move), after the delegate's redirect.
    var destination: IndexPath
    /// The lifted cell: off the list of cells on screen and out of the pool until the movement ends.
    let cell: Cell
    /// Where the lifted cell's center follows, in content coordinates.
    var target: CGPoint
    /// The offset when the element was lifted: a cancel goes back to it.
    let startOffset: CGPoint
    /// Set while the calls that waited run at the drop, before the move: the drop's call and
    /// where the element was and would land when it began (messages name those).
    var drop: (call: String, origin: IndexPath, destination: IndexPath)?
    /// The waited call that removed the destination's section: the drop is cancelled.
    var destinationRemovedBy: String?
    /// Whether a waited call reloaded the lifted row: the data source makes it a new cell after the drop.
    var isCellStale = false
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
    /// The element's frame as laid out now in the data's order (content coordinates), and the height
    /// its place takes (the table's row slot, margin included; the item's frame).
    func movementFrame(of indexPath: IndexPath) -> (frame: CGRect, height: Double)
    /// Throws a message naming the index path and the counts when it names no row or item.
    func validateIndexPath(_ indexPath: IndexPath) throws(ReuseTableError)
    /// Applies a validated plan: cells, caches, selection and geometry or layout follow.
    func apply(_ plan: UpdatePlan, newCounts: [Int])
    /// Live data: records the anchor and whether the view follows the end before `plan` is applied.
    func recordBeforeApplying(_ plan: UpdatePlan)
    /// Whether the lifted cell follows the target point sideways too (items in columns) or only up and down (rows).
    static var liftedCellFollowsX: Bool { get }
    /// The movement was lifted, proposed somewhere new, or ended (`pass.movement` is nil): the
    /// collection view's layout re-places its proposed order; the table's walk reads the state itself.
    func movementDidChange()
}

extension InteractivelyMovingView {
    /// The last row or item index the lifted element can take in `section`: one past the section's
    /// last, unless it is the origin's section (the element leaves it first).
    func lastDestination(inSection section: Int, origin: IndexPath) -> Int {
        countAsLoaded(inSection: section) - (section == origin.section ? 1 : 0)
    }

    /// Whether `indexPath` names a place the lifted element can land (the index space after the move).
    func isValidDestination(_ indexPath: IndexPath, origin: IndexPath) -> Bool {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < sectionCountAsLoaded else { return false }
        return indexPath[1] >= 0 && indexPath[1] <= lastDestination(inSection: indexPath.section, origin: origin)
    }

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
            let placed = changeCellsOnScreen { cells in cells.partition { $0.section != indexPath.section || $0.row != indexPath.row } }
            var cell = placed.first?.cell
            if cell == nil, let fresh = cellFromDataSource(at: indexPath) {
                fresh.frame = movementFrame(of: indexPath).frame
                addCellSubview(fresh)
                showSelection(on: fresh, at: indexPath)
                let entry = CellsOnScreen<Cell>.Entry(section: indexPath.section, row: indexPath.row, cell: fresh)
                tellWillDisplay([entry])
                cell = fresh
            }
            guard let cell else { return }
            let frame = movementFrame(of: indexPath).frame
            engine.pass.movement = InteractiveMovement(
                origin: indexPath, destination: indexPath, cell: cell, target: CGPoint(x: frame.midX, y: frame.midY),
                startOffset: contentOffset)
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

    /// Drops the lifted element at its destination. The calls that waited run first, in the
    /// order they were made, each carrying the element's origin and destination with it (the
    /// element stays lifted meanwhile, so the screen keeps the proposed order); then the data
    /// source hears `moveRowAt` / `moveItemAt` once, with those index paths, and the move
    /// applies as `moveRow(at:to:)` does. When a waited call removed the element or its
    /// destination's section, the movement is cancelled instead, with a message naming the drop.
    /// - Complexity: the waited calls, then as `moveRow(at:to:)`: O(log n + sections), plus a layout pass.
    func endMovement(call: String) {
        guard canFinishMovement(call: call) else { return }
        runWaitingCallsBeforeDrop(call: call)
        guard let movement = engine.pass.movement else { return }  // its row was removed: reported, the movement is over
        if let removedBy = movement.destinationRemovedBy, let drop = movement.drop {
            let v = Self.vocabulary
            diagnosticHandler(
                "\(call): the destination \(v.describe(drop.destination)) of \(v.row) \(v.describe(drop.origin)) was removed by "
                    + "\(removedBy), called while it was lifted; the movement is cancelled.")
            performTransaction {
                finishMovement()
                runLayoutPass()
            }
            return
        }
        performTransaction {
            let counts = countsAsLoaded
            var newCounts = counts
            newCounts[movement.origin.section] -= 1
            newCounts[movement.destination.section] += 1
            var batch = BatchUpdate()
            batch.movedRows = [(movement.origin, movement.destination)]
            // The plan is checked against the view's own counts and the move's, not the data
            // source's: a call made from `moveRowAt` may change those already, and is checked when it runs.
            let plan: UpdatePlan
            do throws(ReuseTableError) {
                plan = try UpdatePlan.make(batch, oldCounts: counts, newCounts: newCounts, vocabulary: Self.vocabulary)
            } catch {
                ReuseTableError.trap(ReuseTableError("\(call): \(error.message)"))
            }
            // What the user sees is the proposed order: the anchor is read while it is still shown.
            recordBeforeApplying(plan)
            finishMovement()
            calling(Self.movementCallbacks.move) { tellDataSourceMove(from: movement.origin, to: movement.destination) }
            apply(plan, newCounts: newCounts)
        }
    }

    /// Puts the lifted element back: the order, the offset and the cells are as before the lift;
    /// the data source hears nothing. The calls that waited run next.
    /// - Complexity: O(log n + visible elements).
    func cancelMovement(call: String) {
        guard canFinishMovement(call: call), let movement = engine.pass.movement else { return }
        performTransaction {
            transaction.isHolding = false
            finishMovement()
            moveOffset(to: movement.startOffset, because: .autoScroll)
            runLayoutPass()
        }
    }

    /// Whether an end or cancel may run now: an element is lifted, and no callback is running.
    private func canFinishMovement(call: String) -> Bool {
        guard engine.pass.movement != nil else {
            diagnosticHandler("\(call) was called with no \(Self.vocabulary.row) lifted; begin an interactive movement first. Nothing changed.")
            return false
        }
        if transaction.isActive {
            diagnosticHandler("\(call) was called from \(transaction.callback); end the movement outside callbacks. Nothing changed.")
            return false
        }
        return true
    }

    /// Takes the movement off the view: its cell goes back on the visible list at the origin —
    /// or, when a waited call reloaded its row, to the pool (the next pass asks for a new one).
    func finishMovement() {
        guard let movement = engine.pass.movement else { return }
        engine.pass.movement = nil
        showReordering(false, on: movement.cell)
        movementDidChange()
        let entry = CellsOnScreen<Cell>.Entry(section: movement.origin.section, row: movement.origin.row, cell: movement.cell)
        if movement.isCellStale {
            recycle([entry])
        } else {
            changeCellsOnScreen { $0.insert(entry) }
        }
    }

    /// The lifted cell's frame: its element's frame as laid out now (its size follows measurement
    /// and width changes), centered on the target point (vertically only, for rows).
    func placeLiftedCell() {
        guard let movement = engine.pass.movement else { return }
        var frame = movementFrame(of: movement.origin).frame
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
