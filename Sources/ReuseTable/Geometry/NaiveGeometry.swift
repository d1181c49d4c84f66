import Foundation

/// Temporary O(n) store used until HeightTree lands. Deleted at merge.
@_spi(Internals) public struct NaiveGeometry: RowGeometry {
    var items: [(h: Double, k: SlotKind, m: Bool)] = []
    public init<S: Sequence>(_ runs: S) where S.Element == HeightRun {
        for r in runs { for _ in 0..<r.count { items.append((r.height, r.kind, r.isMeasured)) } }
    }
    public var count: Int { items.count }
    public var totalHeight: Double { items.reduce(0) { $0 + $1.h } }
    public func offset(of index: Int) -> Double { items[..<index].reduce(0) { $0 + $1.h } }
    public func height(at index: Int) -> Double { items[index].h }
    public func index(atOffset y: Double) -> Int? {
        guard y >= 0 else { return nil }
        var s = 0.0
        for (i, it) in items.enumerated() { if y < s + it.h { return i }; s += it.h }
        return nil
    }
    public mutating func setHeight(_ height: Double, at index: Int, isMeasured: Bool) { items[index].h = height; items[index].m = isMeasured }
    public mutating func insert(_ runs: [HeightRun], at index: Int) {
        var new: [(h: Double, k: SlotKind, m: Bool)] = []
        for r in runs { for _ in 0..<r.count { new.append((r.height, r.kind, r.isMeasured)) } }
        items.insert(contentsOf: new, at: index)
    }
    public mutating func removeSubrange(_ range: Range<Int>) -> [HeightRun] {
        var out: [HeightRun] = []
        for it in items[range] {
            let r = HeightRun(count: 1, height: it.h, kind: it.k, isMeasured: it.m)
            if let last = out.last, last.canMerge(with: r) { out[out.count - 1].count += 1 } else { out.append(r) }
        }
        items.removeSubrange(range)
        return out
    }
    public var sectionCount: Int { items.filter { $0.k == .header }.count }
    public var unmeasuredCount: Int { items.filter { !$0.m }.count }
    public func slot(at index: Int) -> Slot { Slot(index: index, minY: offset(of: index), height: items[index].h, kind: items[index].k, isMeasured: items[index].m) }
    public func headerIndex(ofSection section: Int) -> Int {
        var n = -1
        for (i, it) in items.enumerated() where it.k == .header { n += 1; if n == section { return i } }
        fatalError()
    }
    public func section(containing index: Int) -> Int { items[...index].filter { $0.k == .header }.count - 1 }
    public func firstUnmeasured(from index: Int) -> Int? { items.indices.first { $0 >= index && !items[$0].m } }
    public func forEachSlot(from index: Int, _ body: (Slot) -> Bool) {
        var y = offset(of: index)
        for i in index..<items.count {
            if !body(Slot(index: i, minY: y, height: items[i].h, kind: items[i].k, isMeasured: items[i].m)) { return }
            y += items[i].h
        }
    }
    public mutating func markAllUnmeasured() { for i in items.indices { items[i].m = false } }
}
