import Foundation
import ReuseTable
import ReuseTableTerminal
import Figures

// Lift mode: `L` lifts the focused row with `beginInteractiveMovementForRow(at:)`, as a finger on
// its reorder control would. ↑/↓ move the target point one row (the table auto-scrolls when it
// nears an edge), Enter drops (`endInteractiveMovement()`: `moveRowAt` once, the diffable data
// source's snapshot follows), Esc cancels. The lifted cell is the same object all the way: it is
// off the visible list, so the pool never takes it. See Docs/reordering.md.

extension FeedApp {
    /// The lift mode's keys, shown by `?` while a row is lifted.
    nonisolated static let liftKeyHelp: [(String, String)] = [
        ("↑ ↓  k j", "move the lifted row one place (auto-scrolls at the edges)"),
        ("Enter", "drop it here: moveRowAt once, the snapshot follows"),
        ("Esc", "cancel: the order and the offset as they were"),
        ("?", "this help"),
        ("", "other keys are ignored while a row is lifted"),
    ]

    /// `L`: lifts the focused row (focus follows it to where it is dropped).
    func liftFocusedRow() -> Outcome {
        finishLoading()
        guard let indexPath = table.indexPathForFocusedRow else { return .unchanged }
        if source.reorderingHandlers.canReorderItem == nil { source.reorderingHandlers.canReorderItem = { _ in true } }
        guard table.beginInteractiveMovementForRow(at: indexPath) else { return .unchanged }
        let number = (feed.model.globalRow(of: indexPath) + 1).grouped
        setMessage("L: #\(number) lifted (its cell leaves the visible list, never the pool): ↑/↓ move, Enter drops, Esc cancels.")
        return .changed
    }

    /// Keys while a row is lifted.
    func handleLifted(_ key: Key) -> Outcome {
        switch key {
        case .down, .char("j"): return moveLifted(down: true)
        case .up, .char("k"): return moveLifted(down: false)
        case .enter: return dropLifted()
        case .escape:
            table.cancelInteractiveMovement()
            setMessage("Esc: cancelled; the order and the offset are as before, the data source heard nothing.")
            return .changed
        case .char("?"), .char("h"):
            showHelp()
            return .changed
        default: return .unchanged
        }
    }

    /// Points at the row after (or before) the proposed destination, in the data's order.
    private func moveLifted(down: Bool) -> Outcome {
        guard let (_, destination) = table.indexPathForInteractivelyMovedRow else { return .unchanged }
        let section = destination.section, row = destination.row
        let sections = table.numberOfSections
        var y: CGFloat
        if down {
            if row + 1 < table.numberOfRows(inSection: section) {
                y = table.rectForRow(at: IndexPath(row: row + 1, section: section)).midY
            } else if section + 1 < sections {
                y = table.rect(forSection: section + 1).minY + 0.5
            } else {
                return .unchanged
            }
        } else {
            if row >= 1 {
                y = table.rectForRow(at: IndexPath(row: row - 1, section: section)).midY
            } else if section >= 1 {
                y = table.rect(forSection: section - 1).maxY - 0.5
            } else {
                return .unchanged
            }
        }
        let before = table.contentOffset.y
        table.updateInteractiveMovementTargetPosition(CGPoint(x: 1, y: y))
        let scrolled = table.contentOffset.y - before
        let now = table.indexPathForInteractivelyMovedRow?.to ?? destination
        setMessage(
            "Proposed: day \(now.section + 1), place \(now.row + 1) — rows between shift (layout only, the data source is not asked)"
                + (scrolled == 0 ? "." : "; auto-scrolled \(Int(scrolled)) lines."))
        return .changed
    }

    private func dropLifted() -> Outcome {
        guard let (origin, destination) = table.indexPathForInteractivelyMovedRow else { return .unchanged }
        table.endInteractiveMovement()
        _ = feed.model.movePost(from: origin, to: destination)
        setMessage(
            "Enter: dropped at day \(destination.section + 1), place \(destination.row + 1): moveRowAt once, "
                + "the data source's snapshot moved the post, the cell kept its height.")
        return .changed
    }
}
