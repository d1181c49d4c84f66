import Foundation

/// The geometry behind `CollectionViewCompositionalLayout`: the table's height tree with groups
/// for rows. Each section is a header slot (the spacing before it, its stacked top boundary items
/// and its top inset), one slot per group (the group and the spacing after it) or one band when
/// it scrolls sideways, and a footer slot (its bottom inset and stacked bottom boundary items).
///
/// Unmeasured groups of a section are one run — a section's height comes from its item count and
/// its group's pattern, never from placing its items — so a reload builds a few runs per section,
/// and offset → group, group → offset and a measured group's new height are O(log n) walks of
/// the tree (Docs/compositional-layout.md). Per section the store keeps 12 bytes
/// (`SectionRecord`) and, once something in it was measured, its `SectionMeasurements`.
@MainActor
final class CompositionalSections {
    // `@exclusivity(unchecked)`: one owner on the main actor, never an overlapping access; the
    // runtime checks on these hot fields cost more than the work (as on `SlotTree.Node`).
    /// One section: its item count, its resolved description and its measurements.
    struct SectionRecord {
        /// Items in the section (32 bits: a record is 12 bytes).
        var count32: Int32
        var count: Int {
            get { Int(count32) }
            set { count32 = Int32(clamping: newValue) }
        }
        /// Index into `kinds`.
        var kind: Int32
        /// Index into `measurements`, or -1.
        var measurements: Int32 = -1

        init(count: Int, kind: Int32) {
            count32 = Int32(clamping: count)
            self.kind = kind
        }
    }

    /// Distinct resolved descriptions, shared by the sections the provider gave the same object.
    @exclusivity(unchecked) var kinds: [ResolvedSection] = []
    @exclusivity(unchecked) var records: [SectionRecord] = []
    @exclusivity(unchecked) var measurements: [SectionMeasurements] = []
    @exclusivity(unchecked) private var freeMeasurements: [Int32] = []
    /// The slots: header, groups (or band), footer per section.
    @exclusivity(unchecked) var slots = SlotTree([HeightRun]())
    /// Where the last offset lookup on `slots` landed: a pass's measuring walks and its rect query
    /// start near each other, so most lookups walk a leaf instead of descending (`GeometryFinger`).
    @exclusivity(unchecked) var finger = GeometryFinger()
    @exclusivity(unchecked) var interSectionSpacing: CGFloat = 0
    /// The layout's own boundary items (the configuration's) and their measured heights (NaN until measured).
    @exclusivity(unchecked) var global: [ResolvedBoundaryItem] = []
    @exclusivity(unchecked) var globalMeasured: [CGFloat] = []
    /// How far any element reaches out of its slot, over every kind and every measured group.
    @exclusivity(unchecked) var reachUp: CGFloat = 0
    @exclusivity(unchecked) var reachDown: CGFloat = 0
    /// What measured groups alone reached (kept while their measurements are).
    @exclusivity(unchecked) var measuredReachUp: CGFloat = 0
    @exclusivity(unchecked) var measuredReachDown: CGFloat = 0

    /// Measured groups placed recently, relative to the group's origin, with the height they were
    /// placed in (`placedGroup(_:_:)`): a group's placement depends only on its own leaves' heights.
    /// A group's entry goes when one of its items is measured; every entry goes when an update or
    /// a forgotten height changes anything else.
    @exclusivity(unchecked) var placedGroups = PlacedGroupCache()

    /// A measured group's elements, placed from its top-left corner, and its height.
    struct PlacedGroup {
        var elements: [PlacedElement]
        var height: CGFloat
    }

    var sectionCount: Int { records.count }

    func kind(_ s: Int) -> ResolvedSection { kinds[Int(records[s].kind)] }

    func measured(_ s: Int) -> SectionMeasurements? {
        let m = records[s].measurements
        return m < 0 ? nil : measurements[Int(m)]
    }

    /// What a change of a section's measurements re-places: every group (an update, a forgotten
    /// height), one group (an item of it measured), or none (a boundary item measured).
    enum Replacing { case everyGroup, group(Int), noGroup }

    /// Runs `body` on section `s`'s measurements, creating them on first use; frees them when left
    /// empty. Placed groups that `replacing` names are forgotten.
    func updateMeasurements<R>(_ s: Int, replacing: Replacing = .everyGroup, _ body: (inout SectionMeasurements) -> R) -> R {
        var m = records[s].measurements
        if m < 0 {
            if let free = freeMeasurements.popLast() {
                m = free
            } else {
                m = Int32(measurements.count)
                measurements.append(SectionMeasurements())
            }
            records[s].measurements = m
        }
        let result = body(&measurements[Int(m)])
        if measurements[Int(m)].isEmpty { releaseMeasurements(of: s) }
        switch replacing {
        case .everyGroup: placedGroups.removeAll()
        case .group(let k): placedGroups[s, k] = nil
        case .noGroup: break
        }
        return result
    }

