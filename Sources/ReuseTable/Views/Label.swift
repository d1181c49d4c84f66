import Foundation

/// A headless stand-in for `UILabel`: text wrapped on a monospaced grid.
///
/// UIKit measures text with a font; a terminal has one cell size, so the
/// "font" here is two numbers: `characterWidth` (points per column) and
/// `lineHeight` (points per line). `sizeThatFits(_:)` answers what a
/// self-sizing cell asks a `UILabel`: how tall the text is at a given width.
///
///     let label = Label(text: "Hello, wrapped world")
///     label.sizeThatFits(CGSize(width: 8, height: 0))  // (7, 3): "Hello,", "wrapped", "world"
@MainActor
open class Label: View {
    /// The text shown; "\n" starts a new line.
    open var text: String {
        get { storedText }
        set { storedText = newValue }
    }

    /// The most lines shown; 0 means no limit (UIKit: `numberOfLines`).
    open var numberOfLines: Int {
        get { storedNumberOfLines }
        set { storedNumberOfLines = newValue }
    }

    /// How text that does not fit in `numberOfLines` ends (UIKit: `lineBreakMode`); default
    /// `.byWordWrapping`, which drops the lines past the limit. See `LineBreakMode`.
    open var lineBreakMode: LineBreakMode {
        get { storedLineBreakMode }
        set { storedLineBreakMode = newValue }
    }

    /// Where each line sits across the label's width (UIKit: `textAlignment`); default `.natural`.
    /// Drawing only: renderers read it, measuring does not.
    open var textAlignment: TextAlignment {
        get { storedTextAlignment }
        set { storedTextAlignment = newValue }
    }

    /// The text style (UIKit: `font`); default body. No metric depends on it (see `Font`).
    open var font: Font {
        get { storedFont }
        set { storedFont = newValue }
    }

    /// The text's color (UIKit: `textColor`); default `.label`. Drawing only.
    open var textColor: Color {
        get { storedTextColor }
        set { storedTextColor = newValue }
    }

    /// Whether the label draws its highlighted look (UIKit: `isHighlighted`). A `TableViewCell` sets it
    /// on its `textLabel` and `detailTextLabel` while the cell is selected or highlighted, unless its
    /// `selectionStyle` is `.none`; a renderer reads it to draw the text highlighted. Default false.
    open var isHighlighted: Bool {
        get { storedIsHighlighted }
        set { storedIsHighlighted = newValue }
    }

    /// Points per terminal column (the monospaced font's advance width); default 1.
    ///
    /// It must be finite and more than 0: anything else is reported once (see
    /// `diagnosticHandler`) and replaced by 1.
    open var characterWidth: CGFloat {
        get { storedCharacterWidth }
        set { storedCharacterWidth = checkedMetric(newValue, "characterWidth") }
    }

    /// Points per line (the font's line height); default 1.
    ///
    /// It must be finite and more than 0: anything else is reported once (see
    /// `diagnosticHandler`) and replaced by 1.
    open var lineHeight: CGFloat {
        get { storedLineHeight }
        set { storedLineHeight = checkedMetric(newValue, "lineHeight") }
    }

    // Private stored state, each access of it a plain read or write (as `View.bounds` keeps its
    // own): the optimizer proves the accesses never overlap and drops the runtime's exclusivity
    // checks, which the stored `open` properties paid on every read, and Auto Layout reads these
    // for every label at every solve (and a list cell's content view sets the drawing ones at
    // every arrival).
    private var storedText: String
    private var storedNumberOfLines = 0
    private var storedCharacterWidth: CGFloat = 1
    private var storedLineHeight: CGFloat = 1
    private var storedLineBreakMode = LineBreakMode.byWordWrapping
    private var storedTextAlignment = TextAlignment.natural
    private var storedFont = Font.preferredFont(forTextStyle: .body)
    private var storedTextColor = Color.label
    private var storedIsHighlighted = false

