import Foundation

// Section headers and footers on screen: where they go (pinned in `.plain`
// style) and which views show them. Their heights are slots in the geometry,
// like rows; their views come from the delegate and go back to their own pool.

extension TableView {
    /// Adds, moves and removes header and footer views for the header and footer slots
    /// found intersecting `visible`.
    ///
    /// In `.plain` style the header of the section at the top is pinned there
    /// until the section's end pushes it up; it draws above everything.
    /// - Complexity: O(log n + visible slots).
    func placeSupplementaryViews(_ found: [(SupplementaryKey, CGRect)], in visible: Range<Double>) {
        var wanted = found
        if style == .plain, let pinned = pinnedHeader(in: visible) {
            wanted.removeAll { $0.0 == pinned.0 }
            wanted.append(pinned)
        }
        guard !wanted.isEmpty || !visibleSupplementaryViews.isEmpty else { return }
        let keys = Set(wanted.map(\.0))
        for (key, view) in visibleSupplementaryViews where !keys.contains(key) {
            recycleSupplementary(view)
            visibleSupplementaryViews[key] = nil
        }
        for (key, frame) in wanted {
            if visibleSupplementaryViews[key] == nil, let view = supplementaryView(for: key) {
                addSubview(view)
                visibleSupplementaryViews[key] = view
            }
            guard let view = visibleSupplementaryViews[key] else { continue }
            view.frame = frame
            view.layoutIfNeeded()
        }
        // The pinned header (last in `wanted`) draws above everything.
        if let last = wanted.last, let view = visibleSupplementaryViews[last.0] { bringSubviewToFront(view) }
    }

    /// In `.plain` style, the header of the section at the top stays pinned
    /// until the section's end pushes it up. As in UIKit, "the top" is below the
    /// top content inset (`visible` is in geometry coordinates, see `viewport`).
    /// Without a top inset the section at the top is the one the pass's walk started in;
    /// otherwise it is looked up through the layout finger (`layoutFinger`). The spans of the
    /// sections looked up are kept while the geometry stays the same (`PinnedSections`).
    /// - Complexity: O(1) amortized without a top inset, O(log n) otherwise.
    func pinnedHeader(in visible: Range<Double>) -> (SupplementaryKey, CGRect)? {
        let top = visible.lowerBound + Double(adjustedContentInset.top)
        guard top > 0 else { return nil }
        let generation = engine.pass.layoutGeneration
        if pinnedSections.generation != generation { pinnedSections.forget(generation: generation) }
        let section: Int
        if let walked = pinnedSections.walkTop, walked.generation == generation, walked.y == top {
            section = walked.section
        } else {
            guard let located = geometry.slot(atOffset: top, near: &layoutFinger) else { return nil }
            section = located.section
        }
        guard section >= 0 else { return nil }
        let span: SectionSpan
        if let known = pinnedSections.spans[section] {
            span = known
        } else {
            span = geometry.sectionSpan(section, near: &layoutFinger)
            pinnedSections.remember(span, of: section)
        }
        let header = span.header
        guard header.height > 0 else { return nil }
        let y = min(max(header.minY, top), span.end - header.height)
        return (SupplementaryKey(kind: .header, section: section), contentRect(minY: y, height: header.height))
    }

    /// What `pinnedHeader(in:)` keeps between passes while the geometry stays the same (its
    /// layout generation): the span of every section it looked up, and where the layout
    /// pass's walk started (`wanted(cells:supplementary:)`), so a viewport without a top inset
    /// finds the section at its top without a lookup.
    struct PinnedSections {
        var generation: UInt64 = 0
        var spans: [Int: SectionSpan] = [:]
        var walkTop: (generation: UInt64, y: Double, section: Int)?

        /// Spans kept at most: a scroll through many sections starts over rather than grow.
        static let capacity = 64

        /// Forgets every span: the geometry changed.
        mutating func forget(generation: UInt64) {
            self.generation = generation
            spans.removeAll(keepingCapacity: true)
        }

        /// Keeps the span of `section`, starting over when `capacity` spans are kept.
        mutating func remember(_ span: SectionSpan, of section: Int) {
            if spans.count >= PinnedSections.capacity { spans.removeAll(keepingCapacity: true) }
            spans[section] = span
        }
    }

    /// The delegate's view for a header or footer, if any (none once a structural call is queued).
    func supplementaryView(for key: SupplementaryKey) -> View? {
        guard let delegate else { return nil }
        switch key.kind {
        case .header:
            return ask("tableView(_:viewForHeaderInSection:)") { delegate.tableView(self, viewForHeaderInSection: key.section) } ?? nil
        default:
            return ask("tableView(_:viewForFooterInSection:)") { delegate.tableView(self, viewForFooterInSection: key.section) } ?? nil
        }
    }
}

/// A header or footer position.
struct SupplementaryKey: Hashable {
    var kind: SlotKind
    var section: Int
}
