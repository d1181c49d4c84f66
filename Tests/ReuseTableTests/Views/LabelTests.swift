import Foundation
import Testing
@testable import ReuseTable
import TestSupport

@MainActor
@Suite struct LabelTests {
    private func wrap(_ text: String, _ columns: Int?, lines: Int = 0) -> [String] {
        Label.wrap(text, columns: columns, numberOfLines: lines)
    }

    @Test func wrapsAtSeveralWidths() {
        let text = "the quick brown fox jumps"
        #expect(wrap(text, 25) == ["the quick brown fox jumps"])
        #expect(wrap(text, 24) == ["the quick brown fox", "jumps"])
        #expect(wrap(text, 10) == ["the quick", "brown fox", "jumps"])
        #expect(wrap(text, 9) == ["the quick", "brown fox", "jumps"])
        #expect(wrap(text, 8) == ["the", "quick", "brown", "fox", "jumps"])
        #expect(wrap(text, 5) == ["the", "quick", "brown", "fox", "jumps"])
        #expect(wrap(text, nil) == [text])
    }

    @Test func spacesAtBreaksAreDroppedAndInnerSpacesKept() {
        #expect(wrap("a  b    c", 4) == ["a  b", "c"])
        #expect(wrap("ab   ", 2) == ["ab"])
        #expect(wrap("  indented text", 12) == ["  indented", "text"])
        #expect(wrap("   ", 5) == [""])
    }

    @Test func breaksInsideWordsLongerThanALine() {
        #expect(wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"])
        #expect(wrap("hi abcdefghij yo", 4) == ["hi", "abcd", "efgh", "ij", "yo"])
        #expect(wrap("abc", 1) == ["a", "b", "c"])
    }

    @Test func wideCharactersTakeTwoColumnsAndNeverStraddle() {
        #expect(displayWidth("漢字") == 4)
        #expect(displayWidth("한국어") == 6)
        #expect(displayWidth("ｶﾀｶﾅ") == 4)  // halfwidth katakana is narrow
        #expect(displayWidth("ＡＢ") == 4)  // fullwidth Latin is wide
        #expect(wrap("日本語のテキスト", 6) == ["日本語", "のテキ", "スト"])
        #expect(wrap("日本語のテキスト", 5) == ["日本", "語の", "テキ", "スト"])
        #expect(wrap("a日本", 4) == ["a日", "本"])
        #expect(wrap("漢 字", 4) == ["漢", "字"])
        #expect(wrap("漢字", 1) == ["漢", "字"])  // cannot fit anywhere: alone, overflowing
    }

    @Test func emojiTakeTwoColumns() {
        #expect(displayWidth("😀") == 2)
        #expect(displayWidth("👍🏽") == 2)  // skin-tone modifier joins the cluster
        #expect(displayWidth("👨‍👩‍👧") == 2)  // ZWJ family is one cluster
        #expect(displayWidth("🇫🇷") == 2)  // flag
        #expect(displayWidth("❤️") == 2)  // VS16 asks for emoji presentation
        #expect(displayWidth("❤") == 1)
        #expect(wrap("go 🚀🚀 now", 5) == ["go", "🚀🚀", "now"])
        #expect(wrap("🚀🚀🚀", 5) == ["🚀🚀", "🚀"])
    }

    @Test func combiningMarksTakeNoColumns() {
        let decomposed = "e\u{301}te\u{301}"  // "été" with combining acute accents
        #expect(decomposed.count == 3)
        #expect(displayWidth(decomposed) == 3)
        #expect(displayWidth("\u{1100}\u{1161}\u{11A8}") == 2)  // conjoining Hangul: one wide syllable
        #expect(displayWidth(Unicode.Scalar(0x301)!) == 0)
        #expect(displayWidth("a\u{200B}b") == 2)  // zero-width space
        #expect(wrap("e\u{301}e\u{301}e\u{301} x", 3) == ["e\u{301}e\u{301}e\u{301}", "x"])
        #expect(wrap("e\u{301}e\u{301}e\u{301}e\u{301}", 3) == ["e\u{301}e\u{301}e\u{301}", "e\u{301}"])
    }

    @Test func newlinesStartLines() {
        #expect(wrap("one\ntwo", 10) == ["one", "two"])
        #expect(wrap("one\n\ntwo", 10) == ["one", "", "two"])
        #expect(wrap("one\r\ntwo", 10) == ["one", "two"])
        #expect(wrap("one two\nthree", 3) == ["one", "two", "thr", "ee"])
        #expect(wrap("one\ntwo", nil) == ["one", "two"])
        #expect(wrap("end\n", 10) == ["end", ""])
    }

