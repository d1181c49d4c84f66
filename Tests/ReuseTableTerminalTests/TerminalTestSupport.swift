import Foundation
import ReuseTable
import ReuseTableTerminal
import TestSupport
import Testing

// Plain cells and a data source, written as an app would: labels in the contentView, laid out by the
// cell, and no drawing code — what the renderer's default look must be enough for.

/// A row: one label filling the contentView; self-sizes to its wrapped text.
@MainActor
final class TextCell: TableViewCell {
    let label = Label()

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        contentView.addSubview(label)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = contentView.bounds
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: label.sizeThatFits(CGSize(width: size.width, height: 0)).height)
    }
}

/// A section header or footer: one label.
@MainActor
final class TextHeader: TableViewHeaderFooterView {
    let label = Label()

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        contentView.addSubview(label)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = contentView.bounds.offsetBy(dx: 1, dy: 0)
    }
}

/// Sections of text rows, with optional header titles.
@MainActor
final class TextRows: TableViewDataSource, TableViewDelegate {
    var sections: [[String]]
    var headers: [String?]
    /// Extra label set in a row (its text and style), to see styled labels inside a selection.
    var styledTag: (row: IndexPath, text: String, style: GridStyle)?

    init(_ sections: [[String]], headers: [String?] = []) {
        self.sections = sections
        self.headers = headers
    }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "text", for: indexPath) as! TextCell
        cell.label.text = sections[indexPath.section][indexPath.row]
        return cell
    }

    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
        section < headers.count && headers[section] != nil ? 1 : 0
    }

    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
        guard section < headers.count, let title = headers[section] else { return nil }
        let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header") as! TextHeader
        header.label.text = title
        return header
    }

    /// A table of `width` × `height` showing these rows with the terminal defaults; without a scroll
    /// indicator unless asked (these goldens are about the rows).
    func makeTable(width: Int, height: Int, selfSizing: Bool = false, showsIndicator: Bool = false) -> TableView {
        let table = TestSupport.makeTable(
            self, cell: TextCell.self, identifier: "text", width: CGFloat(width), height: CGFloat(height), reload: false
        ) { table in
            table.applyTerminalDefaults()
            table.register(TextHeader.self, forHeaderFooterViewReuseIdentifier: "header")
            if selfSizing { table.rowHeight = TableView.automaticDimension }
            table.showsVerticalScrollIndicator = showsIndicator
        }
        table.layoutIfNeeded()
        return table
    }
}

extension CharGrid {
    /// The lines with trailing spaces removed: goldens stay short at any width.
    var trimmedLines: [String] {
        lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
    }

    /// True when every cell in `rect` has `predicate`'s style.
    func allCells(in rect: GridRect, _ predicate: (GridStyle) -> Bool) -> Bool {
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX where !predicate(self[x, y].style) { return false }
        }
        return true
    }
}
