/// Turns raw terminal input bytes into `Key`s.
///
/// One `read(2)` may hold several keys (fast typing, key repeat, a paste), so `decode` returns a
/// list. Terminals send an escape sequence in one write, so an ESC at the end of a chunk is the Escape
/// key itself; only an incomplete UTF-8 character at the very end is kept for the next chunk.
/// Forms: CSI and SS3 arrows (with modifiers), pages, the Home/End variants, SGR and X10 mouse
/// wheel, in-band resize reports (mode 2048, `ESC[8;rows;colst`), C0 control chords, and UTF-8
/// text split into grapheme clusters.
///
///     var decoder = KeyDecoder()
///     decoder.decode(Array("\u{1B}[A\u{1B}[6~q".utf8))   // [.up, .pageDown, .char("q")]
public struct KeyDecoder {
    /// Bytes of a UTF-8 character cut off at the end of the previous chunk.
    private var pending: [UInt8] = []

    /// A decoder with nothing pending.
    public init() {}

    /// Decodes one chunk of input, keeping an incomplete trailing UTF-8 character for the next.
    /// - Complexity: O(n) in the number of bytes.
    public mutating func decode(_ chunk: [UInt8]) -> [Key] {
        var bytes = pending + chunk
        pending = []
        let cut = incompleteUTF8Suffix(bytes)
        if cut > 0 {
            pending = Array(bytes.suffix(cut))
            bytes.removeLast(cut)
        }
        return KeyDecoder.decode(bytes)
    }

    /// Decodes a complete chunk of input, with no state carried over.
    /// - Complexity: O(n) in the number of bytes.
    public static func decode(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        var text: [UInt8] = []

        func flushText() {
            guard !text.isEmpty else { return }
            // Decoding the run as one string groups combining marks with their base character.
            for character in String(decoding: text, as: UTF8.self) { keys.append(.char(character)) }
            text = []
        }

        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20 && byte != 0x7F && byte != 0x1B {
                text.append(byte)
                index += 1
                continue
            }
            flushText()
            if byte == 0x1B {
                let (key, length) = decodeEscape(bytes, at: index)
                keys.append(key)
                index += length
            } else {
                keys.append(controlKey(byte))
                index += 1
            }
        }
        flushText()
        return keys
    }

    /// The key for a C0 control byte or DEL.
    private static func controlKey(_ byte: UInt8) -> Key {
        switch byte {
        case 0x0D, 0x0A: return .enter  // raw mode without ICRNL sends CR; pipes send LF
        case 0x7F, 0x08: return .backspace
        case 0x09: return .char("\t")
        case 0x00: return .ctrl("@")
        case 0x01...0x1A: return .ctrl(Character(Unicode.Scalar(byte + 0x60)))  // 0x03 → "c"
        default: return .ctrl(Character(Unicode.Scalar(byte + 0x40)))  // 0x1C…0x1F → \ ] ^ _
        }
    }

    /// Decodes the sequence starting with ESC at `start`; returns the key and the bytes it used.
    private static func decodeEscape(_ bytes: [UInt8], at start: Int) -> (Key, Int) {
        let next = start + 1
        guard next < bytes.count else { return (.escape, 1) }
        switch bytes[next] {
        case UInt8(ascii: "["): return decodeCSI(bytes, at: start)
        case UInt8(ascii: "O"):
            guard next + 1 < bytes.count else { return (.unknown, 2) }
            return (ss3Key(bytes[next + 1]), 3)
        default:
            // ESC followed by anything else (Alt-x, or Escape typed just before x): report Escape,
            // and let the following byte decode as its own key.
            return (.escape, 1)
        }
    }

    /// The key for `ESC O <final>`.
    private static func ss3Key(_ final: UInt8) -> Key {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "M"): return .enter  // keypad Enter in application mode
        default: return .unknown
        }
    }

    /// Decodes `ESC [ parameters intermediates final` at `start`.
    private static func decodeCSI(_ bytes: [UInt8], at start: Int) -> (Key, Int) {
        var index = start + 2
        let parameterStart = index
        while index < bytes.count, (0x30...0x3F).contains(bytes[index]) { index += 1 }
        let parameters = String(decoding: bytes[parameterStart..<index], as: UTF8.self)
        while index < bytes.count, (0x20...0x2F).contains(bytes[index]) { index += 1 }
        guard index < bytes.count, (0x40...0x7E).contains(bytes[index]) else {
            return (.unknown, index - start)  // cut short: drop what was read
        }
        let final = bytes[index]
        let length = index + 1 - start

        if parameters.hasPrefix("<") {
            return (sgrMouseKey(parameters.dropFirst(), final: final), length)
        }
        if final == UInt8(ascii: "M"), parameters.isEmpty {
            // Legacy X10 mouse: three raw bytes follow (button + 32, column + 32, line + 32).
            guard index + 3 < bytes.count else { return (.unknown, bytes.count - start) }
            return (wheelKey(button: Int(bytes[index + 1]) - 32), length + 3)
        }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = numbers.first ?? nil
        switch final {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "C"): return (.right, length)
        case UInt8(ascii: "D"): return (.left, length)
        case UInt8(ascii: "H"): return (.home, length)
        case UInt8(ascii: "F"): return (.end, length)
        case UInt8(ascii: "~"):
            switch first {
            case 1, 7: return (.home, length)  // 1: VT220/xterm, 7: rxvt
            case 4, 8: return (.end, length)
            case 5: return (.pageUp, length)
            case 6: return (.pageDown, length)
            default: return (.unknown, length)
            }
        case UInt8(ascii: "t"):
            // In-band resize (mode 2048: 48;rows;cols;height px;width px) or the size report (8;rows;cols).
            guard first == 48 || first == 8, numbers.count >= 3, let rows = numbers[1], let columns = numbers[2],
                rows > 0, columns > 0
            else { return (.unknown, length) }
            return (.resize(columns: columns, rows: rows), length)
        default: return (.unknown, length)
        }
    }

    /// The key for an SGR mouse report `<button;column;line` ending in `M` (press) or `m` (release).
    private static func sgrMouseKey(_ parameters: Substring, final: UInt8) -> Key {
        guard final == UInt8(ascii: "M"),
            let button = parameters.split(separator: ";").first.flatMap({ Int($0) })
        else { return .unknown }
        return wheelKey(button: button)
    }

    /// Wheel buttons are 64 (up) and 65 (down); bits 4, 8 and 16 carry Shift, Alt and Ctrl.
    private static func wheelKey(button: Int) -> Key {
        guard button & 64 != 0, button & 128 == 0 else { return .unknown }
        switch button & 3 {
        case 0: return .wheelUp
        case 1: return .wheelDown
        default: return .unknown
        }
    }

    /// The number of bytes at the end of `bytes` that begin a UTF-8 character but do not finish it.
    private func incompleteUTF8Suffix(_ bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        // A character is at most 4 bytes, so its lead byte is among the last 3 when incomplete.
        for back in 1...min(3, bytes.count) {
            let byte = bytes[bytes.count - back]
            if byte & 0xC0 == 0x80 { continue }  // continuation byte: keep looking for the lead
            let needed: Int
            switch byte {
            case 0xC0...0xDF: needed = 2
            case 0xE0...0xEF: needed = 3
            case 0xF0...0xF7: needed = 4
            default: return 0
            }
            return needed > back ? back : 0
        }
        return 0
    }
}
