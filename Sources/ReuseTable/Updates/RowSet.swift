import Foundation

// The rows a batch names, kept so that checking and planning a batch of a
// million moves costs a few passes over integers rather than a million
// `IndexPath`s hashed into sets (see Docs/mutations.md, "Bulk applies").
// A row is one packed integer, section in the high half, row in the low half.
// A batch that names many of the rows (`RowSpace.prefersDense(named:)`) keeps
// them as bits, in one flat array with a word offset per section; a smaller
// batch keeps them hashed, so a one-row update on ten million rows allocates
// nothing proportional to the rows.

/// One index space of a batch — the rows before the update, or after it: the row count of
/// each section and where each section starts, in rows and in words of 64 bits.
struct RowSpace: Sendable {
    let counts: [Int]
    /// Per section, the first row's place in the flat space; one more entry holds the total.
    let rowOffsets: [Int]
    /// Per section, its first word in a flat bit array; one more entry holds the total.
    let wordOffsets: [Int]

    /// - Complexity: O(sections).
    init(counts: [Int]) {
        self.counts = counts
        var rows = [0], words = [0]
        rows.reserveCapacity(counts.count + 1)
        words.reserveCapacity(counts.count + 1)
        for count in counts {
            rows.append(rows.last! + count)
            words.append(words.last! + (count + 63) >> 6)
        }
        rowOffsets = rows
        wordOffsets = words
    }

    var rowCount: Int { rowOffsets.last! }

    /// Whether a batch naming `named` rows in this space should keep them as bits: one
    /// word per 64 rows costs no more than the names themselves.
    /// - Complexity: O(1).
    func prefersDense(named: Int) -> Bool { Self.forcedDensity ?? (named > 0 && named * 64 >= rowCount) }

    /// The storage the current task forces on every batch (tests run the same batches both ways).
    @TaskLocal static var forcedDensity: Bool?

    /// Whether (section, row) is a row of this space.
    /// - Complexity: O(1).
    @inline(__always) func contains(_ section: Int, _ row: Int) -> Bool {
        section >= 0 && section < counts.count && row >= 0 && row < counts[section]
    }

    @inline(__always) static func pack(_ section: Int, _ row: Int) -> Int { section << 32 | row }
    @inline(__always) static func section(_ packed: Int) -> Int { packed >> 32 }
    @inline(__always) static func row(_ packed: Int) -> Int { packed & 0xFFFF_FFFF }

    /// Sorts unique packed positions of this space: by counting into a slot per row when they
    /// are many, by comparison otherwise. Returns the indices of `positions` in position order.
    /// - Complexity: O(n + k) for n rows when k ≥ n / 16, else O(k log k).
    func order(ofUnique positions: [Int]) -> [Int] {
        if positions.count >= 16, positions.count * 16 >= rowCount {
            var slots = [Int](repeating: -1, count: rowCount)
            for (index, packed) in positions.enumerated() {
                slots[rowOffsets[Self.section(packed)] + Self.row(packed)] = index
            }
            var order: [Int] = []
            order.reserveCapacity(positions.count)
            for index in slots where index >= 0 { order.append(index) }
            return order
        }
        var keyed = positions.indices.map { positions[$0] << 20 | $0 }
        if positions.count < 1 << 20, positions.allSatisfy({ $0 >> 43 == 0 }) {
            keyed.sort()
            return keyed.map { $0 & (1 << 20 - 1) }
        }
        return positions.indices.sorted { positions[$0] < positions[$1] }
    }
}

/// A set of rows of one `RowSpace`: bits when dense, packed integers hashed otherwise,
/// with a count per section either way.
struct RowSet: Sendable {
    let space: RowSpace
    let isDense: Bool
    private var words: [UInt64]
    private var hashed: Set<Int> = []
    /// Per section, how many of its rows the set holds.
    private(set) var countBySection: [Int]
    private(set) var count = 0

    /// An empty set of rows of `space`.
    /// - Complexity: O(sections), plus O(rows / 64) when dense.
    init(_ space: RowSpace, dense: Bool) {
        self.space = space
        isDense = dense
        words = dense ? [UInt64](repeating: 0, count: space.wordOffsets.last!) : []
        countBySection = [Int](repeating: 0, count: space.counts.count)
    }

