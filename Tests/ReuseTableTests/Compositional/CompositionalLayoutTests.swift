import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Items whose fitting height is a function of their index path (for self-sizing tests).
final class SizedCell: CollectionViewCell {
    var height: CGFloat = 1
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: height) }
}

final class SizedView: CollectionReusableView {
    var height: CGFloat = 1
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: height) }
}

@MainActor
final class CompositionalSource: CollectionViewDataSource, CollectionViewDataSourcePrefetching {
    var counts: [Int]
    var height: (IndexPath) -> CGFloat = { _ in 2 }
    var supplementaryHeight: (String, IndexPath) -> CGFloat = { _, _ in 1 }
    var cellRequests: [IndexPath] = []
    var supplementaryRequests: [(String, IndexPath)] = []
    var prefetched: [[IndexPath]] = []
    var moves: [(IndexPath, IndexPath)] = []
    /// Sources the tests made, kept alive (a collection view holds its data source weakly).
    static var alive: [CompositionalSource] = []
    init(_ counts: [Int]) {
        self.counts = counts
        Self.alive.append(self)
    }
    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        cellRequests.append(indexPath)
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! SizedCell
        cell.height = height(indexPath)
        return cell
    }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath)
        -> CollectionReusableView
    {
        supplementaryRequests.append((kind, indexPath))
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "view", for: indexPath) as! SizedView
        view.height = supplementaryHeight(kind, indexPath)
        return view
    }
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) { prefetched.append(indexPaths) }
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
    func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        moves.append((sourceIndexPath, destinationIndexPath))
        counts[sourceIndexPath.section] -= 1
        counts[destinationIndexPath.section] += 1
    }
}

@MainActor
func makeCompositional(
    _ layout: CollectionViewCompositionalLayout, counts: [Int], width: CGFloat = 100, height: CGFloat = 40
) -> (CollectionView, CompositionalSource, [String]) {
    let source = CompositionalSource(counts)
    let view = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
    view.register(SizedCell.self, forCellWithReuseIdentifier: "cell")
    for kind in ["header", "footer", "badge", CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter] {
        view.register(SizedView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "view")
    }
    view.dataSource = source
    return (view, source, [])
}

func size(_ w: CollectionLayoutDimension, _ h: CollectionLayoutDimension) -> CollectionLayoutSize {
    CollectionLayoutSize(widthDimension: w, heightDimension: h)
}

/// A section of rows 3 points tall, `itemWidth` of the width each, under a 2-point "header" that pins.
@MainActor
func sectionUnderPinnedHeader(itemWidth: CGFloat) -> CollectionLayoutSection {
    let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(itemWidth), .absolute(3)))
    let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(3)), subitems: [item])
    let section = CollectionLayoutSection(group: group)
    let header = CollectionLayoutBoundarySupplementaryItem(
        layoutSize: size(.fractionalWidth(1), .absolute(2)), elementKind: "header", alignment: .top)
    header.pinToVisibleBounds = true
    section.boundarySupplementaryItems = [header]
    return section
}

