import Foundation

// A table cell's side of modern cell configuration (UIKit, iOS 14): the content and background
// configurations, the state they are resolved for, and the update that resolves them. The
// table marks a cell whose state changes and updates it once before its next layout pass
// (`Configuration/ReuseEngineView+ConfigurationUpdates.swift`); Docs/modern-cells.md tells the flow.

extension TableViewCell {
    /// The type of `configurationUpdateHandler` (UIKit: `UITableViewCell.ConfigurationUpdateHandler`).
    public typealias ConfigurationUpdateHandler = @MainActor (TableViewCell, CellConfigurationState) -> Void

    /// What the cell shows, as a configuration (UIKit: `contentConfiguration`); default nil.
    ///
    /// Setting one puts the view it makes in `contentView`, filling it (a later configuration the
    /// view supports is handed to the same view), and the cell then self-sizes to it: its
    /// `sizeThatFits(_:)` is the content view's. Setting nil removes that view. Use it instead of
    /// `textLabel` and `detailTextLabel`, not beside them.
    /// - Complexity: O(1) plus the content view's update.
    public var contentConfiguration: (any ContentConfiguration)? {
        get { configurationSlots.content }
        set {
            configurationSlots.showContent(newValue, in: contentView)
            setNeedsLayout()
        }
    }

    /// A list content configuration in the style of the cell (UIKit: `defaultContentConfiguration()`):
    /// `.cell()` for `.default`, `.subtitleCell()` for `.subtitle`, `.valueCell()` for `.value1` and
    /// `.value2`. Always a fresh one, with no text: set its texts, then `contentConfiguration`.
    public func defaultContentConfiguration() -> ListContentConfiguration {
        switch cellStyle {
        case .default: return .cell()
        case .subtitle: return .subtitleCell()
        case .value1, .value2: return .valueCell()
        }
    }

    /// What the cell draws behind its content (UIKit: `backgroundConfiguration`); default nil, for
    /// the renderer's own selection look. With one, the configuration decides how a selected or
    /// highlighted cell looks (`BackgroundConfiguration.updated(for:)`).
    public var backgroundConfiguration: BackgroundConfiguration? {
        get { configurationSlots.background }
        set {
            configurationSlots.showBackground(newValue, in: self)
            setNeedsLayout()
        }
    }

    /// Whether each update replaces `contentConfiguration` with its `updated(for:)` the new state
    /// (UIKit's name); default true. Turn it off when `updateConfiguration(using:)` or the handler
    /// sets the configuration for every state itself.
    public var automaticallyUpdatesContentConfiguration: Bool {
        get { configurationSlots.automaticallyUpdatesContent }
        set { configurationSlots.automaticallyUpdatesContent = newValue }
    }

    /// Whether each update replaces `backgroundConfiguration` with its `updated(for:)` the new
    /// state (UIKit's name); default true.
    public var automaticallyUpdatesBackgroundConfiguration: Bool {
        get { configurationSlots.automaticallyUpdatesBackground }
        set { configurationSlots.automaticallyUpdatesBackground = newValue }
    }

    /// Called at every update of the cell, after `updateConfiguration(using:)`, with the cell and
    /// its state (UIKit's name): set the configurations for the state here. Setting it asks for an
    /// update (`setNeedsUpdateConfiguration()`).
    public var configurationUpdateHandler: ConfigurationUpdateHandler? {
        get { configurationSlots.handler }
        set {
            configurationSlots.handler = newValue
            setNeedsUpdateConfiguration()
        }
    }

    /// Asks for an update of the cell's configurations for its current state (UIKit's name). The
    /// table showing the cell runs it once before its next layout pass, however many requests and
    /// state changes came first; a cell not on screen is updated when it is next displayed.
    /// - Complexity: O(1).
    public func setNeedsUpdateConfiguration() {
        markNeedsConfigurationUpdate()
    }

    /// The state the table set on the cell, before a subclass adds custom states.
    var baseConfigurationState: CellConfigurationState {
        var state = CellConfigurationState()
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isEditing = isEditing
        state.isSwiped = configurationSlots.flags.isSwiped
        state.isExpanded = configurationSlots.flags.isExpanded
        state.isReordering = configurationSlots.flags.isReordering
        if !configurationSlots.customStates.isEmpty { state.customStates = configurationSlots.customStates }
        return state
    }
}

// The update itself is shared with the other cell class (`Configuration/SlottedCell.swift`).
extension TableViewCell: SlottedCell {
    var cellFlags: CellStateFlags {
        get { configurationSlots.flags }
        set {
            guard newValue != configurationSlots.flags else { return }
            configurationSlots.flags = newValue
            setNeedsUpdateConfiguration()
        }
    }

    func callConfigurationUpdateHandler(with state: CellConfigurationState) {
        configurationSlots.handler?(self, state)
    }
}
