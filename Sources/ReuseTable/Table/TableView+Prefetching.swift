import Foundation

// Prefetching: rows just beyond the viewport in the direction of scrolling are
// announced to the prefetch data source, nearest first, and cancelled when
// they stop being "about to appear".

extension TableView {
    /// How many rows beyond the viewport are announced to `prefetchDataSource`.
    public static let defaultPrefetchDistance = 10

    /// Announces the rows ahead of the viewport and cancels those no longer ahead.
    func updatePrefetching() {
        guard let prefetchDataSource else { return }
        let scrollingUp = contentOffset.y < pass.lastOffsetY
        let ahead = rowsAhead(upward: scrollingUp, count: TableView.defaultPrefetchDistance)
        let (cancelled, announced) = PrefetchWindow.advance(&prefetchedRows, to: ahead) { visibleRows[$0] != nil }
        if !cancelled.isEmpty {
            calling("tableView(_:cancelPrefetchingForRowsAt:)") { prefetchDataSource.tableView(self, cancelPrefetchingForRowsAt: cancelled) }
        }
        if !announced.isEmpty {
            calling("tableView(_:prefetchRowsAt:)") { prefetchDataSource.tableView(self, prefetchRowsAt: announced) }
        }
    }

    /// Up to `count` rows just past the viewport's bottom (or above its top), nearest first.
    func rowsAhead(upward: Bool, count: Int) -> [IndexPath] {
        guard let edge = upward ? visibleRows.entries.first?.indexPath : visibleRows.entries.last?.indexPath else { return [] }
        var index = slotIndex(forRow: edge)
        var result: [IndexPath] = []
        while result.count < count {
            index += upward ? -1 : 1
            guard index >= 0, index < geometry.count else { break }
            let slot = geometry.slot(at: index)
            guard slot.kind == .row else { continue }
            let section = geometry.section(containing: index)
            result.append(IndexPath(row: index - geometry.headerIndex(ofSection: section) - 1, section: section))
        }
        return result
    }

    /// Cancels every outstanding prefetch (reload).
    func cancelAllPrefetching() {
        guard !prefetchedRows.isEmpty else { return }
        let rows = PrefetchWindow.cancelAll(&prefetchedRows)
        calling("tableView(_:cancelPrefetchingForRowsAt:)") { prefetchDataSource?.tableView(self, cancelPrefetchingForRowsAt: rows) }
    }
}
