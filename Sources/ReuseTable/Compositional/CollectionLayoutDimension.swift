import Foundation

/// One side of an item's, group's or supplementary item's size (UIKit: `NSCollectionLayoutDimension`):
/// a fraction of the container's width or height, an absolute length, or an estimate the cell's
/// own fitting size replaces once it is measured.
///
/// The container is what holds the element: a section's width (less its content insets) for its
/// group, a group's size (less its content insets) for its subitems, an item's size for its
/// supplementary items (badges). Docs/compositional-layout.md walks through an example.
public struct CollectionLayoutDimension: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case fractionalWidth, fractionalHeight, absolute, estimated
    }

    let kind: Kind
    /// The fraction, the length or the estimate, as given.
    public let dimension: CGFloat

    /// A fraction of the container's width (UIKit's name); 1 is the full width.
    public static func fractionalWidth(_ fractionalWidth: CGFloat) -> CollectionLayoutDimension {
        CollectionLayoutDimension(kind: .fractionalWidth, dimension: fractionalWidth)
    }

    /// A fraction of the container's height (UIKit's name).
    public static func fractionalHeight(_ fractionalHeight: CGFloat) -> CollectionLayoutDimension {
        CollectionLayoutDimension(kind: .fractionalHeight, dimension: fractionalHeight)
    }

    /// A length in points (UIKit's name).
    public static func absolute(_ absoluteDimension: CGFloat) -> CollectionLayoutDimension {
        CollectionLayoutDimension(kind: .absolute, dimension: absoluteDimension)
    }

    /// A length the layout uses until the cell (or supplementary view) is measured; the measured
    /// height replaces it (UIKit's name). Widths are not self-sized here: an estimated width is its estimate.
    public static func estimated(_ estimatedDimension: CGFloat) -> CollectionLayoutDimension {
        CollectionLayoutDimension(kind: .estimated, dimension: estimatedDimension)
    }

    /// Whether this is a fraction of the container's width.
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    /// Whether this is a fraction of the container's height.
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    /// Whether this is an absolute length.
    public var isAbsolute: Bool { kind == .absolute }
    /// Whether this is an estimate, replaced by the measured size.
    public var isEstimated: Bool { kind == .estimated }
}

/// The width and height of an item, group or supplementary item (UIKit: `NSCollectionLayoutSize`).
public struct CollectionLayoutSize: Hashable, Sendable {
    /// How the width is found.
    public let widthDimension: CollectionLayoutDimension
    /// How the height is found.
    public let heightDimension: CollectionLayoutDimension

    /// A size from its two dimensions.
    public init(widthDimension: CollectionLayoutDimension, heightDimension: CollectionLayoutDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }
}

/// Space between items of a group, or around one item (UIKit: `NSCollectionLayoutSpacing`).
public struct CollectionLayoutSpacing: Hashable, Sendable {
    /// The exact space (fixed) or the least space (flexible), in points.
    public let spacing: CGFloat
    /// Whether the space is exactly `spacing` (true) or at least `spacing` (false).
    public let isFixedSpacing: Bool

    /// Exactly `fixedSpacing` points (UIKit's name).
    public static func fixed(_ fixedSpacing: CGFloat) -> CollectionLayoutSpacing {
        CollectionLayoutSpacing(spacing: fixedSpacing, isFixedSpacing: true)
    }

    /// At least `flexibleSpacing` points; the space a group has left over is shared equally by
    /// its flexible spacings (UIKit's name).
    public static func flexible(_ flexibleSpacing: CGFloat) -> CollectionLayoutSpacing {
        CollectionLayoutSpacing(spacing: flexibleSpacing, isFixedSpacing: false)
    }

    /// Whether the space may grow.
    public var isFlexibleSpacing: Bool { !isFixedSpacing }
}