    /// Where reports of bad metrics go when the label is not inside a table or collection view
    /// (inside one, they go to its `diagnosticHandler`); default: standard error.
    public static var diagnosticHandler: (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// The last wrap, kept because renderers ask for `lines` every frame.
    private var cache: (text: String, columns: Int?, numberOfLines: Int, mode: LineBreakMode, lines: [String])?

    /// What a measured size was computed from.
    private struct Measured {
        var text: String
        var columns: Int?
        var numberOfLines: Int
        var mode: LineBreakMode
        var characterWidth: CGFloat
        var lineHeight: CGFloat
        var size: CGSize

        /// `size` when it was measured from these inputs, else nil; inlined so the slot is read in place.
        @inline(__always)
        func size(text: String, columns: Int?, numberOfLines: Int, mode: LineBreakMode, characterWidth: CGFloat, lineHeight: CGFloat)
            -> CGSize?
        {
            guard self.columns == columns, self.numberOfLines == numberOfLines, self.mode == mode,
                self.characterWidth == characterWidth, self.lineHeight == lineHeight, self.text == text
            else { return nil }
            return size
        }
    }

    /// The last size measured without a width and the last one at a width: Auto Layout asks
    /// a wrapping label for both in turn (its one-line width, its height at the solved width),
    /// in each engine that holds it, so one slot each keeps the text from being wrapped again.
    private var measuredUnconstrained: Measured?
    private var measuredConstrained: Measured?

    /// One wrap kept for every label: its inputs, the lines and the widest line's columns.
    private struct SharedWrap {
        var text: String
        var columns: Int?
        var numberOfLines: Int
        var mode: LineBreakMode
        var lines: [String]
        var widest: Int
    }

    /// The last few wraps of any label. A table measures a row with its template cell and then
    /// shows it in another cell: two labels wrapping the same text at the same width, the second
    /// answered here.
    private static var sharedWraps: [SharedWrap] = []
    private static var nextSharedWrap = 0
    private static let sharedWrapCapacity = 4

    /// The text wrapped to `columns`, with its widest line's width in columns, from the shared wraps when there.
    /// - Complexity: O(n) in the length of `text` (a comparison when shared, else the wrap).
    private func sharedWrap(columns: Int?) -> (lines: [String], widest: Int) {
        for entry in Label.sharedWraps
        where entry.columns == columns && entry.numberOfLines == numberOfLines && entry.mode == lineBreakMode && entry.text == text {
            return (entry.lines, entry.widest)
        }
        let lines = Label.wrap(text, columns: columns, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
        let entry = SharedWrap(
            text: text, columns: columns, numberOfLines: numberOfLines, mode: lineBreakMode, lines: lines,
            widest: lines.map { displayWidth($0) }.max() ?? 0)
        if Label.sharedWraps.count < Label.sharedWrapCapacity {
            Label.sharedWraps.append(entry)
        } else {
            Label.sharedWraps[Label.nextSharedWrap] = entry
            Label.nextSharedWrap = (Label.nextSharedWrap + 1) % Label.sharedWrapCapacity
        }
        return (lines, entry.widest)
    }

    /// A label showing `text` in `frame`.
    public init(text: String = "", frame: CGRect = .zero) {
        storedText = text
        super.init(frame: frame)
    }

    /// The text wrapped to the label's current width, as it is drawn.
    public var lines: [String] { wrappedLines(forWidth: bounds.width) }

    /// The text wrapped to `width` points; `width <= 0` means unconstrained (one line per paragraph).
    /// - Complexity: O(n) in the length of `text`; repeated calls with the same inputs are cached.
    public func wrappedLines(forWidth width: CGFloat) -> [String] {
        let columns = self.columns(forWidth: width)
        if let cache, cache.columns == columns, cache.numberOfLines == numberOfLines, cache.mode == lineBreakMode, cache.text == text {
            return cache.lines
        }
        let lines = sharedWrap(columns: columns).lines
        cache = (text, columns, numberOfLines, lineBreakMode, lines)
        return lines
    }

    /// The size of the wrapped text: the widest line's width and the lines' total height.
    ///
    /// A width of 0 or less, NaN, or one wider than any text (`.greatestFiniteMagnitude`,
    /// `.infinity`) means unconstrained: the one-line size, one line a paragraph.
    /// `size.height` is ignored, as `UILabel` does when `numberOfLines` is 0.
    /// Empty text measures `.zero`.
    /// - Complexity: O(n) in the length of `text`.
    /// Repeated calls with the same text, metrics and column count are answered from a cache.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let columns = self.columns(forWidth: size.width)
        // Each input read once: the getters are open, `text` retains its storage at each read.
        let text = self.text, numberOfLines = self.numberOfLines, mode = lineBreakMode
        let characterWidth = self.characterWidth, lineHeight = self.lineHeight
        let hit =
            columns == nil
            ? measuredUnconstrained?.size(
                text: text, columns: columns, numberOfLines: numberOfLines, mode: mode, characterWidth: characterWidth,
                lineHeight: lineHeight)
            : measuredConstrained?.size(
                text: text, columns: columns, numberOfLines: numberOfLines, mode: mode, characterWidth: characterWidth,
                lineHeight: lineHeight)
        if let hit { return hit }
        let fitted: CGSize
        if let width = Label.oneLineWidth(text), width <= columns ?? Label.unconstrainedColumns {
            // One line that fits: what `wrap` would give, without building it.
            fitted = CGSize(width: CGFloat(width) * characterWidth, height: lineHeight)
        } else {
            let (lines, widest) = sharedWrap(columns: columns)
            cache = (text, columns, numberOfLines, mode, lines)
            fitted = CGSize(width: CGFloat(widest) * characterWidth, height: CGFloat(lines.count) * lineHeight)
        }
        let entry = Measured(
            text: text, columns: columns, numberOfLines: numberOfLines, mode: mode, characterWidth: characterWidth,
            lineHeight: lineHeight, size: fitted)
        if columns == nil { measuredUnconstrained = entry } else { measuredConstrained = entry }
        return fitted
    }

    /// The width of `text` when it is one line with no space at either end, no tab and no line
    /// break (a line `wrap` keeps whole wherever it fits: its width is the sum of its characters'
    /// widths, each space one column), else nil. Printable ASCII is read from the UTF-8 bytes;
    /// other text character by character, without building the words and lines `wrap` builds.
    /// - Complexity: O(n) over the UTF-8 bytes, O(n) characters when not ASCII.
    private nonisolated static func oneLineWidth(_ text: String) -> Int? {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return -1 }
            return bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? bytes.count : nil
        }
        switch ascii {
        case let width?? where width >= 0: return width
        case let width?? where width < 0: return nil  // empty, or a space at an end
        default: break  // not printable ASCII (or not contiguous): one character at a time
        }
        guard let first = text.first, let last = text.last, first != " ", last != " " else { return nil }
        var width = 0
        for character in text {
            if character == "\t" || character.isNewline { return nil }
            width += displayWidth(character)
        }
        return width
    }

    /// The number of whole columns in `width` points; nil when unconstrained.
    private func columns(forWidth width: CGFloat) -> Int? {
        guard width > 0, characterWidth > 0 else { return nil }
        // A tiny tolerance so that 3 columns of 8.1 points still fit in 24.3 points.
        let columns = (width / characterWidth + 1e-9).rounded(.down)
        // So many columns that no text wraps (an infinite width, or a tiny `characterWidth`):
        // unconstrained, and checked before `Int(_:)`, which traps past `Int.max`.
        guard columns < Double(Label.unconstrainedColumns) else { return nil }
        return max(1, Int(columns))
    }
}
