import Foundation

/// A vertical flow: one column (a list) or `numberOfColumns` equal columns
/// filled line by line (a grid), with section headers and footers, and item
/// heights from a delegate — typically self-sized through
/// `CollectionView.heightForCell(withReuseIdentifier:cacheBy:configuration:)`.
/// UIKit: `UICollectionViewFlowLayout`, vertical, with UIKit's names; items stretch to the column
/// width, so the two spacings are exact. Geometry and the differences from UIKit:
/// Docs/collection-view.md ("FlowLayout with UIKit's names").
///
/// - Complexity: heights are asked once and kept; a change at item `i` re-places its section from
///   `i`'s line; a rect query is a binary search per column (`ColumnSections`).
@MainActor
open class FlowLayout: ColumnLayout {
    /// Number of columns (at least 1); 1 is a list. Changing it re-places everything.
    open var numberOfColumns: Int = 1 {
        didSet {
            numberOfColumns = checkedColumns(numberOfColumns, "FlowLayout.numberOfColumns")
            invalidateLayout()
        }
    }

    /// Horizontal gap between columns (UIKit's name; exact here, since items stretch to the column width).
    /// Default 0; non-finite or negative is reported and replaced by 0, more than `TableView.maximumSlotHeight` by that maximum.
    open var minimumInteritemSpacing: CGFloat = 0 {
        didSet {
            minimumInteritemSpacing = checkedSetting(minimumInteritemSpacing, "FlowLayout.minimumInteritemSpacing")
            invalidateLayout()
        }
    }

    /// Vertical gap between lines of a section (UIKit's name). Sections are separated by
    /// `sectionInset`, not by this. Default 0; non-finite or negative is reported and replaced by 0, more than `TableView.maximumSlotHeight` by that maximum.
    open var minimumLineSpacing: CGFloat = 0 {
        didSet {
            minimumLineSpacing = checkedSetting(minimumLineSpacing, "FlowLayout.minimumLineSpacing")
            invalidateLayout()
        }
    }

    /// The size of every item when the delegate gives none (UIKit's default, 50 × 50);
    /// only the height is used (an item is as wide as its column). A bad height is reported and replaced by 0 (a huge one by `TableView.maximumSlotHeight`).
    open var itemSize = CGSize(width: 50, height: 50) {
        didSet {
            itemSize.height = checkedSetting(itemSize.height, "FlowLayout.itemSize.height")
            invalidateLayout()
        }
    }

    /// Space around each section's items, inside its header and footer (UIKit's name). Default `.zero`;
    /// a non-finite or negative edge is reported and replaced by 0, one above `TableView.maximumSlotHeight` by that maximum.
    open var sectionInset = EdgeInsets.zero {
        didSet {
            sectionInset.top = checkedSetting(sectionInset.top, "FlowLayout.sectionInset.top")
            sectionInset.left = checkedSetting(sectionInset.left, "FlowLayout.sectionInset.left")
            sectionInset.bottom = checkedSetting(sectionInset.bottom, "FlowLayout.sectionInset.bottom")
            sectionInset.right = checkedSetting(sectionInset.right, "FlowLayout.sectionInset.right")
            invalidateLayout()
        }
    }

    /// The size of every section header when the delegate gives none (UIKit's name); only the
    /// height is used. Default `.zero`: no headers. A bad height is reported and replaced by 0 (a huge one by `TableView.maximumSlotHeight`).
    open var headerReferenceSize = CGSize.zero {
        didSet {
            headerReferenceSize.height = checkedSetting(headerReferenceSize.height, "FlowLayout.headerReferenceSize.height")
            invalidateLayout()
        }
    }

    /// The size of every section footer when the delegate gives none (UIKit's name); only the
    /// height is used. Default `.zero`: no footers. A bad height is reported and replaced by 0 (a huge one by `TableView.maximumSlotHeight`).
    open var footerReferenceSize = CGSize.zero {
        didSet {
            footerReferenceSize.height = checkedSetting(footerReferenceSize.height, "FlowLayout.footerReferenceSize.height")
            invalidateLayout()
        }
    }

    /// Gives item, header and footer sizes (every method optional; the defaults are this layout's settings).
    open weak var delegate: FlowLayoutDelegate?

    /// Creates a one-column flow.
    public init() { super.init(packing: .rowMajor) }

    /// Yes when the size changed, as UIKit's flow layout answers; a scroll changes nothing.
    /// - Complexity: O(1).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != boundsBeforeChange.size
    }

    override var columnCount: Int { numberOfColumns }
    override var columnSpacing: CGFloat { minimumInteritemSpacing }
    override var lineSpacingBetweenItems: CGFloat { minimumLineSpacing }
    override var sectionSpacing: CGFloat { 0 }
    override var itemsInset: EdgeInsets { sectionInset }
    override var fallbackItemHeight: CGFloat { itemSize.height }
    override func delegateHeight(at indexPath: IndexPath, itemWidth width: CGFloat, in collectionView: CollectionView) -> CGFloat? {
        delegate?.collectionView(collectionView, layout: self, heightForItemAt: indexPath, itemWidth: width)
    }
    override func delegateSupplementaryHeight(footer: Bool, section: Int, in collectionView: CollectionView) -> CGFloat {
        guard let delegate else { return (footer ? footerReferenceSize : headerReferenceSize).height }
        return footer
            ? delegate.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section).height
            : delegate.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section).height
    }
    override func supplementaryHeightMethod(footer: Bool) -> StaticString {
        footer ? "collectionView(_:layout:referenceSizeForFooterInSection:)" : "collectionView(_:layout:referenceSizeForHeaderInSection:)"
    }
}
