import Foundation

// Reconfiguring visible rows in place (UIKit: `reconfigureRows(at:)`, iOS 15);
// the steps are the engine's (`Engine/ReuseEngineView+Reconfigure.swift`), plus
// measuring self-sizing rows again.

extension TableView {
    /// Asks the data source again for the cells of these rows that are on screen,
    /// handing it the cell already showing the row: the visible cell is put on top
    /// of the reuse pool, so the data source's `dequeueReusableCell` returns that
    /// very cell, as it is — without `prepareForReuse()`, as UIKit does: what the
    /// cell holds stays unless the data source changes it. No row is deleted or inserted and no
    /// height is asked — unless rows size themselves (`rowHeight ==
    /// automaticDimension`, or a self-sized height in the index-path cache), when a
    /// visible row is measured again and moved to its new height with
    /// `row(_:changedHeight:)` does, and a row off screen keeps its height as an estimate,
    /// measured again when it is next needed (as it appears, or by `scrollToRow`).
    /// Other rows off screen are ignored: they are configured when they appear.
    /// Called from a data source or delegate method (a checkmark
    /// set from `didSelectRowAt`, a diffable apply), it runs when that step is done, after the
    /// calls queued before it, so its index paths name the rows as they are then.
    /// - Complexity: O(k log v) for k rows and v visible rows, plus the cells configured.
    public func reconfigureRows(at indexPaths: [IndexPath]) {
        var changed: [(IndexPath, CGFloat)] = []
        reconfigure(at: indexPaths, call: "reconfigureRows(at:)", again: { [self] in reconfigureRows(at: indexPaths) }) {
            for indexPath in indexPaths where engine.cellsOnScreen[indexPath] == nil && isSelfSized(indexPath) {
                heightBecomesEstimate(indexPath)
            }
        } reconfigured: { indexPath, cell in
            showEditing(on: cell)
            guard isSelfSized(indexPath) else { return }
            let height = fittingHeight(of: cell, tableWidth: bounds.width, describing: "row \(indexPath.tableDescription)")
            indexPathHeightCache.invalidateHeight(at: indexPath)
            if abs(Double(height) - Double(rectForRowUnchecked(indexPath).height)) > 1e-9 {
                changed.append((indexPath, sanitizedHeight(height, for: "height of row \(indexPath.tableDescription)")))
            }
        } notReached: { indexPath in
            // Its cell leaves the screen and is asked anew, with its height, by the pass after the queued call.
            if isSelfSized(indexPath) { heightBecomesEstimate(indexPath) }
        } finish: {
            // In this step, not queued: a queued call would stop the cells after the first from being asked.
            guard !changed.isEmpty else { return }
            setHeights(changed)
            runLayoutPass()
        }
    }

    /// Whether the row's height comes from its cell's content: `rowHeight` is
    /// `automaticDimension`, or some row was sized by its content (the delegate answered
    /// `automaticDimension`): its height, cached at any width, is only good for its old content.
    /// Index paths outside the table are not (they are ignored, as off-screen rows are).
    func isSelfSized(_ indexPath: IndexPath) -> Bool {
        guard (try? validateIndexPath(indexPath)) != nil else { return false }
        return rowHeight == TableView.automaticDimension || usesSelfSizing
    }

    /// The row's content changed: the height it had is now only an estimate, measured when next needed.
    func heightBecomesEstimate(_ indexPath: IndexPath) {
        indexPathHeightCache.invalidateHeight(at: indexPath)
        let index = slotIndex(forRow: indexPath)
        geometry.setHeight(geometry.height(at: index), at: index, isMeasured: false)
    }
}
