// The values a loader hands out: one SQLite value, and a row with its identity.

/// One SQLite value, as stored (SQLite's five storage classes).
public enum DatabaseValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The value as a cell shows it: the text, the number, "NULL", or "<blob of N bytes>".
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .text(let text): text
        case .blob(let bytes): "<blob of \(bytes.count) bytes>"
        }
    }

    /// The text, or nil for any other kind of value.
    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The integer, or nil for any other kind of value.
    public var integer: Int64? {
        if case .integer(let number) = self { return number }
        return nil
    }
}

/// One row of a table: its rowid (the identity a diff matches rows by) and its columns' values,
/// in the order of the loader's `columns`.
public struct DatabaseRow: Sendable, Hashable, Identifiable {
    /// The row's rowid: stable while the row exists, whatever the order or filter.
    public var id: Int64
    /// The values, one per column of the loader.
    public var values: [DatabaseValue]

    /// A row with `id` and `values`.
    public init(id: Int64, values: [DatabaseValue]) {
        self.id = id
        self.values = values
    }
}

/// How many rows a loader has, as far as it knows.
public enum RowCount: Sendable, Equatable, CustomStringConvertible {
    /// Counted: the key index has seen every row.
    case exact(Int)
    /// A guess that costs nothing (the table's largest rowid) while the key index is being built.
    case estimated(Int)
    /// Not known yet (a filter before its key index has finished).
    case unknown

    /// The count when one is known or estimated.
    public var value: Int? {
        switch self {
        case .exact(let count), .estimated(let count): count
        case .unknown: nil
        }
    }

    /// "1,000 rows", "about 1,000 rows", "rows not counted yet".
    public var description: String {
        switch self {
        case .exact(let count): "\(count) rows"
        case .estimated(let count): "about \(count) rows"
        case .unknown: "rows not counted yet"
        }
    }
}
