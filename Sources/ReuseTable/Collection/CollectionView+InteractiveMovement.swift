import Foundation

// Reordering items: the engine's sequence (`Engine/InteractiveMovement.swift`) in the collection
// view's words. Its layout shows the proposed order (a column layout re-places its columns,
// `ColumnLayout+ProposedOrder.swift`), and the lifted item follows the target point sideways
// as well. Docs/reordering.md walks through a drag.

extension CollectionView {
    /// Lifts the item at `indexPath`: its cell follows `updateInteractiveMovementTargetPosition(_:)`
    /// until `endInteractiveMovement()` or `cancelInteractiveMovement()`, and is never recycled
    /// meanwhile. Returns false (with a message through `diagnosticHandler`, changing nothing) when
    /// an item is already lifted, the index path names no item, or `canMoveItemAt` says no.
    /// Structural calls (reloads, updates, an apply) wait until the movement ends.
    /// - Complexity: O(log n + visible items).
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        beginMovement(at: indexPath)
    }

    /// Moves the lifted item's center to `targetPosition` (content coordinates). The layout shows
    /// the proposed order (the waterfall re-places the columns of the sections the move touches;
    /// layout only: the data source is not asked); the delegate's
    /// `targetIndexPathForMoveOfItemFromOriginalIndexPath` may redirect the destination. Near the
    /// viewport's top or bottom it auto-scrolls one step, as the table does.
    /// - Complexity: O(log n + visible items), plus the items re-placed.
    public func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
        updateMovement(to: targetPosition, call: "updateInteractiveMovementTargetPosition(_:)")
    }

    /// Drops the lifted item at its proposed destination: `moveItemAt` is called once, then the
    /// item moves as `moveItem(at:to:)` does, then the structural calls that waited run.
    /// - Complexity: as `moveItem(at:to:)`, plus a layout pass.
    public func endInteractiveMovement() {
        endMovement(call: "endInteractiveMovement()")
    }

    /// Puts the lifted item back and the offset where it was; the data source hears nothing.
    /// - Complexity: O(log n + visible items).
    public func cancelInteractiveMovement() {
        cancelMovement(call: "cancelInteractiveMovement()")
    }

    /// Where the lifted item came from and would land now (the index space after the move), or nil when none is lifted.
    /// - Complexity: O(1).
    public var indexPathForInteractivelyMovedItem: (from: IndexPath, to: IndexPath)? {
        engine.pass.movement.map { ($0.origin, $0.destination) }
    }

    /// The layout's elements in `rect`, without the lifted item (its cell is the movement's).
    func layoutAttributesShown(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
        let all = collectionViewLayout.layoutAttributesForElements(in: rect)
        guard let origin = engine.pass.movement?.origin else { return all }
        return all.filter { $0.representedElementCategory != .cell || $0.indexPath != origin }
    }
}

extension CollectionView: InteractivelyMovingView {
    static var beginCallName: String { "beginInteractiveMovementForItem(at:)" }

    static var movementCallbacks: (canMove: StaticString, move: StaticString, target: StaticString) {
        (
            "collectionView(_:canMoveItemAt:)", "collectionView(_:moveItemAt:to:)",
            "collectionView(_:targetIndexPathForMoveOfItemFromOriginalIndexPath:atCurrentIndexPath:toProposedIndexPath:)"
        )
    }

    static var liftedCellFollowsX: Bool { true }

    func movementDidChange() {
        let movement = engine.pass.movement
        collectionViewLayout.proposeMove(
            from: movement?.origin ?? IndexPath(item: 0, section: 0), to: movement?.destination, counts: itemCounts)
    }

    func dataSourceCanMove(at indexPath: IndexPath) -> Bool {
        dataSource?.collectionView(self, canMoveItemAt: indexPath) ?? false
    }

    func tellDataSourceMove(from source: IndexPath, to destination: IndexPath) {
        dataSource?.collectionView(self, moveItemAt: source, to: destination)
    }

    func redirectedDestination(origin: IndexPath, current: IndexPath, proposed: IndexPath) -> IndexPath {
        delegate?.collectionView(
            self, targetIndexPathForMoveOfItemFromOriginalIndexPath: origin, atCurrentIndexPath: current,
            toProposedIndexPath: proposed) ?? proposed
    }

    /// The item whose frame (in the data's order) contains the point; above the content the first
    /// place, below it the last; between items (a gap, a header) the destination stays.
    func proposedDestination(for point: CGPoint, origin: IndexPath) -> IndexPath {
        let current = engine.pass.movement?.destination ?? origin
        if point.y < 0 { return IndexPath(item: 0, section: 0) }
        if point.y >= contentSize.height {
            let last = itemCounts.count - 1
            return IndexPath(item: max(0, lastDestination(inSection: last, origin: origin)), section: last)
        }
        guard let item = collectionViewLayout.itemInDataOrder(at: point) else { return current }
        let last = max(0, lastDestination(inSection: item.section, origin: origin))
        return IndexPath(item: min(item.item, last), section: item.section)
    }

    func movementFrame(of indexPath: IndexPath) -> (frame: CGRect, height: Double) {
        let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame ?? .zero
        return (frame, Double(frame.height))
    }
}
