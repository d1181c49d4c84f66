import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// An item with an identity, so a test can tell a moved item from a new one.
struct ModelItem: Equatable { var id: Int; var height: Double }

final class ItemCell: CollectionViewCell {
    var itemID = -1
    var fitting: CGFloat = 0
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: fitting) }
}

/// The obviously correct model of a collection: arrays of items, changed by UIKit's batch rules,
/// and an independent brute-force waterfall placement.
@MainActor
final class CollectionModel: CollectionViewDataSource, CollectionViewDelegate, WaterfallLayoutDelegate, FlowLayoutDelegate {
    enum Callback: CaseIterable { case height, cell, willDisplay, didEnd, scroll }
    /// Called from each callback with the view and the index path (tests read or change the view there).
    var hooks: [Callback: (CollectionView, IndexPath) -> Void] = [:]
    /// Requests for items the data no longer has (a collection view must never make them).
    var violations: [String] = []
    var sections: [[ModelItem]] = []
    var nextID = 0
    /// Ids whose heights the layout asked for, in order.
    var askedIDs: [Int] = []
    /// Widths the heights were asked at.
    var askedWidths: Set<CGFloat> = []
    /// Old id → new id of every item reloaded by the batches made so far (selection follows a reloaded item).
    var reloadedIDs: [Int: Int] = [:]

    init() {}

    init(sectionCounts: [Int], rng: inout SplitMix64) {
        sections = sectionCounts.map { freshItems($0, rng: &rng) }
    }

