import Foundation

/// What `TableViewDiffableDataSource` and `CollectionViewDiffableDataSource` share,
/// written once: the current snapshot, `apply` (first apply a reload, later ones
/// one batch of the difference, then reconfigures), the reentrancy guard and the
/// cell provider's call. The two public classes are thin faces over it that
/// speak their view's data source protocol.
///
/// A class, not a struct: `apply` calls the view, whose data source calls come
/// straight back here to read `current` while `apply` is running.
@MainActor
final class DiffableDataSourceCore<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable> {
    /// The snapshot the view shows (without reload or reconfigure marks).
    var current = DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>()
    /// What the last `apply` did.
    var lastApply = DiffableApplyReport()
    private var isInCellProvider = false
    /// Applies waiting, in order; the first is in flight while `isDraining`.
    var queue: [PendingApply] = []
    private var isDraining = false
    /// The app's say in expanding and collapsing (`tapOutlineDisclosure(at:)`).
    var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifier>()

    /// One queued apply: a snapshot, whether its difference is computed off the main actor, and
    /// who to tell when it is applied.
    struct PendingApply {
        var snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>
        var diffsOffMainActor: Bool
        var completion: (() -> Void)?
        var continuation: CheckedContinuation<Void, Never>?
        /// A section snapshot to apply to one section instead of `snapshot`.
        var section: (identifier: SectionIdentifier, snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifier>)? = nil
    }
    /// The view's name in messages: "table" or "collection view".
    private let viewNoun: String
    /// The public class's name, for messages.
    private let owner: String

    init(viewNoun: String, owner: String) {
        self.viewNoun = viewNoun
        self.owner = owner
    }

