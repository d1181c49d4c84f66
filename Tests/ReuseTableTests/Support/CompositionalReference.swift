import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

// A brute-force compositional layout, written apart from the library: random layout descriptions
// as plain data, the layout objects built from them, and every element placed by walking every
// section, group and item in order with UIKit's rules — no tree, no runs, no patterns, no caches.

/// A dimension as data.
enum RDim {
    case fw(CGFloat), fh(CGFloat), abs(CGFloat), est(CGFloat)
    var object: CollectionLayoutDimension {
        switch self {
        case .fw(let f): .fractionalWidth(f)
        case .fh(let f): .fractionalHeight(f)
        case .abs(let v): .absolute(v)
        case .est(let v): .estimated(v)
        }
    }
    var isEstimated: Bool { if case .est = self { true } else { false } }
    func value(in container: CGSize) -> CGFloat {
        switch self {
        case .fw(let f): f * container.width
        case .fh(let f): f * container.height
        case .abs(let v), .est(let v): v
        }
    }
}

struct RSpacing {
    var value: CGFloat
    var flexible: Bool
    var object: CollectionLayoutSpacing { flexible ? .flexible(value) : .fixed(value) }
}

struct RBadge {
    var w: RDim, h: RDim
    var kind: String
    var edges: DirectionalRectEdge
    var offset: CGPoint
    var fractional: Bool
}

/// An item or a group as data.
final class RNode {
    var w: RDim, h: RDim
    var insets = DirectionalEdgeInsets.zero
    var leading: RSpacing?, top: RSpacing?, trailing: RSpacing?, bottom: RSpacing?
    var badges: [RBadge] = []
    /// Nil for an item.
    var horizontal: Bool?
    var subitems: [RNode] = []
    var count: Int?
    var spacing: RSpacing?

    init(w: RDim, h: RDim) { (self.w, self.h) = (w, h) }

    @MainActor func object() -> CollectionLayoutItem {
        let size = CollectionLayoutSize(widthDimension: w.object, heightDimension: h.object)
        let badgeObjects = badges.map { b in
            CollectionLayoutSupplementaryItem(
                layoutSize: CollectionLayoutSize(widthDimension: b.w.object, heightDimension: b.h.object), elementKind: b.kind,
                containerAnchor: b.fractional
                    ? CollectionLayoutAnchor(edges: b.edges, fractionalOffset: b.offset)
                    : CollectionLayoutAnchor(edges: b.edges, absoluteOffset: b.offset))
        }
        let made: CollectionLayoutItem
        if let horizontal {
            let group: CollectionLayoutGroup
            if let count {
                group =
                    horizontal
                    ? .horizontal(layoutSize: size, repeatingSubitem: subitems[0].object(), count: count)
                    : .vertical(layoutSize: size, repeatingSubitem: subitems[0].object(), count: count)
            } else {
                let subs = subitems.map { $0.object() }
                group = horizontal ? .horizontal(layoutSize: size, subitems: subs) : .vertical(layoutSize: size, subitems: subs)
            }
            group.interItemSpacing = spacing?.object
            precondition(badges.isEmpty)
            made = group
        } else {
            made = CollectionLayoutItem(layoutSize: size, supplementaryItems: badgeObjects)
        }
        made.contentInsets = insets
        if leading != nil || top != nil || trailing != nil || bottom != nil {
            made.edgeSpacing = CollectionLayoutEdgeSpacing(
                leading: leading?.object, top: top?.object, trailing: trailing?.object, bottom: bottom?.object)
        }
        return made
    }
}

struct RBoundary {
    var w: RDim, h: RDim
    var kind: String
    var alignment: RectAlignment
    var offset: CGPoint
    var extends: Bool
    var pins: Bool
}

/// A section description as data, and the object built from it once.
final class RSection {
    var group: RNode
    var insets = DirectionalEdgeInsets.zero
    var interGroupSpacing: CGFloat = 0
    var orthogonal = CollectionLayoutSectionOrthogonalScrollingBehavior.none
    var boundary: [RBoundary] = []
    var decorations: [(kind: String, insets: DirectionalEdgeInsets)] = []
    var follows = true
    private var built: CollectionLayoutSection?

