import Foundation

/// What changed between two snapshots, by identity, in the index spaces a
/// batch update wants: deletions and reloads name positions *before*,
/// insertions and move destinations positions *after* (UIKit's batch rules).
///
/// Survivors in new order give a sequence of old positions; a longest increasing subsequence of it
/// stays, every other survivor is a move (the fewest moves). Docs/diffable.md walks the computation.
///
/// - Complexity: O(n log n) at worst for n items in the changed sections (hashing O(n), each LIS
///   O(m log m)), plus O(min(d, i)) lookups when sections are both deleted and inserted;
///   O(sections) when nothing changed.
public struct SnapshotDifference: Equatable, Sendable {
    /// Sections deleted (old indices).
    public internal(set) var deletedSections = IndexSet()
    /// Sections inserted (new indices).
    public internal(set) var insertedSections = IndexSet()
    /// Sections moved (old index to new index).
    public internal(set) var movedSections: [Move<Int>] = []
    /// Items deleted (old positions).
    public internal(set) var deletedItems: [IndexPath] = []
    /// Items inserted (new positions).
    public internal(set) var insertedItems: [IndexPath] = []
    /// Items moved (old position to new position).
    /// - Complexity: O(k) for k moves: the index paths are made on each call.
    public var movedItems: [Move<IndexPath>] { movedPositions.map { Move(from: $0.from.indexPath, to: $0.to.indexPath) } }
    /// The moves as the item walk found them, eight bytes a position (`record(into:)` hands
    /// them to the batch packed, without making a million index paths).
    private(set) var movedPositions: [Move<SnapshotPosition>] = []
    /// Items reloaded (old positions).
    public internal(set) var reloadedItems: [IndexPath] = []
    /// New positions of surviving items marked by `reconfigureItems`.
    public internal(set) var reconfiguredItems: [IndexPath] = []

    /// One moved section or item: where it was and where it is.
    public struct Move<Position: Equatable & Sendable>: Equatable, Sendable {
        /// The position before (old index space).
        public internal(set) var from: Position
        /// The position after (new index space).
        public internal(set) var to: Position
    }

