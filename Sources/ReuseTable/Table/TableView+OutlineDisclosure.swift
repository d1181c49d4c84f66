import Foundation

extension TableView {
    /// The headless stand-in for a tap on the outline disclosure of the row at `indexPath`
    /// (whether or not its cell shows one): a diffable data source with section snapshots
    /// expands or collapses the row's item through its `sectionSnapshotHandlers`. Any other data
    /// source ignores it. An index path outside the table stops with a message.
    /// - Complexity: that of the handlers and the section snapshot's apply.
    public func tapOutlineDisclosure(at indexPath: IndexPath) {
        if deferIfBusy("tapOutlineDisclosure(at:)", { [self] in tapOutlineDisclosure(at: indexPath) }) { return }
        loadIfNeeded()
        do { try validateSelectionTarget(indexPath, from: "tapOutlineDisclosure(at:)") } catch { ReuseTableError.trap(error) }
        (dataSource as? OutlineDisclosureToggling)?.toggleOutlineDisclosure(at: indexPath)
    }
}
