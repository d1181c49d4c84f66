import Foundation

// A cell's side of editing: the editing styles a delegate names for each row. The
// cell's `isEditing` is set by the table (`TableView+Editing.swift`), never kept by the
// app: like selection, the mode belongs to the table and is copied onto whichever cell
// shows a row.

extension TableViewCell {
    /// What editing offers for a row (UIKit: `UITableViewCell.EditingStyle`): the delegate's
    /// `tableView(_:editingStyleForRowAt:)` answers it, and a swipe without a configuration
    /// of its own offers Delete only for `.delete`.
    public enum EditingStyle: Sendable {
        /// No editing control, and no default Delete action.
        case none
        /// A delete control, and the default trailing Delete action of a swipe.
        case delete
        /// An insert control (the data source's `commit(_:forRowAt:)` is told `.insert`).
        case insert
    }
}
