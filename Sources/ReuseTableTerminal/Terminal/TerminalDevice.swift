/// Where an `EventLoop` reads keys and writes frames: a `Terminal`, or a scripted stand-in in tests.
@MainActor
public protocol TerminalDevice: AnyObject {
    /// The screen's size in cells.
    var screenSize: (columns: Int, rows: Int) { get }
    /// Waits up to `timeoutMilliseconds` (0: do not wait) for input; returns the keys that arrived,
    /// `.resize` included, or none.
    func readKeys(timeoutMilliseconds: Int32) -> [Key]
    /// Writes terminal output (a frame's escape sequences) in full.
    func write(_ string: String)
}
