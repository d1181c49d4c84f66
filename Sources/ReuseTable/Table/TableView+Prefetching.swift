import Foundation

// Prefetching: rows just beyond the viewport in the direction of scrolling are
// announced to the prefetch data source, nearest first, and cancelled when
// they stop being "about to appear" (`updatePrefetching()`, the engine's, in
// `Engine/LayoutPass.swift`). Here: which rows are ahead.

extension TableView {
    /// How many rows beyond the viewport are announced to `prefetchDataSource`.
    public static let defaultPrefetchDistance = 10

    func tellPrefetchDataSource(_ rows: [IndexPath], cancelling: Bool) {
        guard let source = prefetchDataSource else { return }
        guard cancelling else { return calling("tableView(_:prefetchRowsAt:)") { source.tableView(self, prefetchRowsAt: rows) } }
        calling("tableView(_:cancelPrefetchingForRowsAt:)") { source.tableView(self, cancelPrefetchingForRowsAt: rows) }
    }

    /// Up to `count` rows just past the viewport's bottom (or above its top), nearest first.
    func indexPathsAhead(upward: Bool, count: Int) -> [IndexPath] {
        guard let edge = upward ? engine.cellsOnScreen.entries.first?.indexPath : engine.cellsOnScreen.entries.last?.indexPath else { return [] }
        var index = slotIndex(forRow: edge)
        var result: [IndexPath] = []
        while result.count < count {
            index += upward ? -1 : 1
            guard index >= 0, index < geometry.count else { break }
            let slot = geometry.slot(at: index)
            guard slot.kind == .row else { continue }
            let section = geometry.section(containing: index)
            result.append(IndexPath(row: row(ofSlot: index, inSection: section), section: section))
        }
        return result
    }
}
