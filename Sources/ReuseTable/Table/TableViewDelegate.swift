import Foundation

/// Heights, header and footer views, and display events (UIKit: `UITableViewDelegate`).
///
/// Every method is optional. Swift has no `respondsToSelector:`, so each
/// height method's default implementation tells the table it was used; that is
/// how a table with a fixed `rowHeight` learns it need not ask every row, which
/// keeps `reloadData()` O(sections) (see `TableView.reloadData()`).
@MainActor
public protocol TableViewDelegate: AnyObject {
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat
    func tableView(_ tableView: TableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat
    func tableView(_ tableView: TableView, estimatedHeightForFooterInSection section: Int) -> CGFloat
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View?
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View?
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
}

/// The delegate height methods whose default implementation reports itself.
enum DelegateHeightMethod: CaseIterable {
    case row, estimatedRow, header, footer, estimatedHeader, estimatedFooter

    /// The method's name, for messages.
    var name: StaticString {
        switch self {
        case .row: "tableView(_:heightForRowAt:)"
        case .estimatedRow: "tableView(_:estimatedHeightForRowAt:)"
        case .header: "tableView(_:heightForHeaderInSection:)"
        case .footer: "tableView(_:heightForFooterInSection:)"
        case .estimatedHeader: "tableView(_:estimatedHeightForHeaderInSection:)"
        case .estimatedFooter: "tableView(_:estimatedHeightForFooterInSection:)"
        }
    }
}

extension TableViewDelegate {
    /// Default: the table's `rowHeight`.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.noteDefaultImplementation(.row)
        return tableView.rowHeight
    }
    /// Default: the table's `estimatedRowHeight`.
    public func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.noteDefaultImplementation(.estimatedRow)
        return tableView.estimatedRowHeight
    }
    /// Default: the table's `sectionHeaderHeight` (`automaticDimension`: the header view's fitting height, or 0 without a view).
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
        tableView.noteDefaultImplementation(.header)
        return tableView.sectionHeaderHeight
    }
    /// Default: the table's `sectionFooterHeight`.
    public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat {
        tableView.noteDefaultImplementation(.footer)
        return tableView.sectionFooterHeight
    }
    /// Default: the table's `estimatedSectionHeaderHeight`.
    public func tableView(_ tableView: TableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat {
        tableView.noteDefaultImplementation(.estimatedHeader)
        return tableView.estimatedSectionHeaderHeight
    }
    /// Default: the table's `estimatedSectionFooterHeight`.
    public func tableView(_ tableView: TableView, estimatedHeightForFooterInSection section: Int) -> CGFloat {
        tableView.noteDefaultImplementation(.estimatedFooter)
        return tableView.estimatedSectionFooterHeight
    }
    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
    public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
}
