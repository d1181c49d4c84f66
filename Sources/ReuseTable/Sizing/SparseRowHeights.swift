import Foundation

/// The cached heights of one section at one width: a sparse map from row to
/// height that follows row insertions and removals in O(log n), n the cached
/// rows (never the section's row count).
///
/// A B+tree of gap-encoded entries: each stores its height and its distance from the previous cached
/// row, and internal nodes keep each child's gap sum and count, so opening `k` rows above an entry adds
/// `k` to that one gap and the sums on its path. Gaps are relative, so moving entries between siblings
/// never changes them. Nodes are shared by copies until one writes (then O(n), once). Memory and the
/// picture: Docs/height-caches.md.
struct SparseRowHeights: Sendable {
    /// One cached row: its distance from the previous cached row (or from row
    /// 0 for the first entry) and its height.
    struct Entry: Equatable, Sendable {
        var gap: Int
        var height: Double
    }

    /// Most entries (leaf) or children (internal node) a node holds. 64 entries
    /// are 1 KB: one in-leaf scan costs about what one more level would.
    static let capacity = 64
    /// Fewest items of a node other than the root.
    static let minimum = capacity / 2

    private var root: Node?

    /// An empty map.
    init() {}

    /// True when no row is cached.
    var isEmpty: Bool { root == nil }

    /// Cached rows.
    ///
    /// - Complexity: O(1) (the root's child counts: at most 64 additions).
    var count: Int { root?.count ?? 0 }

    // MARK: Row-level operations (what the cache calls)

    /// The height cached for `row`, or nil.
    ///
    /// The hot lookup (the table asks before every measurement): one descent
    /// without index bookkeeping. Each level's array is passed to the scan
    /// once, so scanning it costs no reference counting per child.
    ///
    /// - Complexity: O(log n).
    func height(atRow row: Int) -> Double? {
        guard var node = root else { return nil }
        var base = 0
        while !node.isLeaf { node = node.children[Self.child(of: node.sums, reaching: row, base: &base)] }
        for entry in node.entries {
            base += entry.gap
            if base >= row { return base == row ? entry.height : nil }
        }
        return nil
    }

    /// Stores `height` for `row`; returns whether the row had no height before.
    ///
    /// - Complexity: O(log n).
    mutating func set(_ height: Double, atRow row: Int) -> Bool {
        let found = locate(row)
        if found.row == row {
            setHeight(height, atIndex: found.index)
            return false
        }
        let gap = row - found.base
        insert(Entry(gap: gap, height: height), atIndex: found.index)
        if found.row != nil { addGap(-gap, atIndex: found.index + 1) }
        return true
    }

    /// Forgets `row`'s height, leaving other rows in place; returns it if it was cached.
    ///
    /// - Complexity: O(log n).
    mutating func remove(row: Int) -> Double? {
        let found = locate(row)
        guard found.row == row else { return nil }
        let entry = remove(atIndex: found.index)
        if found.index < count { addGap(entry.gap, atIndex: found.index) }
        return entry.height
    }

    /// Opens `count` rows without heights at `row`, shifting later rows down.
    ///
    /// - Complexity: O(log n).
    mutating func insertRows(_ count: Int, at row: Int) {
        // One descent: the path to the first entry at or after `row` is the path
        // whose sums grow. The root's span is the last cached row.
        // (No `let root` binding here: it would hold a second reference and make
        // `makeUnique()` copy the whole tree.)
        guard let lastRow = root?.span, lastRow >= row else { return }
        makeUnique()
        var node = self.root!, base = 0
        while !node.isLeaf {
            let j = Self.child(of: node.sums, reaching: row, base: &base)
            node.sums[j].span += count
            node = node.children[j]
        }
        for k in node.entries.indices {
            base += node.entries[k].gap
            if base >= row {
                node.entries[k].gap += count
                return
            }
        }
    }

