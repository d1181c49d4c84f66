import Foundation
import Testing
@testable import Demo
import ReuseTable
import ReuseTableTerminal
import TestSupport
@testable import Feed

@MainActor
@Suite struct FeedAppTests {
    private func smallApp() -> FeedApp {
        let app = FeedApp(width: 76, height: 12, model: FeedModel(sections: 2, rowsPerSection: 3))
        app.showsTimings = false
        return app
    }

    @Test func goldenScreen() {
        let app = smallApp()
        let lines = app.render().lines
        #expect(lines == FeedAppTests.golden)
    }

    /// The arrows move the table's focus and keep the focused row whole on screen, below the day's
    /// sticky header; Ctrl-E and Ctrl-Y scroll a line and leave focus where it is.
    @Test func keysMoveFocusScrollJumpAndQuit() {
        let app = smallApp()
        let first = IndexPath(row: 0, section: 0), second = IndexPath(row: 1, section: 0)
        #expect(app.table.indexPathForFocusedRow == first)
        #expect(app.handle(.down) == .changed)
        #expect(app.table.indexPathForFocusedRow == second)
        // Taller than the view below the header: shown from its byline, just under the day's header.
        #expect(app.table.rectForRow(at: second).height > app.table.bounds.height - 1)
        #expect(app.table.rectForRow(at: second).minY == app.table.contentOffset.y + 1)
        #expect(app.handle(.up) == .changed)
        #expect(app.table.indexPathForFocusedRow == first)
        #expect(app.table.contentOffset.y == 0, "the first row whole, under its header")
        #expect(app.handle(.up) == .unchanged)  // the first row, at the top
        #expect(app.handle(.ctrl("e")) == .changed)
        #expect(app.table.contentOffset.y == 1 && app.table.indexPathForFocusedRow == first)
        #expect(app.handle(.ctrl("y")) == .changed)
        #expect(app.table.contentOffset.y == 0)
        _ = app.handle(.end)
        #expect(app.table.indexPathForFocusedRow == IndexPath(row: 2, section: 1))
        #expect(app.handle(.down) == .unchanged, "the last row, at the end: nothing further")
        _ = app.handle(.home)
        #expect(app.table.indexPathForFocusedRow == first && app.table.contentOffset.y == 0)
        for key in [Key.char("g"), .char("5"), .enter] { _ = app.handle(key) }
        #expect(app.table.indexPathForFocusedRow == IndexPath(row: 1, section: 1))
        #expect(app.handle(.char("?")) == .changed)
        #expect(app.render().lines.joined().contains("Keys"))
        #expect(app.handle(.char("x")) == .changed)  // any key closes the help
        #expect(app.handle(.char("q")) == .quit)
    }

    @Test func insertDeleteAndGrowKeepTableAndModelInStep() {
        let app = smallApp()
        #expect(app.handle(.char("i")) == .changed)
        #expect(app.table.numberOfRows(inSection: 0) == 4)
        #expect(app.snapshot.rows == 7)
        let focused = app.table.indexPathForFocusedRow!
        #expect(focused == IndexPath(row: 1, section: 0), "focus stayed on its post, under the new one")
        let before = app.table.rectForRow(at: focused).height
        _ = app.handle(.char("+"))
        #expect(app.table.rectForRow(at: focused).height == before + 1)
        _ = app.handle(.char("d"))
        _ = app.handle(.char("d"))
        #expect(app.table.numberOfRows(inSection: 0) == 2)
        #expect(app.feed.model.numberOfRows(inSection: 0) == 2)
    }

