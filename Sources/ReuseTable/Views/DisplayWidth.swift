// Terminal display width of text, in columns (the `wcwidth` idea, per grapheme cluster): East Asian
// wide characters (EastAsianWidth.txt's W and F blocks) and `Emoji_Presentation` emoji take two,
// combining marks none, rare scripts one. `Label` wraps by these widths.

/// The number of terminal columns `character` occupies: 0, 1 or 2.
///
/// A grapheme cluster takes the width of its first scalar; the marks and
/// joiners after it add nothing. Two exceptions follow what terminals draw:
/// a variation selector 16 (U+FE0F) asks for emoji presentation (2 columns),
/// and a flag (two regional indicators) is one 2-column picture.
/// - Complexity: O(number of scalars in `character`).
public func displayWidth(_ character: Character) -> Int {
    // Fast path: one ASCII scalar (or "\r\n"): printable is 1 column, C0 controls and DEL 0.
    if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let base = displayWidth(first)
    if base == 0 { return 0 }
    if isRegionalIndicator(first) { return 2 }
    for scalar in scalars.dropFirst() {
        if scalar.value == 0xFE0F { return 2 }  // emoji presentation: ❤️, 1️⃣
        if scalar.value == 0xFE0E, first.properties.isEmojiPresentation { return 1 }  // text presentation: ⌚︎
    }
    return base
}

/// The number of terminal columns `string` occupies: the sum over its grapheme clusters.
/// - Complexity: O(n) in the length of `string`.
public func displayWidth(_ string: some StringProtocol) -> Int {
    // Fast path: printable ASCII is one column a byte, read from the UTF-8 storage without forming characters.
    let ascii = string.utf8.withContiguousStorageIfAvailable { bytes in
        bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? bytes.count : nil
    }
    if let ascii, let ascii { return ascii }
    var total = 0
    for character in string { total += displayWidth(character) }
    return total
}

/// The number of terminal columns one Unicode scalar occupies on its own: 0, 1 or 2.
/// - Complexity: O(log r) in the number of wide ranges.
public func displayWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value < 0x20 ? 0 : 1 }  // fast path: ASCII, C0 controls are 0
    if value < 0xA0 { return 0 }  // DEL and C1 controls
    if value == 0x00AD { return 1 }  // soft hyphen: terminals show it
    if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels/finals join the initial
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
}

private func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
}

/// Binary search in `wideRanges`.
private func isWide(_ value: UInt32) -> Bool {
    if value < wideRanges[0].lowerBound { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
        let mid = (low + high) / 2
        let range = wideRanges[mid]
        if value < range.lowerBound {
            high = mid - 1
        } else if value > range.upperBound {
            low = mid + 1
        } else {
            return true
        }
    }
    return false
}

/// The main East Asian Wide and Fullwidth blocks, sorted and disjoint.
private let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2E80...0x303E,  // CJK radicals, Kangxi radicals, CJK symbols and punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, enclosed CJK
    0x3400...0x4DBF,  // CJK unified ideographs extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth ASCII variants
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x17000...0x18CFF,  // Tangut, Khitan
    0x1B000...0x1B2FF,  // Kana supplement and extensions, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x1F300...0x1F64F,  // misc symbols and pictographs, emoticons
    0x1F680...0x1F6FF,  // transport and map symbols
    0x1F900...0x1F9FF,  // supplemental symbols and pictographs
    0x1FA70...0x1FAFF,  // symbols and pictographs extended A
    0x20000...0x2FFFD,  // CJK extensions B–F
    0x30000...0x3FFFD,  // CJK extensions G–H
]
