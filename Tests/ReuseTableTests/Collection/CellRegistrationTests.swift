import Foundation
import TestSupport
import Testing

@testable import ReuseTable

/// Registrations: one hidden identifier each, the handler once per dequeue, many item types side by
/// side, and UIKit's complaint about a registration made inside the cell provider.
@MainActor
@Suite struct CellRegistrationTests {
    enum Row: Hashable, Sendable {
        case title(String)
        case count(Int)
        case flag(Bool)
    }

    final class CountCell: CollectionViewListCell {}
    final class FlagCell: CollectionViewCell {}

    /// Three registrations for three kinds of item, in one diffable list.
    @MainActor
    final class Mixed {
        var handled: [String] = []
        var titles: CollectionView.CellRegistration<CollectionViewListCell, String>!
        var counts: CollectionView.CellRegistration<CountCell, Int>!
        var flags: CollectionView.CellRegistration<FlagCell, Bool>!
        var dataSource: CollectionViewDiffableDataSource<Int, Row>!

        init(_ collection: CollectionView) {
            titles = .init { [unowned self] cell, _, title in
                handled.append("title \(title)")
                var content = cell.defaultContentConfiguration()
                content.text = title
                cell.contentConfiguration = content
            }
            counts = .init { [unowned self] cell, _, count in
                handled.append("count \(count)")
                cell.accessories = [.label(text: "\(count)")]
            }
            flags = .init { [unowned self] cell, _, flag in handled.append("flag \(flag)") }
            dataSource = CollectionViewDiffableDataSource(collectionView: collection) { [unowned self] view, indexPath, row in
                switch row {
                case .title(let title): view.dequeueConfiguredReusableCell(using: titles, for: indexPath, item: title)
                case .count(let count): view.dequeueConfiguredReusableCell(using: counts, for: indexPath, item: count)
                case .flag(let flag): view.dequeueConfiguredReusableCell(using: flags, for: indexPath, item: flag)
                }
            }
        }
    }

