import Foundation

// Editing mode: a switch of the table, copied onto every cell it displays (as selection is),
// and what it changes — a tap selects only when `allowsSelectionDuringEditing` is on.
// The swipe actions (`TableView+Swipe.swift`) keep their open row in the same state struct.

/// The table's editing state: the mode, its selection switch, and the row showing swipe actions.
///
/// Kept by the table, never in a cell: a cell is reused for other rows, so the open row is an
/// index path that follows updates (`SwipeSession`), and the mode is copied onto each cell as it
/// is displayed.
struct EditingState {
    /// `TableView.isEditing`.
    var isEditing = false
    /// `TableView.allowsSelectionDuringEditing`.
    var allowsSelectionDuringEditing = false
    /// The row showing its swipe actions, if any: one at a time.
    var swipe: SwipeSession?
    /// Numbers each swipe, so a late completion handler of an older swipe closes nothing.
    var swipeCount = 0
}

extension TableView {
    /// Whether the table is in editing mode (default false). Setting it is `setEditing(_:animated:)`
    /// without animation.
    /// - Complexity: O(v) to set, for v visible rows.
    public var isEditing: Bool {
        get { editing.isEditing }
        set { setEditing(newValue, animated: false) }
    }

    /// Whether a tap (`tapRow(at:)`) selects rows while the table is editing (default false, as UIKit).
    /// Programmatic selection (`selectRow`) is not affected.
    /// - Complexity: O(1).
    public var allowsSelectionDuringEditing: Bool {
        get { editing.allowsSelectionDuringEditing }
        set { editing.allowsSelectionDuringEditing = newValue }
    }

    /// Enters or leaves editing mode: closes a row showing swipe actions (`didEndEditingRowAt`),
    /// and sets `isEditing` on every cell on screen; cells displayed later get it as they arrive.
    /// Called from a data source or delegate method, it runs when that step is done.
    /// - Complexity: O(v) for v visible rows.
    public func setEditing(_ editing: Bool, animated: Bool) {
        if deferIfBusy("setEditing(_:animated:)", { [self] in setEditing(editing, animated: animated) }) { return }
        performTransaction {  // one step: the cells' configurations update once, with both changes
            closeSwipedRow()
            guard editing != self.editing.isEditing else { return }
            self.editing.isEditing = editing
            for entry in engine.cellsOnScreen.entries { entry.cell.setEditing(editing, animated: animated) }
        }
    }

    /// Copies the editing mode onto a cell about to be displayed — every time, so a reused
    /// cell never keeps the mode of the moment it was last shown.
    /// - Complexity: O(1).
    func showEditing(on cell: TableViewCell) {
        if cell.isEditing != editing.isEditing { cell.setEditing(editing.isEditing, animated: false) }
    }

    /// Whether a tap may select now: not while a row shows swipe actions (the tap closes them),
    /// nor while editing unless `allowsSelectionDuringEditing`.
    var tapSelects: Bool {
        editing.swipe == nil && (!editing.isEditing || editing.allowsSelectionDuringEditing)
    }

    /// The data source's `canEditRowAt` (true without a data source).
    func canEditRow(at indexPath: IndexPath) -> Bool {
        guard let dataSource else { return true }
        return calling("tableView(_:canEditRowAt:)") { dataSource.tableView(self, canEditRowAt: indexPath) }
    }

    /// The delegate's `editingStyleForRowAt` (`.delete` without a delegate).
    func editingStyle(at indexPath: IndexPath) -> TableViewCell.EditingStyle {
        guard let delegate else { return .delete }
        return calling("tableView(_:editingStyleForRowAt:)") { delegate.tableView(self, editingStyleForRowAt: indexPath) }
    }
}

extension TableView {
    /// A reload's new rows start unselected and with no row showing swipe actions.
    func forgetRowState() {
        engine.selection.removeAll()
        closeSwipedRow()
    }
}
