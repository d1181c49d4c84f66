import Foundation
import Testing
@testable import ReuseTable
import TestSupport

/// A stand-in for a view: the list only stores references.
private final class Token {
    let id: Int
    init(_ id: Int) { self.id = id }
}

/// A key like the collection view's: an index path, then a kind.
private struct Key: Comparable, Hashable, CustomStringConvertible {
    var section: Int
    var kind: String
    static func < (a: Key, b: Key) -> Bool { (a.section, a.kind) < (b.section, b.kind) }
    var description: String { "\(section)\(kind)" }
}

private typealias Views = SupplementaryViewsOnScreen<Key, Token>

/// `SupplementaryViewsOnScreen`: the sorted list of supplementary views on screen and a layout
/// pass's steps on it, checked against a dictionary.
@Suite struct SupplementaryViewsOnScreenTests {
    private static let kinds = ["footer", "header", "badge"]

    private static func content(_ views: Views) -> [String] {
        views.entries.map { "\($0.key)=\($0.view.id)" }
    }

    @Test func sortByKeyOrdersAndKeepsTheLastOfEqualKeys() {
        var wanted = [
            Views.Wanted(key: Key(section: 1, kind: "header"), frame: .zero, zIndex: 1),
            Views.Wanted(key: Key(section: 0, kind: "header"), frame: .zero, zIndex: 2),
            Views.Wanted(key: Key(section: 1, kind: "header"), frame: .zero, zIndex: 3),
            Views.Wanted(key: Key(section: 0, kind: "footer"), frame: .zero, zIndex: 4),
        ]
        Views.sortByKey(&wanted)
        #expect(wanted.map(\.key.description) == ["0footer", "0header", "1header"])
        #expect(wanted.map(\.zIndex) == [4, 2, 3], "of the two 1header, the one named last stays")
    }

    @Test func subscriptInsertsReplacesAndRemovesInOrder() {
        var views = Views()
        views[Key(section: 2, kind: "header")] = Token(1)
        views[Key(section: 0, kind: "header")] = Token(2)
        views[Key(section: 0, kind: "footer")] = Token(3)
        #expect(Self.content(views) == ["0footer=3", "0header=2", "2header=1"])
        views[Key(section: 0, kind: "header")] = Token(4)
        views[Key(section: 1, kind: "header")] = nil  // not there: nothing happens
        views[Key(section: 2, kind: "header")] = nil
        #expect(Self.content(views) == ["0footer=3", "0header=4"])
        #expect(views[Key(section: 0, kind: "header")]?.id == 4 && views[Key(section: 1, kind: "header")] == nil)
        #expect(views.removeAll().map(\.view.id) == [3, 4] && views.isEmpty)
    }

    /// Random passes: what a layout returns (unsorted, with repeats) is sorted, the views whose keys
    /// it no longer names leave in order, the others keep their views, arrivals are set, and every
    /// lookup agrees with a dictionary.
    @Test(arguments: [21, 22, 23] as [UInt64])
    func layoutPassesMatchADictionary(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
        func randomKey() -> Key { Key(section: random(6), kind: Self.kinds[random(3)]) }
        var views = Views()
        var model: [Key: Int] = [:]
        var next = 0
        var gone: [Token] = [Token(-1)]
        for pass in 0..<400 {
            if pass % 7 == 3 {
                // A batch update's remap: a new list, given unsorted.
                let keys = (0..<random(6)).map { _ in randomKey() }
                var entries: [Views.Entry] = []
                model = [:]
                for key in keys {
                    next += 1
                    entries.append(.init(key: key, view: Token(next)))
                    model[key] = next  // the last of equal keys stays
                }
                views.replace(with: entries)
            }
            var wanted = (0..<random(8)).map { _ in Views.Wanted(key: randomKey(), frame: .zero, zIndex: random(3)) }
            let named = wanted
            Views.sortByKey(&wanted)
            let keys = Set(named.map(\.key))
            try #require(wanted.map(\.key) == keys.sorted(), "pass \(pass): sorted, each key once")
            for element in wanted {
                try #require(element.zIndex == named.last { $0.key == element.key }!.zIndex, "pass \(pass): the last named stays")
            }
            let expectedGone = model.keys.filter { !keys.contains($0) }.sorted().map { model[$0]! }
            views.removeEntries(notIn: wanted, into: &gone)
            try #require(gone.map(\.id) == expectedGone, "pass \(pass): the views that left, in order")
            model = model.filter { keys.contains($0.key) }
            for element in wanted {
                try #require(views[element.key]?.id == model[element.key], "pass \(pass): \(element.key) before it is placed")
                if model[element.key] == nil {
                    next += 1
                    views[element.key] = Token(next)
                    model[element.key] = next
                }
            }
            try #require(Self.content(views) == model.keys.sorted().map { "\($0)=\(model[$0]!)" }, "pass \(pass)")
            for section in 0..<6 {
                for kind in Self.kinds {
                    let key = Key(section: section, kind: kind)
                    try #require(views[key]?.id == model[key], "pass \(pass): lookup of \(key)")
                }
            }
        }
    }
}
