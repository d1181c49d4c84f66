import Foundation

/// One button a swipe reveals on a row (UIKit: `UIContextualAction`).
///
/// The handler does the work (a destructive one changes the model and calls `deleteRows(at:with:)`),
/// then calls its completion once, now or later: `true` closes the row, `false` leaves it open.
///
/// ```swift
/// let flag = ContextualAction(style: .normal, title: "Flag") { _, _, completion in
///     completion(true)
/// }
/// let configuration = SwipeActionsConfiguration(actions: [flag])
/// ```
@MainActor
public final class ContextualAction {
    /// How the action is drawn and what it means (UIKit: `UIContextualAction.Style`).
    public enum Style: Sendable {
        /// An ordinary action.
        case normal
        /// An action that removes the row (drawn in red by UIKit).
        case destructive
    }

    /// What the handler receives: the action, the view the action was shown on (the row's cell,
    /// or the table when the cell is not on screen), and the completion to call.
    public typealias Handler = @MainActor (ContextualAction, View, @escaping (Bool) -> Void) -> Void

    /// How the action is drawn and what it means.
    public let style: Style
    /// The button's title.
    public var title: String?
    /// Runs when the action is performed (`TableView.performSwipeAction(at:)`, or a full swipe).
    public let handler: Handler

    /// Creates an action.
    /// - Complexity: O(1).
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
    }
}

/// The actions a swipe reveals on one edge of a row (UIKit: `UISwipeActionsConfiguration`),
/// first action nearest the edge.
@MainActor
public final class SwipeActionsConfiguration {
    /// The actions, first nearest the edge the row was swiped from.
    public let actions: [ContextualAction]
    /// Whether a full swipe (`TableView.fullSwipeRow(at:edge:)`) performs the first action (default true).
    public var performsFirstActionWithFullSwipe = true

    /// Creates a configuration; an empty list offers no actions (the swipe does nothing).
    /// - Complexity: O(1).
    public init(actions: [ContextualAction]) {
        self.actions = actions
    }
}
