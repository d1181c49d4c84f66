import Foundation
import Testing
@testable import ReuseTable

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

    @Test func sizeToFitResizesToTheText() {
        let label = Label(text: "one two three", frame: CGRect(x: 0, y: 0, width: 6, height: 0))
        label.sizeToFit()
        #expect(label.frame.size == CGSize(width: 5, height: 3))
    }
}
