import Foundation

/// The feed's rows: generated days plus the user's inserts and deletes, without storing a million ids.
///
/// An untouched section maps row `r` to the generated id `day × 1000 + r` in
/// O(1). A section the user edited keeps a short list of *runs* of
/// consecutive ids (a generated stretch, or one inserted post) with their
/// cumulative ends, so a lookup is a binary search, O(log k) for k edits, and
/// an edit splits one run, O(k). Sections never move: the demo inserts,
/// deletes and moves rows only.
public struct FeedModel: Equatable, Sendable {
    /// A stretch of rows whose ids are `firstID`, `firstID + 1`, …
    struct Run: Equatable, Sendable {
        var firstID: UInt64
        var count: Int
    }

    /// Runs of an edited section and the cumulative row count at the end of each run.
    struct EditedSection: Equatable, Sendable {
        var runs: [Run]
        var ends: [Int]

        init(runs: [Run]) {
            self.runs = runs.filter { $0.count > 0 }
            ends = []
            recomputeEnds()
        }

        mutating func recomputeEnds() {
            runs.removeAll { $0.count == 0 }
            ends = []
            var total = 0
            for run in runs {
                total += run.count
                ends.append(total)
            }
        }

        var count: Int { ends.last ?? 0 }

        /// The run holding `row` and the row's position inside it (binary search over `ends`).
        func locate(_ row: Int) -> (run: Int, offset: Int) {
            var low = 0, high = ends.count - 1
            while low < high {
                let mid = (low + high) / 2
                if ends[mid] > row { high = mid } else { low = mid + 1 }
            }
            return (low, row - (low == 0 ? 0 : ends[low - 1]))
        }

        func id(at row: Int) -> UInt64 {
            let (run, offset) = locate(row)
            return runs[run].firstID + UInt64(offset)
        }

        /// Inserts `id` so that it becomes row `row` (0…count).
        mutating func insert(_ id: UInt64, at row: Int) {
            let new = Run(firstID: id, count: 1)
            if row == count {
                runs.append(new)
            } else {
                let (index, offset) = locate(row)
                let run = runs[index]
                let head = Run(firstID: run.firstID, count: offset)
                let tail = Run(firstID: run.firstID + UInt64(offset), count: run.count - offset)
                runs.replaceSubrange(index...index, with: [head, new, tail])
            }
            recomputeEnds()
        }

        /// Removes row `row` and returns its id.
        mutating func remove(at row: Int) -> UInt64 {
            let (index, offset) = locate(row)
            let run = runs[index]
            let head = Run(firstID: run.firstID, count: offset)
            let tail = Run(firstID: run.firstID + UInt64(offset) + 1, count: run.count - offset - 1)
            runs.replaceSubrange(index...index, with: [head, tail])
            recomputeEnds()
            return run.firstID + UInt64(offset)
        }
    }

    /// Number of days (sections).
    public let sectionCount: Int
    /// Rows per untouched section.
    let rowsPerSection: Int
    private var edited: [Int: EditedSection] = [:]
    /// The id the next inserted post gets.
    private(set) var nextInsertedID = FeedGenerator.firstInsertedID
    /// Rows in all sections.
    private(set) var totalRows: Int

    /// A feed of `sections` days of `rowsPerSection` posts.
    public init(sections: Int = FeedGenerator.defaultDays, rowsPerSection: Int = FeedGenerator.postsPerDay) {
        sectionCount = sections
        self.rowsPerSection = rowsPerSection
        totalRows = sections * rowsPerSection
    }

    /// - Complexity: O(1).
    public func numberOfRows(inSection section: Int) -> Int {
        edited[section]?.count ?? rowsPerSection
    }

    /// The id of the post shown at `indexPath`.
    /// - Complexity: O(1) in an untouched section, O(log k) in a section with k edits.
    public func postID(at indexPath: IndexPath) -> UInt64 {
        if let section = edited[indexPath.section] { return section.id(at: indexPath.row) }
        return FeedGenerator.generatedID(day: indexPath.section, position: indexPath.row)
    }

    /// The post shown at `indexPath`.
    public func post(at indexPath: IndexPath) -> Post {
        FeedGenerator.post(id: postID(at: indexPath))
    }

    /// Inserts a new post at `indexPath` (row 0…count of its section) and returns its id.
    @discardableResult
    public mutating func insertPost(at indexPath: IndexPath) -> UInt64 {
        let id = nextInsertedID
        nextInsertedID += 1
        var section = editedSection(indexPath.section)
        section.insert(id, at: indexPath.row)
        edited[indexPath.section] = section
        totalRows += 1
        return id
    }

    /// Deletes the post at `indexPath` and returns its id.
    @discardableResult
    public mutating func deletePost(at indexPath: IndexPath) -> UInt64 {
        var section = editedSection(indexPath.section)
        let id = section.remove(at: indexPath.row)
        edited[indexPath.section] = section
        totalRows -= 1
        return id
    }

    /// Moves the post at `from` so that it becomes row `to.row` of `to.section` (an index path after the removal),
    /// keeping its id, and returns the id.
    @discardableResult
    public mutating func movePost(from: IndexPath, to: IndexPath) -> UInt64 {
        var source = editedSection(from.section)
        let id = source.remove(at: from.row)
        edited[from.section] = source
        var target = editedSection(to.section)
        target.insert(id, at: to.row)
        edited[to.section] = target
        return id
    }

    /// The ids of a section's rows, in order.
    /// - Complexity: O(rows in the section).
    public func ids(inSection section: Int) -> [UInt64] {
        guard let edits = edited[section] else {
            let first = FeedGenerator.generatedID(day: section, position: 0)
            return Array(first..<first + UInt64(rowsPerSection))
        }
        var ids: [UInt64] = []
        ids.reserveCapacity(edits.count)
        for run in edits.runs { ids.append(contentsOf: run.firstID..<run.firstID + UInt64(run.count)) }
        return ids
    }

    private func editedSection(_ section: Int) -> EditedSection {
        edited[section]
            ?? EditedSection(runs: [
                Run(firstID: FeedGenerator.generatedID(day: section, position: 0), count: rowsPerSection)
            ])
    }

    /// The index path of the `row`th row of the whole feed (0-based), clamped to the feed; nil when it is empty.
    /// - Complexity: O(sections).
    public func indexPath(forGlobalRow row: Int, sections limit: Int? = nil) -> IndexPath? {
        let sections = min(limit ?? sectionCount, sectionCount)
        var remaining = max(0, row)
        var last: IndexPath?
        for section in 0..<sections {
            let count = numberOfRows(inSection: section)
            if remaining < count { return IndexPath(row: remaining, section: section) }
            remaining -= count
            if count > 0 { last = IndexPath(row: count - 1, section: section) }
        }
        return last
    }

    /// The 0-based position of `indexPath` in the whole feed.
    /// - Complexity: O(edited sections).
    public func globalRow(of indexPath: IndexPath) -> Int {
        var row = indexPath.section * rowsPerSection + indexPath.row
        for (section, edits) in edited where section < indexPath.section {
            row += edits.count - rowsPerSection
        }
        return row
    }
}
