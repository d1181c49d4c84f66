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
///    hashing at all. Otherwise old and new are first walked in lockstep with a
///    look-ahead of two rows, which finds the items that stayed roughly in place
///    with one `==` each; the old items left over go into a hash index
///    (identifier → old section and row) for the new items left over. Then: an
///    item not found is an insertion; found in another section, a move; found
///    in the same section, a candidate, whose old row joins that section's
///    sequence. The LIS of each sequence stays; the other candidates are moves.
///    Old items nobody claimed are deletions. An item that leaves a deleted
///    section or enters an inserted one is a move as well, so it keeps its
///    height (the batch allows it: `BatchUpdate.allowsMovesAcrossInsertedAndDeletedSections`);
///    the other items of inserted or deleted sections come and go with their section.
/// 3. `reloadItems`: a staying item becomes a reload (old position); a moved one
///    becomes a deletion plus an insertion (a batch cannot move and reload one
///    row), without the half a deleted or inserted section already makes; an
///    inserted one needs nothing. `reconfigureItems`: the staying or
///    moved ones are listed by new position, to be configured in place after the batch.
///
/// - Complexity: O(n log n) at worst for n items in the changed sections
///   (hashing is O(n), each LIS O(m log m)), plus, when sections are both deleted
///   and inserted, O(min(d, i)) lookups for d items in deleted and i in inserted
///   sections, and an index of each deleted or inserted section an item crosses;
///   O(sections) when nothing changed.
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
        for j in 0..<n.sections.count {
            if let i = o.sectionPosition[n.sections[j]] { newOfOld[i] = j; oldOfNew[j] = i }
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
        // Without a changed survivor, an item can only cross from a deleted section to an inserted one.
        if scanned.isEmpty && (deletedSections.isEmpty || insertedSections.isEmpty) { return }

        // Index loops, not `enumerated()`: this code runs unspecialized for generic
        // identifiers, where every iterator step would look up generic metadata; and
        // index paths are made only for changes (each one allocates). Positions are
        // packed section << 32 | row.
        let oldItems = o.items, newItems = n.items
        // Per old row of a scanned section: its new position (packed), or -1 when deleted;
        // `stays` is or-ed in for rows the LIS kept in place.
        var destination = [[Int]](repeating: [], count: o.sections.count)
        // Per new row of a scanned section: its old position (packed), or -1 when inserted.
        var source = [[Int]](repeating: [], count: n.sections.count)
        let stays = 1 << 62

        // 2a. Lockstep: most items are where they were, give or take a few rows. Walking
        // old and new together with a small look-ahead finds them with one `==` each,
        // no hashing. Identifiers are unique, so every match found is the item's true
        // old row; a missed match only costs a hash lookup below.
        var unresolved = 0
        for j in scanned {
            let i = oldOfNew[j]
            let old = oldItems[i], new = newItems[j]
            destination[i] = [Int](repeating: -1, count: old.count)
            var from = [Int](repeating: -1, count: new.count)
            var p = 0
            for r in 0..<new.count {
                let item = new[r]
                var q = -1
                if p < old.count, old[p] == item {
                    q = p
                } else if p + 1 < old.count, old[p + 1] == item {
                    q = p + 1
                } else if p + 2 < old.count, old[p + 2] == item {
                    q = p + 2
                }
                if q >= 0 {
                    from[r] = i << 32 | q
                    destination[i][q] = j << 32 | r
                    p = q + 1
                } else {
                    unresolved += 1
                }
            }
            source[j] = from
        }

        // 2b. The rest through a hash index of the old items nobody matched.
        var index = PositionIndex(capacity: unresolved + 16)
        if unresolved > 0 {
            for j in scanned {
                let i = oldOfNew[j]
                let old = oldItems[i], claimed = destination[i]
                for q in 0..<old.count where claimed[q] < 0 { index.insert(hash: old[q]._rawHashValue(seed: 0), position: i << 32 | q) }
            }
            for j in scanned {
                let new = newItems[j]
                for r in 0..<new.count where source[j][r] < 0 {
                    let item = new[r]
                    guard let packed = index.find(hash: item._rawHashValue(seed: 0), matches: { oldItems[$0 >> 32][$0 & 0xFFFF_FFFF] == item })
                    else { continue }
                    source[j][r] = packed
                    destination[packed >> 32][packed & 0xFFFF_FFFF] = j << 32 | r
                }
            }
        }

        // 2c. Items that leave a deleted section or enter an inserted one are moves too, so they
        // keep their heights. Each is looked up by identifier in the other snapshot, from the few
        // candidates there are: new items still unresolved in the scanned sections (from a deleted
        // section?), old items still unclaimed there (into an inserted section?), and the items of
        // the deleted or of the inserted sections, whichever are fewer (from one to the other?).
        // A reloaded item is not carried (it is asked again anyway): it stays an insertion, and its
        // old row a deletion or part of its deleted section.
        var moves: [(from: Int, to: Int)] = []
        let reloaded = n.reloaded, reconfigured = n.reconfigured
        var oldRowIndexes: [Int: PositionIndex] = [:], newRowIndexes: [Int: PositionIndex] = [:]
        func rowIndex(_ items: [I]) -> PositionIndex {
            var index = PositionIndex(capacity: items.count)
            for q in 0..<items.count { index.insert(hash: items[q]._rawHashValue(seed: 0), position: q) }
            return index
        }
        /// The old position of an item of a deleted section, or -1.
        func deletedPosition(of item: I) -> Int {
            guard let section = o.itemSection[item], let i = o.sectionPosition[section], newOfOld[i] < 0 else { return -1 }
            if oldRowIndexes[i] == nil {
                oldRowIndexes[i] = rowIndex(oldItems[i])
                destination[i] = [Int](repeating: -1, count: oldItems[i].count)
            }
            let q = oldRowIndexes[i]!.find(hash: item._rawHashValue(seed: 0), matches: { oldItems[i][$0] == item })!
            return i << 32 | q
        }
        /// The new position of an item of an inserted section, or -1.
        func insertedPosition(of item: I) -> Int {
            guard let section = n.itemSection[item], let j = n.sectionPosition[section], oldOfNew[j] < 0 else { return -1 }
            if newRowIndexes[j] == nil { newRowIndexes[j] = rowIndex(newItems[j]) }
            return j << 32 | newRowIndexes[j]!.find(hash: item._rawHashValue(seed: 0), matches: { newItems[j][$0] == item })!
        }
        /// Records a move into an inserted section (its other rows come fresh with it).
        func carryIntoInsertedSection(_ item: I, from: Int, to: Int) {
            destination[from >> 32][from & 0xFFFF_FFFF] = to
            moves.append((from, to))
            if !reconfigured.isEmpty, reconfigured.contains(item) {
                reconfiguredItems.append(IndexPath(row: to & 0xFFFF_FFFF, section: to >> 32))
            }
        }
        if !deletedSections.isEmpty {
            for j in scanned {
                let new = newItems[j]
                for r in 0..<new.count where source[j][r] < 0 {
                    let item = new[r]
                    if !reloaded.isEmpty, reloaded.contains(item) { continue }
                    let packed = deletedPosition(of: item)
                    guard packed >= 0 else { continue }
                    source[j][r] = packed
                    destination[packed >> 32][packed & 0xFFFF_FFFF] = j << 32 | r
                }
            }
        }
        if !insertedSections.isEmpty {
            for j in scanned {
                let i = oldOfNew[j]
                let old = oldItems[i]
                for q in 0..<old.count where destination[i][q] < 0 {
                    let item = old[q]
                    if !reloaded.isEmpty, reloaded.contains(item) { continue }
                    let to = insertedPosition(of: item)
                    if to >= 0 { carryIntoInsertedSection(item, from: i << 32 | q, to: to) }
                }
            }
        }
        if !deletedSections.isEmpty && !insertedSections.isEmpty {
            let deletedCount = deletedSections.reduce(0) { $0 + oldItems[$1].count }
            let insertedCount = insertedSections.reduce(0) { $0 + newItems[$1].count }
            if deletedCount <= insertedCount {
                for i in deletedSections {
                    let old = oldItems[i]
                    for q in 0..<old.count where destination[i].isEmpty || destination[i][q] < 0 {
                        let item = old[q]
                        if !reloaded.isEmpty, reloaded.contains(item) { continue }
                        let to = insertedPosition(of: item)
                        guard to >= 0 else { continue }
                        if destination[i].isEmpty { destination[i] = [Int](repeating: -1, count: old.count) }
                        carryIntoInsertedSection(item, from: i << 32 | q, to: to)
                    }
                }
            } else {
                for j in insertedSections {
                    let new = newItems[j]
                    for r in 0..<new.count {
                        let item = new[r]
                        if !reloaded.isEmpty, reloaded.contains(item) { continue }
                        let from = deletedPosition(of: item)
                        if from >= 0 { carryIntoInsertedSection(item, from: from, to: j << 32 | r) }
                    }
                }
            }
        }

        // 2d. Per section, in new order: inserts, cross-section moves, and the candidates' LIS.
        for j in scanned {
            let i = oldOfNew[j]
            let from = source[j]
            var candidateOld: [Int] = [], candidateNew: [Int] = []
            candidateOld.reserveCapacity(from.count)
            candidateNew.reserveCapacity(from.count)
            for r in 0..<from.count {
                let packed = from[r]
                if packed < 0 {
                    insertedItems.append(IndexPath(row: r, section: j))
                } else if packed >> 32 == i {
                    candidateOld.append(packed & 0xFFFF_FFFF)
                    candidateNew.append(r)
                } else {
                    moves.append((packed, j << 32 | r))
                }
            }
            let kept = longestIncreasingSubsequenceMask(candidateOld)
            for k in 0..<candidateOld.count {
                if kept[k] {
                    destination[i][candidateOld[k]] |= stays
                } else {
                    moves.append((i << 32 | candidateOld[k], j << 32 | candidateNew[k]))
                }
            }
        }

        // 3. Marks: few items, found in one hashed pass over the scanned new sections.
        func path(_ packed: Int) -> IndexPath { IndexPath(row: packed & 0xFFFF_FFFF, section: (packed & ~stays) >> 32) }
        var reloadedMoves = Set<Int>()
        if !n.reloaded.isEmpty || !n.reconfigured.isEmpty {
            let marked = Array(n.reloaded.union(n.reconfigured))
            var markIndex = PositionIndex(capacity: marked.count)
            for k in 0..<marked.count { markIndex.insert(hash: marked[k]._rawHashValue(seed: 0), position: k) }
            for j in scanned {
                let new = newItems[j]
                for r in 0..<new.count {
                    let item = new[r]
                    guard markIndex.find(hash: item._rawHashValue(seed: 0), matches: { marked[$0] == item }) != nil else { continue }
                    let packed = source[j][r]
                    guard packed >= 0 else { continue }  // inserted: fresh anyway
                    let to = destination[packed >> 32][packed & 0xFFFF_FFFF]
                    if n.reloaded.contains(item) {
                        if to & stays != 0 {
                            reloadedItems.append(path(packed))
                        } else {
                            // A batch cannot move and reload one row: delete it here, insert it there.
                            reloadedMoves.insert(packed)
                            deletedItems.append(path(packed))
                            insertedItems.append(path(to))
                        }
                    } else {
                        reconfiguredItems.append(path(to))
                    }
                }
            }
        }
        movedItems.reserveCapacity(moves.count)
        for move in moves where reloadedMoves.isEmpty || !reloadedMoves.contains(move.from) {
            movedItems.append(Move(from: path(move.from), to: path(move.to)))
        }
        for j in scanned {
            let i = oldOfNew[j]
            let rows = destination[i]
            for q in 0..<rows.count where rows[q] < 0 { deletedItems.append(IndexPath(row: q, section: i)) }
        }
    }
}
/// A hash index from identifiers to packed positions: open addressing with
/// linear probing over two integer arrays, touching the identifiers only
/// through `hashValue` and `==`. The diff runs unspecialized for generic
/// identifiers, and a generic `Dictionary` there pays a metadata lookup on
/// every access — several times the cost of the hashing itself.
/// - Complexity: O(1) expected per insert and lookup; capacity is fixed at creation.
struct PositionIndex {
    /// Pairs (position + 1, hash) side by side, so a probe touches one cache line; 0 is empty.
    private var table: [Int]
    private let mask: Int

    init(capacity: Int) {
        var size = 8
        while size < 2 * capacity { size <<= 1 }
        table = [Int](repeating: 0, count: 2 * size)
        mask = size - 1
    }

    /// Adds a position for a new identifier with this hash (identifiers are unique, so no check).
    mutating func insert(hash: Int, position: Int) {
        var k = hash & mask
        while table[2 * k] != 0 { k = (k + 1) & mask }
        table[2 * k] = position + 1
        table[2 * k + 1] = hash
    }

    /// The position whose identifier has this hash and satisfies `matches`, or nil.
    func find(hash: Int, matches: (Int) -> Bool) -> Int? {
        var k = hash & mask
        while table[2 * k] != 0 {
            if table[2 * k + 1] == hash, matches(table[2 * k] - 1) { return table[2 * k] - 1 }
            k = (k + 1) & mask
        }
        return nil
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

    var tails: [Int] = []  // tails[len - 1]: index of the smallest tail of an increasing run of length len
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
