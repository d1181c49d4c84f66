import Foundation

/// The smallest piece of a compositional layout: one cell's size and the space around it
/// (UIKit: `NSCollectionLayoutItem`). Items sit in groups; a group is an item too.
///
/// ```swift
/// let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(
///     widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(4)))
/// item.contentInsets = DirectionalEdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1)
/// ```
///
/// Descriptions are shared: a layout reads them when it resolves a section, so change them before
/// handing them over (or call `invalidateLayout()` after).
@MainActor
open class CollectionLayoutItem {
    /// The item's size in its container (its group, or its section for a group).
    public let layoutSize: CollectionLayoutSize
    /// Space inside the item's allotted rectangle: the cell is that much smaller (UIKit's rule:
    /// ignored along an axis whose dimension is estimated). Default `.zero`.
    open var contentInsets: DirectionalEdgeInsets = .zero
    /// Space around the item in its group, moving it and the items after it; nil is none.
    open var edgeSpacing: CollectionLayoutEdgeSpacing?
    /// Views attached to the item (badges), each anchored to its frame.
    public let supplementaryItems: [CollectionLayoutSupplementaryItem]

    /// An item of `layoutSize` with optional supplementary items.
    public init(layoutSize: CollectionLayoutSize, supplementaryItems: [CollectionLayoutSupplementaryItem] = []) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
    }
}

/// Items laid out along one axis, repeated to fill the group, then the group repeated to fill
/// its section (UIKit: `NSCollectionLayoutGroup`).
///
/// `horizontal(layoutSize:subitems:)` places its subitems left to right, cycling through them
/// while the next one still fits, so one item of `.fractionalWidth(0.25)` gives four a group;
/// `horizontal(layoutSize:repeatingSubitem:count:)` places exactly `count`, each as wide as the
/// group less the spacing allows. `vertical` does the same top to bottom.
@MainActor
open class CollectionLayoutGroup: CollectionLayoutItem {
    /// The direction subitems are placed in.
    enum Axis: Sendable { case horizontal, vertical }

    let axis: Axis
    /// The subitems, in order (one for a repeating group).
    public let subitems: [CollectionLayoutItem]
    /// How many times the repeating subitem appears; nil when subitems repeat while they fit.
    let repeatCount: Int?
    /// Space between consecutive subitems along the axis; nil is none.
    open var interItemSpacing: CollectionLayoutSpacing?

    init(layoutSize: CollectionLayoutSize, axis: Axis, subitems: [CollectionLayoutItem], count: Int?) {
        self.axis = axis
        self.subitems = subitems
        self.repeatCount = count
        super.init(layoutSize: layoutSize)
    }

    /// Subitems left to right, cycled while the next one fits (UIKit's name). An empty list
    /// stops with a message, as UIKit's assertion does.
    public static func horizontal(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]) -> CollectionLayoutGroup {
        make(layoutSize, .horizontal, subitems, count: nil, call: "horizontal(layoutSize:subitems:)")
    }

    /// Subitems top to bottom, cycled while the next one fits (UIKit's name).
    public static func vertical(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]) -> CollectionLayoutGroup {
        make(layoutSize, .vertical, subitems, count: nil, call: "vertical(layoutSize:subitems:)")
    }

    /// Exactly `count` copies of `repeatingSubitem` left to right, each as wide as
    /// `(group width − (count − 1) × fixed spacing) / count` (UIKit's name). A count below 1 stops with a message.
    public static func horizontal(layoutSize: CollectionLayoutSize, repeatingSubitem: CollectionLayoutItem, count: Int) -> CollectionLayoutGroup {
        make(layoutSize, .horizontal, [repeatingSubitem], count: count, call: "horizontal(layoutSize:repeatingSubitem:count:)")
    }

    /// Exactly `count` copies of `repeatingSubitem` top to bottom, sharing the group's height (UIKit's name).
    public static func vertical(layoutSize: CollectionLayoutSize, repeatingSubitem: CollectionLayoutItem, count: Int) -> CollectionLayoutGroup {
        make(layoutSize, .vertical, [repeatingSubitem], count: count, call: "vertical(layoutSize:repeatingSubitem:count:)")
    }

    private static func make(
        _ size: CollectionLayoutSize, _ axis: Axis, _ subitems: [CollectionLayoutItem], count: Int?, call: String
    ) -> CollectionLayoutGroup {
        do {
            try validate(subitems: subitems, count: count, call: call)
        } catch {
            ReuseTableError.trap(error)
        }
        return CollectionLayoutGroup(layoutSize: size, axis: axis, subitems: subitems, count: count)
    }

    /// Throws the message a bad group stops with: no subitems, or a count below 1.
    static func validate(subitems: [CollectionLayoutItem], count: Int?, call: String) throws(ReuseTableError) {
        if subitems.isEmpty {
            throw ReuseTableError("CollectionLayoutGroup.\(call): subitems is empty; a group needs at least one subitem.")
        }
        if let count, count < 1 {
            throw ReuseTableError("CollectionLayoutGroup.\(call): count is \(count); a group repeats its subitem at least once.")
        }
    }
}

