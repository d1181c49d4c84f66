import Foundation
import ReuseTable

/// `FeedCell`'s design on a content configuration: the byline and the body are a
/// `ListContentConfiguration.subtitleCell()`'s text and secondary text, its margins keep the
/// indent, the column of air on the right and the separator line (plus the `+` lines) below,
/// so the row is as tall as `FeedCell`'s (`FeedTests` checks it over many posts and widths).
/// The tag ("cell #7") stays a label of the cell's own, in front of the content view.
/// The table measures it through its content view (`sizeThatFits`), as any configured cell.
public final class ConfiguredFeedCell: FeedCell {
    /// Its own reuse identifier, so the pool never hands another class's cell to a configured row.
    public override class var identifier: String { "post.configured" }

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        for label in [author, time, body] { label.removeFromSuperview() }
    }

    /// Shows `post` through a subtitle configuration; its content view is reused from post to post.
    override func configure(with post: Post, extraLines: Int) {
        super.configure(with: post, extraLines: extraLines)  // keeps the post, the labels' texts (unshown) and the `+` lines
        var content = ListContentConfiguration.subtitleCell()
        content.text = post.author + " · " + post.time
        content.secondaryText = post.body
        content.textProperties.numberOfLines = 1
        content.textProperties.font = .preferredFont(forTextStyle: .headline)
        content.directionalLayoutMargins = DirectionalEdgeInsets(
            top: 0, leading: FeedCell.indent, bottom: CGFloat(1 + extraLines), trailing: 1)
        contentConfiguration = content
        contentView.bringSubviewToFront(tagLabel)
    }

    /// The `+` lines are in the configuration's bottom margin: configured again when they change.
    override func extraLinesDidChange() {
        guard var content = contentConfiguration as? ListContentConfiguration else { return }
        content.directionalLayoutMargins.bottom = CGFloat(1 + extraLines)
        contentConfiguration = content
    }
}
