import Foundation

// The collection view's name for a tap on an outline disclosure; what it does is the table's
// too (`Outline/ReuseEngineView+OutlineExpansion.swift`).

extension CollectionView {
    /// The headless stand-in for a tap on the outline disclosure of the item at `indexPath`
    /// (whether or not its cell shows one): a diffable data source with section snapshots
    /// expands or collapses the item through its `sectionSnapshotHandlers`, as UIKit's
    /// `outlineDisclosure` accessory does. Any other data source ignores it. An index path
    /// outside the collection view stops with a message.
    /// - Complexity: that of the handlers and the section snapshot's apply.
    public func tapOutlineDisclosure(at indexPath: IndexPath) {
        tapOutlineDisclosureFromPublicCall(at: indexPath)
    }
}
