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
}

extension CollectionViewDataSource {
    /// Default: one section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
}