    /// Drops every section's measurements.
    func removeAllMeasurements() {
        placedGroups.removeAll()
        for s in records.indices { records[s].measurements = -1 }
        measurements = []
        freeMeasurements = []
    }

    /// Widens how far elements reach out of their slots to cover group `k` of section `s` as
    /// measured: a badge on a self-sized item may hang further than it does on the estimate.
    /// - Complexity: O(p log m).
    func noteReach(_ s: Int, _ k: Int) {
        var up = measuredReachUp, bottom = -CGFloat.infinity
        forEachElement(ofGroup: k, section: s, origin: .zero) { element in  // places the group first: its height is then kept
            up = max(up, -element.frame.minY)
            bottom = max(bottom, element.frame.maxY)
        }
        let down = max(measuredReachDown, bottom - (kind(s).isOrthogonal ? bandHeight(s) : groupHeight(s, k)))
        (measuredReachUp, measuredReachDown) = (up, down)
        (reachUp, reachDown) = (max(reachUp, up), max(reachDown, down))
    }

    /// Drops section `s`'s measurements.
    func releaseMeasurements(of s: Int) {
        let m = records[s].measurements
        guard m >= 0 else { return }
        measurements[Int(m)] = SectionMeasurements()
        placedGroups.removeAll()
        freeMeasurements.append(m)
        records[s].measurements = -1
    }

    /// Takes section `s`'s measurements out (a moved section carries them).
    func takeMeasurements(of s: Int) -> SectionMeasurements? {
        let taken = measured(s)
        releaseMeasurements(of: s)
        return taken
    }

    /// Gives section `s` these measurements.
    func giveMeasurements(_ given: SectionMeasurements?, to s: Int) {
        releaseMeasurements(of: s)
        guard let given, !given.isEmpty else { return }
        updateMeasurements(s) { $0 = given }
    }

    // MARK: Heights

    /// Boundary item `b` of section `s`: its measured height, or its resolved (estimated) one.
    func boundaryHeight(_ s: Int, _ b: Int) -> CGFloat {
        if let m = measured(s), b < m.boundary.count, !m.boundary[b].isNaN { return m.boundary[b] }
        return kind(s).boundary[b].size.height
    }

    func isBoundaryMeasured(_ s: Int, _ b: Int) -> Bool {
        guard kind(s).boundary[b].selfSizes else { return true }
        guard let m = measured(s), b < m.boundary.count else { return false }
        return !m.boundary[b].isNaN
    }

    /// The header slot: the spacing before the section, its stacked top items, its top inset.
    func headerSlotHeight(_ s: Int) -> CGFloat {
        let kind = kind(s)
        var height = (s > 0 ? interSectionSpacing : 0) + kind.outerTop + kind.insets.top
        for (b, item) in kind.boundary.enumerated() where item.stacks && item.edge == .top { height += boundaryHeight(s, b) }
        return max(0, height)
    }

    /// The footer slot: the bottom inset and the stacked bottom items.
    func footerSlotHeight(_ s: Int) -> CGFloat {
        let kind = kind(s)
        var height = kind.insets.bottom + kind.outerBottom
        for (b, item) in kind.boundary.enumerated() where item.stacks && item.edge == .bottom { height += boundaryHeight(s, b) }
        return max(0, height)
    }

    /// Whether every self-sizing boundary item measured in the header slot (top and side) or the footer slot is measured.
    func boundaryMeasured(_ s: Int, footer: Bool) -> Bool {
        kind(s).boundary.indices.allSatisfy { b in (kind(s).boundary[b].edge == .bottom) != footer || isBoundaryMeasured(s, b) }
    }

    /// The measured height of leaf `leaf` of group `k` (nil: the estimate), for `PlanNode`.
    func leafHeights(_ s: Int, group k: Int) -> (Int) -> CGFloat? {
        guard let m = measured(s) else { return { _ in nil } }
        let kind = kind(s)
        let base = k * kind.leavesPerGroup
        return { leaf in m.height(of: base + leaf, width: kind.patternCells[leaf].width) }
    }

    /// The height `item` of section `s` was measured at its current width, or nil.
    /// - Complexity: O(log m).
    func measuredHeight(_ s: Int, item: Int) -> CGFloat? {
        guard let m = measured(s) else { return nil }
        let kind = kind(s)
        return m.height(of: item, width: kind.patternCells[item % kind.leavesPerGroup].width)
    }

