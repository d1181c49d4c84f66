import Foundation

/// What changed between two snapshots, by identity, in the index spaces a
/// batch update wants: deletions and reloads name positions *before*,
/// insertions and move destinations positions *after* (UIKit's batch rules).
///
/// How it is computed (see Docs/diffable.md for a picture):
///
/// 1. Sections: a hash map from identifier to old position. Old sections not in
///    the new snapshot are deleted, new ones not in the old are inserted. The
///    surviving sections, listed in new order, give a sequence of old positions;
///    a longest increasing subsequence (LIS) of it stays where it is, every
///    other survivor is a move. That is the fewest section moves possible.
/// 2. Items, per surviving section: when its old and new item arrays are equal
///    (and nothing in it is reloaded or reconfigured), it is skipped — no
///    hashing at all. Otherwise the old items of every such section go into a
///    hash map (identifier → old section and row). Walking the new items: an
///    item not found is an insertion; found in another section, a move; found
///    in the same section, a candidate, whose old row joins that section's
///    sequence. The LIS of each sequence stays; the other candidates are moves.
///    Old items nobody claimed are deletions. Items inside inserted or deleted
///    sections come and go with their section.
/// 3. `reloadItems`: a staying item becomes a reload (old position); a moved one
///    becomes a deletion plus an insertion (a batch cannot move and reload one
///    row); an inserted one needs nothing. `reconfigureItems`: the staying or
///    moved ones are listed by new position, to be configured in place after the batch.
///
/// - Complexity: O(n log n) at worst for n items in the changed sections
///   (hashing is O(n), each LIS O(m log m)); O(sections) when nothing changed.
struct SnapshotDifference: Equatable, Sendable {
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var movedSections: [Move<Int>] = []
    var deletedItems: [IndexPath] = []
    var insertedItems: [IndexPath] = []
    var movedItems: [Move<IndexPath>] = []
    var reloadedItems: [IndexPath] = []
    /// New positions of surviving items marked by `reconfigureItems`.
    var reconfiguredItems: [IndexPath] = []

    struct Move<Position: Equatable & Sendable>: Equatable, Sendable {
        var from: Position
        var to: Position
    }

