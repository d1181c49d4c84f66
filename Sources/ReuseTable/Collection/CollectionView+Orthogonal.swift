import Foundation

// Sections that scroll sideways on their own (the compositional layout's orthogonal sections):
// each has an offset of its own, and these calls are the headless stand-in for a finger on one —
// drag it, let go of it — beside `scrollToItem(at:at:animated:)`'s `.left`, `.centeredHorizontally`
// and `.right`. Every change lays out at once, so items the band scrolled away are recycled.

extension CollectionView {
    /// How far section `section` is scrolled sideways (0 for a section that does not scroll
    /// sideways or a layout without such sections). A section that does not exist stops with a message.
    /// - Complexity: O(1).
    public func orthogonalContentOffset(forSection section: Int) -> CGFloat {
        loadIfNeeded()
        do { try validateSection(section) } catch { ReuseTableError.trap(error) }
        prepareLayoutForQuery()
        return (collectionViewLayout as? CollectionViewCompositionalLayout)?.orthogonalOffsets[section] ?? 0
    }

    /// The widths of section `section`'s sideways band, for drawing a horizontal scroll indicator
    /// under it: `content`, all its groups side by side with its leading and trailing insets, and
    /// `visible`, the part the section shows — the `contentSize.width` and `bounds.width` of the
    /// scroll view UIKit keeps private inside the section. `orthogonalContentOffset(forSection:)`
    /// runs from 0 to `content - visible`. Nil for a section that does not scroll sideways or a layout
    /// without such sections; a section that does not exist stops with a message.
    /// - Complexity: O(1).
    public func orthogonalContentWidth(forSection section: Int) -> (content: CGFloat, visible: CGFloat)? {
        loadIfNeeded()
        do { try validateSection(section) } catch { ReuseTableError.trap(error) }
        prepareLayoutForQuery()
        guard let layout = collectionViewLayout as? CollectionViewCompositionalLayout, section < layout.store.sectionCount,
            layout.store.kind(section).isOrthogonal
        else { return nil }
        let visible = layout.store.kind(section).sectionWidth
        return (visible + layout.maximumOrthogonalOffset(section), visible)
    }

    /// A finger on section `section` moves `dx` points sideways: the band moves with it (a negative
    /// `dx`, to the left, shows what is to the right), within its range. Lays out at once. A section
    /// that does not scroll sideways is reported and left alone; a non-finite `dx` too.
    /// - Complexity: O(log n + visible items).
    public func dragOrthogonalSection(_ section: Int, by dx: CGFloat) {
        if deferIfBusy("dragOrthogonalSection(_:by:)", waitsForMovement: false, { [self] in dragOrthogonalSection(section, by: dx) }) { return }
        guard let layout = orthogonalLayout(section, call: "dragOrthogonalSection(_:by:)") else { return }
        guard dx.isFinite else {
            return diagnosticHandler("dragOrthogonalSection(_:by:) was given \(dx) for section \(section); a drag must be finite. Ignored.")
        }
        let current = layout.orthogonalOffsets[section] ?? 0
        performTransaction {
            guard layout.setOrthogonalOffset(current - dx, forSection: section) else { return }
            runLayoutPass()
        }
    }

    /// The finger leaves section `section` moving at `velocity` points per second (negative: to the
    /// left, toward later groups): the band comes to rest where its behaviour says
    /// (`CollectionLayoutSectionOrthogonalScrollingBehavior`: glide, group boundary, next page or
    /// group) and lays out there. Reported and ignored for a section that does not scroll sideways.
    /// - Complexity: O(log n + visible items).
    public func endDraggingOrthogonalSection(_ section: Int, velocity: CGFloat) {
        if deferIfBusy(
            "endDraggingOrthogonalSection(_:velocity:)", waitsForMovement: false,
            { [self] in
                endDraggingOrthogonalSection(section, velocity: velocity)
            })
        {
            return
        }
        guard let layout = orthogonalLayout(section, call: "endDraggingOrthogonalSection(_:velocity:)") else { return }
        guard velocity.isFinite else {
            return diagnosticHandler(
                "endDraggingOrthogonalSection(_:velocity:) was given \(velocity) for section \(section); a velocity must be finite. Ignored.")
        }
        let current = layout.orthogonalOffsets[section] ?? 0
        let resting = layout.restingOrthogonalOffset(section, from: current, velocity: -velocity)
        performTransaction {
            guard layout.setOrthogonalOffset(resting, forSection: section) else { return }
            runLayoutPass()
        }
    }

    /// The compositional layout when `section` exists and scrolls sideways; otherwise reports why
    /// (a section that does not exist stops with a message) and returns nil.
    private func orthogonalLayout(_ section: Int, call: String) -> CollectionViewCompositionalLayout? {
        loadIfNeeded()
        do { try validateSection(section) } catch { ReuseTableError.trap(error) }
        prepareLayoutForQuery()
        guard let layout = collectionViewLayout as? CollectionViewCompositionalLayout, section < layout.store.sectionCount,
            layout.store.kind(section).isOrthogonal
        else {
            diagnosticHandler(
                "\(call): section \(section) does not scroll sideways (its layout section's orthogonalScrollingBehavior is .none). Ignored.")
            return nil
        }
        return layout
    }
}

extension CollectionViewCompositionalLayout {
    /// Moves an orthogonal section's offset so `indexPath` shows at `position`; true when it moved.
    func slideOrthogonalSection(toShow indexPath: IndexPath, at position: CollectionView.ScrollPosition) -> Bool {
        let s = indexPath.section
        guard s < store.sectionCount, store.kind(s).isOrthogonal else { return false }
        let horizontal: CollectionView.ScrollPosition? = [.left, .centeredHorizontally, .right].contains(position) ? position : nil
        guard let target = orthogonalOffset(showing: indexPath.item, inSection: s, at: horizontal) else { return false }
        return setOrthogonalOffset(target, forSection: s)
    }
}
