import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A header or footer view that remembers which section it was configured for.
final class SectionLabelView: CollectionReusableView {
    var sectionID = -1
    var prepared = 0
    override func prepareForReuse() { prepared += 1 }
}

/// Sections with identities, header and footer heights, and items; the data source
/// and both layout delegates of the supplementary-view tests, with an independent
/// brute-force placement of everything (items, headers, footers) for both layouts.
@MainActor
final class SupplementaryModel: CollectionViewDataSource, WaterfallLayoutDelegate, FlowLayoutDelegate, CollectionViewDataSourcePrefetching {
    struct Section: Equatable {
        var id: Int
        var items: [ModelItem]
        var header: CGFloat
        var footer: CGFloat
    }

    var sections: [Section] = []
    var nextID = 0
    /// Header and footer heights asked, as (section, isFooter).
    var supplementaryHeightsAsked: [(Int, Bool)] = []
    /// Views asked of the data source, as (kind, index path).
    var viewsAsked: [(String, IndexPath)] = []
    /// Requests for sections the data no longer has.
    var violations: [String] = []
    /// Called from `viewForSupplementaryElementOfKind`, `prefetchItemsAt` and `cancelPrefetchingForItemsAt`.
    var viewHook: ((CollectionView, String, IndexPath) -> Void)?
    var prefetchHook: ((CollectionView, [IndexPath]) -> Void)?
    var prefetchCalls: [[IndexPath]] = []
    var cancelCalls: [[IndexPath]] = []
    /// What the waterfall delegate answers for the column count and margin (nil: the layout's own).
    var delegateColumns: Int?
    var delegateMargin: CGFloat?

    init() {}

    func makeSection(items: Int, header: CGFloat, footer: CGFloat, rng: inout SplitMix64) -> Section {
        nextID += 1
        let id = nextID
        let items = (0..<items).map { _ in
            nextID += 1
            return ModelItem(id: nextID, height: Double(Int.random(in: 0...120, using: &rng)) / 2)
        }
        return Section(id: id, items: items, header: header, footer: footer)
    }

    /// A random supplementary height: often 0 (no view), else a half-integer.
    static func randomHeight(_ rng: inout SplitMix64) -> CGFloat {
        Int.random(in: 0...2, using: &rng) == 0 ? 0 : CGFloat(Int.random(in: 1...80, using: &rng)) / 2
    }

    func randomSection(_ rng: inout SplitMix64, maxItems: Int = 25) -> Section {
        makeSection(items: Int.random(in: 0...maxItems, using: &rng), header: Self.randomHeight(&rng), footer: Self.randomHeight(&rng), rng: &rng)
    }

