import ArticleTable
import Foundation
import ReuseTable

/// The bench's data source for `ArticleTable`: the exact table's rows, sections flattened.
///
/// Row `i` has the height `VariedHeightSource` gives its index path in the
/// `TableView` beside it, so both tables show the same rows at the same offsets.
@MainActor
final class ArticleTableSource: ArticleTableDataSource {
    let rows: Int
    /// The first flat row of each section.
    let sectionStarts: [Int]
    let heights: VariedHeightSource

    init(rows: Int, sections: Int) {
        self.rows = rows
        var starts: [Int] = [], next = 0
        for section in 0..<sections {
            starts.append(next)
            next += TableSuites.rows(inSection: section, of: rows, sections: sections)
        }
        sectionStarts = starts
        heights = VariedHeightSource(rows: rows, sections: sections)
    }

    /// The index path flat row `row` has in the `TableView`.
    func indexPath(ofRow row: Int) -> IndexPath {
        var section = sectionStarts.count - 1
        while sectionStarts[section] > row { section -= 1 }
        return IndexPath(row: row - sectionStarts[section], section: section)
    }

    func numberOfRows(in table: ArticleTable) -> Int { rows }

    func articleTable(_ table: ArticleTable, cellForRow row: Int) -> TableViewCell {
        table.dequeueReusableCell(withIdentifier: TableSuites.identifier) ?? BenchCell(reuseIdentifier: TableSuites.identifier)
    }

    func articleTable(_ table: ArticleTable, heightForRow row: Int) -> Double? {
        VariedHeightSource.height(at: indexPath(ofRow: row))
    }
}
