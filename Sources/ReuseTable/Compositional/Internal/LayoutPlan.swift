import Foundation

// A section's group, resolved once per environment: every dimension turned into points, the
// subitems a group repeats while they fit listed out, content insets cleared along estimated
// axes (UIKit's rule). What is left for each group *instance* is arithmetic: `height(_:)` and
// `place(in:measured:emit:)` run the same few additions with the measured heights of its
// self-sizing leaves, or with the estimates for the pattern every unmeasured group shares.

/// A spacing in points: its least length and whether it takes a share of leftover space.
struct ResolvedSpacing: Equatable {
    var length: CGFloat
    var isFlexible: Bool
    static let none = ResolvedSpacing(length: 0, isFlexible: false)
}

/// What placing a group emits, relative to wherever the group was placed.
enum PlacedElement {
    /// The cell of leaf `leaf` (depth-first order, the item order inside the group).
    case cell(leaf: Int, frame: CGRect)
    /// A supplementary item attached to leaf `leaf` (or to a group, whose first leaf names it).
    case badge(leaf: Int, kind: String, zIndex: Int, frame: CGRect)

    var leaf: Int {
        switch self {
        case .cell(let leaf, _), .badge(let leaf, _, _, _): leaf
        }
    }

    var frame: CGRect {
        switch self {
        case .cell(_, let frame), .badge(_, _, _, let frame): frame
        }
    }

    /// The same element moved by `origin`.
    func offsetBy(_ origin: CGPoint) -> PlacedElement {
        switch self {
        case .cell(let leaf, let frame): .cell(leaf: leaf, frame: frame.offsetBy(dx: origin.x, dy: origin.y))
        case .badge(let leaf, let kind, let z, let frame):
            .badge(leaf: leaf, kind: kind, zIndex: z, frame: frame.offsetBy(dx: origin.x, dy: origin.y))
        }
    }
}

/// One item or group, resolved: its allotted size, effective insets and spacings, and for a group
/// the children it places (the subitems, cycled while they fit, or `count` copies).
@MainActor
final class PlanNode {
    let item: CollectionLayoutItem
    let axis: CollectionLayoutGroup.Axis?
    /// The allotted size. An estimated height is the estimate, or for a group that cannot grow
    /// the extent of its content.
    private(set) var size: CGSize
    /// Whether the height follows measured content: it is estimated, and so is every group above it.
    let grows: Bool
    /// Content insets, zero along an axis whose dimension is estimated.
    let insets: DirectionalEdgeInsets
    let leading: ResolvedSpacing, top: ResolvedSpacing, trailing: ResolvedSpacing, bottom: ResolvedSpacing
    /// Between consecutive children.
    let spacing: ResolvedSpacing
    private(set) var children: [PlanNode] = []
    /// The first leaf below this node, and how many leaves it has.
    let leafStart: Int
    private(set) var leafCount = 1
    /// Whether a leaf below self-sizes (then a growing group's height depends on measurements).
    private(set) var containsSelfSizing = false

    var isLeaf: Bool { axis == nil }
    /// A leaf whose height the cell's fitting size decides.
    var selfSizes: Bool { isLeaf && grows }

