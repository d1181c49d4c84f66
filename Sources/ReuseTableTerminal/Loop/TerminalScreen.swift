/// What a key did to a screen: the `EventLoop` redraws after `.changed` and returns after `.quit`.
public enum KeyResponse: Hashable, Sendable {
    /// Nothing to redraw.
    case unchanged
    /// The screen changed: draw a frame.
    case changed
    /// Leave the event loop.
    case quit
}

/// A full-screen terminal app as the `EventLoop` sees it: a size, a frame, keys, idle work.
///
/// `ListScreen` is one, ready-made, for a `TableView` or a `CollectionView`; an app with its own
/// layout (a status bar, a prompt, two views) conforms itself and draws with `Renderer`:
///
///     final class LogScreen: TerminalScreen {
///         let table: TableView
///         func resize(width: Int, height: Int) { table.frame = CGRect(x: 0, y: 0, width: width, height: height) }
///         func render() -> CharGrid { Renderer.render(table, width: Int(table.bounds.width), height: Int(table.bounds.height)) }
///         func handle(_ key: Key) -> KeyResponse { key == .char("q") ? .quit : .unchanged }
///     }
@MainActor
public protocol TerminalScreen: AnyObject {
    /// The screen is now `width` columns by `height` lines: before the first frame, and after every
    /// resize (the next frame is then drawn in full).
    func resize(width: Int, height: Int)
    /// The whole screen, at the size of the last `resize(width:height:)`.
    func render() -> CharGrid
    /// Applies one key (never `.resize`: the loop calls `resize(width:height:)` for it).
    func handle(_ key: Key) -> KeyResponse
    /// True while `runIdleStep(budget:)` has work to do (default false).
    var hasIdleWork: Bool { get }
    /// Does one slice of idle work, about `budget` long — measuring estimated rows, applying what a
    /// background thread built — while no key is pending; returns true when the screen may have
    /// changed. The default does nothing.
    func runIdleStep(budget: Duration) -> Bool
    /// How long the loop waits for a key between idle steps (default zero: idle work is main-thread
    /// work sliced by its budget; a screen waiting for a background thread returns a few milliseconds,
    /// so that waiting costs no CPU).
    var idleWait: Duration { get }
}

extension TerminalScreen {
    /// No idle work.
    public var hasIdleWork: Bool { false }
    /// Nothing to do; the screen does not change.
    public func runIdleStep(budget: Duration) -> Bool { false }
    /// Zero: idle steps follow one another while no key is pending.
    public var idleWait: Duration { .zero }
}