@MainActor
@Suite struct CompositionalLayoutTests {
    func frame(_ view: CollectionView, _ item: Int, _ section: Int = 0) -> CGRect? {
        view.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    /// Items inserted into an empty list that keeps its visible content: no anchor is recorded
    /// before the update, so the pass asks the layout for one; the layout is prepared by then.
    @Test func anUpdateOfAnEmptyListKeepingItsVisibleContent() {
        final class Counts: CollectionViewDataSource {
            var count = 0
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            }
        }
        let counts = Counts()
        let list = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 30, height: 100),
            collectionViewLayout: CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain)))
        list.register(OutlineListCell.self, forCellWithReuseIdentifier: "c")  // one line tall
        list.maintainsVisibleContentPosition = true
        list.dataSource = counts
        list.reloadData()
        list.layoutIfNeeded()
        counts.count = 20
        list.performBatchUpdates({ list.insertItems(at: (0..<20).map { IndexPath(item: $0, section: 0) }) }, completion: nil)
        #expect(list.numberOfItems(inSection: 0) == 20)
        #expect(list.indexPathsForVisibleItems.first == IndexPath(item: 0, section: 0))
        #expect(list.contentOffset.y == 0)
    }

    // MARK: Sizes resolve as UIKit's

    @Test func aFifthWideItemGivesFiveAGroupAndGroupsRepeatToFillTheSection() {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.2), .fractionalHeight(1)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(10)), subitems: [item])
        let (view, _, _) = makeCompositional(CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)), counts: [12])
        view.reloadData()
        #expect(frame(view, 4)?.minX == 80)
        #expect(frame(view, 5) == CGRect(x: 0, y: 10, width: 20, height: 10))
        #expect(view.contentSize.height == CGFloat(30), "12 items, 5 a group: 3 groups")
    }

    @Test func aCountGroupSharesItsWidthAndContentInsetsShrinkTheCell() {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        item.contentInsets = DirectionalEdgeInsets(top: 1, leading: 2, bottom: 1, trailing: 2)
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(8)), repeatingSubitem: item, count: 3)
        group.interItemSpacing = .fixed(5)
        let (view, _, _) = makeCompositional(CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)), counts: [3])
        view.reloadData()
        // (100 − 2 × 5) / 3 = 30 each, at 0, 35, 70; insets take 2 and 1 off each side.
        #expect(frame(view, 1) == CGRect(x: 37, y: 1, width: 26, height: 6))
    }

    @Test func contentInsetsAreIgnoredAlongAnEstimatedAxis() {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(3)))
        item.contentInsets = DirectionalEdgeInsets(top: 5, leading: 4, bottom: 5, trailing: 4)
        let group = CollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(1), .estimated(3)), subitems: [item])
        let (view, source, _) = makeCompositional(CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)), counts: [2])
        source.height = { _ in 7 }
        view.reloadData()
        #expect(frame(view, 0) == CGRect(x: 4, y: 0, width: 92, height: 7))
        #expect(frame(view, 1) == CGRect(x: 4, y: 7, width: 92, height: 7))
    }

    @Test func flexibleEdgeSpacingCentresAndSectionInsetsAndSpacingStack() {
        let item = CollectionLayoutItem(layoutSize: size(.absolute(10), .absolute(4)))
        item.edgeSpacing = CollectionLayoutEdgeSpacing(leading: .flexible(0), top: .flexible(0), trailing: .flexible(0), bottom: .flexible(0))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(8)), repeatingSubitem: item, count: 1)
        let section = CollectionLayoutSection(group: group)
        section.contentInsets = DirectionalEdgeInsets(top: 3, leading: 10, bottom: 2, trailing: 10)
        section.interGroupSpacing = 1
        var configuration = CollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 6
        let (view, _, _) = makeCompositional(CollectionViewCompositionalLayout(section: section, configuration: configuration), counts: [2, 1])
        view.reloadData()
        // The count group makes the item 80 wide (its own width is overridden); 4 tall centred in 8.
        #expect(frame(view, 0) == CGRect(x: 10, y: 5, width: 80, height: 4))
        #expect(frame(view, 1) == CGRect(x: 10, y: 14, width: 80, height: 4))
        // Section 0: 3 + 8 + 1 + 8 + 2 = 22; then 6 of spacing, 3 of inset.
        #expect(frame(view, 0, 1)?.minY == CGFloat(22 + 6 + 3 + 2))
        #expect(view.contentSize.height == CGFloat(22 + 6 + 3 + 8 + 2))
    }

    @Test func nestedGroupsPlaceTheirLeavesInItemOrder() {
        let big = CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
        let small = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
        let column = CollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)), subitems: [small])
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(20)), subitems: [big, column])
        let (view, _, _) = makeCompositional(CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)), counts: [6])
        view.reloadData()
        #expect(frame(view, 0) == CGRect(x: 0, y: 0, width: 50, height: 20))
        #expect(frame(view, 1) == CGRect(x: 50, y: 0, width: 50, height: 10))
        #expect(frame(view, 2) == CGRect(x: 50, y: 10, width: 50, height: 10))
        #expect(frame(view, 3) == CGRect(x: 0, y: 20, width: 50, height: 20))
    }

    @Test func boundaryItemsBackgroundsBadgesAndLayoutHeaders() {
        let badge = CollectionLayoutSupplementaryItem(
            layoutSize: size(.absolute(2), .absolute(2)), elementKind: "badge",
            containerAnchor: CollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.5, y: -0.5)))
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .absolute(5)), supplementaryItems: [badge])
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(5)), subitems: [item])
        let section = CollectionLayoutSection(group: group)
        section.contentInsets = DirectionalEdgeInsets(top: 1, leading: 0, bottom: 1, trailing: 0)
        section.boundarySupplementaryItems = [
            CollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(3)), elementKind: "header", alignment: .top),
            CollectionLayoutBoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(0.5), .absolute(2)), elementKind: "footer", alignment: .bottomTrailing),
        ]
        let background = CollectionLayoutDecorationItem.background(elementKind: "bg")
        background.contentInsets = DirectionalEdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1)
        section.decorationItems = [background]
        var configuration = CollectionViewCompositionalLayoutConfiguration()
        configuration.boundarySupplementaryItems = [
            CollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(4)), elementKind: "header", alignment: .top)
        ]
        let layout = CollectionViewCompositionalLayout(section: section, configuration: configuration)
        layout.register(CollectionReusableView.self, forDecorationViewOfKind: "bg")
        let (view, _, _) = makeCompositional(layout, counts: [2], height: 100)
        view.reloadData()
        let all = view.collectionViewLayout.layoutAttributesForElements(in: CGRect(x: -10, y: -10, width: 200, height: 200))
        func find(_ kind: String?, _ indexPath: IndexPath) -> CGRect? {
            all.first { $0.representedElementKind == kind && $0.indexPath == indexPath }?.frame
        }
        #expect(find("header", IndexPath(index: 0)) == CGRect(x: 0, y: 0, width: 100, height: 4))
        #expect(find("header", IndexPath(item: 0, section: 0)) == CGRect(x: 0, y: 4, width: 100, height: 3))
        #expect(find(nil, IndexPath(item: 1, section: 0)) == CGRect(x: 50, y: 8, width: 50, height: 5))
        #expect(find("badge", IndexPath(item: 0, section: 0)) == CGRect(x: 49, y: 7, width: 2, height: 2))
        #expect(find("bg", IndexPath(item: 0, section: 0)) == CGRect(x: 1, y: 7, width: 98, height: 7))
        #expect(find("footer", IndexPath(item: 0, section: 0)) == CGRect(x: 50, y: 14, width: 50, height: 2))
        #expect(view.contentSize.height == CGFloat(16))
        // The background view sits behind the cells, the badge in front.
        let background0 = view.subviews.firstIndex { $0.frame == CGRect(x: 1, y: 7, width: 98, height: 7) }
        let cell0 = view.subviews.firstIndex { $0 === view.cellForItem(at: IndexPath(item: 0, section: 0)) }
        #expect(background0 != nil && cell0 != nil && background0! < cell0!)
        let badge0 = view.subviews.firstIndex { $0 === view.supplementaryView(forElementKind: "badge", at: IndexPath(item: 0, section: 0)) }
        #expect(badge0 != nil && cell0 != nil && badge0! > cell0!)
    }

    // MARK: Estimated heights, anchored

    func list(estimate: CGFloat = 4) -> CollectionViewCompositionalLayout {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(estimate)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .estimated(estimate)), subitems: [item])
        return CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group))
    }

    @Test func estimatedItemsAreMeasuredOnlyAsTheyShowAndTheContentConverges() {
        let (view, source, _) = makeCompositional(list(), counts: [1000])
        source.height = { CGFloat(1 + $0.item % 3) }
        view.reloadData()
        // Heights 1, 2, 3, 1, …: 40 points show 21 items (42 points); only they were asked.
        #expect(Set(source.cellRequests.map(\.item)) == Set(0..<21))
        #expect(view.contentSize.height == CGFloat(42 + 979 * 4))
        var rng = SplitMix64(seed: 3)
        for _ in 0..<50 {
            view.contentOffset.y = CGFloat(Int.random(in: 0...Int(view.maximumContentOffsetY), using: &rng))
            for cell in view.visibleCells { #expect(cell.frame.height == (cell as! SizedCell).height) }
        }
    }

    @Test func nothingOnScreenMovesWhenEstimatesAboveAreMeasured() {
        let (view, source, _) = makeCompositional(list(estimate: 5), counts: [400, 300])
        source.height = { CGFloat(1 + ($0.item * 7 + $0.section) % 4) }
        view.reloadData()
        view.scrollToItem(at: IndexPath(item: 250, section: 1), at: .top, animated: false)
        var rng = SplitMix64(seed: 11)
        var moves = 0
        for _ in 0..<400 {
            let before = Dictionary(
                uniqueKeysWithValues: view.indexPathsForVisibleItems.map { ($0, view.cellForItem(at: $0)!.frame.minY - view.contentOffset.y) })
            let delta = CGFloat(Int.random(in: -12...6, using: &rng))
            view.contentOffset.y += delta
            guard view.contentOffset.y > view.minimumContentOffsetY, view.contentOffset.y < view.maximumContentOffsetY else { continue }
            for indexPath in view.indexPathsForVisibleItems {
                guard let old = before[indexPath] else { continue }
                let now = view.cellForItem(at: indexPath)!.frame.minY - view.contentOffset.y
                #expect(now == old - delta, "\(indexPath) moved on screen")
            }
            moves += view.offsetMoves[.anchor]
        }
        #expect(moves > 0, "scrolling up measured estimates above the viewport")
    }

    @Test func aSelfSizingHeaderAndAGridOfSelfSizingItems() {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3), .estimated(2)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .estimated(2)), subitems: [item])
        let section = CollectionLayoutSection(group: group)
        section.boundarySupplementaryItems = [
            CollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .estimated(1)), elementKind: "header", alignment: .top)
        ]
        let (view, source, _) = makeCompositional(CollectionViewCompositionalLayout(section: section), counts: [9])
        source.height = { CGFloat($0.item + 1) }
        source.supplementaryHeight = { _, _ in 3 }
        view.reloadData()
        // Rows are as tall as their tallest item; items keep their own heights (UIKit's).
        let third: CGFloat = (1.0 / 3) * 100
        #expect(frame(view, 2) == CGRect(x: third + third, y: 3, width: third, height: 3))
        #expect(frame(view, 3)?.minY == CGFloat(6) && frame(view, 0)?.height == CGFloat(1))
        #expect(frame(view, 6)?.minY == CGFloat(12))
        #expect(view.contentSize.height == CGFloat(3 + 3 + 6 + 9))
    }

    // MARK: Pinned headers at every offset

    @Test func pinnedHeadersStayInTheVisibleAreaWhileTheirSectionIsOnScreen() {
        let section = sectionUnderPinnedHeader(itemWidth: 0.5)
        let footer = CollectionLayoutBoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .absolute(1)), elementKind: "footer", alignment: .bottom)
        section.boundarySupplementaryItems.append(footer)
        section.interGroupSpacing = 1
        var configuration = CollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 2
        let counts = [7, 0, 12, 3]
        let (view, _, _) = makeCompositional(
            CollectionViewCompositionalLayout(section: section, configuration: configuration), counts: counts, height: 10)
        view.contentInset = EdgeInsets(top: 1, left: 0, bottom: 0, right: 0)
        view.reloadData()
        // Section extents, by hand: header 2, groups of 3 with 1 between, footer 1, 2 between sections.
        var tops: [CGFloat] = [], bottoms: [CGFloat] = []
        var y: CGFloat = 0
        for (s, n) in counts.enumerated() {
            if s > 0 { y += 2 }
            tops.append(y)
            let groups = (n + 1) / 2
            y += 2 + CGFloat(groups * 3 + max(0, groups - 1)) + 1
            bottoms.append(y)
        }
        #expect(view.contentSize.height == y)  // y is a CGFloat
        var offset = view.minimumContentOffsetY
        while offset <= view.maximumContentOffsetY {
            view.contentOffset.y = offset
            view.layoutIfNeeded()
            let visibleTop = offset + 1
            for s in counts.indices {
                let expected = max(tops[s], min(visibleTop, bottoms[s] - 2))
                let attributes = view.layoutAttributesForSupplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: s))
                #expect(attributes?.frame.minY == expected, "offset \(offset), section \(s)")
                let onScreen = expected < offset + 10 && expected + 2 > offset
                let shown = view.supplementaryView(forElementKind: "header", at: IndexPath(item: 0, section: s))
                #expect((shown != nil) == onScreen, "offset \(offset), section \(s)")
                if let shown {
                    #expect(shown.frame.minY == expected && view.subviews.last(where: { $0 is SizedView && $0.frame.maxY > offset }) != nil)
                }
            }
            offset += 0.5
        }
    }

    // MARK: Orthogonal sections

    func carousel(_ behavior: CollectionLayoutSectionOrthogonalScrollingBehavior, groupWidth: CollectionLayoutDimension = .absolute(80))
        -> CollectionViewCompositionalLayout
    {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(groupWidth, .absolute(6)), subitems: [item])  // absolute: easy sums
        let band = CollectionLayoutSection(group: group)
        band.orthogonalScrollingBehavior = behavior
        band.interGroupSpacing = 4
        band.contentInsets = DirectionalEdgeInsets(top: 0, leading: 2, bottom: 0, trailing: 2)
        let row = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(3)))
        let list = CollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(3)), subitems: [row]))
        return CollectionViewCompositionalLayout(sectionProvider: { index, _ in index == 0 ? band : list })
    }

    @Test func aBandScrollsOnItsOwnOffsetAndRecyclesItemsOutsideIt() {
        let layout = carousel(.continuous)
        let (view, _, _) = makeCompositional(layout, counts: [50, 20])
        view.reloadData()
        #expect(view.contentSize.height == CGFloat(6 + 60))
        #expect(view.indexPathsForVisibleItems.filter { $0.section == 0 } == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
        // Group k at 2 + 84k − offset; the band is 2 + 50 × 80 + 49 × 4 + 2 wide.
        for _ in 0..<200 { view.dragOrthogonalSection(0, by: -7) }
        #expect(view.orthogonalContentOffset(forSection: 0) == CGFloat(1400))
        #expect(frame(view, 17) == CGRect(x: 2 + 17 * 84 - 1400, y: 0, width: 80, height: 6))
        let band = view.indexPathsForVisibleItems.filter { $0.section == 0 }.map(\.item)
        #expect(band == [16, 17])
        #expect(view.counters.cellsCreated <= 2 + 14 + 2, "cells beyond the band's edge went back to the pool")
        view.dragOrthogonalSection(0, by: -1_000_000)
        #expect(view.orthogonalContentOffset(forSection: 0) == CGFloat(2 + 50 * 80 + 49 * 4 + 2 - 100))
        view.scrollToItem(at: IndexPath(item: 10, section: 0), at: .left, animated: false)
        #expect(view.orthogonalContentOffset(forSection: 0) == CGFloat(842))
        view.scrollToItem(at: IndexPath(item: 10, section: 0), at: .centeredHorizontally, animated: false)
        #expect(view.orthogonalContentOffset(forSection: 0) == CGFloat(842 + 40 - 50))
        view.scrollToItem(at: IndexPath(item: 10, section: 0), at: .right, animated: false)
        #expect(view.orthogonalContentOffset(forSection: 0) == CGFloat(842 + 80 - 100))
    }

    /// Where a release comes to rest, computed here from UIKit's rules, for every behaviour.
    @Test(arguments: [
        CollectionLayoutSectionOrthogonalScrollingBehavior.continuous, .continuousGroupLeadingBoundary, .paging, .groupPaging, .groupPagingCentered,
    ])
    func pagingLandings(_ behavior: CollectionLayoutSectionOrthogonalScrollingBehavior) {
        let layout = carousel(behavior, groupWidth: .absolute(60))
        let (view, _, _) = makeCompositional(layout, counts: [9, 3])
        view.reloadData()
        // Groups 60 wide, 4 apart; paddings 2 (centred: 20).
        let lead: CGFloat = behavior == .groupPagingCentered ? 20 : 2
        let contentWidth = lead + 9 * 60 + 8 * 4 + lead
        let maximum = contentWidth - 100
        var rng = SplitMix64(seed: UInt64(behavior.hashValue & 0xFFFF))
        var landings = 0
        for _ in 0..<300 {
            let start = view.orthogonalContentOffset(forSection: 0)
            let dx = CGFloat(Int.random(in: -90...90, using: &rng))
            view.dragOrthogonalSection(0, by: dx)
            let released = view.orthogonalContentOffset(forSection: 0)
            #expect(released == min(max(start - dx, 0), maximum))
            let velocity = CGFloat([0, 0, 200, -200, 1500, -1500, 40].randomElement(using: &rng)!)
            view.endDraggingOrthogonalSection(0, velocity: velocity)
            let v = -velocity  // the offset's velocity
            let glide = released + v / 1000 * 0.998 / (1 - 0.998)
            let expected: CGFloat
            func step(_ base: CGFloat, _ length: CGFloat, _ last: CGFloat) -> CGFloat {
                let fraction = (released - base) / length
                let k = v > 0 ? fraction.rounded(.up) : v < 0 ? fraction.rounded(.down) : fraction.rounded()
                return min(max(base + min(max(k, 0), last) * length, 0), maximum)
            }
            switch behavior {
            case .continuous: expected = min(max(glide, 0), maximum)
            case .continuousGroupLeadingBoundary:
                let k = min(max((min(max(glide, 0), maximum) / 64).rounded(), 0), 8)
                expected = min(max(k * 64, 0), maximum)
            case .paging: expected = step(0, 100, (maximum / 100).rounded(.up))
            case .groupPaging: expected = step(0, 64, 8)
            case .groupPagingCentered: expected = step(lead + 30 - 50, 64, 8)
            case .none: expected = released
            }
            #expect(view.orthogonalContentOffset(forSection: 0) == expected, "\(behavior) from \(released) at \(velocity)")
            if behavior != .continuous, expected != released { landings += 1 }
            if behavior == .paging || behavior == .groupPaging || behavior == .groupPagingCentered {
                #expect(abs(expected - released) <= (behavior == .paging ? 100 : 64), "one step at most")
            }
        }
        if behavior != .continuous { #expect(landings > 50) }
    }

    @Test func theVisibleItemsHandlerHearsEachChangeAndItsChangesAreReported() {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.absolute(30), .absolute(5)), subitems: [item])
        let band = CollectionLayoutSection(group: group)
        band.orthogonalScrollingBehavior = .groupPaging
        var heard: [(items: [IndexPath], offset: CGPoint)] = []
        band.visibleItemsInvalidationHandler = { items, offset, environment in
            heard.append((items.map(\.indexPath), offset))
            #expect(environment.container.contentSize.width == 100)
            for visible in items where visible.indexPath.item == 1 { visible.alpha = 0.5; visible.zIndex = 3 }
        }
        let (view, _, _) = makeCompositional(CollectionViewCompositionalLayout(section: band), counts: [20])
        view.reloadData()
        #expect(heard.count == 1 && heard[0].items == (0..<4).map { IndexPath(item: $0, section: 0) })
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.alpha == 0.5)
        view.dragOrthogonalSection(0, by: -10)
        #expect(heard.count == 2 && heard[1].offset.x == CGFloat(10))
        view.endDraggingOrthogonalSection(0, velocity: -300)
        #expect(heard.count == 3 && heard[2].offset.x == CGFloat(30))
        view.layoutIfNeeded()
        #expect(heard.count == 3, "nothing changed: not told again")
    }

    // MARK: Everything else through the layout

    @Test func updatesSelectionPrefetchingAndReorderingWorkThroughIt() {
        let (view, source, _) = makeCompositional(list(estimate: 3), counts: [30, 30])
        source.height = { _ in 2 }
        view.prefetchDataSource = source
        view.reloadData()
        #expect(!source.prefetched.isEmpty)
        source.counts[0] += 2
        view.performBatchUpdates({ view.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 5, section: 0)]) }, completion: nil)
        #expect(frame(view, 1)?.minY == CGFloat(2), "item 0 is measured at once: it is on screen")
        view.tapItem(at: IndexPath(item: 3, section: 0))
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 50, y: 9))
        view.endInteractiveMovement()
        #expect(source.moves.count == 1 && source.moves[0].0 == IndexPath(item: 1, section: 0))
        source.counts.remove(at: 1)
        view.deleteSections(IndexSet(integer: 1))
        #expect(view.numberOfSections == 1 && view.layoutAttributesForItem(at: IndexPath(item: 31, section: 0)) != nil)
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)) == nil)
    }

    @Test func diffableAppliesInBulkAndAsync() async {
        let layout = list(estimate: 3)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 50, height: 20), collectionViewLayout: layout)
        view.register(SizedCell.self, forCellWithReuseIdentifier: "cell")
        let diffable = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { cv, indexPath, id in
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! SizedCell
            cell.height = CGFloat(1 + id % 2)
            return cell
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(Array(0..<500), toSection: 0)
        snapshot.appendItems(Array(500..<600), toSection: 1)
        diffable.apply(snapshot, animatingDifferences: true, completion: nil)
        view.contentOffset.y = 30
        snapshot.deleteItems(Array(stride(from: 0, to: 500, by: 2)))
        snapshot.appendItems(Array(1000..<1300), toSection: 1)
        await diffable.apply(snapshot)
        #expect(view.numberOfItems(inSection: 0) == 250 && view.numberOfItems(inSection: 1) == 400)
        for cell in view.visibleCells { #expect(cell.frame.height == (cell as! SizedCell).height) }
        let first = view.indexPathsForVisibleItems.first!
        #expect(diffable.itemIdentifier(for: first)! % 2 == 1)
    }

    @Test func keepsTheItemTheUserReadsStillAcrossAPrepend() {
        let (view, source, _) = makeCompositional(list(estimate: 3), counts: [100])
        source.height = { _ in 2 }
        view.maintainsVisibleContentPosition = true
        view.reloadData()
        view.contentOffset.y = 40
        let anchor = view.cellForItem(at: IndexPath(item: 20, section: 0))!.frame.minY - view.contentOffset.y
        source.counts[0] += 5
        view.insertItems(at: (0..<5).map { IndexPath(item: $0, section: 0) })
        #expect(view.cellForItem(at: IndexPath(item: 25, section: 0))!.frame.minY - view.contentOffset.y == anchor)
    }

    @Test(arguments: [("above", 10..<20), ("at", 20..<24), ("below", 24..<30)])
    func keepsTheItemTheUserReadsStillWhenItemsChangeHeight(_ place: String, _ rows: Range<Int>) {
        let layout = list(estimate: 3)
        let (view, source, _) = makeCompositional(layout, counts: [100])
        source.height = { _ in 2 }
        view.maintainsVisibleContentPosition = true
        view.reloadData()
        view.contentOffset.y = 41  // item 20 (40..<42) is read first, a point above the top
        view.layoutIfNeeded()
        let anchor = view.cellForItem(at: IndexPath(item: 20, section: 0))!.frame.minY - view.contentOffset.y
        source.height = { rows.contains($0.item) ? 5 : 2 }
        let changed = rows.map { IndexPath(item: $0, section: 0) }
        view.reconfigureItems(at: changed)
        layout.invalidateItems(at: changed)
        view.layoutIfNeeded()
        let cell = view.cellForItem(at: IndexPath(item: 20, section: 0))
        #expect(cell.map { $0.frame.minY - view.contentOffset.y } == anchor, "items \(rows) (\(place) the anchor) changed height")
        #expect(cell?.frame.height == (rows.contains(20) ? 5 : 2))
    }

    // MARK: Lists

    @Test func aPlainListHasFullWidthSelfSizedRowsPinnedHeadersAndSwipeProviders() {
        var configuration = CollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
            SwipeActionsConfiguration(actions: [ContextualAction(style: .destructive, title: "Delete \(indexPath.item)") { _, _, done in done(true) }]
            )
        }
        let layout = CollectionViewCompositionalLayout.list(using: configuration)
        let (view, source, _) = makeCompositional(layout, counts: [30, 30])
        source.height = { _ in 2 }
        source.supplementaryHeight = { _, _ in 1 }
        view.reloadData()
        #expect(frame(view, 0) == CGRect(x: 0, y: 1, width: 100, height: 2), "below the self-sized one-line header")
        #expect(layout.store.kinds.count == 1, "one list section description, shared")
        view.contentOffset.y = 20
        let header = view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        #expect(header?.frame.minY == CGFloat(20), "pinned: a plain list's headers stick to the top")
        #expect(layout.listSwipeActionsConfiguration(at: IndexPath(item: 3, section: 1), edge: .trailing)?.actions.first?.title == "Delete 3")
        #expect(layout.listSwipeActionsConfiguration(at: IndexPath(item: 3, section: 1), edge: .leading) == nil)
    }

    @Test func groupedAppearancesPadSectionsAndInsetRows() {
        var configuration = CollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        configuration.footerMode = .supplementary
        let (view, source, _) = makeCompositional(CollectionViewCompositionalLayout.list(using: configuration), counts: [2, 1], height: 200)
        source.height = { _ in 3 }
        source.supplementaryHeight = { _, _ in 1 }
        view.reloadData()
        // 20 of padding, the header, the rows inset 20 from each side, the footer, 20 below; then the next section.
        #expect(frame(view, 0) == CGRect(x: 20, y: 21, width: 60, height: 3))
        #expect(frame(view, 1)?.minY == CGFloat(24))
        let footer = view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))
        #expect(footer?.frame == CGRect(x: 20, y: 27, width: 60, height: 1))
        #expect(frame(view, 0, 1)?.minY == CGFloat(28 + 20 + 20 + 1))
        var plain = CollectionLayoutListConfiguration(appearance: .plain)
        plain.headerMode = .firstItemInSection
        let section = CollectionLayoutSection.list(
            using: plain,
            layoutEnvironment: CollectionLayoutEnvironment(
                container: CollectionLayoutContainer(contentSize: CGSize(width: 10, height: 10), contentInsets: .zero)))
        #expect(section.boundarySupplementaryItems.isEmpty, "the first item is the header: no supplementary view")
    }

    // MARK: Bad input

    @Test func badDescriptionsAreReportedOrStopWithUIKitsWords() {
        #expect(throws: ReuseTableError.self) {
            try CollectionLayoutGroup.validate(subitems: [], count: nil, call: "horizontal(layoutSize:subitems:)")
        }
        do {
            try CollectionLayoutGroup.validate(subitems: [], count: nil, call: "horizontal(layoutSize:subitems:)")
        } catch {
            #expect(error.message == "CollectionLayoutGroup.horizontal(layoutSize:subitems:): subitems is empty; a group needs at least one subitem.")
        }
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(2)))
        do {
            try CollectionLayoutGroup.validate(subitems: [item], count: 0, call: "vertical(layoutSize:repeatingSubitem:count:)")
        } catch {
            #expect(
                error.message
                    == "CollectionLayoutGroup.vertical(layoutSize:repeatingSubitem:count:): count is 0; a group repeats its subitem at least once.")
        }
        #expect(
            SupplementaryViews.missingDecorationClass("bg", at: IndexPath(item: 0, section: 2)).message
                == "could not dequeue a decoration view of kind \"bg\" for (section 2, item 0): register a class for it with the layout's register(_:forDecorationViewOfKind:) first."
        )

        let bad = CollectionLayoutItem(layoutSize: size(.absolute(.nan), .absolute(2)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(-3)), subitems: [bad])
        let section = CollectionLayoutSection(group: group)
        section.interGroupSpacing = .infinity
        let layout = CollectionViewCompositionalLayout(sectionProvider: { index, _ in index == 0 ? section : nil })
        let (view, _, _) = makeCompositional(layout, counts: [3, 2])
        var messages: [String] = []
        view.diagnosticHandler = { messages.append($0) }
        view.reloadData()
        #expect(
            messages == [
                "interGroupSpacing of section 0 is inf; it must be finite and 0 or more. Using 0.",
                "height .absolute(-3.0) in section 0 resolves to -3.0; it must be finite and 0 or more. Using 0.",
                "width .absolute(nan) in section 0 resolves to nan; it must be finite and 0 or more. Using 0.",
                "CollectionViewCompositionalLayout's sectionProvider returned nil for section 1, which has 2 items; they are not shown.",
            ])
        #expect(view.contentSize.height == 0 && view.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)) == nil)
        messages = []
        view.dragOrthogonalSection(0, by: 5)
        view.dragOrthogonalSection(0, by: .nan)
        #expect(
            messages == [
                "dragOrthogonalSection(_:by:): section 0 does not scroll sideways (its layout section's orthogonalScrollingBehavior is .none). Ignored.",
                "dragOrthogonalSection(_:by:): section 0 does not scroll sideways (its layout section's orthogonalScrollingBehavior is .none). Ignored.",
            ])
        #expect(throws: ReuseTableError.self) { try view.validateSection(7) }
    }
}
