/// A mouse button pressed, released or dragged, decoded from the terminal's report (`KeyDecoder`);
/// the wheel arrives as `Key.wheelUp` and `Key.wheelDown` instead.
///
/// The position is the cell under the pointer, counted from 0 at the top-left corner of the screen
/// (the terminal counts from 1). A drag is a move with a button held (mode 1002 reports those); a
/// move with none (mode 1003, not asked for by `Terminal`) has `button` `.none`.
///
///     KeyDecoder.decode(Array("\u{1B}[<0;10;5M".utf8))
///     // [.mouse(MouseEvent(kind: .press, button: .left, column: 9, line: 4))]
public struct MouseEvent: Hashable, Sendable {
    /// What the button did.
    public enum Kind: Hashable, Sendable {
        /// The button went down.
        case press
        /// The button came up.
        case release
        /// The pointer moved with the button held.
        case drag
        /// The pointer moved with no button held.
        case move
    }

    /// Which button.
    public enum Button: Hashable, Sendable {
        /// The first button (SGR button 0).
        case left
        /// The middle button, or a pressed wheel (SGR button 1).
        case middle
        /// The second button (SGR button 2).
        case right
        /// No button (a move, or a release the terminal did not name).
        case none
    }

    /// What happened.
    public var kind: Kind
    /// The button it happened to.
    public var button: Button
    /// The cell's column, from 0 at the left edge.
    public var column: Int
    /// The cell's line, from 0 at the top.
    public var line: Int
    /// Shift was held.
    public var shift: Bool
    /// Alt (Meta) was held.
    public var meta: Bool
    /// Control was held.
    public var control: Bool

    /// An event at the cell (`column`, `line`), counted from 0.
    public init(
        kind: Kind, button: Button, column: Int, line: Int, shift: Bool = false, meta: Bool = false, control: Bool = false
    ) {
        self.kind = kind
        self.button = button
        self.column = column
        self.line = line
        self.shift = shift
        self.meta = meta
        self.control = control
    }

    /// The key for a report's button code (the terminal's bits: 0–2 the button, 3 none, +4 Shift,
    /// +8 Alt, +16 Control, +32 motion, +64 the wheel, +128 buttons 8–11), its 1-based position and
    /// whether it is a release (SGR's final `m`); `.unknown` for codes and positions that mean nothing here.
    static func key(code: Int, column: Int, line: Int, release: Bool) -> Key {
        guard code >= 0, code < 256, column >= 1, line >= 1, code & 128 == 0 else { return .unknown }
        if code & 64 != 0 {
            guard !release, code & 32 == 0 else { return .unknown }
            switch code & 3 {
            case 0: return .wheelUp
            case 1: return .wheelDown
            default: return .unknown  // 66, 67: the horizontal wheel
            }
        }
        let buttons: [Button] = [.left, .middle, .right, .none]
        let button = buttons[code & 3]
        let kind: Kind
        if release {
            kind = .release
        } else if code & 32 != 0 {
            kind = button == .none ? .move : .drag
        } else {
            guard button != .none else { return .unknown }  // a press of no button
            kind = .press
        }
        return .mouse(
            MouseEvent(
                kind: kind, button: button, column: column - 1, line: line - 1,
                shift: code & 4 != 0, meta: code & 8 != 0, control: code & 16 != 0))
    }
}
