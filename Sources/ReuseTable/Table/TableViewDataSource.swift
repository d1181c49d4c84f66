import Foundation

/// Supplies the rows of a `TableView` (UIKit: `UITableViewDataSource`).
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// Number of sections; the default is 1.
    func numberOfSections(in tableView: TableView) -> Int
    /// Number of rows in `section`.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// A configured cell for the row, usually from `dequeueReusableCell(withIdentifier:for:)`.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell

    // MARK: Editing (`TableView+Editing.swift`, `TableView+Swipe.swift`)

    /// Whether the row can be edited: false offers no swipe actions at all on it. Default: true.
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// The user asked to delete (or insert) the row — the default swipe's Delete action calls it
    /// with `.delete`. Change the model, then tell the table (`deleteRows(at:with:)`). Default: nothing.
    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath)

    // MARK: Section index (`TableView+SectionIndex.swift`)

    /// The titles of the section index (the bar on the side), or nil for none. Default: nil.
    func sectionIndexTitles(for tableView: TableView) -> [String]?
    /// The section an index title stands for. Default: `index` (one title per section).
    func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int

    // MARK: Reordering

    /// Whether the row may be lifted and moved (`beginInteractiveMovementForRow(at:)`). Optional.
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// A lifted row was dropped: move it in the model. Called once per movement, with the
    /// destination in the index space after the move; the table then moves the row itself,
    /// as `moveRow(at:to:)` does. Optional.
    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension TableViewDataSource {
    /// Default: one section, as in UIKit.
    public func numberOfSections(in tableView: TableView) -> Int { 1 }

    // MARK: Editing

    /// Default: true, as UIKit.
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}

    // MARK: Section index

    /// Default: nil (no index).
    public func sectionIndexTitles(for tableView: TableView) -> [String]? { nil }
    /// Default: `index`.
    public func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }

    // MARK: Reordering

    /// Default: false. UIKit answers true when `moveRowAt` is implemented; Swift cannot see
    /// that, so a data source that reorders says so here.
    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Default: nothing.
    public func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

/// Told about rows that are about to scroll on screen, nearest first, so data
/// can be loaded ahead (UIKit: `UITableViewDataSourcePrefetching`).
@MainActor
public protocol TableViewDataSourcePrefetching: AnyObject {
    /// Rows that will probably be needed soon, nearest to the viewport first.
    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath])
    /// Rows previously announced that are no longer about to appear. Optional.
    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension TableViewDataSourcePrefetching {
    /// Default: does nothing.
    public func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}