    /// Makes `view` show `snapshot` (see `TableViewDiffableDataSource.apply`), now, or after the
    /// applies in flight when there are some (see `applyOffMainActor(_:view:)`).
    /// - Complexity: O(n log n) for n items in the sections that changed, plus the
    ///   view's batch update; O(sections) when nothing changed.
    func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>, to view: (any DiffableTarget)?,
        completion: (() -> Void)?
    ) {
        if isDraining {
            queue.append(PendingApply(snapshot: snapshot, diffsOffMainActor: false, completion: completion))
            return
        }
        do { try validateApply() } catch { ReuseTableError.trap(error) }
        applyNow(snapshot, to: view, difference: nil, completion: completion)
    }

    /// Queues `snapshot` behind the applies in flight and returns once it is applied: its
    /// difference from the snapshot before it is computed in a background task, then applied
    /// on the main actor. Applies made meanwhile, async or not, queue behind it in order.
    /// - Complexity: the difference off the main actor; on it, the view's batch update.
    func applyOffMainActor(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>, view: @escaping () -> (any DiffableTarget)?
    ) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.append(PendingApply(snapshot: snapshot, diffsOffMainActor: true, continuation: continuation))
            guard !isDraining else { return }
            isDraining = true
            Task { await drain(view) }
        }
    }

    /// Runs the queued applies in order, each against the snapshot the one before it left.
    private func drain(_ view: () -> (any DiffableTarget)?) async {
        while let next = queue.first {
            var difference: (SnapshotDifference, UInt64)?
            if next.diffsOffMainActor, let target = view(), target.hasLoadedData, current.numberOfSections > 0 {
                let base = current, snapshot = next.snapshot
                difference = await Task.detached {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let difference = SnapshotDifference(from: base, to: snapshot)
                    return (difference, DispatchTime.now().uptimeNanoseconds - start)
                }.value
            }
            queue.removeFirst()
            if let section = next.section {
                applySectionNow(section.snapshot, to: section.identifier, view: view(), completion: next.completion)
            } else {
                applyNow(next.snapshot, to: view(), difference: difference, completion: next.completion)
            }
            next.continuation?.resume()
        }
        isDraining = false
    }

    /// Applies a difference computed beforehand from `current` to `snapshot` (the main-actor half
    /// of an async apply, for the bench); queued like any apply when one is in flight.
    func applyPrepared(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>, difference: SnapshotDifference,
        to view: (any DiffableTarget)?
    ) {
        guard !isDraining else { return apply(snapshot, to: view, completion: nil) }
        applyNow(snapshot, to: view, difference: (difference, 0), completion: nil)
    }

    /// Whether an apply is in flight (its difference being computed, or queued applies waiting).
    var isApplying: Bool { isDraining }

    /// Applies `snapshot` now, with its difference from `current` when already computed
    /// (and how long that took, off the main actor).
    func applyNow(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>, to view: (any DiffableTarget)?,
        difference precomputed: (SnapshotDifference, UInt64)?, completion: (() -> Void)?
    ) {
        let start = DispatchTime.now().uptimeNanoseconds
        var next = snapshot
        next.clearMarks()
        guard let view else { current = next; completion?(); return }
        if !view.hasLoadedData || current.numberOfSections == 0 {
            current = next
            view.reloadData()
            lastApply = DiffableApplyReport(reloadedData: true, nanoseconds: DispatchTime.now().uptimeNanoseconds - start)
            completion?()
            return
        }
        // An apply while a row or item is lifted cancels the movement first, as a reload does
        // (Docs/reordering.md): the snapshot and the screen then change together.
        view.cancelMovementBeforeReload(by: "apply(_:animatingDifferences:completion:)")
        let difference = precomputed?.0 ?? SnapshotDifference(from: current, to: snapshot)
        let old = current
        let focused = view.focusedIndexPath.flatMap { old.item(at: $0) }
        current = next
        if !difference.isEmpty {
            // The calls a caller would make, in their order, recorded into one batch.
            view.performBatchUpdates(
                {
                    view.record("apply(_:animatingDifferences:completion:)") { batch in difference.record(into: &batch) }
                }, completion: nil)
            // Focus follows its item by identity, also where the batch deletes and inserts it (a moved and reloaded item).
            if let focused {
                view.placeFocusFollowingIdentity(Self.focusTarget(of: focused, old: old, new: next))
            }
        }
        if !difference.reconfiguredItems.isEmpty { view.reconfigureVisible(at: difference.reconfiguredItems) }
        if view.showsOutlines { view.markExpansion { isItemExpanded(at: $0) } }  // a whole snapshot may flatten an outline
        lastApply = DiffableApplyReport(difference, nanoseconds: DispatchTime.now().uptimeNanoseconds - start)
        if let precomputed { lastApply.diffNanosecondsOffMainActor = precomputed.1 }
        completion?()
    }

    /// Where focus goes when the focused item was `focused` in `old` and the data is now `new`: the
    /// item itself when it stays, else the nearest following item of `old` that stays, else the
    /// nearest preceding one (the rule of `FocusState.follow(_:oldCounts:)`, by identity).
    /// - Complexity: O(1) hash lookups when the item stays; one per item passed over otherwise.
    static func focusTarget(
        of focused: ItemIdentifier, old: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
        new: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>
    ) -> IndexPath? {
        if let stays = new.indexPath(of: focused) { return stays }
        guard let start = old.indexPath(of: focused) else { return nil }
        let sections = old.storage.items
        for section in start.section..<sections.count {
            for item in sections[section][(section == start.section ? start.row + 1 : 0)...] {
                if let stays = new.indexPath(of: item) { return stays }
            }
        }
        for section in stride(from: start.section, through: 0, by: -1) {
            for item in sections[section][..<(section == start.section ? start.row : sections[section].count)].reversed() {
                if let stays = new.indexPath(of: item) { return stays }
            }
        }
        return nil
    }

    /// Throws when `apply` would be reentrant (called from the cell provider).
    func validateApply() throws(ReuseTableError) {
        if isInCellProvider {
            throw ReuseTableError(
                "apply(_:animatingDifferences:completion:) was called from inside the cell provider; "
                    + "the \(viewNoun) is asking for a cell of the current snapshot. "
                    + "Apply after the \(viewNoun) finishes, not while it is laying out cells.")
        }
    }

    /// The cell provider's cell for the item at `indexPath`; stops with a message
    /// when there is no such item or the provider returns nil.
    func cell<Cell>(
        at indexPath: IndexPath, describing where: (IndexPath) -> String,
        _ provider: (ItemIdentifier) -> Cell?
    ) -> Cell {
        guard let item = current.item(at: indexPath) else {
            ReuseTableError.trap(ReuseTableError("\(owner): no item at \(`where`(indexPath)) in the current snapshot."))
        }
        isInCellProvider = true
        defer { isInCellProvider = false }
        guard let cell = provider(item) else {
            ReuseTableError.trap(ReuseTableError("\(owner): the cell provider returned nil for item \(describe(item)) at \(`where`(indexPath))."))
        }
        return cell
    }

    /// Makes `snapshot` current without telling the view: the view already shows it (a drop it moved itself).
    func follow(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>) {
        var next = snapshot
        next.clearMarks()
        current = next
    }

    /// Items in a section of the current snapshot.
    func numberOfItems(inSection section: Int) -> Int { current.storage.items[section].count }

    /// The section identifier at an index, or nil.
    func sectionIdentifier(for index: Int) -> SectionIdentifier? {
        current.storage.sections.indices.contains(index) ? current.storage.sections[index] : nil
    }
}

