import Foundation

/// A precise description of bad input, in the spirit of UIKit's exception messages: the one
/// error type of both views (`TableView`, `CollectionView`) and their diffable data sources.
///
/// Validation functions throw these so tests can read the message; the public
/// call that hit them stops with the same text (`ReuseTableError.trap`), as UIKit
/// raises `NSInternalInconsistencyException`.
public struct ReuseTableError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The full message, naming sections, counts, index paths or identifiers.
    public let message: String

    /// An error with the full `message`.
    public init(_ message: String) { self.message = message }

    /// The message itself, so `print(error)` shows it unchanged.
    public var description: String { message }

    /// Stops the program with the message, as UIKit's exceptions do.
    static func trap(_ error: ReuseTableError, file: StaticString = #file, line: UInt = #line) -> Never {
        fatalError("ReuseTable: \(error.message)", file: file, line: line)
    }

    /// Stops the program with the message of a check shared by several calls, prefixed with the
    /// public call that met the bad input: "scrollToRow(at:at:animated:): row (section 0, row 9) is out of range…".
    static func trap(_ error: ReuseTableError, in call: String, file: StaticString = #file, line: UInt = #line) -> Never {
        trap(ReuseTableError("\(call): \(error.message)"), file: file, line: line)
    }
}

/// The error's name before the collection view shared it; kept so code written against it compiles.
public typealias TableViewError = ReuseTableError

extension IndexPath {
    /// "(section 2, row 7)" — how messages name an index path.
    var tableDescription: String {
        count == 2 ? "(section \(section), row \(row))" : "\(Array(self))"
    }

    /// "(section 2, item 7)" — the collection view's wording.
    var collectionDescription: String {
        count == 2 ? "(section \(section), item \(item))" : "\(Array(self))"
    }
}
