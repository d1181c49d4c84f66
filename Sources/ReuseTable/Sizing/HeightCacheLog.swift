import Foundation

/// A debug log for the height caches and the template-cell sizing code.
///
/// Off by default. Both views switch it through their public
/// `isHeightDebugLogEnabled` and point `sink` at their `heightDebugLogHandler`
/// (a test collects lines in an array; `Engine/ReuseEngineView+TemplateCells.swift`). Messages are built lazily, so a disabled log costs one
/// branch per event — the caches sit on the scrolling hot path.
///
/// Every line starts with the reporting component, e.g.
/// `[IndexPathHeightCache] hit [0, 3] width 320.0 -> 44.0`.
struct HeightCacheLog {
    /// Whether events are reported at all.
    var isEnabled = false

    /// The component named at the start of each line.
    var component: String

    /// Where lines go; prints to standard output by default.
    var sink: (String) -> Void = { print($0) }

    init(component: String) { self.component = component }

    /// Reports one event if the log is enabled.
    ///
    /// - Complexity: O(1) when disabled; otherwise the cost of building the message.
    func callAsFunction(_ message: @autoclosure () -> String) {
        guard isEnabled else { return }
        sink("[\(component)] \(message())")
    }
}

extension IndexPath {
    /// `[section, row]`, the way the debug log names an index path.
    var logDescription: String { "[\(section), \(row)]" }
}
