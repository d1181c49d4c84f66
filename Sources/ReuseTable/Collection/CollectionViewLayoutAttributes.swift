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
    /// The supplementary kind (`CollectionView.elementKindSectionHeader`…); nil for a cell, as in UIKit.
    public let representedElementKind: String?

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
}
