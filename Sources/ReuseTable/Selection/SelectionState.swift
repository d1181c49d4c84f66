import Foundation

/// The selected rows (or items) of a table or collection view, and the one
/// being touched: state of the *view*, kept by index path — never in a cell.
///
/// A cell is a reusable costume: a flag stored in it would walk with it to another row (the classic
/// "selection leaks onto a reused cell" bug); a set kept by the view stays with its row, and the
/// view copies it onto whichever cell displays a row (`SelectionHost.showSelection(on:at:animated:)`).
///
/// Memory is O(selected), whatever the number of rows. The set follows every batch update through
/// the same `UpdatePlan` the geometry and the height cache take (`follow(_:)`): deleted rows leave it,
/// moves carry it, inserts and deletes above shift it, reloaded rows keep it; `reloadData()` clears it.
struct SelectionState {
    /// The selected index paths.
    private(set) var selected: Set<IndexPath> = []
    /// The row or item under a touch between highlight and unhighlight (`tapRow(at:)`, `tapItem(at:)`), else nil.
    var highlighted: IndexPath?

    var isEmpty: Bool { selected.isEmpty }

    func contains(_ indexPath: IndexPath) -> Bool { !selected.isEmpty && selected.contains(indexPath) }

    /// The selected index paths in order.
    /// - Complexity: O(s log s) for s selected.
    var sorted: [IndexPath] { selected.sorted() }

    /// Adds `indexPath`; returns false when it was already selected.
    @discardableResult
    mutating func insert(_ indexPath: IndexPath) -> Bool { selected.insert(indexPath).inserted }

    /// Removes `indexPath`; returns false when it was not selected.
    @discardableResult
    mutating func remove(_ indexPath: IndexPath) -> Bool { selected.remove(indexPath) != nil }

    /// Forgets everything (a reload: the rows are new).
    mutating func removeAll() {
        selected.removeAll()
        highlighted = nil
    }

    /// Maps every selected index path through a batch update: a deleted row, or
    /// one in a deleted or reloaded section, leaves; a moved row is carried; a
    /// reloaded row stays selected at its new position (our choice, see Docs/selection.md; UIKit is reported to deselect it); every
    /// other row shifts by the inserts and deletes before it.
    /// - Complexity: O(s (log k + k)) for s selected and k changes in their sections — never O(rows);
    ///   O(s) when the update is applied in bulk (its row map answers in O(1)).
    /// Maps every selected index path through `newIndexPath` (nil: the row left), as `follow(_:)`
    /// does for a plan: for row-range updates, which have no plan.
    /// - Complexity: O(s) calls for s selected.
    mutating func follow(_ newIndexPath: (IndexPath) -> IndexPath?) {
        if let highlighted { self.highlighted = newIndexPath(highlighted) }
        guard !selected.isEmpty else { return }
        selected = Set(selected.compactMap(newIndexPath))
    }

    mutating func follow(_ plan: AppliedUpdate) {
        if let highlighted { self.highlighted = plan.newIndexPath(followingReloadOf: highlighted) }
        guard !selected.isEmpty else { return }
        selected = Set(selected.compactMap { plan.newIndexPath(followingReloadOf: $0) })
    }
}