    @Test func enterSelectsTheFocusedRowAndTheSelectionSurvivesScrollingAndInserts() {
        let app = FeedApp(width: 76, height: 12, model: FeedModel(sections: 40, rowsPerSection: 30))
        app.showsTimings = false
        _ = app.handle(.down)
        let focused = app.table.indexPathForFocusedRow!
        let post = app.feed.model.postID(at: focused)
        #expect(app.handle(.enter) == .changed)
        #expect(app.table.indexPathsForSelectedRows == [focused])
        let number = app.feed.model.globalRow(of: focused) + 1
        #expect(app.statusText[0].hasPrefix("selected #\(number) · "))
        #expect(app.render().lines.joined().contains("✓"), "the selected row is drawn")
        let selectedCell = app.table.cellForRow(at: focused)!
        for key in [Key.char("g"), .char("9"), .char("0"), .char("0"), .enter] { _ = app.handle(key) }  // far away
        #expect(app.table.visibleCells.allSatisfy { !$0.isSelected }, "the cell that showed it was reused, unselected")
        #expect(app.table.visibleCells.contains { $0 === selectedCell } || app.table.reusePoolCount > 0)
        _ = app.scrollToTop()
        _ = app.handle(.char("i"))  // a row inserted at the focused (first) position, above the selected row
        let now = app.table.indexPathForSelectedRow!
        #expect(app.feed.model.postID(at: now) == post, "still the same post, one row further down")
        app.table.scrollToRow(at: now, at: .bottom, animated: false)
        #expect(app.table.cellForRow(at: now)?.isSelected == true)
        #expect(app.statusText[0].hasPrefix("selected #\(number + 1) · "))
        #expect(app.table.indexPathForFocusedRow == IndexPath(row: 1, section: 0), "focus followed the first post down")
        _ = app.scrollToTop()
        #expect(app.table.indexPathForFocusedRow != now)
        _ = app.handle(.char("d"))  // and deleted again
        #expect(app.feed.model.postID(at: app.table.indexPathForSelectedRow!) == post)
        _ = app.scrollToTop()
        #expect(app.handle(.down) == .changed)
        #expect(app.table.indexPathForFocusedRow == app.table.indexPathForSelectedRow)
        _ = app.handle(.enter)  // Enter on the selected row deselects it
        #expect(app.table.indexPathsForSelectedRows == nil && !app.statusText[0].contains("selected"))
    }

    /// The ▌ bar is the table's focus, which the cell reads from `configurationState.isFocused`: it
    /// moves with the arrows, shows on the focused row's lines only, and a reused cell never carries
    /// it to another row.
    @Test func theBarIsTheTablesFocusShownByTheCells() {
        let app = FeedApp(width: 76, height: 12, model: FeedModel(sections: 3, rowsPerSection: 12))
        app.showsTimings = false
        var focusedRows: Set<IndexPath> = []
        for step in 0..<40 {
            _ = app.handle(step < 30 ? .down : .up)
            let lines = app.render().lines
            let focused = app.table.indexPathForFocusedRow
            focusedRows.insert(focused ?? IndexPath(row: -1, section: -1))
            for indexPath in app.table.indexPathsForVisibleRows ?? [] {
                #expect((app.table.cellForRow(at: indexPath) as? FeedCell)?.isCursor == (indexPath == focused), "step \(step): \(indexPath)")
            }
            let rect = app.table.rectForRow(at: focused!)
            let top = Int(rect.minY - app.table.contentOffset.y)
            let barred = lines.indices.filter { lines[$0].hasPrefix("▌") }
            let shown = top..<min(top + Int(rect.height) - 1, app.tableHeight)  // the rule excepted; a tall row cut at the bottom
            #expect(barred == Array(shown), "step \(step): the bar on \(focused!)'s lines")
            let whole = top > 1 && Int(rect.maxY - app.table.contentOffset.y) <= app.tableHeight
            #expect(top == 1 || whole, "step \(step): \(focused!) below the header, whole or from its first line")
        }
        #expect(focusedRows.count >= 25, "focus moved row by row")
        #expect(app.table.counters.cellsCreated < 12, "cells were reused while the bar moved")
    }

