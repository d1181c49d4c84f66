import Foundation

// What every view with configurations keeps (table and collection view cells, the table's
// header and footer views), written once: the content and background configurations with the
// views that show them, the update handler, the automatic-update switches, and whether an
// update is pending. Docs/modern-cells.md tells the whole flow.

/// The configuration state of one view; `Handler` is the view's update handler type.
///
/// A class the view holds in a constant: its fields are read and written on every arrival, and a
/// stored struct of the view would be one property the runtime checks for exclusive access at each.
/// The fields keep the runtime's exclusivity checks: they hold app code (configurations, handlers),
/// and none is held inout across a call into it.
@MainActor
final class ConfigurationSlots<Handler> {
    /// `contentConfiguration`.
    var content: (any ContentConfiguration)?
    /// The view `content` made, in the view's `contentView`.
    var contentView: (View & ContentView)?
    /// `backgroundConfiguration`.
    var background: BackgroundConfiguration?
    /// The view behind the content that holds the background's custom view.
    var backgroundView: BackgroundConfigurationView?
    /// `configurationUpdateHandler`.
    var handler: Handler?
    /// `automaticallyUpdatesContentConfiguration`.
    var automaticallyUpdatesContent = true
    /// `automaticallyUpdatesBackgroundConfiguration`.
    var automaticallyUpdatesBackground = true
    /// An update waits: set by `setNeedsUpdateConfiguration()` (and every state change), cleared by the update.
    var needsUpdate = true
    /// The view is on its host's list of views to update (`ConfigurationUpdateList`).
    var isScheduled = false
    /// An update is running: requests made meanwhile are part of it.
    var isUpdating = false
    /// The cell states the cell classes do not keep themselves.
    var flags = CellStateFlags()
    /// Custom states a data source sets on the cells it hands over (a paged source's
    /// `ConfigurationStateCustomKey.pagedRow`), part of the cell's `configurationState`.
    var customStates: [ConfigurationStateCustomKey: AnyHashable] = [:]

    init() {}

    /// Shows `configuration` in `container`: hands it to the content view already there when
    /// that view supports it (UIKit's rule, so a reused cell keeps its content view), or replaces
    /// that view with the configuration's own; nil removes the content view.
    func showContent(_ configuration: (any ContentConfiguration)?, in container: View) {
        content = configuration
        guard let configuration else {
            contentView?.removeFromSuperview()
            contentView = nil
            return
        }
        if let contentView, contentView.supports(configuration) {
            contentView.configuration = configuration
            return
        }
        contentView?.removeFromSuperview()
        let view = configuration.makeContentView()
        view.frame = container.bounds
        container.addSubview(view)
        contentView = view
    }

    /// The content configuration an automatic update shows for `state`, or nil when there is none
    /// to update or when `updated(for:)` would give the configuration shown back: a list
    /// configuration whose colors are already the state's (every arrival in the common state),
    /// read from the `ListContentView` showing it (which shows only list configurations, the
    /// cell's) without copying it out of its existential or building the updated copy.
    func automaticContentUpdate(for state: CellConfigurationState) -> (any ContentConfiguration)? {
        guard automaticallyUpdatesContent, let contentView else { return nil }
        if let list = contentView as? ListContentView, list.showsResolved(for: state.flagsOfEveryState) { return nil }
        return content?.updated(for: state)
    }

    /// Whether an update has a content configuration to update: read first, so a classic cell
    /// (no content view) makes no optional existential to destroy at each update.
    var hasAutomaticContentUpdate: Bool { automaticallyUpdatesContent && contentView != nil }

    /// Whether an update has a background configuration to update.
    var hasAutomaticBackgroundUpdate: Bool { automaticallyUpdatesBackground && backgroundView != nil }

    /// The background configuration an automatic update shows for `state`, or nil when there is
    /// none to update or when `updated(for:)` would give the one shown back.
    func automaticBackgroundUpdate(for state: CellConfigurationState) -> BackgroundConfiguration? {
        guard automaticallyUpdatesBackground, backgroundView != nil, background?.isResolved(for: state.flagsOfEveryState) == false,
            let background
        else { return nil }
        return background.updated(for: state)
    }

    /// Shows `configuration` behind everything else in `owner` (nil: no background).
    func showBackground(_ configuration: BackgroundConfiguration?, in owner: View) {
        background = configuration
        guard let configuration else {
            backgroundView?.removeFromSuperview()
            backgroundView = nil
            return
        }
        if backgroundView == nil {
            let view = BackgroundConfigurationView()
            owner.insertSubview(view, at: 0)
            backgroundView = view
        }
        backgroundView?.configuration = configuration
        backgroundView?.frame = configuration.frame(in: owner.bounds.size)
    }

