import Foundation
import Testing

@testable import ReuseTable

/// A list of string items in string sections, shown by list cells whose registration fills
/// `defaultContentConfiguration()`, as an app does; it records the configuration each item got.
@MainActor
private final class AppearanceList {
    let list: CollectionView
    var dataSource: CollectionViewDiffableDataSource<String, String>!
    /// The default configuration each item's cell gave at its last dequeue (texts unset).
    var defaults: [String: ListContentConfiguration] = [:]
    var accessories: [CellAccessory] = []

    convenience init(_ configuration: CollectionLayoutListConfiguration, height: CGFloat = 10) {
        self.init(layout: CollectionViewCompositionalLayout.list(using: configuration), height: height)
    }

    init(layout: CollectionViewLayout, height: CGFloat = 10) {
        list = CollectionView(frame: CGRect(x: 0, y: 0, width: 60, height: height), collectionViewLayout: layout)
        let registration = CollectionView.CellRegistration<CollectionViewListCell, String> { [unowned self] cell, _, item in
            var content = cell.defaultContentConfiguration()
            defaults[item] = content
            content.text = item
            cell.contentConfiguration = content
            cell.accessories = accessories
        }
        dataSource = CollectionViewDiffableDataSource(collectionView: list) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
    }

    /// Sections "A" and "B" of three items each: "A0", "A1", "A2", "B0", "B1", "B2".
    func applyTwoSections() {
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["A", "B"])
        snapshot.appendItems(["A0", "A1", "A2"], toSection: "A")
        snapshot.appendItems(["B0", "B1", "B2"], toSection: "B")
        dataSource.apply(snapshot)
        list.layoutIfNeeded()
    }

    func cell(showing item: String) -> CollectionViewListCell? {
        dataSource.indexPath(for: item).flatMap { list.cellForItem(at: $0) as? CollectionViewListCell }
    }
}

@MainActor
@Suite struct ListCellAppearanceTests {
    typealias Appearance = CollectionLayoutListConfiguration.Appearance

    /// What a list of `appearance` gives a section's first item and its other items (`firstItemIsHeader`:
    /// its `headerMode` is `.firstItemInSection`).
    static func expectedDefaults(_ appearance: Appearance, firstItemIsHeader: Bool) -> (
        first: ListContentConfiguration, other: ListContentConfiguration
    ) {
        let sidebar = appearance == .sidebar || appearance == .sidebarPlain
        let cell: ListContentConfiguration = sidebar ? .sidebarCell() : .cell()
        guard firstItemIsHeader else { return (cell, cell) }
        return (sidebar ? .sidebarHeader() : .header(), cell)
    }

