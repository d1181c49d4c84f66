import Foundation

/// A boundary supplementary item resolved for a section (or the whole layout): size, where it
/// sits across, and how it stacks.
struct ResolvedBoundaryItem {
    let kind: String
    let alignment: RectAlignment
    let size: CGSize
    /// Its x in content coordinates (alignment and offset applied).
    let x: CGFloat
    let offsetY: CGFloat
    let extendsBoundary: Bool
    let pins: Bool
    let zIndex: Int
    /// Whether its height is measured from the data source's view.
    let selfSizes: Bool

    /// Above the content (stacked from the section's top), below it, or level with its top.
    enum Edge { case top, bottom, side }
    var edge: Edge {
        switch alignment {
        case .none, .top, .topLeading, .topTrailing: .top
        case .bottom, .bottomLeading, .bottomTrailing: .bottom
        case .leading, .trailing: .side
        }
    }
    /// Whether it takes vertical space above or below the content.
    var stacks: Bool { extendsBoundary && edge != .side }
}

/// One section description resolved in one environment, shared by every section the provider
/// answered with the same object: everything about its sections that does not depend on their
/// item counts or measurements. Docs/compositional-layout.md, "One section, resolved once".
@MainActor
final class ResolvedSection {
    /// The description; nil when the provider gave none (the section shows no items).
    let section: CollectionLayoutSection?
    let root: PlanNode?
    /// Items a group holds (at least 1).
    let leavesPerGroup: Int
    /// The group's size with estimates.
    let groupSize: CGSize
    /// Cell frames and badges of an unmeasured group, relative to its origin.
    let pattern: [PlacedElement]
    /// Cell frames alone, by leaf.
    let patternCells: [CGRect]
    /// Whether any leaf self-sizes.
    let selfSizing: Bool
    /// The leaves that self-size, by index in the group.
    let selfSizingLeaves: [Int]
    let insets: DirectionalEdgeInsets
    let interGroupSpacing: CGFloat
    let orthogonal: CollectionLayoutSectionOrthogonalScrollingBehavior
    /// The section's left edge and width (the layout container's, less its insets).
    let sectionX: CGFloat
    let sectionWidth: CGFloat
    let boundary: [ResolvedBoundaryItem]
    let decorations: [(kind: String, insets: DirectionalEdgeInsets, zIndex: Int)]
    /// How far an element may reach above its group's top, below its bottom, left or right of its frame.
    let reachUp: CGFloat, reachDown: CGFloat, reachLeft: CGFloat, reachRight: CGFloat
    /// An orthogonal band's padding before the first group and after the last.
    let leadingPad: CGFloat, trailingPad: CGFloat
    /// Space above the section's top boundary items and below its bottom ones (a grouped list's padding).
    let outerTop: CGFloat, outerBottom: CGFloat

    var isOrthogonal: Bool { orthogonal != .none && root != nil }
    /// Distance from one group to the next across an orthogonal band.
    var groupStride: CGFloat { groupSize.width + interGroupSpacing }
    /// Whether a boundary item self-sizes, and whether one of those is pinned (asked each pass, so kept).
    let hasSelfSizingBoundary: Bool, pinsSelfSizingBoundary: Bool
    var hasEstimates: Bool { selfSizing || hasSelfSizingBoundary }

