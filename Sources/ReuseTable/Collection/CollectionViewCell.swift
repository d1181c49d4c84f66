import Foundation

/// An item's view (UIKit: `UICollectionViewCell`).
///
/// Subclasses add subviews to `contentView` and, to self-size, override
/// `sizeThatFits(_:)`; the collection view measures template cells with
/// `sizeThatFits(CGSize(width: itemWidth, height: 0))`.
@MainActor
open class CollectionViewCell: View {
    /// The identifier the cell was registered and dequeued with.
    public let reuseIdentifier: String?

    /// The view subclasses put their content in; it fills the cell.
    public let contentView = View()

    /// Forces template measurement through `sizeThatFits(_:)` even when the contentView
    /// has constraints (FDTemplateLayoutCell's `fd_enforceFrameLayout`). Default false.
    open var enforceFrameLayout = false

    /// True for the off-screen cells the collection view measures with; a cell may
    /// skip work that does not change its height (FDTemplateLayoutCell's flag).
    public internal(set) var isTemplateLayoutCell = false

    /// Set when a collection view first receives the cell, so "cells created" counts each cell once.
    var hasBeenSeenByCollectionView = false

    /// Whether the cell shows its item as selected. The collection view sets it on every cell it
    /// displays, from its own selection, and clears it when the cell is reused: read it (or override
    /// with `didSet`) to draw, never keep selection in a cell. Default false, as UIKit.
    open var isSelected = false
    /// Whether the cell shows its item as touched (during `CollectionView.tapItem(at:)`). Default false.
    open var isHighlighted = false

    /// Creates a cell; the collection view calls this for registered classes.
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        addSubview(contentView)
    }

    /// Called when the cell is taken from the reuse pool, before the data source configures it.
    open func prepareForReuse() {}

    /// Makes `contentView` fill the cell.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = CGRect(origin: .zero, size: bounds.size)
    }

    /// The default fits nothing (height 0).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: 0)
    }
}
