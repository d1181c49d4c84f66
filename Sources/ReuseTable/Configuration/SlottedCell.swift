import Foundation

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
    var contentConfiguration: (any ContentConfiguration)? { get set }
    var backgroundConfiguration: BackgroundConfiguration? { get set }
    func updateConfiguration(using state: CellConfigurationState)
    /// Calls the app's `configurationUpdateHandler`, if any, with the cell and `state`.
    func callConfigurationUpdateHandler(with state: CellConfigurationState)
}

extension SlottedCell {
    var needsConfigurationUpdate: Bool { configurationSlots.needsUpdate }

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
