import Foundation

// Where things are: a section's extent, a group's or band's origin, every element in a rect.
// All positions come from the slot tree (O(log n) each) plus a group's pattern or, for a group
// with measured leaves, its few additions (`PlanNode.place`).

/// What a query needs besides the store: the orthogonal offsets and the visible area pinned items stick to.
struct CompositionalQueryContext {
    /// The orthogonal offset of a section.
    var orthogonalOffset: (Int) -> CGFloat
    /// The top and bottom of the visible area (the viewport less the vertical insets).
    var visibleTop: CGFloat
    var visibleBottom: CGFloat
}

/// A section's vertical extent in content coordinates.
struct SectionExtent {
    /// The header slot's index.
    var header: Int
    /// The row slots.
    var rows: Range<Int>
    /// The section's top (below the spacing before it), its content's top (below stacked top items),
    /// its content's bottom (below the bottom inset) and its bottom (below stacked bottom items).
    var minY: CGFloat
    var contentTop: CGFloat
    var contentBottom: CGFloat
    var maxY: CGFloat
}

extension CompositionalSections {
    /// Section `s`'s extent.
    /// - Complexity: O(log n).
    func extent(_ s: Int, header: Int? = nil) -> SectionExtent {
        let h = header ?? headerSlot(s)
        let top = sectionsTop
        let kind = kind(s)
        let minY = CGFloat(slots.offset(of: h)) + top + (s > 0 ? interSectionSpacing : 0) + kind.outerTop
        var stacked: CGFloat = 0
        for (b, item) in kind.boundary.enumerated() where item.stacks && item.edge == .top { stacked += boundaryHeight(s, b) }
        let rows = rowSlotRange(s, header: h)
        let footerStart = CGFloat(slots.offset(of: rows.upperBound)) + top
        return SectionExtent(
            header: h, rows: rows, minY: minY, contentTop: minY + stacked, contentBottom: footerStart + kind.insets.bottom,
            maxY: footerStart + footerSlotHeight(s) - kind.outerBottom)
    }

    /// Frames of section `s`'s boundary items (pinned ones where the visible area puts them), by index.
    func boundaryFrames(_ s: Int, _ extent: SectionExtent, _ context: CompositionalQueryContext) -> [CGRect] {
        let kind = kind(s)
        var top = extent.minY, bottom = extent.contentBottom
        var frames: [CGRect] = []  // a loop, not `map`: asked every pass, and a closure formed here pays a main-actor check a call
        frames.reserveCapacity(kind.boundary.count)
        for (b, item) in kind.boundary.enumerated() {
            let h = boundaryHeight(s, b)
            var y: CGFloat
            switch item.edge {
            case .top:
                if item.stacks { y = top; top += h } else { y = extent.contentTop }
            case .bottom:
                if item.stacks { y = bottom; bottom += h } else { y = extent.contentBottom - h }
            case .side:
                y = extent.contentTop
            }
            y += item.offsetY
            if item.pins {
                y = item.edge == .bottom ? min(y, max(context.visibleBottom - h, extent.minY)) : max(y, min(context.visibleTop, extent.maxY - h))
            }
            frames.append(CGRect(x: item.x, y: y, width: item.size.width, height: h))
        }
        return frames
    }

    /// The layout's own boundary items: top ones stacked from 0, bottom ones after the sections.
    func globalFrames(_ context: CompositionalQueryContext) -> [CGRect] {
        var top: CGFloat = 0
        var bottom = sectionsTop + CGFloat(slots.totalHeight)
        let end = contentHeight
        return global.enumerated().map { b, item in
            let h = globalHeight(b)
            var y: CGFloat
            switch item.edge {
            case .top, .side:
                if item.stacks { y = top; top += h } else { y = sectionsTop }
            case .bottom:
                if item.stacks { y = bottom; bottom += h } else { y = sectionsTop + CGFloat(slots.totalHeight) - h }
            }
            y += item.offsetY
            if item.pins {
                y = item.edge == .bottom ? min(y, max(context.visibleBottom - h, 0)) : max(y, min(context.visibleTop, end - h))
            }
            return CGRect(x: item.x, y: y, width: item.size.width, height: h)
        }
    }

    /// The background of section `s` for decoration `d`: the content area, full width, less the decoration's insets.
    func decorationFrame(_ s: Int, _ d: Int, _ extent: SectionExtent) -> CGRect {
        let kind = kind(s)
        let insets = kind.decorations[d].insets
        return CGRect(
            x: kind.sectionX + insets.leading, y: extent.contentTop + insets.top,
            width: max(0, kind.sectionWidth - insets.leading - insets.trailing),
            height: max(0, extent.contentBottom - extent.contentTop - insets.top - insets.bottom))
    }