    init(group: RNode) { self.group = group }

    @MainActor var object: CollectionLayoutSection {
        if let built { return built }
        let section = CollectionLayoutSection(group: group.object() as! CollectionLayoutGroup)
        section.contentInsets = insets
        section.interGroupSpacing = interGroupSpacing
        section.orthogonalScrollingBehavior = orthogonal
        section.supplementariesFollowContentInsets = follows
        section.boundarySupplementaryItems = boundary.map { b in
            let item = CollectionLayoutBoundarySupplementaryItem(
                layoutSize: CollectionLayoutSize(widthDimension: b.w.object, heightDimension: b.h.object), elementKind: b.kind,
                alignment: b.alignment, absoluteOffset: b.offset)
            item.extendsBoundary = b.extends
            item.pinToVisibleBounds = b.pins
            return item
        }
        section.decorationItems = decorations.map { d in
            let item = CollectionLayoutDecorationItem.background(elementKind: d.kind)
            item.contentInsets = d.insets
            return item
        }
        built = section
        return section
    }
}

// MARK: - Random descriptions

/// Random layout descriptions whose vertical arithmetic is exact (halves and quarters, power-of-two
/// fractions of heights), while widths also use thirds, fifths and tenths.
struct RGenerator {
    var rng: SplitMix64
    var allowEstimates = true

    mutating func pick<T>(_ options: [T]) -> T { options.randomElement(using: &rng)! }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func half(_ range: ClosedRange<Int>) -> CGFloat { CGFloat(Int.random(in: range, using: &rng)) / 2 }

    mutating func width(inGroup: Bool) -> RDim {
        if chance(0.15) { return .abs(half(4...40)) }
        return .fw(pick(inGroup ? [1, 0.5, 0.25, 1.0 / 3, 0.2, 0.3, 0.125, 0.75] : [1, 1, 0.5, 0.75, 0.9, 1.0 / 3]))
    }

    mutating func height(estimatedOK: Bool) -> RDim {
        if estimatedOK, allowEstimates, chance(0.4) { return .est(CGFloat(Int.random(in: 1...6, using: &rng))) }
        return pick([.abs(half(2...16)), .fh(pick([1, 0.5, 0.25]))])
    }

    mutating func spacing(_ flexibleOK: Bool) -> RSpacing? {
        guard chance(0.5) else { return nil }
        return RSpacing(value: half(0...4), flexible: flexibleOK && chance(0.4))
    }

    mutating func insets() -> DirectionalEdgeInsets {
        guard chance(0.4) else { return .zero }
        return DirectionalEdgeInsets(top: half(0...4), leading: half(0...4), bottom: half(0...4), trailing: half(0...4))
    }

    /// A leaf item; `growsAbove` tells whether an estimated height can self-size here.
    mutating func item(horizontalParent: Bool, parentHeightEstimated: Bool) -> RNode {
        let h: RDim =
            parentHeightEstimated
            ? (chance(0.6) ? .est(CGFloat(Int.random(in: 1...6, using: &rng))) : .abs(half(2...10))) : height(estimatedOK: false)
        let node = RNode(w: width(inGroup: true), h: h)
        if chance(0.4) { node.insets = insets() }
        if chance(0.25) {
            // Flexible spacing only across the vertical axis's centring (top and bottom both) or horizontally.
            node.leading = spacing(true)
            node.trailing = spacing(true)
            if horizontalParent, chance(0.5) {
                let v = half(0...2)
                node.top = RSpacing(value: v, flexible: true)
                node.bottom = RSpacing(value: v, flexible: true)
            } else if !horizontalParent {
                node.top = spacing(false)
                node.bottom = spacing(false)
            }
        }
        if chance(0.15) {
            node.badges = [
                RBadge(
                    w: .abs(half(1...4)), h: .abs(half(1...4)), kind: "badge", edges: pick([[.top, .trailing], [.bottom], [], [.leading]]),
                    offset: CGPoint(x: half(-2...2), y: half(-2...2)), fractional: chance(0.5))
            ]
        }
        return node
    }

