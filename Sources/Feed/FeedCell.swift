import Foundation
import ReuseTable
import ReuseTableTerminal

/// A feed row: "author · time" over a word-wrapped body, and a tag naming the cell object.
///
///     ▌ grace · 09:41                                   cell #7
///       table cell reuse pool offset content view estimate
///
/// The tag is the cell's serial number, given by the data source the first time it sees the cell:
/// scroll and the same few numbers come back, which *is* the reuse pool. Self-sizing by frame
/// layout (`sizeThatFits` wraps the body; the last line is the separator). `AutoLayoutFeedCell` and
/// `ConfiguredFeedCell` are its twins on constraints and on a content configuration (key `a`).
public class FeedCell: TableViewCell, GridDrawable {
    /// The reuse identifier of this class (the twin has its own, so the pool never mixes them).
    public class var identifier: String { "post" }
    /// Columns left of the text: the cursor bar and a space.
    nonisolated static let indent: CGFloat = 2

    let author = StyledLabel(style: GridStyle(bold: true, foreground: 6))
    let time = StyledLabel(style: GridStyle(dim: true))
    let body = Label()
    let tagLabel = StyledLabel(style: GridStyle(dim: true, foreground: 5))

    /// The cell's serial number (0 until the data source numbers it).
    public var serial = 0 { didSet { tagLabel.text = "cell #\(serial)"; setNeedsLayout() } }
    /// Extra blank lines under the body, grown with `+`.
    public var extraLines = 0 { didSet { if extraLines != oldValue { extraLinesDidChange() } } }
    /// True for the table's focused row (the keys act on it), drawn ▌: the focus is the table's, kept
    /// by index path, so a reused cell never shows another row's (Docs/focus.md).
    public var isCursor: Bool { configurationState.isFocused }
    /// The post shown, for tests and the status line.
    private(set) var postID: UInt64?

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        for label in [author, time, body, tagLabel] { contentView.addSubview(label) }
    }

    /// Shows `post`; `extraLines` comes from the data source's record of `+` presses.
    func configure(with post: Post, extraLines: Int) {
        postID = post.id
        author.text = post.author
        time.text = "· " + post.time
        body.text = post.body
        self.extraLines = extraLines
        setNeedsLayout()
    }

    /// Body width for a content width: the indent on the left, one column of air on the right.
    nonisolated static func bodyWidth(forContentWidth width: CGFloat) -> CGFloat {
        max(1, width - indent - 1)
    }

    /// The height `sizeThatFits` gives `post` with `extraLines` at a content width of `columns`, without a
    /// cell: the byline, the body wrapped by the same `Label.wrap`, the grown lines, the rule. Pure, so
    /// exact heights can be computed off the main thread (`BackgroundHeights`).
    /// - Complexity: O(length of the body).
    public nonisolated static func height(of post: Post, extraLines: Int, columns: Int) -> CGFloat {
        let body = Int(bodyWidth(forContentWidth: CGFloat(columns)))
        return CGFloat(1 + Label.wrap(post.body, columns: body).count + extraLines + 1)
    }

    /// Byline + wrapped body + grown lines + separator.
    /// - Complexity: O(length of the body).
    public override func sizeThatFits(_ size: CGSize) -> CGSize {
        if contentConfiguration != nil { return super.sizeThatFits(size) }  // `ConfiguredFeedCell`: its content view's height
        let bodyHeight = body.sizeThatFits(CGSize(width: FeedCell.bodyWidth(forContentWidth: size.width), height: 0)).height
        return CGSize(width: size.width, height: 1 + bodyHeight + CGFloat(extraLines) + 1)
    }

    /// The Auto Layout twin moves its bottom constraint here.
    func extraLinesDidChange() {}

    /// Places the labels by frame (`placeSubviews()`); the Auto Layout twin leaves that to its constraints.
    public override func layoutSubviews() {
        super.layoutSubviews()
        placeSubviews()
    }

    /// Frame layout: each label's frame from the content width and the texts.
    func placeSubviews() {
        let width = contentView.bounds.width
        let indent = FeedCell.indent
        let tagWidth = CGFloat(tagLabel.text.count)
        tagLabel.frame = CGRect(x: max(indent, width - tagWidth - 1), y: 0, width: tagWidth, height: 1)
        guard contentConfiguration == nil else { return }  // `ConfiguredFeedCell`: the configuration places the rest
        let authorWidth = CGFloat(author.text.count)
        author.frame = CGRect(x: indent, y: 0, width: authorWidth, height: 1)
        time.frame = CGRect(x: indent + authorWidth + 1, y: 0, width: CGFloat(time.text.count), height: 1)
        let bodyWidth = FeedCell.bodyWidth(forContentWidth: width)
        let bodyLines = CGFloat(body.wrappedLines(forWidth: bodyWidth).count)
        body.frame = CGRect(x: indent, y: 1, width: bodyWidth, height: bodyLines)
    }

    /// The cursor bar on the left (a full inverted block when the row is selected) and the separator on the last line.
    /// `isSelected` comes from the table at every display, so a reused cell never draws another row's selection.
    public func draw(in grid: inout CharGrid, frame: GridRect, clip: GridRect) {
        if isSelected {
            for y in frame.y..<(frame.maxY - 1) {
                grid.write(" ", x: frame.x, y: y, style: GridStyle(bold: true, reverse: true), clip: clip)
            }
            grid.write("✓", x: frame.x, y: frame.y, style: GridStyle(bold: true, reverse: true), clip: clip)
        } else if isCursor {
            for y in frame.y..<(frame.maxY - 1) {
                grid.write("▌", x: frame.x, y: y, style: GridStyle(bold: true, foreground: 3), clip: clip)
            }
        }
        if isEditing {  // the delete control of editing mode; `isEditing` is set by the table at every display
            grid.write("-", x: frame.x, y: frame.y, style: GridStyle(bold: true, reverse: true, foreground: 1), clip: clip)
        }
        let rule = String(repeating: "─", count: max(0, frame.width - 2))
        grid.write(rule, x: frame.x + 1, y: frame.maxY - 1, style: GridStyle(dim: true), clip: clip)
    }
}

/// A day's sticky header: a reverse-video bar with the date and the day's post count.
public final class DayHeaderView: TableViewHeaderFooterView, GridDrawable {
    static let identifier = "day"
    let title = StyledLabel(style: GridStyle(bold: true, reverse: true))

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        contentView.addSubview(title)
    }

    /// The title spans the bar, one column in from the left.
    public override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = CGRect(x: 1, y: 0, width: max(0, bounds.width - 1), height: 1)
    }

    /// One line, whatever the width.
    public override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: 1) }

    /// Fills the whole line in reverse video, so the bar spans the table's width.
    public func draw(in grid: inout CharGrid, frame: GridRect, clip: GridRect) {
        grid.fill(frame, style: GridStyle(reverse: true), clip: clip)
    }
}
