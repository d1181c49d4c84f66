import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable

/// A self-sizing cell whose label fills the contentView, by frame layout: `sizeThatFits` answers the
/// label's height at the content width, `layoutSubviews` pins the label to the contentView's edges.
final class FramedLabelCell: TableViewCell {
    let label = Label()
    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        label.lineHeight = 20
        contentView.addSubview(label)
    }
    override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: label.sizeThatFits(CGSize(width: size.width, height: 0)).height)
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = contentView.bounds
    }
}

/// The same cell built with constraints: the label pinned to the contentView's four edges.
final class ConstrainedLabelCell: TableViewCell {
    let label = Label()
    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        label.lineHeight = 20
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            label.topAnchor.constraint(equalTo: contentView.topAnchor),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
        ])
    }
}

/// `TableViewCell` as UIKit lays it out: the contentView spans the cell's width minus the accessory
/// and its height minus the separator, so content pinned to the contentView is exactly as tall as it fits.
@MainActor
@Suite struct TableViewCellTests {
    enum Layout: CaseIterable { case frames, constraints }

    static let texts = ["One line", "A longer text that wraps over a few lines of a narrow table", "", "Two short lines here"]

    final class Source: TableViewDataSource {
        let identifier: String
        init(identifier: String) { self.identifier = identifier }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 40 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
            let label = (cell as? FramedLabelCell)?.label ?? (cell as! ConstrainedLabelCell).label
            label.text = TableViewCellTests.texts[indexPath.row % TableViewCellTests.texts.count]
            cell.accessoryType = indexPath.row % TableViewCellTests.texts.count == 1 ? .checkmark : .none
            return cell
        }
    }

    @Test(arguments: Layout.allCases, [TableView.SeparatorStyle.singleLine, .none])
    func theContentViewIsTheRowMinusTheSeparator(layout: Layout, separator: TableView.SeparatorStyle) throws {
        let source = Source(identifier: layout == .frames ? "framed" : "constrained")
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 60, height: 200))
        table.register(FramedLabelCell.self, forCellReuseIdentifier: "framed")
        table.register(ConstrainedLabelCell.self, forCellReuseIdentifier: "constrained")
        table.rowHeight = TableView.automaticDimension
        table.separatorStyle = separator
        table.dataSource = source
        table.reloadData()
        let separatorHeight: CGFloat = separator == .none ? 0 : 1 / table.screenScale
        // Down and back up, so reused cells are checked after showing rows of other heights.
        for offset: CGFloat in [0, 150, 700, 1400, 300, 0] {
            table.contentOffset.y = min(offset, table.maximumContentOffsetY)
            let visible = table.indexPathsForVisibleRows ?? []
            #expect(!visible.isEmpty)
            for indexPath in visible {
                let text = Self.texts[indexPath.row % Self.texts.count]
                let cell = try #require(table.cellForRow(at: indexPath))
                let label = (cell as? FramedLabelCell)?.label ?? (cell as! ConstrainedLabelCell).label
                let contentWidth = 60 - cell.accessoryWidth
                let measure = Label(text: text)
                measure.lineHeight = 20
                let textHeight = measure.sizeThatFits(CGSize(width: contentWidth, height: 0)).height
                let fitted = textHeight == 0 ? 44 : textHeight  // nothing to fit: UIKit's 44
                let rowHeight = table.rectForRow(at: indexPath).height
                let context = "\(layout) at \(offset), row \(indexPath.row)"
                #expect(rowHeight == fitted + separatorHeight, "\(context)")
                #expect(cell.frame.height == rowHeight, "\(context)")
                #expect(cell.contentView.frame == CGRect(x: 0, y: 0, width: contentWidth, height: rowHeight - separatorHeight), "\(context)")
                #expect(label.frame == CGRect(x: 0, y: 0, width: contentWidth, height: fitted), "\(context): exactly the text's height")
            }
        }
    }

    /// A row of fixed height keeps its height; its contentView still stops above the separator
    /// (UIKit: a 44-point row has a 43.5-point contentView at scale 2), and follows a change of style.
    @Test func aFixedHeightRowsContentViewStopsAboveTheSeparatorToo() throws {
        let source = Source(identifier: "framed")
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 60, height: 200))
        table.register(FramedLabelCell.self, forCellReuseIdentifier: "framed")
        table.rowHeight = 44
        table.dataSource = source
        table.reloadData()
        let indexPath = IndexPath(row: 0, section: 0)
        let cell = try #require(table.cellForRow(at: indexPath))
        #expect(table.rectForRow(at: indexPath).height == 44)
        #expect(cell.contentView.frame == CGRect(x: 0, y: 0, width: 60, height: 43.5))
        table.separatorStyle = .none
        table.contentOffset.y = 1  // a layout pass places the cells again
        #expect(table.cellForRow(at: indexPath) === cell)
        #expect(cell.contentView.frame == CGRect(x: 0, y: 0, width: 60, height: 44))
        table.screenScale = 3
        table.separatorStyle = .singleLine
        table.contentOffset.y = 0
        #expect(cell.contentView.frame.height == 44 - 1.0 / 3)
    }
}
