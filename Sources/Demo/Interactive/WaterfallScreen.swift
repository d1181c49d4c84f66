import Foundation
import ReuseTable
import ReuseTableTerminal

/// The feed as a waterfall (`c` in the interactive demo): a real `CollectionView`
/// with a `WaterfallLayout`, one section per day, tiles sized by `FeedTileCell`,
/// each day under its header: a section header (`DayHeaderTile`, a supplementary
/// view one line tall and as wide as the screen, reused like the tiles).
///
/// A waterfall cannot use estimated heights: where an item lands depends on the
/// height of every item before it in its section, so `reloadData` asks every
/// height up front (the status line shows how long that took). That is why the
/// waterfall shows the first `days` days, not the table's thousand — and why the
/// feed is split into days: an insert re-places only the items after it *in its
/// day* (`WaterfallLayout.itemsPlacedByLastPrepare`), the other days just shift.
///
/// Edits made here (`i`, `d`) go to the shared `FeedModel`; when the waterfall
/// closes with `edits`, `FeedApp` reloads the table.
@MainActor
final class WaterfallScreen: CollectionViewDataSource, WaterfallLayoutDelegate {
    /// One insert or delete made in the waterfall.
    enum Edit: Equatable {
        case insert(IndexPath)
        case delete(IndexPath)
    }

    let feed: FeedDataSource
    let collection: CollectionView
    let layout: WaterfallLayout
    /// Days (sections) shown.
    let days: Int
    /// Full screen width (the collection takes all of it, or a portrait share after `w`).
    private(set) var screenWidth: Int
    private(set) var isRotated: Bool
    /// Inserts and deletes made here, in order.
    private(set) var edits: [Edit] = []
    /// What the last key did.
    private(set) var message: String
    /// Items the layout placed in the last `reloadData` / update / width change, and how long it took.
    private(set) var lastPlaced = 0
    private(set) var lastUpdateMicroseconds: UInt64 = 0
    /// What the last placement was ("reload", "insert", "delete", "width").
    private(set) var lastPlacementCause = "reload"
    /// Heights the layout asked of the delegate so far.
    private(set) var heightsAsked = 0
    /// Serial numbers handed out: the cells this screen has seen.
    private(set) var cellsNumbered = 0
    /// False in golden tests: times differ from run to run.
    var showsTimings: Bool

    /// A waterfall of the first `days` days of `feed`, in a `width` × `height` area.
    init(feed: FeedDataSource, days: Int, width: Int, height: Int, isRotated: Bool = false, showsTimings: Bool = true) {
        self.feed = feed
        self.showsTimings = showsTimings
        self.days = min(days, feed.model.sectionCount)
        screenWidth = width
        self.isRotated = isRotated
        layout = WaterfallLayout(numberOfColumns: 2, margin: 1)
        collection = CollectionView(frame: .zero, collectionViewLayout: layout)
        message = ""
        collection.register(FeedTileCell.self, forCellWithReuseIdentifier: FeedTileCell.identifier)
        collection.register(
            DayHeaderTile.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
            withReuseIdentifier: DayHeaderTile.identifier)
        layout.delegate = self
        collection.dataSource = self
        collection.diagnosticHandler = { _ in }
        collection.frame = CGRect(x: 0, y: 0, width: collectionWidth, height: max(1, height))
        layout.numberOfColumns = WaterfallScreen.columns(forWidth: collectionWidth)
        timePlacement("reload") { collection.reloadData() }
        message =
            "reloadData: \(itemCount.grouped) heights asked and placed in \(millis(lastUpdateMicroseconds)). "
            + "i/d insert/delete at ▶ · w width · c table"
    }

    /// 3 columns on a wide screen, 2 on a narrow one.
    static func columns(forWidth width: Int) -> Int { width >= 90 ? 3 : 2 }

    /// Portrait is a little over half the width, as `FeedApp.tableWidth`.
    var collectionWidth: Int { isRotated ? max(24, screenWidth * 11 / 20) : screenWidth }

    var itemCount: Int { (0..<days).reduce(0) { $0 + feed.model.numberOfRows(inSection: $1) } }

    // MARK: Size

    /// The terminal changed size.
    func resize(width: Int, height: Int) {
        screenWidth = width
        applyFrame(height: height)
    }

    private func applyFrame(height: Int) {
        let width = collectionWidth
        timePlacement("width") {
            let columns = WaterfallScreen.columns(forWidth: width)
            if layout.numberOfColumns != columns { layout.numberOfColumns = columns }
            collection.frame = CGRect(x: 0, y: 0, width: width, height: max(1, height))
            collection.layoutIfNeeded()
        }
        if collection.contentOffset.y > collection.maximumContentOffsetY {
            collection.contentOffset.y = collection.maximumContentOffsetY
        }
    }

