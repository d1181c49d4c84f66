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
}

extension TableViewDataSource {
    /// Default: one section, as in UIKit.
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
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
