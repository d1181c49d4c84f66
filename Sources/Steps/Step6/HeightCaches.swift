// Step 3's caches (Docs/steps/step-3-height-caches.md), following step 6's batches: measured heights by index path and by key, a table
// of each per content width, so a rotation and back measures nothing. The index-path cache follows every
// change of the rows (inserts, deletes, moves, reloads) the way the rows themselves move.

import Foundation
import ReuseTable

/// Measured heights by index path, per width: one array per section, nil where nothing is measured.
@MainActor
public final class IndexPathHeightCache {
    /// For each width, each section's heights by row.
    private var heightsByWidth: [CGFloat: [[CGFloat?]]] = [:]

    /// The height measured for `indexPath` at `width`, or nil.
    /// - Complexity: O(1).
    public func height(at indexPath: IndexPath, width: CGFloat) -> CGFloat? {
        guard let sections = heightsByWidth[width], indexPath.section < sections.count,
            indexPath.row < sections[indexPath.section].count
        else { return nil }
        return sections[indexPath.section][indexPath.row]
    }

    /// Keeps `height` for `indexPath` at `width`, growing the tables as needed.
    func setHeight(_ height: CGFloat, at indexPath: IndexPath, width: CGFloat) {
        var sections = heightsByWidth[width] ?? []
        while sections.count <= indexPath.section { sections.append([]) }
        while sections[indexPath.section].count <= indexPath.row { sections[indexPath.section].append(nil) }
        sections[indexPath.section][indexPath.row] = height
        heightsByWidth[width] = sections
    }

    /// Forgets the height of `indexPath` at every width: its row will be measured again.
    public func invalidateHeight(at indexPath: IndexPath) {
        forEachSection(indexPath.section) { rows in
            if indexPath.row < rows.count { rows[indexPath.row] = nil }
        }
    }

    /// Forgets every height (`reloadData`).
    public func invalidateAll() { heightsByWidth = [:] }

    /// Rows inserted at `indexPaths` (in the new index space): later heights move down, the new rows have none.
    /// Inserted in ascending order, so each index path means what it says once the earlier ones are in.
    func insertRows(at indexPaths: [IndexPath]) {
        for indexPath in indexPaths.sorted() {
            forEachSection(indexPath.section) { rows in
                if indexPath.row <= rows.count { rows.insert(nil, at: indexPath.row) }
            }
        }
    }

    /// Rows deleted at `indexPaths` (in the old index space): later heights move up. Removed in
    /// descending order, so a removal never shifts a row still to be removed.
    func deleteRows(at indexPaths: [IndexPath]) {
        for indexPath in indexPaths.sorted(by: >) {
            forEachSection(indexPath.section) { rows in
                if indexPath.row < rows.count { rows.remove(at: indexPath.row) }
            }
        }
    }

    /// A batch's rows: reloads forgotten, deletions and move sources out (old space), insertions and move
    /// destinations in, empty (new space); the table puts a moved row's height at its new place.
    func update(by plan: BatchPlan) {
        for path in plan.reloadedRows { invalidateHeight(at: path) }
        deleteRows(at: plan.leavingRows)
        insertRows(at: plan.takenRows)
    }

    /// Runs `body` on `section`'s heights at every width.
    private func forEachSection(_ section: Int, _ body: (inout [CGFloat?]) -> Void) {
        for width in Array(heightsByWidth.keys) where section < heightsByWidth[width]!.count {
            body(&heightsByWidth[width]![section])
        }
    }
}

/// Measured heights by the model's key, per width: they follow the item wherever its row goes, and only
/// the app knows when an item changed (`invalidateHeight(forKey:)`).
@MainActor
public final class KeyedHeightCache {
    private var heightsByWidth: [CGFloat: [AnyHashable: CGFloat]] = [:]

    /// The height measured for `key` at `width`, or nil.
    /// - Complexity: O(1).
    public func height(forKey key: AnyHashable, width: CGFloat) -> CGFloat? { heightsByWidth[width]?[key] }

    /// Keeps `height` for `key` at `width`.
    func setHeight(_ height: CGFloat, forKey key: AnyHashable, width: CGFloat) {
        heightsByWidth[width, default: [:]][key] = height
    }

    /// Forgets `key`'s height at every width: the item changed.
    public func invalidateHeight(forKey key: AnyHashable) {
        for width in Array(heightsByWidth.keys) { heightsByWidth[width]?[key] = nil }
    }

    /// Forgets every height.
    public func invalidateAll() { heightsByWidth = [:] }
}
