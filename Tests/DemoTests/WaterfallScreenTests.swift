import Foundation
import Testing
@testable import Demo
import ReuseTable
import ReuseTableTerminal
@testable import Feed

@MainActor
@Suite struct WaterfallScreenTests {
    /// A 3-day feed of 40 posts a day on a 76 × 20 screen, waterfall open.
    private func openWaterfall(width: Int = 76) -> (FeedApp, WaterfallScreen) {
        let app = FeedApp(width: width, height: 20, model: FeedModel(sections: 3, rowsPerSection: 40))
        app.showsTimings = false
        #expect(app.handle(.char("c")) == .changed)
        app.finishBackgroundWork()  // the tile heights, computed off the main thread
        return (app, app.waterfall!)
    }

    @Test func cTogglesAWaterfallOfNonOverlappingTilesInTwoOrThreeColumns() throws {
        for (width, columns) in [(76, 2), (100, 3)] {
            let (app, waterfall) = openWaterfall(width: width)
            #expect(waterfall.layout.numberOfColumns == columns)
            #expect(waterfall.collection.numberOfSections == 3)
            #expect(waterfall.snapshot.items == 120)
            #expect(waterfall.layout.itemsPlacedByLastPrepare == 120)
            let lines = app.render().lines
            #expect(lines[app.tableHeight].hasPrefix(" waterfall · items 120 · visible "))
            #expect(lines[app.tableHeight].contains(" \(columns) columns "))

            // Structural check of the grid: every visible tile is a box at one of the column
            // positions, and no two tiles' frames overlap.
            let frames = waterfall.collection.visibleCells.map(\.frame)
            #expect(frames.count >= columns)
            let itemWidth = waterfall.layout.itemWidth
            let columnXs = (0..<columns).map { CGFloat($0) * (itemWidth + 1) }
            #expect(Set(frames.map(\.minX)) == Set(columnXs))
            for (a, first) in frames.enumerated() {
                #expect(first.width == itemWidth)
                for second in frames[(a + 1)...] { #expect(!first.intersects(second), "\(first) overlaps \(second)") }
            }
            for frame in frames where frame.minY >= 0 && Int(frame.minY) < app.tableHeight {
                let x = Renderer.cell(frame.minX), y = Renderer.cell(frame.minY)
                #expect(lines[y].dropFirst(x).first == "┌", "a tile's top-left corner at (\(x), \(y))")
            }
            // The first day's header (a supplementary view) spans the first line; its tiles start below it at x of each column.
            #expect(lines[0].contains("\(FeedGenerator.dayTitle(0)) · 40 posts"))
            #expect(
                waterfall.collection.visibleSupplementaryViews(ofKind: CollectionView.elementKindSectionHeader).first?.frame
                    == CGRect(x: 0, y: 0, width: CGFloat(width), height: 1))
            let top = lines[1]
            #expect(top.filter { $0 == "┌" }.count == columns)

            #expect(app.handle(.char("c")) == .changed)
            #expect(app.waterfall == nil)
            #expect(app.render().lines[app.tableHeight].hasPrefix(" rows 120 "))
        }
    }

    @Test func tileHeightsMatchTheTemplateCellAndAreCapped() {
        let cell = FeedTileCell(reuseIdentifier: nil)
        for id in UInt64(0)..<300 {
            let post = FeedGenerator.post(id: id)
            cell.configure(with: post)
            for width in [CGFloat(24), 37.5, 32.666] {
                let height = FeedTileCell.height(of: post, itemWidth: width)
                #expect(height == cell.sizeThatFits(CGSize(width: width, height: 0)).height)
                #expect(height >= 3 && height <= CGFloat(FeedTileCell.maxBodyLines + 2))
            }
        }
    }