    /// Group `k`'s height: the pattern's, or from its measured leaves.
    /// - Complexity: O(1) with no measurement in the section; O(p log m) else.
    func groupHeight(_ s: Int, _ k: Int) -> CGFloat {
        if let placed = placedGroups[s, k] { return placed.height }  // kept only while its leaves' heights stand
        let kind = kind(s)
        guard kind.selfSizing, let m = measured(s), let root = kind.root else { return kind.groupSize.height }
        let p = kind.leavesPerGroup
        guard !m.entries(in: k * p..<(k + 1) * p).isEmpty else { return kind.groupSize.height }
        return root.height(leafHeights(s, group: k))
    }

    /// Whether every self-sizing leaf of group `k` that has an item is measured.
    /// - Complexity: O(p log m).
    func isGroupMeasured(_ s: Int, _ k: Int) -> Bool {
        let kind = kind(s)
        guard kind.selfSizing else { return true }
        guard let m = measured(s) else { return false }
        let base = k * kind.leavesPerGroup
        let end = records[s].count
        for leaf in kind.selfSizingLeaves where base + leaf < end && m.height(of: base + leaf, width: kind.patternCells[leaf].width) == nil {
            return false
        }
        return true
    }

    /// An orthogonal band's height: its tallest group (unmeasured groups at the pattern's height).
    /// - Complexity: O(m log m) for m measured items in the section.
    func bandHeight(_ s: Int) -> CGFloat {
        let kind = kind(s)
        let groups = kind.groupCount(items: records[s].count)
        guard kind.selfSizing, let m = measured(s), !m.items.isEmpty else { return kind.groupSize.height }
        var height: CGFloat = 0
        var seen = 0
        var last = -1
        for entry in m.items {
            let k = entry.item / kind.leavesPerGroup
            guard k != last, k < groups else { continue }
            last = k
            seen += 1
            height = max(height, groupHeight(s, k))
        }
        return seen < groups ? max(height, kind.groupSize.height) : height
    }

    // MARK: Runs

    /// Section `s`'s row slots as runs: unmeasured groups share the pattern's run.
    /// - Complexity: O(1) with no measurement; O(m) runs else.
    func rowRuns(_ s: Int) -> [HeightRun] {
        let kind = kind(s)
        let count = records[s].count
        let groups = kind.groupCount(items: count)
        guard groups > 0 else { return [] }
        if kind.isOrthogonal { return [HeightRun(count: 1, height: Double(bandHeight(s)), kind: .row, isMeasured: true)] }
        let spacing = Double(kind.interGroupSpacing)
        let pattern = Double(kind.groupSize.height)
        let patternMeasured = !kind.selfSizing
        var runs: [HeightRun] = []
        func appendPattern(_ from: Int, _ to: Int) {  // groups from..<to, unmeasured
            guard from < to else { return }
            if to == groups {
                if to - 1 > from { runs.append(HeightRun(count: to - 1 - from, height: pattern + spacing, kind: .row, isMeasured: patternMeasured)) }
                runs.append(HeightRun(count: 1, height: pattern, kind: .row, isMeasured: patternMeasured))
            } else {
                runs.append(HeightRun(count: to - from, height: pattern + spacing, kind: .row, isMeasured: patternMeasured))
            }
        }
        var next = 0
        if kind.selfSizing, let m = measured(s) {
            var last = -1
            for entry in m.items {
                let k = entry.item / kind.leavesPerGroup
                guard k != last, k < groups else { continue }
                last = k
                appendPattern(next, k)
                runs.append(HeightRun(count: 1, height: Double(slotHeight(s, group: k, of: groups)), kind: .row, isMeasured: isGroupMeasured(s, k)))
                next = k + 1
            }
        }
        appendPattern(next, groups)
        return runs
    }

    /// A group slot's height: the group and, unless it is the last, the spacing after it.
    func slotHeight(_ s: Int, group k: Int, of groups: Int) -> CGFloat {
        groupHeight(s, k) + (k < groups - 1 ? kind(s).interGroupSpacing : 0)
    }

    /// Every slot of section `s`.
    func sectionRuns(_ s: Int) -> [HeightRun] {
        [HeightRun(count: 1, height: Double(headerSlotHeight(s)), kind: .header, isMeasured: boundaryMeasured(s, footer: false))]
            + rowRuns(s)
            + [HeightRun(count: 1, height: Double(footerSlotHeight(s)), kind: .footer, isMeasured: boundaryMeasured(s, footer: true))]
    }

