import Foundation

// The index-path height cache rebuilt through a bulk apply's row map
// (`UpdatePlan+Bulk.swift`): the same heights the plan's steps would leave,
// in one pass over what is cached rather than one shift per changed row.

extension IndexPathHeightCache {
    /// Moves every cached height to its row's new index path (`UpdateRowMap`); heights of
    /// deleted and reloaded rows, and of rows in removed sections, are dropped. Not logged.
    /// - Complexity: O(c log c + s) per width for c heights cached there and s sections.
    func rebuild(following map: UpdateRowMap) {
        var rebuilt: [CGFloat: [SparseRowHeights]] = [:]
        var count = 0
        for (width, sections) in storage {
            var carried: [(packed: Int, height: Double)] = []
            for (i, rows) in sections.enumerated() where i < map.destinations.count {
                let destinations = map.destinations[i]
                rows.forEach { q, height in
                    guard q < destinations.count, UpdateRowMap.isCarried(destinations[q]) else { return }
                    carried.append((destinations[q], height))
                }
            }
            guard !carried.isEmpty else { continue }
            carried.sort { $0.packed < $1.packed }
            var new: [SparseRowHeights] = []
            for entry in carried {
                _ = Self.set(entry.height, section: UpdateRowMap.section(entry.packed), row: UpdateRowMap.row(entry.packed), in: &new)
            }
            rebuilt[width] = new
            count += carried.count
        }
        storage = rebuilt
        storedCount = count
    }
}
