import Foundation

// Applying an update plan in one pass. The edit path (`UpdatePlan+Apply.swift`)
// costs O(log n) per step, which is right for a few changes and wrong for a
// diff that reverses or reshuffles a million rows: there, every consumer is
// rebuilt from the plan's permutation instead — the row geometry from the old
// heights in new order, the index-path height cache, the selection, the
// waterfall's columns — each in one linear pass that carries every known height
// (measured stays measured, estimates stay estimates). The result is the edit
// path's, row for row (see Docs/mutations.md, "Bulk applies").

/// Which way an update plan is applied: step by step, or rebuilt in one pass.
enum UpdateApplyPath: Sendable {
    /// Bulk when the plan touches more than n / log2 n rows (`UpdatePlan.prefersBulk(rowCount:)`), else edits.
    case automatic
    /// Always the four primitive steps (`UpdatePlan.apply(to:newCounts:)`).
    case edits
    /// Always one linear rebuild (`UpdateRowMap`).
    case bulk

    /// The path the current task forces (tests compare the two on the same plans).
    @TaskLocal static var forced: UpdateApplyPath = .automatic
}

extension UpdatePlan {
    /// Whether applying this plan to `rowCount` rows should rebuild in one pass: it moves, inserts,
    /// deletes or reloads more than n / log2 n rows, where n edits of O(log n) cost more than O(n).
    /// - Complexity: O(1).
    func prefersBulk(rowCount: Int) -> Bool {
        guard rowRanges == nil else { return false }  // ranges are steps already
        switch UpdateApplyPath.forced {
        case .edits: return false
        case .bulk: return true
        case .automatic:
            let n = Double(max(rowCount, 2))
            return Double(packedRowRemovals.count + packedRowInsertions.count) > n / log2(n)
        }
    }
}

/// Where every row of an update goes, both ways, made from a validated plan in one linear pass:
/// per new row its source (an old row carried, an old row reloaded, or fresh), per old row its
/// destination. Positions are packed into one `Int` each (section in the high half).
///
/// - Complexity: O(n + k) to build for n rows after the update and k steps; O(1) per lookup.
struct UpdateRowMap: Sendable {
    /// No row: fresh (a source) or removed (a destination).
    static let none = -1
    /// Set on a packed position when the row is a reload (fresh, but the same row for selection).
    static let reloadFlag = 1 << 62

    /// Per new section, per new row: the packed old position it comes from (with `reloadFlag` for a reload), or `none`.
    private(set) var sources: [[Int]]
    /// Per old section, per old row: the packed new position it goes to (with `reloadFlag` for a reload), or `none`.
    private(set) var destinations: [[Int]]
    /// Per new section: the old section it carries (survived or moved), or `none` when inserted or reloaded.
    private(set) var oldSectionOfNew: [Int]

    @inline(__always) static func pack(_ section: Int, _ row: Int) -> Int { section << 32 | row }
    @inline(__always) static func section(_ packed: Int) -> Int { (packed & ~reloadFlag) >> 32 }
    @inline(__always) static func row(_ packed: Int) -> Int { packed & 0xFFFF_FFFF }
    @inline(__always) static func isCarried(_ packed: Int) -> Bool { packed >= 0 && packed & reloadFlag == 0 }