    func collection(height: CGFloat = 6) -> CollectionView {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 20, height: 1)
        return CollectionView(frame: CGRect(x: 0, y: 0, width: 20, height: height), collectionViewLayout: layout)
    }

    @Test func registrationsReusedAcrossManyItemTypesNeverMixTheirCells() {
        let view = collection()
        let mixed = Mixed(view)
        var rng = SplitMix64(seed: 3)
        let rows: [Row] = (0..<300).map { index in
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: .title("t\(index)")
            case 1: .count(index)
            default: .flag(index % 2 == 0)
            }
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Row>()
        snapshot.appendSections([0])
        var seenRows = Set<Row>()
        snapshot.appendItems(rows.filter { seenRows.insert($0).inserted })
        mixed.dataSource.apply(snapshot)
        view.layoutIfNeeded()
        var dequeues = 0
        for y in stride(from: 0, through: 280, by: 3) {
            mixed.handled = []
            let before = view.counters.cellForItemCalls
            view.contentOffset.y = CGFloat(y)
            dequeues += view.counters.cellForItemCalls - before
            // The handler ran once for every cell the data source was asked for.
            #expect(mixed.handled.count == view.counters.cellForItemCalls - before)
            for entry in view.engine.cellsOnScreen.entries {
                let row = mixed.dataSource.itemIdentifier(for: entry.indexPath)!
                switch row {
                case .title(let title):
                    #expect(type(of: entry.cell) == CollectionViewListCell.self)
                    #expect((entry.cell.contentConfiguration as? ListContentConfiguration)?.text == title)
                case .count(let count):
                    #expect(entry.cell is CountCell)
                    #expect((entry.cell as! CountCell).accessories.first?.text == "\(count)")
                case .flag:
                    #expect(entry.cell is FlagCell)
                }
            }
        }
        #expect(dequeues > 100)
        // One identifier per registration, each registered once; cells are reused within each.
        let identifiers = view.engine.registeredClasses.keys.filter { $0.hasPrefix("CellRegistration<") }
        #expect(identifiers.count == 3)
        #expect(Set(identifiers) == [mixed.titles.reuseIdentifier, mixed.counts.reuseIdentifier, mixed.flags.reuseIdentifier])
        #expect(view.counters.cellsCreated <= 3 * (6 + 2))
    }

    @Test func twoRegistrationsOfOneClassAreTwoIdentifiers() {
        let a = CollectionView.CellRegistration<CollectionViewListCell, Int> { _, _, _ in }
        let b = CollectionView.CellRegistration<CollectionViewListCell, Int> { _, _, _ in }
        #expect(a.reuseIdentifier != b.reuseIdentifier)
        #expect(a.reuseIdentifier.hasPrefix("CellRegistration<CollectionViewListCell>"))
    }

    /// Items of one type, through a registration the test makes where it likes.
    final class Plain: CollectionViewDataSource {
        var makeRegistrationInside = false
        var handled = 0
        var item: Int?
        /// Made with the data source, before the provider is first called (a lazy one made there would be "inside").
        var outside: CollectionView.CellRegistration<CollectionViewListCell, Int>!
        init() { outside = .init { [unowned self] _, _, _ in handled += 1 } }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let registration: CollectionView.CellRegistration<CollectionViewListCell, Int> =
                makeRegistrationInside ? .init { [unowned self] _, _, _ in handled += 1 } : outside
            if makeRegistrationInside {
                do throws(ReuseTableError) {
                    try collectionView.validateCellRegistration(createdAt: registration.createdAt)
                    Issue.record("a registration made inside the cell provider was accepted")
                } catch {
                    #expect(error.message.hasPrefix("Attempted to dequeue a cell using a registration that was created inside"))
                    return collectionView.dequeueConfiguredReusableCell(using: outside, for: indexPath, item: item)
                }
            }
            return collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
    }

    @Test func aRegistrationMadeBeforeTheProviderIsAcceptedOneMadeInsideIsNot() {
        let view = collection()
        let source = Plain()
        source.item = 7
        view.dataSource = source
        view.layoutIfNeeded()
        #expect(source.handled == 3)
        // Made inside: the check fails (the provider falls back to the registration made outside).
        source.makeRegistrationInside = true
        view.reloadData()
        view.layoutIfNeeded()
        #expect(source.handled == 6)
        // Outside the provider nothing is checked.
        let late = CollectionView.CellRegistration<CollectionViewListCell, Int> { _, _, _ in }
        #expect(throws: Never.self) { try view.validateCellRegistration(createdAt: late.createdAt) }
    }

    @Test func aNilItemDequeuesWithoutRunningTheHandler() {
        let view = collection()
        let source = Plain()
        view.dataSource = source
        view.layoutIfNeeded()
        #expect(view.visibleCells.count == 3)
        #expect(source.handled == 0)
    }

    @Test func aSupplementaryRegistrationMakesListHeadersOncePerDequeue() {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 20, height: 1)
        layout.headerReferenceSize = CGSize(width: 0, height: 1)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 20, height: 12), collectionViewLayout: layout)
        var headers: [IndexPath] = []
        let header = CollectionView.SupplementaryRegistration<CollectionViewListCell>(elementKind: CollectionView.elementKindSectionHeader) {
            cell, kind, indexPath in
            #expect(kind == CollectionView.elementKindSectionHeader)
            headers.append(indexPath)
            var content = ListContentConfiguration.header()
            content.text = "Section \(indexPath.section)"
            cell.contentConfiguration = content
        }
        let cells = CollectionView.CellRegistration<CollectionViewListCell, String> { cell, _, name in
            var content = cell.defaultContentConfiguration()
            content.text = name
            cell.contentConfiguration = content
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: view) { view, indexPath, name in
            view.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: name)
        }
        dataSource.supplementaryViewProvider = { view, _, indexPath in
            view.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(["a", "b"], toSection: 0)
        snapshot.appendItems(["c"], toSection: 1)
        dataSource.apply(snapshot)
        view.layoutIfNeeded()
        #expect(headers == [IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1)])
        let shown = view.subviews.compactMap { $0 as? CollectionViewListCell }
            .compactMap { ($0.contentConfiguration as? ListContentConfiguration)?.text }
        #expect(Set(shown) == ["Section 0", "Section 1", "a", "b", "c"])
    }
}

