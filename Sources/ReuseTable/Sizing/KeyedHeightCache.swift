import Foundation

/// Measured row heights by model key (a message id, a post id…), kept separately for every content width.
///
/// Unlike `IndexPathHeightCache`, entries do not move when rows move: the key
/// follows the model, so inserts, deletes and moves need no bookkeeping. The
/// price is that the user must invalidate a key when its content changes.
/// With a `capacity`, the least recently used entry goes first. Memory: Docs/height-caches.md.
///
/// - Complexity: every operation O(1) (recency is an intrusive list over array slots).
@MainActor
public final class KeyedHeightCache {

    // MARK: Storage

    /// One cached height, linked into the recency list. `newer`/`older` are slot
    /// indices, -1 for none; free slots are chained through `older`.
    private struct Node {
        var key: AnyHashable
        var width: CGFloat
        var height: CGFloat
        var newer: Int
        var older: Int
    }

    /// Node slots; a freed slot is reused by the next store.
    private var nodes: [Node] = []
    /// Head of the free-slot chain, -1 if none.
    private var freeHead = -1
    /// Slot of each entry, by key then width (so invalidating a key finds all its widths).
    private var slots: [AnyHashable: [CGFloat: Int]] = [:]
    /// Most and least recently used slots, -1 when empty.
    private var newest = -1, oldest = -1

    /// A placeholder key for freed slots, so they do not keep a user's key alive.
    private static let freedKey = AnyHashable(0)

    /// The debug log (off by default); the table switches it with `isHeightDebugLogEnabled`.
    var log = HeightCacheLog(component: "KeyedHeightCache")

    /// Where a refused height (see `setHeight(_:forKey:width:)`) is reported. The table or
    /// collection view that owns the cache sends it to its own `diagnosticHandler`; a cache
    /// made on its own writes to standard error.
    public var diagnosticHandler: (String) -> Void = { message in
        FileHandle.standardError.write(Data("ReuseTable: \(message)\n".utf8))
    }

    /// Creates an empty cache holding at most `capacity` heights (nil: unbounded).
    ///
    /// - Complexity: O(1).
    public init(capacity: Int? = nil) {
        precondition(capacity.map { $0 >= 0 } ?? true, "KeyedHeightCache: negative capacity")
        self.capacity = capacity
    }

    // MARK: Public API

    /// The most heights kept over all keys and widths; nil (the default) means unbounded.
    ///
    /// Lowering it evicts least recently used entries at once.
    ///
    /// - Complexity: O(1) per evicted entry.
    public var capacity: Int? {
        didSet {
            precondition(capacity.map { $0 >= 0 } ?? true, "KeyedHeightCache: negative capacity")
            evictOverflow()
        }
    }

    /// Lookups of `height(forKey:width:)` that found a height.
    ///
    /// - Complexity: O(1).
    public private(set) var hits = 0

    /// Lookups of `height(forKey:width:)` that found nothing.
    ///
    /// - Complexity: O(1).
    public private(set) var misses = 0

    /// Cached heights over all keys and widths (a key cached at two widths counts twice).
    ///
    /// - Complexity: O(1).
    public private(set) var cachedCount = 0

    /// The height cached for `key` at `width`, or nil; counts a hit or a miss and
    /// marks a hit as most recently used.
    ///
    /// - Complexity: O(1) (hashing `key`).
    public func height(forKey key: AnyHashable, width: CGFloat) -> CGFloat? {
        guard let slot = slots[key]?[width] else {
            misses += 1
            log("miss \(key) width \(width)")
            return nil
        }
        hits += 1
        moveToFront(slot)
        log("hit \(key) width \(width) -> \(nodes[slot].height)")
        return nodes[slot].height
    }

