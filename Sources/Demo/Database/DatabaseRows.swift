import Foundation
import PagedDatabase
import ReuseTable

// `Demo db`'s rows: the library's paged data source (`TableViewPagedDataSource`, Docs/paged-data.md) over
// the `TableLoader`. Rows not loaded yet are placeholders; pages land in place without moving the reader,
// load ahead through the table's prefetching, and at most `residentPages` stay in memory. This file turns
// a row into the text of its cell (the time column as a date); `TableLoader.pagedLoader(pageSize:)` is the loader.

/// The rows of a loader as a table's data source.
@MainActor
final class DatabaseRows {
    nonisolated static let pageSize = 50
    /// Pages kept; the farthest from the viewport goes first.
    static let residentPages = 40

    private(set) var loader: TableLoader
    private(set) var source: TableViewPagedDataSource<DatabaseRow>
    private let table: TableView

    init(loader: TableLoader, table: TableView) {
        self.loader = loader
        self.table = table
        source = Self.makeSource(loader, table: table)
    }

    /// Shows `loader`'s rows from now on (another order, or a filter): a new source, every page dropped.
    func replace(_ loader: TableLoader) {
        self.loader = loader
        source = Self.makeSource(loader, table: table)
        table.reloadData()
    }

    /// The rows the table shows.
    var count: Int { source.status.rows }

    private static func makeSource(_ loader: TableLoader, table: TableView) -> TableViewPagedDataSource<DatabaseRow> {
        var configuration = PagedDataConfiguration()
        configuration.pageSize = pageSize
        configuration.maximumResidentPages = residentPages
        let columns = loader.columns
        return TableViewPagedDataSource(tableView: table, loader: loader.pagedLoader(pageSize: pageSize), configuration: configuration) {
            table, indexPath, row in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = text(of: row, at: indexPath.row, columns: columns)
            cell.contentConfiguration = content
            return cell
        }
    }

    /// Row `row`'s text: "#id  values · …" then the last column below; a placeholder of two lines (the
    /// estimate), or the failure with the key that retries.
    static func text(of row: PagedRow<DatabaseRow>, at index: Int, columns: [String]) -> String {
        switch row {
        case .item(let item):
            let values = item.values.indices.map { show(item.values[$0], column: columns[$0]) }
            return "#\(item.id)  " + values.dropLast().joined(separator: " · ") + "\n" + (values.last ?? "")
        case .placeholder: return "row \(index + 1) …\n"
        case .failed(let error): return "row \(index + 1): \(error) — r retries"
        }
    }

    /// A value as a cell shows it: a `time` column's epoch seconds as a UTC date and time
    /// ("2020-01-07 10:46:22 UTC").
    nonisolated static func show(_ value: DatabaseValue, column: String) -> String {
        guard column == "time", let seconds = value.integer else { return value.description }
        let iso = Date(timeIntervalSince1970: TimeInterval(seconds)).ISO8601Format()  // 2020-01-07T10:46:22Z
        return iso.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
    }

    /// The text of row `row` as it is now (tests).
    func text(ofRow row: Int) -> String {
        Self.text(of: source.row(at: row), at: row, columns: loader.columns)
    }
}