    func freshItems(_ count: Int, rng: inout SplitMix64) -> [ModelItem] {
        (0..<count).map { _ in
            nextID += 1
            // Half-integers keep every sum exact, so frames compare with ==.
            return ModelItem(id: nextID, height: Double(Int.random(in: 0...160, using: &rng)) / 2)
        }
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
    func item(_ indexPath: IndexPath) -> ModelItem? {
        guard indexPath.section >= 0, indexPath.section < sections.count,
            indexPath.item >= 0, indexPath.item < sections[indexPath.section].count
        else { return nil }
        return sections[indexPath.section][indexPath.item]
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! ItemCell
        guard let item = item(indexPath) else {
            violations.append("cellForItemAt asked for missing item \(indexPath)")
            cell.itemID = -1
            return cell
        }
        cell.itemID = item.id
        cell.fitting = CGFloat(item.height)
        hooks[.cell]?(collectionView, indexPath)
        return cell
    }
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        hooks[.willDisplay]?(collectionView, indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        hooks[.didEnd]?(collectionView, indexPath)
    }
    func scrollViewDidScroll(_ scrollView: ScrollView) {
        hooks[.scroll]?(scrollView as! CollectionView, IndexPath(item: -1, section: -1))
    }
    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath,
        itemWidth: CGFloat
    ) -> CGFloat {
        height(indexPath, itemWidth, collectionView)
    }
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, heightForItemAt indexPath: IndexPath,
        itemWidth: CGFloat
    ) -> CGFloat {
        height(indexPath, itemWidth, collectionView)
    }
    private func height(_ indexPath: IndexPath, _ itemWidth: CGFloat, _ collectionView: CollectionView) -> CGFloat {
        guard let item = item(indexPath) else {
            violations.append("heightForItemAt asked for missing item \(indexPath)")
            return 0
        }
        askedIDs.append(item.id)
        askedWidths.insert(itemWidth)
        hooks[.height]?(collectionView, indexPath)
        return CGFloat(item.height)
    }

    /// Brute force: every item's frame by the waterfall rule, placing from scratch.
    func waterfallFrames(columns: Int, margin: CGFloat, width: CGFloat) -> (frames: [[CGRect]], height: CGFloat) {
        let itemWidth = max(0, (width - CGFloat(columns - 1) * margin) / CGFloat(columns))
        var result: [[CGRect]] = []
        var bottom: CGFloat?
        for items in sections {
            let top = bottom.map { $0 + margin } ?? 0
            var next = [CGFloat](repeating: top, count: columns)
            var frames: [CGRect] = []
            for item in items {
                let shortest = next.min()!
                let column = next.firstIndex(of: shortest)!  // ties to the leftmost
                let frame = CGRect(x: CGFloat(column) * (itemWidth + margin), y: next[column], width: itemWidth, height: CGFloat(item.height))
                frames.append(frame)
                next[column] = frame.maxY + margin
            }
            if !frames.isEmpty { bottom = frames.map(\.maxY).max()! }
            result.append(frames)
        }
        return (result, bottom ?? 0)
    }

    /// Every (index path, frame) of `frames` overlapping `rect`, by the open-interval rule.
    static func bruteForce(_ frames: [[CGRect]], in rect: CGRect) -> Set<IndexPath> {
        var result = Set<IndexPath>()
        for (s, section) in frames.enumerated() {
            for (i, f) in section.enumerated()
            where f.minX < rect.maxX && f.maxX > rect.minX && f.minY < rect.maxY && f.maxY > rect.minY {
                result.insert(IndexPath(item: i, section: s))
            }
        }
        return result
    }

    /// A random valid batch: returns the calls to make and the ids the layout must ask for,
    /// and moves the model to its new state. Adapted from the table's `BatchModel.randomBatch`.
    func randomBatch(rng: inout SplitMix64) -> (calls: [(CollectionView) -> Void], freshIDs: Set<Int>) {
        let old = sections
        let oldCount = old.count
        var indices = Array(0..<oldCount).shuffled(using: &rng)
        func take(_ n: Int) -> [Int] { let t = Array(indices.prefix(n)); indices.removeFirst(min(n, indices.count)); return t }
        let deletedSections = take(Int.random(in: 0...2, using: &rng) == 0 ? Int.random(in: 1...2, using: &rng) : 0)
        let reloadedSections = take(Int.random(in: 0...4, using: &rng) == 0 ? 1 : 0)
        let movedFrom = take(Int.random(in: 0...3, using: &rng) == 0 ? Int.random(in: 1...2, using: &rng) : 0)
        let insertedCount = Int.random(in: 0...2, using: &rng) == 0 ? Int.random(in: 1...2, using: &rng) : 0
        let newCount = oldCount - deletedSections.count + insertedCount
        var positions = Array(0..<newCount).shuffled(using: &rng)
        let insertedSections = Array(positions.prefix(insertedCount)); positions.removeFirst(insertedCount)
        let movedTo = Array(positions.prefix(movedFrom.count))

        var deletedItems: [IndexPath] = [], reloadedItems: [IndexPath] = [], movedItems: [IndexPath] = []
        var freshIDs = Set<Int>()
        var kept: [Int: [ModelItem]] = [:]  // old section -> items that stay (reloaded ones replaced)
        for s in 0..<oldCount where !deletedSections.contains(s) && !reloadedSections.contains(s) {
            var stay: [ModelItem] = []
            for (i, item) in old[s].enumerated() {
                switch Int.random(in: 0..<14, using: &rng) {
                case 0: deletedItems.append(IndexPath(item: i, section: s))
                case 1:
                    reloadedItems.append(IndexPath(item: i, section: s))
                    let replaced = freshItems(1, rng: &rng)[0]
                    freshIDs.insert(replaced.id)
                    reloadedIDs[item.id] = replaced.id
                    stay.append(replaced)
                case 2: movedItems.append(IndexPath(item: i, section: s))
                default: stay.append(item)
                }
            }
            kept[s] = stay
        }
        var sourceOfNew = [Int?](repeating: nil, count: newCount)
        var fresh = Set(insertedSections)
        for (from, to) in zip(movedFrom, movedTo) { sourceOfNew[to] = from }
        var free = (0..<newCount).filter { !fresh.contains($0) && !movedTo.contains($0) }.makeIterator()
        for s in 0..<oldCount where !deletedSections.contains(s) && !movedFrom.contains(s) {
            let position = free.next()!
            if reloadedSections.contains(s) { fresh.insert(position) } else { sourceOfNew[position] = s }
        }
        var newSections = [[ModelItem]](repeating: [], count: newCount)
        let stable = (0..<newCount).filter { !fresh.contains($0) }
        for position in 0..<newCount where fresh.contains(position) {
            newSections[position] = freshItems(Int.random(in: 0...25, using: &rng), rng: &rng)
            freshIDs.formUnion(newSections[position].map(\.id))
        }
        var incoming: [Int: [(ModelItem, IndexPath?)]] = [:]
        if stable.isEmpty {
            deletedItems += movedItems
        } else {
            for source in movedItems {
                incoming[stable.randomElement(using: &rng)!, default: []].append((old[source.section][source.item], source))
            }
        }
        for s in stable {
            for item in freshItems(Int.random(in: 0...1, using: &rng) == 0 ? Int.random(in: 0...4, using: &rng) : 0, rng: &rng) {
                freshIDs.insert(item.id)
                incoming[s, default: []].append((item, nil))
            }
        }
        var insertedItems: [IndexPath] = [], moveCalls: [(IndexPath, IndexPath)] = []
        for s in stable {
            var survivors = kept[sourceOfNew[s]!]!
            let extra = incoming[s] ?? []
            let size = survivors.count + extra.count
            let spots = Array(Array(0..<size).shuffled(using: &rng).prefix(extra.count)).sorted()
            var placed = [ModelItem?](repeating: nil, count: size)
            for (spot, (item, source)) in zip(spots, extra.shuffled(using: &rng)) {
                placed[spot] = item
                if let source {
                    moveCalls.append((source, IndexPath(item: spot, section: s)))
                } else {
                    insertedItems.append(IndexPath(item: spot, section: s))
                }
            }
            for i in 0..<size where placed[i] == nil { placed[i] = survivors.removeFirst() }
            newSections[s] = placed.map { $0! }
        }
        sections = newSections

        var calls: [(CollectionView) -> Void] = []
        if !deletedSections.isEmpty { calls.append { $0.deleteSections(IndexSet(deletedSections)) } }
        if !reloadedSections.isEmpty { calls.append { $0.reloadSections(IndexSet(reloadedSections)) } }
        for (from, to) in zip(movedFrom, movedTo) { calls.append { $0.moveSection(from, toSection: to) } }
        if !insertedSections.isEmpty { calls.append { $0.insertSections(IndexSet(insertedSections)) } }
        if !deletedItems.isEmpty { calls.append { [deletedItems] in $0.deleteItems(at: deletedItems.reversed()) } }
        if !reloadedItems.isEmpty { calls.append { [reloadedItems] in $0.reloadItems(at: reloadedItems) } }
        for (from, to) in moveCalls { calls.append { $0.moveItem(at: from, to: to) } }
        if !insertedItems.isEmpty { calls.append { [insertedItems] in $0.insertItems(at: insertedItems.reversed()) } }
        return (calls.shuffled(using: &rng), freshIDs)
    }
}