    mutating func group(root: Bool, depth: Int) -> RNode {
        let horizontal = chance(0.7)
        let estimated = allowEstimates && chance(0.5)
        let h: RDim = estimated ? .est(CGFloat(Int.random(in: 2...8, using: &rng))) : .abs(half(4...24))
        let node = RNode(w: root ? width(inGroup: false) : width(inGroup: true), h: h)
        node.horizontal = horizontal
        if chance(0.3) { node.insets = insets() }
        node.spacing = spacing(horizontal)
        let subs = Int.random(in: 1...3, using: &rng)
        for _ in 0..<subs {
            if depth < 1, chance(0.25) {
                let child = group(root: false, depth: depth + 1)
                if !estimated, case .est = child.h { child.h = .abs(half(2...10)) }
                node.subitems.append(child)
            } else {
                node.subitems.append(item(horizontalParent: horizontal, parentHeightEstimated: estimated))
            }
        }
        if chance(0.25) {
            node.subitems = [node.subitems[0]]
            // Down a vertical group, counts that halve exactly (heights stay exact); any count across.
            node.count = horizontal ? Int.random(in: 1...4, using: &rng) : pick([1, 2, 4])
        }
        return node
    }

    mutating func section() -> RSection {
        let section = RSection(group: group(root: true, depth: 0))
        section.insets = insets()
        section.interGroupSpacing = chance(0.5) ? half(0...4) : 0
        if chance(0.25) {
            section.orthogonal = pick([.continuous, .continuousGroupLeadingBoundary, .paging, .groupPaging, .groupPagingCentered])
            section.group.w = pick([.fw(0.8), .fw(0.5), .abs(half(10...60)), .fw(1.0 / 3)])
        }
        if chance(0.6) {
            section.boundary.append(
                RBoundary(
                    w: pick([.fw(1), .fw(0.5), .abs(half(5...20))]),
                    h: allowEstimates && chance(0.3) ? .est(CGFloat(Int.random(in: 1...4, using: &rng))) : .abs(half(1...6)),
                    kind: "header", alignment: pick([.top, .topLeading, .topTrailing]),
                    offset: chance(0.2) ? CGPoint(x: half(-2...2), y: half(-2...2)) : .zero,
                    extends: chance(0.85), pins: chance(0.4)))
        }
        if chance(0.4) {
            section.boundary.append(
                RBoundary(
                    w: .fw(1), h: .abs(half(1...4)), kind: "footer", alignment: pick([.bottom, .bottomLeading, .bottomTrailing]), offset: .zero,
                    extends: chance(0.85), pins: chance(0.2)))
        }
        if chance(0.3) { section.decorations = [("background", insets())] }
        section.follows = chance(0.8)
        return section
    }
}

// MARK: - The data source

final class RefCell: CollectionViewCell {
    var id = -1
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: RefModel.fitting(id: id, width: size.width)) }
}

final class RefReusable: CollectionReusableView {
    var key = 0
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: RefModel.fitting(id: key, width: size.width)) }
}

/// Sections of item ids, each with its layout description (moved with it), as a data source.
@MainActor
final class RefModel: CollectionViewDataSource {
    struct Section {
        var id: Int
        var items: [Int]
        var spec: RSection
    }
    var sections: [Section] = []
    var nextID = 1
    /// Ids whose cell was asked for, in order.
    var cellRequests: [Int] = []

    /// A cell's fitting height: whole points, from its id and the width.
    nonisolated static func fitting(id: Int, width: CGFloat) -> CGFloat {
        guard width.isFinite else { return 1 }
        return CGFloat(1 + (id &* 7 &+ Int(width.rounded(.down))) % 5)
    }

    func fresh() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].items.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "ref", for: indexPath) as! RefCell
        cell.id = sections[indexPath.section].items[indexPath.item]
        cellRequests.append(cell.id)
        return cell
    }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath)
        -> CollectionReusableView
    {
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "ref", for: indexPath) as! RefReusable
        view.key = indexPath.count == 2 ? Self.boundaryKey(sectionID: sections[indexPath.section].id, kind: kind) : 0
        return view
    }

    /// The fitting key of a section's boundary item.
    nonisolated static func boundaryKey(sectionID: Int, kind: String) -> Int { sectionID * 31 + kind.count }
}