    /// Inserts a row of the space (checked by the caller); false when it was already there.
    /// - Complexity: O(1), amortized when hashed.
    @inline(__always) mutating func insert(_ section: Int, _ row: Int) -> Bool {
        if isDense {
            let word = space.wordOffsets[section] + row >> 6, bit = UInt64(1) << UInt64(row & 63)
            guard words[word] & bit == 0 else { return false }
            words[word] |= bit
        } else {
            guard hashed.insert(RowSpace.pack(section, row)).inserted else { return false }
        }
        countBySection[section] += 1
        count += 1
        return true
    }

    /// Whether the set holds (section, row); false for anything outside the space.
    /// - Complexity: O(1).
    @inline(__always) func contains(_ section: Int, _ row: Int) -> Bool {
        guard count > 0, space.contains(section, row) else { return false }
        if isDense { return words[space.wordOffsets[section] + row >> 6] & UInt64(1) << UInt64(row & 63) != 0 }
        return hashed.contains(RowSpace.pack(section, row))
    }

    /// Whether the set holds `indexPath` (a two-element index path of the space).
    /// - Complexity: O(1).
    func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && contains(indexPath.section, indexPath.row)
    }

    /// The rows of every set in `sets` (all of one space and one kind), ascending, packed.
    /// - Complexity: O(rows / 64 + k) when dense, O(k log k) otherwise, for k rows held.
    static func sortedPositions(of sets: [RowSet]) -> [Int] {
        guard let first = sets.first else { return [] }
        var result: [Int] = []
        result.reserveCapacity(sets.reduce(0) { $0 + $1.count })
        if first.isDense {
            let space = first.space
            for section in space.counts.indices where sets.contains(where: { $0.countBySection[section] > 0 }) {
                for word in space.wordOffsets[section]..<space.wordOffsets[section + 1] {
                    var bits = sets.reduce(UInt64(0)) { $0 | $1.words[word] }
                    let base = (word - space.wordOffsets[section]) << 6
                    while bits != 0 {
                        result.append(RowSpace.pack(section, base + bits.trailingZeroBitCount))
                        bits &= bits - 1
                    }
                }
            }
        } else {
            for set in sets { result += set.hashed }
            result.sort()
        }
        return result
    }

    /// The rows of every set in `sets` grouped by section, each section's rows ascending.
    /// - Complexity: that of `sortedPositions(of:)`.
    static func sortedRowsBySection(of sets: [RowSet]) -> [Int: [Int]] {
        var result: [Int: [Int]] = [:]
        var section = -1, rows: [Int] = []
        for packed in sortedPositions(of: sets) {
            if RowSpace.section(packed) != section {
                if section >= 0 { result[section] = rows }
                section = RowSpace.section(packed)
                rows = []
            }
            rows.append(RowSpace.row(packed))
        }
        if section >= 0 { result[section] = rows }
        return result
    }
}

/// Where some rows of one space go (a packed position each): a slot per row when dense,
/// a dictionary otherwise.
struct RowDestinations: Sendable {
    let space: RowSpace
    private var slots: [Int]
    private var hashed: [Int: Int] = [:]
    private let isDense: Bool

    /// - Complexity: O(sections), plus O(rows) when dense.
    init(_ space: RowSpace, dense: Bool) {
        self.space = space
        isDense = dense
        slots = dense ? [Int](repeating: -1, count: space.rowCount) : []
    }

    /// An empty map (no rows, no space).
    init() { self.init(RowSpace(counts: []), dense: false) }

    /// Records that the row (section, row) of the space goes to `destination` (packed).
    /// - Complexity: O(1), amortized when hashed.
    mutating func set(_ section: Int, _ row: Int, to destination: Int) {
        if isDense { slots[space.rowOffsets[section] + row] = destination } else { hashed[RowSpace.pack(section, row)] = destination }
    }

    /// Where `indexPath` goes, when recorded.
    /// - Complexity: O(1).
    func destination(of indexPath: IndexPath) -> IndexPath? {
        guard indexPath.count == 2, space.contains(indexPath.section, indexPath.row) else { return nil }
        let (section, row) = (indexPath.section, indexPath.row)
        let packed = isDense ? slots[space.rowOffsets[section] + row] : hashed[RowSpace.pack(section, row)] ?? -1
        return packed < 0 ? nil : IndexPath(packed: packed)
    }
}

extension IndexPath {
    /// The index path of a packed position (`RowSpace.pack`).
    init(packed: Int) { self.init(row: RowSpace.row(packed), section: RowSpace.section(packed)) }
}