    /// Whether the batch would be empty (reconfigures are not part of the batch).
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && deletedItems.isEmpty
            && insertedItems.isEmpty && movedPositions.isEmpty && reloadedItems.isEmpty
    }

    init() {}

    /// The difference from `old` to `new`, in the phases above: sections; the sections whose
    /// items need a walk; the walk (lockstep, hash index, rows crossing deleted or inserted
    /// sections, then stays and moves by LIS); the marks; the moves and deletions left.
    init<S, I>(from old: DiffableDataSourceSnapshot<S, I>, to new: DiffableDataSourceSnapshot<S, I>) {
        let o = old.storage, n = new.storage
        if o === n && n.reloaded.isEmpty && n.reconfigured.isEmpty { return }

        let sections = diffSections(from: o, to: n)
        let walked = Self.sectionsToWalk(from: o, to: n, oldOfNew: sections.oldOfNew)
        // Without a changed survivor, an item can only cross from a deleted section to an inserted one.
        if walked.isEmpty && (deletedSections.isEmpty || insertedSections.isEmpty) { return }

        var walk = ItemWalk(
            from: o, to: n, newOfOld: sections.newOfOld, oldOfNew: sections.oldOfNew, walked: walked,
            deletedSections: deletedSections, insertedSections: insertedSections)
        walk.matchInLockstep()
        walk.matchThroughHashIndex()
        walk.matchAcrossDeletedAndInsertedSections()
        reconfiguredItems = walk.reconfiguredCarried
        walk.splitStaysFromMoves(inserted: &insertedItems)
        let reloadedMoves = listMarks(walk, marks: n)
        listMovesAndDeletions(walk, skipping: reloadedMoves)
    }

    // MARK: Sections

    /// Phase 1: matches sections by identifier and records the deleted, inserted and
    /// moved ones (the survivors outside one LIS of their old positions move).
    /// Returns the new index of each old section and the old index of each new one, -1 for none.
    /// - Complexity: O(s log s) for s sections.
    private mutating func diffSections<S, I>(
        from o: DiffableDataSourceSnapshot<S, I>.Storage, to n: DiffableDataSourceSnapshot<S, I>.Storage
    ) -> (newOfOld: [Int], oldOfNew: [Int]) {
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
        return (newOfOld, oldOfNew)
    }

    /// The surviving sections (new indices, in order) whose items need a walk: their item
    /// arrays differ, or one of their items is marked for reload or reconfigure.
    /// - Complexity: O(s) for s sections, plus O(m) for m items in the ones compared.
    private static func sectionsToWalk<S, I>(
        from o: DiffableDataSourceSnapshot<S, I>.Storage, to n: DiffableDataSourceSnapshot<S, I>.Storage, oldOfNew: [Int]
    ) -> [Int] {
        var walk = [Bool](repeating: false, count: n.sections.count)
        for j in oldOfNew.indices where oldOfNew[j] >= 0 && o.items[oldOfNew[j]] != n.items[j] { walk[j] = true }
        for item in n.reloaded.union(n.reconfigured) {
            if let section = n.section(of: item), let j = n.sectionPosition[section], oldOfNew[j] >= 0 { walk[j] = true }
        }
        return oldOfNew.indices.filter { walk[$0] }
    }

    // MARK: Marks and the lists

    /// Phase 3: the items marked for reload or reconfigure, few, found in one hashed pass
    /// over the walked sections. A reloaded item that stays is a reload; one that moves is
    /// a deletion plus an insertion (a batch cannot move and reload one row). Returns the
    /// old positions of those, whose moves are then left out.
    /// - Complexity: O(m) for m items in the walked sections, when anything is marked.
    private mutating func listMarks<S, I>(_ walk: ItemWalk<S, I>, marks n: DiffableDataSourceSnapshot<S, I>.Storage)
        -> Set<SnapshotPosition>
    {
        var reloadedMoves = Set<SnapshotPosition>()
        guard !n.reloaded.isEmpty || !n.reconfigured.isEmpty else { return reloadedMoves }
        let marked = Array(n.reloaded.union(n.reconfigured))
        var markIndex = PositionIndex(capacity: marked.count)
        for k in 0..<marked.count { markIndex.insert(hash: marked[k]._rawHashValue(seed: 0), position: SnapshotPosition(0, k)) }
        for j in walk.walked {
            let new = walk.newItems[j]
            for r in 0..<new.count {
                let item = new[r]
                guard markIndex.find(hash: item._rawHashValue(seed: 0), matches: { marked[$0.rowIndex] == item }) != nil else { continue }
                guard let from = walk.source[j][r] else { continue }  // inserted: fresh anyway
                let to = walk.destination[from.sectionIndex][from.rowIndex]!
                if n.reloaded.contains(item) {
                    if to.staysInPlace {
                        reloadedItems.append(from.indexPath)
                    } else {
                        // A batch cannot move and reload one row: delete it here, insert it there.
                        reloadedMoves.insert(from)
                        deletedItems.append(from.indexPath)
                        insertedItems.append(to.position.indexPath)
                    }
                } else {
                    reconfiguredItems.append(to.position.indexPath)
                }
            }
        }
        return reloadedMoves
    }

    /// Lists the walk's moves (but those of reloaded items, already a deletion plus an
    /// insertion), then the old rows of the walked sections that nobody claimed.
    /// - Complexity: O(m) for m items in the walked sections.
    private mutating func listMovesAndDeletions<S, I>(_ walk: ItemWalk<S, I>, skipping reloadedMoves: Set<SnapshotPosition>) {
        movedPositions.reserveCapacity(walk.moves.count)
        for move in walk.moves where reloadedMoves.isEmpty || !reloadedMoves.contains(move.from) {
            movedPositions.append(Move(from: move.from, to: move.to))
        }
        for j in walk.walked {
            let i = walk.oldOfNew[j]
            let rows = walk.destination[i]
            for q in 0..<rows.count where rows[q] == nil { deletedItems.append(IndexPath(row: q, section: i)) }
        }
    }
}

// MARK: - The item walk

// Phase 2 of a snapshot difference: matching the items of the walked sections
// by identity, then telling the ones that stay from the ones that move.
//
// This code runs unspecialized for generic identifiers, where every iterator
// step would look up generic metadata: so index loops, not `enumerated()`, and
// the per-row bookkeeping uses types that are not generic (`SnapshotPosition`,
// `ItemDestination`, `PositionIndex`), whose arrays are specialized. Index
// paths are made only for changes (each one allocates).

/// A row's place in one snapshot: its section and its row there. Two 32-bit
/// halves keep it as small as one `Int`, so the walk's per-row arrays stay compact.
struct SnapshotPosition: Hashable, Sendable {
    var section: Int32
    var row: Int32