/// What a diffable data source asks of its view: the batch vocabulary both
/// views already have under the same names, and reconfiguring visible cells.
@MainActor
protocol DiffableTarget: AnyObject {
    var hasLoadedData: Bool { get }
    func reloadData()
    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)
    /// Records one call's changes into the batch being recorded.
    func record(_ name: String, _ change: @escaping (inout BatchUpdate) -> Void)
    /// `reconfigureRows(at:)` or `reconfigureItems(at:)`.
    func reconfigureVisible(at indexPaths: [IndexPath])
    /// Section snapshots are applied to the view: its cells' `isExpanded` follows them.
    func noteShowsOutlines()
    /// Whether a section snapshot was ever applied to the view.
    var showsOutlines: Bool { get }
    /// Gives each cell on screen its item's expansion (`Outline/ReuseEngineView+OutlineExpansion.swift`).
    func markExpansion(_ isExpanded: (IndexPath) -> Bool)
    /// Cancels an interactive movement before an apply made outside callbacks (`InteractiveMovement+WaitingCalls.swift`).
    func cancelMovementBeforeReload(by call: String)
    /// The focused row or item (`FocusState`).
    var focusedIndexPath: IndexPath? { get }
    /// After an apply: focus on the row its item is now in (`Selection/FocusHost.swift`).
    func placeFocusFollowingIdentity(_ indexPath: IndexPath?)
}

extension TableView: DiffableTarget {
    var hasLoadedData: Bool { engine.hasLoadedData }
    func reconfigureVisible(at indexPaths: [IndexPath]) { reconfigureRows(at: indexPaths) }
}

extension CollectionView: DiffableTarget {
    var hasLoadedData: Bool { engine.hasLoadedData }
    func reconfigureVisible(at indexPaths: [IndexPath]) { reconfigureItems(at: indexPaths) }
}

extension DiffableDataSourceSnapshot {
    /// The item at a (section, row) position, or nil.
    func item(at indexPath: IndexPath) -> ItemIdentifier? {
        guard indexPath.count == 2, storage.items.indices.contains(indexPath.section) else { return nil }
        let items = storage.items[indexPath.section]
        return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }

    /// The (section, row) of an item, or nil.
    func indexPath(of identifier: ItemIdentifier) -> IndexPath? {
        guard let location = try? storage.location(ofItem: identifier) else { return nil }
        return IndexPath(row: location.row, section: location.section)
    }

    /// Drops the reload and reconfigure marks (they belong to one apply).
    mutating func clearMarks() {
        guard !storage.reloaded.isEmpty || !storage.reconfigured.isEmpty else { return }
        try? attempt { storage in
            storage.reloaded.removeAll()
            storage.reconfigured.removeAll()
        }
    }
}
