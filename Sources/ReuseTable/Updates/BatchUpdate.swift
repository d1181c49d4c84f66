import Foundation

/// The changes of one batch, exactly as the caller named them (UIKit's convention):
/// deletions, reloads and move sources in the index space *before* the update,
/// insertions and move destinations in the space *after* it.
///
/// Shared by `TableView` and `CollectionView`; `UpdatePlan` validates it and
/// turns it into primitive steps.
struct BatchUpdate: Sendable {
    var insertedSections = IndexSet()
    var deletedSections = IndexSet()
    var reloadedSections = IndexSet()
    var movedSections: [(from: Int, to: Int)] = []
    var insertedRows: [IndexPath] = []
    var deletedRows: [IndexPath] = []
    var reloadedRows: [IndexPath] = []
    var movedRows: [(from: IndexPath, to: IndexPath)] = []
    /// More moves, packed (`RowSpace.pack`): a diffable data source's, up to a million of them,
    /// checked like `movedRows` and after them without an index path each.
    var packedMovedRows: [(from: Int, to: Int)] = []
    /// Whether a row may move out of a deleted section or into an inserted one. The public batch
    /// calls refuse both (`UpdatePlan.make` names the section); a diffable data source's batch
    /// allows them, so an item keeps its height whatever happens to the sections around it.
    var allowsMovesAcrossInsertedAndDeletedSections = false

    var isEmpty: Bool {
        insertedSections.isEmpty && deletedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && insertedRows.isEmpty && deletedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty
            && packedMovedRows.isEmpty
    }
}

/// How messages name things, so the table says "row" and the collection view "item".
struct UpdateVocabulary: Sendable {
    var view: String
    var row: String
    /// The public call that registers a cell class.
    var cellRegistration = ""

    static let table = UpdateVocabulary(view: "table view", row: "row", cellRegistration: "register(_:forCellReuseIdentifier:)")
    static let collection = UpdateVocabulary(view: "collection view", row: "item", cellRegistration: "register(_:forCellWithReuseIdentifier:)")

    func describe(_ indexPath: IndexPath) -> String {
        indexPath.count == 2 ? "(section \(indexPath.section), \(row) \(indexPath.row))" : "\(Array(indexPath))"
    }

    func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// Reads the data source's section and row counts, throwing a message that
    /// names the method, the section and the value when one is negative (see Docs/mutations.md).
    func readCounts(
        sections: () -> Int, sectionsMethod: String,
        rows: (Int) -> Int, rowsMethod: String
    ) throws(ReuseTableError) -> [Int] {
        let count = sections()
        guard count >= 0 else {
            throw ReuseTableError("\(sectionsMethod) returned \(count); a \(view) has 0 or more sections.")
        }
        return try (0..<count).map { section throws(ReuseTableError) in
            let n = rows(section)
            guard n >= 0 else {
                throw ReuseTableError("\(rowsMethod) returned \(n) for section \(section); a section has 0 or more \(row)s.")
            }
            return n
        }
    }
}

/// Records mutation calls into one `BatchUpdate`: `begin`/`end` nest, and
/// the outermost `end` hands the batch over to be validated and applied.
/// Shared by `TableView` and `CollectionView`.
struct BatchRecorder {
    private var pending: BatchUpdate?
    private var depth = 0

    /// True when no batch is being recorded.
    var isIdle: Bool { depth == 0 && pending == nil }

    mutating func begin() {
        if depth == 0 { pending = BatchUpdate() }
        depth += 1
    }

    /// Ends one level; returns the batch when the outermost level ends.
    mutating func end() -> BatchUpdate? {
        precondition(depth > 0, "ReuseTable: endUpdates() without beginUpdates()")
        depth -= 1
        guard depth == 0 else { return nil }
        defer { pending = nil }
        return pending
    }

    /// Adds one call's changes to the batch being recorded; false when none is.
    mutating func record(_ change: (inout BatchUpdate) -> Void) -> Bool {
        guard pending != nil else { return false }
        change(&pending!)
        return true
    }

}
