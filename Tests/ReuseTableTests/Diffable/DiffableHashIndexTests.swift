import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable

/// An identifier whose every value hashes alike: every lookup in the diff's hash index collides.
struct Colliding: Hashable, Sendable {
    var id: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
}

/// One section's old and new items, in the proportions that fill the diff's hash index
/// (`PositionIndex`) differently: the old items the walk left over go in, the new ones look up.
private let proportions: [(name: String, old: Range<Int>, new: [Int])] = [
    ("64 old, 1 new", 0..<64, [1_000]),
    ("63 old, 1 new", 0..<63, [1_000]),
    ("128 old, 3 new", 0..<128, [1_000, 1_001, 1_002]),
    ("1,000 old, 3 new", 0..<1_000, [5_000, 5_001, 5_002]),
    ("1 old, 64 new", 0..<1, Array(1_000..<1_064)),
    ("3 old, 1,000 new", 0..<3, Array(5_000..<6_000)),
    ("1,000 old, 1,000 new, none shared", 0..<1_000, Array(5_000..<6_000)),
    ("1,000 old, 1,000 new, half shared and reversed", 0..<1_000, Array((500..<1_500).reversed())),
    ("2,000 old, every other one kept", 0..<2_000, Array(stride(from: 1, to: 2_000, by: 2)) + Array(9_000..<9_010)),
]

/// The difference, replayed on the old items as a batch is (deletions and moves out by old
/// index, then insertions and moves in by new index, lowest first), gives the new items.
private func expectDifferenceRebuilds<I: Hashable & Sendable>(
    _ old: [I], _ new: [I], _ name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    var before = DiffableDataSourceSnapshot<Int, I>(), after = DiffableDataSourceSnapshot<Int, I>()
    before.appendSections([0])
    before.appendItems(old)
    after.appendSections([0])
    after.appendItems(new)
    let difference = SnapshotDifference(from: before, to: after)
    let moves = difference.movedItems
    var removed = Set(difference.deletedItems.map(\.row))
    for move in moves { removed.insert(move.from.row) }
    var rebuilt = old.indices.filter { !removed.contains($0) }.map { old[$0] }
    var arriving: [(row: Int, item: I)] = difference.insertedItems.map { ($0.row, new[$0.row]) }
    arriving += moves.map { ($0.to.row, old[$0.from.row]) }
    for arrival in arriving.sorted(by: { $0.row < $1.row }) { rebuilt.insert(arrival.item, at: arrival.row) }
    #expect(rebuilt == new, "\(name)", sourceLocation: sourceLocation)
    let oldSet = Set(old), newSet = Set(new)
    #expect(difference.insertedItems.allSatisfy { !oldSet.contains(new[$0.row]) }, "\(name)", sourceLocation: sourceLocation)
    #expect(difference.deletedItems.allSatisfy { !newSet.contains(old[$0.row]) }, "\(name)", sourceLocation: sourceLocation)
}

/// Proportions small enough to diff with every hash colliding (each lookup walks one long chain).
private let collidingProportions: [(name: String, old: Range<Int>, new: [Int])] = [
    ("64 colliding old, 1 new", 0..<64, [1_000]),
    ("1 colliding old, 64 new", 0..<1, Array(1_000..<1_064)),
    ("150 colliding old, 150 new, half shared and reversed", 0..<150, Array((75..<225).reversed())),
]

final class IdentifiedCell<I: Hashable & Sendable>: TableViewCell { var item: I? }
final class IdentifiedItemCell<I: Hashable & Sendable>: CollectionViewCell { var item: I? }

@MainActor
private func snapshot<I: Hashable & Sendable>(_ items: [I]) -> DiffableDataSourceSnapshot<Int, I> {
    var snapshot = DiffableDataSourceSnapshot<Int, I>()
    snapshot.appendSections([0])
    snapshot.appendItems(items)
    return snapshot
}

