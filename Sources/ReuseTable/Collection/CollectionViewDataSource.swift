import Foundation

/// Supplies the items of a `CollectionView` (UIKit: `UICollectionViewDataSource`).
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    /// Number of sections; the default is 1.
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// Number of items in `section`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// A configured cell for the item, from `dequeueReusableCell(withReuseIdentifier:for:)`.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
    /// A configured supplementary view (a section header or footer: `elementKind` is
    /// `CollectionView.elementKindSectionHeader` or `elementKindSectionFooter`, `indexPath`
    /// is `[section, 0]`), from `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
    /// Asked only for elements the layout gives a height. Optional: the default shows none.
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind elementKind: String,
        at indexPath: IndexPath
    ) -> CollectionReusableView

    // MARK: Reordering

    /// Whether the item may be lifted and moved (`beginInteractiveMovementForItem(at:)`). Optional.
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// A lifted item was dropped: move it in the model. Called once per movement, with the
    /// destination in the index space after the move; the collection view then moves the item
    /// itself, as `moveItem(at:to:)` does. Optional.
    func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension CollectionViewDataSource {
    /// Default: one section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    /// Default: none — a stand-in the collection view recognizes and does not show.
    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind elementKind: String,
        at indexPath: IndexPath
    ) -> CollectionReusableView {
        .absentSupplementaryView()
    }

    // MARK: Reordering

    /// Default: false (Swift cannot see, as UIKit does, whether `moveItemAt` is implemented).
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    /// Default: nothing.
    public func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

/// Told about items that are about to scroll on screen, nearest first, so data
/// can be loaded ahead (UIKit: `UICollectionViewDataSourcePrefetching`).
@MainActor
public protocol CollectionViewDataSourcePrefetching: AnyObject {
    /// Items that will probably be needed soon, nearest to the viewport first.
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])
    /// Items previously announced that are no longer about to appear. Optional.
    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDataSourcePrefetching {
    /// Default: nothing.
    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}