/// List cells: accessories placed by the system, shown by the editing mode, indentation.
@MainActor
@Suite struct CollectionViewListCellTests {
    func cell(_ accessories: [CellAccessory], text: String = "Inbox", width: CGFloat = 20) -> CollectionViewListCell {
        let cell = CollectionViewListCell(reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = text
        cell.contentConfiguration = content
        cell.accessories = accessories
        cell.frame = CGRect(x: 0, y: 0, width: width, height: 1)
        cell.layoutIfNeeded()
        return cell
    }

    func shown(_ cell: CollectionViewListCell) -> [String] {
        cell.accessoryLabels.filter { !$0.isHidden }.sorted { $0.frame.minX < $1.frame.minX }.map { "\($0.text)@\(Int($0.frame.minX))" }
    }

    @Test func systemAccessoriesTakeTheirPlacesWhateverTheOrder() {
        let a = cell([.disclosureIndicator(), .checkmark(), .label(text: "12")])
        let b = cell([.label(text: "12"), .disclosureIndicator(), .checkmark()])
        // From the trailing edge inward: one column, the chevron, one column, the checkmark, …
        #expect(shown(a) == ["12@13", "✓@16", "›@18"])
        #expect(shown(b) == shown(a))
        #expect(a.contentView.frame == CGRect(x: 0, y: 0, width: 13, height: 1))
    }

    @Test func editingControlsShowWhileEditingAsUIKitsDefaultsSay() {
        let list = cell([.delete(), .reorder(), .disclosureIndicator(displayed: .whenNotEditing), .multiselect(), .detail()])
        #expect(shown(list) == ["ⓘ@16", "›@18"])
        #expect(list.contentView.frame.minX == 0)
        list.cellFlags.isEditing = true
        list.layoutIfNeeded()
        #expect(shown(list) == ["⊖@1", "○@3", "ⓘ@16", "≡@18"])
        #expect(list.contentView.frame == CGRect(x: 4, y: 0, width: 12, height: 1))
        list.isSelected = true
        list.updateConfigurationIfNeeded()  // as the collection view showing it does before its next pass
        list.layoutIfNeeded()
        #expect(shown(list).contains("●@3"))
    }

    @Test func indentationMovesTheContentAndTheLeadingAccessories() {
        let outline = cell([.outlineDisclosure()])
        outline.indentationLevel = 2
        outline.layoutIfNeeded()
        #expect(shown(outline) == ["▸@5"])  // indentation 4, one column, then the triangle
        #expect(outline.contentView.frame.minX == 6)
        outline.indentsAccessories = false
        outline.layoutIfNeeded()
        #expect(shown(outline) == ["▸@1"])
        #expect(outline.contentView.frame.minX == 6)
        outline.cellFlags.isExpanded = true
        outline.layoutIfNeeded()
        #expect(shown(outline) == ["▾@1"])
        // In a header configuration the triangle goes to the trailing edge.
        let header = cell([.outlineDisclosure()])
        header.contentConfiguration = ListContentConfiguration.header()
        header.layoutIfNeeded()
        #expect(shown(header) == ["▸@18"])
    }

    @Test func theCellSelfSizesInTheWidthTheAccessoriesLeave() {
        let list = cell([.label(text: "99+"), .disclosureIndicator()], text: "a message long enough to wrap")
        // 20 − (1 + 3) − (1 + 1) = 14 columns for the content: 12 inside its margins.
        #expect(list.sizeThatFits(CGSize(width: 20, height: 0)).height == CGFloat(Label.wrap("a message long enough to wrap", columns: 12).count))
        let empty = cell([.checkmark()], text: "")
        #expect(empty.sizeThatFits(CGSize(width: 20, height: 0)).height == 1)  // an accessory shows: one line
    }

    @Test func accessoryActionsRunFromTheHeadlessTap() {
        var taps: [String] = []
        let list = cell([.detail { taps.append("detail") }, .delete { taps.append("delete") }])
        #expect(list.tapAccessory(at: 0))
        #expect(!list.tapAccessory(at: 1))  // delete shows only while editing
        list.cellFlags.isEditing = true
        #expect(list.tapAccessory(at: 1))
        #expect(taps == ["detail", "delete"])
    }

    @Test func aSecondAccessoryOfOneKindIsNamed() {
        #expect(
            throws: ReuseTableError(
                "CollectionViewListCell.accessories: more than one checkmark accessory (3 accessories given); a cell holds each system accessory once, as in UIKit."
            )
        ) {
            try CollectionViewListCell.validateAccessories([.checkmark(), .disclosureIndicator(), .checkmark(displayed: .whenEditing)])
        }
        #expect(throws: Never.self) { try CollectionViewListCell.validateAccessories([.checkmark(), .delete(), .reorder()]) }
    }

    @Test func aListCellsSelectionShowsInItsBackground() {
        let list = cell([])
        #expect(list.backgroundConfiguration == .listPlainCell())
        list.isSelected = true
        list.updateConfigurationIfNeeded()
        #expect(list.backgroundConfiguration?.backgroundColor == .systemGray4)
        list.isSelected = false
        list.updateConfigurationIfNeeded()
        #expect(list.backgroundConfiguration?.backgroundColor == .systemBackground)
    }
}

/// A table's header view with a content configuration: self-sized, updated when laid out.
@MainActor
@Suite struct HeaderFooterConfigurationTests {
    final class Sections: TableViewDataSource, TableViewDelegate {
        var updates = 0
        func numberOfSections(in tableView: TableView) -> Int { 3 }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        }
        func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
            let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")!
            var content = header.defaultContentConfiguration()
            content.text = "Section \(section) with a title that wraps"
            header.contentConfiguration = content
            header.configurationUpdateHandler = { [unowned self] _, state in
                updates += 1
                #expect(state == ViewConfigurationState())
            }
            return header
        }
    }

    @Test func aConfiguredHeaderSelfSizesAndIsUpdated() {
        let source = Sections()
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 16, height: 30))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.register(TableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "header")
        table.rowHeight = 1
        table.sectionFooterHeight = 0
        table.dataSource = source
        table.delegate = source
        table.layoutIfNeeded()
        let lines = CGFloat(Label.wrap("Section 0 with a title that wraps", columns: 14).count)
        #expect(table.rectForHeader(inSection: 0).height == lines)
        #expect(source.updates >= 3)
        let header = table.headerView(forSection: 1) as! TableViewHeaderFooterView
        let before = source.updates
        header.setNeedsUpdateConfiguration()
        table.layoutIfNeeded()
        #expect(source.updates == before + 1)
        #expect((header.contentView.subviews.first as? ListContentView)?.textLabel.text == "Section 1 with a title that wraps")
    }
}
