import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// The compositional layout at its edges, through the public API as an app uses it: pinned
/// self-sizing boundary items, scrolling to estimated items, a view's height change, bad badge
/// sizes, lists narrower than their insets.
@MainActor
@Suite struct CompositionalEdgeCaseTests {
    /// A list of `count` one-line items in a `width`×`height` view, with list-cell headers and footers.
    func listView(
        _ configuration: CollectionLayoutListConfiguration, counts: [Int], width: CGFloat = 40, height: CGFloat = 10
    ) -> (CollectionView, CollectionViewDiffableDataSource<Int, String>) {
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: width, height: height),
            collectionViewLayout: CollectionViewCompositionalLayout.list(using: configuration))
        let cells = CollectionView.CellRegistration<CollectionViewListCell, String> { cell, _, name in
            var content = cell.defaultContentConfiguration()
            content.text = name
            cell.contentConfiguration = content
        }
        let footer = CollectionView.SupplementaryRegistration<CollectionViewListCell>(elementKind: CollectionView.elementKindSectionFooter) {
            cell, _, indexPath in
            var content = ListContentConfiguration.cell()
            content.text = "Footer \(indexPath.section)"
            cell.contentConfiguration = content
        }
        let header = CollectionView.SupplementaryRegistration<CollectionViewListCell>(elementKind: CollectionView.elementKindSectionHeader) {
            cell, _, indexPath in
            var content = ListContentConfiguration.header()
            content.text = "Section \(indexPath.section)"
            cell.contentConfiguration = content
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) { view, indexPath, name in
            view.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: name)
        }
        dataSource.supplementaryViewProvider = { view, kind, indexPath in
            kind == CollectionView.elementKindSectionFooter
                ? view.dequeueConfiguredReusableSupplementary(using: footer, for: indexPath)
                : view.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections(Array(counts.indices))
        for (s, count) in counts.enumerated() { snapshot.appendItems((0..<count).map { "Item \(s).\($0)" }, toSection: s) }
        dataSource.apply(snapshot)
        view.layoutIfNeeded()
        return (view, dataSource)
    }

    // MARK: Pinned self-sizing boundary items

    @Test func aPinnedFooterWhoseSlotIsBelowTheViewportIsShownMeasured() {
        var configuration = CollectionLayoutListConfiguration(appearance: .plain)
        configuration.footerMode = .supplementary
        let (view, dataSource) = listView(configuration, counts: [30])
        defer { withExtendedLifetime(dataSource) {} }
        let footer = view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))
        #expect(footer?.frame == CGRect(x: 0, y: 9, width: 40, height: 1), "pinned to the viewport's bottom, one line tall")
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 0, y: 0, width: 40, height: 1))
    }

    @Test func aPinnedHeaderWhoseSlotIsAboveTheViewportIsShownMeasured() {
        var configuration = CollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        let (view, dataSource) = listView(configuration, counts: [30, 300])
        defer { withExtendedLifetime(dataSource) {} }
        // Straight into the middle of section 1: its header's own slot never was on screen.
        let jump: CGFloat = 4000
        view.contentOffset.y = jump
        view.layoutIfNeeded()
        #expect(view.indexPathsForVisibleItems.allSatisfy { $0.section == 1 && $0.item > 0 })
        let header = view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        #expect(header?.frame.height == 1)
        #expect(header?.frame.minY == view.contentOffset.y, "pinned to the viewport's top")
        for step in 1...5 {
            view.contentOffset.y = jump + CGFloat(step * 3)
            view.layoutIfNeeded()
            let pinned = view.layoutAttributesForSupplementaryElement(
                ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
            #expect(pinned?.frame == CGRect(x: 0, y: view.contentOffset.y, width: 40, height: 1))
        }
    }

    // MARK: Scrolling to an estimated item

    func mixedHeights() -> (CollectionView, CompositionalSource) {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(4)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .estimated(4)), subitems: [item])
        let (view, source, _) = makeCompositional(
            CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)), counts: [300], width: 20, height: 10)
        source.height = { [1, 3, 5][$0.item % 3] }
        view.reloadData()
        view.layoutIfNeeded()
        return (view, source)
    }

    @Test(arguments: [CollectionView.ScrollPosition.top, .centeredVertically, .bottom])
    func scrollingToAnEstimatedItemLandsItWhereAsked(_ position: CollectionView.ScrollPosition) {
        let (view, _) = mixedHeights()
        let target = IndexPath(item: 150, section: 0)
        view.scrollToItem(at: target, at: position, animated: false)
        let frame = view.cellForItem(at: target)?.frame
        #expect(frame?.height == 1)
        let onScreen = frame.map { ($0.minY - view.contentOffset.y, $0.midY - view.contentOffset.y, $0.maxY - view.contentOffset.y) }
        switch position {
        case .top: #expect(onScreen?.0 == 0)
        case .centeredVertically: #expect(onScreen?.1 == 5)
        default: #expect(onScreen?.2 == 10)
        }
        for cell in view.visibleCells { #expect(cell.frame.height == (cell as! SizedCell).height, "no estimate on screen") }
    }

    @Test func scrollingToTheLastEstimatedItemsEndsAtTheContentsEnd() {
        let (view, _) = mixedHeights()
        let target = IndexPath(item: 298, section: 0)
        view.scrollToItem(at: target, at: .top, animated: false)
        #expect(view.contentOffset.y == view.maximumContentOffsetY)
        #expect(view.cellForItem(at: IndexPath(item: 299, section: 0))?.frame.maxY == view.contentOffset.y + 10)
        for cell in view.visibleCells { #expect(cell.frame.height == (cell as! SizedCell).height) }
    }

    // MARK: A change of the view's height

    @Test func fractionalHeightGroupsFollowTheViewsHeight() {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.25)), subitems: [item])
        let (view, _, _) = makeCompositional(
            CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)), counts: [4], width: 320, height: 568)
        view.reloadData()
        view.layoutIfNeeded()
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 0, y: 142, width: 320, height: 142))
        view.frame = CGRect(x: 0, y: 0, width: 320, height: 600)
        view.layoutIfNeeded()
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 0, y: 150, width: 320, height: 150))
        #expect(view.contentSize.height == 600)
        #expect(view.cellForItem(at: IndexPath(item: 3, section: 0))?.frame == CGRect(x: 0, y: 450, width: 320, height: 150))
    }

    @Test func theLayoutsAnswerWhetherABoundsChangeInvalidatesThem() {
        let compositional = CollectionViewCompositionalLayout(
            section: CollectionLayoutSection(
                group: .horizontal(
                    layoutSize: size(.fractionalWidth(1), .absolute(1)),
                    subitems: [CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(1)))])))
        let flow = FlowLayout()
        let waterfall = WaterfallLayout(numberOfColumns: 2, margin: 0)
        let custom = CollectionViewLayout()
        for layout in [compositional, flow, waterfall, custom] {
            let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 20, height: 10), collectionViewLayout: layout)
            view.layoutIfNeeded()
            let sameSize = CGRect(x: 0, y: 7, width: 20, height: 10)
            let taller = CGRect(x: 0, y: 0, width: 20, height: 12)
            let wider = CGRect(x: 0, y: 0, width: 21, height: 10)
            #expect(!layout.shouldInvalidateLayout(forBoundsChange: sameSize), "\(type(of: layout)): a scroll moves nothing")
            #expect(layout.shouldInvalidateLayout(forBoundsChange: wider), "\(type(of: layout)): a new width")
            let heightMatters = layout === compositional || layout === flow
            #expect(layout.shouldInvalidateLayout(forBoundsChange: taller) == heightMatters, "\(type(of: layout)): a new height")
        }
    }

    @Test func aCustomLayoutThatAsksForHeightChangesIsPreparedAgain() {
        final class HeightAware: CollectionViewLayout {
            var prepares = 0
            override func prepare() { prepares += 1 }
            override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
        }
        let layout = HeightAware()
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 20, height: 10), collectionViewLayout: layout)
        view.layoutIfNeeded()
        #expect(layout.prepares == 1)
        view.frame = CGRect(x: 0, y: 0, width: 20, height: 11)
        view.layoutIfNeeded()
        #expect(layout.prepares == 2)
        view.contentOffset.y = 0
        view.layoutIfNeeded()
        #expect(layout.prepares == 2, "asked only when the size changes")
    }

    // MARK: Bad badge sizes

    func badgedLayout(_ width: CollectionLayoutDimension, orthogonal: Bool) -> CollectionViewCompositionalLayout {
        let badge = CollectionLayoutSupplementaryItem(
            layoutSize: size(width, .absolute(1)), elementKind: "badge", containerAnchor: CollectionLayoutAnchor(edges: [.top, .trailing]))
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)), supplementaryItems: [badge])
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.absolute(10), .absolute(3)), subitems: [item])
        let section = CollectionLayoutSection(group: group)
        if orthogonal { section.orthogonalScrollingBehavior = .continuous }
        return CollectionViewCompositionalLayout(section: section)
    }

    @Test(arguments: [false, true])
    func anInfiniteBadgeSizeIsReportedAndItsItemsStillShow(_ orthogonal: Bool) {
        let (view, _, _) = makeCompositional(badgedLayout(.absolute(.infinity), orthogonal: orthogonal), counts: [6])
        var messages: [String] = []
        view.diagnosticHandler = { messages.append($0) }
        view.reloadData()
        view.layoutIfNeeded()
        #expect(
            messages == [
                "width .absolute(inf) of supplementary item \"badge\" in section 0 resolves to inf; it must be finite and 0 or more. Using 0."
            ])
        #expect(!view.visibleCells.isEmpty, "the items show")
        let badges = view.visibleSupplementaryViews(ofKind: "badge")
        #expect(!badges.isEmpty)
        for badge in badges {
            #expect(badge.frame.width == 0 && badge.frame.height == 1 && badge.frame.minX.isFinite && badge.frame.minY.isFinite)
        }
        let all = view.collectionViewLayout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 100, height: 40))
        #expect(all.allSatisfy { $0.frame.width.isFinite && $0.frame.height.isFinite && $0.frame.minX.isFinite })
        #expect(all.filter { $0.representedElementCategory == .cell }.count == (orthogonal ? 6 : 6))
    }

    @Test func aHugeFractionalBadgeSizeIsReportedOnce() {
        let (view, _, _) = makeCompositional(badgedLayout(.fractionalWidth(.greatestFiniteMagnitude), orthogonal: false), counts: [6])
        var messages: [String] = []
        view.diagnosticHandler = { messages.append($0) }
        view.reloadData()
        view.layoutIfNeeded()
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("width .fractionalWidth(1.7976931348623157e+308) of supplementary item \"badge\" in section 0") == true)
    }

    // MARK: Lists narrower than their insets

    @Test func anInsetGroupedListNarrowerThanItsInsetsKeepsOneRowPerGroup() {
        var messages: [String] = []
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 30, height: 200),
            collectionViewLayout: CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .insetGrouped)))
        view.diagnosticHandler = { messages.append($0) }
        let source = CompositionalSource([3])
        source.height = { _ in 1 }
        view.register(SizedCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = source
        view.layoutIfNeeded()
        let frames = (0..<3).map { view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(
            frames == [
                CGRect(x: 20, y: 20, width: 0, height: 1), CGRect(x: 20, y: 21, width: 0, height: 1), CGRect(x: 20, y: 22, width: 0, height: 1),
            ])
        #expect(messages.isEmpty)
    }

    @Test func aListMadeWithAZeroFrameHasOneRowPerGroup() {
        var messages: [String] = []
        let view = CollectionView(
            frame: .zero, collectionViewLayout: CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain)))
        view.diagnosticHandler = { messages.append($0) }
        let source = CompositionalSource([3])
        view.register(SizedCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = source
        view.layoutIfNeeded()
        #expect(view.contentSize.height == CGFloat(132), "three estimated rows of 44")
        #expect(messages.isEmpty)
        view.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        view.layoutIfNeeded()
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 0, y: 2, width: 20, height: 2))
    }

    @Test func zeroLengthSubitemsFitOncePerGroup() {
        let item = CollectionLayoutItem(layoutSize: size(.absolute(0), .absolute(2)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(2)), subitems: [item])
        let (view, _, _) = makeCompositional(CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)), counts: [3])
        var messages: [String] = []
        view.diagnosticHandler = { messages.append($0) }
        view.reloadData()
        view.layoutIfNeeded()
        #expect(view.contentSize.height == 6)
        #expect(messages.isEmpty)
    }
}