    /// The elements of group `k` of section `s` placed with its top-left at `origin`: the pattern's,
    /// or placed again with its measured leaves. Leaves past the section's last item are left out.
    /// - Complexity: O(p), plus O(p log m) when the group has measured leaves.
    func forEachElement(ofGroup k: Int, section s: Int, origin: CGPoint, _ body: (PlacedElement) -> Void) {
        let kind = kind(s)
        let p = kind.leavesPerGroup
        let available = records[s].count - k * p
        guard available > 0, kind.root != nil else { return }
        if kind.selfSizing, let placed = placedGroup(s, k) {
            for element in placed.elements where element.leaf < available { body(element.offsetBy(origin)) }
            return
        }
        for element in kind.pattern where element.leaf < available { body(element.offsetBy(origin)) }
    }

    /// Group `k` of section `s` as its measured leaves place it: kept from an earlier pass (the group
    /// stayed on screen), or placed now; nil when none of its leaves is measured (the pattern places it).
    /// - Complexity: O(1) when kept, else O(p log m).
    func placedGroup(_ s: Int, _ k: Int) -> PlacedGroup? {
        if let placed = placedGroups[s, k] { return placed }
        let kind = kind(s)
        let p = kind.leavesPerGroup
        guard let root = kind.root, let m = measured(s), !m.entries(in: k * p..<(k + 1) * p).isEmpty else { return nil }
        // Placed at the origin, then moved, as the pattern is: the same additions give the same bits.
        let heights = leafHeights(s, group: k)
        let size = CGSize(width: root.size.width, height: root.height(heights))
        var elements: [PlacedElement] = []
        elements.reserveCapacity(kind.pattern.count)  // the estimate's placing has as many
        root.place(in: CGRect(origin: .zero, size: size), measured: heights) { elements.append($0) }
        let placed = PlacedGroup(elements: elements, height: size.height)
        placedGroups[s, k] = placed
        return placed
    }

    /// The top-left corner of group `k` of section `s` (for a band, at orthogonal offset `offset`).
    /// - Complexity: O(log n).
    func groupOrigin(_ s: Int, _ k: Int, header: Int? = nil, offset: CGFloat) -> CGPoint {
        let kind = kind(s)
        let h = header ?? headerSlot(s)
        if kind.isOrthogonal {
            return CGPoint(x: kind.groupX(k, offset: offset), y: CGFloat(slots.offset(of: h + 1)) + sectionsTop)
        }
        return CGPoint(x: kind.sectionX + kind.insets.leading, y: CGFloat(slots.offset(of: h + 1 + k)) + sectionsTop)
    }

    /// Item `item` of section `s`: its cell frame, or nil when the section shows no items.
    /// - Complexity: O(log n), plus O(p log m) when its group has measured leaves.
    func itemFrame(_ s: Int, _ item: Int, offset: CGFloat) -> CGRect? {
        let kind = kind(s)
        guard kind.root != nil, item >= 0, item < records[s].count else { return nil }
        let p = kind.leavesPerGroup
        let k = item / p, leaf = item % p
        let origin = groupOrigin(s, k, offset: offset)
        if kind.selfSizing, let m = measured(s), !m.entries(in: k * p..<(k + 1) * p).isEmpty {
            var found: CGRect?
            forEachElement(ofGroup: k, section: s, origin: origin) { element in
                if case .cell(leaf, let frame) = element { found = frame }
            }
            return found
        }
        return kind.patternCells[leaf].offsetBy(dx: origin.x, dy: origin.y)
    }

    /// The groups of an orthogonal band that may show in `minX..<maxX` at `offset`.
    func bandGroups(_ s: Int, minX: CGFloat, maxX: CGFloat, offset: CGFloat) -> Range<Int> {
        let kind = kind(s)
        let groups = kind.groupCount(items: records[s].count)
        guard groups > 0 else { return 0..<0 }
        let stride = kind.groupStride
        guard stride > 0 else { return 0..<min(groups, PlanBuilder.maximumSubitems) }
        let base = kind.groupX(0, offset: offset)
        // Group k spans [base + k·stride − reachLeft, base + k·stride + width + reachRight).
        let first = ((minX - base - kind.groupSize.width - kind.reachRight) / stride).rounded(.down)
        let last = ((maxX - base + kind.reachLeft) / stride).rounded(.up)
        guard first.isFinite, last.isFinite else { return 0..<0 }
        let lo = Int(max(0, min(first, CGFloat(groups)))), hi = Int(max(0, min(last + 1, CGFloat(groups))))
        return lo..<max(lo, hi)
    }
}
