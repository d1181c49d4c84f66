/// A key press, a mouse event or a terminal resize, decoded from terminal input (`KeyDecoder`).
///
/// A resize arrives as a key too — from `SIGWINCH` (`Terminal.readKeys(timeoutMilliseconds:)`
/// asks the new size) or from a terminal that reports it in-band — so an event loop has one stream
/// to read.
public enum Key: Hashable, Sendable {
    /// A printable character (a grapheme cluster: "é" typed as e + U+0301 is one key).
    case char(Character)
    /// An arrow key.
    case up, down, left, right
    /// Page Up, Page Down, Home, End.
    case pageUp, pageDown, home, end
    /// Return (CR from a raw terminal, LF from a pipe, keypad Enter).
    case enter
    /// Escape alone (an ESC not starting a sequence).
    case escape
    /// Backspace (DEL or BS).
    case backspace
    /// A mouse wheel step (when `Terminal.enter(mouse:)` asked for the mouse).
    case wheelUp, wheelDown
    /// A mouse button pressed, released or dragged (when `Terminal.enter(mouse:)` asked for the mouse).
    case mouse(MouseEvent)
    /// A control chord: `.ctrl("c")` for Ctrl-C (byte 0x03).
    case ctrl(Character)
    /// The terminal is now `columns` × `rows` cells.
    case resize(columns: Int, rows: Int)
    /// A sequence with no meaning here (function keys, Delete, garbage…).
    case unknown
}