    /// The first child whose last row is at or after `row` (the last child if
    /// none), adding the spans of the children before it to `base`. `sums` is
    /// borrowed, so the caller can write to the node's array right after.
    private static func child(of sums: [Sums], reaching row: Int, base: inout Int) -> Int {
        var j = 0
        let last = sums.count - 1
        while j < last, base + sums[j].span < row {
            base += sums[j].span
            j += 1
        }
        return j
    }

    /// Removes `row`, shifting later rows up by one; returns its height if it had one.
    ///
    /// - Complexity: O(log n).
    mutating func removeRow(_ row: Int) -> Double? {
        let found = locate(row)
        guard found.row != nil else { return nil }
        if found.row == row {
            let entry = remove(atIndex: found.index)
            if found.index < count { addGap(entry.gap - 1, atIndex: found.index) }
            return entry.height
        }
        addGap(-1, atIndex: found.index)
        return nil
    }

    /// Calls `body` with every cached row and its height, in row order.
    ///
    /// - Complexity: O(n).
    func forEach(_ body: (_ row: Int, _ height: Double) -> Void) {
        guard let root else { return }
        var row = 0
        root.forEach(&row, body)
    }

    /// Bytes held by the nodes: each node object (header and fields) and the
    /// capacity of its arrays, with their headers. Malloc's own rounding and
    /// bookkeeping are not included (the bench measures those).
    ///
    /// - Complexity: O(n / capacity).
    var allocatedBytes: Int { root?.allocatedBytes ?? 0 }

    /// The root node's identity, for tests: a write to an unshared tree keeps
    /// it (no hidden whole-tree copy).
    var rootIdentity: ObjectIdentifier? { root.map(ObjectIdentifier.init) }

    /// Nodes in the tree.
    ///
    /// - Complexity: O(n / capacity).
    var nodeCount: Int { root?.nodeCount ?? 0 }

    // MARK: Index-level primitives

    /// The first entry whose row is `row` or later: its index, the row of the
    /// entry before it (0 when none), and its row and height (`row` is nil when
    /// no entry is at or after `row`; `index` is then `count`).
    ///
    /// - Complexity: O(log n).
    func locate(_ row: Int) -> (index: Int, base: Int, row: Int?, height: Double) {
        guard var node = root else { return (0, 0, nil, 0) }
        var index = 0, base = 0
        while !node.isLeaf {
            // Skip children whose last row is before `row`; past the last child
            // the leaf walk below runs off the end and reports "none".
            let sums = node.sums
            var j = 0
            let last = sums.count - 1
            while j < last, base + sums[j].span < row {
                base += sums[j].span
                index += sums[j].count
                j += 1
            }
            node = node.children[j]
        }
        for entry in node.entries {
            if base + entry.gap >= row { return (index, base, base + entry.gap, entry.height) }
            base += entry.gap
            index += 1
        }
        return (index, base, nil, 0)
    }

    /// Adds `delta` to the gap of entry `index`: every later row moves by `delta`.
    ///
    /// - Complexity: O(log n).
    mutating func addGap(_ delta: Int, atIndex index: Int) {
        makeUnique()
        var node = root!, i = index
        while !node.isLeaf {
            let j = node.child(containing: &i)
            node.sums[j].span += delta
            node = node.children[j]
        }
        node.entries[i].gap += delta
    }

    /// Replaces the height of entry `index`.
    ///
    /// - Complexity: O(log n).
    mutating func setHeight(_ height: Double, atIndex index: Int) {
        makeUnique()
        var node = root!, i = index
        while !node.isLeaf { node = node.children[node.child(containing: &i)] }
        node.entries[i].height = height
    }

    /// Inserts `entry` before entry `index` (`count` appends).
    ///
    /// - Complexity: O(log n).
    mutating func insert(_ entry: Entry, atIndex index: Int) {
        makeUnique()
        guard let root else {
            let leaf = Node(isLeaf: true)
            leaf.entries = [entry]
            self.root = leaf
            return
        }
        root.insert(entry, at: index)
        if root.itemCount > Self.capacity {
            let right = root.splitOffRight()
            let top = Node(isLeaf: false)
            top.children = [root, right]
            top.sums = [Sums(span: root.span, count: root.count), Sums(span: right.span, count: right.count)]
            self.root = top
        }
    }

