import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// The obviously correct model of a snapshot: an array of (section, items) and
/// the random edits the model-based tests make to both it and a real snapshot.
struct DiffableModel {
    var sections: [(id: Int, items: [Int])] = []
    var nextItem = 0
    var nextSection = 0
    /// Items reloaded / reconfigured by the last edit round.
    var reloaded: Set<Int> = []
    var reconfigured: Set<Int> = []

    var allItems: [Int] { sections.flatMap(\.items) }

    func location(_ item: Int) -> (section: Int, row: Int)? {
        for (s, section) in sections.enumerated() { if let r = section.items.firstIndex(of: item) { return (s, r) } }
        return nil
    }

    mutating func freshItems(_ count: Int) -> [Int] {
        defer { nextItem += count }
        return Array(nextItem..<(nextItem + count))
    }

    mutating func freshSection() -> Int {
        nextSection += 1
        return nextSection
    }

    /// One step of the view sweeps: 1–4 random edits (a fresh section when there is none, or at
    /// `first`), a height from `heightRange` for every new and every reloaded item, and a new version
    /// for every reloaded or reconfigured one.
    mutating func randomStep(
        _ snapshot: inout DiffableDataSourceSnapshot<Int, Int>, first: Bool, heights: inout [Int: Double],
        versions: inout [Int: Int], heightRange: ClosedRange<Int>, rng: inout SplitMix64
    ) {
        reloaded = []
        reconfigured = []
        for _ in 0..<Int.random(in: 1...4, using: &rng) { randomEdit(&snapshot, rng: &rng) }
        if first || sections.isEmpty {
            let id = freshSection()
            let items = freshItems(Int.random(in: 5...40, using: &rng))
            sections.append((id, items))
            snapshot.appendSections([id])
            snapshot.appendItems(items, toSection: id)
        }
        for item in allItems where heights[item] == nil {
            heights[item] = Double(Int.random(in: heightRange, using: &rng))
        }
        for item in reloaded {
            heights[item] = Double(Int.random(in: heightRange, using: &rng))
            versions[item, default: 0] += 1
        }
        for item in reconfigured { versions[item, default: 0] += 1 }
    }