    @Test(arguments: [Appearance.plain, .grouped, .insetGrouped, .sidebar, .sidebarPlain])
    func theDefaultContentConfigurationFollowsTheListsAppearanceAndHeaderMode(_ appearance: Appearance) {
        for headerMode in [CollectionLayoutListConfiguration.HeaderMode.none, .supplementary, .firstItemInSection] {
            var configuration = CollectionLayoutListConfiguration(appearance: appearance)
            configuration.headerMode = headerMode
            let harness = AppearanceList(configuration, height: 200)
            if headerMode == .supplementary {
                harness.list.register(
                    CollectionReusableView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
                    withReuseIdentifier: "h")
                harness.dataSource.supplementaryViewProvider = { view, kind, indexPath in
                    view.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "h", for: indexPath)
                }
            }
            harness.applyTwoSections()
            let expected = Self.expectedDefaults(appearance, firstItemIsHeader: headerMode == .firstItemInSection)
            let context = "\(appearance), \(headerMode)"
            for item in ["A0", "B0"] { #expect(harness.defaults[item] == expected.first, "\(context): \(item)") }
            for item in ["A1", "A2", "B1", "B2"] { #expect(harness.defaults[item] == expected.other, "\(context): \(item)") }
            // The cell on screen answers the same when asked again (a configuration update handler does).
            #expect(harness.cell(showing: "B0")?.defaultContentConfiguration() == expected.first, "\(context): B0 on screen")
            #expect(harness.cell(showing: "B1")?.defaultContentConfiguration() == expected.other, "\(context): B1 on screen")
        }
    }

    @Test func aReusedCellTakesTheLookOfTheItemItShowsNow() throws {
        var configuration = CollectionLayoutListConfiguration(appearance: .sidebar)
        configuration.headerMode = .firstItemInSection
        let harness = AppearanceList(configuration, height: 3)
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["A", "B"])
        snapshot.appendItems((0..<20).map { "A\($0)" }, toSection: "A")
        snapshot.appendItems((0..<20).map { "B\($0)" }, toSection: "B")
        harness.dataSource.apply(snapshot)
        let list = harness.list
        // Scrolling one line at a time: the header cell of A goes to the pool and comes back for
        // other rows, and cells of rows come back for B's header.
        for y in 0..<90 {
            list.contentOffset.y = CGFloat(y)
            list.layoutIfNeeded()
            for cell in list.visibleCells {
                let indexPath = try #require(list.indexPath(for: cell))
                let expected: ListContentConfiguration = indexPath.item == 0 ? .sidebarHeader() : .sidebarCell()
                let listCell = try #require(cell as? CollectionViewListCell)
                #expect(listCell.defaultContentConfiguration() == expected, "offset \(y): \(indexPath)")
            }
        }
        #expect(harness.defaults["B0"] == .sidebarHeader())
        #expect(harness.defaults["B1"] == .sidebarCell())
    }

