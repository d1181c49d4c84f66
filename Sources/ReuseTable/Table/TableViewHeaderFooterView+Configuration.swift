import Foundation

// A header or footer view's side of modern configuration (UIKit, iOS 14): as a cell's
// (`TableViewCell+Configuration.swift`), with a view's state (`ViewConfigurationState`). A header
// is updated when it is laid out or measured with an update pending, and, once on screen, before
// the table's next pass after it asks for one.

extension TableViewHeaderFooterView {
    /// The type of `configurationUpdateHandler` (UIKit: `UITableViewHeaderFooterView.ConfigurationUpdateHandler`).
    public typealias ConfigurationUpdateHandler = @MainActor (TableViewHeaderFooterView, ViewConfigurationState) -> Void

    /// What the view shows, as a configuration (UIKit: `contentConfiguration`); default nil. The
    /// view self-sizes to it: its `sizeThatFits(_:)` is the content view's.
    /// - Complexity: O(1) plus the content view's update.
    public var contentConfiguration: (any ContentConfiguration)? {
        get { configurationSlots.content }
        set {
            configurationSlots.showContent(newValue, in: contentView)
            setNeedsLayout()
        }
    }

    /// A fresh header configuration, `.header()` (UIKit's `defaultContentConfiguration()`); a
    /// footer takes `ListContentConfiguration.footer()`.
    public func defaultContentConfiguration() -> ListContentConfiguration { .header() }

    /// What the view draws behind its content (UIKit: `backgroundConfiguration`); default nil, for
    /// the renderer's header bar.
    public var backgroundConfiguration: BackgroundConfiguration? {
        get { configurationSlots.background }
        set {
            configurationSlots.showBackground(newValue, in: self)
            setNeedsLayout()
        }
    }

    /// Whether each update replaces `contentConfiguration` with its `updated(for:)` the state; default true.
    public var automaticallyUpdatesContentConfiguration: Bool {
        get { configurationSlots.automaticallyUpdatesContent }
        set { configurationSlots.automaticallyUpdatesContent = newValue }
    }

    /// Whether each update replaces `backgroundConfiguration` with its `updated(for:)` the state; default true.
    public var automaticallyUpdatesBackgroundConfiguration: Bool {
        get { configurationSlots.automaticallyUpdatesBackground }
        set { configurationSlots.automaticallyUpdatesBackground = newValue }
    }

    /// Called at every update of the view, after `updateConfiguration(using:)`. Setting it asks for an update.
    public var configurationUpdateHandler: ConfigurationUpdateHandler? {
        get { configurationSlots.handler }
        set {
            configurationSlots.handler = newValue
            setNeedsUpdateConfiguration()
        }
    }

    /// Asks for an update of the view's configurations: run when it is next laid out or measured,
    /// and, on screen, before the table's next pass.
    /// - Complexity: O(1).
    public func setNeedsUpdateConfiguration() {
        configurationSlots.needsUpdate = true
        if !configurationSlots.isUpdating {
            setNeedsLayout()
            scheduleConfigurationUpdateIfShown()
        }
    }
}

extension TableViewHeaderFooterView: ConfigurationUpdating {
    var needsConfigurationUpdate: Bool { configurationSlots.needsUpdate }

    var isScheduledForConfigurationUpdate: Bool {
        get { configurationSlots.isScheduled }
        set { configurationSlots.isScheduled = newValue }
    }

    func updateConfigurationIfNeeded() {
        guard configurationSlots.needsUpdate, !configurationSlots.isUpdating else { return }
        configurationSlots.isUpdating = true
        let state = configurationState
        if configurationSlots.automaticallyUpdatesContent, configurationSlots.contentView != nil, let content = configurationSlots.content {
            contentConfiguration = content.updated(for: state)
        }
        if configurationSlots.automaticallyUpdatesBackground, configurationSlots.backgroundView != nil,
            let background = configurationSlots.background
        {
            backgroundConfiguration = background.updated(for: state)
        }
        updateConfiguration(using: state)
        configurationSlots.handler?(self, state)
        configurationSlots.isUpdating = false
        configurationSlots.needsUpdate = false
    }
}
