import Foundation
import Testing

@testable import ReuseTable

/// Handlers that do what apps do from them: read the view, mark another cell, apply a snapshot.
@MainActor
@Suite struct ConfigurationReentrancyTests {
    @Test func aHandlerThatReadsTheTableSeesItConsistent() {
        let source = ConfiguredRows(count: 30)
        weak var shown: TableView?
        var reads: [String] = []
        source.onUpdate = { cell, _ in
            // The table, as a handler may read it: counts, visible cells, the cell's row (nil while it arrives).
            guard let table = shown else { return }
            let path = table.indexPath(for: cell)
            reads.append("\(table.numberOfRows(inSection: 0)) \(table.visibleCells.count) \(path.map { "\($0.row)" } ?? "-")")
        }
        let table = source.table(height: 5)
        shown = table
        table.tapRow(at: IndexPath(row: 2, section: 0))
        #expect(reads == ["30 5 2"])
        reads = []
        // Rows 5…7 arrive: each is updated as the data source hands it over, before it is on the list;
        // the list then holds the rows that stayed and those that arrived before it (rows 0…2 left first).
        table.contentOffset.y = 3
        #expect(reads == ["30 2 -", "30 3 -", "30 4 -"])
        #expect(table.visibleCells.count == 5)
    }

    @Test func aHandlerThatMarksAnotherCellUpdatesItInTheSamePass() {
        let source = ConfiguredRows(count: 30)
        let table = source.table(height: 5)
        let neighbour = table.cellForRow(at: IndexPath(row: 3, section: 0))!
        source.onUpdate = { cell, state in
            if state.isSelected, cell !== neighbour { neighbour.setNeedsUpdateConfiguration() }
        }
        let before = source.log.entries.count
        table.tapRow(at: IndexPath(row: 1, section: 0))
        // Row 1 once (selected), then row 3 once, in the same pass's second round.
        #expect(source.log.entries.count == before + 2)
        #expect(source.log.entries.suffix(2).map(\.row) == [1, 3])
        #expect(!table.cellForRow(at: IndexPath(row: 3, section: 0))!.needsConfigurationUpdate)
    }

    @Test func handlersThatKeepMarkingEachOtherStopWithOneReport() {
        let source = ConfiguredRows(count: 30)
        let table = source.table(height: 5)
        var reports: [String] = []
        table.diagnosticHandler = { reports.append($0) }
        let a = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        let b = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        source.onUpdate = { cell, _ in (cell === a ? b : a).setNeedsUpdateConfiguration() }
        a.setNeedsUpdateConfiguration()
        table.layoutIfNeeded()
        #expect(reports.count == 1)
        #expect(reports.first?.contains("configuration updates kept asking for more updates after 16 rounds") == true)
        // What was left marked stays marked, off the list (no pass runs for it), until asked again.
        source.onUpdate = nil
        let left = [a, b].filter(\.needsConfigurationUpdate)
        #expect(left.count == 1)
        let before = source.log.entries.count
        table.layoutIfNeeded()
        #expect(source.log.entries.count == before)
        left[0].setNeedsUpdateConfiguration()
        table.layoutIfNeeded()
        #expect(source.log.entries.count == before + 1)
        #expect(!a.needsConfigurationUpdate && !b.needsConfigurationUpdate)
    }

    @Test func aHandlerThatAsksForItsOwnUpdateIsNotRunAgain() {
        let source = ConfiguredRows(count: 30)
        let table = source.table(height: 5)
        source.onUpdate = { cell, _ in cell.setNeedsUpdateConfiguration() }
        let before = source.log.entries.count
        table.tapRow(at: IndexPath(row: 1, section: 0))
        table.layoutIfNeeded()
        #expect(source.log.entries.count == before + 1)
    }

    @Test func aHandlerThatAppliesASnapshotRunsItAfterTheUpdate() {
        let collection = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 20, height: 6),
            collectionViewLayout: {
                let layout = FlowLayout()
                layout.itemSize = CGSize(width: 20, height: 1)
                return layout
            }())
        var dataSource: CollectionViewDiffableDataSource<Int, String>!
        var applied = false
        var seen: [String] = []
        let registration = CollectionView.CellRegistration<CollectionViewListCell, String> { cell, _, name in
            var content = cell.defaultContentConfiguration()
            content.text = name
            cell.contentConfiguration = content
            cell.configurationUpdateHandler = { _, state in
                seen.append(name)
                guard state.isSelected, !applied else { return }
                applied = true
                var snapshot = dataSource.snapshot()
                snapshot.insertItems(["new"], beforeItem: "b")
                dataSource.apply(snapshot)  // from the handler: queued, applied when the pass is done
            }
        }
        dataSource = CollectionViewDiffableDataSource(collectionView: collection) { view, indexPath, name in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "b", "c"])
        dataSource.apply(snapshot)
        collection.layoutIfNeeded()
        seen = []
        collection.tapItem(at: IndexPath(item: 0, section: 0))
        #expect(applied)
        #expect(dataSource.snapshot().itemIdentifiers == ["a", "new", "b", "c"])
        #expect(collection.visibleCells.count == 4)
        #expect(seen.first == "a")
        #expect(seen.contains("new"))
        let shown = collection.engine.cellsOnScreen.entries.map { ($0.cell.contentConfiguration as? ListContentConfiguration)?.text }
        #expect(shown == ["a", "new", "b", "c"])
    }
}