// MARK: - The reference layout

/// One element the reference places.
struct RefElement: Hashable {
    var category: CollectionView.ElementCategory
    var kind: String?
    var indexPath: IndexPath
    var frame: CGRect

    static func == (a: RefElement, b: RefElement) -> Bool {
        a.category == b.category && a.kind == b.kind && a.indexPath == b.indexPath && a.frame == b.frame
    }
    func hash(into hasher: inout Hasher) {
        hasher.combine(category)
        hasher.combine(kind)
        hasher.combine(indexPath)
    }
}

/// The reference placement of everything, given what the layout has measured (heights come from the model).
@MainActor
struct ReferenceLayout {
    var width: CGFloat
    var height: CGFloat
    var interSectionSpacing: CGFloat
    /// Whether item `item` of section `section` is measured, and boundary item `b` of section `s`.
    var isMeasured: (Int, Int) -> Bool
    var isBoundaryMeasured: (Int, Int) -> Bool
    var orthogonalOffset: (Int) -> CGFloat
    var visibleTop: CGFloat
    var visibleBottom: CGFloat

    private(set) var elements: [RefElement] = []
    private(set) var contentHeight: CGFloat = 0
    /// Items whose height their cell decides.
    private(set) var selfSizing: Set<IndexPath> = []

    /// A node expanded in its container: its size, its children (cycled or counted), and whether it grows.
    final class Expanded {
        let node: RNode
        var size: CGSize
        var children: [Expanded] = []
        let grows: Bool
        var firstLeaf = 0
        var leaves = 1
        var selfSizingInside = false
        init(node: RNode, size: CGSize, grows: Bool) {
            self.node = node
            self.size = size
            self.grows = grows
        }
        var insets: DirectionalEdgeInsets {
            var i = node.insets
            if node.w.isEstimated { (i.leading, i.trailing) = (0, 0) }
            if node.h.isEstimated { (i.top, i.bottom) = (0, 0) }
            return i
        }
    }

    static func size(_ w: RDim, _ h: RDim, in container: CGSize) -> CGSize {
        CGSize(width: max(0, w.value(in: container)), height: max(0, h.value(in: container)))
    }

    /// Expands a node allotted `size`, numbering leaves from `leaf`.
    static func expand(_ node: RNode, size: CGSize, parentGrows: Bool, leaf: inout Int) -> Expanded {
        let e = Expanded(node: node, size: size, grows: parentGrows && node.h.isEstimated)
        e.firstLeaf = leaf
        guard let horizontal = node.horizontal else {
            leaf += 1
            e.selfSizingInside = e.grows
            return e
        }
        let ins = e.insets
        let inner = CGSize(width: max(0, size.width - ins.leading - ins.trailing), height: max(0, size.height - ins.top - ins.bottom))
        let axisLength = horizontal ? inner.width : inner.height
        let gap = node.spacing?.value ?? 0
        if let count = node.count {
            let each = max(0, (axisLength - gap * CGFloat(count - 1)) / CGFloat(count))
            for _ in 0..<count {
                var s = Self.size(node.subitems[0].w, node.subitems[0].h, in: inner)
                if horizontal { s.width = each } else { s.height = each }
                e.children.append(expand(node.subitems[0], size: s, parentGrows: e.grows, leaf: &leaf))
            }
        } else {
            var used: CGFloat = 0
            var i = 0
            while i < 1000 {
                let sub = node.subitems[i % node.subitems.count]
                let s = Self.size(sub.w, sub.h, in: inner)
                let before = (horizontal ? sub.leading : sub.top)?.value ?? 0
                let after = (horizontal ? sub.trailing : sub.bottom)?.value ?? 0
                let need = (horizontal ? s.width : s.height) + before + after + (i > 0 ? gap : 0)
                if i > 0 && used + need > axisLength + max(1e-9, axisLength * 1e-12) { break }
                e.children.append(expand(sub, size: s, parentGrows: e.grows, leaf: &leaf))
                used += need
                i += 1
            }
        }
        e.leaves = leaf - e.firstLeaf
        e.selfSizingInside = e.children.contains { $0.selfSizingInside }
        if node.h.isEstimated { e.size.height = extent(e) { _ in nil } }
        return e
    }

