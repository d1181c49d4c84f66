import Foundation
import Testing
@testable import ReuseTable
import TestSupport

@MainActor
@Suite struct KeyedHeightCacheTests {
    let wA: CGFloat = 320, wB: CGFloat = 568

    func keys(_ cache: KeyedHeightCache) -> [String] {
        cache.entriesByRecency.map { "\($0.key.base)@\(Int($0.width))" }
    }

    @Test func hitsAndMisses() {
        let cache = KeyedHeightCache()
        #expect(cache.height(forKey: "post-1", width: wA) == nil)
        cache.setHeight(120, forKey: "post-1", width: wA)
        #expect(cache.height(forKey: "post-1", width: wA) == 120)
        #expect(cache.height(forKey: "post-1", width: wA) == 120)
        #expect(cache.hits == 2 && cache.misses == 1 && cache.cachedCount == 1)
        _ = cache.storedHeight(forKey: "post-1", width: wA)  // does not count
        #expect(cache.hits == 2)
        cache.setHeight(90, forKey: "post-1", width: wA)  // replace
        #expect(cache.storedHeight(forKey: "post-1", width: wA) == 90 && cache.cachedCount == 1)
        cache.resetCounters()
        #expect(cache.hits == 0 && cache.misses == 0)
    }

    @Test func keysOfDifferentTypesDoNotCollide() {
        let cache = KeyedHeightCache()
        cache.setHeight(1, forKey: 7, width: wA)
        cache.setHeight(2, forKey: "7", width: wA)
        #expect(cache.storedHeight(forKey: 7, width: wA) == 1 && cache.storedHeight(forKey: "7", width: wA) == 2)
    }

    @Test func widthsAreSeparate() {
        let cache = KeyedHeightCache()
        cache.setHeight(120, forKey: 1, width: wA)
        #expect(cache.height(forKey: 1, width: wB) == nil)
        cache.setHeight(80, forKey: 1, width: wB)
        #expect(cache.height(forKey: 1, width: wA) == 120 && cache.height(forKey: 1, width: wB) == 80)
        #expect(cache.cachedCount == 2)
    }

    @Test func invalidateKeyForgetsEveryWidth() {
        let cache = KeyedHeightCache()
        cache.setHeight(120, forKey: 1, width: wA)
        cache.setHeight(80, forKey: 1, width: wB)
        cache.setHeight(50, forKey: 2, width: wA)
        cache.invalidateHeight(forKey: 1)
        cache.invalidateHeight(forKey: 99)  // unknown key: no-op
        #expect(cache.storedHeight(forKey: 1, width: wA) == nil && cache.storedHeight(forKey: 1, width: wB) == nil)
        #expect(cache.storedHeight(forKey: 2, width: wA) == 50 && cache.cachedCount == 1)
        #expect(cache.checkInvariants().isEmpty)
        cache.invalidateAll()
        #expect(cache.cachedCount == 0 && cache.entriesByRecency.isEmpty && cache.checkInvariants().isEmpty)
    }

    @Test func lruEvictionWithCapacity() {
        let cache = KeyedHeightCache(capacity: 3)
        cache.setHeight(1, forKey: "a", width: wA)
        cache.setHeight(2, forKey: "b", width: wA)
        cache.setHeight(3, forKey: "a", width: wB)  // widths count as separate entries
        #expect(keys(cache) == ["a@568", "b@320", "a@320"])
        _ = cache.height(forKey: "a", width: wA)  // a hit refreshes recency
        cache.setHeight(4, forKey: "c", width: wA)  // evicts the least recent: b@320
        #expect(keys(cache) == ["c@320", "a@320", "a@568"])
        #expect(cache.storedHeight(forKey: "b", width: wA) == nil)
        cache.setHeight(5, forKey: "a", width: wB)  // a store refreshes too
        cache.setHeight(6, forKey: "d", width: wA)  // evicts a@320
        #expect(keys(cache) == ["d@320", "a@568", "c@320"])
        _ = cache.height(forKey: "zzz", width: wA)  // a miss changes nothing
        #expect(keys(cache) == ["d@320", "a@568", "c@320"] && cache.checkInvariants().isEmpty)
        cache.capacity = 1  // lowering evicts at once
        #expect(keys(cache) == ["d@320"] && cache.cachedCount == 1)
        cache.capacity = 0
        cache.setHeight(7, forKey: "e", width: wA)
        #expect(cache.cachedCount == 0 && cache.checkInvariants().isEmpty)
    }