    init(_ section: Int, _ row: Int) {
        self.section = Int32(section)
        self.row = Int32(row)
    }

    var sectionIndex: Int { Int(section) }
    var rowIndex: Int { Int(row) }
    var indexPath: IndexPath { IndexPath(row: rowIndex, section: sectionIndex) }
}

/// Where an old row's item is in the new snapshot, and whether it stays in place
/// there (one LIS of its section kept it) rather than moving.
struct ItemDestination {
    var position: SnapshotPosition
    var staysInPlace = false
}

/// The item walk of one difference: which old row each new row of the walked
/// sections comes from, where each old row goes, and the moves.
struct ItemWalk<S: Hashable & Sendable, I: Hashable & Sendable> {
    typealias Storage = DiffableDataSourceSnapshot<S, I>.Storage

    let old: Storage, new: Storage
    let oldItems: [[I]], newItems: [[I]]
    /// New index of each old section, or -1 when deleted.
    let newOfOld: [Int]
    /// Old index of each new section, or -1 when inserted.
    let oldOfNew: [Int]
    /// Surviving sections (new indices, in order) whose items are walked.
    let walked: [Int]
    let deletedSections: IndexSet, insertedSections: IndexSet

    /// Per new row of a walked section: its old position, or nil when inserted.
    private(set) var source: [[SnapshotPosition?]]
    /// Per old row of a walked section, or of a deleted section an item leaves: its new
    /// position, or nil when deleted. Empty for the other sections.
    private(set) var destination: [[ItemDestination?]]
    /// Rows that move, in the order they are listed.
    private(set) var moves: [(from: SnapshotPosition, to: SnapshotPosition)] = []
    /// New positions of reconfigured items carried into an inserted section.
    private(set) var reconfiguredCarried: [IndexPath] = []
    /// New rows the lockstep walk left unmatched: they look up the hash index.
    private var unresolved = 0
    /// Old rows the lockstep walk left unclaimed: they fill the hash index.
    private var unclaimed = 0
    /// Hash indexes of the rows of deleted (old) and inserted (new) sections, built on first use.
    private var oldRowIndexes: [Int: PositionIndex] = [:], newRowIndexes: [Int: PositionIndex] = [:]

    init(
        from old: Storage, to new: Storage, newOfOld: [Int], oldOfNew: [Int], walked: [Int],
        deletedSections: IndexSet, insertedSections: IndexSet
    ) {
        self.old = old
        self.new = new
        oldItems = old.items
        newItems = new.items
        self.newOfOld = newOfOld
        self.oldOfNew = oldOfNew
        self.walked = walked
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        source = [[SnapshotPosition?]](repeating: [], count: new.sections.count)
        destination = [[ItemDestination?]](repeating: [], count: old.sections.count)
    }

    // MARK: Matching

