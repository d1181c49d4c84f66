import ReuseTable

/// One thing drawn on a line: a grapheme cluster, a tab, or a visible stand-in for a control byte.
public struct Glyph: Equatable {
    enum Kind: Equatable { case text, tab, control }
    /// What to draw (a space for a tab).
    var character: Character
    /// Columns it takes, by `displayWidth` (tabs are resolved by the wrapper).
    var columns: Int
    var kind: Kind
    /// The bytes of the line it came from.
    var bytes: Range<Int>
}

/// Iterates the glyphs of a byte range, decoding UTF-8 as it goes, without copying the range.
///
/// - Printable ASCII followed by ASCII is one glyph per byte (the fast path: no cluster can span it).
/// - Anything else is decoded in short segments ending before such a byte, with
///   invalid UTF-8 repaired to U+FFFD (one per maximal invalid sequence, as
///   `String(decoding:)` does), then split into grapheme clusters.
/// - Control characters are shown, not obeyed: C0 and DEL as their Unicode
///   control pictures (NUL → ␀, ESC → ␛, a lone CR → ␍), C1 controls as U+FFFD.
public struct LineGlyphs: IteratorProtocol {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Offset of `bytes` in the file, added to every glyph's range.
    private let origin: Int
    private var position: Int
    private var pending: [Glyph] = []
    private var pendingIndex = 0

    /// Glyphs of `bytes`, whose first byte is at file offset `origin`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, origin: Int) {
        self.bytes = bytes
        self.origin = origin
        position = 0
    }

    /// The line's next glyph; nil at its end.
    public mutating func next() -> Glyph? {
        if pendingIndex < pending.count {
            pendingIndex += 1
            return pending[pendingIndex - 1]
        }
        guard position < bytes.count else { return nil }
        let byte = bytes[position]
        let start = position
        if byte < 0x80 {
            let nextIsASCII = position + 1 >= bytes.count || bytes[position + 1] < 0x80
            if byte == 0x09 {
                position += 1
                return Glyph(character: " ", columns: 0, kind: .tab, bytes: (origin + start)..<(origin + position))
            }
            if byte < 0x20 || byte == 0x7F {
                position += 1
                return Glyph(
                    character: LineGlyphs.picture(of: byte), columns: 1, kind: .control,
                    bytes: (origin + start)..<(origin + position))
            }
            if nextIsASCII {
                position += 1
                return Glyph(
                    character: Character(Unicode.Scalar(byte)), columns: 1, kind: .text,
                    bytes: (origin + start)..<(origin + position))
            }
        }
        decodeSegment()
        pendingIndex = 1
        return pending.first
    }

    /// Consumes up to `limit` glyphs that are single printable ASCII bytes followed by ASCII (one column
    /// each, no cluster can span them) without making `Glyph`s; returns the file offset of the first
    /// and how many. Counting rows of a megabyte line goes through here.
    mutating func takeASCIIRun(limit: Int) -> (start: Int, count: Int) {
        let start = position
        guard pendingIndex >= pending.count else { return (origin + start, 0) }
        var end = position
        let stop = limit >= bytes.count - position ? bytes.count : position + limit
        while end < stop {
            let byte = bytes[end]
            guard byte >= 0x20, byte < 0x7F, end + 1 >= bytes.count || bytes[end + 1] < 0x80 else { break }
            end += 1
        }
        position = end
        return (origin + start, end - start)
    }

    /// The visible stand-in for an ASCII control byte.
    static func picture(of byte: UInt8) -> Character {
        byte == 0x7F ? "\u{2421}" : Character(Unicode.Scalar(0x2400 + UInt32(byte))!)
    }

    /// Decodes bytes from `position` up to a safe boundary into `pending`.
    private mutating func decodeSegment() {
        var end = position + 1
        // A safe boundary: an ASCII byte followed by ASCII (or the end), once past a few hundred bytes
        // also any scalar start, so a huge line of CJK is still decoded in small pieces.
        while end < bytes.count {
            let byte = bytes[end]
            if byte < 0x80, end + 1 >= bytes.count || bytes[end + 1] < 0x80 { break }
            if byte < 0x20 || byte == 0x7F { break }
            if end - position >= 512, byte & 0xC0 != 0x80, byte < 0x80 || byte >= 0xC0 { break }
            end += 1
        }
        // Repair to valid UTF-8, remembering which file byte each repaired scalar came from.
        var repaired: [UInt8] = []
        var sources: [Int] = []  // per repaired byte: the segment offset of its scalar's first byte
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = UnsafeBufferPointer(rebasing: bytes[position..<end]).makeIterator()
        var offset = position
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                for byte in encoded {
                    repaired.append(byte)
                    sources.append(offset)
                }
                offset += encoded.count
            case .error(let length):
                for byte in [UInt8(0xEF), 0xBF, 0xBD] {
                    repaired.append(byte)
                    sources.append(offset)
                }
                offset += length
            case .emptyInput:
                break loop
            }
        }
        sources.append(end)
        let text = String(decoding: repaired, as: UTF8.self)
        pending.removeAll(keepingCapacity: true)
        var utf8Offset = 0
        for character in text {
            let length = character.utf8.count
            let range = (origin + sources[utf8Offset])..<(origin + sources[utf8Offset + length])
            utf8Offset += length
            if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 {
                let value = scalar.value
                if value < 0x20 || value == 0x7F {
                    let glyph =
                        value == 0x09
                        ? Glyph(character: " ", columns: 0, kind: .tab, bytes: range)
                        : Glyph(character: LineGlyphs.picture(of: UInt8(value)), columns: 1, kind: .control, bytes: range)
                    pending.append(glyph)
                    continue
                }
                if (0x80..<0xA0).contains(value) {
                    pending.append(Glyph(character: "\u{FFFD}", columns: 1, kind: .control, bytes: range))
                    continue
                }
            }
            if character == "\r\n" {
                pending.append(Glyph(character: "\u{240D}", columns: 1, kind: .control, bytes: range))
                continue
            }
            pending.append(Glyph(character: character, columns: displayWidth(character), kind: .text, bytes: range))
        }
        position = end
        pendingIndex = 0
    }
}

/// Greedy character wrapping on a grid of `columns` columns, Label's rules for clusters:
/// a cluster never splits, a 2-column character never straddles the edge (at 1 column it sits
/// alone and overflows), zero-width clusters take no column; plus tab stops every 8 columns
/// (a tab that reaches the edge ends the row).
public struct RowBreaker {
    let columns: Int
    /// The column the next glyph would start at.
    private(set) var column = 0

    init(columns: Int) {
        self.columns = max(1, columns)
    }

    /// Starts a new row.
    mutating func newRow() { column = 0 }

    /// Places `count` one-column glyphs that fit on the current row.
    mutating func advance(_ count: Int) { column += count }

    /// Places `glyph`: returns its column and width, and whether it starts a new row.
    mutating func place(_ glyph: Glyph) -> (startsRow: Bool, column: Int, columns: Int) {
        var startsRow = false
        let width: Int
        if glyph.kind == .tab {
            if column >= columns {
                startsRow = true
                column = 0
            }
            width = min(8 - column % 8, columns - column)
        } else {
            width = glyph.columns
            if width > 0, column + width > columns, column > 0 {
                startsRow = true
                column = 0
            }
        }
        let at = column
        column += width
        return (startsRow, at, width)
    }
}
