import Foundation

/// Where one element goes (UIKit: `UICollectionViewLayoutAttributes`): a cell, or a
/// supplementary view such as a section header, with its index path and its frame in
/// content coordinates.
@MainActor
open class CollectionViewLayoutAttributes {
    /// The item these attributes place; for a section header or footer, `[section, 0]` (as in UIKit).
    public let indexPath: IndexPath
    /// The element's rectangle in the collection view's content space.
    public var frame: CGRect
    /// Whether these attributes place a cell or a supplementary view (UIKit's name).
    public let representedElementCategory: CollectionView.ElementCategory
    /// The supplementary or decoration kind (`CollectionView.elementKindSectionHeader`…); nil for a cell, as in UIKit.
    public let representedElementKind: String?
    /// Drawing order among overlapping elements: higher in front (UIKit's name). Cells are at 0;
    /// the collection view brings views above 0 to the front and puts decoration views behind the cells.
    public var zIndex = 0
    /// Opacity, 0…1 (UIKit's name); reported for the app, the terminal draws every view opaque.
    public var alpha: CGFloat = 1
    /// Whether the element is hidden (UIKit's name); reported for the app.
    public var isHidden = false

    /// Attributes for the item at `indexPath` (UIKit: `init(forCellWith:)`).
    public init(forCellWith indexPath: IndexPath, frame: CGRect = .zero) {
        self.indexPath = indexPath
        self.frame = frame
        representedElementCategory = .cell
        representedElementKind = nil
    }

    /// Attributes for a supplementary view of `elementKind` at `indexPath`
    /// (UIKit: `init(forSupplementaryViewOfKind:with:)`).
    public init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath, frame: CGRect = .zero) {
        self.indexPath = indexPath
        self.frame = frame
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// Attributes for a decoration view of `decorationViewKind` at `indexPath`
    /// (UIKit: `init(forDecorationViewOfKind:with:)`).
    public init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath, frame: CGRect = .zero) {
        self.indexPath = indexPath
        self.frame = frame
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }
}