    /// The content's height of a group from its children's heights.
    static func extent(_ e: Expanded, _ measured: (Int) -> CGFloat?) -> CGFloat {
        let heights = e.children.map { c in (c.node.top?.value ?? 0) + actualHeight(c, measured) + (c.node.bottom?.value ?? 0) }
        let horizontal = e.node.horizontal!
        let content = horizontal ? (heights.max() ?? 0) : heights.reduce(0, +) + (e.node.spacing?.value ?? 0) * CGFloat(max(0, heights.count - 1))
        return content + e.insets.top + e.insets.bottom
    }

    static func actualHeight(_ e: Expanded, _ measured: (Int) -> CGFloat?) -> CGFloat {
        guard e.grows, e.selfSizingInside else { return e.size.height }
        if e.node.horizontal == nil { return measured(e.firstLeaf) ?? e.size.height }
        return extent(e, measured)
    }

    /// Places an expanded node in `rect`: cells and badges, leaf by leaf.
    static func place(_ e: Expanded, in rect: CGRect, _ measured: (Int) -> CGFloat?, _ out: inout [(leaf: Int, kind: String?, frame: CGRect)]) {
        let ins = e.insets
        let frame = CGRect(
            x: rect.minX + ins.leading, y: rect.minY + ins.top, width: max(0, rect.width - ins.leading - ins.trailing),
            height: max(0, rect.height - ins.top - ins.bottom))
        if e.node.horizontal == nil { out.append((e.firstLeaf, nil, frame)) }
        for badge in e.node.badges {
            let size = Self.size(badge.w, badge.h, in: frame.size)
            func coordinate(_ low: Bool, _ high: Bool, _ origin: CGFloat, _ length: CGFloat, _ own: CGFloat) -> CGFloat {
                if low && !high { return origin }
                if high && !low { return origin + length - own }
                return origin + length / 2 - own / 2
            }
            var x = coordinate(badge.edges.contains(.leading), badge.edges.contains(.trailing), frame.minX, frame.width, size.width)
            var y = coordinate(badge.edges.contains(.top), badge.edges.contains(.bottom), frame.minY, frame.height, size.height)
            x += badge.fractional ? badge.offset.x * size.width : badge.offset.x
            y += badge.fractional ? badge.offset.y * size.height : badge.offset.y
            out.append((e.firstLeaf, badge.kind, CGRect(origin: CGPoint(x: x, y: y), size: size)))
        }
        guard let horizontal = e.node.horizontal else { return }
        let heights = e.children.map { actualHeight($0, measured) }
        let gap = e.node.spacing?.value ?? 0
        let gapFlexible = e.node.spacing?.flexible ?? false
        // Along the axis: least lengths first, the leftover shared by every flexible spacing.
        var needed: CGFloat = 0
        var flexible = gapFlexible ? e.children.count - 1 : 0
        for (i, c) in e.children.enumerated() {
            let before = horizontal ? c.node.leading : c.node.top
            let after = horizontal ? c.node.trailing : c.node.bottom
            needed += (before?.value ?? 0) + (horizontal ? c.size.width : heights[i]) + (after?.value ?? 0)
            flexible += (before?.flexible == true ? 1 : 0) + (after?.flexible == true ? 1 : 0)
        }
        needed += gap * CGFloat(e.children.count - 1)
        let leftover = (horizontal ? frame.width : frame.height) - needed
        let share = leftover > 0 && flexible > 0 ? leftover / CGFloat(flexible) : 0
        var at = horizontal ? frame.minX : frame.minY
        for (i, c) in e.children.enumerated() {
            let before = horizontal ? c.node.leading : c.node.top
            let after = horizontal ? c.node.trailing : c.node.bottom
            if i > 0 { at += gap + (gapFlexible ? share : 0) }
            at += (before?.value ?? 0) + (before?.flexible == true ? share : 0)
            // Across: after the least leading spacing, centred or pushed by flexible ones.
            let crossBefore = horizontal ? c.node.top : c.node.leading
            let crossAfter = horizontal ? c.node.bottom : c.node.trailing
            let crossSize = horizontal ? heights[i] : c.size.width
            let available = horizontal ? frame.height : frame.width
            let spare = available - (crossBefore?.value ?? 0) - crossSize - (crossAfter?.value ?? 0)
            var cross = (horizontal ? frame.minY : frame.minX) + (crossBefore?.value ?? 0)
            if spare > 0 {
                if crossBefore?.flexible == true && crossAfter?.flexible == true {
                    cross += spare / 2
                } else if crossBefore?.flexible == true {
                    cross += spare
                }
            }
            let childRect =
                horizontal
                ? CGRect(x: at, y: cross, width: c.size.width, height: heights[i]) : CGRect(x: cross, y: at, width: c.size.width, height: heights[i])
            place(c, in: childRect, measured, &out)
            at += horizontal ? c.size.width : heights[i]
            at += (after?.value ?? 0) + (after?.flexible == true ? share : 0)
        }
    }