    /// Most items are where they were, give or take a few rows. Walking old and new
    /// together with a look-ahead of two rows finds them with one `==` each, no
    /// hashing. Identifiers are unique, so every match found is the item's true old
    /// row; a missed match only costs a hash lookup in `matchThroughHashIndex`.
    /// - Complexity: O(m) for m items in the walked sections.
    mutating func matchInLockstep() {
        var unresolved = 0, unclaimed = 0
        for j in walked {
            let i = oldOfNew[j]
            let old = oldItems[i], new = newItems[j]
            var to = [ItemDestination?](repeating: nil, count: old.count)
            var from = [SnapshotPosition?](repeating: nil, count: new.count)
            var p = 0, matched = 0
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
                    from[r] = SnapshotPosition(i, q)
                    to[q] = ItemDestination(position: SnapshotPosition(j, r))
                    p = q + 1
                    matched += 1
                } else {
                    unresolved += 1
                }
            }
            unclaimed += old.count - matched
            destination[i] = to
            source[j] = from
        }
        self.unresolved = unresolved
        self.unclaimed = unclaimed
    }

    /// Matches the new rows the lockstep walk missed through a hash index of the old
    /// rows nobody claimed, over all the walked sections (an item may change sections).
    /// - Complexity: O(m) expected for m items in the walked sections; nothing when the lockstep matched all.
    ///
    /// The index is far larger than the caches for a million items, and each probe misses:
    /// rows are taken a block at a time, their hashes computed and their slots read first
    /// (`PositionIndex.touch(hash:)`), so the misses of a block overlap instead of queueing.
    mutating func matchThroughHashIndex() {
        guard unresolved > 0 else { return }
        let oldItems = oldItems
        // Sized for what goes in (the unclaimed old rows), not for what looks up.
        var index = PositionIndex(capacity: unclaimed)
        var block = HashBlock()
        for j in walked {
            let i = oldOfNew[j]
            let old = oldItems[i], claimed = destination[i]
            var q = 0
            while q < old.count {
                block.removeAll()
                while q < old.count, !block.isFull {
                    if claimed[q] == nil { block.append(row: q, hash: old[q]._rawHashValue(seed: 0), touching: index) }
                    q += 1
                }
                for k in 0..<block.count { index.insert(hash: block.hashes[k], position: SnapshotPosition(i, block.rows[k])) }
            }
        }
        for j in walked {
            let new = newItems[j]
            var r = 0
            while r < new.count {
                block.removeAll()
                while r < new.count, !block.isFull {
                    if source[j][r] == nil { block.append(row: r, hash: new[r]._rawHashValue(seed: 0), touching: index) }
                    r += 1
                }
                for k in 0..<block.count {
                    let row = block.rows[k], item = new[row], hash = block.hashes[k]
                    // The candidates are compared here, not in a closure: unspecialized, a closure
                    // would look up the metadata of `[I]` on every call.
                    var slot = index.firstSlot(hash: hash)
                    var match: SnapshotPosition?
                    while let candidate = index.nextCandidate(hash: hash, from: &slot) {
                        if oldItems[candidate.sectionIndex][candidate.rowIndex] == item {
                            match = candidate
                            break
                        }
                    }
                    guard let from = match else { continue }
                    source[j][row] = from
                    destination[from.sectionIndex][from.rowIndex] = ItemDestination(position: SnapshotPosition(j, row))
                }
            }
        }
    }

    /// Items that leave a deleted section or enter an inserted one are moves too, so they
    /// keep their heights. Each is looked up by identifier in the other snapshot, from the
    /// few candidates there are: new items still unmatched in the walked sections (from a
    /// deleted section?), old items still unclaimed there (into an inserted section?), and
    /// the items of the deleted or of the inserted sections, whichever are fewer (from one
    /// to the other?). A reloaded item is not carried (it is asked again anyway): it stays an
    /// insertion, and its old row a deletion or part of its deleted section.
    /// - Complexity: O(m) for m items in the walked sections, plus O(min(d, i)) lookups for
    ///   d items in deleted and i in inserted sections, plus an index of each section crossed.
    mutating func matchAcrossDeletedAndInsertedSections() {
        if !deletedSections.isEmpty { matchNewRowsFromDeletedSections() }
        if !insertedSections.isEmpty { carryOldRowsIntoInsertedSections() }
        if !deletedSections.isEmpty && !insertedSections.isEmpty {
            let deletedCount = deletedSections.reduce(0) { $0 + oldItems[$1].count }
            let insertedCount = insertedSections.reduce(0) { $0 + newItems[$1].count }
            if deletedCount <= insertedCount {
                carryDeletedSectionsIntoInsertedSections()
            } else {
                fillInsertedSectionsFromDeletedSections()
            }
        }
    }

    /// New rows of the walked sections still unmatched: from a deleted section?
    private mutating func matchNewRowsFromDeletedSections() {
        let reloaded = new.reloaded
        for j in walked {
            let new = newItems[j]
            for r in 0..<new.count where source[j][r] == nil {
                let item = new[r]
                if !reloaded.isEmpty, reloaded.contains(item) { continue }
                guard let from = deletedPosition(of: item) else { continue }
                source[j][r] = from
                destination[from.sectionIndex][from.rowIndex] = ItemDestination(position: SnapshotPosition(j, r))
            }
        }
    }

    /// Old rows of the walked sections still unclaimed: into an inserted section?
    private mutating func carryOldRowsIntoInsertedSections() {
        let reloaded = new.reloaded
        for j in walked {
            let i = oldOfNew[j]
            let old = oldItems[i]
            for q in 0..<old.count where destination[i][q] == nil {
                let item = old[q]
                if !reloaded.isEmpty, reloaded.contains(item) { continue }
                if let to = insertedPosition(of: item) { carryIntoInsertedSection(item, from: SnapshotPosition(i, q), to: to) }
            }
        }
    }

    /// Rows of the deleted sections (the fewer): into an inserted section?
    private mutating func carryDeletedSectionsIntoInsertedSections() {
        let reloaded = new.reloaded
        for i in deletedSections {
            let old = oldItems[i]
            for q in 0..<old.count where destination[i].isEmpty || destination[i][q] == nil {
                let item = old[q]
                if !reloaded.isEmpty, reloaded.contains(item) { continue }
                guard let to = insertedPosition(of: item) else { continue }
                if destination[i].isEmpty { destination[i] = [ItemDestination?](repeating: nil, count: old.count) }
                carryIntoInsertedSection(item, from: SnapshotPosition(i, q), to: to)
            }
        }
    }

    /// Rows of the inserted sections (the fewer): from a deleted section?
    private mutating func fillInsertedSectionsFromDeletedSections() {
        let reloaded = new.reloaded
        for j in insertedSections {
            let new = newItems[j]
            for r in 0..<new.count {
                let item = new[r]
                if !reloaded.isEmpty, reloaded.contains(item) { continue }
                if let from = deletedPosition(of: item) { carryIntoInsertedSection(item, from: from, to: SnapshotPosition(j, r)) }
            }
        }
    }

    /// A hash index of `items` by row, all in `section`.
    private static func rowIndex(_ items: [I], section: Int) -> PositionIndex {
        var index = PositionIndex(capacity: items.count)
        for q in 0..<items.count { index.insert(hash: items[q]._rawHashValue(seed: 0), position: SnapshotPosition(section, q)) }
        return index
    }

    /// The old position of an item of a deleted section, or nil.
    private mutating func deletedPosition(of item: I) -> SnapshotPosition? {
        guard let section = old.section(of: item), let i = old.sectionPosition[section], newOfOld[i] < 0 else { return nil }
        if oldRowIndexes[i] == nil {
            oldRowIndexes[i] = Self.rowIndex(oldItems[i], section: i)
            destination[i] = [ItemDestination?](repeating: nil, count: oldItems[i].count)
        }
        let oldItems = oldItems
        return oldRowIndexes[i]!.find(hash: item._rawHashValue(seed: 0), matches: { oldItems[i][$0.rowIndex] == item })!
    }

    /// The new position of an item of an inserted section, or nil.
    private mutating func insertedPosition(of item: I) -> SnapshotPosition? {
        guard let section = new.section(of: item), let j = new.sectionPosition[section], oldOfNew[j] < 0 else { return nil }
        if newRowIndexes[j] == nil { newRowIndexes[j] = Self.rowIndex(newItems[j], section: j) }
        let newItems = newItems
        return newRowIndexes[j]!.find(hash: item._rawHashValue(seed: 0), matches: { newItems[j][$0.rowIndex] == item })!
    }

    /// Records a move into an inserted section (its other rows come fresh with it).
    private mutating func carryIntoInsertedSection(_ item: I, from: SnapshotPosition, to: SnapshotPosition) {
        destination[from.sectionIndex][from.rowIndex] = ItemDestination(position: to)
        moves.append((from, to))
        if !new.reconfigured.isEmpty, new.reconfigured.contains(item) { reconfiguredCarried.append(to.indexPath) }
    }

    // MARK: Stays and moves

    /// Per walked section, in new order: appends its insertions (new rows nobody matched)
    /// to `inserted`, lists the rows that come from another section as moves, and splits
    /// the rest — candidates from the same section — by one LIS of their old rows: the
    /// LIS stays in place, every other candidate moves.
    /// - Complexity: O(m log m) at worst for m items in a section, O(m) when in order.
    mutating func splitStaysFromMoves(inserted: inout [IndexPath]) {
        for j in walked {
            let i = oldOfNew[j]
            let from = source[j]
            var candidateOld: [Int] = [], candidateNew: [Int] = []
            candidateOld.reserveCapacity(from.count)
            candidateNew.reserveCapacity(from.count)
            for r in 0..<from.count {
                guard let position = from[r] else {
                    inserted.append(IndexPath(row: r, section: j))
                    continue
                }
                if position.sectionIndex == i {
                    candidateOld.append(position.rowIndex)
                    candidateNew.append(r)
                } else {
                    moves.append((position, SnapshotPosition(j, r)))
                }
            }
            let kept = longestIncreasingSubsequenceMask(candidateOld)
            for k in 0..<candidateOld.count {
                if kept[k] {
                    destination[i][candidateOld[k]]!.staysInPlace = true
                } else {
                    moves.append((SnapshotPosition(i, candidateOld[k]), SnapshotPosition(j, candidateNew[k])))
                }
            }
        }
    }
}

