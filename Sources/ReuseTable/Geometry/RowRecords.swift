import Foundation

/// The teaching geometry store: one record per slot, each holding its start Y
/// and height, exactly the `PGRowRecord` array of "Let's Build UITableView"
/// (Friday Q&A, 2013).
///
/// "Which row is at this Y" is a binary search, but changing one height shifts
/// every later record (O(n)), which is why the table uses `SlotTree`. It stays for
/// the docs, the benchmark and as the reference the tree is checked against.
/// Offsets are summed forward, never moved by a delta, so with exactly
/// representable heights they equal the tree's bit for bit.
@_spi(Internals) public struct RowRecords: RowGeometry, Sendable {
    /// One slot: where it starts and how tall it is.
    public struct Record: Equatable, Sendable {
        public var startY: Double
        public var height: Double
        public var kind: SlotKind
        public var isMeasured: Bool
    }

    /// The records, in slot order.
    public private(set) var records: [Record] = []

    /// Sum of all heights.
    ///
    /// - Complexity: O(1).
    public private(set) var totalHeight: Double = 0

    /// Number of slots whose height is still an estimate.
    ///
    /// - Complexity: O(1).
    public private(set) var unmeasuredCount: Int = 0

    // Slot index of every header, ascending: a small side array so section
    // lookups are O(1) / O(log n) without walking the records.
    private var headerIndices: [Int] = []

    /// Builds the records for `runs`, one record per slot.
    ///
    /// - Complexity: O(n) in the number of slots.
    public init<S: Sequence>(_ runs: S) where S.Element == HeightRun {
        if let runs = runs as? [HeightRun] {
            records.reserveCapacity(runs.reduce(0) { $0 + max(0, $1.count) })
        }
        var y = 0.0
        for run in runs {
            precondition(run.count >= 0, "negative run count")
            if !run.isMeasured { unmeasuredCount += run.count }
            if run.kind == .header { headerIndices.append(contentsOf: records.count..<records.count + run.count) }
            // One record per slot, as the article's array has: the loop is the O(n) this store costs.
            let height = run.height, kind = run.kind, isMeasured = run.isMeasured
            for _ in 0..<run.count {
                records.append(Record(startY: y, height: height, kind: kind, isMeasured: isMeasured))
                y = y + height
            }
        }
        totalHeight = y
    }

    /// Number of slots.
    ///
    /// - Complexity: O(1).
    public var count: Int { records.count }

    /// Number of header slots, which is the number of sections.
    ///
    /// - Complexity: O(1).
    public var sectionCount: Int { headerIndices.count }

    /// Start Y of slot `index` (`totalHeight` when `index == count`).
    ///
    /// - Complexity: O(1).
    public func offset(of index: Int) -> Double {
        precondition(index >= 0 && index <= records.count, "slot index out of range")
        return index == records.count ? totalHeight : records[index].startY
    }

    /// Height of slot `index`.
    ///
    /// - Complexity: O(1).
    public func height(at index: Int) -> Double { records[index].height }

    /// Everything about one slot.
    ///
    /// - Complexity: O(1).
    public func slot(at index: Int) -> Slot {
        let r = records[index]
        return Slot(index: index, minY: r.startY, height: r.height, kind: r.kind, isMeasured: r.isMeasured)
    }

    /// The slot whose half-open span contains `y`, found by binary search over the start offsets.
    ///
    /// The last record starting at or before `y` is the answer: a zero-height
    /// slot shares its start with the next slot, so it is never the last one.
    ///
    /// - Complexity: O(log n).
    public func index(atOffset y: Double) -> Int? {
        guard y >= 0, y < totalHeight else { return nil }  // also rejects NaN
        var lo = 0, hi = records.count  // first index with startY > y lies in lo...hi
        while lo < hi {
            let mid = (lo + hi) / 2
            if records[mid].startY <= y { lo = mid + 1 } else { hi = mid }
        }
        return lo - 1
    }

    /// The article's original linear scan, kept so the benchmark can show why it moved to binary search.
    ///
    /// - Complexity: O(n).
    public func indexLinear(atOffset y: Double) -> Int? {
        guard y >= 0, y < totalHeight else { return nil }
        for (i, r) in records.enumerated() where y < r.startY + r.height { return i }
        return nil
    }

    /// Slot index of the header of `section`.
    ///
    /// - Complexity: O(1).
    public func headerIndex(ofSection section: Int) -> Int { headerIndices[section] }