    @Test func insertRePlacesOnlyTheItemsAfterItInItsDayAndTheTableFollows() throws {
        let (app, waterfall) = openWaterfall()
        // Scroll into day 2 so the insert lands inside a section, not at its top.
        for _ in 0..<200 where (waterfall.cursorIndexPath?.section ?? 0) < 1 || (waterfall.cursorIndexPath?.item ?? 0) < 3 {
            _ = app.handle(.down)
        }
        let cursor = try #require(waterfall.cursorIndexPath)
        #expect(cursor.section == 1 && cursor.item >= 3)
        let asked = waterfall.heightsAsked
        #expect(app.handle(.char("i")) == .changed)
        #expect(waterfall.heightsAsked == asked + 1, "only the new item's height is asked")
        #expect(waterfall.layout.itemsPlacedByLastPrepare == 41 - cursor.item, "items before it and other days stay placed")
        #expect(waterfall.snapshot.placedByLastUpdate == 41 - cursor.item)
        #expect(waterfall.statusSegments.contains("insert: re-placed \(41 - cursor.item) in – ms"))
        #expect(waterfall.collection.numberOfItems(inSection: 1) == 41)
        #expect(app.feed.model.numberOfRows(inSection: 1) == 41)

        let deleted = try #require(waterfall.cursorIndexPath)
        #expect(app.handle(.char("d")) == .changed)
        #expect(waterfall.layout.itemsPlacedByLastPrepare == 40 - deleted.item)

        // Back in the table, which applied a snapshot of the edited day: one diff, no reloadData.
        _ = app.handle(.char("i"))
        _ = app.handle(.char("c"))
        #expect(app.table.numberOfRows(inSection: 1) == 41)
        #expect(app.feed.model.numberOfRows(inSection: 1) == 41)
        let apply = app.source.lastApply
        #expect(apply.inserted - apply.deleted == 1 && apply.moved == 0 && !apply.reloadedData)
        #expect(app.message.contains("3 edits, one apply: +\(apply.inserted) −\(apply.deleted) moved 0"))
    }

    @Test func widthChangeRePlacesEverythingAtTheNewColumnCount() {
        let (app, waterfall) = openWaterfall(width: 100)
        #expect(waterfall.layout.numberOfColumns == 3)
        let asked = waterfall.heightsAsked
        _ = app.handle(.char("w"))
        #expect(waterfall.layout.numberOfColumns == 3, "the new width waits for its heights")
        #expect(waterfall.statusSegments.contains { $0.hasPrefix("tile heights ") })
        app.finishBackgroundWork()
        #expect(waterfall.layout.numberOfColumns == 2)
        #expect(waterfall.collection.bounds.width == 55)
        #expect(waterfall.heightsAsked == asked + 120)
        #expect(waterfall.layout.itemsPlacedByLastPrepare == 120)
        _ = app.handle(.char("w"))
        #expect(waterfall.layout.numberOfColumns == 3, "heights known from before: at once")
    }