    @Test func aCellKeptOnScreenThroughAnUpdateLearnsItsNewPlace() throws {
        var configuration = CollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .firstItemInSection
        let harness = AppearanceList(configuration, height: 20)
        harness.applyTwoSections()
        let oldHeader = try #require(harness.cell(showing: "A0"))
        let oldRow = try #require(harness.cell(showing: "A1"))
        // Restyled from its default at every update, as an app's handler does.
        for cell in [oldHeader, oldRow] {
            cell.configurationUpdateHandler = { cell, state in
                var content = (cell as! CollectionViewListCell).defaultContentConfiguration().updated(for: state)
                content.text = (cell.contentConfiguration as? ListContentConfiguration)?.text
                cell.contentConfiguration = content
            }
        }
        harness.list.layoutIfNeeded()
        // A new first item: A0's cell now shows a row, and A1 is deleted so B… moves up; A0's cell stays on screen.
        var snapshot = harness.dataSource.snapshot()
        snapshot.insertItems(["New"], beforeItem: "A0")
        snapshot.deleteItems(["A1"])
        harness.dataSource.apply(snapshot)
        harness.list.layoutIfNeeded()
        #expect(harness.cell(showing: "A0") === oldHeader, "the cell stayed on screen")
        #expect(oldHeader.defaultContentConfiguration() == .cell())
        #expect(
            (oldHeader.contentConfiguration as? ListContentConfiguration)?.textProperties.font == ListContentConfiguration.cell().textProperties.font,
            "its handler restyled it as a row")
        #expect(harness.defaults["New"] == .header())
        // And back: A0 is the first item again.
        snapshot.deleteItems(["New"])
        harness.dataSource.apply(snapshot)
        harness.list.layoutIfNeeded()
        #expect(oldHeader.defaultContentConfiguration() == .header())
        #expect(
            (oldHeader.contentConfiguration as? ListContentConfiguration)?.textProperties.font
                == ListContentConfiguration.header().textProperties.font)
    }

    @Test func aListCellOutsideAListSectionIsAPlainCell() {
        let flow = FlowLayout()
        flow.itemSize = CGSize(width: 30, height: 1)
        let harness = AppearanceList(layout: flow)
        harness.applyTwoSections()
        #expect(harness.defaults["A0"] == .cell())
        #expect(harness.defaults["B1"] == .cell())
        #expect(CollectionViewListCell(reuseIdentifier: nil).defaultContentConfiguration() == .cell())
        // A compositional section that is not a list section.
        let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)))
        let group = CollectionLayoutGroup.vertical(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)), subitems: [item])
        let custom = AppearanceList(layout: CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)))
        custom.applyTwoSections()
        #expect(custom.defaults["A0"] == .cell())
    }

    /// The sidebar pattern: each section's first item is its header and the parent of the section's
    /// other items, with an automatic outline disclosure. Tapping the header collapses and expands
    /// the section and never selects it; a row with an automatic disclosure selects.
    @Test(arguments: [Appearance.sidebar, .plain])
    func anAutomaticDisclosureOnAHeaderItemTogglesTheSection(_ appearance: Appearance) throws {
        var configuration = CollectionLayoutListConfiguration(appearance: appearance)
        configuration.headerMode = .firstItemInSection
        let harness = AppearanceList(configuration, height: 60)
        harness.accessories = [.outlineDisclosure()]
        var sections = DiffableDataSourceSnapshot<String, String>()
        sections.appendSections(["A", "B"])
        harness.dataSource.apply(sections)
        for name in ["A", "B"] {
            var tree = DiffableDataSourceSectionSnapshot<String>()
            tree.append([name])
            tree.append(["\(name)1", "\(name)2"], to: name)
            tree.append(["\(name)2a"], to: "\(name)2")
            tree.expand([name])
            harness.dataSource.apply(tree, to: name)
        }
        let list = harness.list
        list.layoutIfNeeded()
        #expect(list.numberOfItems(inSection: 0) == 3)
        list.tapItem(at: IndexPath(item: 0, section: 0))
        #expect(list.numberOfItems(inSection: 0) == 1, "\(appearance): the header's tap collapses its section")
        #expect(list.indexPathsForSelectedItems == nil, "\(appearance): the header is not selected")
        #expect(!harness.dataSource.snapshot(for: "A").isExpanded("A"))
        list.tapItem(at: IndexPath(item: 0, section: 0))
        #expect(list.numberOfItems(inSection: 0) == 3, "\(appearance): and expands it again")
        // A row of the section with children: its automatic disclosure is the cell style, so a tap selects.
        list.tapItem(at: IndexPath(item: 2, section: 1))
        #expect(list.indexPathsForSelectedItems == [IndexPath(item: 2, section: 1)])
        #expect(list.numberOfItems(inSection: 1) == 3)
        // The header's disclosure sits at the trailing edge, a row's at the leading edge.
        let header = try #require(harness.cell(showing: "B")), row = try #require(harness.cell(showing: "B2"))
        #expect(try #require(header.accessoryLayout(width: 60).accessories[0]).x > 50)
        #expect(try #require(row.accessoryLayout(width: 60).accessories[0]).x < 5)
    }

    /// A custom content view on a header item: the cell still counts as its section's header.
    @Test func aHeaderItemWithCustomContentStillTogglesOnATap() {
        var configuration = CollectionLayoutListConfiguration(appearance: .sidebar)
        configuration.headerMode = .firstItemInSection
        let list = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 30, height: 30), collectionViewLayout: CollectionViewCompositionalLayout.list(using: configuration))
        let registration = CollectionView.CellRegistration<CollectionViewListCell, String> { cell, _, _ in
            cell.contentConfiguration = nil  // the app draws in contentView itself
            cell.accessories = [.outlineDisclosure()]
        }
        let dataSource = CollectionViewDiffableDataSource<String, String>(collectionView: list) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var sections = DiffableDataSourceSnapshot<String, String>()
        sections.appendSections(["A"])
        dataSource.apply(sections)
        var tree = DiffableDataSourceSectionSnapshot<String>()
        tree.append(["A"])
        tree.append(["A1", "A2"], to: "A")
        tree.expand(["A"])
        dataSource.apply(tree, to: "A")
        list.layoutIfNeeded()
        list.tapItem(at: IndexPath(item: 0, section: 0))
        #expect(list.numberOfItems(inSection: 0) == 1)
        #expect(list.indexPathsForSelectedItems == nil)
    }
}
