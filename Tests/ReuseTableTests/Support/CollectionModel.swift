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
    /// and moves the model to its new state (the shape shared with the table's `BatchModel`: `RandomBatchShape`).
    func randomBatch(rng: inout SplitMix64) -> (calls: [(CollectionView) -> Void], freshIDs: Set<Int>) {
        let shape = RandomBatchShape(
            sections, id: \.id, rng: &rng,
            deletedSectionCount: { Int.random(in: 0...2, using: &$0) == 0 ? Int.random(in: 1...2, using: &$0) : 0 },
            reloadedSectionCount: { Int.random(in: 0...4, using: &$0) == 0 ? 1 : 0 }, rowChoices: 14,
            reloaded: { item, rng in
                let replaced = freshItems(1, rng: &rng)[0]
                reloadedIDs[item.id] = replaced.id
                return replaced
            },
            freshSection: { _, rng in freshItems(Int.random(in: 0...25, using: &rng), rng: &rng) },
            insertedCount: { Int.random(in: 0...1, using: &$0) == 0 ? Int.random(in: 0...4, using: &$0) : 0 },
            freshRows: { freshItems($0, rng: &$1) })
        let (deletedSections, reloadedSections, insertedSections) = (shape.deletedSections, shape.reloadedSections, shape.insertedSections)
        let (deletedItems, reloadedItems, insertedItems, moveCalls) = (shape.deletedRows, shape.reloadedRows, shape.insertedRows, shape.moveCalls)
        let freshIDs = shape.freshIDs
        sections = shape.newSections

        var calls: [(CollectionView) -> Void] = []
        if !deletedSections.isEmpty { calls.append { $0.deleteSections(IndexSet(deletedSections)) } }
        if !reloadedSections.isEmpty { calls.append { $0.reloadSections(IndexSet(reloadedSections)) } }
        for (from, to) in zip(shape.movedFrom, shape.movedTo) { calls.append { $0.moveSection(from, toSection: to) } }
        if !insertedSections.isEmpty { calls.append { $0.insertSections(IndexSet(insertedSections)) } }
        if !deletedItems.isEmpty { calls.append { [deletedItems] in $0.deleteItems(at: deletedItems.reversed()) } }
        if !reloadedItems.isEmpty { calls.append { [reloadedItems] in $0.reloadItems(at: reloadedItems) } }
        for (from, to) in moveCalls { calls.append { $0.moveItem(at: from, to: to) } }
        if !insertedItems.isEmpty { calls.append { [insertedItems] in $0.insertItems(at: insertedItems.reversed()) } }
        return (calls.shuffled(using: &rng), freshIDs)
    }
}