/// A table shows `old`, then `new` (sync or async), then `old` again: each apply returns and the cells match.
@MainActor
private func applyOnTable<I: Hashable & Sendable>(_ old: [I], _ new: [I], async: Bool, _ name: String) async {
    let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    table.register(IdentifiedCell<I>.self, forCellReuseIdentifier: "cell")
    table.rowHeight = 30
    let source = TableViewDiffableDataSource<Int, I>(tableView: table) { table, indexPath, item in
        let cell = table.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! IdentifiedCell<I>
        cell.item = item
        return cell
    }
    source.apply(snapshot(old), completion: nil)
    table.layoutIfNeeded()
    if async { await source.apply(snapshot(new)) } else { source.apply(snapshot(new), completion: nil) }
    #expect(table.numberOfRows(inSection: 0) == new.count, "\(name), async \(async)")
    for cell in table.visibleCells {
        #expect((cell as! IdentifiedCell<I>).item == source.itemIdentifier(for: table.indexPath(for: cell)!), "\(name)")
    }
    await source.apply(snapshot(old))  // not stuck behind the one before
    #expect(table.numberOfRows(inSection: 0) == old.count, "\(name), async \(async)")
}

/// The same on a waterfall collection view.
@MainActor
private func applyOnCollectionView<I: Hashable & Sendable>(_ old: [I], _ new: [I], async: Bool, _ name: String) async {
    let layout = WaterfallLayout(numberOfColumns: 2, margin: 4)
    layout.itemHeight = 40
    let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: layout)
    collection.register(IdentifiedItemCell<I>.self, forCellWithReuseIdentifier: "item")
    let source = CollectionViewDiffableDataSource<Int, I>(collectionView: collection) { view, indexPath, item in
        let cell = view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! IdentifiedItemCell<I>
        cell.item = item
        return cell
    }
    source.apply(snapshot(old), completion: nil)
    collection.layoutIfNeeded()
    if async { await source.apply(snapshot(new)) } else { source.apply(snapshot(new), completion: nil) }
    #expect(collection.numberOfItems(inSection: 0) == new.count, "\(name), async \(async)")
    for entry in collection.engine.cellsOnScreen.entries {
        #expect((entry.cell as! IdentifiedItemCell<I>).item == source.itemIdentifier(for: entry.indexPath), "\(name)")
    }
    await source.apply(snapshot(old))
    #expect(collection.numberOfItems(inSection: 0) == old.count, "\(name), async \(async)")
}

/// An apply whose old items outnumber the index sized for the new ones used to probe a full index
/// forever (64 old items replaced by one new one); every proportion must now diff and apply.
@MainActor
@Suite struct DiffableHashIndexTests {
    @Test func theIndexGrowsWithWhatIsInsertedNotWithItsCapacityHint() {
        for hashes in [{ (k: Int) in k &* 0x9E37_79B9 }, { (_: Int) in 7 }] {
            var index = PositionIndex(capacity: 1)
            for k in 0..<300 { index.insert(hash: hashes(k), position: SnapshotPosition(0, k)) }
            #expect(index.count == 300)
            for k in 0..<300 {
                #expect(index.find(hash: hashes(k)) { $0.rowIndex == k } == SnapshotPosition(0, k))
            }
            #expect(index.find(hash: hashes(300)) { $0.rowIndex == 300 } == nil)
            var slot = index.firstSlot(hash: hashes(0))
            var candidates = 0
            while index.nextCandidate(hash: hashes(0), from: &slot) != nil { candidates += 1 }
            #expect(candidates >= 1 && candidates <= 300)
        }
    }

    @Test func everyProportionOfOldAndNewItemsDiffs() {
        for (name, old, new) in proportions { expectDifferenceRebuilds(Array(old), new, name) }
        for (name, old, new) in proportions + collidingProportions where old.count + new.count <= 1_100 {
            expectDifferenceRebuilds(old.map(Colliding.init), new.map(Colliding.init), "\(name), all hashes colliding")
        }
    }

    @Test func tableAppliesEveryProportionSyncAndAsync() async {
        for async in [false, true] {
            for (name, old, new) in proportions { await applyOnTable(Array(old), new, async: async, name) }
            for (name, old, new) in collidingProportions {
                await applyOnTable(old.map(Colliding.init), new.map(Colliding.init), async: async, name)
            }
        }
    }

    @Test func collectionViewAppliesEveryProportionSyncAndAsync() async {
        for async in [false, true] {
            for (name, old, new) in proportions { await applyOnCollectionView(Array(old), new, async: async, name) }
            for (name, old, new) in collidingProportions {
                await applyOnCollectionView(old.map(Colliding.init), new.map(Colliding.init), async: async, name)
            }
        }
    }
}
