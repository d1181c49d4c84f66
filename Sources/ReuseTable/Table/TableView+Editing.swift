import Foundation

// Editing mode: a switch of the table, copied onto every cell it displays (as selection is),
// and what it changes — a tap selects only when `allowsSelectionDuringEditing` is on.
// The state (`EditingState`) and the mode's switch are the engine's, shared with the collection view
// (`Engine/SwipeSessions.swift`); the swipe actions (`TableView+Swipe.swift`) keep their open row there too.

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
        setEditingMode(editing, animated: animated)
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
        changeSelection { $0.removeAll() }
        closeSwipedRow()
    }
}