    /// Resolves `section` (nil: the provider gave none) in `environment` for section `index`'s messages.
    init(_ section: CollectionLayoutSection?, environment: CollectionLayoutEnvironment, index: Int, report: @escaping (String) -> Void) {
        self.section = section
        let container = environment.container
        let effective = container.effectiveContentSize
        sectionX = container.contentInsets.leading
        sectionWidth = effective.width
        let builder = PlanBuilder(section: index, report: PlanBuilder.once(report))
        guard let section else {
            root = nil
            leavesPerGroup = 1
            groupSize = .zero
            pattern = []
            patternCells = []
            selfSizing = false
            selfSizingLeaves = []
            insets = .zero
            interGroupSpacing = 0
            orthogonal = .none
            boundary = []
            (hasSelfSizingBoundary, pinsSelfSizingBoundary) = (false, false)
            decorations = []
            (reachUp, reachDown, reachLeft, reachRight) = (0, 0, 0, 0)
            (leadingPad, trailingPad) = (0, 0)
            (outerTop, outerBottom) = (0, 0)
            return
        }
        let insets = builder.insets(section.contentInsets)
        self.insets = insets
        (outerTop, outerBottom) = (max(0, section.listPadding.top), max(0, section.listPadding.bottom))
        interGroupSpacing = GeometryNumber.sanitize(
            section.interGroupSpacing, as: .length, for: "interGroupSpacing of section \(index)", wording: .statement(verb: "is"), report: report)
        orthogonal = section.orthogonalScrollingBehavior
        let groupContainer = CGSize(
            width: max(0, effective.width - insets.leading - insets.trailing), height: max(0, effective.height - insets.top - insets.bottom))
        var planBuilder = builder
        let root = PlanNode(
            item: section.group, size: builder.size(section.group.layoutSize, in: groupContainer), parentGrows: true, leafStart: 0,
            builder: &planBuilder)
        self.root = root
        leavesPerGroup = max(1, root.leafCount)
        groupSize = root.size
        (pattern, patternCells) = Self.placedPattern(of: root, leaves: leavesPerGroup)
        selfSizing = root.containsSelfSizing
        selfSizingLeaves = Self.leavesThatSelfSize(in: root)
        // Boundary items: sized against the section's width (inside the content insets when they
        // follow them) and the container's height; offsets may carry them out of the section.
        let follows = section.supplementariesFollowContentInsets
        let boundaryX = sectionX + (follows ? insets.leading : 0)
        let boundaryWidth = max(0, effective.width - (follows ? insets.leading + insets.trailing : 0))
        boundary = section.boundarySupplementaryItems.map { item in
            Self.resolve(item, x: boundaryX, width: boundaryWidth, height: effective.height, builder: builder)
        }
        hasSelfSizingBoundary = boundary.contains { $0.selfSizes }
        pinsSelfSizingBoundary = boundary.contains { $0.selfSizes && $0.pins }
        (reachUp, reachDown, reachLeft, reachRight) = Self.reach(of: pattern, groupSize: root.size, boundary: boundary)
        decorations = section.decorationItems.map { ($0.elementKind, builder.insets($0.contentInsets, "decoration contentInsets"), $0.zIndex) }
        if orthogonal == .groupPagingCentered {
            let centring = (effective.width - root.size.width) / 2
            leadingPad = max(insets.leading, centring)
            trailingPad = max(insets.trailing, centring)
        } else {
            (leadingPad, trailingPad) = (insets.leading, insets.trailing)
        }
    }

    /// An unmeasured group's elements placed from its origin, and its cells' frames by leaf.
    static func placedPattern(of root: PlanNode, leaves: Int) -> (elements: [PlacedElement], cells: [CGRect]) {
        var pattern: [PlacedElement] = []
        var cells = [CGRect](repeating: .zero, count: leaves)
        root.place(in: CGRect(origin: .zero, size: root.size), measured: { _ in nil }) { element in
            pattern.append(element)
            if case .cell(let leaf, let frame) = element { cells[leaf] = frame }
        }
        return (pattern, cells)
    }

    /// The leaves of `root` that self-size, by index in the group.
    static func leavesThatSelfSize(in root: PlanNode) -> [Int] {
        var leaves: [Int] = []
        func walk(_ node: PlanNode) {
            if node.isLeaf {
                if node.selfSizes { leaves.append(node.leafStart) }
            } else {
                node.children.forEach(walk)
            }
        }
        walk(root)
        return leaves
    }

