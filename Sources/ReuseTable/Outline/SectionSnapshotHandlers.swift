import Foundation

/// The app's say in expanding and collapsing items of a section snapshot, asked when an item's
/// outline disclosure is tapped (`tapOutlineDisclosure(at:)`), in UIKit's order:
/// `shouldExpandItem` → `willExpandItem` → `snapshotForExpandingParent` → the apply, or
/// `shouldCollapseItem` → `willCollapseItem` → the apply (UIKit: `SectionSnapshotHandlers`).
///
/// ```swift
/// dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { folder, _ in
///     var children = DiffableDataSourceSectionSnapshot<Entry>()
///     children.append(list(folder))     // listed only when the folder opens
///     return children
/// }
/// ```
public struct SectionSnapshotHandlers<Item: Hashable & Sendable> {
    /// Whether the item may expand; nil (the default) lets every item expand.
    public var shouldExpandItem: (@MainActor (Item) -> Bool)?
    /// Whether the item may collapse; nil (the default) lets every item collapse.
    public var shouldCollapseItem: (@MainActor (Item) -> Bool)?
    /// Called before an item expands.
    public var willExpandItem: (@MainActor (Item) -> Void)?
    /// Called before an item collapses.
    public var willCollapseItem: (@MainActor (Item) -> Void)?
    /// The children an expanding item gets: called with the item and a snapshot of its current
    /// children (`snapshot(of:)`); what it returns replaces them (`replace(childrenOf:using:)`).
    /// For children made lazily, when the parent opens.
    public var snapshotForExpandingParent: (@MainActor (Item, DiffableDataSourceSectionSnapshot<Item>) -> DiffableDataSourceSectionSnapshot<Item>)?

    /// No handlers: every item expands and collapses, children as they are.
    public init() {}
}
