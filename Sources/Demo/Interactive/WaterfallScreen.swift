import Foundation
import ReuseTable
import ReuseTableTerminal
import Figures
import Feed

/// The feed as a waterfall (`c` in the interactive demo): a real `CollectionView` with a
/// `WaterfallLayout`, one section per day under a `DayHeaderTile` header, tiles sized by `FeedTileCell`.
///
/// A waterfall cannot use estimated heights (an item's place depends on every height before it in
/// its section), so `reloadData` asks every height up front: hence the first `days` days only, and
/// a section per day, so an insert re-places only the rest of its day. The heights are computed off
/// the main thread first (`BackgroundHeights`). Edits made here (`i`, `d`, `m`) go to the shared
/// `FeedModel` and the collection view at once; `FeedApp` catches the table up when it closes.
@MainActor
final class WaterfallScreen: CollectionViewDataSource, WaterfallLayoutDelegate {
    /// One insert, delete or move made in the waterfall.
    enum Edit: Equatable {
        case insert(IndexPath)
        case delete(IndexPath)
        case move(IndexPath, IndexPath)

        /// The days it changed.
        var days: Set<Int> {
            switch self {
            case .insert(let indexPath), .delete(let indexPath): return [indexPath.section]
            case .move(let from, let to): return [from.section, to.section]
            }
        }
    }

    /// The waterfall's keys, one line each (`?` shows them over the waterfall).
    nonisolated static let keyHelp: [(String, String)] = [
        ("↑ ↓  j k", "focus the previous, next tile (wheel: scroll)"),
        ("PgUp PgDn", "focus a page up, down (also b, space)"),
        ("Home End", "focus the first, last tile (also < >)"),
        ("▶", "the focused tile (a click focuses it)"),
        ("i d m", "insert, delete, move the focused tile: batch updates"),
        ("E", "reorder mode: Space lifts the focused tile, arrows move it"),
        ("Enter", "select / deselect the focused tile (tapItem)"),
        ("w", "width change: tile heights computed again, all re-placed"),
        ("p", "reuse pool on/off: watch 'created'"),
        ("c", "back to the table"),
        ("?", "this help"),
        ("q", "quit"),
    ]

    let feed: FeedDataSource
    let collection: CollectionView
    let layout: WaterfallLayout
    /// Days (sections) shown.
    let days: Int
    /// Full screen width (the collection takes all of it, or a portrait share after `w`).
    private(set) var screenWidth: Int
    private(set) var isRotated: Bool
    /// Inserts, deletes and moves made here, in order.
    private(set) var edits: [Edit] = []
    /// What the last key did.
    private(set) var message: String
    /// Replaces the message line (the app says what opened the waterfall).
    func setMessage(_ text: String) { message = text }
    /// Notes a move made by a dropped tile (`WaterfallScreen+Reordering.swift`).
    func recordMove(from: IndexPath, to: IndexPath) { edits.append(.move(from, to)) }
    /// Items the layout placed in the last `reloadData` / update / width change, and how long it took.
    private(set) var lastPlaced = 0
    private(set) var lastUpdateMicroseconds: UInt64 = 0
    /// What the last placement was ("reload", "insert", "delete", "move", "width").
    private(set) var lastPlacementCause = "reload"
    /// Heights the layout asked of the delegate so far.
    private(set) var heightsAsked = 0
    /// Serial numbers handed out: the cells this screen has seen.
    private(set) var cellsNumbered = 0
    /// Tile heights by tile width (columns) and post id, computed off the main thread (`BackgroundHeights`).
    private(set) var tileHeights: [Int: [UInt64: CGFloat]]
    /// The heights of the other width `w` asked for, being computed.
    private var pendingWidth: BackgroundHeights?
    /// False in golden tests: times differ from run to run.
    var showsTimings: Bool
    /// The reorder mode (`E`) and, while a tile is lifted, where its center is (`WaterfallScreen+Reordering.swift`).
    var reorder: (isOn: Bool, target: CGPoint?) = (false, nil)
    /// What the left button went down on, until it comes up: a tile, or the scroll indicator (held
    /// this far below the thumb's top).
    private var mouseDown: (tile: IndexPath?, indicatorGrab: Int?)

    /// A waterfall of the first `days` days of `feed`, in a `width` × `height` area; `tileHeights` are
    /// the heights known so far (by tile width, then post id); missing ones are computed when asked.
    init(
        feed: FeedDataSource, days: Int, width: Int, height: Int, isRotated: Bool = false, showsTimings: Bool = true,
        tileHeights: [Int: [UInt64: CGFloat]] = [:]
    ) {
        self.feed = feed
        self.showsTimings = showsTimings
        self.days = min(days, feed.model.sectionCount)
        self.tileHeights = tileHeights
        screenWidth = width
        self.isRotated = isRotated
        layout = WaterfallLayout(numberOfColumns: 2, margin: WaterfallScreen.margin)
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
        collection.allowsFocus = true  // the marked tile is the collection view's focus (Docs/focus.md)
        collection.moveFocus(.first)
        message = "reloadData: \(itemCount.grouped) tiles placed in \(millis(lastUpdateMicroseconds)). ? keys · c table"
    }