/// Space around an item inside its group, edge by edge (UIKit: `NSCollectionLayoutEdgeSpacing`).
/// Unlike content insets, edge spacing does not shrink the item: it moves it and its neighbours.
public struct CollectionLayoutEdgeSpacing: Hashable, Sendable {
    /// Space before the item's leading edge; nil is none.
    public let leading: CollectionLayoutSpacing?
    /// Space above the item; nil is none.
    public let top: CollectionLayoutSpacing?
    /// Space after the item's trailing edge; nil is none.
    public let trailing: CollectionLayoutSpacing?
    /// Space below the item; nil is none.
    public let bottom: CollectionLayoutSpacing?

    /// Edge spacing from its four (optional) spacings.
    public init(
        leading: CollectionLayoutSpacing?, top: CollectionLayoutSpacing?, trailing: CollectionLayoutSpacing?, bottom: CollectionLayoutSpacing?
    ) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }
}

/// Where a boundary supplementary item sits on its section or layout (UIKit: `NSRectAlignment`).
public enum RectAlignment: Hashable, Sendable {
    /// No alignment (placed like `.top`).
    case none
    /// Above the content, centred.
    case top
    /// Above the content, at the leading edge.
    case topLeading
    /// Beside the content, at the leading edge, level with its top.
    case leading
    /// Below the content, at the leading edge.
    case bottomLeading
    /// Below the content, centred.
    case bottom
    /// Below the content, at the trailing edge.
    case bottomTrailing
    /// Beside the content, at the trailing edge, level with its top.
    case trailing
    /// Above the content, at the trailing edge.
    case topTrailing
}

/// Edges of a rectangle, leading and trailing instead of left and right (UIKit: `NSDirectionalRectEdge`).
public struct DirectionalRectEdge: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// An option set from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = DirectionalRectEdge(rawValue: 1 << 0)
    /// The leading edge.
    public static let leading = DirectionalRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = DirectionalRectEdge(rawValue: 1 << 2)
    /// The trailing edge.
    public static let trailing = DirectionalRectEdge(rawValue: 1 << 3)
    /// All four edges.
    public static let all: DirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// Where a supplementary item (a badge) is attached to its item (UIKit: `NSCollectionLayoutAnchor`).
///
/// On each axis the anchored edge is met by the supplementary item's same edge (top by top,
/// trailing by trailing); an axis with neither or both of its edges centres it. Then the offset
/// moves it: in points (`absoluteOffset`) or in fractions of the supplementary item's own size
/// (`fractionalOffset`), so `(0.5, -0.5)` at `[.top, .trailing]` puts a badge's centre on the corner.
public struct CollectionLayoutAnchor: Hashable, Sendable {
    /// The edges the supplementary item is pinned to.
    public let edges: DirectionalRectEdge
    /// The offset in points, or zero.
    public let offset: CGPoint
    /// Whether `offset` is in fractions of the supplementary item's size.
    public let isFractionalOffset: Bool

    /// Anchored to `edges` with no offset.
    public init(edges: DirectionalRectEdge) {
        self.init(edges: edges, offset: .zero, isFractional: false)
    }

    /// Anchored to `edges`, moved by `absoluteOffset` points.
    public init(edges: DirectionalRectEdge, absoluteOffset: CGPoint) {
        self.init(edges: edges, offset: absoluteOffset, isFractional: false)
    }

    /// Anchored to `edges`, moved by `fractionalOffset` times the supplementary item's size.
    public init(edges: DirectionalRectEdge, fractionalOffset: CGPoint) {
        self.init(edges: edges, offset: fractionalOffset, isFractional: true)
    }

    private init(edges: DirectionalRectEdge, offset: CGPoint, isFractional: Bool) {
        self.edges = edges
        self.offset = offset
        self.isFractionalOffset = isFractional
    }

    /// Whether the offset is in points.
    public var isAbsoluteOffset: Bool { !isFractionalOffset }
}

extension CollectionLayoutDimension: CustomStringConvertible {
    /// `.fractionalWidth(0.5)`, as written.
    public var description: String {
        switch kind {
        case .fractionalWidth: ".fractionalWidth(\(dimension))"
        case .fractionalHeight: ".fractionalHeight(\(dimension))"
        case .absolute: ".absolute(\(dimension))"
        case .estimated: ".estimated(\(dimension))"
        }
    }
}
