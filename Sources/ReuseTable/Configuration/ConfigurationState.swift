import Foundation

/// What a view's configuration is resolved for: the states that change how it looks (UIKit:
/// `UIConfigurationState`). `ViewConfigurationState` and `CellConfigurationState` conform; a
/// configuration's `updated(for:)` takes any of them.
///
/// UIKit's state also carries a trait collection; ReuseTable has no traits. Custom states are
/// kept by key, as in UIKit (`ConfigurationStateCustomKey`).
public protocol ConfigurationState {
    /// The value of a custom state, or nil when it is not set (UIKit's subscript).
    subscript(key: ConfigurationStateCustomKey) -> AnyHashable? { get set }
}

/// The name of a custom state an app adds to a configuration state (UIKit:
/// `UIConfigurationStateCustomKey`), in a subclass's `configurationState`:
///
///     extension ConfigurationStateCustomKey {
///         static let isArchived = ConfigurationStateCustomKey("com.example.isArchived")
///     }
public struct ConfigurationStateCustomKey: Hashable, Sendable, RawRepresentable {
    /// The key's name; pick one no other code uses (a reverse domain name).
    public let rawValue: String

    /// A key named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A key named `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// The state of a view that is not a cell — a table's header or footer view (UIKit:
/// `UIViewConfigurationState`).
///
/// `isFocused` and `isDisabled` stay false for the header and footer views ReuseTable updates: focus
/// is a row's or an item's (`CellConfigurationState.isFocused`), and nothing disables a view. They are
/// here, settable, so configurations can be resolved for them (and tests can ask what a disabled look
/// would be).
public struct ViewConfigurationState: ConfigurationState, Hashable {
    /// Whether the view is selected.
    public var isSelected = false
    /// Whether the view is highlighted (touched).
    public var isHighlighted = false
    /// Whether the view is disabled; ReuseTable never sets it.
    public var isDisabled = false
    /// Whether the view has focus; ReuseTable sets it on cells only (a header or footer never has it).
    public var isFocused = false
    /// Custom states by key.
    var customStates: [ConfigurationStateCustomKey: AnyHashable] = [:]

    /// A state with every flag false.
    public init() {}

    /// The value of a custom state, or nil.
    public subscript(key: ConfigurationStateCustomKey) -> AnyHashable? {
        get { customStates[key] }
        set { customStates[key] = newValue }
    }
}

/// The state of a cell (UIKit: `UICellConfigurationState`): the view's states plus those of a
/// row or item — editing, showing swipe actions, expanded in an outline, lifted to reorder.
///
/// The view showing the cell sets every flag it knows from its own state (never from the cell's
/// memory, which a reused cell would carry over): `isSelected`, `isHighlighted` from the
/// selection; `isEditing` from the table's editing mode; `isSwiped` for the row showing swipe
/// actions; `isReordering` for the lifted row or item; `isFocused` for the focused row or item
/// (`TableView.allowsFocus`, Docs/focus.md). `isExpanded` is for outlines. `isDisabled` stays false
/// (nothing disables a cell). See Docs/modern-cells.md.
public struct CellConfigurationState: ConfigurationState, Hashable {
    /// Whether the cell's row or item is selected.
    public var isSelected = false
    /// Whether the cell's row or item is being touched (during `tapRow(at:)` or `tapItem(at:)`).
    public var isHighlighted = false
    /// Whether the cell is disabled; ReuseTable never sets it.
    public var isDisabled = false
    /// Whether the cell's row or item is the focused one (`indexPathForFocusedRow`, `indexPathForFocusedItem`).
    public var isFocused = false
    /// Whether the view is in editing mode.
    public var isEditing = false
    /// Whether the row shows its swipe actions.
    public var isSwiped = false
    /// Whether the item is expanded in an outline.
    public var isExpanded = false
    /// Whether the row or item is lifted to be moved.
    public var isReordering = false
    /// Custom states by key.
    var customStates: [ConfigurationStateCustomKey: AnyHashable] = [:]

    /// A state with every flag false.
    public init() {}

    /// The value of a custom state, or nil.
    public subscript(key: ConfigurationStateCustomKey) -> AnyHashable? {
        get { customStates[key] }
        set { customStates[key] = newValue }
    }

    /// The states a view has too (selected, highlighted, disabled, focused, and the custom ones).
    public var viewState: ViewConfigurationState {
        var state = ViewConfigurationState()
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isDisabled = isDisabled
        state.isFocused = isFocused
        state.customStates = customStates
        return state
    }
}

extension ConfigurationState {
    /// The flags every state has, read from any state (a cell's or a view's). The type is compared
    /// and the value read in place, where `as?` costs the runtime's dynamic cast at each update.
    var commonFlags: (isSelected: Bool, isHighlighted: Bool, isDisabled: Bool) {
        if Self.self == CellConfigurationState.self { return unsafeBitCast(self, to: CellConfigurationState.self).flagsOfEveryState }
        if Self.self == ViewConfigurationState.self {
            let view = unsafeBitCast(self, to: ViewConfigurationState.self)
            return (view.isSelected, view.isHighlighted, view.isDisabled)
        }
        return (false, false, false)
    }

    /// The cell flags of a cell's state (false for any other state).
    var cellFlags: CellConfigurationState? { self as? CellConfigurationState }
}

extension CellConfigurationState {
    /// The flags a view's state has too: what the built-in configurations resolve for.
    var flagsOfEveryState: (isSelected: Bool, isHighlighted: Bool, isDisabled: Bool) { (isSelected, isHighlighted, isDisabled) }
}
