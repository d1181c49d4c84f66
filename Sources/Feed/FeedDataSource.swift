import Foundation
import ReuseTable
import Figures

/// The feed's data source and delegate: days as sections, posts as self-sizing rows.
///
/// In the interactive demo the table's data source is a `TableViewDiffableDataSource`
/// whose cell provider calls `cell(in:at:postID:)`; this class stays the delegate
/// (day headers) and answers as a plain data source for the x-ray.
/// It owns the model (`FeedModel`), numbers each cell the first time it sees
/// it (the "cell #7" tag that makes reuse visible), and remembers how many
/// lines `+` added to a post so a re-measure (a width change) keeps them.
@MainActor
public final class FeedDataSource: TableViewDataSource, TableViewDelegate {
    /// How the feed's cells are laid out and measured (key `a`).
    public enum CellLayout: String, Sendable {
        /// `FeedCell`: frames set in `layoutSubviews`, height from `sizeThatFits`.
        case frames = "frame layout"
        /// `AutoLayoutFeedCell`: the same cell built with anchors, fitted by the engine.
        case autoLayout = "Auto Layout"
        /// `ConfiguredFeedCell`: the same design on a `ListContentConfiguration`, sized by its content view.
        case configured = "content configuration"

        var cellClass: FeedCell.Type {
            switch self {
            case .frames: return FeedCell.self
            case .autoLayout: return AutoLayoutFeedCell.self
            case .configured: return ConfiguredFeedCell.self
            }
        }
    }

    /// The posts shown: generated days plus the edits made through the demo.
    public var model: FeedModel
    /// The cell class rows are dequeued as; change it with `FeedApp`'s `a` (heights must be invalidated).
    public var cellLayout = CellLayout.frames
    /// When set, only the first `sectionLimit` days are shown (exact-height mode, see `FeedApp`).
    public var sectionLimit: Int?
    /// Lines added with `+`, by post id.
    public private(set) var extraLines: [UInt64: Int] = [:]
    /// Serial numbers handed out so far: the cells this data source has seen.
    private(set) var cellsNumbered = 0
    /// Exact-height mode: rows get their heights from `exactHeights` through the delegate's
    /// `heightForRowAt`; otherwise they self-size (`automaticDimension`).
    public var usesExactHeights = false
    /// Exact heights by width (columns) and post id, computed before the reload by `BackgroundHeights`.
    public var exactHeights: [Int: [UInt64: CGFloat]] = [:]
    /// The swipe actions of a row, by edge (set by `FeedApp`, see `FeedApp+Editing.swift`); nil: UIKit's defaults.
    public var swipeActions: (@MainActor (TableView, IndexPath, TableView.SwipeEdge) -> SwipeActionsConfiguration?)?
    /// What a row's primary action does (a click or Enter on it, after its selection); nil: nothing.
    public var primaryAction: (@MainActor (TableView, IndexPath) -> Void)?

    /// A data source over `model`; `install(in:)` connects it to a table.
    public init(model: FeedModel = FeedModel()) {
        self.model = model
    }

    /// Registers the cell classes (each under its own identifier) and the header, and sets self-sizing rows on `table`.
    public func install(in table: TableView) {
        for layout in [CellLayout.frames, .autoLayout, .configured] {
            table.register(layout.cellClass, forCellReuseIdentifier: layout.cellClass.identifier)
        }
        table.register(DayHeaderView.self, forHeaderFooterViewReuseIdentifier: DayHeaderView.identifier)
        table.rowHeight = TableView.automaticDimension
        // A terminal has no half lines: no hairline separator (the cell draws its own rule).
        table.separatorStyle = .none
        table.dataSource = self
        table.delegate = self
    }

    /// Sections shown.
    public var shownSections: Int { min(sectionLimit ?? model.sectionCount, model.sectionCount) }

    /// Rows shown.
    public var shownRows: Int {
        guard let limit = sectionLimit, limit < model.sectionCount else { return model.totalRows }
        return (0..<limit).reduce(0) { $0 + model.numberOfRows(inSection: $1) }
    }

    /// Adds `lines` blank lines under the post at `indexPath` (key `+`); its exact heights are computed again when asked.
    public func grow(_ indexPath: IndexPath, by lines: Int) {
        let id = model.postID(at: indexPath)
        extraLines[id, default: 0] += lines
        for columns in exactHeights.keys { exactHeights[columns]?[id] = nil }  // computed again, with the new lines, when asked
    }

    /// The height of the post with `id` in exact-height mode at `columns` (computed now if not known).
    func exactHeight(of id: UInt64, columns: Int) -> CGFloat {
        if let height = exactHeights[columns]?[id] { return height }
        let height = FeedCell.height(of: FeedGenerator.post(id: id), extraLines: extraLines[id] ?? 0, columns: columns)
        exactHeights[columns, default: [:]][id] = height
        return height
    }

    /// The average height of `sample` posts spread over the feed, at `width`: a good `estimatedRowHeight`.
    public func averageHeight(width: CGFloat, sample: Int = 200) -> CGFloat {
        let cell = FeedCell(reuseIdentifier: nil)
        var total: CGFloat = 0
        let rows = max(1, model.totalRows)
        for index in 0..<sample {
            let id = FeedGenerator.generatedID(day: 0, position: 0) + UInt64(index * rows / sample)
            cell.configure(with: FeedGenerator.post(id: id), extraLines: 0)
            total += cell.sizeThatFits(CGSize(width: width, height: 0)).height
        }
        return (total / CGFloat(sample)).rounded()
    }

    // MARK: TableViewDataSource

    /// The days shown (`shownSections`).
    public func numberOfSections(in tableView: TableView) -> Int { shownSections }

    /// The day's posts.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        model.numberOfRows(inSection: section)
    }

    /// A cell showing the post at `indexPath` (`cell(in:at:postID:)`).
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cell(in: tableView, at: indexPath, postID: model.postID(at: indexPath))
    }

    /// A cell of the current layout's class showing post `postID`: what `cellForRowAt` and the
    /// diffable data source's cell provider both return.
    public func cell(in tableView: TableView, at indexPath: IndexPath, postID: UInt64) -> FeedCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: cellLayout.cellClass.identifier, for: indexPath) as! FeedCell
        if cell.serial == 0 {
            cellsNumbered += 1
            cell.serial = cellsNumbered
        }
        cell.configure(with: FeedGenerator.post(id: postID), extraLines: extraLines[postID] ?? 0)
        return cell
    }

    // MARK: TableViewDelegate

    /// Self-sizing (`automaticDimension`), or in exact-height mode the height computed beforehand.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        guard usesExactHeights else { return TableView.automaticDimension }
        return exactHeight(of: model.postID(at: indexPath), columns: Int(tableView.bounds.width))
    }

    /// A day's header is one line.
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat { 1 }
    /// No footers.
    public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat { 0 }

    /// The day's header: its date and how many posts it holds.
    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
        let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: DayHeaderView.identifier) as! DayHeaderView
        let count = model.numberOfRows(inSection: section)
        header.title.text = "\(FeedGenerator.dayTitle(section)) · \(count.grouped) posts"
        return header
    }

    /// A row's primary action: `primaryAction`.
    public func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        primaryAction?(tableView, indexPath)
    }

    /// The actions a swipe from the leading edge reveals (`swipeActions`; nil: the table's default).
    public func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        swipeActions?(tableView, indexPath, .leading)
    }

    /// The actions a swipe from the trailing edge reveals (`swipeActions`; nil: the table's default).
    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        swipeActions?(tableView, indexPath, .trailing)
    }
}
