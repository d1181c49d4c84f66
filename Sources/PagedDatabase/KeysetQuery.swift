// The SQL of keyset paging: "the next rows after this key, in this order", answered from an index.
//
// SQLite's `OFFSET n` steps over n rows one by one, so page 100,000 of a table costs 100,000 steps.
// A keyset query instead names the last row seen by its key and asks for what comes after it:
// `WHERE c >= ?v AND (c > ?v OR rowid > ?r) ORDER BY c, rowid LIMIT n` is one index seek and n steps,
// wherever the page lies (Docs/paged-data.md, "Keyset paging").

/// A position in an order: the ordering column's value (unused when the order is the rowid) and the rowid,
/// which breaks ties so every row has its own key.
public struct SortKey: Sendable, Hashable {
    /// The ordering column's value in the row.
    public var value: DatabaseValue
    /// The row's rowid.
    public var rowid: Int64
}

/// The order a loader pages in: a column an index keeps in order, or the rowid, ascending or descending.
public struct RowOrder: Sendable, Equatable, CustomStringConvertible {
    /// The ordering column; nil orders by rowid.
    public var column: String?
    /// True for the largest first.
    public var descending: Bool

    /// The order of `column` (nil: the rowid).
    public init(column: String? = nil, descending: Bool = false) {
        self.column = column
        self.descending = descending
    }

    /// The table's own order: by rowid, oldest first.
    public static let rowid = RowOrder()

    /// "time descending", "rowid".
    public var description: String { (column ?? "rowid") + (descending ? " descending" : "") }
}

/// The statements of keyset paging over one table, in one order, under one filter.
///
/// A column's NULLs are a run of their own (first when ascending, last when descending, as SQLite
/// sorts them), paged by rowid: `c >= NULL` is never true, so a key inside the NULLs needs its own
/// condition. Each run is one index-ordered query; a page that crosses from one run into the next
/// continues with the next run's first rows.
struct KeysetQuery {
    /// One run of the order.
    enum Run: Equatable {
        /// Every row (the order is the rowid).
        case all
        /// The rows whose ordering column is NULL, by rowid.
        case nulls
        /// The rows with a value, by value then rowid.
        case values
    }

    /// The quoted table name.
    let table: String
    /// The quoted ordering column; nil for the rowid.
    let column: String?
    /// A condition every row must meet (the filter), with its bindings; nil for every row.
    let filter: (sql: String, bindings: [DatabaseValue])?

    /// The runs in the order rows come, `descending` or not.
    func runs(descending: Bool) -> [Run] {
        guard column != nil else { return [.all] }
        return descending ? [.values, .nulls] : [.nulls, .values]
    }

    /// The run `key` lies in.
    func run(of key: SortKey) -> Run {
        column == nil ? .all : (key.value == .null ? .nulls : .values)
    }

    /// The statement for up to `limit` rows of `run`, after `key` when one is given, with `select`
    /// (a column list) for each row.
    func statement(select: String, run: Run, after key: SortKey?, descending: Bool, limit: Int) -> (sql: String, bindings: [DatabaseValue]) {
        let (greater, atLeast, direction) = descending ? ("<", "<=", "DESC") : (">", ">=", "ASC")
        var conditions: [String] = []
        var bindings: [DatabaseValue] = []
        switch (run, column) {
        case (.values, let column?):
            if let key {
                conditions.append("\(column) \(atLeast) ? AND (\(column) \(greater) ? OR rowid \(greater) ?)")
                bindings += [key.value, key.value, .integer(key.rowid)]
            } else {
                conditions.append("\(column) IS NOT NULL")
            }
        case (.nulls, let column?):
            conditions.append("\(column) IS NULL")
            fallthrough
        default:
            if let key {
                conditions.append("rowid \(greater) ?")
                bindings.append(.integer(key.rowid))
            }
        }
        if let filter {
            conditions.append("(\(filter.sql))")
            bindings += filter.bindings
        }
        var order = "rowid \(direction)"
        if run == .values, let column { order = "\(column) \(direction), " + order }
        let condition = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        return ("SELECT \(select) FROM \(table)\(condition) ORDER BY \(order) LIMIT \(limit)", bindings)
    }

    /// The select list of a key: the ordering column (when there is one) and the rowid.
    var keySelect: String { column.map { "\($0), rowid" } ?? "rowid" }
}