/// A view attached to an item — a badge — anchored to its frame (UIKit: `NSCollectionLayoutSupplementaryItem`).
/// The data source supplies it (`viewForSupplementaryElementOfKind`) with the item's index path.
@MainActor
open class CollectionLayoutSupplementaryItem: CollectionLayoutItem {
    /// The kind the data source is asked for.
    public let elementKind: String
    /// Where it is attached to the item.
    public let containerAnchor: CollectionLayoutAnchor
    /// Which point of the supplementary item meets the anchor; nil is the anchor's own edges.
    public let itemAnchor: CollectionLayoutAnchor?
    /// Drawing order among overlapping views; cells are at 0. Default 1 (above its item).
    open var zIndex = 1

    /// A supplementary item of `layoutSize` (fractions of the item's size) for `elementKind`, anchored at `containerAnchor`.
    public init(layoutSize: CollectionLayoutSize, elementKind: String, containerAnchor: CollectionLayoutAnchor) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        self.itemAnchor = nil
        super.init(layoutSize: layoutSize)
    }

    /// As `init(layoutSize:elementKind:containerAnchor:)`, with the point of the supplementary
    /// item that meets the anchor given by `itemAnchor`'s edges and offset.
    public init(
        layoutSize: CollectionLayoutSize, elementKind: String, containerAnchor: CollectionLayoutAnchor, itemAnchor: CollectionLayoutAnchor
    ) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
        super.init(layoutSize: layoutSize)
    }

    /// For the boundary subclass: anchored nowhere (its alignment places it).
    init(layoutSize: CollectionLayoutSize, elementKind: String, boundary: Void) {
        self.elementKind = elementKind
        self.containerAnchor = CollectionLayoutAnchor(edges: [])
        self.itemAnchor = nil
        super.init(layoutSize: layoutSize)
    }
}

/// A section's (or the whole layout's) header, footer or side view
/// (UIKit: `NSCollectionLayoutBoundarySupplementaryItem`).
///
/// Top alignments stack above the section's content, bottom ones below; with `extendsBoundary`
/// (the default) they take space, otherwise they overlap the content. `pinToVisibleBounds` keeps
/// a header at the top of the visible area (a footer at its bottom) while its section is on screen.
/// Its index path is `[section, 0]`; the layout's own are at `IndexPath(index: 0)`, as in UIKit.
@MainActor
open class CollectionLayoutBoundarySupplementaryItem: CollectionLayoutSupplementaryItem {
    /// Where it sits on the section.
    public let alignment: RectAlignment
    /// A shift from the aligned position, in points.
    public let offset: CGPoint
    /// Whether it takes space (true, the default) or overlaps the content.
    open var extendsBoundary = true
    /// Whether it stays in the visible area while its section is on screen (default false).
    open var pinToVisibleBounds = false

    /// A boundary item of `layoutSize` (fractions of the section's width and the container's height)
    /// for `elementKind`, at `alignment`, shifted by `absoluteOffset`.
    public init(layoutSize: CollectionLayoutSize, elementKind: String, alignment: RectAlignment, absoluteOffset: CGPoint = .zero) {
        self.alignment = alignment
        self.offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind, boundary: ())
    }
}

/// A view the layout owns — a section's background (UIKit: `NSCollectionLayoutDecorationItem`).
/// Register its class on the layout with `register(_:forDecorationViewOfKind:)`; the data source is never asked.
@MainActor
open class CollectionLayoutDecorationItem: CollectionLayoutItem {
    /// The kind, as registered.
    public let elementKind: String
    /// Drawing order; a background sits behind the cells whatever its value. Default 0.
    open var zIndex = 0

    init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    }

    /// A background spanning its section's content area (between its headers and footers,
    /// content insets included), less this item's `contentInsets` (UIKit's name).
    public static func background(elementKind: String) -> CollectionLayoutDecorationItem {
        CollectionLayoutDecorationItem(elementKind: elementKind)
    }
}