    init(
        item: CollectionLayoutItem, size: CGSize, parentGrows: Bool, leafStart: Int, builder: inout PlanBuilder
    ) {
        self.item = item
        self.size = size
        self.leafStart = leafStart
        let widthEstimated = item.layoutSize.widthDimension.isEstimated
        let heightEstimated = item.layoutSize.heightDimension.isEstimated
        grows = parentGrows && heightEstimated
        var insets = builder.insets(item.contentInsets)
        if widthEstimated { (insets.leading, insets.trailing) = (0, 0) }
        if heightEstimated { (insets.top, insets.bottom) = (0, 0) }
        self.insets = insets
        let edge = item.edgeSpacing
        leading = builder.spacing(edge?.leading, "edgeSpacing.leading")
        top = builder.spacing(edge?.top, "edgeSpacing.top")
        trailing = builder.spacing(edge?.trailing, "edgeSpacing.trailing")
        bottom = builder.spacing(edge?.bottom, "edgeSpacing.bottom")
        for badge in item.supplementaryItems {  // reported here once; `anchor(_:to:)` uses 0 in their place
            _ = builder.size(badge.layoutSize, in: size, of: "supplementary item \"\(badge.elementKind)\"")
        }
        guard let group = item as? CollectionLayoutGroup else {
            axis = nil
            spacing = .none
            containsSelfSizing = grows
            return
        }
        axis = group.axis
        spacing = builder.spacing(group.interItemSpacing, "interItemSpacing")
        let inner = CGSize(width: max(0, size.width - insets.leading - insets.trailing), height: max(0, size.height - insets.top - insets.bottom))
        let horizontal = group.axis == .horizontal
        let axisLength = horizontal ? inner.width : inner.height
        var next = leafStart
        if let count = group.repeatCount {
            let copies = max(1, count)
            let each = max(0, (axisLength - spacing.length * CGFloat(copies - 1)) / CGFloat(copies))
            var childSize = builder.size(group.subitems[0].layoutSize, in: inner)
            if horizontal { childSize.width = each } else { childSize.height = each }
            for _ in 0..<copies {
                let child = PlanNode(item: group.subitems[0], size: childSize, parentGrows: grows, leafStart: next, builder: &builder)
                next += child.leafCount
                children.append(child)
            }
        } else {
            // Cycle through the subitems while the next one fits along the axis (its least edge
            // spacing and the spacing before it included); the first always goes in. A cycle that
            // took no room (0-point subitems: a list narrower than its insets, a view of no width)
            // is placed once: nothing says how many of them a group holds.
            var used: CGFloat = 0, usedBeforeCycle: CGFloat = 0
            let tolerance = max(1e-9, axisLength * 1e-12)
            var i = 0
            while true {
                if i > 0, i % group.subitems.count == 0 {
                    if !(used > usedBeforeCycle) { break }
                    usedBeforeCycle = used
                }
                let subitem = group.subitems[i % group.subitems.count]
                let childSize = builder.size(subitem.layoutSize, in: inner)
                let edge = subitem.edgeSpacing
                let before = horizontal ? edge?.leading : edge?.top, after = horizontal ? edge?.trailing : edge?.bottom
                let along = (horizontal ? childSize.width : childSize.height) + max(0, before?.spacing ?? 0) + max(0, after?.spacing ?? 0)
                let need = along + (i > 0 ? spacing.length : 0)
                if i > 0, !(used + need <= axisLength + tolerance) { break }
                if i == PlanBuilder.maximumSubitems {
                    builder.report(
                        "a group of section \(builder.section) fits more than \(PlanBuilder.maximumSubitems) subitems (are they 0 points long?); "
                            + "placing \(PlanBuilder.maximumSubitems).")
                    break
                }
                let child = PlanNode(item: subitem, size: childSize, parentGrows: grows, leafStart: next, builder: &builder)
                next += child.leafCount
                children.append(child)
                used += need
                i += 1
            }
        }
        leafCount = next - leafStart
        containsSelfSizing = children.contains { $0.containsSelfSizing }
        if heightEstimated { self.size.height = contentExtent { _ in nil } }
    }

    /// The node's height with these measured leaf heights (nil: not measured, the estimate).
    /// - Complexity: O(leaves below) when it grows with self-sizing leaves, else O(1).
    func height(_ measured: (Int) -> CGFloat?) -> CGFloat {
        guard grows, containsSelfSizing else { return size.height }
        if isLeaf { return measured(leafStart) ?? size.height }
        return contentExtent(measured)
    }

    /// A group's height from its children: the tallest (horizontal) or their sum with spacing (vertical).
    private func contentExtent(_ measured: (Int) -> CGFloat?) -> CGFloat {
        var extent: CGFloat = 0
        for (i, child) in children.enumerated() {
            let h = child.top.length + child.height(measured) + child.bottom.length
            if axis == .horizontal {
                extent = max(extent, h)
            } else {
                extent += (i > 0 ? spacing.length : 0) + h
            }
        }
        return extent + insets.top + insets.bottom
    }