    /// Whether the batch would be empty (reconfigures are not part of the batch).
    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && deletedItems.isEmpty
            && insertedItems.isEmpty && movedItems.isEmpty && reloadedItems.isEmpty
    }

    init() {}

    init<S, I>(from old: DiffableDataSourceSnapshot<S, I>, to new: DiffableDataSourceSnapshot<S, I>) {
        let o = old.storage, n = new.storage
        if o === n && n.reloaded.isEmpty && n.reconfigured.isEmpty { return }

        // 1. Sections.
        var newOfOld = [Int](repeating: -1, count: o.sections.count)
        var oldOfNew = [Int](repeating: -1, count: n.sections.count)
        for (j, identifier) in n.sections.enumerated() {
            if let i = o.sectionPosition[identifier] { newOfOld[i] = j; oldOfNew[j] = i }
        }
        for i in newOfOld.indices where newOfOld[i] < 0 { deletedSections.insert(i) }
        for j in oldOfNew.indices where oldOfNew[j] < 0 { insertedSections.insert(j) }
        let survivingNew = oldOfNew.indices.filter { oldOfNew[$0] >= 0 }
        let staysSection = longestIncreasingSubsequenceMask(survivingNew.map { oldOfNew[$0] })
        for (k, j) in survivingNew.enumerated() where !staysSection[k] {
            movedSections.append(Move(from: oldOfNew[j], to: j))
        }

        // 2. Which surviving sections need an item walk.
        var scan = [Bool](repeating: false, count: n.sections.count)
        for j in survivingNew where o.items[oldOfNew[j]] != n.items[j] { scan[j] = true }
        for item in n.reloaded.union(n.reconfigured) {
            if let section = n.itemSection[item], let j = n.sectionPosition[section], oldOfNew[j] >= 0 { scan[j] = true }
        }
        let scanned = survivingNew.filter { scan[$0] }
        if scanned.isEmpty { return }

        // Old positions of the items of the scanned sections, packed section << 32 | row.
        var oldPosition: [I: Int] = [:]
        oldPosition.reserveCapacity(scanned.reduce(0) { $0 + o.items[oldOfNew[$1]].count })
        var claimed = [[Bool]](repeating: [], count: o.sections.count)  // per old section: row found in the new snapshot
        for j in scanned {
            let i = oldOfNew[j]
            for (q, item) in o.items[i].enumerated() { oldPosition[item] = i << 32 | q }
            claimed[i] = [Bool](repeating: false, count: o.items[i].count)
        }

        let marksReload = !n.reloaded.isEmpty, marksReconfigure = !n.reconfigured.isEmpty
        for j in scanned {
            let i = oldOfNew[j]
            var candidateOld: [Int] = [], candidateNew: [Int] = []
            for (r, item) in n.items[j].enumerated() {
                guard let packed = oldPosition[item] else {
                    insertedItems.append(IndexPath(row: r, section: j))
                    continue
                }
                let fromSection = packed >> 32, q = packed & 0xFFFF_FFFF
                claimed[fromSection][q] = true
                if fromSection == i {
                    candidateOld.append(q)
                    candidateNew.append(r)
                } else {
                    noteMove(item, from: IndexPath(row: q, section: fromSection), to: IndexPath(row: r, section: j),
                             reload: marksReload && n.reloaded.contains(item), reconfigure: marksReconfigure && n.reconfigured.contains(item))
                }
            }
            let stays = longestIncreasingSubsequenceMask(candidateOld)
            for k in candidateOld.indices {
                let item = n.items[j][candidateNew[k]]
                let from = IndexPath(row: candidateOld[k], section: i), to = IndexPath(row: candidateNew[k], section: j)
                let reload = marksReload && n.reloaded.contains(item), reconfigure = marksReconfigure && n.reconfigured.contains(item)
                if stays[k] {
                    if reload { reloadedItems.append(from) } else if reconfigure { reconfiguredItems.append(to) }
                } else {
                    noteMove(item, from: from, to: to, reload: reload, reconfigure: reconfigure)
                }
            }
        }
        for j in scanned {
            let i = oldOfNew[j]
            for (q, isClaimed) in claimed[i].enumerated() where !isClaimed { deletedItems.append(IndexPath(row: q, section: i)) }
        }
    }

    private mutating func noteMove<I>(_ item: I, from: IndexPath, to: IndexPath, reload: Bool, reconfigure: Bool) {
        if reload {
            deletedItems.append(from)
            insertedItems.append(to)
        } else {
            movedItems.append(Move(from: from, to: to))
            if reconfigure { reconfiguredItems.append(to) }
        }
    }
}

/// Marks one longest strictly increasing subsequence of `values` (patience sorting
/// with back links). Elements in it keep their relative order, so they need no
/// move; everything else is moved — the fewest moves that reorder the sequence.
/// - Complexity: O(n) when already increasing, O(n log n) otherwise.
func longestIncreasingSubsequenceMask(_ values: [Int]) -> [Bool] {
    let n = values.count
    var increasing = true
    for k in values.indices.dropFirst() where values[k - 1] >= values[k] { increasing = false; break }
    if increasing { return [Bool](repeating: true, count: n) }

    var tails: [Int] = []          // tails[len - 1]: index of the smallest tail of an increasing run of length len
    var previous = [Int](repeating: -1, count: n)
    tails.reserveCapacity(64)
    for k in 0..<n {
        let value = values[k]
        var low = 0, high = tails.count
        while low < high {
            let mid = (low + high) >> 1
            if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
        }
        if low > 0 { previous[k] = tails[low - 1] }
        if low == tails.count { tails.append(k) } else { tails[low] = k }
    }
    var mask = [Bool](repeating: false, count: n)
    var k = tails.last ?? -1
    while k >= 0 { mask[k] = true; k = previous[k] }
    return mask
}