    @Test func poolStoreModeAndWidthToggles() {
        let app = smallApp()
        _ = app.handle(.char("p"))
        #expect(!app.table.isReusePoolEnabled)
        _ = app.handle(.char("s"))
        #expect(app.table.geometryStore == .records)
        _ = app.handle(.char("e"))
        app.finishBackgroundWork()  // the exact heights, computed off the main thread
        #expect(app.heightMode == .exact)
        #expect(app.snapshot.estimatedHeights == 0)
        _ = app.handle(.char("w"))
        app.finishBackgroundWork()
        #expect(app.table.bounds.width < 76)
        #expect(app.snapshot.estimatedHeights == 0)  // exact mode has every height at once
    }

    /// The height cache's segment appears with its first hit: before, every lookup was a first visit.
    @Test func theCacheSegmentWaitsForTheFirstHit() {
        #expect(FeedApp.cacheSegment(hits: 0, misses: 185_341).isEmpty)
        #expect(FeedApp.cacheSegment(hits: 12, misses: 185_341) == ["cache hits 12 of 185,353"])
        let app = FeedApp(width: 80, height: 24, model: FeedModel(sections: 3, rowsPerSection: 20))
        #expect(!app.statusSegments.contains { $0.hasPrefix("cache") })
        _ = app.handle(.char("w"))
        _ = app.handle(.char("w"))  // the first width again: its rows are in the cache
        #expect(app.statusSegments.contains { $0.hasPrefix("cache hits ") })
    }

    /// The precacher measures by asking the data source for cells; with the pool off each would be a
    /// new cell, so it pauses: "created" stays still while nothing scrolls, and resumes with the pool.
    @Test func withThePoolOffCreatedStaysStillWhileIdle() {
        let app = FeedApp(width: 80, height: 24, model: FeedModel(sections: 20, rowsPerSection: 50))
        #expect(app.precacherIsRunning)
        _ = app.handle(.char("p"))
        let created = app.snapshot.cellsCreated
        let measured = app.snapshot.measuredHeights
        #expect(!app.hasIdleWork && !app.precacherIsRunning)
        for _ in 0..<50 { _ = app.runIdleStep() }
        #expect(app.snapshot.cellsCreated == created && app.snapshot.measuredHeights == measured)
        #expect(app.statusSegments.contains("precaching paused"))
        _ = app.handle(.pageDown)
        #expect(app.snapshot.cellsCreated > created, "scrolling still creates cells")
        _ = app.handle(.char("p"))
        #expect(app.hasIdleWork)
        for _ in 0..<5 { _ = app.runIdleStep() }
        #expect(app.snapshot.measuredHeights > measured, "the pool back on, precaching resumes")
    }