    /// One random edit, made to the model and to `snapshot` alike.
    mutating func randomEdit(_ snapshot: inout DiffableDataSourceSnapshot<Int, Int>, rng: inout SplitMix64) {
        let all = allItems
        switch Int.random(in: 0..<14, using: &rng) {
        case 0 where !sections.isEmpty, 1 where !sections.isEmpty:  // append items
            let s = Int.random(in: 0..<sections.count, using: &rng)
            let items = freshItems(Int.random(in: 1...4, using: &rng))
            sections[s].items += items
            snapshot.appendItems(items, toSection: sections[s].id)
        case 2 where !all.isEmpty, 3 where !all.isEmpty:  // insert before / after
            let anchor = all.randomElement(using: &rng)!
            let items = freshItems(Int.random(in: 1...3, using: &rng))
            let (s, r) = location(anchor)!
            if Bool.random(using: &rng) {
                sections[s].items.insert(contentsOf: items, at: r)
                snapshot.insertItems(items, beforeItem: anchor)
            } else {
                sections[s].items.insert(contentsOf: items, at: r + 1)
                snapshot.insertItems(items, afterItem: anchor)
            }
        case 4 where !all.isEmpty, 5 where !all.isEmpty:  // delete
            let gone = Array(Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in all.randomElement(using: &rng)! }))
            for item in gone { let (s, r) = location(item)!; sections[s].items.remove(at: r) }
            reloaded.subtract(gone)
            reconfigured.subtract(gone)
            snapshot.deleteItems(gone)
        case 6 where all.count >= 2, 7 where all.count >= 2:  // move an item before / after another
            let item = all.randomElement(using: &rng)!
            var other = all.randomElement(using: &rng)!
            while other == item { other = all.randomElement(using: &rng)! }
            let (s, r) = location(item)!
            sections[s].items.remove(at: r)
            let (t, q) = location(other)!
            if Bool.random(using: &rng) {
                sections[t].items.insert(item, at: q)
                snapshot.moveItem(item, beforeItem: other)
            } else {
                sections[t].items.insert(item, at: q + 1)
                snapshot.moveItem(item, afterItem: other)
            }
        case 8:  // add a section (end, before or after another)
            let id = freshSection()
            let items = freshItems(Int.random(in: 0...6, using: &rng))
            if sections.isEmpty || Bool.random(using: &rng) {
                sections.append((id, items))
                snapshot.appendSections([id])
            } else {
                let s = Int.random(in: 0..<sections.count, using: &rng)
                if Bool.random(using: &rng) {
                    snapshot.insertSections([id], beforeSection: sections[s].id)
                    sections.insert((id, items), at: s)
                } else {
                    snapshot.insertSections([id], afterSection: sections[s].id)
                    sections.insert((id, items), at: s + 1)
                }
            }
            snapshot.appendItems(items, toSection: id)
        case 9 where sections.count >= 2:  // delete a section
            let s = Int.random(in: 0..<sections.count, using: &rng)
            reloaded.subtract(sections[s].items)
            reconfigured.subtract(sections[s].items)
            snapshot.deleteSections([sections[s].id])
            sections.remove(at: s)
        case 10 where sections.count >= 2:  // move a section
            let s = Int.random(in: 0..<sections.count, using: &rng)
            var t = Int.random(in: 0..<sections.count, using: &rng)
            while t == s { t = Int.random(in: 0..<sections.count, using: &rng) }
            let moved = sections.remove(at: s)
            let other = sections[t > s ? t - 1 : t].id
            let after = Bool.random(using: &rng)
            let at = sections.firstIndex { $0.id == other }! + (after ? 1 : 0)
            sections.insert(moved, at: at)
            if after { snapshot.moveSection(moved.id, afterSection: other) } else { snapshot.moveSection(moved.id, beforeSection: other) }
        case 11 where !all.isEmpty:  // reload
            let items = Array(Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in all.randomElement(using: &rng)! }))
            reloaded.formUnion(items)
            snapshot.reloadItems(items)
        case 12 where !all.isEmpty, 13 where !all.isEmpty:  // reconfigure
            let items = Array(Set((0..<Int.random(in: 1...4, using: &rng)).map { _ in all.randomElement(using: &rng)! }))
            reconfigured.formUnion(items)
            snapshot.reconfigureItems(items)
        default:
            break
        }
    }

    /// Checks every reading member of `snapshot` against the model.
    func check(_ snapshot: DiffableDataSourceSnapshot<Int, Int>, _ context: String) {
        #expect(snapshot.sectionIdentifiers == sections.map(\.id), "\(context)")
        #expect(snapshot.numberOfSections == sections.count, "\(context)")
        #expect(snapshot.numberOfItems == allItems.count, "\(context)")
        #expect(snapshot.itemIdentifiers == allItems, "\(context)")
        var index = 0
        for (s, section) in sections.enumerated() {
            #expect(snapshot.indexOfSection(section.id) == s, "\(context)")
            #expect(snapshot.itemIdentifiers(inSection: section.id) == section.items, "\(context)")
            #expect(snapshot.numberOfItems(inSection: section.id) == section.items.count, "\(context)")
            for item in section.items {
                #expect(snapshot.sectionIdentifier(containingItem: item) == section.id, "\(context)")
                #expect(snapshot.indexOfItem(item) == index, "\(context)")
                index += 1
            }
        }
    }
}

@Suite struct DiffableSnapshotTests {
    @Test func randomEditsMatchTheArrayModel() {
        for seed in 0..<40 as Range<UInt64> {
            var rng = SplitMix64(seed: 0xD1FF + seed)
            var model = DiffableModel()
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            for step in 0..<60 {
                let copy = snapshot
                let before = model
                model.randomEdit(&snapshot, rng: &rng)
                model.check(snapshot, "seed \(seed) step \(step)")
                before.check(copy, "copy unchanged, seed \(seed) step \(step)")  // copy-on-write
            }
        }
    }

    @Test func copiesShareStorageUntilChanged() {
        var a = DiffableDataSourceSnapshot<String, Int>()
        a.appendSections(["s"])
        a.appendItems([1, 2, 3])
        var b = a
        #expect(a.storage === b.storage)
        b.appendItems([4])
        #expect(a.storage !== b.storage)
        #expect(a.itemIdentifiers == [1, 2, 3])
        #expect(b.itemIdentifiers == [1, 2, 3, 4])
        b.deleteAllItems()
        #expect(b.numberOfSections == 0 && b.numberOfItems == 0)
    }

    @Test func appendWithoutSectionGoesToTheLastSection() {
        var s = DiffableDataSourceSnapshot<String, String>()
        s.appendSections(["a", "b"])
        s.appendItems(["x"])
        s.appendItems(["y"], toSection: "a")
        #expect(s.itemIdentifiers(inSection: "b") == ["x"])
        #expect(s.itemIdentifiers(inSection: "a") == ["y"])
        #expect(s.indexOfItem("x") == 1)
        #expect(s.indexOfItem("zzz") == nil)
        #expect(s.indexOfSection("zzz") == nil)
        #expect(s.sectionIdentifier(containingItem: "zzz") == nil)
    }