    @Test func nilCapacityIsUnbounded() {
        let cache = KeyedHeightCache()
        for i in 0..<10_000 { cache.setHeight(CGFloat(i), forKey: i, width: wA) }
        #expect(cache.cachedCount == 10_000)
        #expect(cache.storedHeight(forKey: 0, width: wA) == 0 && cache.storedHeight(forKey: 9_999, width: wA) == 9_999)
    }

    @Test func nonFiniteHeightsAreNotStored() {
        let cache = KeyedHeightCache()
        cache.setHeight(.nan, forKey: 1, width: wA)
        cache.setHeight(-.infinity, forKey: 2, width: wA)
        #expect(cache.cachedCount == 0)
    }

    @Test func debugLogReportsEvents() {
        let cache = KeyedHeightCache(capacity: 1)
        var lines: [String] = []
        cache.log.isEnabled = true
        cache.log.sink = { lines.append($0) }
        _ = cache.height(forKey: "a", width: wA)
        cache.setHeight(10, forKey: "a", width: wA)
        _ = cache.height(forKey: "a", width: wA)
        cache.setHeight(20, forKey: "b", width: wA)
        cache.invalidateHeight(forKey: "b")
        #expect(
            lines == [
                "[KeyedHeightCache] miss a width 320.0",
                "[KeyedHeightCache] store a width 320.0 = 10.0",
                "[KeyedHeightCache] hit a width 320.0 -> 10.0",
                "[KeyedHeightCache] store b width 320.0 = 20.0",
                "[KeyedHeightCache] evict a width 320.0",
                "[KeyedHeightCache] invalidate b (1 widths)",
            ])
    }

    /// Random operations against an obviously correct LRU model (an array, most recent first).
    @Test(arguments: [11, 12, 13] as [UInt64])
    func randomOperationsMatchAnLRUModel(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let capacity = 12
        let cache = KeyedHeightCache(capacity: capacity)
        struct Entry: Equatable { var key: Int; var width: CGFloat; var height: CGFloat }
        var model: [Entry] = []  // most recently used first
        let widths: [CGFloat] = [320, 568]
        for step in 0..<3000 {
            let key = Int.random(in: 0..<20, using: &rng), width = widths.randomElement(using: &rng)!
            let found = model.firstIndex { $0.key == key && $0.width == width }
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<45:
                let h = CGFloat(Int.random(in: 1...500, using: &rng))
                cache.setHeight(h, forKey: key, width: width)
                if let found { model.remove(at: found) }
                model.insert(Entry(key: key, width: width, height: h), at: 0)
                if model.count > capacity { model.removeLast() }
            case 45..<90:
                #expect(cache.height(forKey: key, width: width) == found.map { model[$0].height })
                if let found { model.insert(model.remove(at: found), at: 0) }
            case 90..<98:
                cache.invalidateHeight(forKey: key)
                model.removeAll { $0.key == key }
            default:
                cache.invalidateAll()
                model.removeAll()
            }
            let listed = cache.entriesByRecency.map { "\($0.key)@\($0.width)" }
            #expect(listed == model.map { "\($0.key)@\($0.width)" }, "seed \(seed) step \(step)")
            #expect(cache.checkInvariants().isEmpty, "seed \(seed) step \(step)")
        }
    }
}