    /// Caches `height` for `key` at `width` as the most recently used entry,
    /// evicting the least recently used one if that exceeds `capacity`.
    ///
    /// A height the view could not use — NaN, infinite, negative, or larger than
    /// `TableView.maximumSlotHeight` — or a non-finite width is refused: reported
    /// through `diagnosticHandler`, and the cache keeps what it had (nothing is
    /// evicted), so every cached height is one the view can lay out as it is.
    ///
    /// - Complexity: amortized O(1) (hashing `key`).
    public func setHeight(_ height: CGFloat, forKey key: AnyHashable, width: CGFloat) {
        if let refusal = GeometryNumber.refusal(
            ofHeight: height, width: width, call: "KeyedHeightCache.setHeight(_:forKey:width:)", entry: "\(key)")
        {
            log("refused store \(height) for \(key) width \(width)")
            diagnosticHandler(refusal)
            return
        }
        log("store \(key) width \(width) = \(height)")
        if let slot = slots[key]?[width] {
            nodes[slot].height = height
            moveToFront(slot)
            return
        }
        let node = Node(key: key, width: width, height: height, newer: -1, older: newest)
        let slot: Int
        if freeHead >= 0 {
            slot = freeHead
            freeHead = nodes[slot].older
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        if newest >= 0 { nodes[newest].newer = slot } else { oldest = slot }
        newest = slot
        slots[key, default: [:]][width] = slot
        cachedCount += 1
        evictOverflow()
    }

    /// Forgets `key`'s height at every width. Call it when the model behind `key` changes.
    ///
    /// - Complexity: O(w), w the number of widths cached for `key`.
    public func invalidateHeight(forKey key: AnyHashable) {
        guard let byWidth = slots.removeValue(forKey: key) else { return }
        log("invalidate \(key) (\(byWidth.count) widths)")
        for slot in byWidth.values { release(slot) }
    }

    /// Forgets every cached height.
    ///
    /// - Complexity: O(1) plus releasing the storage.
    public func invalidateAll() {
        log("invalidate all (\(cachedCount) heights)")
        nodes.removeAll()
        slots.removeAll()
        freeHead = -1
        newest = -1
        oldest = -1
        cachedCount = 0
    }

    // MARK: Internal

    /// The height cached for `key` at `width`, without counting or refreshing recency.
    ///
    /// - Complexity: O(1).
    func storedHeight(forKey key: AnyHashable, width: CGFloat) -> CGFloat? {
        slots[key]?[width].map { nodes[$0].height }
    }

    /// Resets `hits` and `misses` to zero.
    func resetCounters() { hits = 0; misses = 0 }

    /// Entries from most to least recently used; for tests and the demo's status line.
    ///
    /// - Complexity: O(n).
    var entriesByRecency: [(key: AnyHashable, width: CGFloat)] {
        var result: [(key: AnyHashable, width: CGFloat)] = []
        var slot = newest
        while slot >= 0 {
            result.append((nodes[slot].key, nodes[slot].width))
            slot = nodes[slot].older
        }
        return result
    }

    /// Checks the list, index and count agree; for tests.
    func checkInvariants() -> [String] {
        var problems: [String] = []
        var seen = 0, slot = newest, previous = -1
        while slot >= 0 {
            if nodes[slot].newer != previous { problems.append("slot \(slot): bad newer link") }
            if slots[nodes[slot].key]?[nodes[slot].width] != slot { problems.append("slot \(slot): not indexed") }
            seen += 1
            previous = slot
            slot = nodes[slot].older
            if seen > nodes.count { problems.append("cycle"); break }
        }
        if previous != oldest { problems.append("oldest \(oldest) != tail \(previous)") }
        let indexed = slots.values.reduce(0) { $0 + $1.count }
        if seen != cachedCount || indexed != cachedCount {
            problems.append("count \(cachedCount), listed \(seen), indexed \(indexed)")
        }
        if let capacity, cachedCount > capacity { problems.append("over capacity") }
        return problems
    }

    // MARK: Recency list

    /// Detaches `slot` from the recency list.
    private func unlink(_ slot: Int) {
        let newer = nodes[slot].newer, older = nodes[slot].older
        if newer >= 0 { nodes[newer].older = older } else { newest = older }
        if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
    }

    /// Makes `slot` the most recently used entry.
    private func moveToFront(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        nodes[slot].newer = -1
        nodes[slot].older = newest
        if newest >= 0 { nodes[newest].newer = slot } else { oldest = slot }
        newest = slot
    }

    /// Unlinks `slot` and puts it on the free chain (its index entry is already gone).
    private func release(_ slot: Int) {
        unlink(slot)
        nodes[slot].key = Self.freedKey
        nodes[slot].older = freeHead
        nodes[slot].newer = -1
        freeHead = slot
        cachedCount -= 1
    }

    /// Evicts least recently used entries until `capacity` holds.
    private func evictOverflow() {
        guard let capacity else { return }
        while cachedCount > capacity {
            let slot = oldest
            let key = nodes[slot].key, width = nodes[slot].width
            log("evict \(key) width \(width)")
            slots[key]?[width] = nil
            if slots[key]?.isEmpty == true { slots[key] = nil }
            release(slot)
        }
    }
}