    /// Runs `work`, then records how many items the layout placed and how long it took.
    private func timePlacement(_ cause: String, _ work: () -> Void) {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        lastUpdateMicroseconds = (DispatchTime.now().uptimeNanoseconds - start) / 1_000
        lastPlaced = layout.itemsPlacedByLastPrepare
        lastPlacementCause = cause
    }

    // MARK: Keys

    /// Applies a waterfall key; nil for keys `FeedApp` handles the same in both views (quit, help, `c`).
    func handle(_ key: Key) -> FeedApp.Outcome? {
        let page = max(1, Int(collection.bounds.height) - 2)
        switch key {
        case .down, .char("j"): return scroll(by: 1)
        case .up, .char("k"): return scroll(by: -1)
        case .wheelDown: return scroll(by: 3)
        case .wheelUp: return scroll(by: -3)
        case .pageDown, .char(" "), .ctrl("f"): return scroll(by: page)
        case .pageUp, .char("b"), .ctrl("b"): return scroll(by: -page)
        case .home, .char("<"):
            collection.contentOffset = .zero
            message = "Top."
            return .changed
        case .end, .char(">"), .char("G"):
            collection.contentOffset.y = collection.maximumContentOffsetY
            message = "End: the bottom of the tallest column of day \(days)."
            return .changed
        case .char("i"): return insertItem()
        case .char("d"): return deleteItem()
        case .char("w"): return rotate()
        case .char("p"):
            collection.isReusePoolEnabled.toggle()
            message =
                collection.isReusePoolEnabled
                ? "Pool on: tiles scrolling in reuse tiles that scrolled out."
                : "Pool off: every tile scrolling in creates a cell. Scroll and watch 'created' climb."
            return .changed
        case .char("g"), .char("s"), .char("e"), .char("+"), .char("="):
            message = "That key works in the table view; c returns to it."
            return .changed
        default: return nil
        }
    }

    func scroll(by lines: Int) -> FeedApp.Outcome {
        let old = collection.contentOffset.y
        let target = min(max(0, old + CGFloat(lines)), collection.maximumContentOffsetY)
        guard target != old else { return .unchanged }
        collection.contentOffset = CGPoint(x: 0, y: target)
        return .changed
    }

    /// `i`: a new post at the marked tile's index path, through `performBatchUpdates`.
    func insertItem() -> FeedApp.Outcome {
        guard let indexPath = cursorIndexPath ?? firstIndexPath else { return .unchanged }
        let asked = heightsAsked
        feed.model.insertPost(at: indexPath)
        timePlacement("insert") {
            collection.performBatchUpdates({ [collection] in collection.insertItems(at: [indexPath]) }, completion: nil)
        }
        edits.append(.insert(indexPath))
        refreshHeader(ofDay: indexPath.section)
        let count = collection.numberOfItems(inSection: indexPath.section)
        message =
            "insertItems([\(indexPath.item), day \(indexPath.section + 1)]): \(heightsAsked - asked) height asked, "
            + "re-placed \(lastPlaced.grouped) of the day's \(count.grouped); other days shifted."
        return .changed
    }

    /// `d`: deletes the marked tile's post.
    func deleteItem() -> FeedApp.Outcome {
        guard let indexPath = cursorIndexPath else { return .unchanged }
        feed.model.deletePost(at: indexPath)
        timePlacement("delete") {
            collection.performBatchUpdates({ [collection] in collection.deleteItems(at: [indexPath]) }, completion: nil)
        }
        edits.append(.delete(indexPath))
        refreshHeader(ofDay: indexPath.section)
        message =
            "deleteItems([\(indexPath.item), day \(indexPath.section + 1)]): cell back to the pool, "
            + "re-placed \(lastPlaced.grouped) items after it."
        return .changed
    }

    /// `w`: a narrower collection (or back); every height is asked again at the new item width.
    func rotate() -> FeedApp.Outcome {
        isRotated.toggle()
        let asked = heightsAsked
        applyFrame(height: Int(collection.bounds.height))
        message =
            "Width \(collectionWidth), \(layout.numberOfColumns) columns: \((heightsAsked - asked).grouped) heights "
            + "asked again, all re-placed in \(millis(lastUpdateMicroseconds)). w: back"
        return .changed
    }

    private var firstIndexPath: IndexPath? {
        (0..<days).first { feed.model.numberOfRows(inSection: $0) > 0 }.map { IndexPath(item: 0, section: $0) }
    }

    /// The tile `i` and `d` act on: the lowest index path among tiles starting on screen
    /// (so an insert lands near the top of the day on screen).
    var cursorIndexPath: IndexPath? {
        let top = collection.contentOffset.y
        let visible = collection.indexPathsForVisibleItems
        return visible.first { (collection.cellForItem(at: $0)?.frame.minY ?? -1) >= top } ?? visible.first
    }

