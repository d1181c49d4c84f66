import Foundation

// Applying an update plan, written once. Every consumer of a batch — the
// table's geometry with its index-path cache, the collection view's index-path
// cache, the column layouts' heights and placed sections — takes the plan's four
// steps in the same order; what a move removes (heights, runs, a placed
// section) is carried to where it is inserted. Each consumer says only how
// it removes and inserts one row or section (`UpdatePlanTarget`).

/// Something that takes an `UpdatePlan`'s four primitive steps (on the main actor, as the views).
@MainActor
protocol UpdatePlanTarget {
    /// What removing a row gives back, carried to the row's new place when it moved.
    associatedtype RowPayload
    /// What removing a section gives back, carried likewise.
    associatedtype SectionPayload

    /// Removes a row (old index path); returns what a move carries.
    mutating func removeRow(at indexPath: IndexPath) -> RowPayload
    /// Removes a section (old index); returns what a move carries.
    mutating func removeSection(at section: Int) -> SectionPayload
    /// Inserts a section of `count` rows (new index): fresh when `moved` is nil, else the moved section's payload.
    /// A fresh section that receives moved rows comes with `count` 0; its rows follow as row insertions.
    mutating func insertSection(at section: Int, count: Int, moved: SectionPayload?)
    /// Inserts a row (new index path): fresh when `moved` is nil, else the moved row's payload.
    mutating func insertRow(at indexPath: IndexPath, moved: RowPayload?)
    /// Removes the rows `range` of `section` (old space): one step of a range plan.
    mutating func removeRows(_ range: Range<Int>, inSection section: Int)
    /// Inserts fresh rows `range` of `section` (new space): one step of a range plan.
    mutating func insertRows(_ range: Range<Int>, inSection section: Int)
}

extension UpdatePlanTarget {
    /// Row by row, highest first, for a target without a step of its own for a range.
    mutating func removeRows(_ range: Range<Int>, inSection section: Int) {
        for row in range.reversed() { _ = removeRow(at: IndexPath(indexes: [section, row])) }
    }

    /// Row by row, lowest first, for a target without a step of its own for a range.
    mutating func insertRows(_ range: Range<Int>, inSection section: Int) {
        for row in range { insertRow(at: IndexPath(indexes: [section, row]), moved: nil) }
    }
}

extension UpdatePlan {
    /// Applies the four steps to `target` in order — row removals, section
    /// removals (old space, highest first), section insertions, row insertions
    /// (new space, lowest first) — carrying each moved row's and section's payload.
    /// - Complexity: O(k) steps for k changes, plus the target's cost per step.
    @MainActor
    func apply<Target: UpdatePlanTarget>(to target: inout Target, newCounts: [Int]) {
        if let rowRanges {  // an outline's expand or collapse: a step a range, deletions highest first
            for range in rowRanges.map.deleted.reversed() { target.removeRows(range, inSection: rowRanges.section) }
            for range in rowRanges.map.inserted { target.insertRows(range, inSection: rowRanges.section) }
            return
        }
        let rowInsertions = rowInsertions
        let movedRowSources = Set(
            rowInsertions.compactMap { insertion -> IndexPath? in
                if case .moved(let from) = insertion.source { return from } else { return nil }
            })
        let movedSectionSources = Set(
            sectionInsertions.compactMap { insertion -> Int? in
                if case .moved(let from) = insertion.source { return from } else { return nil }
            })
        var movedRows: [IndexPath: Target.RowPayload] = [:]
        var movedSections: [Int: Target.SectionPayload] = [:]
        for indexPath in rowRemovals {
            let payload = target.removeRow(at: indexPath)
            if movedRowSources.contains(indexPath) { movedRows[indexPath] = payload }
        }
        for section in sectionRemovals {
            let payload = target.removeSection(at: section)
            if movedSectionSources.contains(section) { movedSections[section] = payload }
        }
        for (section, source) in sectionInsertions {
            switch source {
            case .fresh: target.insertSection(at: section, count: freshRowCount(ofInsertedSection: section, newCounts: newCounts), moved: nil)
            case .moved(let from): target.insertSection(at: section, count: newCounts[section], moved: movedSections[from]!)
            }
        }
        for (indexPath, source) in rowInsertions {
            switch source {
            case .fresh: target.insertRow(at: indexPath, moved: nil)
            case .moved(let from): target.insertRow(at: indexPath, moved: movedRows[from]!)
            }
        }
    }
}

/// The index-path height cache follows every update: moved rows and sections keep their heights.
extension IndexPathHeightCache: UpdatePlanTarget {
    func insertSection(at section: Int, count: Int, moved: SectionEntry?) {
        if let moved { insertSection(moved, at: section) } else { insertSections(1, at: section) }
    }

    func insertRow(at indexPath: IndexPath, moved: RowEntry?) {
        if let moved { insertRow(moved, at: indexPath) } else { insertRows(1, at: indexPath) }
    }

    func insertRows(_ range: Range<Int>, inSection section: Int) {
        insertRows(range.count, at: IndexPath(indexes: [section, range.lowerBound]))
    }
}
