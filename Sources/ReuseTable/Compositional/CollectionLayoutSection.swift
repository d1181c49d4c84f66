import Foundation

/// How an orthogonal section scrolls sideways (UIKit: `UICollectionLayoutSectionOrthogonalScrollingBehavior`).
public enum CollectionLayoutSectionOrthogonalScrollingBehavior: Hashable, Sendable {
    /// Not orthogonal: groups stack down the section.
    case none
    /// Groups side by side; a release glides to wherever it carries.
    case continuous
    /// As `continuous`, coming to rest with a group's leading edge at the section's leading inset.
    case continuousGroupLeadingBoundary
    /// Pages as wide as the collection view; a release moves at most one page.
    case paging
    /// Pages at group boundaries; a release moves at most one group.
    case groupPaging
    /// As `groupPaging`, with the group centred (the first and last groups too).
    case groupPagingCentered
}

/// A section of a compositional layout: one group repeated, with insets, spacing, boundary
/// items and backgrounds (UIKit: `NSCollectionLayoutSection`).
///
/// The group repeats down the section (or, with `orthogonalScrollingBehavior`, sideways in a
/// band that scrolls on its own offset) until every item has a place: a section of n items whose
/// group holds p has ⌈n / p⌉ groups. That is how its height is known without placing its items
/// (Docs/compositional-layout.md).
@MainActor
open class CollectionLayoutSection {
    /// The group repeated to fill the section.
    public let group: CollectionLayoutGroup
    /// Space around the groups, inside the section's headers and footers. Default `.zero`.
    open var contentInsets: DirectionalEdgeInsets = .zero
    /// Space between consecutive groups (down the section, or across an orthogonal band). Default 0.
    open var interGroupSpacing: CGFloat = 0
    /// Whether the groups scroll sideways instead of stacking. Default `.none`.
    open var orthogonalScrollingBehavior: CollectionLayoutSectionOrthogonalScrollingBehavior = .none
    /// Headers, footers and side views of the section.
    open var boundarySupplementaryItems: [CollectionLayoutBoundarySupplementaryItem] = []
    /// Whether boundary items are laid out inside the leading and trailing content insets (default true, as UIKit's).
    open var supplementariesFollowContentInsets = true
    /// Backgrounds of the section (`CollectionLayoutDecorationItem.background(elementKind:)`).
    open var decorationItems: [CollectionLayoutDecorationItem] = []
    /// Told the section's visible items, the offset and the environment whenever they may have
    /// moved: every layout pass that shows the section after a scroll, sideways or down (UIKit's name).
    /// Setting an item's `center`, `alpha`, `zIndex` or `isHidden` changes what the layout
    /// reports for it until the next call.
    open var visibleItemsInvalidationHandler: (@MainActor ([CollectionLayoutVisibleItem], CGPoint, CollectionLayoutEnvironment) -> Void)?

    /// The list configuration a list section was made from (`list(using:layoutEnvironment:)`).
    var listConfiguration: CollectionLayoutListConfiguration?
    /// A list section's padding above its headers and below its footers (the grouped appearances).
    var listPadding: (top: CGFloat, bottom: CGFloat) = (0, 0)

    /// A section repeating `group`.
    public init(group: CollectionLayoutGroup) {
        self.group = group
    }
}

/// The space a layout has: what a section provider is told (UIKit: `NSCollectionLayoutEnvironment`).
public struct CollectionLayoutEnvironment: Hashable, Sendable {
    /// The collection view's size and insets.
    public var container: CollectionLayoutContainer

    /// An environment around `container`.
    public init(container: CollectionLayoutContainer) {
        self.container = container
    }
}

/// A size and the insets inside it (UIKit: `NSCollectionLayoutContainer`).
public struct CollectionLayoutContainer: Hashable, Sendable {
    /// The full size: the collection view's bounds.
    public var contentSize: CGSize
    /// Insets inside `contentSize`: the collection view's left and right content insets.
    public var contentInsets: DirectionalEdgeInsets

    /// A container of `contentSize` with `contentInsets`.
    public init(contentSize: CGSize, contentInsets: DirectionalEdgeInsets) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
    }

    /// `contentSize` less `contentInsets`, never negative.
    public var effectiveContentSize: CGSize {
        CGSize(
            width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
            height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
    }
}

/// One element a section's `visibleItemsInvalidationHandler` is told about (UIKit: `NSCollectionLayoutVisibleItem`).
@MainActor
public final class CollectionLayoutVisibleItem {
    /// The element's index path.
    public let indexPath: IndexPath
    /// A cell, a supplementary view or a decoration view.
    public let representedElementCategory: CollectionView.ElementCategory
    /// The supplementary or decoration kind; nil for a cell.
    public let representedElementKind: String?
    /// Where the layout put it, in content coordinates (orthogonal offset applied).
    public private(set) var frame: CGRect
    /// The frame's centre; setting it moves the element.
    public var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// Its size.
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    /// Opacity reported in its attributes, 0…1 (the terminal draws every view opaque).
    public var alpha: CGFloat = 1
    /// Drawing order reported in its attributes.
    public var zIndex: Int
    /// Whether its attributes say it is hidden.
    public var isHidden = false

    init(attributes: CollectionViewLayoutAttributes) {
        indexPath = attributes.indexPath
        representedElementCategory = attributes.representedElementCategory
        representedElementKind = attributes.representedElementKind
        frame = attributes.frame
        alpha = attributes.alpha
        zIndex = attributes.zIndex
        isHidden = attributes.isHidden
    }
}