    // MARK: Error messages

    func message(_ body: (DiffableDataSourceSnapshot<String, String>.Storage) throws -> Void) -> String? {
        var s = DiffableDataSourceSnapshot<String, String>()
        s.appendSections(["main"])
        s.appendItems(["a", "b"])
        do { try s.attempt(body) } catch { return error.message }
        return nil
    }

    @Test func duplicateIdentifiersAreNamed() {
        #expect(
            message { try $0.insertItems(["c", "a"], section: 0, at: 2) }
                == "Duplicate item identifier: \"a\" is already in the snapshot; item identifiers must be unique.")
        #expect(
            message { try $0.insertItems(["c", "c"], section: 0, at: 2) }
                == "Duplicate item identifier: \"c\" is already in the snapshot; item identifiers must be unique.")
        #expect(
            message { try $0.insertSections(["main"], at: 1) }
                == "Duplicate section identifier: \"main\" is already in the snapshot; section identifiers must be unique.")
        var ints = DiffableDataSourceSnapshot<Int, Int>()
        ints.appendSections([1])
        ints.appendItems([7])
        #expect(throws: ReuseTableError("Duplicate item identifier: 7 is already in the snapshot; item identifiers must be unique.")) {
            try ints.attempt { try $0.claimNewItems([8, 7], for: 1) }
        }
        // Left as it was: 8 forgotten, 7 still in its section; a repeat inside one call is undone too.
        #expect(ints.sectionIdentifier(containingItem: 8) == nil && ints.sectionIdentifier(containingItem: 7) == 1)
        #expect(throws: ReuseTableError.self) { try ints.attempt { try $0.insertItems([9, 10, 9], section: 0, at: 1) } }
        #expect(ints.itemIdentifiers == [7] && ints.sectionIdentifier(containingItem: 9) == nil && ints.sectionIdentifier(containingItem: 10) == nil)
    }

    @Test func unknownIdentifiersAreNamed() {
        #expect(message { _ = try $0.location(ofItem: "zz") } == "Invalid item identifier: \"zz\" is not in the snapshot.")
        #expect(
            message { try $0.deleteItems(["a", "zz"]) }
                == "Invalid item identifier: attempt to delete item \"zz\", which is not in the snapshot.")
        #expect(
            message { try $0.requireItems(["q"], verb: "reload") }
                == "Invalid item identifier: attempt to reload item \"q\", which is not in the snapshot.")
        #expect(
            message { try $0.requireItems(["q"], verb: "reconfigure") }
                == "Invalid item identifier: attempt to reconfigure item \"q\", which is not in the snapshot.")
        #expect(message { try $0.moveItem("a", relativeTo: "zz", after: false) } == "Invalid item identifier: \"zz\" is not in the snapshot.")
        #expect(message { _ = try $0.position(ofSection: "other") } == "Invalid section identifier: \"other\" is not in the snapshot.")
        #expect(
            message { try $0.deleteSections(["other"]) }
                == "Invalid section identifier: attempt to delete section \"other\", which is not in the snapshot.")
        #expect(
            message { try $0.moveSection("main", relativeTo: "other", after: true) }
                == "Invalid section identifier: \"other\" is not in the snapshot.")
        // Nothing changed when a change was rejected.
        #expect(
            message {
                try $0.deleteItems(["a", "zz"]); throw ReuseTableError("unreachable")
            }
                == "Invalid item identifier: attempt to delete item \"zz\", which is not in the snapshot.")
    }

    @Test func appendingItemsWithoutSectionsIsAnError() {
        var s = DiffableDataSourceSnapshot<String, String>()
        #expect(throws: ReuseTableError("Invalid snapshot: there are no sections to append items to; append a section first.")) {
            try s.attempt { storage in
                guard !storage.sections.isEmpty else {
                    throw ReuseTableError("Invalid snapshot: there are no sections to append items to; append a section first.")
                }
            }
        }
    }

    // MARK: The diff

    /// Brute force: the longest increasing subsequence by trying every subset (n ≤ 12).
    func bruteForceLIS(_ values: [Int]) -> Int {
        var best = 0
        for mask in 0..<(1 << values.count) {
            var last = Int.min, length = 0, ok = true
            for k in values.indices where mask & (1 << k) != 0 {
                if values[k] <= last { ok = false; break }
                last = values[k]
                length += 1
            }
            if ok { best = max(best, length) }
        }
        return best
    }

    @Test func lisMaskIsALongestIncreasingSubsequence() {
        var rng = SplitMix64(seed: 0x115)
        for _ in 0..<400 {
            let n = Int.random(in: 0...11, using: &rng)
            let values = Array(0..<n).shuffled(using: &rng)
            let mask = longestIncreasingSubsequenceMask(values)
            let chosen = values.indices.filter { mask[$0] }.map { values[$0] }
            #expect(chosen == chosen.sorted())
            #expect(chosen.count == bruteForceLIS(values))
        }
    }

    @Test func itemMovesAreMinimal() {
        var rng = SplitMix64(seed: 0x3A11)
        for _ in 0..<300 {
            let n = Int.random(in: 0...10, using: &rng)
            let old = Array(0..<n)
            var new = old.filter { _ in Int.random(in: 0..<5, using: &rng) != 0 }.shuffled(using: &rng)
            // Mostly-ordered cases too.
            if Bool.random(using: &rng) { new.sort(); if new.count > 1 { new.swapAt(0, Int.random(in: 0..<new.count, using: &rng)) } }
            let inserted = (100..<(100 + Int.random(in: 0...3, using: &rng))).map { $0 }
            for item in inserted { new.insert(item, at: Int.random(in: 0...new.count, using: &rng)) }
            var a = DiffableDataSourceSnapshot<Int, Int>(), b = a
            a.appendSections([0]); a.appendItems(old)
            b.appendSections([0]); b.appendItems(new)
            let d = SnapshotDifference(from: a, to: b)
            let survivors = new.filter { $0 < 100 }
            #expect(d.movedItems.count == survivors.count - bruteForceLIS(survivors), "\(old) → \(new)")
            #expect(d.deletedItems.count == n - survivors.count)
            #expect(d.insertedItems.count == inserted.count)
            #expect(Set(d.deletedItems.map(\.row)) == Set(old.filter { !new.contains($0) }))
        }
    }

    @Test func sectionMovesAreMinimal() {
        var rng = SplitMix64(seed: 0x5EC)
        for _ in 0..<200 {
            let n = Int.random(in: 0...9, using: &rng)
            let new =
                Array(0..<n).filter { _ in Int.random(in: 0..<6, using: &rng) != 0 }.shuffled(using: &rng)
                + [50, 51].prefix(Int.random(in: 0...2, using: &rng))
            var a = DiffableDataSourceSnapshot<Int, Int>(), b = a
            a.appendSections(Array(0..<n))
            b.appendSections(new)
            let d = SnapshotDifference(from: a, to: b)
            let survivors = new.filter { $0 < 50 }
            #expect(d.movedSections.count == survivors.count - bruteForceLIS(survivors))
            #expect(d.deletedSections.count == n - survivors.count)
            #expect(d.insertedSections.count == new.count - survivors.count)
        }
    }

    @Test func workedExampleFromTheDocs() {
        // Docs/diffable.md: A B C D E F → A C D B G F (E deleted, G inserted).
        var a = DiffableDataSourceSnapshot<Int, String>(), b = a
        a.appendSections([0]); a.appendItems(["A", "B", "C", "D", "E", "F"])
        b.appendSections([0]); b.appendItems(["A", "C", "D", "B", "G", "F"])
        let d = SnapshotDifference(from: a, to: b)
        #expect(d.deletedItems == [IndexPath(row: 4, section: 0)])
        #expect(d.insertedItems == [IndexPath(row: 4, section: 0)])
        #expect(d.movedItems == [.init(from: IndexPath(row: 1, section: 0), to: IndexPath(row: 3, section: 0))])
    }

    @Test func unchangedSnapshotsDiffToNothing() {
        var a = DiffableDataSourceSnapshot<Int, Int>()
        a.appendSections([0, 1])
        a.appendItems(Array(0..<1000), toSection: 0)
        a.appendItems(Array(1000..<1500), toSection: 1)
        var b = DiffableDataSourceSnapshot<Int, Int>()
        b.appendSections([0, 1])
        b.appendItems(Array(0..<1000), toSection: 0)
        b.appendItems(Array(1000..<1500), toSection: 1)
        #expect(SnapshotDifference(from: a, to: b).isEmpty)
        #expect(SnapshotDifference(from: a, to: a) == SnapshotDifference())
    }
}