    /// Builds both directions from `plan`: a surviving section merges its old rows (those not
    /// deleted or moved away) with its new rows (those not inserted or moved in), in order;
    /// the plan's row insertions, sorted, say what fills the rest.
    init(_ plan: UpdatePlan, oldCounts: [Int], newCounts: [Int]) {
        oldSectionOfNew = [Int](repeating: Self.none, count: newCounts.count)
        for (old, new) in plan.newSectionOfOld.enumerated() { if let new { oldSectionOfNew[new] = old } }
        let reloadsByOld = plan.reloadedRows.map { RowSet.sortedRowsBySection(of: [$0]) } ?? [:]

        let insertions = plan.packedRowInsertions
        var a = 0  // next row insertion, in new index-path order
        sources = []
        sources.reserveCapacity(newCounts.count)
        for j in 0..<newCounts.count {
            var rows = [Int](repeating: Self.none, count: newCounts[j])
            let i = oldSectionOfNew[j]
            if i == Self.none {
                // Inserted or reloaded: fresh, but for rows moved into a section filled row by row.
                while a < insertions.count, Self.section(insertions[a].position) == j {
                    if insertions[a].source >= 0 { rows[Self.row(insertions[a].position)] = insertions[a].source }
                    a += 1
                }
            } else {
                let inserted = plan.insertedRowsByNewSection[j] ?? []
                let removed = plan.removedRowsByOldSection[i] ?? []
                let reloaded = reloadsByOld[i] ?? []
                var x = 0, y = 0, z = 0, q = 0
                for r in 0..<rows.count {
                    let insertion = a < insertions.count && insertions[a].position == Self.pack(j, r)
                    if x < inserted.count, inserted[x] == r {
                        x += 1
                        if insertion, insertions[a].source >= 0 { rows[r] = insertions[a].source }
                        if insertion { a += 1 }
                        continue
                    }
                    while y < removed.count, removed[y] == q {
                        y += 1
                        q += 1
                    }
                    if z < reloaded.count, reloaded[z] == q {
                        z += 1
                        rows[r] = Self.pack(i, q) | Self.reloadFlag
                        if insertion { a += 1 }
                    } else {
                        rows[r] = Self.pack(i, q)
                    }
                    q += 1
                }
            }
            sources.append(rows)
        }

        destinations = oldCounts.map { [Int](repeating: Self.none, count: $0) }
        for j in 0..<sources.count {
            let rows = sources[j]
            for r in 0..<rows.count where rows[r] != Self.none {
                let source = rows[r]
                destinations[Self.section(source)][Self.row(source)] = Self.pack(j, r) | (source & Self.reloadFlag)
            }
        }
    }

    /// Where an old row is after the update: nil when deleted, reloaded or in a removed section
    /// (`UpdatePlan.newIndexPath(forOld:)`).
    /// - Complexity: O(1).
    func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
        guard let packed = destination(of: indexPath), Self.isCarried(packed) else { return nil }
        return IndexPath(row: Self.row(packed), section: Self.section(packed))
    }

    /// Where an old row is after the update when a reload counts as the same row
    /// (`UpdatePlan.newIndexPath(followingReloadOf:)`).
    /// - Complexity: O(1).
    func newIndexPath(followingReloadOf indexPath: IndexPath) -> IndexPath? {
        guard let packed = destination(of: indexPath) else { return nil }
        return IndexPath(row: Self.row(packed), section: Self.section(packed))
    }

    private func destination(of indexPath: IndexPath) -> Int? {
        guard indexPath.count == 2, destinations.indices.contains(indexPath.section),
            destinations[indexPath.section].indices.contains(indexPath.row)
        else { return nil }
        let packed = destinations[indexPath.section][indexPath.row]
        return packed == Self.none ? nil : packed
    }
}

/// A validated plan as the views apply it: step by step, or with its row map when it is rebuilt
/// in one pass. Cells, selection and layouts ask it where old rows go.
struct AppliedUpdate: Sendable {
    let plan: UpdatePlan
    /// Present when the update is applied in bulk.
    let rowMap: UpdateRowMap?

    /// Decides the path for `plan` (`UpdatePlan.prefersBulk(rowCount:)`) and builds the row map when bulk.
    /// - Complexity: O(1) for edits; O(n + k) for bulk.
    init(_ plan: UpdatePlan, oldCounts: [Int], newCounts: [Int]) {
        self.plan = plan
        let rows = oldCounts.reduce(0, +) + newCounts.reduce(0, +)
        rowMap = plan.prefersBulk(rowCount: rows / 2) ? UpdateRowMap(plan, oldCounts: oldCounts, newCounts: newCounts) : nil
    }

    /// Where an old row is after the update: nil when deleted, reloaded or in a removed section.
    /// - Complexity: O(1) in bulk, else `UpdatePlan.newIndexPath(forOld:)`.
    func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
        if let rowMap { return rowMap.newIndexPath(forOld: indexPath) }
        return plan.newIndexPath(forOld: indexPath)
    }

    /// Where an old row is after the update when a reload counts as the same row.
    /// - Complexity: O(1) in bulk, else `UpdatePlan.newIndexPath(followingReloadOf:)`.
    func newIndexPath(followingReloadOf indexPath: IndexPath) -> IndexPath? {
        if let rowMap { return rowMap.newIndexPath(followingReloadOf: indexPath) }
        return plan.newIndexPath(followingReloadOf: indexPath)
    }
}
