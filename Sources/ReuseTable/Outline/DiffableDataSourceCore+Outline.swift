import Foundation

// Section snapshots on both diffable data sources, written once: applying one to a section
// (its visible items become the section's rows), reading one back, and a tap on an item's
// outline disclosure through the handlers. A section snapshot made from the one applied is
// applied by replaying its edit log as row-range updates; anything else is diffed.

extension DiffableDataSourceCore {
    /// The section snapshot of `section`: the one applied, or the section's items as root items
    /// (empty for a section not in the snapshot).
    /// - Complexity: O(1) for a section applied as a section snapshot, else O(n) to build one.
    func sectionSnapshot(for section: SectionIdentifier) -> DiffableDataSourceSectionSnapshot<ItemIdentifier> {
        if let outline = current.storage.outlines[section] { return outline }
        var flat = DiffableDataSourceSectionSnapshot<ItemIdentifier>()
        guard let position = current.indexOfSection(section) else { return flat }
        flat.append(current.storage.items[position])
        return flat.trimmingLog()
    }

    /// Makes `section` show `snapshot`'s visible items, now, or after the applies in flight.
    func apply(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifier>, to section: SectionIdentifier, view: (any DiffableTarget)?,
        completion: (() -> Void)?
    ) {
        if isApplying {
            queue.append(
                PendingApply(snapshot: current, diffsOffMainActor: false, completion: completion, section: (section, snapshot)))
            return
        }
        do { try validateApply() } catch { ReuseTableError.trap(error) }
        applySectionNow(snapshot, to: section, view: view, completion: completion)
    }

    static var sectionApplyCall: String { "apply(_:to:animatingDifferences:completion:)" }

    /// Applies a section snapshot now: its logged edits since the one applied, as row-range
    /// updates, when it descends from it; otherwise the section's rows are replaced and diffed.
    /// - Complexity: O(k + log n) per edit of k rows, plus the view's range update; the diff otherwise.
    func applySectionNow(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifier>, to section: SectionIdentifier, view: (any DiffableTarget)?,
        completion: (() -> Void)?
    ) {
        let start = DispatchTime.now().uptimeNanoseconds
        // A row or item lifted is put back first, as for a whole snapshot (`applyNow`): while it is
        // lifted the view's updates wait, so the data source would change and the screen would not.
        view?.cancelMovementBeforeReload(by: Self.sectionApplyCall)
        let position = current.indexOfSection(section)
        if let view { markExpansion(on: view, inSection: position, following: snapshot) }
        var edits: ArraySlice<OutlineEdit<ItemIdentifier>>?
        if position != nil, let old = current.storage.outlines[section] {
            edits = snapshot.edits(since: old)
        } else if let position, current.storage.items[position].isEmpty {
            edits = [OutlineEdit(at: 0, removed: 0, inserted: snapshot.visibleItems, isFresh: true, stamp: 0)]
        }
        guard let position, let edits, let view, view.hasLoadedData, current.numberOfSections > 0 else {
            return applyByDiff(snapshot, to: section, view: view, completion: completion)
        }
        // One update for all the edits: the data source first (it answers the new counts while
        // the view updates), deletions from the bottom, then insertions from the top.
        let update = RowRangeUpdate(edits, oldCount: current.storage.items[position].count)
        if !update.deleted.isEmpty, !update.inserted.isEmpty {
            // An item both removed and shown again (a replace that keeps some children) stays the
            // same row, with its cell and selection, only through the diff, which sees it move.
            var removed = Set<ItemIdentifier>()
            for range in update.deleted { removed.formUnion(current.storage.items[position][range]) }
            if update.inserted.contains(where: { $0.items.contains(where: removed.contains) }) {
                return applyByDiff(snapshot, to: section, view: view, completion: completion)
            }
        }
        do {
            try current.attempt { storage in
                for edit in edits where edit.isFresh {
                    try storage.requireOnlyIn(section, edit.inserted, call: Self.sectionApplyCall)
                }
                storage.outlines[section] = snapshot.trimmingLog()
                for range in update.deleted.reversed() {
                    storage.replaceRows(inSection: position, at: range.lowerBound, removed: range.count, inserted: [])
                }
                for insertion in update.inserted {
                    storage.replaceRows(inSection: position, at: insertion.at, removed: 0, inserted: insertion.items)
                }
            }
        } catch { ReuseTableError.trap(error) }
        view.replaceRows(inSection: position, update)
        var report = DiffableApplyReport()
        report.deleted = update.deletedCount
        report.inserted = update.insertedCount
        report.nanoseconds = DispatchTime.now().uptimeNanoseconds - start
        lastApply = report
        completion?()
    }

    /// The fallback: the section's rows replaced, then an ordinary apply (a diff, or the first reload).
    private func applyByDiff(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifier>, to section: SectionIdentifier, view: (any DiffableTarget)?,
        completion: (() -> Void)?
    ) {
        let next: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>
        do {
            next = try current.replacingItems(inSection: section, with: snapshot, call: Self.sectionApplyCall)
        } catch { ReuseTableError.trap(error) }
        applyNow(next, to: view, difference: nil, completion: completion)
    }