    /// Places the node in `rect` (its allotted rectangle, with its actual height), emitting its
    /// cells and badges in leaf order.
    /// - Complexity: O(leaves below).
    func place(in rect: CGRect, measured: (Int) -> CGFloat?, emit: (PlacedElement) -> Void) {
        let frame = CGRect(
            x: rect.minX + insets.leading, y: rect.minY + insets.top,
            width: max(0, rect.width - insets.leading - insets.trailing), height: max(0, rect.height - insets.top - insets.bottom))
        guard let axis else {
            emit(.cell(leaf: leafStart, frame: frame))
            emitBadges(around: frame, emit)
            return
        }
        emitBadges(around: frame, emit)
        let horizontal = axis == .horizontal
        var needed: CGFloat = 0
        var flexible = spacing.isFlexible ? children.count - 1 : 0
        var heights: [CGFloat] = []
        heights.reserveCapacity(children.count)
        for child in children {
            let h = child.height(measured)
            heights.append(h)
            let (before, after) = horizontal ? (child.leading, child.trailing) : (child.top, child.bottom)
            needed += before.length + (horizontal ? child.size.width : h) + after.length
            flexible += (before.isFlexible ? 1 : 0) + (after.isFlexible ? 1 : 0)
        }
        needed += spacing.length * CGFloat(children.count - 1)
        let leftover = (horizontal ? frame.width : frame.height) - needed
        let share = leftover > 0 && flexible > 0 ? leftover / CGFloat(flexible) : 0
        var position = horizontal ? frame.minX : frame.minY
        for (i, child) in children.enumerated() {
            let (before, after) = horizontal ? (child.leading, child.trailing) : (child.top, child.bottom)
            if i > 0 { position += spacing.length + (spacing.isFlexible ? share : 0) }
            position += before.length + (before.isFlexible ? share : 0)
            let h = heights[i]
            let childRect: CGRect
            if horizontal {
                let y = Self.cross(frame.minY, frame.height, child.top, child.bottom, h)
                childRect = CGRect(x: position, y: y, width: child.size.width, height: h)
                position += child.size.width
            } else {
                let x = Self.cross(frame.minX, frame.width, child.leading, child.trailing, child.size.width)
                childRect = CGRect(x: x, y: position, width: child.size.width, height: h)
                position += h
            }
            child.place(in: childRect, measured: measured, emit: emit)
            position += after.length + (after.isFlexible ? share : 0)
        }
    }

    /// Position across the axis: after the least leading spacing, plus the leftover's share of a
    /// flexible spacing (half each when both sides are flexible, which centres the child).
    private static func cross(_ origin: CGFloat, _ available: CGFloat, _ before: ResolvedSpacing, _ after: ResolvedSpacing, _ size: CGFloat)
        -> CGFloat
    {
        let leftover = available - before.length - size - after.length
        var extra: CGFloat = 0
        if leftover > 0 {
            if before.isFlexible && after.isFlexible {
                extra = leftover / 2
            } else if before.isFlexible {
                extra = leftover
            }
        }
        return origin + before.length + extra
    }

    private func emitBadges(around frame: CGRect, _ emit: (PlacedElement) -> Void) {
        for badge in item.supplementaryItems {
            emit(.badge(leaf: leafStart, kind: badge.elementKind, zIndex: badge.zIndex, frame: Self.anchor(badge, to: frame)))
        }
    }