    @Test func numberOfLinesTruncates() {
        let text = "one two three four"
        #expect(wrap(text, 5, lines: 0) == ["one", "two", "three", "four"])
        #expect(wrap(text, 5, lines: 2) == ["one", "two"])
        #expect(wrap("abcdefghij", 3, lines: 2) == ["abc", "def"])
        #expect(wrap("a\nb\nc", nil, lines: 1) == ["a"])
        #expect(wrap(text, 5, lines: 9) == ["one", "two", "three", "four"])

        let label = Label(text: text)
        label.numberOfLines = 2
        #expect(label.sizeThatFits(CGSize(width: 5, height: 0)) == CGSize(width: 3, height: 2))
    }

    @Test func emptyTextHasNoLinesAndZeroSize() {
        #expect(wrap("", 10).isEmpty)
        let label = Label()
        #expect(label.lines.isEmpty)
        #expect(label.sizeThatFits(CGSize(width: 100, height: 100)) == .zero)
        #expect(label.sizeThatFits(.zero) == .zero)
    }

    @Test func sizeThatFitsUsesDefaultMetrics() {
        let label = Label(text: "Hello, wrapped world")
        #expect(label.sizeThatFits(CGSize(width: 8, height: 0)) == CGSize(width: 7, height: 3))
        #expect(label.sizeThatFits(CGSize(width: 0, height: 0)) == CGSize(width: 20, height: 1))
        #expect(label.sizeThatFits(CGSize(width: -5, height: 0)) == CGSize(width: 20, height: 1))
    }

    @Test func sizeThatFitsWithNonDefaultMetrics() {
        let label = Label(text: "the quick brown fox jumps")
        label.characterWidth = 8
        label.lineHeight = 17
        // 80 points / 8 = 10 columns: "the quick", "brown fox", "jumps" -> widest is 9 columns.
        #expect(label.sizeThatFits(CGSize(width: 80, height: 0)) == CGSize(width: 72, height: 51))
        // 79 points holds only 9 whole columns: same lines.
        #expect(label.sizeThatFits(CGSize(width: 79, height: 0)) == CGSize(width: 72, height: 51))
        // 71 points = 8 columns: five lines.
        #expect(label.sizeThatFits(CGSize(width: 71, height: 0)) == CGSize(width: 40, height: 85))
        label.text = "漢字"
        #expect(label.sizeThatFits(CGSize(width: 24, height: 0)) == CGSize(width: 16, height: 34))
        #expect(label.sizeThatFits(.zero) == CGSize(width: 32, height: 17))
    }

    @Test func linesFollowBoundsAndTextChanges() {
        let label = Label(text: "alpha beta", frame: CGRect(x: 0, y: 0, width: 5, height: 2))
        #expect(label.lines == ["alpha", "beta"])
        label.frame.size.width = 10
        #expect(label.lines == ["alpha beta"])
        label.text = "gamma"
        #expect(label.lines == ["gamma"])
        label.numberOfLines = 1
        label.text = "a b c"
        label.frame.size.width = 1
        #expect(label.lines == ["a"])
        #expect(label.wrappedLines(forWidth: 3) == ["a b"])
    }

