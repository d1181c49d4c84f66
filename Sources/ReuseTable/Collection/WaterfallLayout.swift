import Foundation

/// A waterfall ("Pinterest") layout: equal columns, each item placed in the
/// column that is currently shortest (ties to the leftmost).
///
/// ```swift
/// let layout = WaterfallLayout(numberOfColumns: 2, margin: 8)
/// layout.delegate = feed   // heightForItemAt:itemWidth:
/// ```
///
/// Rules (margins, sections, delegate column counts): Docs/collection-view.md, "WaterfallLayout's rules".
///
/// - Complexity: each height asked once; a change at item `i` re-places items `i…` of its section,
///   O(n − i) (`ColumnSections`); other sections only shift; a rect query is a binary search per column.
@MainActor
open class WaterfallLayout: ColumnLayout {
    /// Number of columns (at least 1; less is reported and replaced by 1). Changing it re-places everything.
    open var numberOfColumns: Int {
        didSet {
            numberOfColumns = checkedColumns(numberOfColumns, "WaterfallLayout.numberOfColumns")
            invalidateLayout()
        }
    }

    /// Gap between columns, between items in a column and between sections (non-finite or
    /// negative is reported and replaced by 0, larger than `TableView.maximumSlotHeight` by that
    /// maximum). Changing it re-places everything.
    open var margin: CGFloat {
        didSet {
            margin = checkedSetting(margin, "WaterfallLayout.margin")
            invalidateLayout()
        }
    }

    /// Gives every item's height at the column width.
    open weak var delegate: WaterfallLayoutDelegate?

    /// The height of every item when there is no delegate.
    open var itemHeight: CGFloat = 50 {
        didSet {
            itemHeight = checkedSetting(itemHeight, "WaterfallLayout.itemHeight")
            if delegate == nil { invalidateLayout() }
        }
    }

    /// Creates a waterfall with `numberOfColumns` columns and `margin` between columns and items
    /// (checked as the properties are; reported once the layout has a collection view).
    public init(numberOfColumns: Int, margin: CGFloat) {
        self.numberOfColumns = min(max(numberOfColumns, 1), ColumnLayout.maximumColumns)
        var messages: [String] = []
        self.margin = GeometryNumber.sanitize(
            margin, as: .length, for: "WaterfallLayout(numberOfColumns:margin:) margin", wording: .statement(verb: "was set to"),
            report: { messages.append($0) })
        super.init(packing: .shortestColumn)
        _ = checkedColumns(numberOfColumns, "WaterfallLayout(numberOfColumns:margin:) numberOfColumns")
        messages.forEach(diagnose)
    }

    /// The delegate's column count and margin as of the last `prepare()` (checked).
    var delegateColumns: Int?
    var delegateMargin: CGFloat?

    override var columnCount: Int { delegateColumns ?? numberOfColumns }
    override var columnSpacing: CGFloat { delegateMargin ?? margin }
    override var lineSpacingBetweenItems: CGFloat { delegateMargin ?? margin }
    override func resolveDelegateSettings(in collectionView: CollectionView) {
        guard let delegate else {
            (delegateColumns, delegateMargin) = (nil, nil)
            return
        }
        let columns = collectionView.calling("numberOfColumns(in:layout:)") { delegate.numberOfColumns(in: collectionView, layout: self) }
        let margin = collectionView.calling("marginOfCell(in:layout:)") { delegate.marginOfCell(in: collectionView, layout: self) }
        delegateColumns = checkedColumns(columns, "WaterfallLayoutDelegate.numberOfColumns(in:layout:)", verb: "returned")
        delegateMargin = checkedSetting(margin, "WaterfallLayoutDelegate.marginOfCell(in:layout:)", verb: "returned")
    }
    override func delegateSupplementaryHeight(footer: Bool, section: Int, in collectionView: CollectionView) -> CGFloat {
        guard let delegate else { return 0 }
        return footer
            ? delegate.collectionView(collectionView, layout: self, heightForFooterInSection: section)
            : delegate.collectionView(collectionView, layout: self, heightForHeaderInSection: section)
    }
    override var fallbackItemHeight: CGFloat { itemHeight }
    override func delegateHeight(at indexPath: IndexPath, itemWidth width: CGFloat, in collectionView: CollectionView) -> CGFloat? {
        delegate?.collectionView(collectionView, layout: self, heightForItemAt: indexPath, itemWidth: width)
    }
}