/// A configuration change that changes a self-sized row's height: the row is measured again and
/// moves through the anchor; widths change and come back.
@MainActor
@Suite struct ConfigurationSelfSizingTests {
    /// Rows of wrapping text whose selected state shows every line (one line otherwise).
    final class Paragraphs: TableViewDataSource, TableViewDelegate {
        let texts: [String]
        init(count: Int) {
            texts = (0..<count).map { index in
                (0...(index % 5)).map { "word\($0) of row \(index)" }.joined(separator: " ")
            }
        }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { texts.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "text", for: indexPath)
            let text = texts[indexPath.row]
            cell.configurationUpdateHandler = { cell, state in
                var content = cell.defaultContentConfiguration()
                content.text = text
                content.textProperties.numberOfLines = state.isSelected ? 0 : 1
                cell.contentConfiguration = content
            }
            return cell
        }
    }

    func table(_ source: Paragraphs, width: CGFloat = 24, cell: TableViewCell.Type = TableViewCell.self) -> TableView {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: width, height: 20))
        table.register(cell, forCellReuseIdentifier: "text")
        table.rowHeight = TableView.automaticDimension
        table.separatorStyle = .none
        table.dataSource = source
        table.delegate = source
        table.layoutIfNeeded()
        return table
    }

    /// What the text of row `row` fits in at `width` (margins of one column at each side).
    func expectedHeight(_ source: Paragraphs, row: Int, width: CGFloat, selected: Bool) -> CGFloat {
        let lines = Label.wrap(source.texts[row], columns: Int(width) - 2, numberOfLines: selected ? 0 : 1).count
        return CGFloat(lines)
    }

    @Test func aConfigurationChangeThatGrowsARowMovesOnlyTheRowsBelowIt() {
        let source = Paragraphs(count: 40)
        let table = table(source)
        table.contentOffset.y = 3
        let rects = (0..<20).map { table.rectForRow(at: IndexPath(row: $0, section: 0)) }
        let screen = { (row: Int) in table.rectForRow(at: IndexPath(row: row, section: 0)).minY - table.contentOffset.y }
        let screenBefore = (0..<20).map { rects[$0].minY - table.contentOffset.y }
        table.tapRow(at: IndexPath(row: 9, section: 0))  // row 9 has five phrases: it grows to several lines
        let grown = expectedHeight(source, row: 9, width: 24, selected: true)
        #expect(grown > 1)
        #expect(table.rectForRow(at: IndexPath(row: 9, section: 0)).height == grown)
        for row in 3..<9 { #expect(screen(row) == screenBefore[row], "row \(row) moved on screen") }
        for row in 10..<20 { #expect(screen(row) == screenBefore[row] + grown - 1, "row \(row) did not move by the growth") }
        // The cell on screen shows all its lines.
        let cell = table.cellForRow(at: IndexPath(row: 9, section: 0))!
        #expect(cell.frame.height == grown)
        #expect((cell.contentConfiguration as? ListContentConfiguration)?.textProperties.numberOfLines == 0)
    }

    @Test func aRowSelectedOffScreenIsMeasuredAgainWhenItArrives() {
        let source = Paragraphs(count: 40)
        let table = table(source)
        table.contentOffset.y = 30
        table.selectRow(at: IndexPath(row: 4, section: 0), animated: false, scrollPosition: .none)
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: IndexPath(row: 4, section: 0)).height == 1)  // off screen: not updated, not measured
        // Scrolled back so row 3 is at the top: row 4 arrives selected and takes its new height; row 3 does not move.
        table.contentOffset.y = table.rectForRow(at: IndexPath(row: 3, section: 0)).minY
        let grown = expectedHeight(source, row: 4, width: 24, selected: true)
        #expect(grown > 1)
        #expect(table.rectForRow(at: IndexPath(row: 4, section: 0)).height == grown)
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)).minY == table.contentOffset.y)
        #expect(table.cellForRow(at: IndexPath(row: 4, section: 0))?.frame.height == grown)
        #expect(table.cellForRow(at: IndexPath(row: 5, section: 0))?.frame.minY == table.rectForRow(at: IndexPath(row: 4, section: 0)).maxY)
    }

    /// A cell whose contentView holds a `ListContentView` pinned by constraints: fitted by Auto Layout.
    final class ConstrainedCell: TableViewCell {
        let list = ListContentView(configuration: .cell())
        required init(reuseIdentifier: String?) {
            super.init(reuseIdentifier: reuseIdentifier)
            list.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(list)
            LayoutConstraint.activate([
                list.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
                list.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
                list.topAnchor.constraint(equalTo: contentView.topAnchor),
                list.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            ])
        }
        override func updateConfiguration(using state: CellConfigurationState) {
            var configuration = list.configuration as! ListContentConfiguration
            configuration.textProperties.numberOfLines = state.isSelected ? 0 : 1
            list.configuration = configuration
        }
    }

    /// The same rows through a constrained `ListContentView` (Auto Layout) as through a configuration.
    final class ConstrainedParagraphs: TableViewDataSource {
        let texts: [String]
        init(_ texts: [String]) { self.texts = texts }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { texts.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "text", for: indexPath) as! ConstrainedCell
            var configuration = ListContentConfiguration.cell()
            configuration.text = texts[indexPath.row]
            configuration.textProperties.numberOfLines = cell.isSelected ? 0 : 1
            cell.list.configuration = configuration
            return cell
        }
    }

    @Test(arguments: [false, true])
    func widthRoundTripsKeepSelfSizedHeights(autoLayout: Bool) {
        let source = Paragraphs(count: 30)
        let constrained = ConstrainedParagraphs(source.texts)
        let table = autoLayout ? table(source, cell: ConstrainedCell.self) : table(source)
        if autoLayout {
            table.dataSource = constrained
            table.reloadData()
        }
        table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        table.layoutIfNeeded()
        for width: CGFloat in [24, 13, 40, 24] {
            table.frame.size.width = width
            table.layoutIfNeeded()
            for row in 0..<table.numberOfRows(inSection: 0) {
                let rect = table.rectForRow(at: IndexPath(row: row, section: 0))
                guard rect.minY < table.contentOffset.y + table.bounds.height else { break }
                let expected = expectedHeight(source, row: row, width: width, selected: row == 2)
                #expect(rect.height == expected, "width \(width), row \(row), Auto Layout \(autoLayout)")
            }
        }
    }

    @Test func aConstrainedListContentViewFitsAsItsFrameLayout() {
        let texts = ["short", "a longer text that wraps at narrow widths", "", "two\nparagraphs here"]
        for text in texts {
            for secondary in [nil, "secondary words", "x"] as [String?] {
                for sideBySide in [false, true] {
                    var configuration = ListContentConfiguration.cell()
                    configuration.text = text
                    configuration.secondaryText = secondary
                    configuration.prefersSideBySideTextAndSecondaryText = sideBySide
                    let cell = ConstrainedCell(reuseIdentifier: nil)
                    cell.list.configuration = configuration
                    let frameView = ListContentView(configuration: configuration)
                    for width: CGFloat in [6, 11, 20, 64] {
                        let fitted = cell.contentView.templateFittingHeight(width: width, diagnostics: nil)
                        let framed = frameView.sizeThatFits(CGSize(width: width, height: 0)).height
                        #expect(fitted == framed, "\(text) / \(String(describing: secondary)) side by side \(sideBySide) at \(width)")
                    }
                }
            }
        }
    }

    /// Items sized through a template list cell filled with a list configuration, as a flow layout's
    /// delegate does it; the items on screen show the same configuration.
    final class Captions: CollectionViewDataSource, FlowLayoutDelegate {
        let texts: [String]
        init(_ texts: [String]) { self.texts = texts }
        func configure(_ cell: CollectionViewCell, _ item: Int) {
            var content = ListContentConfiguration.subtitleCell()
            content.text = texts[item]
            content.secondaryText = "#\(item)"
            cell.contentConfiguration = content
        }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "caption", for: indexPath)
            configure(cell, indexPath.item)
            return cell
        }
        func collectionView(_ collectionView: CollectionView, layout: FlowLayout, heightForItemAt indexPath: IndexPath, itemWidth: CGFloat)
            -> CGFloat
        {
            collectionView.heightForCell(withReuseIdentifier: "caption", cacheBy: indexPath) { configure($0, indexPath.item) }
        }
    }

    @Test func configuredItemsSelfSizeThroughTemplatesAcrossWidths() {
        let captions = Captions(Paragraphs(count: 12).texts)
        let layout = FlowLayout()
        layout.delegate = captions
        let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 24, height: 40), collectionViewLayout: layout)
        collection.register(CollectionViewListCell.self, forCellWithReuseIdentifier: "caption")
        collection.dataSource = captions
        for width: CGFloat in [24, 13, 40, 24] {
            collection.frame.size.width = width
            collection.layoutIfNeeded()
            for entry in collection.engine.cellsOnScreen.entries {
                let lines = Label.wrap(captions.texts[entry.row], columns: Int(width) - 2).count + 1  // the text, then "#n"
                #expect(entry.cell.frame.height == CGFloat(lines), "width \(width), item \(entry.row)")
                #expect(entry.cell.sizeThatFits(CGSize(width: width, height: 0)).height == entry.cell.frame.height)
            }
        }
    }
}