    @Test func aSwitchesToAutoLayoutThenConfiguredCellsWithTheSameHeightsAndTheStatusLineSaysSo() {
        let app = FeedApp(width: 80, height: 24, model: FeedModel(sections: 3, rowsPerSection: 20))
        for key in [Key.char("g"), .char("6"), .enter] { _ = app.handle(key) }  // row 6 focused, on top
        // The rows on screen, measured by frame layout; `a` measures them again by Auto Layout.
        let before = app.visibleRowHeights
        #expect(before.count >= 2)
        let top = app.table.indexPathForFocusedRow
        _ = app.handle(.enter)  // a selected row stays selected across the switch (its reloadData clears UIKit's selection)
        #expect(app.table.indexPathForSelectedRow == top)
        #expect(app.statusText.contains { $0.contains("frame layout") && $0.contains("µs/cell") })
        #expect(app.handle(.char("a")) == .changed)
        #expect(app.feed.cellLayout == .autoLayout)
        #expect(app.statusText.dropLast().contains { $0.contains("Auto Layout") && $0.contains("µs/cell") })
        #expect(!app.statusText.dropLast().contains { $0.contains("frame layout") })
        #expect(app.message.contains("AutoLayoutFeedCell"))
        #expect(app.table.visibleCells.allSatisfy { $0 is AutoLayoutFeedCell })
        #expect(app.table.indexPathForFocusedRow == top, "the focused row stays focused, on top")
        let after = app.visibleRowHeights
        #expect(before.filter { after[$0.key] != nil }.count >= 3)
        #expect(before.allSatisfy { after[$0.key] ?? $0.value == $0.value }, "Auto Layout gives every row the same height")
        #expect(app.table.indexPathForSelectedRow == top && app.table.cellForRow(at: top!)?.isSelected == true)
        #expect(app.microsecondsPerMeasuredCell != "–", "the rows measured again were timed")
        // `a` again: the same design on a content configuration, the same heights.
        _ = app.handle(.char("a"))
        #expect(app.feed.cellLayout == .configured)
        #expect(app.statusText.dropLast().contains { $0.contains("content configuration") && $0.contains("µs/cell") })
        #expect(app.message.contains("ConfiguredFeedCell"))
        #expect(app.table.visibleCells.allSatisfy { $0 is ConfiguredFeedCell })
        let configured = app.visibleRowHeights
        #expect(before.allSatisfy { configured[$0.key] ?? $0.value == $0.value }, "a content configuration gives every row the same height")
        #expect(app.table.indexPathForSelectedRow == top && app.table.cellForRow(at: top!)?.isSelected == true)
        _ = app.handle(.char("a"))
        #expect(app.feed.cellLayout == .frames)
        #expect(app.statusText.dropLast().contains { $0.contains("frame layout") })
        #expect(app.table.visibleCells.allSatisfy { type(of: $0) == FeedCell.self })
        #expect(app.table.indexPathForSelectedRow == top)
    }

    /// Exact heights are computed off the main thread by `FeedCell.height`, a pure function; they must
    /// be the heights the rows self-size to, by frame layout and by Auto Layout, at every width.
    @Test func exactHeightsAreTheHeightsRowsSelfSizeTo() {
        for layout in [FeedDataSource.CellLayout.frames, .autoLayout] {
            let app = FeedApp(width: 80, height: 24, model: FeedModel(sections: 3, rowsPerSection: 15))
            if layout == .autoLayout { _ = app.handle(.char("a")) }
            _ = app.handle(.char("+"))  // a grown row too
            for rotated in [false, true] {
                if rotated { _ = app.handle(.char("w")) }
                while app.precacher != nil { _ = app.runIdleStep() }
                let rows = (0..<FeedApp.exactModeDays).flatMap { section in (0..<15).map { IndexPath(row: $0, section: section) } }
                let selfSized = rows.map { app.table.rectForRow(at: $0).height }
                _ = app.handle(.char("e"))
                app.finishBackgroundWork()
                #expect(app.heightMode == .exact && app.feed.usesExactHeights)
                #expect(rows.map { app.table.rectForRow(at: $0).height } == selfSized, "\(layout), width \(app.tableWidth)")
                _ = app.handle(.char("e"))
            }
        }
    }

    /// `e` computes the exact heights off the main thread: keys keep working, the status line shows the
    /// progress, `e` again cancels, and when they are there the table switches with nothing measured.
    @Test func eComputesExactHeightsOffTheMainThreadWhileKeysKeepWorking() {
        let app = FeedApp(width: 80, height: 24, model: FeedModel(sections: 12, rowsPerSection: 200))
        #expect(app.handle(.char("e")) == .changed)
        #expect(app.heightMode == .estimated)
        #expect(app.message == "e: computing all 200 heights off the main thread first (e cancels).")
        #expect(app.statusSegments.contains { $0.hasPrefix("exact heights ") && $0.contains(" of 200 (") })
        #expect(app.handle(.pageDown) == .changed, "the estimated table still scrolls")
        #expect(app.handle(.char("e")) == .changed)
        #expect(app.message == "e: cancelled; the heights stay estimated." && app.pendingHeights == nil)
        _ = app.handle(.char("a"))  // Auto Layout cells: exact heights need not measure them
        _ = app.handle(.char("e"))
        while app.heightMode == .estimated { _ = app.runIdleStep() }
        let measured = app.table.counters.selfSizingMeasurements
        #expect(app.snapshot.estimatedHeights == 0 && app.snapshot.rows == 200)
        #expect(app.message.hasPrefix("Exact: 200 heights computed off the main thread in "))
        // `w` in exact mode computes the other width's heights first; back is known at once.
        _ = app.handle(.char("w"))
        #expect(app.tableWidth == 80 && app.message.hasPrefix("w: computing all 200 heights"))
        app.finishBackgroundWork()
        #expect(app.tableWidth == 44 && app.snapshot.estimatedHeights == 0)
        _ = app.handle(.char("w"))
        #expect(app.tableWidth == 80 && app.message.hasPrefix("Width 80: 200 exact heights asked, all known."))
        #expect(app.table.counters.selfSizingMeasurements == measured, "no row was measured by a cell")
    }