    /// How far elements reach out of their group: the pattern's, and any badge's own size (a
    /// self-sized item moves its bottom badges with it, never further than the group grows); a
    /// boundary item that does not stack hangs over the content's edge by up to its height.
    static func reach(of pattern: [PlacedElement], groupSize: CGSize, boundary: [ResolvedBoundaryItem])
        -> (up: CGFloat, down: CGFloat, left: CGFloat, right: CGFloat)
    {
        var up: CGFloat = 0, down: CGFloat = 0, left: CGFloat = 0, right: CGFloat = 0
        for element in pattern {
            let frame: CGRect
            switch element {
            case .cell(_, let f): frame = f
            case .badge(_, _, _, let f): frame = f
            }
            up = max(up, -frame.minY)
            down = max(down, frame.maxY - groupSize.height)
            left = max(left, -frame.minX)
            right = max(right, frame.maxX - groupSize.width)
        }
        for item in boundary {
            let hang = item.stacks ? 0 : item.size.height
            up = max(up, -item.offsetY + (item.edge == .bottom ? hang : 0))
            down = max(down, item.offsetY + (item.edge == .bottom ? 0 : hang))
        }
        return (up, down, left, right)
    }

    /// A boundary item's size, x and stacking, for a section (or layout) starting at `x`, `width` wide.
    static func resolve(_ item: CollectionLayoutBoundarySupplementaryItem, x: CGFloat, width: CGFloat, height: CGFloat, builder: PlanBuilder)
        -> ResolvedBoundaryItem
    {
        let size = builder.size(item.layoutSize, in: CGSize(width: width, height: height))
        let offset = CGPoint(
            x: GeometryNumber.sanitize(
                item.offset.x, as: .coordinate, for: "absoluteOffset.x of a boundary item", wording: .statement(verb: "is"), report: builder.report),
            y: GeometryNumber.sanitize(
                item.offset.y, as: .coordinate, for: "absoluteOffset.y of a boundary item", wording: .statement(verb: "is"), report: builder.report))
        let left: CGFloat
        switch item.alignment {
        case .topLeading, .leading, .bottomLeading: left = x
        case .topTrailing, .trailing, .bottomTrailing: left = x + width - size.width
        case .none, .top, .bottom: left = x + (width - size.width) / 2
        }
        return ResolvedBoundaryItem(
            kind: item.elementKind, alignment: item.alignment, size: size, x: left + offset.x, offsetY: offset.y,
            extendsBoundary: item.extendsBoundary, pins: item.pinToVisibleBounds, zIndex: item.zIndex,
            selfSizes: item.layoutSize.heightDimension.isEstimated)
    }

    // MARK: Counts

    /// Groups a section of `count` items has.
    func groupCount(items count: Int) -> Int {
        root == nil || count <= 0 ? 0 : (count + leavesPerGroup - 1) / leavesPerGroup
    }

    /// Slots between the section's header slot and footer slot: one per group, one band when orthogonal.
    func rowSlotCount(items count: Int) -> Int {
        let groups = groupCount(items: count)
        return isOrthogonal ? min(groups, 1) : groups
    }

    // MARK: Orthogonal bands

    /// The band's scrollable width for `groups` groups.
    func bandContentWidth(groups: Int) -> CGFloat {
        guard groups > 0 else { return 0 }
        return leadingPad + CGFloat(groups) * groupSize.width + CGFloat(groups - 1) * interGroupSpacing + trailingPad
    }

    /// The largest orthogonal offset for `groups` groups (0 when they fit).
    func maximumOrthogonalOffset(groups: Int) -> CGFloat {
        max(0, bandContentWidth(groups: groups) - sectionWidth)
    }

    /// Group `k`'s left edge in content coordinates at orthogonal offset `offset`.
    func groupX(_ k: Int, offset: CGFloat) -> CGFloat {
        sectionX + leadingPad + CGFloat(k) * groupStride - offset
    }
}
