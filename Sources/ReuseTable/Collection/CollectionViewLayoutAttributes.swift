import Foundation

/// Where one item goes (UIKit: `UICollectionViewLayoutAttributes`): its index path and
/// its frame in content coordinates.
@MainActor
open class CollectionViewLayoutAttributes {
    /// The item these attributes place.
    public let indexPath: IndexPath
    /// The item's rectangle in the collection view's content space.
    public var frame: CGRect

    /// Attributes for the item at `indexPath` (UIKit: `init(forCellWith:)`).
    public init(forCellWith indexPath: IndexPath, frame: CGRect = .zero) {
        self.indexPath = indexPath
        self.frame = frame
    }
}