    /// Builds the tree from every section's runs, gathered in one array (no array per section: a
    /// reload of 10^4 sections allocates the tree and this list).
    /// - Complexity: O(sections + measured items).
    func rebuildSlots() {
        var runs: [HeightRun] = []
        runs.reserveCapacity(records.count * 4)
        for s in records.indices {
            runs.append(HeightRun(count: 1, height: Double(headerSlotHeight(s)), kind: .header, isMeasured: boundaryMeasured(s, footer: false)))
            appendRowRuns(s, to: &runs)
            runs.append(HeightRun(count: 1, height: Double(footerSlotHeight(s)), kind: .footer, isMeasured: boundaryMeasured(s, footer: true)))
        }
        slots = SlotTree(runs)
    }

    /// Section `s`'s row runs: the pattern's one or two when nothing in it is measured.
    private func appendRowRuns(_ s: Int, to runs: inout [HeightRun]) {
        let kind = kind(s)
        let groups = kind.groupCount(items: records[s].count)
        guard groups > 0 else { return }
        if kind.isOrthogonal || (kind.selfSizing && records[s].measurements >= 0) {
            runs += rowRuns(s)
            return
        }
        // All groups but the last carry the spacing after them.
        let height = Double(kind.groupSize.height), spacing = Double(kind.interGroupSpacing)
        let measured = !kind.selfSizing
        if groups > 1, spacing != 0 {
            runs.append(HeightRun(count: groups - 1, height: height + spacing, kind: .row, isMeasured: measured))
            runs.append(HeightRun(count: 1, height: height, kind: .row, isMeasured: measured))
        } else {
            runs.append(HeightRun(count: groups, height: height, kind: .row, isMeasured: measured))
        }
    }

    /// The header slot of section `s`.
    /// - Complexity: O(log n).
    func headerSlot(_ s: Int) -> Int { slots.headerIndex(ofSection: s) }

    /// Section `s`'s row slots (header slot + 1 ..< footer slot).
    func rowSlotRange(_ s: Int, header: Int? = nil) -> Range<Int> {
        let h = header ?? headerSlot(s)
        return (h + 1)..<(h + 1 + kind(s).rowSlotCount(items: records[s].count))
    }

    /// Replaces section `s`'s row slots (after its count or measurements changed), and its header and footer heights.
    /// - Complexity: O(log n + runs of the section).
    func refreshSection(_ s: Int, oldRowSlots: Int) {
        let h = headerSlot(s)
        slots.setHeight(Double(headerSlotHeight(s)), at: h, isMeasured: boundaryMeasured(s, footer: false))
        if oldRowSlots > 0 { slots.removeSubrange((h + 1)..<(h + 1 + oldRowSlots)) }
        let runs = rowRuns(s)
        if !runs.isEmpty { slots.insert(runs, at: h + 1) }
        let footer = h + 1 + kind(s).rowSlotCount(items: records[s].count)
        slots.setHeight(Double(footerSlotHeight(s)), at: footer, isMeasured: boundaryMeasured(s, footer: true))
    }

    /// Brings group `k`'s slot (or the band) up to date after a measurement.
    /// - Complexity: O(log n + p log m).
    func refreshGroup(_ s: Int, _ k: Int, header: Int? = nil) {
        let kind = kind(s)
        let h = header ?? headerSlot(s)
        if kind.isOrthogonal {
            slots.setHeight(Double(bandHeight(s)), at: h + 1, isMeasured: true)
        } else {
            let groups = kind.groupCount(items: records[s].count)
            slots.setHeight(Double(slotHeight(s, group: k, of: groups)), at: h + 1 + k, isMeasured: isGroupMeasured(s, k))
        }
    }

    /// Brings the header and footer slots of `s` up to date after a boundary item was measured.
    func refreshBoundary(_ s: Int) {
        let h = headerSlot(s)
        slots.setHeight(Double(headerSlotHeight(s)), at: h, isMeasured: boundaryMeasured(s, footer: false))
        let footer = rowSlotRange(s, header: h).upperBound
        slots.setHeight(Double(footerSlotHeight(s)), at: footer, isMeasured: boundaryMeasured(s, footer: true))
    }

    // MARK: Layout-level boundary items

    func globalHeight(_ b: Int) -> CGFloat {
        b < globalMeasured.count && !globalMeasured[b].isNaN ? globalMeasured[b] : global[b].size.height
    }

    /// The stacked height of the layout's top (or bottom) boundary items.
    func globalStack(bottom: Bool) -> CGFloat {
        var height: CGFloat = 0
        for (b, item) in global.enumerated() where item.stacks && (item.edge == .bottom) == bottom { height += globalHeight(b) }
        return height
    }

    /// Where the sections start: below the layout's stacked top items.
    var sectionsTop: CGFloat { globalStack(bottom: false) }

    /// The content height: the layout's top items, every slot, its bottom items.
    var contentHeight: CGFloat { sectionsTop + CGFloat(slots.totalHeight) + globalStack(bottom: true) }
}
