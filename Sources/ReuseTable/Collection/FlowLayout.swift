import Foundation

/// A vertical flow: one column (a list) or `numberOfColumns` equal columns
/// filled line by line (a grid), with item heights from a delegate — typically
/// self-sized through `CollectionView.heightForCell(withReuseIdentifier:cacheBy:configuration:)`.
///
/// ```swift
/// let layout = FlowLayout()            // one column, self-sizing via the delegate
/// layout.lineSpacing = 8
/// layout.delegate = feed
/// ```
///
/// **Geometry.** `itemWidth = (width − (columns − 1) × interitemSpacing) / columns`.
/// Item `i` of a section sits in column `i % columns` of line `i / columns`; a
/// line is as tall as its tallest item, items are top-aligned, and
/// `lineSpacing` separates lines and sections. No outer inset.
///
/// **Cost.** Heights are asked once and kept; a change at item `i` re-places the
/// section from the start of `i`'s line; rect queries are binary searches per column.
@MainActor
open class FlowLayout: ColumnLayout {
    /// Number of columns (at least 1); 1 is a list. Changing it re-places everything.
    open var numberOfColumns: Int = 1 {
        didSet {
            precondition(numberOfColumns >= 1, "FlowLayout: numberOfColumns must be at least 1")
            invalidateLayout()
        }
    }

    /// Horizontal gap between columns.
    open var interitemSpacing: CGFloat = 0 {
        didSet {
            interitemSpacing = checked(interitemSpacing, "FlowLayout.interitemSpacing")
            invalidateLayout()
        }
    }

    /// Vertical gap between lines, and between sections.
    open var lineSpacing: CGFloat = 0 {
        didSet {
            lineSpacing = checked(lineSpacing, "FlowLayout.lineSpacing")
            invalidateLayout()
        }
    }

    /// The height of every item when there is no delegate (UIKit's default item size is 50).
    open var itemHeight: CGFloat = 50 {
        didSet {
            itemHeight = checked(itemHeight, "FlowLayout.itemHeight", fallback: 50)
            if delegate == nil { invalidateLayout() }
        }
    }

    /// Gives every item's height at the column width.
    open weak var delegate: FlowLayoutDelegate?

    /// Creates a one-column flow.
    public init() { super.init(placement: .rowMajor) }

    override var columnCount: Int { numberOfColumns }
    override var columnSpacing: CGFloat { interitemSpacing }
    override var lineSpacingBetweenItems: CGFloat { lineSpacing }
    override var fallbackItemHeight: CGFloat { itemHeight }
    override func delegateHeight(at indexPath: IndexPath, itemWidth width: CGFloat, in collectionView: CollectionView) -> CGFloat? {
        delegate?.collectionView(collectionView, layout: self, heightForItemAt: indexPath, itemWidth: width)
    }
}
