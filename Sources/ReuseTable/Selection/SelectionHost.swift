import Foundation

/// The delegate moments of a selection, in one vocabulary for both views.
/// `TableView` and `CollectionView` translate them into their delegates' methods
/// (`willSelectRowAt` / `shouldSelectItemAt`, …).
enum SelectionCallback {
    /// Answer: the index path when it may highlight, nil when not.
    case shouldHighlight
    case didHighlight, didUnhighlight
    /// Answer: the index path to select (the same, another: a redirect), or nil: a veto.
    case willSelect
    /// Answer: the index path to deselect (the same, another: a redirect), or nil: a veto.
    case willDeselect
    case didSelect, didDeselect
    /// Answer: the index path when its primary action may be performed, nil when not.
    case canPerformPrimaryAction
    case performPrimaryAction
}

/// A cell that shows selection and highlight (`TableViewCell`, `CollectionViewCell`).
@MainActor
protocol SelectableCell: AnyObject {
    /// Shows the state through the cell's own setters (so subclasses that override them see every change).
    func showSelected(_ selected: Bool, animated: Bool)
    func showHighlighted(_ highlighted: Bool, animated: Bool)
    /// A cell leaving the pool starts unselected and unhighlighted, whatever row it showed last
    /// (the data source reads `isSelected == false`); the view shows the new row's state when it
    /// displays the cell (`showSelection(on:at:animated:)`).
    func resetSelectionForReuse()
}

/// Selection, written once for the table and the collection view: the
/// programmatic calls (no delegate calls, as UIKit) and the touch sequence of a
/// headless tap (the delegate calls, in UIKit's order).
///
/// A view says its switches, its visible cell for an index path and its delegate (through
/// `selectionCallback(_:_:)`); the state is the engine's (`ReuseEngine.selection`), the rest is here.
@MainActor
protocol SelectionHost: AnyObject {
    var allowsSelection: Bool { get }
    var allowsMultipleSelection: Bool { get }
    /// The cell on screen for `indexPath`, without a layout pass (nil when off screen).
    func displayedSelectableCell(at indexPath: IndexPath) -> SelectableCell?
    /// Calls the delegate method for `callback` (inside `calling(_:_:)`, for messages) and returns its answer.
    func selectionCallback(_ callback: SelectionCallback, _ indexPath: IndexPath) -> IndexPath?
    /// The delegate method `callback` stands for, for messages.
    func selectionMethodName(_ callback: SelectionCallback) -> StaticString
    /// Throws a message naming the index path and the counts when it names no row or item.
    func validateIndexPath(_ indexPath: IndexPath) throws(ReuseTableError)
}

extension ReuseEngineView {
    /// Runs `change` on the selection taken out of the engine into a local, then puts it back: the
    /// engine's field is only read or written whole, never held across the hashing of an index path
    /// (a call), so its every read carries no runtime check (`Engine/LayoutPass.swift`).
    func changeSelection<Result>(_ change: (inout SelectionState) -> Result) -> Result {
        var selection = engine.selection
        engine.selection = SelectionState()
        defer { engine.selection = selection }
        return change(&selection)
    }

    /// Copies the view's state onto a cell about to be displayed at `indexPath` — every time,
    /// so a reused cell never shows the state of the row it showed before. A table cell hears
    /// `setSelected(_:animated:)` every time and `setHighlighted(_:animated:)` when it changes what
    /// the cell shows (Docs/selection.md).
    /// - Complexity: O(1).
    func showSelection(on cell: SelectableCell, at indexPath: IndexPath, animated: Bool = false) {
        cell.showSelected(engine.selection.contains(indexPath), animated: animated)
        cell.showHighlighted(engine.selection.highlighted == indexPath, animated: animated)
    }

    /// Throws `validateIndexPath`'s message, prefixed with the call (or callback) it came from.
    func validateSelectionTarget(_ indexPath: IndexPath, from origin: String) throws(ReuseTableError) {
        do { try validateIndexPath(indexPath) } catch { throw ReuseTableError("\(origin): \(error.message)") }
    }

    // MARK: The public calls, for both views

    /// `selectRow` / `selectItem`: checks the index path (stopping with a message naming `call`), selects
    /// without delegate calls, then `scroll`s; nil deselects everything. Ignored while selection is off.
    func selectFromPublicCall(_ indexPath: IndexPath?, animated: Bool, call: String, scroll: (IndexPath) -> Void) {
        loadIfNeeded()
        guard let indexPath else { return deselectAll(animated: animated) }
        do { try validateSelectionTarget(indexPath, from: call) } catch { ReuseTableError.trap(error) }
        guard allowsSelection else { return }
        select(indexPath, animated: animated)
        scroll(indexPath)
    }

