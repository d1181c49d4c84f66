import Foundation

// A tap on a row's outline disclosure, in the table's words; the tap itself is shared with the
// collection view (`Outline/ReuseEngineView+OutlineExpansion.swift`).

extension TableView {
    /// The headless stand-in for a tap on the outline disclosure of the row at `indexPath`
    /// (whether or not its cell shows one): a diffable data source with section snapshots
    /// expands or collapses the row's item through its `sectionSnapshotHandlers`. Any other data
    /// source ignores it. An index path outside the table stops with a message.
    /// - Complexity: that of the handlers and the section snapshot's apply.
    public func tapOutlineDisclosure(at indexPath: IndexPath) {
        tapOutlineDisclosureFromPublicCall(at: indexPath)
    }
}
