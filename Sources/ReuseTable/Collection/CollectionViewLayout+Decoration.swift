import Foundation

// Decoration views: views a layout owns (a section's background), never asked of the data source.
// The layout registers their classes; the collection view makes, pools and places them beside the
// supplementary views (`CollectionView+Supplementary.swift`), behind the cells.

extension CollectionViewLayout {
    /// Registers the class the collection view makes for decoration views of `elementKind`
    /// (UIKit's name); nil unregisters it.
    public func register(_ viewClass: CollectionReusableView.Type?, forDecorationViewOfKind elementKind: String) {
        decorationClasses[elementKind] = viewClass
    }

    /// The class registered for decoration views of `kind`, or nil.
    func decorationViewClass(ofKind kind: String) -> CollectionReusableView.Type? { decorationClasses[kind] }
}