/// Up to sixteen rows and their hashes, whose index slots have been read ahead
/// (`ItemWalk.matchThroughHashIndex()`).
struct HashBlock {
    static let capacity = 16
    private(set) var rows = [Int](repeating: 0, count: capacity)
    private(set) var hashes = [Int](repeating: 0, count: capacity)
    private(set) var count = 0
    /// Sum of the slots read ahead, kept so the reads are not optimized away.
    private(set) var touched = 0

    var isFull: Bool { count == Self.capacity }

    mutating func removeAll() { count = 0 }

    /// Adds a row and its hash, and reads the hash's first slot in `index` ahead of its use.
    mutating func append(row: Int, hash: Int, touching index: PositionIndex) {
        rows[count] = row
        hashes[count] = hash
        count += 1
        touched &+= index.touch(hash: hash)
    }
}

/// A hash index from identifiers to positions: open addressing with linear
/// probing over one array of slots, touching the identifiers only through
/// `hashValue` and `==`. The diff runs unspecialized for generic identifiers,
/// and a generic `Dictionary` there pays a metadata lookup on every access —
/// several times the cost of the hashing itself.
///
/// Every probe stops at the first empty slot, so the table must never fill: it holds at
/// most half as many positions as it has slots, and `insert(hash:position:)` doubles it
/// before it would hold more, whatever capacity it was made with. A probe therefore
/// always ends, even when every identifier has the same hash.
/// - Complexity: O(1) expected per insert and lookup (O(k) for k identifiers sharing a hash).
struct PositionIndex {
    /// A hash and its position side by side, so a probe touches one cache line.
    private struct Slot {
        var hash: Int
        var position: SnapshotPosition
        var isEmpty: Bool { position.section < 0 }
        static let empty = Slot(hash: 0, position: SnapshotPosition(-1, -1))
    }