    // MARK: Data source

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].items.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! ItemCell
        if indexPath.section < sections.count, indexPath.item < sections[indexPath.section].items.count {
            cell.itemID = sections[indexPath.section].items[indexPath.item].id
        } else {
            violations.append("cellForItemAt \(indexPath)")
        }
        return cell
    }
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind elementKind: String,
        at indexPath: IndexPath
    ) -> CollectionReusableView {
        viewsAsked.append((elementKind, indexPath))
        let identifier = elementKind == CollectionView.elementKindSectionHeader ? "header" : "footer"
        let view =
            collectionView.dequeueReusableSupplementaryView(ofKind: elementKind, withReuseIdentifier: identifier, for: indexPath)
            as! SectionLabelView
        if indexPath.section < sections.count {
            view.sectionID = sections[indexPath.section].id
        } else {
            violations.append("viewForSupplementaryElementOfKind \(indexPath)")
        }
        viewHook?(collectionView, elementKind, indexPath)
        return view
    }

    // MARK: Layout delegates

    func height(_ indexPath: IndexPath) -> CGFloat {
        guard indexPath.section < sections.count, indexPath.item < sections[indexPath.section].items.count else {
            violations.append("height \(indexPath)")
            return 0
        }
        return CGFloat(sections[indexPath.section].items[indexPath.item].height)
    }
    func supplementaryHeight(_ section: Int, footer: Bool) -> CGFloat {
        supplementaryHeightsAsked.append((section, footer))
        guard section < sections.count else {
            violations.append("supplementary height \(section)")
            return 0
        }
        return footer ? sections[section].footer : sections[section].header
    }
    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath,
        itemWidth: CGFloat
    ) -> CGFloat { height(indexPath) }
    func collectionView(_ collectionView: CollectionView, layout: WaterfallLayout, heightForHeaderInSection section: Int) -> CGFloat {
        supplementaryHeight(section, footer: false)
    }
    func collectionView(_ collectionView: CollectionView, layout: WaterfallLayout, heightForFooterInSection section: Int) -> CGFloat {
        supplementaryHeight(section, footer: true)
    }
    func numberOfColumns(in collectionView: CollectionView, layout: WaterfallLayout) -> Int { delegateColumns ?? layout.numberOfColumns }
    func marginOfCell(in collectionView: CollectionView, layout: WaterfallLayout) -> CGFloat { delegateMargin ?? layout.margin }
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, heightForItemAt indexPath: IndexPath,
        itemWidth: CGFloat
    ) -> CGFloat { height(indexPath) }
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
        CGSize(width: 0, height: supplementaryHeight(section, footer: false))
    }
    func collectionView(_ collectionView: CollectionView, layout: FlowLayout, referenceSizeForFooterInSection section: Int) -> CGSize {
        CGSize(width: 0, height: supplementaryHeight(section, footer: true))
    }

    // MARK: Prefetching

    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        prefetchCalls.append(indexPaths)
        prefetchHook?(collectionView, indexPaths)
    }
    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        cancelCalls.append(indexPaths)
    }

    // MARK: Brute force

    /// What an element is, for comparing sets of attributes.
    enum Element: Hashable, Comparable {
        case header(Int), item(IndexPath), footer(Int)
    }

    /// Every element's frame, placed from scratch by the documented rules.
    static func place(
        _ sections: [Section], waterfall: Bool, width: CGFloat, columns: Int, spacing: CGFloat, lineGap: CGFloat,
        sectionGap: CGFloat, inset: EdgeInsets
    ) -> (frames: [Element: CGRect], height: CGFloat) {
        let raw = (width - inset.left - inset.right - CGFloat(columns - 1) * spacing) / CGFloat(columns)
        let itemWidth = raw.isFinite ? max(0, raw) : 0
        var result: [Element: CGRect] = [:]
        var bottom: CGFloat?
        for (s, section) in sections.enumerated() {
            let top = bottom.map { $0 + sectionGap } ?? 0
            if section.header > 0 { result[.header(s)] = CGRect(x: 0, y: top, width: width, height: section.header) }
            var y = top + section.header
            if !section.items.isEmpty {
                let itemsTop = y + inset.top
                var itemsBottom = itemsTop
                if waterfall {
                    var next = [CGFloat](repeating: itemsTop, count: columns)
                    for (i, item) in section.items.enumerated() {
                        let column = next.firstIndex(of: next.min()!)!
                        let frame = CGRect(
                            x: inset.left + CGFloat(column) * (itemWidth + spacing), y: next[column],
                            width: itemWidth, height: CGFloat(item.height))
                        result[.item(IndexPath(item: i, section: s))] = frame
                        next[column] = frame.maxY + spacing
                        itemsBottom = max(itemsBottom, frame.maxY)
                    }
                } else {
                    var lineTop = itemsTop
                    for start in stride(from: 0, to: section.items.count, by: columns) {
                        var lineBottom = lineTop
                        for i in start..<min(start + columns, section.items.count) {
                            let frame = CGRect(
                                x: inset.left + CGFloat(i - start) * (itemWidth + spacing), y: lineTop,
                                width: itemWidth, height: CGFloat(section.items[i].height))
                            result[.item(IndexPath(item: i, section: s))] = frame
                            lineBottom = max(lineBottom, frame.maxY)
                        }
                        itemsBottom = max(itemsBottom, lineBottom)
                        lineTop = lineBottom + lineGap
                    }
                }
                y = itemsBottom + inset.bottom
            }
            if section.footer > 0 { result[.footer(s)] = CGRect(x: 0, y: y, width: width, height: section.footer) }
            if !section.items.isEmpty || section.header > 0 || section.footer > 0 { bottom = y + section.footer }
        }
        return (result, bottom ?? 0)
    }

    /// The brute-force frames for `layout`'s current settings.
    func place(for layout: CollectionViewLayout, width: CGFloat) -> (frames: [Element: CGRect], height: CGFloat) {
        if let w = layout as? WaterfallLayout {
            let columns = delegateColumns ?? w.numberOfColumns, margin = delegateMargin ?? w.margin
            return Self.place(
                sections, waterfall: true, width: width, columns: columns, spacing: margin, lineGap: margin,
                sectionGap: margin, inset: .zero)
        }
        let f = layout as! FlowLayout
        return Self.place(
            sections, waterfall: false, width: width, columns: f.numberOfColumns, spacing: f.minimumInteritemSpacing,
            lineGap: f.minimumLineSpacing, sectionGap: 0, inset: f.sectionInset)
    }

    /// Which element some attributes place.
    static func element(_ attributes: CollectionViewLayoutAttributes) -> Element {
        switch attributes.representedElementKind {
        case nil: .item(attributes.indexPath)
        case CollectionView.elementKindSectionHeader?: .header(attributes.indexPath.section)
        default: .footer(attributes.indexPath.section)
        }
    }
}

extension SupplementaryModel.Element {
    static func < (a: Self, b: Self) -> Bool {
        func key(_ e: Self) -> (Int, Int, Int) {
            switch e {
            case .header(let s): (s, 0, 0)
            case .item(let p): (p.section, 1, p.item)
            case .footer(let s): (s, 2, 0)
            }
        }
        return key(a) < key(b)
    }
}

/// Frames equal up to rounding (column widths are fractions).
func nearlyEqual(_ a: CGRect, _ b: CGRect) -> Bool {
    abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
}
