import Foundation
import ReuseTable

/// `FeedCell`'s twin built with constraints: the same four labels placed by anchors, so the table
/// measures it by Auto Layout (a required width fence on the contentView, then compressed fitting).
///
///     contentView ┬ 0 ─ author ─ 1 ─ time          tag ─ 1 ┐
///                 │ 2 ┴ body (wraps: 0 lines) ──────────── 1 ┤
///                 └ 1 + extraLines ──────────────────────────┘
///
/// Same height as `FeedCell` for the same post and width (`FeedTests` checks it). The constraints are
/// made once; a new post changes only texts and the bottom constant, applied incrementally.
public final class AutoLayoutFeedCell: FeedCell {
    /// Its own reuse identifier, so the pool never hands a frame-layout cell to an Auto Layout row.
    public override class var identifier: String { "post.autolayout" }

    /// contentView.bottom = body.bottom + 1 + extraLines: the only constant that changes.
    private var bottom: LayoutConstraint!

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        let content = contentView
        for label in [author, time, body, tagLabel] { label.translatesAutoresizingMaskIntoConstraints = false }
        for label in [author, time, tagLabel] { label.numberOfLines = 1 }
        bottom = content.bottomAnchor.constraint(equalTo: body.bottomAnchor, constant: 1)
        LayoutConstraint.activate([
            author.topAnchor.constraint(equalTo: content.topAnchor),
            author.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: FeedCell.indent),
            time.topAnchor.constraint(equalTo: content.topAnchor),
            time.leadingAnchor.constraint(equalTo: author.trailingAnchor, constant: 1),
            tagLabel.topAnchor.constraint(equalTo: content.topAnchor),
            tagLabel.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -1),
            tagLabel.leadingAnchor.constraint(greaterThanOrEqualTo: content.leadingAnchor, constant: FeedCell.indent),
            body.topAnchor.constraint(equalTo: author.bottomAnchor),
            body.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: FeedCell.indent),
            body.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -1),
            bottom,
        ])
    }

    override func extraLinesDidChange() {
        bottom.constant = 1 + CGFloat(extraLines)
    }

    /// The constraints place the labels (`layoutIfNeeded` writes their frames).
    override func placeSubviews() {}

    /// What the engine says the content needs at this width (not the frame arithmetic):
    /// asked only when the table is told to skip Auto Layout (`enforceFrameLayout`).
    public override func sizeThatFits(_ size: CGSize) -> CGSize {
        contentView.systemLayoutSizeFitting(
            CGSize(width: size.width, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
    }
}
