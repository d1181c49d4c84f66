import Foundation
import ReuseTable
import ReuseTableTerminal

// The waterfall's reorder mode (`E`): Space lifts the marked tile
// (`beginInteractiveMovementForItem(at:)`), the arrows move it — the columns re-place in the
// proposed order as it goes, layout only — Enter drops it (`moveItemAt` once, then the move),
// Esc cancels. See Docs/reordering.md.

extension WaterfallScreen {
    /// The reorder mode's keys, shown by `?` while it is on.
    nonisolated static let reorderKeyHelp: [(String, String)] = [
        ("Space", "lift the marked tile"),
        ("← → ↑ ↓", "move the lifted tile (the columns re-place); unlifted: ↑ ↓ scroll"),
        ("Enter", "drop it: moveItemAt once, then the move"),
        ("Esc", "cancel the lift (none lifted: leave the mode)"),
        ("E", "leave the reorder mode"),
        ("?", "this help"),
        ("", "other keys are ignored in this mode"),
    ]

    /// `E`: the reorder mode on or off (a lifted tile is put back first).
    func toggleReorder() -> KeyResponse {
        if reorder.target != nil { collection.cancelInteractiveMovement() }
        reorder = (!reorder.isOn, nil)
        setMessage(
            reorder.isOn
                ? "Reorder mode: Space lifts the marked tile, arrows move it, Enter drops, Esc cancels, E leaves."
                : "Reorder mode off.")
        return .changed
    }

    /// Keys in the reorder mode.
    func handleReorder(_ key: Key) -> KeyResponse {
        guard let target = reorder.target else {
            switch key {
            case .char("E"), .escape: return toggleReorder()
            case .char(" "): return liftMarkedTile()
            case .down, .char("j"): return scroll(by: 1)
            case .up, .char("k"): return scroll(by: -1)
            default: return .unchanged
            }
        }
        let column = collection.bounds.width / CGFloat(layout.numberOfColumns)
        switch key {
        case .left: return moveLifted(to: CGPoint(x: max(1, target.x - column), y: target.y))
        case .right: return moveLifted(to: CGPoint(x: min(collection.bounds.width - 1, target.x + column), y: target.y))
        case .up: return moveLifted(to: CGPoint(x: target.x, y: target.y - 3))
        case .down: return moveLifted(to: CGPoint(x: target.x, y: target.y + 3))
        case .enter:
            let moved = collection.indexPathForInteractivelyMovedItem
            collection.endInteractiveMovement()
            reorder.target = nil
            if let (from, to) = moved {
                setMessage("Enter: moveItemAt(\(from.item + 1) → \(to.item + 1), day \(to.section + 1)) once, then the move.")
            }
            return .changed
        case .escape:
            collection.cancelInteractiveMovement()
            reorder.target = nil
            setMessage("Esc: cancelled; the tiles are back in their order, the offset where it was.")
            return .changed
        case .char("E"): return toggleReorder()
        default: return .unchanged
        }
    }

    private func liftMarkedTile() -> KeyResponse {
        guard let indexPath = cursorIndexPath, let frame = collection.layoutAttributesForItem(at: indexPath)?.frame,
            collection.beginInteractiveMovementForItem(at: indexPath)
        else { return .unchanged }
        reorder.target = CGPoint(x: frame.midX, y: frame.midY)
        setMessage("Space: tile \(indexPath.item + 1) of day \(indexPath.section + 1) lifted; its cell is off the visible list, never pooled.")
        return .changed
    }

    private func moveLifted(to point: CGPoint) -> KeyResponse {
        let before = collection.contentOffset.y
        collection.updateInteractiveMovementTargetPosition(point)
        let scrolled = collection.contentOffset.y - before
        reorder.target = CGPoint(x: point.x, y: point.y + scrolled)
        if let (_, to) = collection.indexPathForInteractivelyMovedItem {
            setMessage(
                "Proposed: place \(to.item + 1) of day \(to.section + 1); the columns re-placed, layout only"
                    + (scrolled == 0 ? "." : "; auto-scrolled \(Int(scrolled)) lines."))
        }
        return .changed
    }

    // MARK: CollectionViewDataSource: reordering

    /// Every tile can move in the reorder mode.
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { reorder.isOn }

    /// A dropped tile: the shared model moves the post (the table catches up when the waterfall closes).
    func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        _ = feed.model.movePost(from: sourceIndexPath, to: destinationIndexPath)
        recordMove(from: sourceIndexPath, to: destinationIndexPath)
        refreshHeader(ofDay: sourceIndexPath.section)
        refreshHeader(ofDay: destinationIndexPath.section)
    }
}
