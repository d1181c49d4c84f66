import Foundation
import ReuseTable
import Figures

// Enter selects the focused row. The selection lives in the table (as an index
// path), never in a cell: scroll a thousand rows away and back, insert or
// delete rows above it, and it is still on the same post — while the cell that
// showed it has long been reused for other rows. See Docs/selection.md.

extension FeedApp {
    /// Selects the focused row with the tap sequence (`tapRow(at:)`), or deselects it if it is selected.
    func selectFocusedRow() -> Outcome {
        guard let indexPath = table.indexPathForFocusedRow else { return .unchanged }
        let number = (feed.model.globalRow(of: indexPath) + 1).grouped
        if table.indexPathForSelectedRow == indexPath {
            table.deselectRow(at: indexPath, animated: false)
            setMessage("deselectRow: #\(number) is no longer selected.")
        } else {
            setMessage("tapRow: #\(number) selected; kept by the table, not the cell: scroll, i, d, m.")
            table.tapRow(at: indexPath)  // its primary action, when it runs, says so instead
        }
        return .changed
    }

    /// The status segment "selected #123" while a row is selected, else none.
    var selectionSegment: [String] {
        guard let selected = table.indexPathForSelectedRow else { return [] }
        return ["selected #\((feed.model.globalRow(of: selected) + 1).grouped)"]
    }
}
