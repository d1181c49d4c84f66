import Foundation

/// The item positions behind `FlowLayout` and `WaterfallLayout`: equal-width columns, section by
/// section, updated incrementally. Frames are kept relative to their section's items block, so a
/// change re-places only the items from it to the end of its section (`validCount`); the column
/// heights at any item are recovered from the columns themselves, and later sections only get new
/// tops. Docs/collection-view.md ("ColumnSections") has the storage and the honest cost.
///
/// - Complexity: re-placing from item `i` of a section with `n` items costs O(C log n) to truncate
///   the columns plus O((n − i) · C) to place, C the number of columns; a rect query
///   O(log s + C log n + k) for s sections and k results; one item's frame O(1).
struct ColumnSections {
    /// How items pick their place.
    enum Packing: Sendable {
        /// Each item goes to the column whose next free y is smallest, ties to the leftmost (waterfall).
        case shortestColumn
        /// Items fill lines of `columnCount` left to right; a line is as tall as its tallest item (grid).
        case rowMajor
    }

    struct Section {
        /// Item heights; NaN means "ask the delegate".
        var heights: [CGFloat]
        /// Item frames relative to the section's top; valid for `0..<validCount`.
        var frames: [CGRect] = []
        /// Per column, the indices of its items in placement order (and so by position).
        var columns: [[Int]]
        /// Items `0..<validCount` are placed; the rest must be (re-)placed.
        var validCount = 0
        /// Bottom of the tallest column, relative to the items block's top (0 when empty).
        var height: CGFloat = 0
        /// Header and footer heights; NaN means "ask the delegate".
        var headerHeight: CGFloat = .nan
        var footerHeight: CGFloat = .nan

        init(count: Int, columns: Int) {
            heights = [CGFloat](repeating: .nan, count: count)
            self.columns = [[Int]](repeating: [], count: columns)
        }
    }

    let packing: Packing
    var sections: [Section] = []
    /// Top of each section (its header's top) in content space (valid when `isPrepared`).
    var tops: [CGFloat] = []
    /// Bottom of each section (its footer's bottom); never decreasing, so a rect query binary-searches it.
    var bottoms: [CGFloat] = []
    var contentHeight: CGFloat = 0
    /// Whether frames, tops and columns describe every item (queries answer only then).
    var isPrepared = false

    // Geometry (a change of any of these needs `reset`).
    var columnCount = 1
    var itemWidth: CGFloat = 0
    var columnSpacing: CGFloat = 0
    var lineSpacing: CGFloat = 0
    var sectionSpacing: CGFloat = 0
    /// Where the first column starts (a flow layout's `sectionInset.left`).
    var leftInset: CGFloat = 0
    /// Space above and below each non-empty section's items (a flow layout's `sectionInset`).
    var insetTop: CGFloat = 0
    var insetBottom: CGFloat = 0
    /// The width headers and footers span.
    var contentWidth: CGFloat = 0

    /// Items placed by the last `placeDirtySections()` (teaching counter; tests check incrementality).
    var lastPlacedCount = 0

    init(packing: Packing) { self.packing = packing }

    /// The x of column `c`.
    func x(ofColumn c: Int) -> CGFloat { leftInset + CGFloat(c) * (itemWidth + columnSpacing) }

    /// Header or footer height as placed (unknown counts as 0).
    static func placedHeight(_ height: CGFloat) -> CGFloat { height.isNaN ? 0 : height }

    /// Top of section `s`'s items block in content space.
    func itemsTop(_ s: Int) -> CGFloat {
        tops[s] + Self.placedHeight(sections[s].headerHeight) + (sections[s].heights.isEmpty ? 0 : insetTop)
    }

    /// Top of section `s`'s footer in content space.
    func footerTop(_ s: Int) -> CGFloat {
        itemsTop(s) + (sections[s].heights.isEmpty ? 0 : sections[s].height + insetBottom)
    }