    /// Places the content and background views: the content view fills `contentFrame` of its
    /// container, the background follows its insets in `size`. Called from the owner's `layoutSubviews()`.
    func layOut(contentIn contentFrame: CGRect, backgroundIn size: CGSize) {
        if let contentView {
            contentView.frame = contentFrame
            contentView.layoutIfNeeded()
        }
        if let backgroundView, let insets = background?.backgroundInsets {  // the insets alone: no copy of the configuration
            backgroundView.frame = BackgroundConfiguration.frame(insets: insets, in: size)
            backgroundView.layoutIfNeeded()
        }
    }

    /// The height the content view needs at `width`, or nil without a content view.
    func fittingHeight(width: CGFloat) -> CGFloat? {
        contentView?.sizeThatFits(CGSize(width: width, height: 0)).height
    }
}

/// The states of a cell that only the view showing it knows, kept on the cell for its
/// `configurationState` (the table's and collection view's own state stays with them).
struct CellStateFlags: Equatable {
    /// The collection view's editing mode (a table cell keeps its own `isEditing`).
    var isEditing = false
    /// The row shows its swipe actions.
    var isSwiped = false
    /// The item is expanded in an outline.
    var isExpanded = false
    /// The row or item is lifted.
    var isReordering = false
    /// The row or item has focus (`FocusState`).
    var isFocused = false
}

/// The view behind a cell's content that shows its `BackgroundConfiguration`: it holds the
/// configuration's custom view; the fill and the stroke are drawn by renderers from the
/// configuration (`backgroundConfiguration` on the cell).
@MainActor
final class BackgroundConfigurationView: View {
    var configuration: BackgroundConfiguration? {
        didSet {
            guard configuration?.customView !== oldValue?.customView else { return }
            oldValue?.customView?.removeFromSuperview()
            if let custom = configuration?.customView { addSubview(custom) }
            setNeedsLayout()
        }
    }

    /// The custom view fills the background.
    override func layoutSubviews() {
        super.layoutSubviews()
        configuration?.customView?.frame = CGRect(origin: .zero, size: bounds.size)
    }
}

/// A view whose configuration its host updates before the host's next layout pass: cells and
/// the table's header and footer views.
@MainActor
protocol ConfigurationUpdating: View {
    /// Whether an update is pending.
    var needsConfigurationUpdate: Bool { get }
    /// Whether the view is on its host's list.
    var isScheduledForConfigurationUpdate: Bool { get set }
    /// Runs the pending update, if any: the automatic updates of the content and background
    /// configurations, then `updateConfiguration(using:)`, then the handler — once, with the
    /// state as it is now.
    func updateConfigurationIfNeeded()
}

/// A view that updates the configurations of the views it shows before its layout passes:
/// `TableView` and `CollectionView`.
@MainActor
protocol ConfigurationUpdateHost: AnyObject {
    /// Puts `view` on the list of views to update before the next pass, and asks for that pass.
    func scheduleConfigurationUpdate(of view: ConfigurationUpdating)
    /// The flags a cell arriving at `indexPath` shows (swiped, editing), from the view's own state.
    func cellStateFlags(at indexPath: IndexPath) -> CellStateFlags
    /// Shows the view's editing mode on an arriving cell that keeps its own (`TableViewCell.isEditing`).
    func showEditing(onArriving cell: ConfiguredCell)
    /// The fitting height of the cell on screen at `indexPath` when the row is self-sized (with
    /// `matchingRow`, only when the row is as tall as that fitting), or nil.
    func selfSizedHeight(of view: View, at indexPath: IndexPath, matchingRow: Bool) -> CGFloat?
    /// Whether the row at `indexPath` is `height` tall (the collection view: always, it measures nothing here).
    func isRowHeight(_ height: CGFloat, at indexPath: IndexPath) -> Bool
    /// Moves rows whose configuration update changed their self-sized height.
    func configurationsChangedHeights(_ changes: [(IndexPath, CGFloat)])
}

extension ConfigurationUpdating {
    /// Puts the view on its host's list when a host shows it (a view in a reuse pool, or not yet
    /// shown, is updated when it is next shown). The caller has marked it (`needsUpdate`).
    func scheduleConfigurationUpdateIfShown() {
        guard !isScheduledForConfigurationUpdate, let host = superview as? ConfigurationUpdateHost else { return }
        isScheduledForConfigurationUpdate = true
        host.scheduleConfigurationUpdate(of: self)
    }
}