    // MARK: CollectionViewDataSource

    func numberOfSections(in collectionView: CollectionView) -> Int { days }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        feed.model.numberOfRows(inSection: section)
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: FeedTileCell.identifier, for: indexPath) as! FeedTileCell
        if cell.serial == 0 {
            cellsNumbered += 1
            cell.serial = cellsNumbered
        }
        cell.configure(with: feed.model.post(at: indexPath))
        return cell
    }

    /// A day's header, configured for its current post count.
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind elementKind: String,
        at indexPath: IndexPath
    ) -> CollectionReusableView {
        let header =
            collectionView.dequeueReusableSupplementaryView(
                ofKind: elementKind, withReuseIdentifier: DayHeaderTile.identifier,
                for: indexPath) as! DayHeaderTile
        configure(header, day: indexPath.section)
        return header
    }

    private func configure(_ header: DayHeaderTile, day: Int) {
        header.title.text = "\(FeedGenerator.dayTitle(day)) · \(feed.model.numberOfRows(inSection: day).grouped) posts"
    }

    /// An insert or delete changes a day's count: the header on screen is configured again in place (as in UIKit,
    /// a visible supplementary view is not asked again for an item change).
    private func refreshHeader(ofDay day: Int) {
        let header = collection.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: day))
        if let header = header as? DayHeaderTile { configure(header, day: day) }
    }

    // MARK: WaterfallLayoutDelegate

    /// Every day has a one-line header above its tiles.
    func collectionView(_ collectionView: CollectionView, layout: WaterfallLayout, heightForHeaderInSection section: Int) -> CGFloat { 1 }

    /// The tile's height from the generator and `Label.wrap` at the column width: O(1) per item.
    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout,
        heightForItemAt indexPath: IndexPath, itemWidth: CGFloat
    ) -> CGFloat {
        heightsAsked += 1
        return FeedTileCell.height(of: feed.model.post(at: indexPath), itemWidth: itemWidth)
    }

    // MARK: Screen

    /// Draws the collection (and the portrait margin after `w`) into the top of `grid`.
    func render(into grid: inout CharGrid) {
        let cursor = cursorIndexPath
        for indexPath in collection.indexPathsForVisibleItems {
            (collection.cellForItem(at: indexPath) as? FeedTileCell)?.isCursor = indexPath == cursor
        }
        Renderer.render(collection, into: &grid)
        if isRotated {
            let x = collectionWidth
            for y in 0..<Int(collection.bounds.height) where x < grid.width {
                grid.write("│", x: x, y: y, style: GridStyle(dim: true))
                grid.fill(GridRect(x: x + 1, y: y, width: grid.width - x - 1, height: 1), character: "·", style: GridStyle(dim: true))
            }
        }
    }

    /// Counters at one moment.
    struct Snapshot: Equatable {
        var items: Int
        var visibleCells: Int
        var poolSize: Int
        var cellsCreated: Int
        var columns: Int
        /// Items placed by the last reload, update or width change.
        var placedByLastUpdate: Int
        var heightsAsked: Int
        var layoutMicroseconds: UInt64
    }

    var snapshot: Snapshot {
        Snapshot(
            items: itemCount, visibleCells: collection.visibleCells.count, poolSize: collection.reusePoolCount,
            cellsCreated: collection.counters.cellsCreated, columns: layout.numberOfColumns,
            placedByLastUpdate: lastPlaced, heightsAsked: heightsAsked,
            layoutMicroseconds: collection.counters.lastLayoutNanoseconds / 1_000)
    }

    /// The two counter lines.
    var statusText: [String] {
        let s = snapshot
        let first =
            "waterfall · items \(s.items.grouped) · visible \(s.visibleCells) · pool \(s.poolSize) · "
            + "created \(s.cellsCreated) · \(s.columns) columns · layout \(showsTimings ? s.layoutMicroseconds.grouped : "–") µs"
        let second =
            "\(lastPlacementCause): re-placed \(s.placedByLastUpdate.grouped) items in "
            + "\(showsTimings ? lastUpdateMicroseconds.grouped : "–") µs · heights asked \(s.heightsAsked.grouped) · "
            + "\(days.grouped) days · pool \(collection.isReusePoolEnabled ? "on" : "off")"
            + (cursorIndexPath.map { " · ▶ day \($0.section + 1) post \(($0.item + 1).grouped)" } ?? "")
        return [first, second]
    }

    private func millis(_ micros: UInt64) -> String {
        guard showsTimings else { return "– ms" }
        return micros < 10_000 ? "\(micros.grouped) µs" : "\((micros / 1_000).grouped) ms"
    }
}
