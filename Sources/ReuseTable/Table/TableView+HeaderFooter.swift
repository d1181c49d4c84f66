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
    /// The section found last is kept (`pinnedSection`) while the geometry is the same and the
    /// top stays inside it: a scroll step within one section looks nothing up. Otherwise both
    /// lookups go through the layout finger (`layoutFinger`).
    /// - Complexity: O(1) within the last pass's section, O(1) amortized near it, O(log n) otherwise.
    func pinnedHeader(in visible: Range<Double>) -> (SupplementaryKey, CGRect)? {
        let top = visible.lowerBound + Double(adjustedContentInset.top)
        guard top > 0 else { return nil }
        let section: Int, span: SectionSpan
        if let known = pinnedSection, known.generation == pass.layoutGeneration, known.span.header.minY <= top, top < known.span.end {
            (section, span) = (known.section, known.span)
        } else {
            guard let located = geometry.slot(atOffset: top, near: &layoutFinger), located.section >= 0 else { return nil }
            (section, span) = (located.section, geometry.sectionSpan(located.section, near: &layoutFinger))
            pinnedSection = PinnedSection(generation: pass.layoutGeneration, section: section, span: span)
        }
        let header = span.header
        guard header.height > 0 else { return nil }
        let y = min(max(header.minY, top), span.end - header.height)
        return (SupplementaryKey(kind: .header, section: section), contentRect(minY: y, height: header.height))
    }

    /// The section `pinnedHeader(in:)` found last, with the layout generation of the geometry it was found in.
    struct PinnedSection {
        var generation: UInt64
        var section: Int
        var span: SectionSpan
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
