// ============================================================================
// TEMPORARY STAND-INS — DELETE THIS FILE WHEN MERGING.
//
// The real `HeightTree`, `RowRecords` and `IndexPathHeightCache` are written in
// other worktrees. These minimal versions only let the benchmark compile and
// run on this branch; numbers measured with them are placeholders. Every use
// is in Strategies.swift, which is the only file to edit after deleting this one.
// ============================================================================

import Foundation
@_spi(Internals) import ReuseTable

/// Stand-in for `HeightTree`: just the Fenwick baseline under another name.
typealias TemporaryHeightTree = Fenwick

/// Stand-in for `RowRecords`: the 2013 article's array of (start Y, height)
/// records, with its binary search and the naive linear scan.
struct TemporaryRowRecords: HeightStore {
    struct Record { var startY: Double; var height: Double }
    private var records: [Record] = []

    init<S: Sequence>(_ runs: S) where S.Element == HeightRun {
        for run in runs { records.append(contentsOf: repeatElement(Record(startY: 0, height: run.height), count: run.count)) }
        restack(from: 0)
    }

    var count: Int { records.count }
    var totalHeight: Double { records.last.map { $0.startY + $0.height } ?? 0 }
    func offset(of index: Int) -> Double { index == records.count ? totalHeight : records[index].startY }
    func height(at index: Int) -> Double { records[index].height }

    func index(atOffset y: Double) -> Int? {
        guard y >= 0, y < totalHeight else { return nil }
        var low = 0, high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].startY + records[middle].height > y { high = middle } else { low = middle + 1 }
        }
        return low
    }

    func indexLinear(atOffset y: Double) -> Int? {
        guard y >= 0, y < totalHeight else { return nil }
        for (index, record) in records.enumerated() where record.startY + record.height > y { return index }
        return nil
    }

    mutating func setHeight(_ height: Double, at index: Int, isMeasured: Bool) {
        records[index].height = height
        restack(from: index)
    }

    mutating func insert(_ runs: [HeightRun], at index: Int) {
        var new: [Record] = []
        for run in runs { new.append(contentsOf: repeatElement(Record(startY: 0, height: run.height), count: run.count)) }
        records.insert(contentsOf: new, at: index)
        restack(from: index)
    }

    @discardableResult
    mutating func removeSubrange(_ range: Range<Int>) -> [HeightRun] {
        let removed = HeightRun.runs(of: records[range].map(\.height))
        records.removeSubrange(range)
        restack(from: range.lowerBound)
        return removed
    }

    private mutating func restack(from index: Int) {
        var y = index > 0 ? records[index - 1].startY + records[index - 1].height : 0
        for i in index ..< records.count {
            records[i].startY = y
            y += records[i].height
        }
    }
}

/// Stand-in for `IndexPathHeightCache`: per width, per section `[Double]`, NaN = absent.
struct TemporaryIndexPathHeightCache {
    private var heights: [Double: [[Double]]] = [:]

    func height(at indexPath: IndexPath, width: Double) -> Double? {
        guard let sections = heights[width], indexPath[0] < sections.count, indexPath[1] < sections[indexPath[0]].count else { return nil }
        let height = sections[indexPath[0]][indexPath[1]]
        return height.isNaN ? nil : height
    }

    mutating func setHeight(_ height: Double, at indexPath: IndexPath, width: Double) {
        let section = indexPath[0], row = indexPath[1]
        var sections = heights.removeValue(forKey: width) ?? []
        while sections.count <= section { sections.append([]) }
        if sections[section].count <= row {
            sections[section].append(contentsOf: repeatElement(.nan, count: row + 1 - sections[section].count))
        }
        sections[section][row] = height
        heights[width] = sections
    }

    mutating func insertRows(_ count: Int, at indexPath: IndexPath) {
        for width in Array(heights.keys) {
            guard indexPath[0] < heights[width]!.count, indexPath[1] <= heights[width]![indexPath[0]].count else { continue }
            heights[width]![indexPath[0]].insert(contentsOf: repeatElement(.nan, count: count), at: indexPath[1])
        }
    }

    mutating func removeRow(at indexPath: IndexPath) {
        for width in Array(heights.keys) {
            guard indexPath[0] < heights[width]!.count, indexPath[1] < heights[width]![indexPath[0]].count else { continue }
            heights[width]![indexPath[0]].remove(at: indexPath[1])
        }
    }
}