    /// The header's (or footer's) frame, or nil when its height is 0 (no view).
    func supplementaryFrame(footer: Bool, inSection s: Int) -> CGRect? {
        guard isPrepared, s >= 0, s < sections.count else { return nil }
        let height = Self.placedHeight(footer ? sections[s].footerHeight : sections[s].headerHeight)
        guard height > 0 else { return nil }
        return CGRect(x: 0, y: footer ? footerTop(s) : tops[s], width: contentWidth, height: height)
    }

    // MARK: Invalidation

    /// Forgets every height and position; sections get `counts` unknown items.
    mutating func reset(counts: [Int]) {
        sections = counts.map { Section(count: $0, columns: columnCount) }
        tops = []
        bottoms = []
        isPrepared = false
    }

    /// Forgets one section's header or footer height: it is asked again, and only the tops move.
    mutating func invalidateSupplementary(footer: Bool, inSection s: Int) {
        guard s >= 0, s < sections.count else { return }
        if footer { sections[s].footerHeight = .nan } else { sections[s].headerHeight = .nan }
        isPrepared = false
    }

    /// Forgets one item's height; it and every later item of its section will be placed again.
    mutating func invalidate(_ indexPath: IndexPath) {
        guard indexPath.section >= 0, indexPath.section < sections.count,
            indexPath.item >= 0, indexPath.item < sections[indexPath.section].heights.count
        else { return }
        sections[indexPath.section].heights[indexPath.item] = .nan
        sections[indexPath.section].validCount = min(sections[indexPath.section].validCount, indexPath.item)
        isPrepared = false
    }

    /// Applies a validated batch in its four primitive steps (`UpdatePlan.apply(to:newCounts:)`),
    /// keeping the heights of surviving and moved items and the placed items of moved sections.
    /// - Complexity: O(k · n_s) array shifts for k changes in sections of n_s items; no placement yet.
    /// In bulk (`UpdateRowMap`), every section is rebuilt in one pass (`ColumnSections+Bulk.swift`).
    @MainActor
    mutating func apply(_ plan: AppliedUpdate, newCounts: [Int]) {
        isPrepared = false
        if let rowMap = plan.rowMap { return rebuild(following: rowMap, newCounts: newCounts) }
        plan.plan.apply(to: &self, newCounts: newCounts)
    }

    // MARK: Placing

    /// Places every item from each section's `validCount` on, then stacks the sections.
    /// Heights should be known (`ColumnLayout.prepare()` fills them); one still
    /// unknown (NaN: invalidated by a callback while heights were asked) is placed
    /// as 0 until the next prepare, so no frame is ever NaN.
    mutating func placeDirtySections() {
        lastPlacedCount = 0
        for s in sections.indices where sections[s].validCount < sections[s].heights.count || sections[s].frames.count != sections[s].heights.count {
            lastPlacedCount += Self.place(
                &sections[s], packing: packing, columns: columnCount,
                width: itemWidth, columnSpacing: columnSpacing, gap: lineSpacing, left: leftInset)
        }
        stackSections()
        isPrepared = true
    }

