import Foundation
import Testing
@testable import Demo
import ReuseTable
import ReuseTableTerminal

@MainActor
@Suite struct WaterfallScreenTests {
    /// A 3-day feed of 40 posts a day on a 76 × 20 screen, waterfall open.
    private func openWaterfall(width: Int = 76) -> (FeedApp, WaterfallScreen) {
        let app = FeedApp(width: width, height: 20, model: FeedModel(sections: 3, rowsPerSection: 40))
        app.showsTimings = false
        #expect(app.handle(.char("c")) == .changed)
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
        #expect(waterfall.statusText[1].hasPrefix("insert: re-placed \(41 - cursor.item) items"))
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
        #expect(waterfall.layout.numberOfColumns == 2)
        #expect(waterfall.collection.bounds.width == 55)
        #expect(waterfall.heightsAsked == asked + 120)
        #expect(waterfall.layout.itemsPlacedByLastPrepare == 120)
        _ = app.handle(.char("w"))
        #expect(waterfall.layout.numberOfColumns == 3)
    }

    @Test func thePoolBoundHoldsWhileScrollingTheWaterfall() {
        let app = FeedApp(width: 90, height: 24, model: FeedModel(sections: 4, rowsPerSection: 300))
        _ = app.handle(.char("c"))
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
}