    /// `i`, `d` and `m` go through the diffable data source: after every key the snapshot, the
    /// table, the model and the cells on screen agree with a plain array model, and the status
    /// line reports what the apply did.
    @Test func insertDeleteAndMoveApplySnapshotsThatMatchAnArrayModel() {
        let model = FeedModel(sections: 3, rowsPerSection: 8)
        let app = FeedApp(width: 80, height: 24, model: model)
        var ids = (0..<3).map { model.ids(inSection: $0) }
        var random = SplitMix64(seed: 15)
        for step in 0..<80 {
            let key: Key = [.char("i"), .char("d"), .char("m"), .char("i"), .char("j"), .pageDown, .char("k"), .home][Int(random.next() % 8)]
            let cursor = app.table.indexPathForFocusedRow
            let nextID = app.feed.model.nextInsertedID
            _ = app.handle(key)
            var expected: String?
            switch key {
            case .char("i"):
                let at = cursor ?? IndexPath(row: 0, section: ids.firstIndex { !$0.isEmpty } ?? 0)
                ids[at.section].insert(nextID, at: at.row)
                expected = "+1 −0 moved 0 reloaded 0"
            case .char("d"):
                guard let cursor else { break }
                ids[cursor.section].remove(at: cursor.row)
                expected = "+0 −1 moved 0 reloaded 0"
            case .char("m"):
                guard let cursor, ids[cursor.section].count > 1 else { break }
                let count = ids[cursor.section].count
                let target = cursor.row + 2 < count ? cursor.row + 2 : 0
                guard target != cursor.row else { break }
                let id = ids[cursor.section].remove(at: cursor.row)
                ids[cursor.section].insert(id, at: target)
                expected = "+0 −0 moved 1 reloaded 0"
            default: break
            }
            let snapshot = app.source.snapshot()
            for section in 0..<3 {
                #expect(snapshot.itemIdentifiers(inSection: section) == ids[section], "step \(step) \(key) section \(section)")
                #expect(app.feed.model.ids(inSection: section) == ids[section], "step \(step): the model follows")
                #expect(app.table.numberOfRows(inSection: section) == ids[section].count)
            }
            for case let cell as FeedCell in app.table.visibleCells {
                let indexPath = app.table.indexPath(for: cell)!
                #expect(cell.postID == ids[indexPath.section][indexPath.row], "step \(step): cell at \(indexPath)")
            }
            if let expected {
                #expect(app.statusText.dropLast().contains { $0.contains(expected) }, "step \(step) \(key): \(app.statusText)")
            }
        }
        #expect(ids.map(\.count) != [8, 8, 8], "the sequence changed the feed")
    }

