import Foundation

/// What a cell or header shows, as a value (UIKit: `UIContentConfiguration`): it makes the view
/// that shows it, and resolves itself for a state.
///
/// Set one on a cell (`contentConfiguration`); the cell puts the configuration's view in its
/// `contentView` and hands later configurations of the same type to that view. The built-in one is
/// `ListContentConfiguration`; an app can write its own, with its own `ContentView`.
@MainActor
public protocol ContentConfiguration {
    /// A new view showing this configuration.
    func makeContentView() -> View & ContentView
    /// This configuration resolved for `state`: the state's defaults (a selected look, say) applied to
    /// the properties the app did not set.
    func updated(for state: any ConfigurationState) -> Self
}

/// A view made by a `ContentConfiguration` (UIKit: `UIContentView`). Setting `configuration`
/// shows the new one in place, so a reused cell keeps its content view.
@MainActor
public protocol ContentView: AnyObject {
    /// The configuration shown.
    var configuration: any ContentConfiguration { get set }
    /// Whether the view can show `configuration` (default: a configuration of the same type as its own).
    func supports(_ configuration: any ContentConfiguration) -> Bool
}

extension ContentView {
    /// True for a configuration of the same type as the view's own.
    public func supports(_ configuration: any ContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}
