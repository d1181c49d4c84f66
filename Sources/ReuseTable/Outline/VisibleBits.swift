import Foundation

// Which positions of an outline are visible: one bit per position, and a tree of counts over
// words of 64 bits, so "how many visible before position p" (a row's index) and "which position
// is the v-th visible" (a row's item) are O(log n), and showing or hiding k positions updates
// only the words they touch (see Docs/outlines.md).

/// A bit per position with a count tree over its 64-bit words.
struct VisibleBits: Sendable {
    private(set) var words: [UInt64] = []
    /// Number of positions (bits) held.
    private(set) var count = 0
    /// Counts of set bits: leaves at `leafBase + word`, each inner node the sum of its two children.
    private var tree: [Int] = [0, 0]
    private var leafBase = 1

    init() {}

    /// The bits of `builder`, with the count tree built over them.
    /// - Complexity: O(n / 64).
    init(_ builder: Builder) {
        var builder = builder
        builder.finish()
        words = builder.words
        count = builder.count
        rebuildTree()
    }

    /// Set bits in all.
    var total: Int { tree[1] }

    @inline(__always) func contains(_ position: Int) -> Bool {
        words[position >> 6] & (1 << UInt64(position & 63)) != 0
    }

    /// Sets or clears a bit without updating the count tree: the caller lists the word in
    /// `touched` (ascending, repeats allowed) and calls `recount(_:)`.
    @inline(__always) mutating func assign(_ position: Int, _ value: Bool) {
        let bit: UInt64 = 1 << UInt64(position & 63)
        if value { words[position >> 6] |= bit } else { words[position >> 6] &= ~bit }
    }

    /// Set bits strictly before `position`.
    /// - Complexity: O(log n).
    func rank(_ position: Int) -> Int {
        guard position < count else { return total }
        let word = position >> 6
        var sum = 0
        let offset = position & 63
        if offset > 0 { sum = (words[word] & ((1 << UInt64(offset)) - 1)).nonzeroBitCount }
        // Sum the leaves before `word`: walk up, adding left siblings.
        var node = leafBase + word
        while node > 1 {
            if node & 1 == 1 { sum += tree[node - 1] }
            node >>= 1
        }
        return sum
    }

    /// The position of the `index`-th set bit (0-based); `index` < `total`.
    /// - Complexity: O(log n).
    func select(_ index: Int) -> Int {
        var remaining = index, node = 1
        while node < leafBase {
            let left = tree[2 * node]
            if remaining < left { node = 2 * node } else { remaining -= left; node = 2 * node + 1 }
        }
        let word = node - leafBase
        var bits = words[word]
        for _ in 0..<remaining { bits &= bits - 1 }
        return word << 6 + bits.trailingZeroBitCount
    }

    /// Recounts the given words (ascending) and their ancestors.
    /// - Complexity: O(w log(n / w)) for w distinct words.
    mutating func recount(_ touched: [Int]) {
        guard !touched.isEmpty else { return }
        var level: [Int] = []
        level.reserveCapacity(touched.count)
        for word in touched where level.last != leafBase + word {
            level.append(leafBase + word)
            tree[leafBase + word] = words[word].nonzeroBitCount
        }
        while level.first! > 1 {
            var up: [Int] = []
            up.reserveCapacity(level.count)
            for node in level where up.last != node >> 1 {
                up.append(node >> 1)
                tree[node >> 1] = tree[node & ~1] + tree[node | 1]
            }
            level = up
        }
    }

    private mutating func rebuildTree() {
        leafBase = 1
        while leafBase < max(words.count, 1) { leafBase <<= 1 }
        tree = [Int](repeating: 0, count: 2 * leafBase)
        for word in words.indices { tree[leafBase + word] = words[word].nonzeroBitCount }
        var node = leafBase - 1
        while node >= 1 {
            tree[node] = tree[2 * node] + tree[2 * node + 1]
            node -= 1
        }
    }

    /// Appends bits at the end, a word at a time when it can.
    struct Builder {
        var words: [UInt64] = []
        var count = 0
        private var pending: UInt64 = 0

        init(capacity: Int = 0) { words.reserveCapacity((capacity + 63) >> 6) }

        @inline(__always) mutating func append(_ bit: Bool) {
            if bit { pending |= 1 << UInt64(count & 63) }
            count += 1
            if count & 63 == 0 { words.append(pending); pending = 0 }
        }

        /// Appends `n` ≤ 64 low bits of `bits`.
        @inline(__always) mutating func append(bits: UInt64, n: Int) {
            guard n > 0 else { return }
            let value = n == 64 ? bits : bits & ((1 << UInt64(n)) - 1)
            let used = count & 63
            pending |= value << UInt64(used)
            count += n
            if used + n >= 64 {
                words.append(pending)
                pending = used == 0 ? 0 : value >> UInt64(64 - used)
            }
        }

        /// Appends the bits `range` of `source`.
        /// - Complexity: O(range / 64).
        mutating func append(_ source: VisibleBits, _ range: Range<Int>) {
            var position = range.lowerBound
            while position < range.upperBound {
                let n = min(64, range.upperBound - position)
                let word = position >> 6, offset = position & 63
                var bits = source.words[word] >> UInt64(offset)
                if offset > 0, word + 1 < source.words.count { bits |= source.words[word + 1] << UInt64(64 - offset) }
                append(bits: bits, n: n)
                position += n
            }
        }

        /// Flushes the last partial word.
        mutating func finish() {
            if count & 63 != 0 { words.append(pending); pending = 0 }
        }
    }
}