    /// Places everything of `model`.
    mutating func run(_ model: RefModel) {
        elements = []
        selfSizing = []
        var y: CGFloat = 0
        for (s, section) in model.sections.enumerated() {
            let spec = section.spec
            if s > 0 { y += interSectionSpacing }
            let sectionMinY = y
            let ins = spec.insets
            let boundaryX = spec.follows ? ins.leading : 0
            let boundaryWidth = max(0, width - (spec.follows ? ins.leading + ins.trailing : 0))
            func boundarySize(_ b: Int) -> CGSize {
                var size = Self.size(spec.boundary[b].w, spec.boundary[b].h, in: CGSize(width: boundaryWidth, height: height))
                if spec.boundary[b].h.isEstimated, isBoundaryMeasured(s, b) {
                    size.height = RefModel.fitting(id: RefModel.boundaryKey(sectionID: section.id, kind: spec.boundary[b].kind), width: size.width)
                }
                return size
            }
            for (b, item) in spec.boundary.enumerated() where item.extends && [.top, .topLeading, .topTrailing].contains(item.alignment) {
                y += boundarySize(b).height
            }
            let contentTop = y
            y += ins.top
            // The groups, one after another (or side by side in a band).
            let groupContainer = CGSize(width: max(0, width - ins.leading - ins.trailing), height: max(0, height - ins.top - ins.bottom))
            var leafCounter = 0
            let pattern = Self.expand(
                spec.group, size: Self.size(spec.group.w, spec.group.h, in: groupContainer), parentGrows: true, leaf: &leafCounter)
            let p = max(1, pattern.leaves)
            let n = section.items.count
            let groups = n == 0 ? 0 : (n + p - 1) / p
            let orthogonal = spec.orthogonal != .none
            var bandHeight: CGFloat = 0
            let lead = spec.orthogonal == .groupPagingCentered ? max(ins.leading, (width - pattern.size.width) / 2) : ins.leading
            for k in 0..<groups {
                let measured: (Int) -> CGFloat? = { leaf in
                    let item = k * p + leaf
                    guard item < n, self.isMeasured(s, item) else { return nil }
                    return RefModel.fitting(id: section.items[item], width: self.leafWidth(pattern, leaf))
                }
                let h = Self.actualHeight(pattern, measured)
                let x = orthogonal ? lead + CGFloat(k) * (pattern.size.width + spec.interGroupSpacing) - orthogonalOffset(s) : ins.leading
                var placed: [(leaf: Int, kind: String?, frame: CGRect)] = []
                // A group's content is laid out in its own coordinates, then moved to its place.
                Self.place(pattern, in: CGRect(x: 0, y: 0, width: pattern.size.width, height: h), measured, &placed)
                for leaf in Self.selfSizingLeaves(pattern) where k * p + leaf < n { selfSizing.insert(IndexPath(item: k * p + leaf, section: s)) }
                for element in placed where k * p + element.leaf < n {
                    let indexPath = IndexPath(item: k * p + element.leaf, section: s)
                    elements.append(
                        RefElement(
                            category: element.kind == nil ? .cell : .supplementaryView, kind: element.kind, indexPath: indexPath,
                            frame: element.frame.offsetBy(dx: x, dy: y)))
                }
                if orthogonal {
                    bandHeight = max(bandHeight, h)
                } else {
                    y += h + (k < groups - 1 ? spec.interGroupSpacing : 0)
                }
            }
            if orthogonal { y += bandHeight }
            let contentBottom = y + ins.bottom
            y = contentBottom
            for (b, item) in spec.boundary.enumerated() where item.extends && [.bottom, .bottomLeading, .bottomTrailing].contains(item.alignment) {
                y += boundarySize(b).height
            }
            let sectionMaxY = y
            // Boundary items: stacked above or below, or overlapping the content's edge; pinned ones follow the visible area.
            var top = sectionMinY, bottom = contentBottom
            for (b, item) in spec.boundary.enumerated() {
                let size = boundarySize(b)
                let isTop = [.top, .topLeading, .topTrailing].contains(item.alignment)
                var by: CGFloat
                if isTop {
                    if item.extends { by = top; top += size.height } else { by = contentTop }
                } else {
                    if item.extends { by = bottom; bottom += size.height } else { by = contentBottom - size.height }
                }
                by += item.offset.y
                if item.pins {
                    if isTop {
                        if visibleTop > by { by = max(by, min(visibleTop, sectionMaxY - size.height)) }
                    } else {
                        by = min(by, max(visibleBottom - size.height, sectionMinY))
                    }
                }
                var bx: CGFloat
                switch item.alignment {
                case .topLeading, .bottomLeading: bx = boundaryX
                case .topTrailing, .bottomTrailing: bx = boundaryX + boundaryWidth - size.width
                default: bx = boundaryX + (boundaryWidth - size.width) / 2
                }
                bx += item.offset.x
                elements.append(
                    RefElement(
                        category: .supplementaryView, kind: item.kind, indexPath: IndexPath(item: 0, section: s),
                        frame: CGRect(x: bx, y: by, width: size.width, height: size.height)))
            }
            for decoration in spec.decorations {
                let d = decoration.insets
                // A background with no area is not shown.
                guard width - d.leading - d.trailing > 0, contentBottom - contentTop - d.top - d.bottom > 0 else { continue }
                elements.append(
                    RefElement(
                        category: .decorationView, kind: decoration.kind, indexPath: IndexPath(item: 0, section: s),
                        frame: CGRect(
                            x: d.leading, y: contentTop + d.top, width: max(0, width - d.leading - d.trailing),
                            height: max(0, contentBottom - contentTop - d.top - d.bottom))))
            }
        }
        contentHeight = y
    }