    /// A million rows: the first day at once, the rest when the background build is applied (one diff
    /// inserting the other days); a key that edits the feed waits for it, without blocking, and runs then.
    @Test func aMillionRowFeedShowsItsFirstDayAtOnceAndTheOtherDaysWhenBuilt() {
        let app = FeedApp(width: 80, height: 24)
        #expect(app.snapshot.rows == 1_000)
        #expect(app.statusSegments.first == "rows 1,000 (loading)")
        #expect(app.hasIdleWork)
        #expect(app.handle(.char("i")) == .changed)
        #expect(app.loader != nil && app.snapshot.rows == 1_000, "the key waits; it does not block")
        #expect(app.message == "i: waits for the snapshot, still being built off the main thread.")
        #expect(app.handle(.down) == .changed, "other keys keep working")
        while app.loader != nil { _ = app.runIdleStep() }
        #expect(app.snapshot.rows == 1_000_001)
        #expect(app.table.numberOfSections == 1_000)
        #expect(app.source.lastApply.inserted == 1 && app.source.lastApply.deleted == 0)
        #expect(app.statusText.dropLast().contains { $0.contains("+1 −0 moved 0 reloaded 0 in ") })
    }

    /// Every counter segment is whole on screen at 80 and 100 columns (no line is cut), with room
    /// for one more short segment, and every message fits its line.
    @Test func statusLinesFitEightyAndOneHundredColumns() {
        let app = FeedApp(width: 80, height: 24, model: FeedModel(sections: 1_000, rowsPerSection: 1_000))
        app.finishLoading()
        // Every key that changes a counter's text (exact mode's one segment is short, and slow to reach here).
        let keys: [Key] = [
            .char("i"), .char("m"), .char("d"), .char("a"), .pageDown, .char("p"), .char("s"),
            .char("w"), .char("+"), .char("g"), .char("7"), .enter, .enter, .enter, .char("a"), .char("p"), .char("w"),
            .char("s"),
        ]
        for width in [80, 100] {
            app.resize(width: width, height: 24)
            #expect(app.statusText.count >= 4, "three counter lines below 120 columns, then the message")
            for key in keys {
                _ = app.handle(key)
                let lines = app.render().lines
                let status = lines.suffix(app.statusLineCount)
                #expect(app.statusText.count == app.statusLineCount)
                for segment in app.statusSegments {
                    #expect(status.dropLast().contains { $0.contains(" " + segment) }, "width \(width) after \(key): '\(segment)' cut: \(status)")
                }
                #expect(app.message.count <= width - 1, "width \(width) after \(key): message too long: \(app.message)")
                #expect(app.statusLineCount <= 5, "width \(width): \(app.statusLineCount) status lines")
                // Room for one more short segment (selection) without another line, in the default store.
                guard app.table.geometryStore == .tree else { continue }
                let withSelection = FeedApp.pack(app.statusSegments + ["selected #1,000"], width: width - 1)
                #expect(withSelection.count <= app.statusLineCount - 1, "width \(width): no room for one more segment: \(withSelection)")
            }
        }
    }

    /// A 76 × 12 screen: sticky day header, two self-sized cells with their tags, the focused row ▌, the
    /// section index's two days ("1", "2") over the right edge left of the indicator, and below
    /// 120 columns three counter lines (no counter cut; a short one fills a gap above) over the message.
    static let golden: [String] = [
        " Monday 3 March 2025 · 3 posts                                             ┃",
        "▌ hedy · 00:00                                                      cell #1┃",
        "▌ on again insert table swift estimate while with.                         │",
        " ──────────────────────────────────────────────────────────────────────── 1│",
        "  john · 00:01                                                      cell  2│",
        "  label swift content rotate grid fast every shift once visible delete     │",
        "  records how every why table rotate shipped log rotate width to cell hit  │",
        "  rotate reuse section header microseconds rotate B+tree rows precache     │",
        " rows 6 · visible 2 · pool 0 · created 2 · layout – µs · measured 6         ",
        " estimated 4 ±12 · frame layout – µs/cell · apply: reloadData – ms          ",
        " precaching                                                                 ",
        " ? help · ↑↓ j/k focus · g jump · a Auto Layout · i d m +: act on the ▌ row ",
    ]
}
