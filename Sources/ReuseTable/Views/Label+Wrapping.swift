/// Word wrapping on a grid of terminal columns.
///
/// The rules, in the order they apply:
/// - "\n" (and "\r\n") end a paragraph; each paragraph starts a new line, an empty one gives an empty line.
/// - Lines break at spaces; the spaces at a break are dropped (as UIKit does), spaces inside a line are kept.
/// - A word wider than a whole line is broken between grapheme clusters.
/// - A wide (2-column) character never straddles the line end: it moves to the next line.
///   Only at a width of 1 column, where it cannot fit anywhere, does it sit alone and overflow.
/// - `numberOfLines > 0` keeps the first lines and drops the rest.
extension Label {
    /// The line length that stands for "unconstrained": wider than any text that fits in memory.
    nonisolated static let unconstrainedColumns = Int.max / 4

    /// Wraps `text` to `columns` terminal columns (nil: unconstrained) and keeps at most `numberOfLines` (0: all).
    ///
    /// Nonisolated and pure, so height measurement can run off the main actor.
    /// - Complexity: O(n) in the length of `text`.
    public nonisolated static func wrap(_ text: String, columns: Int?, numberOfLines: Int = 0) -> [String] {
        if text.isEmpty { return [] }
        var wrapper = LineWrapper(columns: max(1, columns ?? unconstrainedColumns), limit: numberOfLines)
        var word = ""
        var wordWidth = 0
        var spaces = ""
        for character in text {
            if wrapper.isFull { break }
            if character.isNewline {
                wrapper.place(word: word, width: wordWidth, after: spaces)
                wrapper.endParagraph()
                (word, wordWidth, spaces) = ("", 0, "")
            } else if character == " " || character == "\t" {
                if !word.isEmpty {
                    wrapper.place(word: word, width: wordWidth, after: spaces)
                    (word, wordWidth, spaces) = ("", 0, "")
                }
                spaces.append(" ")  // a tab counts as one space: no tab stops on this grid
            } else {
                word.append(character)
                wordWidth += displayWidth(character)
            }
        }
        if !wrapper.isFull {
            wrapper.place(word: word, width: wordWidth, after: spaces)
            wrapper.endParagraph()
        }
        return wrapper.lines
    }
}

/// The state of a greedy line filler: finished lines plus the line being filled.
private struct LineWrapper {
    let columns: Int
    let limit: Int
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    /// True while `line` holds no word yet, so leading spaces are paragraph indentation.
    var lineIsEmpty = true

    /// A filler for lines of `columns` columns, keeping at most `limit` lines (0: all).
    init(columns: Int, limit: Int) {
        self.columns = columns
        self.limit = limit
    }

    /// True once `limit` lines are finished: the rest of the text is dropped.
    var isFull: Bool { limit > 0 && lines.count >= limit }

    /// Adds `word` after the pending `spaces`, breaking the line first if they do not fit.
    mutating func place(word: String, width: Int, after spaces: String) {
        guard !word.isEmpty else { return }  // trailing spaces of a paragraph are dropped
        if lineWidth + spaces.count + width <= columns {
            line += spaces
            line += word
            lineWidth += spaces.count + width
            lineIsEmpty = false
            return
        }
        if !lineIsEmpty { breakLine() }
        if width <= columns {
            line = word
            lineWidth = width
            lineIsEmpty = false
        } else {
            placeCharacters(of: word)
        }
    }

    /// Breaks an over-long word between grapheme clusters.
    private mutating func placeCharacters(of word: String) {
        for character in word {
            let width = displayWidth(character)
            if lineWidth + width > columns, !lineIsEmpty {
                breakLine()
                if isFull { return }
            }
            line.append(character)
            lineWidth += width
            lineIsEmpty = false
        }
    }

    /// Ends the paragraph: its last line is kept even when empty.
    mutating func endParagraph() {
        breakLine()
    }

    /// Finishes the current line (unless the limit is reached) and starts an empty one.
    private mutating func breakLine() {
        if !isFull { lines.append(line) }
        line = ""
        lineWidth = 0
        lineIsEmpty = true
    }
}
