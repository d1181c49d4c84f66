import Foundation

/// The production geometry store: a B+tree whose leaves hold runs of equal
/// slots and whose nodes know the summed height, slot count, header count and
/// unmeasured count of everything below them. Every question a table asks is one
/// walk from the root, and a run of equal heights costs O(1) memory.
///
/// A node's height is always a fixed-shape sum of what is below it, never moved by
/// a rounding delta, so answers are deterministic and, with exactly representable
/// heights, equal `RowRecords`'s bit for bit. Nodes are copied on first write, so
/// copying a tree is O(1). Node sizes, leaf encodings and the summing rules are
/// explained, with their measurements, in Docs/row-geometry.md.
///
/// - Complexity: finds and one-row edits O(log n); counts and `totalHeight` O(1).
@_spi(Internals) public struct SlotTree: RowGeometry, Sendable {
    var root: Node
    let config: Config
    /// Changes whenever the tree does, and is never reused (see `GeometryFinger`).
    var stamp: UInt64 = GeometryStamp.next()

    /// Builds the tree bottom-up from `runs`, merging adjacent equal runs and filling leaves completely.
    ///
    /// `runs` is consumed once and never stored, so a lazy sequence of ten
    /// million runs costs only the tree itself.
    ///
    /// - Complexity: O(n) in the number of runs.
    public init<S: Sequence>(_ runs: S) where S.Element == HeightRun {
        self.init(runs, leafCapacity: Config.standard.leafCapacity, fanout: Config.standard.fanout)
    }

    /// Builds a tree with explicit node sizes; tests use tiny ones so splits and merges happen early.
    init<S: Sequence>(_ runs: S, leafCapacity: Int, fanout: Int) where S.Element == HeightRun {
        precondition(leafCapacity >= 2 && fanout >= 3, "node capacities too small for a B+tree")
        precondition(leafCapacity + 2 <= Node.wordCapacity, "a leaf's block holds at most \(Node.wordCapacity - 2) runs between operations")
        config = Config(leafCapacity: leafCapacity, fanout: fanout)
        root = Node.build(from: runs, config: config)
    }

    /// Number of slots.
    ///
    /// - Complexity: O(1).
    public var count: Int { root.summary.count }

    /// Sum of all heights.
    ///
    /// - Complexity: O(1).
    public var totalHeight: Double { root.summary.height }

    /// Number of header slots, which is the number of sections.
    ///
    /// - Complexity: O(1).
    public var sectionCount: Int { root.summary.headers }

    /// Number of slots whose height is still an estimate.
    ///
    /// - Complexity: O(1).
    public var unmeasuredCount: Int { root.summary.unmeasured }
}

// MARK: - Configuration

extension SlotTree {
    struct Config: Sendable, Equatable {
        static let standard = Config(leafCapacity: 80, fanout: 64)

        /// Most runs a leaf holds.
        var leafCapacity: Int
        /// Most children an internal node holds.
        var fanout: Int

        /// A non-root node below half its capacity is merged with (or refilled
        /// from) a neighbour, which keeps the depth O(log n) after removals.
        /// An internal node needs two children even when half is one: a lone
        /// short child has no sibling to merge with.
        func capacity(isLeaf: Bool) -> Int { isLeaf ? leafCapacity : fanout }
        func minimum(isLeaf: Bool) -> Int { isLeaf ? max(1, leafCapacity / 2) : max(2, fanout / 2) }
    }
}

// MARK: - Runs in leaves

/// Packs a run's count (low 29 bits), kind (2 bits) and measured flag (top bit)
/// into 4 bytes, the meta half of a run.
enum RunMeta {
    static let countMask: UInt32 = (1 << 29) - 1
    /// Longer runs are stored as several runs.
    static let maxCount = Int(countMask)

    static func pack(count: Int, kind: SlotKind, isMeasured: Bool) -> UInt32 {
        UInt32(count) | UInt32(kind.rawValue) << 29 | (isMeasured ? 1 << 31 : 0)
    }

    @inline(__always) static func count(_ meta: UInt32) -> Int { Int(meta & countMask) }
    @inline(__always) static func kind(_ meta: UInt32) -> SlotKind { SlotKind(rawValue: UInt8((meta >> 29) & 3))! }
    @inline(__always) static func isMeasured(_ meta: UInt32) -> Bool { meta >> 31 != 0 }
    /// Everything but the count: two runs with equal attributes and heights may merge.
    @inline(__always) static func attributes(_ meta: UInt32) -> UInt32 { meta & ~countMask }
}

// MARK: - Summaries

extension SlotTree {
    /// What a parent knows about a subtree.
    struct Summary: Equatable, Sendable {
        var count = 0
        var height = 0.0
        var headers = 0
        var unmeasured = 0

        mutating func add(_ other: Summary) {
            count += other.count
            height = height + other.height
            headers += other.headers
            unmeasured += other.unmeasured
        }

        mutating func addRun(height h: Double, meta: UInt32) {
            let c = RunMeta.count(meta)
            count += c
            height = height + Double(c) * h
            if RunMeta.kind(meta) == .header { headers += c }
            if !RunMeta.isMeasured(meta) { unmeasured += c }
        }
    }
}