    /// `deselectRow` / `deselectItem`: checks the index path, then deselects without delegate calls.
    func deselectFromPublicCall(_ indexPath: IndexPath, animated: Bool, call: String) {
        loadIfNeeded()
        do { try validateSelectionTarget(indexPath, from: call) } catch { ReuseTableError.trap(error) }
        deselect(indexPath, animated: animated)
    }

    /// `tapRow` / `tapItem`: from a callback it is queued (it calls out); otherwise checks and taps.
    func tapFromPublicCall(_ indexPath: IndexPath, call: String) {
        if deferIfBusy(call, { [self] in tapFromPublicCall(indexPath, call: call) }) { return }
        loadIfNeeded()
        do { try validateSelectionTarget(indexPath, from: call) } catch { ReuseTableError.trap(error) }
        performTap(at: indexPath)
    }

    // MARK: Programmatic: no delegate calls

    /// Selects `indexPath` (single selection: and only it). Nothing when selection is off.
    /// - Complexity: O(s log v) for s rows deselected and v visible cells.
    func select(_ indexPath: IndexPath, animated: Bool) {
        guard allowsSelection else { return }
        if !allowsMultipleSelection {
            for other in engine.selection.selected where other != indexPath { deselect(other, animated: animated) }
        }
        add(indexPath, animated: animated)
    }

    /// Adds `indexPath` to the selection, leaving the others alone.
    private func add(_ indexPath: IndexPath, animated: Bool) {
        if changeSelection({ $0.insert(indexPath) }) { displayedSelectableCell(at: indexPath)?.showSelected(true, animated: animated) }
    }

    /// Deselects `indexPath` if it is selected.
    /// - Complexity: O(log v) for v visible cells.
    func deselect(_ indexPath: IndexPath, animated: Bool) {
        if changeSelection({ $0.remove(indexPath) }) { displayedSelectableCell(at: indexPath)?.showSelected(false, animated: animated) }
    }

    /// Deselects everything.
    /// - Complexity: O(s log v).
    func deselectAll(animated: Bool) {
        for indexPath in engine.selection.selected { deselect(indexPath, animated: animated) }
    }

    /// Sets the highlighted row (nil: none) and shows it on its cell.
    func highlight(_ indexPath: IndexPath?) {
        if let old = engine.selection.highlighted { displayedSelectableCell(at: old)?.showHighlighted(false, animated: false) }
        engine.selection.highlighted = indexPath
        if let indexPath { displayedSelectableCell(at: indexPath)?.showHighlighted(true, animated: false) }
    }

    // MARK: A tap: UIKit's touch sequence

    /// What a finger lifting on `indexPath` does, in UIKit's order:
    ///
    /// 1. `shouldHighlight` — false: nothing happens at all (no highlight, no selection);
    /// 2. highlight (`isHighlighted` on the cell, `didHighlight`);
    /// 3. on a selected row in multiple selection: `willDeselect` (nil vetoes, another
    ///    index path redirects) → deselect → `didDeselect`; otherwise
    ///    `willSelect` (nil vetoes, another index path redirects) → in single selection,
    ///    `willDeselect` / deselect / `didDeselect` for each other selected row → select → `didSelect`,
    ///    then, when that row is the only one selected (the tap did not extend a selection),
    ///    `canPerformPrimaryAction` → `performPrimaryAction`;
    /// 4. unhighlight (`didUnhighlight`).
    ///
    /// Each step reads the selection afresh, so a delegate that selects or deselects
    /// from a callback is seen by the next step. Runs inside a transaction: a structural
    /// call from a callback (`reloadData()`, an insert) runs when the sequence is done.
    func performTap(at indexPath: IndexPath) {
        guard allowsSelection else { return }
        performTransaction {
            guard selectionCallback(.shouldHighlight, indexPath) != nil else { return }
            highlight(indexPath)
            _ = selectionCallback(.didHighlight, indexPath)
            if allowsMultipleSelection, engine.selection.contains(indexPath) {
                if let target = checkedAnswer(selectionCallback(.willDeselect, indexPath), .willDeselect) {
                    deselect(target, animated: false)
                    _ = selectionCallback(.didDeselect, target)
                }
            } else if let target = selectWithDelegate(indexPath) {
                performPrimaryActionAfterTap(on: target)
            }
            if engine.selection.highlighted != nil { highlight(nil) }
            _ = selectionCallback(.didUnhighlight, indexPath)
        }
    }

