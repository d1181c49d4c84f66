import Foundation
import Testing
@testable import ReuseTable
import TestSupport

/// `PlacedGroupCache`: the measured groups a compositional layout placed recently. It may forget a
/// group (two groups share a place), but it must never answer with another group's placing, nor
/// with one it was told to forget.
@MainActor @Suite struct PlacedGroupCacheTests {
    private struct Key: Hashable {
        var section: Int
        var group: Int
    }

    private static func placed(_ height: CGFloat) -> CompositionalSections.PlacedGroup {
        CompositionalSections.PlacedGroup(elements: [.cell(leaf: 0, frame: CGRect(x: 0, y: 0, width: 1, height: height))], height: height)
    }

    @Test func twoGroupsSharingASetStayAndAThirdTakesThePlaceOfTheEarliest() {
        var cache = PlacedGroupCache()
        // Group 41 of section 0, group 0 of section 1 and group 23 of section 2 fall in one set.
        cache[0, 41] = Self.placed(1)
        cache[1, 0] = Self.placed(2)
        #expect(cache[0, 41]?.height == 1 && cache[1, 0]?.height == 2)
        cache[0, 41] = Self.placed(3)  // kept again: its own entry, now the latest
        cache[2, 23] = Self.placed(4)
        #expect(cache[1, 0] == nil && cache[0, 41]?.height == 3 && cache[2, 23]?.height == 4)
        cache[0, 41] = nil
        cache[1, 0] = Self.placed(5)  // the emptied entry is taken, the other stays
        #expect(cache[2, 23]?.height == 4 && cache[1, 0]?.height == 5 && cache[0, 41] == nil)
    }

    @Test func aSectionsGroupsUpToTheCapacityStayAndEmptyingForgetsThem() {
        var cache = PlacedGroupCache()
        #expect(cache[0, 0] == nil)
        cache[0, 0] = nil  // forgetting in an empty cache allocates nothing and does nothing
        cache[3, 9] = nil
        for k in 0..<PlacedGroupCache.capacity { cache[7, k] = Self.placed(CGFloat(k)) }
        #expect((0..<PlacedGroupCache.capacity).allSatisfy { cache[7, $0]?.height == CGFloat($0) }, "a screen of one section's groups all stay")
        cache[7, PlacedGroupCache.capacity + 3] = Self.placed(-1)
        #expect(
            cache[7, 3] == nil && cache[7, PlacedGroupCache.capacity + 3]?.height == -1,
            "a third group in a full set takes the place of the one kept earliest")
        cache[7, 3] = nil  // not there any more: the others keep their places
        #expect(cache[7, PlacedGroupCache.capacity + 3]?.height == -1)
        #expect(cache[7 + PlacedGroupCache.capacity, 4] == nil, "another section's group in the same place is not this one")
        cache.removeAll()
        #expect((0..<PlacedGroupCache.capacity + 4).allSatisfy { cache[7, $0] == nil })
        cache[7, 5] = Self.placed(5)
        #expect(cache[7, 5]?.height == 5 && cache[7, 6] == nil, "an entry from before the emptying reads as empty")
    }

    /// Random sets, lookups, forgets and emptyings, checked against a dictionary: a lookup answers
    /// nil or exactly what was last kept for that group; a group just kept is found.
    @Test(arguments: [31, 32, 33] as [UInt64])
    func lookupsNeverDisagreeWithADictionary(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var cache = PlacedGroupCache()
        var model: [Key: CGFloat] = [:]
        var found = 0
        for step in 0..<4_000 {
            let key = Key(section: [0, 1, 256, 257].randomElement(using: &generator)!, group: Int.random(in: 0..<120, using: &generator))
            switch Int.random(in: 0..<300, using: &generator) {
            case 0..<120:
                let height = CGFloat(step)
                cache[key.section, key.group] = Self.placed(height)
                model[key] = height
                #expect(cache[key.section, key.group]?.height == height)
            case 120..<140:
                cache[key.section, key.group] = nil
                model[key] = nil
                #expect(cache[key.section, key.group] == nil)
            case 140:
                cache.removeAll()
                model = [:]
            default:
                let answer = cache[key.section, key.group]
                if let answer {
                    found += 1
                    #expect(answer.height == model[key], "step \(step): \(key) answered \(answer.height), kept \(String(describing: model[key]))")
                    #expect(answer.elements.count == 1 && answer.elements[0].leaf == 0)
                }
            }
        }
        #expect(found > 200, "the lookups found groups, not only misses (\(found))")
    }
}