    /// Removes entry `index` and returns it (later rows move by its gap).
    ///
    /// - Complexity: O(log n).
    @discardableResult
    mutating func remove(atIndex index: Int) -> Entry {
        makeUnique()
        let root = self.root!
        let entry = root.remove(at: index)
        if root.isLeaf {
            if root.entries.isEmpty { self.root = nil }
        } else if root.children.count == 1 {
            self.root = root.children[0]
        }
        return entry
    }

    /// Copies the nodes if another tree value shares them.
    private mutating func makeUnique() {
        if root != nil, !isKnownUniquelyReferenced(&root) { root = root!.deepCopy() }
    }

    /// Every structural invariant, as messages; empty when sound.
    func checkInvariants() -> [String] {
        guard let root else { return [] }
        var problems: [String] = []
        var leafDepth: Int?
        var first = true
        root.check(depth: 0, isRoot: true, leafDepth: &leafDepth, isFirstEntry: &first, problems: &problems)
        return problems
    }
}

extension SparseRowHeights: Equatable {
    /// Same rows with bit-identical heights.
    ///
    /// - Complexity: O(n).
    static func == (a: Self, b: Self) -> Bool {
        var left: [(Int, UInt64)] = [], right: [(Int, UInt64)] = []
        a.forEach { left.append(($0, $1.bitPattern)) }
        b.forEach { right.append(($0, $1.bitPattern)) }
        return left.elementsEqual(right, by: ==)
    }
}

// MARK: - Nodes

extension SparseRowHeights {
    /// What an internal node knows about one child: its gap sum (the row of its
    /// last entry, relative to the entry before its first) and its entry count.
    struct Sums: Equatable, Sendable {
        var span: Int
        var count: Int
    }

    /// A leaf (`entries`) or an internal node (`children`, and their `sums` in
    /// a parallel array, so a descent reads one contiguous array per level).
    ///
    /// `@unchecked Sendable` and `@exclusivity(unchecked)`: a node is reachable
    /// from one tree only, and a tree writes to its nodes only after
    /// `isKnownUniquelyReferenced` proved no other tree value shares them (the
    /// standard copy-on-write contract), one access at a time; the runtime
    /// access tracking on these hot arrays cost more than the lookups.
    final class Node: @unchecked Sendable {
        let isLeaf: Bool
        @exclusivity(unchecked) var entries: [Entry] = []
        @exclusivity(unchecked) var children: [Node] = []
        @exclusivity(unchecked) var sums: [Sums] = []

        init(isLeaf: Bool) { self.isLeaf = isLeaf }

        /// Entries (leaf) or children (internal node).
        var itemCount: Int { isLeaf ? entries.count : children.count }

        /// Entries below this node. O(capacity).
        var count: Int { isLeaf ? entries.count : sums.reduce(0) { $0 + $1.count } }

        /// Sum of the gaps below this node: the row of its last entry, relative
        /// to the entry before its first. O(capacity).
        var span: Int { isLeaf ? entries.reduce(0) { $0 + $1.gap } : sums.reduce(0) { $0 + $1.span } }

        /// The child holding entry `i`, with `i` made relative to that child.
        func child(containing i: inout Int) -> Int {
            let sums = self.sums
            var j = 0
            while i >= sums[j].count { i -= sums[j].count; j += 1 }
            return j
        }

        func deepCopy() -> Node {
            let copy = Node(isLeaf: isLeaf)
            copy.entries = entries
            copy.children = children.map { $0.deepCopy() }
            copy.sums = sums
            return copy
        }

        // MARK: Insert and remove

        /// Inserts `entry` before entry `index` below this node; the caller splits this node if it overflows.
        func insert(_ entry: Entry, at index: Int) {
            if isLeaf {
                reserve(1)
                entries.insert(entry, at: index)
                return
            }
            // An index on a boundary goes to the end of the left child: appends stay in the last leaf.
            var i = index, j = 0
            while j < children.count - 1, i > sums[j].count { i -= sums[j].count; j += 1 }
            let child = children[j]
            child.insert(entry, at: i)
            sums[j].count += 1
            sums[j].span += entry.gap
            if child.itemCount > SparseRowHeights.capacity { fixOverflow(ofChild: j) }
        }