    static func selfSizingLeaves(_ e: Expanded) -> [Int] {
        if e.node.horizontal == nil { return e.grows ? [e.firstLeaf] : [] }
        return e.children.flatMap { selfSizingLeaves($0) }
    }

    /// The width leaf `leaf` of a group is measured at: its cell's width in the pattern.
    func leafWidth(_ pattern: Expanded, _ leaf: Int) -> CGFloat {
        var out: [(leaf: Int, kind: String?, frame: CGRect)] = []
        Self.place(pattern, in: CGRect(origin: .zero, size: pattern.size), { _ in nil }, &out)
        return out.first { $0.leaf == leaf && $0.kind == nil }!.frame.width
    }

    /// The elements overlapping `rect` (open intervals), as the layout's query should return them.
    func elements(in rect: CGRect) -> [RefElement] {
        elements.filter { $0.frame.minX < rect.maxX && $0.frame.maxX > rect.minX && $0.frame.minY < rect.maxY && $0.frame.maxY > rect.minY }
    }
}

/// Whether two frames agree: bit for bit vertically (the generator keeps vertical arithmetic exact),
/// within one ulp horizontally (thirds and fifths of widths).
func framesAgree(_ a: CGRect, _ b: CGRect) -> Bool {
    func close(_ x: CGFloat, _ y: CGFloat) -> Bool { x == y || abs(x - y) <= max(abs(x), abs(y)).ulp }
    return a.minY == b.minY && a.height == b.height && close(a.minX, b.minX) && close(a.width, b.width)
}