    /// The gap between columns and between tiles.
    static let margin: CGFloat = 1

    /// 3 columns on a wide screen, 2 on a narrow one.
    static func columns(forWidth width: Int) -> Int { width >= 90 ? 3 : 2 }

    /// The whole columns of a tile in a collection `width` columns wide (what a tile's height depends on).
    static func tileColumns(forCollectionWidth width: Int) -> Int {
        let columns = CGFloat(self.columns(forWidth: width))
        return Int(((CGFloat(width) - (columns - 1) * margin) / columns).rounded(.down))
    }

    /// Portrait is a little over half the width, as `FeedApp.tableWidth`.
    var collectionWidth: Int { isRotated ? FeedApp.portraitWidth(of: screenWidth) : screenWidth }

    var itemCount: Int { (0..<days).reduce(0) { $0 + feed.model.numberOfRows(inSection: $1) } }

    // MARK: Size

    /// The terminal changed size.
    func resize(width: Int, height: Int) {
        screenWidth = width
        pendingWidth?.cancel()
        pendingWidth = nil
        applyFrame(height: height)
    }

    /// The status lines took a line more: the collection gets one less.
    func setHeight(_ height: Int) {
        guard Int(collection.bounds.height) != height else { return }
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

    /// Applies a waterfall key (`FeedApp` handles quit, help and `c` itself). Keys of the table
    /// only say so; any other key does nothing.
    func handle(_ key: Key) -> KeyResponse {
        if reorder.isOn { return handleReorder(key) }
        let page = max(1, Int(collection.bounds.height) - 2)
        switch key {
        case .char("E"): return toggleReorder()
        case .down, .char("j"): return collection.moveFocus(.next) ? .changed : scroll(by: 1)
        case .up, .char("k"): return collection.moveFocus(.previous) ? .changed : scroll(by: -1)
        case .wheelDown: return scroll(by: 3)
        case .wheelUp: return scroll(by: -3)
        case .mouse(let event): return click(event)
        case .pageDown, .char(" "), .ctrl("f"): return collection.moveFocus(.pageDown) ? .changed : scroll(by: page)
        case .pageUp, .char("b"), .ctrl("b"): return collection.moveFocus(.pageUp) ? .changed : scroll(by: -page)
        case .home, .char("<"):
            collection.moveFocus(.first)
            collection.contentOffset = .zero
            message = "Top."
            return .changed
        case .end, .char(">"), .char("G"):
            collection.moveFocus(.last)
            collection.contentOffset.y = collection.maximumContentOffsetY
            message = "End: the bottom of the tallest column of day \(days)."
            return .changed
        case .char("i"): return insertItem()
        case .char("d"): return deleteItem()
        case .char("m"): return moveItem()
        case .enter: return selectItem()
        case .char("w"): return rotate()
        case .char("p"):
            collection.isReusePoolEnabled.toggle()
            message =
                collection.isReusePoolEnabled
                ? "Pool on: tiles scrolling in reuse tiles that scrolled out."
                : "Pool off: every tile scrolling in creates a cell; scroll and watch 'created'."
            return .changed
        case .char("g"), .char("s"), .char("e"), .char("+"), .char("="), .char("a"):
            message = "\(key.name): a key of the table view; c returns to it, ? lists the waterfall's."
            return .changed
        default: return .unchanged
        }
    }

    func scroll(by lines: Int) -> KeyResponse {
        let old = collection.contentOffset.y
        let target = min(max(0, old + CGFloat(lines)), collection.maximumContentOffsetY)
        guard target != old else { return .unchanged }
        collection.contentOffset = CGPoint(x: 0, y: target)
        return .changed
    }

    /// `i`: a new post at the marked tile's index path, through `performBatchUpdates`.
    func insertItem() -> KeyResponse {
        guard let indexPath = cursorIndexPath ?? firstIndexPath else { return .unchanged }
        let asked = heightsAsked
        feed.model.insertPost(at: indexPath)
        timePlacement("insert") {
            collection.performBatchUpdates({ [collection] in collection.insertItems(at: [indexPath]) }, completion: nil)
        }
        edits.append(.insert(indexPath))
        refreshHeader(ofDay: indexPath.section)
        message =
            "i: insertItems, \(heightsAsked - asked) height asked; re-placed \(lastPlaced.grouped) tiles of "
            + "day \(indexPath.section + 1), shifted the rest."
        return .changed
    }

    /// `d`: deletes the marked tile's post.
    func deleteItem() -> KeyResponse {
        guard let indexPath = cursorIndexPath else { return .unchanged }
        feed.model.deletePost(at: indexPath)
        timePlacement("delete") {
            collection.performBatchUpdates({ [collection] in collection.deleteItems(at: [indexPath]) }, completion: nil)
        }
        edits.append(.delete(indexPath))
        refreshHeader(ofDay: indexPath.section)
        message = "d: deleteItems, its cell back to the pool; re-placed \(lastPlaced.grouped) tiles after it."
        return .changed
    }

    /// `m`: moves the marked tile two places on in its day (from the last two, to the day's top).
    func moveItem() -> KeyResponse {
        guard let indexPath = cursorIndexPath else { return .unchanged }
        let count = feed.model.numberOfRows(inSection: indexPath.section)
        guard count > 1 else { return .unchanged }
        let target = IndexPath(item: indexPath.item + 2 < count ? indexPath.item + 2 : 0, section: indexPath.section)
        feed.model.movePost(from: indexPath, to: target)
        timePlacement("move") {
            collection.performBatchUpdates({ [collection] in collection.moveItem(at: indexPath, to: target) }, completion: nil)
        }
        edits.append(.move(indexPath, target))
        message =
            "m: moveItem(at: \(indexPath.item + 1), to: \(target.item + 1)), no height asked; "
            + "re-placed \(lastPlaced.grouped) tiles."
        return .changed
    }

    /// The mouse, as on a `ListScreen`: a left press on the scroll indicator (the last column) scrolls
    /// there and a drag follows the pointer; a press and a release on the same tile tap it
    /// (`tapItem(at:)`: focused, selected, then its primary action).
    func click(_ event: MouseEvent) -> KeyResponse {
        switch event.kind {
        case .press:
            mouseDown = (nil, nil)
            guard event.button == .left, event.line >= 0, event.line < Int(collection.bounds.height) else { return .unchanged }
            if event.column == Renderer.cell(collection.bounds.width) - 1, let indicator = ScrollIndicator(collection) {
                let grab = indicator.grab(at: event.line)
                mouseDown.indicatorGrab = grab
                return ScrollIndicator.drag(collection, holding: grab, to: event.line) ? .changed : .unchanged
            }
            mouseDown.tile = tile(atColumn: event.column, line: event.line)
            return .unchanged
        case .drag:
            guard let grab = mouseDown.indicatorGrab else { return .unchanged }
            return ScrollIndicator.drag(collection, holding: grab, to: event.line) ? .changed : .unchanged
        case .release:
            defer { mouseDown = (nil, nil) }
            guard let indexPath = mouseDown.tile, indexPath == tile(atColumn: event.column, line: event.line) else { return .unchanged }
            collection.focusItem(at: indexPath)
            collection.tapItem(at: indexPath)
            message = "Click: tapItem — day \(indexPath.section + 1), post \((indexPath.item + 1).grouped) selected."
            return .changed
        case .move:
            return .unchanged
        }
    }

    /// The tile under the screen cell (`column`, `line`), if any.
    private func tile(atColumn column: Int, line: Int) -> IndexPath? {
        guard line >= 0, line < Int(collection.bounds.height) else { return nil }
        let point = CGPoint(x: collection.bounds.minX + CGFloat(column) + 0.5, y: collection.bounds.minY + CGFloat(line) + 0.5)
        return collection.indexPathForItem(at: point)
    }

    /// Enter: selects the marked tile with the tap sequence (`tapItem(at:)`), or deselects it.
    func selectItem() -> KeyResponse {
        guard let indexPath = cursorIndexPath else { return .unchanged }
        let name = "day \(indexPath.section + 1), post \((indexPath.item + 1).grouped)"
        if collection.indexPathsForSelectedItems?.contains(indexPath) == true {
            collection.deselectItem(at: indexPath, animated: false)
            message = "deselectItem: \(name) is no longer selected."
        } else {
            collection.tapItem(at: indexPath)
            message = "tapItem: \(name) selected; kept by the collection view, not the cell."
        }
        return .changed
    }

    /// `w`: a narrower collection (or back); every height is asked again at the new tile width,
    /// computed first off the main thread unless known. `w` while they are computed cancels.
    func rotate() -> KeyResponse {
        if let pending = pendingWidth {
            pending.cancel()
            pendingWidth = nil
            message = "w: cancelled; the width stays \(collectionWidth)."
            return .changed
        }
        let newWidth = isRotated ? screenWidth : FeedApp.portraitWidth(of: screenWidth)
        let columns = WaterfallScreen.tileColumns(forCollectionWidth: newWidth)
        guard tileHeights[columns] != nil else {
            pendingWidth = BackgroundHeights(model: feed.model, days: 0..<days, columns: columns) { post, columns in
                FeedTileCell.height(of: post, itemWidth: CGFloat(columns))
            }
            message = "w: computing every tile's height at \(columns) columns off the main thread (w cancels)."
            return .changed
        }
        applyRotation(computed: nil)
        return .changed
    }

    private func applyRotation(computed nanoseconds: UInt64?) {
        isRotated.toggle()
        let asked = heightsAsked
        applyFrame(height: Int(collection.bounds.height))
        let computed = nanoseconds.map { " (computed in \(millis($0 / 1_000)))" } ?? ""
        message =
            "Width \(collectionWidth): \((heightsAsked - asked).grouped) heights\(computed), "
            + "re-placed in \(millis(lastUpdateMicroseconds)). w: back"
    }

    // MARK: Idle work

    /// True while the heights of another width are computed.
    var hasIdleWork: Bool { pendingWidth != nil }

    /// Applies the other width when its heights are computed (waiting for them until `deadline`);
    /// returns true (the progress changes too).
    func runIdleStep(waitingUntil deadline: DispatchTime) -> Bool {
        guard let pending = pendingWidth else { return false }
        guard let (heights, nanoseconds) = pending.result(waitingUntil: deadline) else { return true }
        pendingWidth = nil
        tileHeights[pending.columns, default: [:]].merge(heights) { old, _ in old }
        applyRotation(computed: nanoseconds)
        return true
    }

    /// Waits for the heights of another width and applies it (the tour and tests).
    func finishBackgroundWork() {
        while hasIdleWork { _ = runIdleStep(waitingUntil: .distantFuture) }
    }

    private var firstIndexPath: IndexPath? {
        (0..<days).first { feed.model.numberOfRows(inSection: $0) > 0 }.map { IndexPath(item: 0, section: $0) }
    }

    /// The marked tile `i`, `d`, `m` and Enter act on: the collection view's focused item, which
    /// follows its post through every edit (a deleted one hands focus to the next).
    var cursorIndexPath: IndexPath? { collection.indexPathForFocusedItem }

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
    func refreshHeader(ofDay day: Int) {
        let header = collection.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: day))
        if let header = header as? DayHeaderTile { configure(header, day: day) }
    }

    // MARK: WaterfallLayoutDelegate

    /// Every day has a one-line header above its tiles.
    func collectionView(_ collectionView: CollectionView, layout: WaterfallLayout, heightForHeaderInSection section: Int) -> CGFloat { 1 }

    /// The tile's height: computed beforehand off the main thread (`tileHeights`), or now from the
    /// generator and `Label.wrap` at the tile width (a new post): O(1) per item.
    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout,
        heightForItemAt indexPath: IndexPath, itemWidth: CGFloat
    ) -> CGFloat {
        heightsAsked += 1
        let columns = Int(itemWidth.rounded(.down))
        let id = feed.model.postID(at: indexPath)
        if let height = tileHeights[columns]?[id] { return height }
        let height = FeedTileCell.height(of: FeedGenerator.post(id: id), itemWidth: itemWidth)
        tileHeights[columns, default: [:]][id] = height
        return height
    }

    // MARK: Screen

    /// Draws the collection (and the portrait margin after `w`) into the top of `grid`.
    func render(into grid: inout CharGrid) {
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

    /// The counters, one short segment each; `FeedApp` packs them into lines without cutting one.
    var statusSegments: [String] {
        let s = snapshot
        var segments = [
            "waterfall", "items \(s.items.grouped)", "visible \(s.visibleCells)",
            collection.isReusePoolEnabled ? "pool \(s.poolSize)" : "pool off", "created \(s.cellsCreated)",
            "\(s.columns) columns", "layout \(showsTimings ? s.layoutMicroseconds.grouped : "–") µs",
            "\(lastPlacementCause): re-placed \(s.placedByLastUpdate.grouped) in \(millis(lastUpdateMicroseconds))",
            "heights asked \(s.heightsAsked.grouped)", "\(days.grouped) days",
        ]
        if let selected = collection.indexPathsForSelectedItems?.first {
            segments.append("selected day \(selected.section + 1) post \((selected.item + 1).grouped)")
        }
        if let cursor = cursorIndexPath { segments.append("▶ day \(cursor.section + 1) post \((cursor.item + 1).grouped)") }
        if let pending = pendingWidth { segments.append("tile heights \(pending.progressText)") }
        return segments
    }

    private func millis(_ micros: UInt64) -> String {
        guard showsTimings else { return "– ms" }
        return micros < 10_000 ? "\(micros.grouped) µs" : "\((micros / 1_000).grouped) ms"
    }
}
