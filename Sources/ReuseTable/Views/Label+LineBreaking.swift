import Foundation

// How a label's text ends when it does not fit in `numberOfLines`: UIKit's line break modes on a
// grid of columns. Every mode but character wrapping breaks lines at words (`Label.wrap`); they
// differ only in the last line a limit leaves, which takes the rest of the text — clipped at the
// edge, or shortened with an ellipsis at its end, start or middle.

/// How a `Label` wraps and shortens text (UIKit: `NSLineBreakMode`).
public enum LineBreakMode: Hashable, Sendable {
    /// Lines break at words; the lines past `numberOfLines` are dropped.
    case byWordWrapping
    /// Lines break between any two characters, filling each line.
    case byCharWrapping
    /// Lines break at words; the last line allowed takes the rest of the text, cut at the edge.
    case byClipping
    /// Lines break at words; the last line allowed shows the start of the rest and "…".
    case byTruncatingTail
    /// Lines break at words; the last line allowed shows "…" and the end of the text.
    case byTruncatingHead
    /// Lines break at words; the last line allowed shows the rest's start, "…" and the text's end.
    case byTruncatingMiddle
}

extension Label {
    /// `text` wrapped to `columns` (nil: unconstrained), at most `numberOfLines` lines (0: all),
    /// ending as `lineBreakMode` says. Nonisolated and pure, as `wrap(_:columns:numberOfLines:)`.
    /// - Complexity: O(n) in the length of `text`.
    public nonisolated static func wrap(
        _ text: String, columns: Int?, numberOfLines: Int, lineBreakMode: LineBreakMode
    ) -> [String] {
        switch lineBreakMode {
        case .byWordWrapping:
            return wrap(text, columns: columns, numberOfLines: numberOfLines)
        case .byCharWrapping:
            return characterWrap(text, columns: max(1, columns ?? unconstrainedColumns), limit: numberOfLines)
        case .byClipping, .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle:
            let lines = wrap(text, columns: columns, numberOfLines: 0)
            guard numberOfLines > 0, lines.count > numberOfLines else { return lines }
            var kept = Array(lines.prefix(numberOfLines - 1))
            kept.append(lastLine(of: lines[(numberOfLines - 1)...], columns: columns, mode: lineBreakMode))
            return kept
        }
    }

    /// The last line a limit leaves: `rest` (the lines from there to the end) shortened as `mode` says.
    private nonisolated static func lastLine(of rest: ArraySlice<String>, columns: Int?, mode: LineBreakMode) -> String {
        let joined = rest.joined(separator: " ")
        guard let columns else {
            // Unconstrained: every line fits; only the lines past the limit are missing.
            switch mode {
            case .byTruncatingTail: return rest.first! + "…"
            case .byTruncatingHead: return "…" + rest.last!
            case .byTruncatingMiddle: return rest.first! + "…" + rest.last!
            default: return rest.first!
            }
        }
        let room = max(0, columns - 1)  // one column for the ellipsis
        switch mode {
        case .byClipping:
            return prefix(of: joined, width: columns)
        case .byTruncatingHead:
            return "…" + suffix(of: joined, width: room)
        case .byTruncatingMiddle:
            let head = prefix(of: joined, width: (room + 1) / 2)
            let tail = suffix(of: joined, width: room - displayWidth(head))
            return head.trimmingTrailingSpaces() + "…" + tail
        default:
            return prefix(of: joined, width: room).trimmingTrailingSpaces() + "…"
        }
    }

    /// The longest start of `text` at most `width` columns wide (whole grapheme clusters).
    nonisolated static func prefix(of text: String, width: Int) -> String {
        var result = "", used = 0
        for character in text {
            let columns = displayWidth(character)
            if used + columns > width { break }
            result.append(character)
            used += columns
        }
        return result
    }

    /// The longest end of `text` at most `width` columns wide (whole grapheme clusters).
    nonisolated static func suffix(of text: String, width: Int) -> String {
        var characters: [Character] = [], used = 0
        for character in text.reversed() {
            let columns = displayWidth(character)
            if used + columns > width { break }
            characters.append(character)
            used += columns
        }
        return String(characters.reversed())
    }

    /// Character wrapping: each paragraph cut into lines of at most `columns` columns between grapheme
    /// clusters (a wide character moves whole to the next line); at most `limit` lines (0: all).
    private nonisolated static func characterWrap(_ text: String, columns: Int, limit: Int) -> [String] {
        if text.isEmpty { return [] }
        var lines: [String] = [], line = "", used = 0
        func finish() {
            lines.append(line)
            line = ""
            used = 0
        }
        for character in text {
            if limit > 0, lines.count >= limit { break }
            if character.isNewline {
                finish()
                continue
            }
            let width = character == "\t" ? 1 : displayWidth(character)
            if used + width > columns, used > 0 {
                finish()
                if limit > 0, lines.count >= limit { break }
            }
            line.append(character == "\t" ? " " : character)
            used += width
        }
        if limit == 0 || lines.count < limit { lines.append(line) }
        return lines
    }
}

extension String {
    /// The string without the spaces at its end.
    fileprivate func trimmingTrailingSpaces() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return String(self[..<end])
    }
}
