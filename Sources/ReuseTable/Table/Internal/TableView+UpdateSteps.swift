import Foundation

// The table's side of `UpdatePlan.apply(to:newCounts:)`: the geometry and the
// index-path height cache take each step together. A removed row carries its
// height run and cached heights, a removed section all of its runs and cached
// heights; fresh rows and sections get placeholder heights and are listed, so
// `apply(_:newCounts:)` asks for their heights once the new structure is in place.

/// One update's structural steps on a table.
@MainActor
struct TableStructureUpdate: UpdatePlanTarget {
    let table: TableView
    /// Inserted or reloaded sections, new indices, in insertion order, and whether their rows came
    /// with them (false for one that receives moved rows: its fresh rows are in `freshRows`).
    var freshSections: [(section: Int, withRows: Bool)] = []
    /// Inserted or reloaded rows, new index paths, in insertion order.
    var freshRows: [IndexPath] = []
    /// Rows inserted as ranges (an outline's expand), new space, in insertion order: their heights
    /// are asked a run at a time.
    var freshRowRanges: [(section: Int, rows: Range<Int>)] = []

    mutating func removeRow(at indexPath: IndexPath) -> ([HeightRun], IndexPathHeightCache.RowEntry) {
        let slot = table.slotIndex(forRow: indexPath)
        let runs = table.geometry.removeSubrange(slot..<(slot + 1))
        return (runs, table.indexPathHeightCache.removeRow(at: indexPath))
    }

    mutating func removeSection(at section: Int) -> ([HeightRun], IndexPathHeightCache.SectionEntry) {
        let runs = table.geometry.removeSubrange(table.slotRange(ofSection: section))
        return (runs, table.indexPathHeightCache.removeSection(at: section))
    }

    mutating func insertSection(at section: Int, count: Int, moved: ([HeightRun], IndexPathHeightCache.SectionEntry)?) {
        let at = section < table.geometry.sectionCount ? table.geometry.headerIndex(ofSection: section) : table.geometry.count
        table.indexPathHeightCache.insertSection(at: section, count: count, moved: moved?.1)
        table.geometry.insert(moved?.0 ?? table.placeholderRuns(counts: [count]), at: at)
        if moved == nil { freshSections.append((section, count > 0)) }
    }

    mutating func insertRow(at indexPath: IndexPath, moved: ([HeightRun], IndexPathHeightCache.RowEntry)?) {
        let at = table.slotIndex(forRow: indexPath)
        table.indexPathHeightCache.insertRow(at: indexPath, moved: moved?.1)
        table.geometry.insert(moved?.0 ?? [table.placeholderRowRun(count: 1)], at: at)
        if moved == nil { freshRows.append(indexPath) }
    }

    mutating func removeRows(_ range: Range<Int>, inSection section: Int) {
        let header = table.geometry.headerIndex(ofSection: section)
        table.geometry.removeSubrange((header + 1 + range.lowerBound)..<(header + 1 + range.upperBound))
        table.indexPathHeightCache.removeRows(range, inSection: section)
    }

    mutating func insertRows(_ range: Range<Int>, inSection section: Int) {
        let header = table.geometry.headerIndex(ofSection: section)
        table.geometry.insert([table.placeholderRowRun(count: range.count)], at: header + 1 + range.lowerBound)
        table.indexPathHeightCache.insertRows(range, inSection: section)
        freshRowRanges.append((section, range))
    }
}