    @Test func thePoolBoundHoldsWhileScrollingTheWaterfall() {
        let app = FeedApp(width: 90, height: 24, model: FeedModel(sections: 4, rowsPerSection: 300))
        _ = app.handle(.char("c"))
        app.finishBackgroundWork()
        let waterfall = app.waterfall!
        for _ in 0..<60 { _ = app.handle(.pageDown) }
        for _ in 0..<25 { _ = app.handle(.pageUp) }
        for _ in 0..<200 { _ = app.handle(.down) }
        _ = app.handle(.end)
        _ = app.handle(.home)
        let counters = waterfall.collection.counters
        #expect(counters.mostVisibleAtOnce > 0)
        #expect(
            counters.cellsCreated <= counters.mostVisibleAtOnce + 2,
            "created \(counters.cellsCreated), most visible \(counters.mostVisibleAtOnce)")
        #expect(waterfall.cellsNumbered == counters.cellsCreated)
        // The same path without the pool creates a cell for every tile that appears.
        _ = app.handle(.char("p"))
        for _ in 0..<10 { _ = app.handle(.pageDown) }
        #expect(waterfall.collection.counters.cellsCreated > counters.cellsCreated + 10)
    }

    /// `c` computes the tile heights off the main thread: the table keeps answering keys meanwhile,
    /// the status line shows the progress, and `c` again cancels.
    @Test func cOpensOnceTheHeightsAreComputedAndKeysKeepWorkingMeanwhile() {
        let app = FeedApp(width: 76, height: 20, model: FeedModel(sections: 3, rowsPerSection: 40))
        #expect(app.handle(.char("c")) == .changed)
        #expect(app.waterfall == nil && app.hasIdleWork)
        #expect(app.message.hasPrefix("c: computing all 120 tile heights off the main thread"))
        #expect(app.statusSegments.contains { $0.hasPrefix("tile heights ") && $0.contains(" of 120 (") })
        #expect(app.handle(.down) == .changed, "the table still scrolls")
        #expect(app.handle(.char("c")) == .changed)
        #expect(app.message == "c: cancelled; the table stays." && app.pendingWaterfall == nil)
        _ = app.handle(.char("c"))
        while app.waterfall == nil { _ = app.runIdleStep() }
        #expect(app.waterfall?.snapshot.items == 120)
        #expect(app.waterfall?.message.contains("120 heights computed off-main in") == true)
        // Open again later: the heights are known, the waterfall opens without computing them again.
        _ = app.handle(.char("c"))
        _ = app.handle(.char("c"))
        _ = app.runIdleStep()
        #expect(app.waterfall != nil)
    }

    /// Enter selects the marked tile in the collection view, `m` moves it in the collection view and
    /// the model at once; neither reaches the hidden table until the waterfall closes.
    @Test func enterAndMActOnTheWaterfallNotTheHiddenTable() throws {
        let (app, waterfall) = openWaterfall()
        let marked = try #require(waterfall.cursorIndexPath)
        #expect(app.handle(.enter) == .changed)
        #expect(waterfall.collection.indexPathsForSelectedItems == [marked])
        #expect(app.table.indexPathsForSelectedRows == nil, "the table's selection is untouched")
        #expect(waterfall.statusSegments.contains("selected day 1 post 1"))
        let id = app.feed.model.postID(at: marked)
        #expect(app.handle(.char("m")) == .changed)
        let target = IndexPath(item: marked.item + 2, section: marked.section)
        #expect(app.feed.model.postID(at: target) == id)
        #expect((waterfall.collection.cellForItem(at: target) as? FeedTileCell)?.postID == id || waterfall.collection.cellForItem(at: target) == nil)
        #expect(waterfall.edits == [.move(marked, target)])
        #expect(waterfall.message.hasPrefix("m: moveItem(at: 1, to: 3)"))
        #expect(app.table.numberOfRows(inSection: 0) == 40)
        // Back in the table: the move arrives as one diff.
        _ = app.handle(.char("c"))
        #expect(app.source.lastApply.moved >= 1 && !app.source.lastApply.reloadedData)
        #expect(app.source.itemIdentifier(for: IndexPath(row: target.item, section: target.section)) == id)
        #expect(app.handle(.enter) == .changed)
        #expect(app.table.indexPathsForSelectedRows?.count == 1)
    }

    /// `?` shows the waterfall's keys there, and the table's keys only say they belong to the table.
    @Test func theWaterfallHasItsOwnKeyTable() {
        let (app, waterfall) = openWaterfall()
        #expect(app.handle(.char("?")) == .changed)
        let screen = app.render().lines.joined(separator: "\n")
        #expect(screen.contains(" Waterfall keys "))
        for (key, meaning) in WaterfallScreen.keyHelp.prefix(8) {
            #expect(screen.contains(key.padding(toLength: 11, withPad: " ", startingAt: 0) + meaning), "\(key)")
        }
        _ = app.handle(.escape)
        for key in [Key.char("e"), .char("s"), .char("a"), .char("g")] {
            #expect(app.handle(key) == .changed)
            #expect(waterfall.message.hasPrefix("\(key.name): a key of the table view"))
        }
        #expect(app.heightMode == .estimated && app.table.geometryStore == .tree && app.feed.cellLayout == .frames)
        #expect(app.handle(.char("x")) == .unchanged)
    }

    /// At 80 columns every counter segment of the waterfall is whole on screen, and every message fits.
    @Test func statusLinesAndMessagesFitEightyColumnsInTheWaterfall() {
        let (app, waterfall) = openWaterfall(width: 80)
        app.showsTimings = true
        waterfall.showsTimings = true
        for key in [Key.pageDown, .char("i"), .char("d"), .char("m"), .enter, .char("p"), .char("w"), .char("e"), .end, .char("w")] {
            _ = app.handle(key)
            app.finishBackgroundWork()
            let status = app.render().lines.suffix(app.statusLineCount)
            for segment in waterfall.statusSegments {
                #expect(status.dropLast().contains { $0.contains(" " + segment) }, "after \(key): '\(segment)' cut: \(status)")
            }
            #expect(waterfall.message.count <= 79, "after \(key): message too long: \(waterfall.message)")
        }
    }

    /// A body longer than a tile's six lines ends its sixth with "…"; the tile's height does not change.
    @Test func aTileCutAtSixLinesEndsWithAnEllipsis() throws {
        let long = Array(repeating: "table cell reuse pool", count: 12).joined(separator: " ")
        let shown = FeedTileCell.shownBody(long, columns: 20)
        let lines = shown.components(separatedBy: "\n")
        #expect(lines.count == FeedTileCell.maxBodyLines)
        #expect(lines.last?.hasSuffix("…") == true && lines.allSatisfy { displayWidth($0) <= 20 })
        #expect(FeedTileCell.shownBody("short text", columns: 20) == "short text")
        let six = Array(repeating: "word", count: 24).joined(separator: " ")  // exactly six lines of 20
        #expect(!FeedTileCell.shownBody(six, columns: 20).contains("…"))
        // Drawn in a tile 20 wide (a body of 16 columns): the sixth body line of a cut post ends with "…".
        let post = try #require(
            (UInt64(0)..<5_000).lazy.map { FeedGenerator.post(id: $0) }.first {
                Label.wrap($0.body, columns: 16).count > FeedTileCell.maxBodyLines
            })
        let cell = FeedTileCell(reuseIdentifier: nil)
        cell.configure(with: post)
        cell.frame = CGRect(x: 0, y: 0, width: 20, height: FeedTileCell.height(of: post, itemWidth: 20))
        cell.layoutIfNeeded()
        let grid = Renderer.render(cell, width: 20, height: 8)
        #expect(cell.frame.height == 8)
        #expect(grid.lines[6].contains("…") && grid.lines[6].hasSuffix("│"))
        #expect(grid.lines[7].hasPrefix("└"))
    }

    /// The marked tile is the collection view's focus: the keys move it and keep it on screen, the
    /// ▶ is drawn on its cell only, a click focuses, and deleting it hands focus to the next tile.
    @Test func theMarkedTileIsTheCollectionViewsFocus() throws {
        let (app, waterfall) = openWaterfall()
        let view = waterfall.collection
        #expect(view.indexPathForFocusedItem == IndexPath(item: 0, section: 0))
        for _ in 0..<25 { _ = app.handle(.down) }
        let focused = try #require(view.indexPathForFocusedItem)
        #expect(focused == IndexPath(item: 25, section: 0))
        let frame = try #require(view.layoutAttributesForItem(at: focused)?.frame)
        #expect(frame.minY >= view.contentOffset.y && frame.maxY <= view.contentOffset.y + view.bounds.height, "kept on screen")
        _ = app.render()
        for indexPath in view.indexPathsForVisibleItems {
            #expect((view.cellForItem(at: indexPath) as? FeedTileCell)?.isCursor == (indexPath == focused), "▶ at \(indexPath)")
        }
        let next = app.feed.model.postID(at: IndexPath(item: 26, section: 0))
        #expect(app.handle(.char("d")) == .changed)
        #expect(view.indexPathForFocusedItem == focused && app.feed.model.postID(at: focused) == next, "the next tile takes focus")
        let other = try #require(view.indexPathsForVisibleItems.first { $0 != focused })
        let otherFrame = try #require(view.layoutAttributesForItem(at: other)?.frame)
        let (column, line) = (Int(otherFrame.midX), Int(otherFrame.midY - view.contentOffset.y))
        _ = app.handle(.mouse(MouseEvent(kind: .press, button: .left, column: column, line: line)))
        _ = app.handle(.mouse(MouseEvent(kind: .release, button: .left, column: column, line: line)))
        #expect(view.indexPathForFocusedItem == other, "a click focuses")
    }

    /// The mouse on the waterfall, as on a `ListScreen`: a press on the scroll indicator scrolls there and a
    /// drag follows; a press on one tile and a release on another taps neither.
    @Test func theIndicatorDragsAndAClickIsAPressAndAReleaseOnOneTile() throws {
        let (app, waterfall) = openWaterfall()
        let view = waterfall.collection
        let column = Renderer.cell(view.bounds.width) - 1, last = Int(view.bounds.height) - 1
        func mouse(_ kind: MouseEvent.Kind, _ column: Int, _ line: Int) -> KeyResponse {
            app.handle(.mouse(MouseEvent(kind: kind, button: .left, column: column, line: line)))
        }
        #expect(mouse(.press, column, last) == .changed)
        #expect(view.contentOffset.y == view.maximumContentOffsetY, "below the thumb: its middle jumps there, the end")
        #expect(mouse(.drag, column, 0) == .changed)
        #expect(view.contentOffset.y == view.minimumContentOffsetY)
        #expect(mouse(.release, column, 0) == .unchanged)
        #expect(view.indexPathsForSelectedItems?.isEmpty ?? true, "the indicator's column taps no tile")
        let tiles = view.indexPathsForVisibleItems.sorted()
        let frames = try tiles.prefix(2).map { try #require(view.layoutAttributesForItem(at: $0)?.frame) }
        let focused = view.indexPathForFocusedItem
        _ = mouse(.press, Int(frames[0].midX), Int(frames[0].midY - view.contentOffset.y))
        #expect(mouse(.release, Int(frames[1].midX), Int(frames[1].midY - view.contentOffset.y)) == .unchanged)
        #expect(view.indexPathForFocusedItem == focused && (view.indexPathsForSelectedItems?.isEmpty ?? true))
    }
}
