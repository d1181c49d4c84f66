import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A cell built with constraints: a label pinned 1 point inside the contentView.
final class ConstrainedCell: TableViewCell {
    let title = Label()
    var frameHeight: CGFloat = 7
    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        title.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(title)
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 1),
            title.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -1),
            title.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 1),
            title.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -1),
        ])
    }
    /// What the frame-layout path would say (so a test can tell which path measured).
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: frameHeight) }
}

/// Template cells take FDTemplateLayoutCell's path: constraints on the
/// contentView → Auto Layout with a required width fence and compressed fitting; else
/// `sizeThatFits`; 0 → 44; the accessory and separator rules unchanged.
@MainActor
@Suite struct TemplateAutoLayoutTests {
    static let texts = ["Hello template layout cell", "", "A much longer text that wraps over several lines of a narrow table", "x"]

    final class Source: TableViewDataSource, TableViewDelegate {
        var configure: (ConstrainedCell) -> Void = { _ in }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { TemplateAutoLayoutTests.texts.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath) as! ConstrainedCell
            cell.title.text = TemplateAutoLayoutTests.texts[indexPath.row]
            configure(cell)
            return cell
        }
    }

    func lines(_ text: String, _ columns: CGFloat) -> CGFloat { CGFloat(Label.wrap(text, columns: Int(columns)).count) }

    func table(width: CGFloat, _ source: Source) -> TableView {
        makeTable(source, cell: ConstrainedCell.self, identifier: "c", width: width, height: 400, reload: false) {
            $0.rowHeight = TableView.automaticDimension
        }
    }

    @Test func selfSizedRowsAreFittedByTheirConstraints() {
        let source = Source()
        for width: CGFloat in [14, 30, 80] {
            let table = table(width: width, source)
            table.reloadData()
            for (row, text) in Self.texts.enumerated() {
                let label = text.isEmpty ? 0 : lines(text, width - 2)
                let expected = label + 2 + 0.5  // insets, then the separator (scale 2)
                #expect(table.rectForRow(at: IndexPath(row: row, section: 0)).height == expected, "width \(width) row \(row)")
            }
        }
    }

    @Test func theAccessoryNarrowsTheFence() {
        let source = Source()
        source.configure = { $0.accessoryType = .checkmark }  // 40 points
        let table = table(width: 60, source)
        table.reloadData()
        let text = Self.texts[2]
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)).height == lines(text, 60 - 40 - 2) + 2 + 0.5)
    }

    @Test func enforceFrameLayoutTakesSizeThatFitsAndZeroFallsBackTo44() {
        let source = Source()
        source.configure = { $0.enforceFrameLayout = true }
        let table = table(width: 30, source)
        table.reloadData()
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 7.5, "sizeThatFits, then the separator")
        source.configure = {
            $0.enforceFrameLayout = true; $0.frameHeight = 0
        }
        table.reloadData()
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 44.5, "0 falls back to 44")
    }

    @Test func theTemplateAPIAndTheDebugLogNameThePath() {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 30, height: 400))
        table.register(ConstrainedCell.self, forCellReuseIdentifier: "c")
        var log: [String] = []
        table.heightDebugLogHandler = { log.append($0) }
        table.isHeightDebugLogEnabled = true
        let text = Self.texts[2]
        let height = table.heightForCell(withIdentifier: "c") { ($0 as! ConstrainedCell).title.text = text }
        #expect(height == lines(text, 28) + 2 + 0.5)
        #expect(log.contains { $0.contains("by Auto Layout") })
        let framed = table.heightForCell(withIdentifier: "c") { cell in
            (cell as! ConstrainedCell).enforceFrameLayout = true
        }
        #expect(framed == 7.5)
        #expect(log.contains { $0.contains("by sizeThatFits") })
    }

    @Test func aCollectionViewTemplateCellIsFittedByItsConstraintsToo() {
        final class Constrained: CollectionViewCell {
            let title = Label()
            required init(reuseIdentifier: String?) {
                super.init(reuseIdentifier: reuseIdentifier)
                title.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(title)
                LayoutConstraint.activate([
                    title.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
                    title.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
                    title.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 3),
                    title.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
                ])
            }
        }
        let layout = WaterfallLayout(numberOfColumns: 2, margin: 0)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 40, height: 100), collectionViewLayout: layout)
        view.register(Constrained.self, forCellWithReuseIdentifier: "c")
        let text = Self.texts[2]
        let height = view.heightForCell(withReuseIdentifier: "c") { ($0 as! Constrained).title.text = text }
        #expect(height == lines(text, 20) + 3)
    }

    /// A cell whose label must reach at least 21 points in: a table narrower than 22 points
    /// cannot satisfy its required constraints, and the one broken is the trailing pin.
    final class MinimumWidthCell: TableViewCell {
        let title = Label()
        required init(reuseIdentifier: String?) {
            super.init(reuseIdentifier: reuseIdentifier)
            title.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(title)
            LayoutConstraint.activate([
                title.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 1),
                title.trailingAnchor.constraint(greaterThanOrEqualTo: contentView.leadingAnchor, constant: 21),
                title.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -1),
                title.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 1),
                title.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -1),
            ])
        }
    }

    final class MinimumWidthSource: TableViewDataSource, TableViewDelegate {
        let text = TemplateAutoLayoutTests.texts[2]
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath) as! MinimumWidthCell
            cell.title.text = text
            return cell
        }
    }

    @Test func aTableOnceTooNarrowForItsCellsMeasuresLikeAFreshTableOnceWide() {
        let source = MinimumWidthSource()
        func makeTable(width: CGFloat, messages: @escaping (String) -> Void) -> TableView {
            TestSupport.makeTable(source, cell: MinimumWidthCell.self, identifier: "c", width: width, height: 400) { table in
                table.rowHeight = TableView.automaticDimension
                table.diagnosticHandler = messages
            }
        }
        /// The self-sized row's height, and the template API's for the same text.
        func heights(_ table: TableView) -> [CGFloat] {
            [
                table.rectForRow(at: IndexPath(row: 0, section: 0)).height,
                table.heightForCell(withIdentifier: "c") { ($0 as! MinimumWidthCell).title.text = source.text },
            ]
        }
        let fresh = makeTable(width: 30) { Issue.record("unexpected diagnostic: \($0)") }
        let expected = heights(fresh)
        #expect(expected == [lines(source.text, 28) + 2 + 0.5, lines(source.text, 28) + 2 + 0.5])
        var messages: [String] = []
        let table = makeTable(width: 10) { messages.append($0) }
        #expect(heights(table).allSatisfy { $0.isFinite })
        #expect(messages.count == 2 && messages.allSatisfy { $0.hasPrefix("Unable to simultaneously satisfy constraints.") })
        messages = []
        // The row's one cell and the template cell, fitted at the impossible width, measure again.
        table.frame.size.width = 30
        table.layoutIfNeeded()
        #expect(heights(table) == expected)
        #expect(messages.isEmpty)
    }
}
