import Foundation
import ReuseTable
import Testing

/// A cell that remembers what it was configured for: the cell `makeTable` registers unless told otherwise.
public final class TestCell: TableViewCell {
    /// The index path the data source configured it for; nil once it is prepared for reuse.
    public var configuredFor: IndexPath?
    /// How many times it was prepared for reuse.
    public var prepareCount = 0
    /// Height `sizeThatFits` reports (self-sizing tests set it while configuring).
    public var fittingHeight: CGFloat = 0

    /// A cell for `reuseIdentifier`, configured for nothing yet.
    public required init(reuseIdentifier: String?) { super.init(reuseIdentifier: reuseIdentifier) }

    public override func prepareForReuse() { prepareCount += 1; configuredFor = nil }
    public override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: fittingHeight) }
}

/// A `width` × `height` table at the origin over `source`, its data source and delegate, with `cell`
/// registered for `identifier`; `configure` runs next, then `reloadData()` unless `reload` is false.
///
/// The one table builder of the test targets: a fixture that needs more (a source's own cell, self-sizing,
/// estimates) says so through the parameters and `configure`. Every diagnostic fails the test at the line
/// that made the table; a test that provokes them on purpose sets its own `diagnosticHandler` in `configure`.
@MainActor
public func makeTable(
    _ source: some TableViewDataSource & TableViewDelegate,
    cell: TableViewCell.Type = TestCell.self, identifier: String = "cell",
    width: CGFloat = 320, height: CGFloat = 200, style: TableView.Style = .plain,
    reload: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation,
    configure: (TableView) -> Void = { _ in }
) -> TableView {
    let table = TableView(frame: CGRect(x: 0, y: 0, width: width, height: height), style: style)
    table.register(cell, forCellReuseIdentifier: identifier)
    table.dataSource = source
    table.delegate = source
    table.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)", sourceLocation: sourceLocation) }
    configure(table)
    if reload { table.reloadData() }
    return table
}
