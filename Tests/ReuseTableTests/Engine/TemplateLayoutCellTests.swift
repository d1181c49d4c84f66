import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable

/// A header/footer whose height is its label's wrapped text plus 10 points of padding.
final class LabelHeaderView: TableViewHeaderFooterView {
    let label = Label()
    var prepareCount = 0

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        label.characterWidth = LabelFeed.characterWidth
        label.lineHeight = LabelFeed.lineHeight
        contentView.addSubview(label)
    }

    override func prepareForReuse() {
        prepareCount += 1
        label.text = ""
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: label.sizeThatFits(CGSize(width: size.width, height: 0)).height + 10)
    }

    static func expectedHeight(_ text: String, width: CGFloat) -> CGFloat {
        CGFloat(Label.wrap(text, columns: Int(width / LabelFeed.characterWidth)).count) * LabelFeed.lineHeight + 10
    }
}

/// Rows whose cells answer a given `sizeThatFits` height (NaN, infinity, negative…),
/// sized either by self-sizing or through a template cell cached by index path.
@MainActor
final class ForcedHeightFeed: TableViewDataSource, TableViewDelegate {
    var heights: [CGFloat]
    let throughTemplate: Bool
    init(_ heights: [CGFloat], throughTemplate: Bool) {
        self.heights = heights
        self.throughTemplate = throughTemplate
    }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { heights.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: LabelFeed.identifier, for: indexPath) as! LabelCell
        cell.forcedHeight = heights[indexPath.row]
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        guard throughTemplate else {
            tableView.noteDefault(.rowHeight, of: self)
            return tableView.rowHeight
        }
        return tableView.heightForCell(withIdentifier: LabelFeed.identifier, cacheBy: indexPath) { cell in
            (cell as! LabelCell).forcedHeight = self.heights[indexPath.row]
        }
    }
}

/// Section headers sized by `heightForHeaderFooterView`, keyed or not, or self-sized from the header view.
@MainActor
final class HeaderFeed: TableViewDataSource, TableViewDelegate {
    enum Sizing { case keyed, uncached, automaticDimension }
    var titles: [String]
    let sizing: Sizing
    var configurationCalls = 0
    init(_ titles: [String], sizing: Sizing) {
        self.titles = titles
        self.sizing = sizing
    }
    func numberOfSections(in tableView: TableView) -> Int { titles.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: LabelFeed.identifier, for: indexPath)
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 30 }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
        let configuration: (TableViewHeaderFooterView) -> Void = { view in
            self.configurationCalls += 1
            (view as! LabelHeaderView).label.text = self.titles[section]
        }
        switch sizing {
        case .keyed:
            return tableView.heightForHeaderFooterView(
                withIdentifier: "header", cacheByKey: "header \(titles[section])",
                configuration: configuration)
        case .uncached:
            return tableView.heightForHeaderFooterView(withIdentifier: "header", configuration: configuration)
        case .automaticDimension:
            return TableView.automaticDimension
        }
    }
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat { 0 }
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
        let view = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header") as! LabelHeaderView
        view.label.text = titles[section]
        return view
    }
}

@MainActor
@Suite struct TemplateLayoutCellTests {
    let longText = Array(repeating: "word", count: 30).joined(separator: " ")  // 149 characters

    /// A table with no rows, so only the test itself uses the template cells.
    func table(_ feed: LabelFeed = LabelFeed(sections: [[]]), width: CGFloat = 320) -> TableView {
        makeLabelTable(feed, width: width)
    }

    // MARK: Template cells

