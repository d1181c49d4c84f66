/// Turns raw terminal input bytes into `Key`s.
///
/// One `read(2)` may hold several keys (fast typing, key repeat, a paste), so `decode` returns a
/// list. A read may also end inside a key: an incomplete UTF-8 character or an escape sequence cut
/// short (a burst of mouse reports can fill the read buffer anywhere) is kept for the next chunk; a
/// lone ESC is kept too, and `flush()` — which `Terminal` calls when no more input comes within its
/// escape delay — turns it into the Escape key. Forms: CSI and SS3 arrows (with modifiers), pages,
/// the Home/End variants, SGR and X10 mouse reports (presses, releases, drags, the wheel), in-band
/// resize reports (mode 2048, `ESC[8;rows;colst`), C0 control chords, and UTF-8 text split into
/// grapheme clusters. Bytes that make no sense decode as `.unknown` and never swallow the key after them.
///
///     var decoder = KeyDecoder()
///     decoder.decode(Array("\u{1B}[A\u{1B}[6~q".utf8))   // [.up, .pageDown, .char("q")]
public struct KeyDecoder {
    /// Bytes of a key cut off at the end of the previous chunk: a UTF-8 character or an escape sequence.
    private var pending: [UInt8] = []

    /// The longest escape sequence kept waiting for its end; a longer unfinished one is garbage,
    /// decoded at once as `.unknown`.
    static let maximumPendingSequence = 64

    /// A decoder with nothing pending.
    public init() {}

    /// True while the end of the last chunk waits for the rest of its key (`flush()` gives it up).
    public var hasPending: Bool { !pending.isEmpty }

    /// Decodes one chunk of input, keeping an unfinished trailing key for the next.
    /// - Complexity: O(n) in the number of bytes.
    public mutating func decode(_ chunk: [UInt8]) -> [Key] {
        var bytes = pending + chunk
        pending = []
        var cut = KeyDecoder.unfinishedEscapeSuffix(bytes)
        if cut == 0 { cut = incompleteUTF8Suffix(bytes) }
        if cut > 0 {
            pending = Array(bytes.suffix(cut))
            bytes.removeLast(cut)
        }
        return KeyDecoder.decode(bytes)
    }

    /// Decodes what is pending as if no more input were coming: a lone ESC is the Escape key, a
    /// sequence cut short is `.unknown`.
    public mutating func flush() -> [Key] {
        defer { pending = [] }
        return pending.isEmpty ? [] : KeyDecoder.decode(pending)
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
            // Legacy X10 mouse: three raw bytes follow (button + 32, column + 32, line + 32); one
            // below 32 is not part of a report (a control key, the next ESC) and is left alone.
            let report = bytes[(index + 1)..<min(index + 4, bytes.count)]
            guard report.count == 3, report.allSatisfy({ $0 >= 32 }) else {
                return (.unknown, length + (report.firstIndex(where: { $0 < 32 }) ?? report.endIndex) - (index + 1))
            }
            let code = Int(bytes[index + 1]) - 32
            let key = MouseEvent.key(
                code: code, column: Int(bytes[index + 2]) - 32, line: Int(bytes[index + 3]) - 32,
                release: code & 3 == 3 && code & 96 == 0)
            return (key, length + 3)
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

    /// The key for an SGR mouse report `<button;column;line` ending in `M` (press, drag, wheel) or
    /// `m` (release); `.unknown` unless it is exactly three numbers that fit.
    private static func sgrMouseKey(_ parameters: Substring, final: UInt8) -> Key {
        guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return .unknown }
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 3, fields.allSatisfy({ $0.count <= 9 }) else { return .unknown }
        let numbers = fields.compactMap { Int($0) }
        guard numbers.count == 3 else { return .unknown }
        return MouseEvent.key(code: numbers[0], column: numbers[1], line: numbers[2], release: final == UInt8(ascii: "m"))
    }

    /// The number of bytes at the end of `bytes` that start an escape sequence without finishing it:
    /// a lone ESC, `ESC O`, `ESC [` with parameters but no final byte, or an X10 mouse report
    /// missing some of its three bytes. Nothing when it is longer than `maximumPendingSequence`.
    static func unfinishedEscapeSuffix(_ bytes: [UInt8]) -> Int {
        guard let escape = bytes.lastIndex(of: 0x1B) else { return 0 }
        let tail = bytes.count - escape
        guard tail <= maximumPendingSequence else { return 0 }
        guard tail > 1 else { return 1 }
        switch bytes[escape + 1] {
        case UInt8(ascii: "O"): return tail == 2 ? 2 : 0
        case UInt8(ascii: "["):
            var index = escape + 2
            while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
            if index == bytes.count { return tail }
            let isX10 = bytes[index] == UInt8(ascii: "M") && index == escape + 2
            return isX10 && bytes.count - index <= 3 && bytes[(index + 1)...].allSatisfy({ $0 >= 32 }) ? tail : 0
        default: return 0
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