    /// The selecting part of a tap (and of selection following focus): `willSelect` (nil vetoes,
    /// another index path redirects) → in single selection, `willDeselect` / deselect /
    /// `didDeselect` for each other selected row → select → `didSelect`. Returns the row selected.
    @discardableResult
    func selectWithDelegate(_ indexPath: IndexPath) -> IndexPath? {
        guard let target = checkedAnswer(selectionCallback(.willSelect, indexPath), .willSelect) else { return nil }
        if !allowsMultipleSelection {
            for previous in engine.selection.sorted where previous != target {
                guard let other = checkedAnswer(selectionCallback(.willDeselect, previous), .willDeselect)
                else { continue }
                deselect(other, animated: false)
                _ = selectionCallback(.didDeselect, other)
            }
        }
        add(target, animated: false)  // a row whose deselection was vetoed stays selected, as in UIKit
        _ = selectionCallback(.didSelect, target)
        return target
    }

    /// The primary action of the row a tap selected, when it is the only row selected (a tap that
    /// extends a selection performs none) and the delegate allows it, as UIKit does after `didSelect`.
    private func performPrimaryActionAfterTap(on target: IndexPath) {
        guard engine.selection.selected.count == 1, engine.selection.contains(target),
            selectionCallback(.canPerformPrimaryAction, target) != nil
        else { return }
        _ = selectionCallback(.performPrimaryAction, target)
    }

    /// A delegate's redirect must name a row that exists; otherwise stop with a message naming the method.
    private func checkedAnswer(_ answer: IndexPath?, _ callback: SelectionCallback) -> IndexPath? {
        guard let answer else { return nil }
        do {
            try validateSelectionTarget(answer, from: "the index path returned by \(selectionMethodName(callback))")
        } catch {
            ReuseTableError.trap(error)
        }
        return answer
    }
}

// MARK: - The selected set (`SelectionState`)

/// The selected rows (or items) of a table or collection view, and the one
/// being touched: state of the *view*, kept by index path — never in a cell.
///
/// A cell is a reusable costume: a flag stored in it would walk with it to another row (the classic
/// "selection leaks onto a reused cell" bug); a set kept by the view stays with its row, and the
/// view copies it onto whichever cell displays a row (`SelectionHost.showSelection(on:at:animated:)`).
///
/// Memory is O(selected), whatever the number of rows. The set follows every batch update through
/// the same `UpdatePlan` the geometry and the height cache take (`follow(_:)`): deleted rows leave it,
/// moves carry it, inserts and deletes above shift it, reloaded rows keep it; `reloadData()` clears it.
struct SelectionState {
    /// The selected index paths.
    private(set) var selected: Set<IndexPath> = []
    /// The row or item under a touch between highlight and unhighlight (`tapRow(at:)`, `tapItem(at:)`), else nil.
    var highlighted: IndexPath?

    var isEmpty: Bool { selected.isEmpty }

    func contains(_ indexPath: IndexPath) -> Bool { !selected.isEmpty && selected.contains(indexPath) }

    /// The selected index paths in order.
    /// - Complexity: O(s log s) for s selected.
    var sorted: [IndexPath] { selected.sorted() }

    /// Adds `indexPath`; returns false when it was already selected.
    @discardableResult
    mutating func insert(_ indexPath: IndexPath) -> Bool { selected.insert(indexPath).inserted }

    /// Removes `indexPath`; returns false when it was not selected.
    @discardableResult
    mutating func remove(_ indexPath: IndexPath) -> Bool { selected.remove(indexPath) != nil }

    /// Forgets everything (a reload: the rows are new).
    mutating func removeAll() {
        selected.removeAll()
        highlighted = nil
    }

    /// Maps every selected index path through a batch update: a deleted row, or
    /// one in a deleted or reloaded section, leaves; a moved row is carried; a
    /// reloaded row stays selected at its new position (our choice, see Docs/selection.md; UIKit is reported to deselect it); every
    /// other row shifts by the inserts and deletes before it.
    /// - Complexity: O(s (log k + k)) for s selected and k changes in their sections — never O(rows);
    ///   O(s) when the update is applied in bulk (its row map answers in O(1)).
    /// Maps every selected index path through `newIndexPath` (nil: the row left), as `follow(_:)`
    /// does for a plan: for row-range updates, which have no plan.
    /// - Complexity: O(s) calls for s selected.
    mutating func follow(_ newIndexPath: (IndexPath) -> IndexPath?) {
        if let highlighted { self.highlighted = newIndexPath(highlighted) }
        guard !selected.isEmpty else { return }
        selected = Set(selected.compactMap(newIndexPath))
    }

    mutating func follow(_ plan: AppliedUpdate) {
        if let highlighted { self.highlighted = plan.newIndexPath(followingReloadOf: highlighted) }
        guard !selected.isEmpty else { return }
        selected = Set(selected.compactMap { plan.newIndexPath(followingReloadOf: $0) })
    }
}