    @Test func unboundedWidthsGiveTheOneLineSize() {
        let label = Label(text: "the quick\nbrown fox jumps")
        label.characterWidth = 2
        label.lineHeight = 3
        // One line a paragraph: "the quick" (9 columns) and "brown fox jumps" (15 columns).
        let oneLine = CGSize(width: 15 * 2, height: 2 * 3)
        #expect(label.sizeThatFits(.zero) == oneLine)
        #expect(label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)) == oneLine)
        #expect(label.sizeThatFits(CGSize(width: CGFloat.infinity, height: .infinity)) == oneLine)
        #expect(label.sizeThatFits(CGSize(width: CGFloat(Int.max), height: 0)) == oneLine)
        #expect(label.sizeThatFits(CGSize(width: CGFloat.nan, height: .nan)) == oneLine)
        #expect(label.sizeThatFits(CGSize(width: -CGFloat.infinity, height: 0)) == oneLine)
        #expect(label.wrappedLines(forWidth: .greatestFiniteMagnitude) == ["the quick", "brown fox jumps"])
        label.frame = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 6)
        #expect(label.lines == ["the quick", "brown fox jumps"])
    }

    @Test func anInfinitePreferredMaxLayoutWidthGivesTheOneLineSize() {
        let label = Label(text: "Hello, wrapped world")
        label.preferredMaxLayoutWidth = .infinity
        #expect(label.intrinsicContentSize == CGSize(width: 20, height: 1))
        label.preferredMaxLayoutWidth = .greatestFiniteMagnitude
        #expect(label.intrinsicContentSize == CGSize(width: 20, height: 1))
        // The same through Auto Layout: the label is measured at its preferred width.
        let content = View()
        label.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            label.topAnchor.constraint(equalTo: content.topAnchor),
            content.trailingAnchor.constraint(equalTo: label.trailingAnchor),
            content.bottomAnchor.constraint(equalTo: label.bottomAnchor),
        ])
        #expect(content.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == CGSize(width: 20, height: 1))
    }

    @Test func aTinyCharacterWidthGivesTheOneLineSize() {
        let label = Label(text: "Hello, wrapped world")
        label.characterWidth = 1e-300
        // 8 points hold 8e300 columns: more than any text, so nothing wraps.
        #expect(label.wrappedLines(forWidth: 8) == ["Hello, wrapped world"])
        #expect(label.sizeThatFits(CGSize(width: 8, height: 0)) == CGSize(width: 20 * 1e-300, height: 1))
        label.characterWidth = .leastNonzeroMagnitude
        #expect(label.sizeThatFits(CGSize(width: 8, height: 0)) == CGSize(width: 20 * CGFloat.leastNonzeroMagnitude, height: 1))
    }

    @Test func badMetricsAreReportedOnceAndReplacedByTheDefault() {
        var messages: [String] = []
        let saved = Label.diagnosticHandler
        Label.diagnosticHandler = { messages.append($0) }
        defer { Label.diagnosticHandler = saved }
        let label = Label(text: "Hello, wrapped world")
        for bad: CGFloat in [.nan, .infinity, -.infinity, 0, -2] {
            label.characterWidth = bad
            #expect(label.characterWidth == 1)
            label.lineHeight = bad
            #expect(label.lineHeight == 1)
        }
        #expect(messages.count == 10, "\(messages)")
        #expect(messages[0] == "invalid characterWidth of Label: nan. It must be finite and more than 0; using 1.0.")
        #expect(messages[1] == "invalid lineHeight of Label: nan. It must be finite and more than 0; using 1.0.")
        #expect(messages[2] == "invalid characterWidth of Label: inf. It must be finite and more than 0; using 1.0.")
        #expect(messages[5] == "invalid lineHeight of Label: -inf. It must be finite and more than 0; using 1.0.")
        #expect(messages[6] == "invalid characterWidth of Label: 0.0. It must be finite and more than 0; using 1.0.")
        #expect(messages[9] == "invalid lineHeight of Label: -2.0. It must be finite and more than 0; using 1.0.")
        // Sizes are measured with the defaults.
        #expect(label.sizeThatFits(CGSize(width: 8, height: 0)) == CGSize(width: 7, height: 3))
        // Good values are kept and not reported.
        label.characterWidth = 0.5
        label.lineHeight = 1e-300
        #expect(label.characterWidth == 0.5 && label.lineHeight == 1e-300)
        #expect(messages.count == 10)
    }

    @Test func badMetricsOfALabelInATableAreReportedThroughTheTable() {
        var labelMessages: [String] = []
        let saved = Label.diagnosticHandler
        Label.diagnosticHandler = { labelMessages.append($0) }
        defer { Label.diagnosticHandler = saved }
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var tableMessages: [String] = []
        table.diagnosticHandler = { tableMessages.append($0) }
        let cell = TableViewCell(reuseIdentifier: "cell")
        table.addSubview(cell)
        let label = Label(text: "title")
        label.tag = 3
        cell.contentView.addSubview(label)
        label.lineHeight = -.infinity
        #expect(label.lineHeight == 1)
        #expect(tableMessages == ["invalid lineHeight of Label#3: -inf. It must be finite and more than 0; using 1.0."])
        #expect(labelMessages.isEmpty)
    }

    @Test func sizeToFitResizesToTheText() {
        let label = Label(text: "one two three", frame: CGRect(x: 0, y: 0, width: 6, height: 0))
        label.sizeToFit()
        #expect(label.frame.size == CGSize(width: 5, height: 3))
    }

    /// `sizeThatFits` answers from its cache or, for one line, without wrapping: either way exactly what
    /// the wrapped lines give, for texts with spaces at the ends, tabs, line breaks, wide characters,
    /// combining marks, emoji and zero-width characters.
    @Test func measuredSizesEqualTheWrappedLinesSizeWhateverTheOrderOfQuestions() {
        var rng = SplitMix64(seed: 41)
        let pieces = ["a", "bb", "ccc", " ", "  ", "\t", "\n", "世界", "é", "~", "·", "e\u{301}", "👍", "\u{200B}", "\r\n", "\u{2028}", "x\u{7}"]
        let label = Label()
        for step in 0..<1_000 {
            if step % 3 == 0 {
                label.text = (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            }
            if step % 37 == 0 { label.numberOfLines = Int.random(in: 0...2, using: &rng) }
            let width = CGFloat(Int.random(in: 0...12, using: &rng))
            let lines = Label.wrap(label.text, columns: width > 0 ? Int(width) : nil, numberOfLines: label.numberOfLines)
            let expected = CGSize(width: CGFloat(lines.map { displayWidth($0) }.max() ?? 0), height: CGFloat(lines.count))
            #expect(label.sizeThatFits(CGSize(width: width, height: 0)) == expected, "'\(label.text)' at \(width)")
        }
    }
}
