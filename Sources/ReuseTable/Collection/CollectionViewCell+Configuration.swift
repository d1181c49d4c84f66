import Foundation

// A collection view cell's side of modern cell configuration (UIKit, iOS 14): the content and
// background configurations, the state they are resolved for, and the update that resolves
// them — as the table cell's (`Table/TableViewCell+Configuration.swift`). `defaultContentConfiguration()`
// is the list cell's (`CollectionViewListCell`), as in UIKit.

extension CollectionViewCell {
    /// The type of `configurationUpdateHandler` (UIKit: `UICollectionViewCell.ConfigurationUpdateHandler`).
    public typealias ConfigurationUpdateHandler = @MainActor (CollectionViewCell, CellConfigurationState) -> Void

    /// What the cell shows, as a configuration (UIKit: `contentConfiguration`); default nil.
    ///
    /// Setting one puts the view it makes in `contentView`, filling it (a later configuration the
    /// view supports is handed to the same view), and the cell's `sizeThatFits(_:)` becomes the
    /// content view's, so a template measured with it self-sizes. Setting nil removes that view.
    /// - Complexity: O(1) plus the content view's update.
    public var contentConfiguration: (any ContentConfiguration)? {
        get { configurationSlots.content }
        set {
            configurationSlots.showContent(newValue, in: contentView)
            setNeedsLayout()
        }
    }

    /// What the cell draws behind its content (UIKit: `backgroundConfiguration`); default nil (a list
    /// cell makes its own). With one, the configuration decides how a selected or highlighted cell looks.
    public var backgroundConfiguration: BackgroundConfiguration? {
        get { configurationSlots.background }
        set {
            configurationSlots.showBackground(newValue, in: self)
            setNeedsLayout()
        }
    }

    /// Whether each update replaces `contentConfiguration` with its `updated(for:)` the new state
    /// (UIKit's name); default true.
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
    /// its state (UIKit's name). Setting it asks for an update (`setNeedsUpdateConfiguration()`).
    public var configurationUpdateHandler: ConfigurationUpdateHandler? {
        get { configurationSlots.handler }
        set {
            configurationSlots.handler = newValue
            setNeedsUpdateConfiguration()
        }
    }

    /// Asks for an update of the cell's configurations for its current state (UIKit's name). The
    /// collection view showing the cell runs it once before its next layout pass, however many
    /// requests and state changes came first; a cell not on screen is updated when next displayed.
    /// - Complexity: O(1).
    public func setNeedsUpdateConfiguration() {
        markNeedsConfigurationUpdate()
    }
}

// The update itself is shared with the other cell class (`Configuration/ConfigurationSlots.swift`).
extension CollectionViewCell: SlottedCell {
    func callConfigurationUpdateHandler(with state: CellConfigurationState) {
        configurationSlots.handler?(self, state)
    }
}