/// The views waiting for a configuration update before a host's next layout pass.
struct ConfigurationUpdateList {
    /// The views, in the order they were marked.
    var views: [any ConfigurationUpdating] = []
    /// Arrived cells whose configuration no longer fits the height their row was measured at.
    var heightChecks: [View] = []
    /// Whether either list holds anything: what every pass reads. (No observers on the lists: a
    /// stored property with an observer is written through a call, which would keep the runtime's
    /// check on every access of the pass's state, `Engine/LayoutPass.swift`.)
    var hasWork: Bool { !views.isEmpty || !heightChecks.isEmpty }
    /// When the data source was last asked for a cell or a supplementary view, on the monotonic
    /// clock: a registration created after it was created inside that call (`CollectionView.CellRegistration`).
    var providerCallStartedAt: UInt64 = 0
    /// A section snapshot was applied to the view: arriving cells ask for their item's expansion
    /// (`Outline/ReuseEngineView+OutlineExpansion.swift`).
    var showsOutlines = false
}

// MARK: - The update of a cell (`SlottedCell`)

// The update of a cell's configurations, written once for both cell classes (`TableViewCell`,
// `CollectionViewCell`): the automatic updates of the content and background configurations, then
// `updateConfiguration(using:)`, then the app's handler — once, with the state as it is now. Each
// cell class keeps its public face (`contentConfiguration`, `configurationUpdateHandler`, …) in its
// own `+Configuration.swift`; Docs/modern-cells.md tells the whole flow.

/// A cell that keeps its configurations in `ConfigurationSlots`.
@MainActor
protocol SlottedCell: ConfiguredCell {
    /// The cell class's handler type (`TableViewCell.ConfigurationUpdateHandler`, …).
    associatedtype ConfigurationUpdateHandler
    var configurationSlots: ConfigurationSlots<ConfigurationUpdateHandler> { get }
    var configurationState: CellConfigurationState { get }
    var isSelected: Bool { get }
    var isHighlighted: Bool { get }
    var contentConfiguration: (any ContentConfiguration)? { get set }
    var backgroundConfiguration: BackgroundConfiguration? { get set }
    func updateConfiguration(using state: CellConfigurationState)
    /// Calls the app's `configurationUpdateHandler`, if any, with the cell and `state`.
    func callConfigurationUpdateHandler(with state: CellConfigurationState)
}

extension SlottedCell {
    var needsConfigurationUpdate: Bool { configurationSlots.needsUpdate }

    /// What only the view showing the cell knows (editing, swiped, expanded, reordering, focused), for
    /// both cell classes: a different value asks for an update and a layout (a list cell shows its
    /// accessories for the editing mode).
    var cellFlags: CellStateFlags {
        get { configurationSlots.flags }
        set {
            guard newValue != configurationSlots.flags else { return }
            configurationSlots.flags = newValue
            setNeedsUpdateConfiguration()
            setNeedsLayout()
        }
    }

    /// The state the view set on the cell, before a subclass adds custom states (each class's
    /// `configurationState` starts from it); `isEditing` as the cell class keeps it.
    func baseConfigurationState(isEditing: Bool) -> CellConfigurationState {
        var state = CellConfigurationState()
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isEditing = isEditing
        state.isSwiped = configurationSlots.flags.isSwiped
        state.isExpanded = configurationSlots.flags.isExpanded
        state.isReordering = configurationSlots.flags.isReordering
        state.isFocused = configurationSlots.flags.isFocused
        if !configurationSlots.customStates.isEmpty { state.customStates = configurationSlots.customStates }
        return state
    }

    var hasConfigurationUpdateHandler: Bool { configurationSlots.handler != nil }

    var isScheduledForConfigurationUpdate: Bool {
        get { configurationSlots.isScheduled }
        set { configurationSlots.isScheduled = newValue }
    }

    /// Asks for an update (the body of both cells' public `setNeedsUpdateConfiguration()`): the
    /// view showing the cell runs it once before its next layout pass.
    func markNeedsConfigurationUpdate() {
        configurationSlots.needsUpdate = true
        if !configurationSlots.isUpdating { scheduleConfigurationUpdateIfShown() }
    }

    func updateConfigurationIfNeeded() {
        guard configurationSlots.needsUpdate, !configurationSlots.isUpdating else { return }
        configurationSlots.isUpdating = true
        configurationSlots.needsUpdate = false
        let state = configurationState
        // Each automatic update is skipped when it would give the configuration shown back.
        if configurationSlots.hasAutomaticContentUpdate, let content = configurationSlots.automaticContentUpdate(for: state) {
            contentConfiguration = content
        }
        if configurationSlots.hasAutomaticBackgroundUpdate, let background = configurationSlots.automaticBackgroundUpdate(for: state) {
            backgroundConfiguration = background
        }
        updateConfiguration(using: state)
        callConfigurationUpdateHandler(with: state)
        configurationSlots.isUpdating = false
        // A request made during the update is part of it, unless the state itself changed meanwhile.
        if configurationSlots.needsUpdate {
            configurationSlots.needsUpdate = configurationState != state
            if configurationSlots.needsUpdate { scheduleConfigurationUpdateIfShown() }
        }
    }
}
