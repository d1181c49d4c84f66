import Foundation

// The height tree's one piece of manually managed storage: an internal node's columns in one
// allocation, reached only through typed pointers that `ColumnBlock.withColumns` lends for the
// length of a closure. `SummaryColumns` (SlotTree+SummaryColumns.swift) is its only user.
//
// Invariants, kept by this file and its one user:
// - The tail is declared as `SummaryColumns.Entry` (a count and a strong child reference), the
//   type its first region really holds. The optimizer trusts the declared element type: a tail
//   declared as plain integers would let it conclude that a reference stored there never
//   escapes, and allocate a new or copied child on the stack (a use-after-return that only
//   release builds show; `SlotTreeCopyOnWriteTests` runs in CI's release build for it).
// - The number regions after the entries are bound to `Double` and `Int` once, in `make`, and
//   read only as those types; they hold no references and need no deinitialization.
// - Entries `0..<header.count` are initialized, the rest of the entry region is not;
//   `deinit` releases exactly those.
// - A block is written only while uniquely referenced (`SummaryColumns.reserve`): a block
//   shared by two trees after a copy is never written, and the empty block all leaves share is
//   never written at all.
// - No pointer outlives the `withColumns` call that lent it.

extension SlotTree {
    /// Header of a `ColumnBlock`: children held, and children it has room for.
    struct ColumnHeader {
        var count: Int
        var capacity: Int
        /// Whether every child's height is on the exact grid (`SlotTree.isOnExactGrid`), so the
        /// running sums may follow a change of one height by the difference. False is always safe.
        var onGrid = false
        /// Whether the children are leaves (all children of a node are at one depth).
        var childrenAreLeaves = false
    }

    /// Typed pointers to the five regions of one `ColumnBlock`, valid inside `withColumns` only.
    struct Columns {
        /// `count` initialized entries (slot count and child), room for `capacity`.
        let entries: UnsafeMutablePointer<SummaryColumns.Entry>
        /// Each child's height.
        let heights: UnsafeMutablePointer<Double>
        /// The running sums of the heights: `ends[j] = heights[0] + … + heights[j]`, added in order.
        let ends: UnsafeMutablePointer<Double>
        /// Each child's header slots.
        let headers: UnsafeMutablePointer<Int>
        /// Each child's estimated slots.
        let unmeasured: UnsafeMutablePointer<Int>
    }

    /// One internal node's columns in one allocation. For capacity c the tail holds, in order:
    ///
    ///     entries     c × Entry    (16 bytes each: slot count, child reference)
    ///     heights     c × Double
    ///     ends        c × Double   (running sums)
    ///     headers     c × Int
    ///     unmeasured  c × Int
    ///
    /// The tail is declared as `Entry`, the first region's type, and sized in entries
    /// (`elementCount(_:)`): the four number regions take 32c bytes, two entries' room per child.
    final class ColumnBlock: ManagedBuffer<ColumnHeader, SummaryColumns.Entry> {
        /// Tail elements (entries) for `capacity` children: the entries themselves, then the
        /// number regions' 32 bytes a child in entry-sized cells.
        static func elementCount(_ capacity: Int) -> Int {
            let stride = MemoryLayout<SummaryColumns.Entry>.stride
            return capacity + (32 * capacity + stride - 1) / stride
        }
        /// Heap bytes of a block of `capacity` children (its object header and `ColumnHeader` included).
        static func byteCount(_ capacity: Int) -> Int {
            32 + elementCount(capacity) * MemoryLayout<SummaryColumns.Entry>.stride
        }
        /// Byte offset of the heights from the tail's start (the running sums follow them).
        @inline(__always) static func heightsOffset(_ capacity: Int) -> Int {
            capacity * MemoryLayout<SummaryColumns.Entry>.stride
        }
        /// Byte offset of the header counts (the estimated counts follow them).
        @inline(__always) static func headersOffset(_ capacity: Int) -> Int { heightsOffset(capacity) + 16 * capacity }

        /// An empty block with room for `capacity` children, its number regions bound to their types.
        static func make(capacity: Int) -> ColumnBlock {
            let made = ColumnBlock.create(minimumCapacity: elementCount(capacity)) { _ in
                ColumnHeader(count: 0, capacity: capacity)
            }
            let block = unsafeDowncast(made, to: ColumnBlock.self)
            block.withUnsafeMutablePointerToElements { entries in
                let raw = UnsafeMutableRawPointer(entries)
                (raw + heightsOffset(capacity)).bindMemory(to: Double.self, capacity: 2 * capacity)
                (raw + headersOffset(capacity)).bindMemory(to: Int.self, capacity: 2 * capacity)
            }
            return block
        }

        /// Lends `body` the header and the five regions; no pointer may outlive the call.
        @inline(__always)
        func withColumns<R>(_ body: (UnsafeMutablePointer<ColumnHeader>, Columns) -> R) -> R {
            withUnsafeMutablePointers { header, entries in
                let capacity = header.pointee.capacity
                let raw = UnsafeMutableRawPointer(entries)
                let heights = (raw + Self.heightsOffset(capacity)).assumingMemoryBound(to: Double.self)
                let headers = (raw + Self.headersOffset(capacity)).assumingMemoryBound(to: Int.self)
                let columns = Columns(
                    entries: entries, heights: heights, ends: heights + capacity,
                    headers: headers, unmeasured: headers + capacity)
                return body(header, columns)
            }
        }

        deinit {
            withUnsafeMutablePointers { header, entries in
                _ = entries.deinitialize(count: header.pointee.count)
            }
        }
    }
}