        /// Removes and returns entry `index` below this node; the caller fixes this node if it underflows.
        func remove(at index: Int) -> Entry {
            if isLeaf { return entries.remove(at: index) }
            var i = index
            let j = child(containing: &i)
            let entry = children[j].remove(at: i)
            sums[j].count -= 1
            sums[j].span -= entry.gap
            if children[j].itemCount < SparseRowHeights.minimum { fixUnderflow(ofChild: j) }
            return entry
        }

        /// Child `j` holds one item too many: hand one to a sibling with room, else split it.
        ///
        /// Handing over first keeps leaves full when rows are measured in
        /// order (appending at the end, or prepending while scrolling up).
        private func fixOverflow(ofChild j: Int) {
            let capacity = SparseRowHeights.capacity
            if j > 0, children[j - 1].itemCount < capacity {
                shift(children[j - 1].takeFront(1, of: children[j]), from: j, to: j - 1)
            } else if j + 1 < children.count, children[j + 1].itemCount < capacity {
                shift(children[j].giveBack(1, to: children[j + 1]), from: j, to: j + 1)
            } else {
                let right = children[j].splitOffRight()
                let moved = Sums(span: right.span, count: right.count)
                sums[j].span -= moved.span
                sums[j].count -= moved.count
                reserve(1)
                children.insert(right, at: j + 1)
                sums.insert(moved, at: j + 1)
            }
        }

        /// Child `j` holds too few items: borrow one from a sibling, else merge with it.
        private func fixUnderflow(ofChild j: Int) {
            let minimum = SparseRowHeights.minimum
            if j > 0 {
                let left = children[j - 1]
                if left.itemCount > minimum {
                    shift(left.giveBack(1, to: children[j]), from: j - 1, to: j)
                } else {
                    shift(left.takeFront(children[j].itemCount, of: children[j]), from: j, to: j - 1)
                    removeChild(j)
                }
            } else if j + 1 < children.count {
                let right = children[j + 1]
                if right.itemCount > minimum {
                    shift(children[j].takeFront(1, of: right), from: j + 1, to: j)
                } else {
                    shift(children[j].takeFront(right.itemCount, of: right), from: j + 1, to: j)
                    removeChild(j + 1)
                }
            }
        }

        /// Moves the gap sum and entry count of items that went from child `a` to child `b`.
        private func shift(_ moved: Sums, from a: Int, to b: Int) {
            sums[a].span -= moved.span
            sums[a].count -= moved.count
            sums[b].span += moved.span
            sums[b].count += moved.count
        }

        private func removeChild(_ j: Int) {
            children.remove(at: j)
            sums.remove(at: j)
        }

        // MARK: Moving items between siblings (gaps are relative, so they move unchanged)

        /// Moves the first `k` items of `right` (this node's next sibling) to this node's end.
        func takeFront(_ k: Int, of right: Node) -> Sums {
            // Each slice lives for one statement only: a slice kept alive across the
            // removal would make the source's buffer shared and force a copy.
            reserve(k)
            if isLeaf {
                let span = right.entries[..<k].reduce(0) { $0 + $1.gap }
                entries.append(contentsOf: right.entries[..<k])
                right.entries.removeFirst(k)
                return Sums(span: span, count: k)
            }
            let moved = right.sums[..<k].reduce(Sums(span: 0, count: 0)) { Sums(span: $0.span + $1.span, count: $0.count + $1.count) }
            children.append(contentsOf: right.children[..<k])
            sums.append(contentsOf: right.sums[..<k])
            right.children.removeFirst(k)
            right.sums.removeFirst(k)
            return moved
        }