    /// Re-places one section from its `validCount`; returns how many items were placed.
    /// (Static so that the section can be mutated in place without overlapping access to `self`.)
    private static func place(
        _ section: inout Section, packing: Packing, columns: Int,
        width: CGFloat, columnSpacing: CGFloat, gap: CGFloat, left: CGFloat
    ) -> Int {
        let n = section.heights.count
        func x(ofColumn c: Int) -> CGFloat { left + CGFloat(c) * (width + columnSpacing) }
        var start = min(section.validCount, n)
        if packing == .rowMajor { start -= start % columns }  // a line is placed whole
        // Forget positions from `start` on: one binary search per column.
        for c in 0..<columns {
            let cut = section.columns[c].lowerBound(of: start)
            section.columns[c].removeSubrange(cut...)
        }
        if section.frames.count > start { section.frames.removeSubrange(start...) }
        section.frames.reserveCapacity(n)

        switch packing {
        case .shortestColumn:
            // Where each column stood before item `start`: the end of its last item.
            var next = [CGFloat](repeating: 0, count: columns)
            for c in 0..<columns {
                if let last = section.columns[c].last { next[c] = section.frames[last].maxY + gap }
            }
            for item in start..<n {
                var best = 0
                for c in 1..<columns where next[c] < next[best] { best = c }
                let frame = CGRect(x: x(ofColumn: best), y: next[best], width: width, height: placedHeight(section.heights[item]))
                section.frames.append(frame)
                section.columns[best].append(item)
                next[best] = frame.maxY + gap
            }
        case .rowMajor:
            var lineTop: CGFloat = 0
            if start > 0 {
                var bottom = -CGFloat.infinity
                for item in (start - columns)..<start { bottom = max(bottom, section.frames[item].maxY) }
                lineTop = bottom + gap
            }
            var item = start
            while item < n {
                let end = min(item + columns, n)
                var bottom = lineTop
                for i in item..<end {
                    let frame = CGRect(x: x(ofColumn: i - item), y: lineTop, width: width, height: placedHeight(section.heights[i]))
                    section.frames.append(frame)
                    section.columns[i - item].append(i)
                    bottom = max(bottom, frame.maxY)
                }
                lineTop = bottom + gap
                item = end
            }
        }
        section.validCount = n
        // The tallest column: in every column the last item ends lowest.
        section.height = section.columns.reduce(0) { result, column in
            column.last.map { max(result, section.frames[$0].maxY) } ?? result
        }
        return n - start
    }

    /// Tops of all sections: each starts `sectionSpacing` below the content above it;
    /// a section with no items, header or footer takes no space.
    /// - Complexity: O(sections).
    private mutating func stackSections() {
        tops = [CGFloat](repeating: 0, count: sections.count)
        bottoms = tops
        var bottom: CGFloat?
        for s in sections.indices {
            tops[s] = bottom.map { $0 + sectionSpacing } ?? 0
            let footer = Self.placedHeight(sections[s].footerHeight)
            let end = footerTop(s) + footer
            bottoms[s] = end
            if !sections[s].heights.isEmpty || end > tops[s] { bottom = end }
        }
        contentHeight = bottom ?? 0
    }

    // MARK: Queries

    /// The item's frame in content space, or nil when out of range or not placed.
    /// - Complexity: O(1).
    func frame(at indexPath: IndexPath) -> CGRect? {
        guard isPrepared, indexPath.count == 2, indexPath.section >= 0, indexPath.section < sections.count,
            indexPath.item >= 0, indexPath.item < sections[indexPath.section].frames.count
        else { return nil }
        return sections[indexPath.section].frames[indexPath.item].offsetBy(dx: 0, dy: itemsTop(indexPath.section))
    }

    /// What a rect query found: an item, or a section's header or footer.
    enum Element: Equatable {
        case item(IndexPath)
        case header(Int)
        case footer(Int)
    }

    /// Every item, header and footer whose frame overlaps `rect` (open intervals on both axes),
    /// section by section (header, items column by column, footer).
    /// - Complexity: O(log s + C log n + k).
    func elementsAndFrames(in rect: CGRect) -> [(Element, CGRect)] {
        guard isPrepared, !rect.isNull, !sections.isEmpty else { return [] }
        let minY = rect.minY, maxY = rect.maxY
        // Section bottoms never decrease: binary search the first ending below minY.
        var result: [(Element, CGRect)] = []
        var s = bottoms.partitioningIndex { $0 > minY }
        while s < sections.count, tops[s] < maxY {
            if let header = supplementaryFrame(footer: false, inSection: s), header.intersectsOpen(rect) {
                result.append((.header(s), header))
            }
            let top = itemsTop(s)
            let section = sections[s]
            for c in 0..<columnCount {
                let x = x(ofColumn: c)
                guard x < rect.maxX, x + itemWidth > rect.minX else { continue }
                let column = section.columns[c]
                var lo = column.partitioningIndex { section.frames[$0].offsetBy(dx: 0, dy: top).maxY > minY }
                while lo < column.count {
                    let frame = section.frames[column[lo]].offsetBy(dx: 0, dy: top)
                    guard frame.minY < maxY else { break }
                    result.append((.item(IndexPath(item: column[lo], section: s)), frame))
                    lo += 1
                }
            }
            if let footer = supplementaryFrame(footer: true, inSection: s), footer.intersectsOpen(rect) {
                result.append((.footer(s), footer))
            }
            s += 1
        }
        return result
    }
}

