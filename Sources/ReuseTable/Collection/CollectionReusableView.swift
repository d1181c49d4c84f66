import Foundation

/// A view a collection view recycles (UIKit: `UICollectionReusableView`): the
/// base of `CollectionViewCell` and of section headers and footers
/// (supplementary views).
///
/// Register a subclass with `CollectionView.register(_:forSupplementaryViewOfKind:withReuseIdentifier:)`
/// and hand one out from the data source's
/// `collectionView(_:viewForSupplementaryElementOfKind:at:)` through
/// `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
@MainActor
open class CollectionReusableView: View {
    /// The identifier the view was registered and dequeued with (nil for a view made by hand: it is never pooled).
    public let reuseIdentifier: String?

    /// The supplementary kind the view was dequeued for (nil for cells); its pool key with `reuseIdentifier`.
    var elementKind: String?

    /// Set when a collection view first receives the view, so "created" counts each view once.
    var hasBeenSeen = false

    /// True for the stand-in the data source's default `viewForSupplementaryElementOfKind` returns: nothing is shown.
    var isAbsentSupplementaryView = false

    /// Creates a view; the collection view calls this for registered classes.
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
    }

    /// Called when the view is taken from the reuse pool, before the data source configures it (UIKit's name).
    open func prepareForReuse() {}

    /// The stand-in for "no view here": never shown, never pooled.
    static func absentSupplementaryView() -> CollectionReusableView {
        let none = CollectionReusableView(reuseIdentifier: nil)
        none.isAbsentSupplementaryView = true
        return none
    }
}