        /// Moves the last `k` items of this node to the front of `right` (its next sibling).
        func giveBack(_ k: Int, to right: Node) -> Sums {
            right.reserve(k)
            let range = (itemCount - k)..<itemCount
            if isLeaf {
                let span = entries[range].reduce(0) { $0 + $1.gap }
                right.entries.insert(contentsOf: entries[range], at: 0)
                entries.removeSubrange(range)
                return Sums(span: span, count: k)
            }
            let moved = sums[range].reduce(Sums(span: 0, count: 0)) { Sums(span: $0.span + $1.span, count: $0.count + $1.count) }
            right.children.insert(contentsOf: children[range], at: 0)
            right.sums.insert(contentsOf: sums[range], at: 0)
            children.removeSubrange(range)
            sums.removeSubrange(range)
            return moved
        }

        /// Moves the upper half of this overfull node into a new right sibling and returns it.
        func splitOffRight() -> Node {
            let right = Node(isLeaf: isLeaf)
            _ = giveBack(itemCount / 2, to: right)
            return right
        }

        /// Grows the arrays geometrically, but never past one item over
        /// capacity (the moment before a split), so a full leaf keeps a 65-entry
        /// buffer rather than the 128 that `Array`'s doubling would give it.
        private func reserve(_ extra: Int) {
            let needed = itemCount + extra
            func grow<T>(_ array: inout [T]) {
                if needed > array.capacity {
                    array.reserveCapacity(Swift.min(Swift.max(needed, 2 * array.capacity, 4), SparseRowHeights.capacity + 1))
                }
            }
            if isLeaf {
                grow(&entries)
            } else {
                grow(&children)
                grow(&sums)
            }
        }

        // MARK: Reading

        func forEach(_ row: inout Int, _ body: (Int, Double) -> Void) {
            if isLeaf {
                for entry in entries {
                    row += entry.gap
                    body(row, entry.height)
                }
            } else {
                for child in children { child.forEach(&row, body) }
            }
        }

        /// 16-byte object header, `isLeaf` padded to 8, three array references.
        static let objectBytes = 16 + 8 + 3 * 8
        /// A Swift array's heap header (reference count, metadata, count, capacity).
        static let arrayHeaderBytes = 32

        var allocatedBytes: Int {
            func bytes<T>(_ array: [T]) -> Int {
                array.capacity == 0 ? 0 : Node.arrayHeaderBytes + array.capacity * MemoryLayout<T>.stride
            }
            let own = Self.objectBytes + bytes(entries) + bytes(children) + bytes(sums)
            return children.reduce(own) { $0 + $1.allocatedBytes }
        }

        var nodeCount: Int { children.reduce(1) { $0 + $1.nodeCount } }

        func check(depth: Int, isRoot: Bool, leafDepth: inout Int?, isFirstEntry: inout Bool, problems: inout [String]) {
            let n = itemCount
            if n > SparseRowHeights.capacity { problems.append("depth \(depth): \(n) items > capacity") }
            if n == 0 || (!isRoot && n < SparseRowHeights.minimum) { problems.append("depth \(depth): \(n) items < minimum") }
            if isRoot && !isLeaf && n < 2 { problems.append("root with \(n) children") }
            if isLeaf {
                if let d = leafDepth, d != depth { problems.append("leaves at depths \(d) and \(depth)") }
                leafDepth = depth
                if entries.capacity > SparseRowHeights.capacity + 1 + 8 {
                    problems.append("leaf buffer of \(entries.capacity) entries")
                }
                for entry in entries {
                    if entry.gap < (isFirstEntry ? 0 : 1) { problems.append("gap \(entry.gap)") }
                    if !entry.height.isFinite { problems.append("height \(entry.height)") }
                    isFirstEntry = false
                }
                return
            }
            if sums.count != n { problems.append("depth \(depth): \(sums.count) sums for \(n) children"); return }
            for (j, child) in children.enumerated() {
                if sums[j].span != child.span { problems.append("depth \(depth) child \(j): span \(sums[j].span) != \(child.span)") }
                if sums[j].count != child.count { problems.append("depth \(depth) child \(j): count \(sums[j].count) != \(child.count)") }
                child.check(depth: depth + 1, isRoot: false, leafDepth: &leafDepth, isFirstEntry: &isFirstEntry, problems: &problems)
            }
        }
    }
}
