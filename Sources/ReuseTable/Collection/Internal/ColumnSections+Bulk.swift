import Foundation

// The waterfall's and grid's columns through a bulk apply (`UpdatePlan+Bulk.swift`):
// every section rebuilt in one pass from the update's row map instead of one
// array shift per changed item. A carried section keeps its placed items up to
// its first changed item, exactly as the steps leave it; a moved section keeps
// them all when none of its items changed.

extension ColumnSections {
    /// Rebuilds every section for `map`: items carry their heights (NaN for fresh ones, to be
    /// asked), carried sections keep their headers, footers and placed prefix.
    /// - Complexity: O(n + s) for n items and s sections; no placement yet.
    mutating func rebuild(following map: UpdateRowMap, newCounts: [Int]) {
        let old = sections
        var rebuilt: [Section] = []
        rebuilt.reserveCapacity(newCounts.count)
        for j in 0..<newCounts.count {
            let i = map.oldSectionOfNew[j]
            let sources = map.sources[j]
            var section: Section
            var firstChange = sources.count
            if i == UpdateRowMap.none {
                section = Section(count: 0, columns: columnCount)
                firstChange = 0
            } else {
                section = old[i]
                if old[i].heights.count != sources.count { firstChange = min(sources.count, old[i].heights.count) }
            }
            var heights = [CGFloat](repeating: .nan, count: sources.count)
            for r in 0..<sources.count {
                let source = sources[r]
                if UpdateRowMap.isCarried(source) {
                    let s = UpdateRowMap.section(source), q = UpdateRowMap.row(source)
                    heights[r] = old[s].heights[q]
                    if r < firstChange && (s != i || q != r) { firstChange = r }
                } else if r < firstChange {
                    firstChange = r
                }
            }
            section.heights = heights
            section.validCount = min(section.validCount, firstChange)
            rebuilt.append(section)
        }
        sections = rebuilt
    }
}