    private var table: [Slot]
    private var mask: Int
    /// Positions inserted: at most half of `table.count`.
    private(set) var count = 0

    /// An index sized for `capacity` positions (more grow it).
    init(capacity: Int) {
        let size = Self.size(for: capacity)
        table = [Slot](repeating: .empty, count: size)
        mask = size - 1
    }

    /// The smallest power of two, at least 8, with twice as many slots as `capacity`.
    private static func size(for capacity: Int) -> Int {
        var size = 8
        while size < 2 * capacity { size <<= 1 }
        return size
    }

    /// Adds a position for a new identifier with this hash (identifiers are unique, so no check).
    mutating func insert(hash: Int, position: SnapshotPosition) {
        if 2 * (count + 1) > table.count { grow() }
        count += 1
        var k = hash & mask
        while !table[k].isEmpty { k = (k + 1) & mask }
        table[k] = Slot(hash: hash, position: position)
    }

    /// Doubles the table and inserts every position again: the load stays at most one half.
    /// - Complexity: O(count).
    private mutating func grow() {
        let old = table
        let size = table.count * 2
        table = [Slot](repeating: .empty, count: size)
        mask = size - 1
        for slot in old where !slot.isEmpty {
            var k = slot.hash & mask
            while !table[k].isEmpty { k = (k + 1) & mask }
            table[k] = slot
        }
    }

    /// Reads the first slot a probe for `hash` looks at, so it is in the cache when the probe
    /// comes (several reads in a row overlap their misses).
    @inline(__always) func touch(hash: Int) -> Int { table[hash & mask].hash }

    /// The slot a probe for `hash` starts at (`nextCandidate(hash:from:)`).
    @inline(__always) func firstSlot(hash: Int) -> Int { hash & mask }

    /// The next position with this hash at or after slot `k`, leaving `k` past it; nil at the
    /// first empty slot (no position with this hash is left). The table is never full, so it ends.
    @inline(__always) func nextCandidate(hash: Int, from k: inout Int) -> SnapshotPosition? {
        while !table[k].isEmpty {
            let slot = table[k]
            k = (k + 1) & mask
            if slot.hash == hash { return slot.position }
        }
        return nil
    }

    /// The position whose identifier has this hash and satisfies `matches`, or nil.
    func find(hash: Int, matches: (SnapshotPosition) -> Bool) -> SnapshotPosition? {
        var k = hash & mask
        while !table[k].isEmpty {
            if table[k].hash == hash, matches(table[k].position) { return table[k].position }
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
