import Foundation

/// An item's view (UIKit: `UICollectionViewCell`); a `CollectionReusableView`, as in UIKit
/// (`reuseIdentifier`, `prepareForReuse()`).
///
/// Subclasses add subviews to `contentView` and, to self-size, override
/// `sizeThatFits(_:)`; the collection view measures template cells with
/// `sizeThatFits(CGSize(width: itemWidth, height: 0))`.
@MainActor
open class CollectionViewCell: CollectionReusableView {
    /// The view subclasses put their content in; it fills the cell.
    public let contentView = View()

    /// Forces template measurement through `sizeThatFits(_:)` even when the contentView
    /// has constraints (FDTemplateLayoutCell's `fd_enforceFrameLayout`). Default false.
    open var enforceFrameLayout = false

    /// True for the off-screen cells the collection view measures with; a cell may
    /// skip work that does not change its height (FDTemplateLayoutCell's flag).
    public internal(set) var isTemplateLayoutCell = false

    /// Whether the cell shows its item as selected. The collection view sets it on every cell it
    /// displays, from its own selection, and clears it when the cell is reused: read it (or override
    /// with `didSet`) to draw, never keep selection in a cell. Default false, as UIKit.
    open var isSelected = false
    /// Whether the cell shows its item as touched (during `CollectionView.tapItem(at:)`). Default false.
    open var isHighlighted = false

    /// Creates a cell; the collection view calls this for registered classes.
    public required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        addSubview(contentView)
    }

    /// Makes `contentView` fill the cell.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = CGRect(origin: .zero, size: bounds.size)
    }

    /// Lays out the cell if it needs it. A cell with constraints gives `contentView` its frame first, so
    /// the constraints solved before `layoutSubviews()` are solved at the size it is about to give
    /// (see `TableViewCell.layoutIfNeeded()`); `layoutSubviews()` still sets it.
    open override func layoutIfNeeded() {
        if needsLayout, _autoLayout?.hasConstraintsBelow == true { contentView.frame = CGRect(origin: .zero, size: bounds.size) }
        super.layoutIfNeeded()
    }

    /// The default fits nothing (height 0).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: 0)
    }
}