    /// A supplementary item's frame on `frame`: its size in fractions of the frame's, its anchored
    /// edges meeting the frame's (centred on an axis with neither or both), then the offset. A
    /// size that is not a usable length passes the same sanitizer as every other, unreported here:
    /// the item's node reported it when its section was resolved.
    static func anchor(_ badge: CollectionLayoutSupplementaryItem, to frame: CGRect) -> CGRect {
        func length(_ dimension: CollectionLayoutDimension) -> CGFloat {
            GeometryNumber.sanitize(PlanBuilder.value(dimension, in: frame.size), as: .length, for: "", report: { _ in })
        }
        let size = CGSize(width: length(badge.layoutSize.widthDimension), height: length(badge.layoutSize.heightDimension))
        let container = badge.containerAnchor
        let own = badge.itemAnchor?.edges ?? container.edges
        func point(_ edges: DirectionalRectEdge, _ low: DirectionalRectEdge, _ high: DirectionalRectEdge, _ min: CGFloat, _ length: CGFloat)
            -> CGFloat
        {
            let lo = edges.contains(low), hi = edges.contains(high)
            return lo && !hi ? min : hi && !lo ? min + length : min + length / 2
        }
        var x = point(container.edges, .leading, .trailing, frame.minX, frame.width) - point(own, .leading, .trailing, 0, size.width)
        var y = point(container.edges, .top, .bottom, frame.minY, frame.height) - point(own, .top, .bottom, 0, size.height)
        let offset = container.offset
        x += container.isFractionalOffset ? offset.x * size.width : offset.x
        y += container.isFractionalOffset ? offset.y * size.height : offset.y
        guard x.isFinite, y.isFinite else { return CGRect(origin: frame.origin, size: size) }
        return CGRect(origin: CGPoint(x: x, y: y), size: size)
    }
}

/// Resolves dimensions, spacings and insets, reporting bad numbers once each (a NaN, an infinity,
/// a negative length) and using 0 in their place.
@MainActor
struct PlanBuilder {
    /// The most subitems one group places (a 0-point subitem would fit forever).
    static let maximumSubitems = 1_000
    /// The section being resolved, for messages.
    let section: Int
    let report: (String) -> Void

    /// `report`, saying each distinct message once (a bad subitem repeated a thousand times is one mistake).
    static func once(_ report: @escaping (String) -> Void) -> (String) -> Void {
        final class Seen { var messages: Set<String> = [] }
        let seen = Seen()
        return { message in if seen.messages.insert(message).inserted { report(message) } }
    }

    /// `dimension` in points in a container of `container`'s size; estimates are their estimate.
    static func value(_ dimension: CollectionLayoutDimension, in container: CGSize) -> CGFloat {
        switch dimension.kind {
        case .fractionalWidth: dimension.dimension * container.width
        case .fractionalHeight: dimension.dimension * container.height
        case .absolute, .estimated: dimension.dimension
        }
    }

    /// `size` in points in `container`; `owner` ("supplementary item \"badge\"") names what it sizes in messages.
    func size(_ size: CollectionLayoutSize, in container: CGSize, of owner: String? = nil) -> CGSize {
        CGSize(
            width: length(size.widthDimension, in: container, "width", of: owner),
            height: length(size.heightDimension, in: container, "height", of: owner))
    }

    func length(_ dimension: CollectionLayoutDimension, in container: CGSize, _ what: String, of owner: String? = nil) -> CGFloat {
        GeometryNumber.sanitize(
            Self.value(dimension, in: container), as: .length,
            for: "\(what) \(dimension)\(owner.map { " of \($0)" } ?? "") in section \(section)",
            wording: .statement(verb: "resolves to"), report: report)
    }

    func spacing(_ spacing: CollectionLayoutSpacing?, _ what: String) -> ResolvedSpacing {
        guard let spacing else { return .none }
        let length = GeometryNumber.sanitize(
            spacing.spacing, as: .length, for: "\(what) of section \(section)", wording: .statement(verb: "is"), report: report)
        return ResolvedSpacing(length: length, isFlexible: spacing.isFlexibleSpacing)
    }

    func insets(_ insets: DirectionalEdgeInsets, _ what: String = "contentInsets") -> DirectionalEdgeInsets {
        func edge(_ value: CGFloat, _ name: String) -> CGFloat {
            GeometryNumber.sanitize(
                value, as: .coordinate, for: "\(what).\(name) of section \(section)", wording: .statement(verb: "is"), report: report)
        }
        return DirectionalEdgeInsets(
            top: edge(insets.top, "top"), leading: edge(insets.leading, "leading"), bottom: edge(insets.bottom, "bottom"),
            trailing: edge(insets.trailing, "trailing"))
    }
}
