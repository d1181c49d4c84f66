import Foundation
import Testing
import ReuseTable

// The README's usage example, verbatim but for the final print, so it stays true.

private final class PostCell: TableViewCell {
    let label = Label()
    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        contentView.addSubview(label)
    }
    override func sizeThatFits(_ size: CGSize) -> CGSize { label.sizeThatFits(size) }  // self-sizing
    override func layoutSubviews() {
        super.layoutSubviews()  // sizes contentView
        label.frame = contentView.bounds
    }
}

@MainActor private final class Feed: TableViewDataSource, TableViewDelegate {
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1_000_000 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "post", for: indexPath) as! PostCell
        cell.label.text = "Post #\(indexPath.row): " + String(repeating: "words wrap ", count: indexPath.row % 7)
        return cell
    }
}

@MainActor
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleRunsAsDescribed() throws {
        let feed = Feed()
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 40, height: 24))
        table.register(PostCell.self, forCellReuseIdentifier: "post")
        table.rowHeight = TableView.automaticDimension  // self-size through sizeThatFits
        table.estimatedRowHeight = 3  // measure rows only as they appear
        table.dataSource = feed
        table.delegate = feed
        table.reloadData()  // O(sections): only the viewport is measured
        table.contentOffset.y = 1_000_000  // lays out the visible rows now
        table.scrollToRow(at: IndexPath(row: 500_000, section: 0), at: .middle, animated: false)

        let visible = table.indexPathsForVisibleRows!
        #expect(visible.contains(IndexPath(row: 500_000, section: 0)))
        let rect = table.rectForRow(at: IndexPath(row: 500_000, section: 0))
        #expect(abs(rect.midY - (table.contentOffset.y + 12)) < 0.001, "the row is in the middle")
        #expect(table.counters.cellsCreated <= visible.count * 2 + 2)
        #expect(table.estimatedSlotCount > 999_000, "only rows that appeared were measured")

        // The label is laid out: "Post #500000: " and "words wrap " four times (500,000 % 7) wrap to
        // two lines at 40 columns, and the label fills the contentView, which stops above the separator.
        let cell = try #require(table.cellForRow(at: IndexPath(row: 500_000, section: 0)) as? PostCell)
        #expect(cell.label.frame == CGRect(x: 0, y: 0, width: 40, height: 2))
        #expect(cell.label.lines.count == 2)
        #expect(rect.height == 2 + 1 / table.screenScale)
        for cell in table.visibleCells {
            let label = (cell as! PostCell).label
            #expect(label.frame == cell.contentView.bounds)
            #expect(label.frame.height == CGFloat(label.lines.count), "as tall as its lines")
        }
    }
}