    /// The section a slot belongs to (headers at or before `index`, minus one).
    ///
    /// - Complexity: O(log s) for s sections.
    public func section(containing index: Int) -> Int {
        var lo = 0, hi = headerIndices.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if headerIndices[mid] <= index { lo = mid + 1 } else { hi = mid }
        }
        return lo - 1
    }

    /// The first slot at or after `index` whose height is an estimate.
    ///
    /// - Complexity: O(n).
    public func firstUnmeasured(from index: Int) -> Int? {
        guard unmeasuredCount > 0, index < records.count else { return nil }
        var i = max(index, 0)
        while i < records.count {
            if !records[i].isMeasured { return i }
            i += 1
        }
        return nil
    }

    /// Calls `body` with every slot from `index` on until it returns false.
    ///
    /// - Complexity: O(slots visited).
    public func forEachSlot(from index: Int, _ body: (Slot) -> Bool) {
        var i = max(index, 0)
        while i < records.count {
            if !body(slot(at: i)) { return }
            i += 1
        }
    }

    /// Replaces one height and shifts every later record, as the article's `row:changedHeight:` does.
    ///
    /// - Complexity: O(n).
    public mutating func setHeight(_ height: Double, at index: Int, isMeasured: Bool) {
        if records[index].isMeasured != isMeasured { unmeasuredCount += isMeasured ? -1 : 1 }
        records[index].height = height
        records[index].isMeasured = isMeasured
        recomputeOffsets(from: index)
    }

    /// Inserts `runs` so the first new slot gets `index`.
    ///
    /// - Complexity: O(n + k) for k new slots.
    public mutating func insert(_ runs: [HeightRun], at index: Int) {
        precondition(index >= 0 && index <= records.count, "slot index out of range")
        var new: [Record] = []
        for run in runs {
            precondition(run.count >= 0, "negative run count")
            if !run.isMeasured { unmeasuredCount += run.count }
            new.append(
                contentsOf: repeatElement(
                    Record(startY: 0, height: run.height, kind: run.kind, isMeasured: run.isMeasured), count: run.count))
        }
        guard !new.isEmpty else { return }
        records.insert(contentsOf: new, at: index)
        recomputeOffsets(from: index)
        rebuildHeaderIndices()
    }

    /// Removes the slots in `range` and returns them as runs (adjacent equal runs merged).
    ///
    /// - Complexity: O(n).
    @discardableResult
    public mutating func removeSubrange(_ range: Range<Int>) -> [HeightRun] {
        precondition(range.lowerBound >= 0 && range.upperBound <= records.count, "slot range out of bounds")
        var removed: [HeightRun] = []
        guard !range.isEmpty else { return removed }
        // Equal neighbours merge into one run; the run being grown stays in locals, not in the array.
        var run = HeightRun(count: 0, height: records[range.lowerBound].height, kind: .row, isMeasured: true)
        var unmeasuredRemoved = 0
        records.withUnsafeBufferPointer { all in
            for index in range {
                let record = all[index]
                if !record.isMeasured { unmeasuredRemoved += 1 }
                if run.count > 0, record.height == run.height, record.kind == run.kind, record.isMeasured == run.isMeasured {
                    run.count += 1
                } else {
                    if run.count > 0 { removed.append(run) }
                    run = HeightRun(count: 1, height: record.height, kind: record.kind, isMeasured: record.isMeasured)
                }
            }
        }
        removed.append(run)
        unmeasuredCount -= unmeasuredRemoved
        if range.count == records.count {
            records = []
        } else {
            records.removeSubrange(range)
        }
        recomputeOffsets(from: range.lowerBound)
        rebuildHeaderIndices()
        return removed
    }

    /// Marks every slot as an estimate, keeping its height.
    ///
    /// - Complexity: O(n).
    public mutating func markAllUnmeasured() {
        for i in records.indices { records[i].isMeasured = false }
        unmeasuredCount = records.count
    }

    // Sums forward from `index` so every start is the same chain of additions
    // a fresh build would produce.
    private mutating func recomputeOffsets(from index: Int) {
        var y = index == 0 ? 0.0 : records[index - 1].startY + records[index - 1].height
        for i in index..<records.count {
            records[i].startY = y
            y = y + records[i].height
        }
        totalHeight = y
    }

    private mutating func rebuildHeaderIndices() {
        headerIndices.removeAll(keepingCapacity: true)
        for i in records.indices where records[i].kind == .header { headerIndices.append(i) }
    }
}
