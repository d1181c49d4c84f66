import Foundation
import ReuseTable
import ReuseTableTerminal

/// A post as a tile of the waterfall: a box with the author and time in its top
/// border, the cell's serial number in its bottom border, and the body wrapped inside.
///
///     ┌ grace · 09:41 ───────────┐
///     │ table cell reuse pool    │
///     │ offset content view      │
///     └──────────────── cell #7 ─┘
///
/// The body shows at most `maxBodyLines` lines, so a long post stays a
/// readable tile and measuring any post costs O(1): the wrap stops after
/// `maxBodyLines` lines (`Label.wrap` honours `numberOfLines`). A body cut
/// there ends its last line with "…".
public final class FeedTileCell: CollectionViewCell, GridDrawable {
    /// The reuse identifier the waterfall registers tiles under.
    public static let identifier = "tile"
    /// The most body lines a tile shows.
    nonisolated static let maxBodyLines = 6
    /// Columns taken by the border and one space of air on each side.
    nonisolated static let horizontalPadding: CGFloat = 4

    let byline = StyledLabel(style: GridStyle(bold: true, foreground: 6))
    let body = Label()
    /// The cell's serial number, as `FeedCell`'s tag: the same few come back while scrolling.
    public var serial = 0
    /// True for the focused tile (`i`, `d`, `m` and Enter act on it), marked ▶: the collection view's
    /// focus, which it sets on the cell showing that item (`CellConfigurationState.isFocused`).
    public var isCursor: Bool { configurationState.isFocused }
    private(set) var postID: UInt64?

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        body.numberOfLines = FeedTileCell.maxBodyLines
        contentView.addSubview(byline)
        contentView.addSubview(body)
    }

    /// The whole body; `body` shows it cut to the tile, with "…" when it does not fit.
    private var fullBody = ""

    /// Shows `post`: author and time in the top border, the body cut to the tile.
    public func configure(with post: Post) {
        postID = post.id
        byline.text = "\(post.author) · \(post.time)"
        fullBody = post.body
        body.text = post.body
        setNeedsLayout()
    }

    /// The body's width inside a tile `itemWidth` points wide (whole columns, at least 1).
    nonisolated static func bodyWidth(forItemWidth itemWidth: CGFloat) -> CGFloat {
        max(1, itemWidth.rounded(.down) - horizontalPadding)
    }

    /// Top border + capped wrapped body + bottom border.
    /// - Complexity: O(1): at most `maxBodyLines` lines are wrapped.
    public override func sizeThatFits(_ size: CGSize) -> CGSize {
        let lines = body.wrappedLines(forWidth: FeedTileCell.bodyWidth(forItemWidth: size.width)).count
        return CGSize(width: size.width, height: CGFloat(lines + 2))
    }

    /// The height of `post`'s tile at `itemWidth`, without a cell: what the layout delegate answers.
    /// Uses the same `Label.wrap` as `sizeThatFits` and the renderer.
    /// - Complexity: O(1) per post (the generator's body is bounded, the wrap stops at `maxBodyLines`).
    public nonisolated static func height(of post: Post, itemWidth: CGFloat) -> CGFloat {
        let columns = Int(bodyWidth(forItemWidth: itemWidth))
        let lines = Label.wrap(post.body, columns: columns, numberOfLines: maxBodyLines).count
        return CGFloat(lines + 2)
    }

    /// The byline in the top border, the body inside the border, cut with "…" when it does not fit.
    public override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width.rounded(.down)
        byline.frame = CGRect(x: 3, y: 0, width: max(0, min(CGFloat(byline.text.count), width - 6)), height: 1)
        let bodyWidth = FeedTileCell.bodyWidth(forItemWidth: width)
        body.frame = CGRect(x: 2, y: 1, width: bodyWidth, height: max(0, bounds.height - 2))
        body.text = FeedTileCell.shownBody(fullBody, columns: Int(bodyWidth))
    }

    /// `text` as the tile shows it at `columns`: its first `maxBodyLines` lines, the last of them
    /// ending in "…" when the text goes on (the tile's height does not change: the same lines).
    /// - Complexity: O(1): at most `maxBodyLines + 1` lines are wrapped.
    nonisolated static func shownBody(_ text: String, columns: Int) -> String {
        var lines = Label.wrap(text, columns: columns, numberOfLines: maxBodyLines + 1)
        guard lines.count > maxBodyLines else { return text }
        lines.removeLast()
        var last = lines.removeLast()
        while !last.isEmpty, displayWidth(last) + 1 > columns { last.removeLast() }
        lines.append(last.trimmingCharacters(in: .whitespaces) + "…")
        return lines.joined(separator: "\n")
    }

    /// The box; the cursor tile's box is bold yellow, with ▶ before the byline; a selected tile is
    /// drawn in reverse video (`isSelected` comes from the collection view at every display).
    public func draw(in grid: inout CharGrid, frame: GridRect, clip: GridRect) {
        let style = isCursor ? GridStyle(bold: true, foreground: 3) : GridStyle(dim: true)
        grid.fill(frame, style: isSelected ? GridStyle(reverse: true) : .plain, clip: clip)
        grid.drawBorder(frame, style: style, clip: clip)
        // Air around the byline that sits in the top border.
        let bylineEnd = frame.x + 3 + min(byline.text.count, max(0, frame.width - 6))
        grid.write(isCursor ? "▶" : " ", x: frame.x + 2, y: frame.y, style: style, clip: clip)
        grid.write(" ", x: bylineEnd, y: frame.y, clip: clip)
        let tag = " cell #\(serial) "
        if frame.width >= tag.count + 4 {
            grid.write(tag, x: frame.maxX - tag.count - 2, y: frame.maxY - 1, style: GridStyle(dim: true, foreground: 5), clip: clip)
        }
    }
}