    @Test func oneTemplateCellPerIdentifierNeverInTheViewTree() {
        let feed = LabelFeed(sections: [Array(0..<30)])
        let table = table(feed)
        defer { withExtendedLifetime(feed) {} }
        table.register(LabelCell.self, forCellReuseIdentifier: "other")
        var seen: [ObjectIdentifier] = []
        for identifier in [LabelFeed.identifier, "other", LabelFeed.identifier, "other", LabelFeed.identifier] {
            _ = table.heightForCell(withIdentifier: identifier) { cell in
                seen.append(ObjectIdentifier(cell))
                #expect(cell.isTemplateLayoutCell)
                #expect(cell.superview == nil)
                #expect(cell.reuseIdentifier == identifier)
                #expect(cell is LabelCell, "made from the registered class")
            }
        }
        #expect(Set(seen).count == 2, "one template per identifier, the same object every time")
        #expect(seen[0] == seen[2] && seen[2] == seen[4] && seen[1] == seen[3] && seen[0] != seen[1])
        let template = table.engine.templateCells[LabelFeed.identifier]!
        // Scrolling, reloading and updating never show, pool or recycle the template.
        table.contentOffset.y = 40
        table.reloadData()
        table.frame.size.width = 200
        table.layoutIfNeeded()
        #expect(template.superview == nil)
        #expect(!table.visibleCells.contains { $0 === template })
        #expect(!table.subviews.contains { $0 === template })
        #expect(table.visibleCells.allSatisfy { !$0.isTemplateLayoutCell })
        #expect(
            table.cellsCreatedByIdentifier[LabelFeed.identifier] == table.counters.cellsCreated,
            "the template is not a dequeued cell")
    }

    @Test func prepareForReuseRunsBeforeEveryMeasurement() {
        let table = table()
        var prepares: [Int] = []
        for text in [longText, "", "short"] {
            let height = table.heightForCell(withIdentifier: LabelFeed.identifier) { cell in
                let cell = cell as! LabelCell
                prepares.append(cell.prepareCount)
                #expect(cell.label.text.isEmpty && cell.accessoryType == .none, "prepared: no leftover content")
                cell.label.text = text
                if text == self.longText { cell.accessoryType = .detailButton }
            }
            let lines = Label.wrap(text, columns: text == longText ? 34 : 40).count
            let expected: CGFloat = (lines == 0 ? 44 : CGFloat(lines) * 20) + 0.5
            #expect(height == expected)
        }
        #expect(prepares == [1, 2, 3])
    }

    @Test func unregisteredIdentifierMessageNamesIt() {
        let table = table()
        let error = #expect(throws: ReuseTableError.self) { try table.validateTemplateIdentifier("FeedCell") }
        #expect(error?.message.contains("identifier \"FeedCell\"") == true)
        #expect(error?.message.contains("register(_:forCellReuseIdentifier:)") == true)
        #expect(error?.message.contains("registered: \"label\"") == true)
        #expect(throws: Never.self) { try table.validateTemplateIdentifier(LabelFeed.identifier) }

        let headerError = #expect(throws: ReuseTableError.self) { try table.validateTemplateHeaderFooterIdentifier("Banner") }
        #expect(headerError?.message.contains("identifier \"Banner\"") == true)
        #expect(headerError?.message.contains("register(_:forHeaderFooterViewReuseIdentifier:)") == true)
    }

    // MARK: Fitting

    @Test(arguments: [TableViewCell.AccessoryType.none, .disclosureIndicator, .detailDisclosureButton, .checkmark, .detailButton])
    func accessoryTypeNarrowsTheContentWidth(accessory: TableViewCell.AccessoryType) {
        let table = table()
        _ = table.heightForCell(withIdentifier: LabelFeed.identifier) { $0.accessoryType = accessory }
        let template = table.engine.templateCells[LabelFeed.identifier] as! LabelCell
        #expect(template.fittedWidths == [320 - LabelFeed.accessoryWidth(accessory)])

        // The same rule for the cells the data source dequeues (automaticDimension).
        let feed = LabelFeed(sections: [[0]], sizing: .automaticDimension)
        final class Accessorized: TableViewCell {
            var widths: [CGFloat] = []
            override func sizeThatFits(_ size: CGSize) -> CGSize { widths.append(size.width); return CGSize(width: size.width, height: 10) }
        }
        let selfSizing = TableView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        selfSizing.register(Accessorized.self, forCellReuseIdentifier: LabelFeed.identifier)
        selfSizing.rowHeight = TableView.automaticDimension
        final class Source: TableViewDataSource {
            let accessory: TableViewCell.AccessoryType
            var cell: Accessorized?
            init(_ accessory: TableViewCell.AccessoryType) { self.accessory = accessory }
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: LabelFeed.identifier, for: indexPath) as! Accessorized
                cell.accessoryType = accessory
                self.cell = cell
                return cell
            }
        }
        let source = Source(accessory)
        selfSizing.dataSource = source
        selfSizing.reloadData()
        #expect(source.cell?.widths.first == 300 - LabelFeed.accessoryWidth(accessory))
        #expect(selfSizing.rectForRow(at: .r(0)).height == 10.5)
        _ = feed
    }

    @Test func accessoryViewTakesItsWidthPlus16AndWinsOverTheType() {
        let table = table()
        let height = table.heightForCell(withIdentifier: LabelFeed.identifier) { cell in
            cell.accessoryType = .detailDisclosureButton  // ignored: the view wins
            cell.accessoryView = View(frame: CGRect(x: 0, y: 0, width: 50, height: 20))
            (cell as! LabelCell).label.text = self.longText
        }
        let template = table.engine.templateCells[LabelFeed.identifier] as! LabelCell
        #expect(template.fittedWidths == [320 - 66])
        #expect(height == CGFloat(Label.wrap(longText, columns: Int(254 / 8)).count) * 20 + 0.5)
        _ = table.heightForCell(withIdentifier: LabelFeed.identifier) { _ in }
        #expect(template.fittedWidths.last == 320, "prepareForReuse removed the accessory view")
    }

    @Test func zeroFallsBackTo44AndTheSeparatorAddsOnePixel() {
        let table = table()
        #expect(table.heightForCell(withIdentifier: LabelFeed.identifier) { _ in } == 44.5)
        #expect(table.heightForCell(withIdentifier: LabelFeed.identifier) { ($0 as! LabelCell).label.text = "one" } == 20.5)
        table.screenScale = 3
        #expect(table.heightForCell(withIdentifier: LabelFeed.identifier) { ($0 as! LabelCell).label.text = "one" } == 20 + 1.0 / 3)
        table.separatorStyle = .none
        #expect(table.heightForCell(withIdentifier: LabelFeed.identifier) { ($0 as! LabelCell).label.text = "one" } == 20)
        #expect(table.heightForCell(withIdentifier: LabelFeed.identifier) { _ in } == 44)

        // The same for self-sized rows: row 0 fits 0 → 44, row 1 fits 20, separator per table setting.
        for (style, separator) in [(TableView.SeparatorStyle.singleLine, 0.5), (.none, 0)] {
            let feed = LabelFeed(sections: [[3, 2, 10]], sizing: .automaticDimension)  // id 3 and 10: empty text
            let selfSized = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
            selfSized.register(LabelCell.self, forCellReuseIdentifier: LabelFeed.identifier)
            selfSized.rowHeight = TableView.automaticDimension
            selfSized.separatorStyle = style
            selfSized.dataSource = feed
            selfSized.delegate = feed
            selfSized.reloadData()
            #expect(Double(selfSized.rectForRow(at: .r(0)).height) == 44 + separator)
            for row in 0..<3 {
                #expect(
                    Double(selfSized.rectForRow(at: .r(row)).height)
                        == feed.expectedHeight(id: feed.sections[0][row], tableWidth: 320, separator: separator))
            }
        }
    }

    /// rowHeight = automaticDimension: heights come from the cell the data source dequeues
    /// and configures, through the same index-path cache (no template cell involved).
    @Test func automaticDimensionSizesTheDataSourcesCells() {
        let feed = LabelFeed(sections: [Array(0..<12), Array(12..<20)], sizing: .automaticDimension)
        let table = makeLabelTable(feed)
        expectHeightsExact(table, feed)
        #expect(table.engine.templateCells.isEmpty && feed.configurationCalls == 0)
        #expect(table.indexPathHeightCache.cachedCount == 20)
        #expect(
            table.counters.cellForRowCalls == 20 + table.indexPathsForVisibleRows!.count,
            "one dequeue per row to measure, then the visible rows for display")
        // Updates: only inserted rows are dequeued to be measured.
        let cellCalls = table.counters.cellForRowCalls
        feed.sections[1].insert(99, at: 2)
        table.insertRows(at: [.r(2, 1)], with: .automatic)
        expectHeightsExact(table, feed)
        #expect(table.indexPathHeightCache.cachedCount == 21)
        #expect(table.counters.cellForRowCalls - cellCalls <= 1 + table.indexPathsForVisibleRows!.count)
    }

    // MARK: Bad input

    @Test(arguments: [CGFloat.nan, .infinity, -.infinity, -5], [false, true])
    func invalidFittingHeightReportsOnceNamingTheIndexPathAndUsesZero(bad: CGFloat, throughTemplate: Bool) {
        let feed = ForcedHeightFeed([30, 40, bad, 50, 60], throughTemplate: throughTemplate)
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        table.register(LabelCell.self, forCellReuseIdentifier: LabelFeed.identifier)
        table.rowHeight = TableView.automaticDimension
        var messages: [String] = []
        table.diagnosticHandler = { messages.append($0) }
        table.dataSource = feed
        table.delegate = feed
        table.reloadData()
        for y in stride(from: 0, through: 200, by: 10) { table.contentOffset.y = CGFloat(y) }
        table.reloadDataWithoutInvalidatingHeightCache()
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.contains("row (section 0, row 2)") == true, "\(messages)")
        #expect(messages.first?.contains("fitting height of row (section 0, row 2) was \(bad)") == true, "\(messages)")
        #expect(table.rectForRow(at: .r(2)).height == 0)
        #expect(table.rectForRow(at: .r(3)) == CGRect(x: 0, y: 71, width: 320, height: 50.5))
        let total: CGFloat = 30.5 + 40.5 + 50.5 + 60.5
        #expect(table.contentSize.height == total)
        for row in 0..<5 {
            let rect = table.rectForRow(at: .r(row))
            #expect(rect.minY.isFinite && rect.height.isFinite && rect.height >= 0)
        }
        #expect(table.indexPathHeightCache.storedHeight(at: .r(2), width: 320) == 0)
    }

    // MARK: Debug log

    @Test func debugLogReportsCreationComputationHitsAndMisses() {
        let table = table()
        var lines: [String] = []
        table.heightDebugLogHandler = { lines.append($0) }
        #expect(!table.isHeightDebugLogEnabled, "off by default")
        table.reloadData()
        _ = table.heightForCell(withIdentifier: LabelFeed.identifier, cacheBy: .r(0, 3)) { _ in }
        #expect(lines.isEmpty, "nothing is logged while the log is off")

        table.isHeightDebugLogEnabled = true
        table.register(LabelCell.self, forCellReuseIdentifier: "fresh")
        _ = table.heightForCell(withIdentifier: "fresh", cacheBy: .r(1, 3)) { ($0 as! LabelCell).label.text = "hello" }
        _ = table.heightForCell(withIdentifier: "fresh", cacheBy: .r(1, 3)) { _ in Issue.record("hit expected") }
        _ = table.heightForCell(withIdentifier: "fresh", cacheByKey: "post-9") { _ in }
        _ = table.heightForCell(withIdentifier: "fresh", cacheByKey: "post-9") { _ in Issue.record("hit expected") }
        let expected = [
            "[IndexPathHeightCache] miss [3, 1] width 320.0",
            "[TableView height] created template cell for \"fresh\"",
            "[TableView height] measured row (section 3, row 1) by sizeThatFits at content width 320.0: 20.0",
            "[TableView height] computed 20.5 for row (section 3, row 1) at width 320.0",
            "[IndexPathHeightCache] store [3, 1] width 320.0 = 20.5",
            "[IndexPathHeightCache] hit [3, 1] width 320.0 -> 20.5",
            "[KeyedHeightCache] miss post-9 width 320.0",
            "[TableView height] measured key post-9 by sizeThatFits at content width 320.0: 0.0",
            "[TableView height] computed 44.5 for key post-9 at width 320.0",
            "[KeyedHeightCache] store post-9 width 320.0 = 44.5",
            "[KeyedHeightCache] hit post-9 width 320.0 -> 44.5",
        ]
        #expect(lines == expected)

        // Self-sized rows log their computations too.
        lines.removeAll()
        let feed = LabelFeed(sections: [[2]], sizing: .automaticDimension)
        let selfSized = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        selfSized.register(LabelCell.self, forCellReuseIdentifier: LabelFeed.identifier)
        selfSized.rowHeight = TableView.automaticDimension
        selfSized.heightDebugLogHandler = { lines.append($0) }
        selfSized.isHeightDebugLogEnabled = true
        selfSized.dataSource = feed
        selfSized.delegate = feed
        selfSized.reloadData()
        #expect(lines.contains("[IndexPathHeightCache] miss [0, 0] width 320.0"))
        #expect(lines.contains { $0.hasPrefix("[TableView height] computed") && $0.contains("row (section 0, row 0)") })

        selfSized.isHeightDebugLogEnabled = false
        lines.removeAll()
        selfSized.reloadData()
        #expect(lines.isEmpty)
    }

    /// One log for both views: the collection view's lines go through its `heightDebugLogHandler` too,
    /// in the table's words with "item", its own name, and its caches' lines between.
    @Test func theCollectionViewLogsThroughItsHandlerAsTheTableDoes() {
        let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: FlowLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        var lines: [String] = []
        collection.heightDebugLogHandler = { lines.append($0) }
        #expect(!collection.isHeightDebugLogEnabled, "off by default")
        _ = collection.heightForCell(withReuseIdentifier: "text", cacheBy: IndexPath(item: 0, section: 0)) { _ in }
        #expect(lines.isEmpty, "nothing is logged while the log is off")

        collection.isHeightDebugLogEnabled = true
        collection.register(TextCell.self, forCellWithReuseIdentifier: "fresh")
        let width = collection.collectionViewLayout.itemWidth
        _ = collection.heightForCell(withReuseIdentifier: "fresh", cacheBy: IndexPath(item: 1, section: 0)) { ($0 as! TextCell).text = "hi" }
        _ = collection.heightForCell(withReuseIdentifier: "fresh", cacheBy: IndexPath(item: 1, section: 0)) { _ in Issue.record("hit expected") }
        #expect(
            lines == [
                "[IndexPathHeightCache] miss [0, 1] width \(width)",
                "[CollectionView height] created template cell for \"fresh\"",
                "[CollectionView height] measured item (section 0, item 1) by sizeThatFits at content width \(width): 16.0",
                "[CollectionView height] computed 16.0 for item (section 0, item 1) at width \(width)",
                "[IndexPathHeightCache] store [0, 1] width \(width) = 16.0",
                "[IndexPathHeightCache] hit [0, 1] width \(width) -> 16.0",
            ])
    }

    // MARK: Headers and footers

    @Test func headerFooterConfigurationIsCalledAndTheKeyedVersionCaches() {
        let table = table()
        table.register(LabelHeaderView.self, forHeaderFooterViewReuseIdentifier: "header")
        var calls = 0
        let height = table.heightForHeaderFooterView(withIdentifier: "header") { view in
            calls += 1
            #expect((view as! LabelHeaderView).isTemplateLayoutView && view.superview == nil)
            (view as! LabelHeaderView).label.text = self.longText
        }
        #expect(calls == 1, "FD never called this closure; here it is")
        #expect(height == LabelHeaderView.expectedHeight(longText, width: 320))

        for _ in 0..<3 {
            let keyed = table.heightForHeaderFooterView(withIdentifier: "header", cacheByKey: "section-title") { view in
                calls += 1
                #expect((view as! LabelHeaderView).label.text.isEmpty, "prepared before configuring")
                (view as! LabelHeaderView).label.text = "short title"
            }
            #expect(keyed == 30)
        }
        #expect(calls == 2, "measured once, then hits")
        #expect(table.keyedHeightCache.storedHeight(forKey: HeaderFooterCacheKey(key: "section-title"), width: 320) == 30)
        #expect((table.templateHeaderFooterViews["header"] as? LabelHeaderView)?.prepareCount == 2)
    }

    @Test(arguments: [HeaderFeed.Sizing.keyed, .uncached, .automaticDimension])
    func headersSelfSizeThroughTheTable(sizing: HeaderFeed.Sizing) {
        let titles = ["Short", longText, "", String(repeating: "médium ", count: 9)]
        let feed = HeaderFeed(titles, sizing: sizing)
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 2000))
        table.register(LabelCell.self, forCellReuseIdentifier: LabelFeed.identifier)
        table.register(LabelHeaderView.self, forHeaderFooterViewReuseIdentifier: "header")
        table.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
        table.dataSource = feed
        table.delegate = feed
        table.reloadData()
        func check(_ width: CGFloat, sourceLocation: SourceLocation = #_sourceLocation) {
            var y: CGFloat = 0
            for (section, title) in titles.enumerated() {
                let header = table.rectForHeader(inSection: section)
                #expect(
                    header.minY == y && header.height == LabelHeaderView.expectedHeight(title, width: width),
                    "section \(section) at \(width)", sourceLocation: sourceLocation)
                y = header.maxY + 60
            }
        }
        check(320)
        let callsAt320 = feed.configurationCalls
        #expect(callsAt320 == (sizing == .automaticDimension ? 0 : 4))

        table.frame.size.width = 200
        table.layoutIfNeeded()
        check(200)
        table.frame.size.width = 320
        table.layoutIfNeeded()
        check(320)
        table.reloadData()
        check(320)
        switch sizing {
        case .keyed: #expect(feed.configurationCalls == 8, "measured once per width, then hits")
        case .uncached: #expect(feed.configurationCalls == 16)
        case .automaticDimension: #expect(feed.configurationCalls == 0)
        }
    }
}