    /// Where an item is shown, looked up through its section snapshot when it has one.
    /// - Complexity: O(log n) in a section with a section snapshot, else O(items in its section).
    func indexPath(for item: ItemIdentifier) -> IndexPath? {
        guard let section = current.sectionIdentifier(containingItem: item) else { return nil }
        if let outline = current.storage.outlines[section], let row = outline.visibleIndex(of: item), let position = current.indexOfSection(section) {
            return IndexPath(row: row, section: position)
        }
        return current.indexPath(of: item)
    }

    /// Whether the item at `indexPath` is expanded in its section's section snapshot (false in a
    /// section without one).
    /// - Complexity: a dictionary lookup and a hash lookup.
    func isItemExpanded(at indexPath: IndexPath) -> Bool {
        guard let section = sectionIdentifier(for: indexPath.section), let outline = current.storage.outlines[section],
            let item = current.item(at: indexPath)
        else { return false }
        return outline.expansion(of: item) ?? false
    }

    /// Before `next` becomes the section snapshot of the section at `position` (nil: a section
    /// the apply appends): tells the cells on screen, at their index paths before the change, the
    /// expansion their items will have, so those that change update once in the view's update.
    /// - Complexity: O(v) hash lookups for v cells on screen.
    func markExpansion(on view: any DiffableTarget, inSection position: Int?, following next: DiffableDataSourceSectionSnapshot<ItemIdentifier>) {
        view.noteShowsOutlines()
        view.markExpansion { indexPath in
            guard indexPath.section == position else { return isItemExpanded(at: indexPath) }
            guard let item = current.item(at: indexPath) else { return false }
            return next.expansion(of: item) ?? false
        }
    }

    /// A tap on the outline disclosure of the item at `indexPath`, in UIKit's order: should
    /// expand → will expand → the children from `snapshotForExpandingParent` → the apply; or
    /// should collapse → will collapse → the apply. Each handler may read or change the view;
    /// the section snapshot is read again after it.
    func toggleOutlineDisclosure(at indexPath: IndexPath, view: (any DiffableTarget)?) {
        guard let item = current.item(at: indexPath), let section = sectionIdentifier(for: indexPath.section) else { return }
        let handlers = sectionSnapshotHandlers
        var snapshot = sectionSnapshot(for: section)
        if snapshot.isExpanded(item) {
            if let should = handlers.shouldCollapseItem, !should(item) { return }
            handlers.willCollapseItem?(item)
            snapshot = sectionSnapshot(for: section)
            guard snapshot.contains(item) else { return }
            snapshot.collapse([item])
        } else {
            if let should = handlers.shouldExpandItem, !should(item) { return }
            handlers.willExpandItem?(item)
            snapshot = sectionSnapshot(for: section)
            guard snapshot.contains(item) else { return }
            if let children = handlers.snapshotForExpandingParent {
                let given = snapshot.snapshot(of: item)
                let replacement = children(item, given)
                snapshot = sectionSnapshot(for: section)
                guard snapshot.contains(item) else { return }
                // The children handed back untouched (same storage) are the children already there.
                if replacement.storage !== given.storage { snapshot.replace(childrenOf: item, using: replacement) }
            }
            snapshot.expand([item])
        }
        apply(snapshot, to: section, view: view, completion: nil)
    }
}

/// A data source that can toggle an item's outline disclosure: what `tapOutlineDisclosure(at:)`
/// asks the view's data source, so the views need not know the diffable types.
@MainActor
protocol OutlineDisclosureToggling: AnyObject {
    func toggleOutlineDisclosure(at indexPath: IndexPath)
    /// Whether the item at `indexPath` is expanded (what its cell's `isExpanded` state shows).
    func isItemExpanded(at indexPath: IndexPath) -> Bool
}

extension DiffableDataSourceSectionSnapshot {
    /// Whether `item` is expanded, or nil when it is not in the snapshot.
    /// - Complexity: O(1).
    func expansion(of item: Item) -> Bool? {
        storage.index[item].map { storage.expanded[Int($0)] }
    }
}

extension DiffableTarget {
    /// Deletes and inserts rows of one section (ranges, old and new index spaces), as one batch.
    func replaceRows<Item>(inSection section: Int, _ update: RowRangeUpdate<Item>) {
        guard !update.isEmpty else { return }
        // The table, and a collection view whose layout takes ranges (the compositional layout), take
        // the ranges as ranges; otherwise (another layout, or a state the range paths leave to
        // batches) one batch of index paths.
        let inserted = update.inserted.map { $0.at..<($0.at + $0.items.count) }
        if let view = self as? any ReuseEngineView, view.applyRanges(inSection: section, deleted: update.deleted, inserted: inserted) {
            return
        }
        performBatchUpdates(
            {
                self.record(DiffableDataSourceCore<Int, Int>.sectionApplyCall) { batch in
                    for range in update.deleted { batch.deletedRows += range.map { IndexPath(row: $0, section: section) } }
                    for insertion in update.inserted {
                        let rows = insertion.at..<(insertion.at + insertion.items.count)
                        batch.insertedRows += rows.map { IndexPath(row: $0, section: section) }
                    }
                }
            }, completion: nil)
    }
}
