import Foundation

// A sequence of logged edits, composed into one update: the old rows deleted and the new rows
// inserted, as ranges, so the view takes one batch and is never asked about a row that an
// edit showed and a later one hid again.

/// The net effect of edits on a section of rows: deletions in the space before, insertions
/// (with their items) in the space after, both ascending and as ranges.
struct RowRangeUpdate<Item> {
    var deleted: [Range<Int>] = []
    var inserted: [(at: Int, items: ArraySlice<Item>)] = []

    var deletedCount: Int { deleted.reduce(0) { $0 + $1.count } }
    var insertedCount: Int { inserted.reduce(0) { $0 + $1.items.count } }
    var isEmpty: Bool { deleted.isEmpty && inserted.isEmpty }

    private enum Run {
        case old(Range<Int>)
        case new(ArraySlice<Item>)

        var count: Int {
            switch self {
            case .old(let range): range.count
            case .new(let items): items.count
            }
        }

        /// The run split after its first `n` rows.
        func split(_ n: Int) -> (Run, Run) {
            switch self {
            case .old(let range): (.old(range.lowerBound..<(range.lowerBound + n)), .old((range.lowerBound + n)..<range.upperBound))
            case .new(let items): (.new(items.prefix(n)), .new(items.dropFirst(n)))
            }
        }
    }

    /// Composes `edits` applied in order to `oldCount` rows.
    /// - Complexity: O(e · r) for e edits and r ≤ 2e + 1 runs, plus the items inserted.
    init<Edits: Sequence>(_ edits: Edits, oldCount: Int) where Edits.Element == OutlineEdit<Item> {
        var runs: [Run] = oldCount > 0 ? [.old(0..<oldCount)] : []
        for edit in edits {
            // The run index where row `edit.at` starts, splitting a run there.
            var i = 0, start = 0
            while i < runs.count, start + runs[i].count <= edit.at {
                start += runs[i].count
                i += 1
            }
            if i < runs.count, start < edit.at {
                let (head, tail) = runs[i].split(edit.at - start)
                runs[i] = head
                runs.insert(tail, at: i + 1)
                i += 1
            }
            var removing = edit.removed
            while removing > 0 {
                if runs[i].count <= removing {
                    removing -= runs[i].count
                    runs.remove(at: i)
                } else {
                    runs[i] = runs[i].split(removing).1
                    removing = 0
                }
            }
            if !edit.inserted.isEmpty { runs.insert(.new(edit.inserted[...]), at: i) }
        }
        var kept = 0, position = 0
        for run in runs {
            switch run {
            case .old(let range):
                if range.lowerBound > kept { deleted.append(kept..<range.lowerBound) }
                kept = range.upperBound
            case .new(let items):
                if let last = inserted.last, last.at + last.items.count == position {
                    inserted[inserted.count - 1].items = ArraySlice(Array(last.items) + Array(items))
                } else {
                    inserted.append((position, items))
                }
            }
            position += run.count
        }
        if oldCount > kept { deleted.append(kept..<oldCount) }
    }
}

/// Where the rows of one section go when `deleted` (old space, ascending) are removed and
/// `inserted` (new space, ascending) are added: what a range update does to index paths,
/// selection, cells on screen and measured heights.
struct RowRangeMap: Sendable {
    let deleted: [Range<Int>]
    let inserted: [Range<Int>]
    /// Rows deleted before each deleted range (and, last, all of them).
    private let deletedBefore: [Int]

    init(deleted: [Range<Int>], inserted: [Range<Int>]) {
        self.deleted = deleted
        self.inserted = inserted
        var before = [0]
        before.reserveCapacity(deleted.count + 1)
        for range in deleted { before.append(before.last! + range.count) }
        deletedBefore = before
    }

    var deletedCount: Int { deletedBefore.last! }
    var insertedCount: Int { inserted.reduce(0) { $0 + $1.count } }

    /// Where old row `row` goes: nil when it is deleted.
    /// - Complexity: O(log d) for d deleted ranges, plus the inserted ranges before it.
    func newRow(ofOld row: Int) -> Int? {
        var lo = 0, hi = deleted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if deleted[mid].upperBound <= row { lo = mid + 1 } else { hi = mid }
        }
        if lo < deleted.count, deleted[lo].contains(row) { return nil }
        var position = row - deletedBefore[lo]
        for range in inserted {
            guard range.lowerBound <= position else { break }
            position += range.count
        }
        return position
    }
}

/// Rows of one section deleted and inserted as ranges: the plan of an outline's expand or collapse
/// (`UpdatePlan.init(rowRangesIn:deleted:inserted:sectionCount:)`).
struct SectionRowRanges: Sendable {
    let section: Int
    let map: RowRangeMap

    /// Where an old row goes: rows of other sections stay; nil when deleted.
    /// - Complexity: that of `RowRangeMap.newRow(ofOld:)`.
    func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
        guard indexPath.count == 2, indexPath.section == section else { return indexPath }
        return map.newRow(ofOld: indexPath[1]).map { IndexPath(indexes: [section, $0]) }
    }
}