// MARK: - Nodes

extension SlotTree {
    /// A tree node: a leaf (runs in `words`, see SlotTree+LeafRuns.swift) or an
    /// internal node (children and their summaries in `childSummaries`). The fields
    /// every visit reads come first; `words` comes last, unused by internal nodes
    /// (about one node in 64, so about 0.1 byte a row).
    ///
    /// `@unchecked Sendable` and `@exclusivity(unchecked)`: a node is written only
    /// through a uniquely referenced path, one access at a time, so a node shared by
    /// two trees is never written; the runtime's access checks cost more than the work.
    final class Node: @unchecked Sendable {
        @exclusivity(unchecked) var summary: Summary
        /// The children (internal nodes only), each beside its slot count, and their summaries, in one block.
        /// Declared right after the summary, so an internal node's visit reads only the object's first cache line.
        @exclusivity(unchecked) var childSummaries: SummaryColumns
        let isLeaf: Bool
        /// Whether the leaf's runs use the 8-byte encoding (see SlotTree+LeafRuns.swift).
        @exclusivity(unchecked) var isNarrow = true
        /// Whether every height in the leaf is on the exact grid (`SlotTree.isOnExactGrid`), so its
        /// height sum may follow an insert or removal by the difference (SlotTree+SummaryColumns.swift).
        /// False is always safe: the sum is then re-added from the runs.
        @exclusivity(unchecked) var heightsOnGrid = false
        /// Where a mutation stores the bytes it read ahead from a leaf (`SummaryColumns.touchLeaf`); never read.
        @exclusivity(unchecked) var touched: UInt8 = 0
        /// Runs in a leaf (0 in an internal node).
        @exclusivity(unchecked) var runCount = 0
        /// A wide leaf's run metas; empty otherwise.
        @exclusivity(unchecked) var wideMeta: [UInt32] = []
        /// A leaf's runs: narrow words (height and meta) or wide words (heights; metas in `wideMeta`).
        /// Last, so an internal node's visit never reads it.
        @exclusivity(unchecked) var words = Words(repeating: 0)

        /// A leaf holding these runs (at most `wordCapacity`), in the narrowest encoding that keeps every height's bits.
        init(heights: [Double], meta: [UInt32]) {
            self.childSummaries = SummaryColumns()
            self.isLeaf = true
            self.summary = Summary()
            store(heights: heights, meta: meta)
            recomputeSummary()
        }

        init(children: [Node]) {
            self.childSummaries = SummaryColumns(children)
            self.isLeaf = false
            self.summary = Summary()
            recomputeSummary()
        }

        private init(copying other: Node) {
            summary = other.summary
            isNarrow = other.isNarrow
            heightsOnGrid = other.heightsOnGrid
            runCount = other.runCount
            words = other.words
            wideMeta = other.wideMeta
            childSummaries = other.childSummaries
            isLeaf = other.isLeaf
        }

        /// Bytes of a node object: a 16-byte object header, the summary, the column block's
        /// reference, the flags (padded to 8), the run count, the wide metas' reference, the run block.
        @inline(__always) static var objectByteCount: Int {
            16 + MemoryLayout<Summary>.stride + 8 + 8 + 8 + 8 + MemoryLayout<Words>.stride
        }

        /// A shallow copy: the arrays are shared until written, children stay shared.
        func copy() -> Node { Node(copying: self) }

        /// The children, in order (empty for a leaf): a view of `childSummaries`.
        var children: [Node] { childSummaries.children }

        @inline(__always) func child(_ j: Int) -> Node { childSummaries.child(j) }

        /// Runs in a leaf, children in an internal node.
        var entryCount: Int { isLeaf ? runCount : childSummaries.count }

        /// Recomputes the summary from what is below the node, in its fixed shape, so sums never drift.
        func recomputeSummary() {
            var s = Summary()
            if isLeaf {
                s = isNarrow ? SlotTree.leafSummary(self, NarrowEncoding.self) : SlotTree.leafSummary(self, WideEncoding.self)
            } else {
                s = childSummaries.total()
            }
            summary = s
        }

        /// Replaces children in `range` by `nodes`, with their summaries.
        func replaceChildren(_ range: Range<Int>, with nodes: [Node]) {
            childSummaries.replaceSubrange(range, with: nodes)
        }

        /// Records that child `j`'s summary went from `old` (what the columns hold for it)
        /// to its current one, writing only the fields that changed.
        @inline(__always)
        func childDidChange(_ j: Int, from old: Summary) { childSummaries.childDidChange(j, from: old) }

        /// Child `j` without a retain, for read-only walks while the tree holds this node.
        @inline(__always)
        func unretainedChild(_ j: Int) -> Unmanaged<Node> { childSummaries.unretainedChild(j) }

        /// Child `j`, copied first if another tree shares it.
        func uniqueChild(_ j: Int) -> Node { childSummaries.uniqueChild(j) }
    }
}