extension ColumnSections {
    /// Gets ready to bring the positions up to date for `counts` items per
    /// section: a full reset when asked or when the geometry changed. The caller
    /// then fills the unknown heights (NaN, from each section's `validCount`)
    /// and calls `placeDirtySections()`.
    mutating func resetIfNeeded(
        counts: [Int], reset: Bool, columns: Int, itemWidth: CGFloat, columnSpacing: CGFloat,
        lineSpacing: CGFloat, sectionSpacing: CGFloat, inset: EdgeInsets, contentWidth: CGFloat
    ) {
        let geometryChanged =
            columns != columnCount || itemWidth != self.itemWidth || columnSpacing != self.columnSpacing
            || lineSpacing != self.lineSpacing || sectionSpacing != self.sectionSpacing || inset.left != leftInset
            || inset.top != insetTop || inset.bottom != insetBottom || contentWidth != self.contentWidth
        // A safety net: counts that disagree with the sections mean a change the layout was not told about.
        let countsDiffer = counts.count != sections.count || zip(counts, sections).contains { $0 != $1.heights.count }
        if reset || geometryChanged || countsDiffer {
            columnCount = columns
            self.itemWidth = itemWidth
            self.columnSpacing = columnSpacing
            self.lineSpacing = lineSpacing
            self.sectionSpacing = sectionSpacing
            leftInset = inset.left
            insetTop = inset.top
            insetBottom = inset.bottom
            self.contentWidth = contentWidth
            self.reset(counts: counts)
        }
    }

    /// The layout attributes of every item, header and footer overlapping `rect`.
    @MainActor func attributes(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
        let found = elementsAndFrames(in: rect)
        var result: [CollectionViewLayoutAttributes] = []
        result.reserveCapacity(found.count)
        // A loop, not `map`: a closure formed on the main actor checks its isolation on every call.
        for (element, frame) in found {
            switch element {
            case .item(let indexPath): result.append(CollectionViewLayoutAttributes(forCellWith: indexPath, frame: frame))
            case .header(let s):
                result.append(
                    CollectionViewLayoutAttributes(
                        forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, with: IndexPath(item: 0, section: s), frame: frame))
            case .footer(let s):
                result.append(
                    CollectionViewLayoutAttributes(
                        forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter, with: IndexPath(item: 0, section: s), frame: frame))
            }
        }
        return result
    }
}

/// One step of an update each: an item carries its height, a section its placed items;
/// a change at item `i` lowers its section's `validCount` to `i`.
extension ColumnSections: UpdatePlanTarget {
    mutating func removeRow(at indexPath: IndexPath) -> CGFloat {
        let s = indexPath.section
        sections[s].validCount = min(sections[s].validCount, indexPath.item)
        return sections[s].heights.remove(at: indexPath.item)
    }

    mutating func removeSection(at section: Int) -> Section {
        sections.remove(at: section)
    }

    mutating func insertSection(at section: Int, count: Int, moved: Section?) {
        sections.insert(moved ?? Section(count: count, columns: columnCount), at: section)
    }

    mutating func insertRow(at indexPath: IndexPath, moved: CGFloat?) {
        let s = indexPath.section
        sections[s].heights.insert(moved ?? .nan, at: indexPath.item)
        sections[s].validCount = min(sections[s].validCount, indexPath.item)
    }
}
