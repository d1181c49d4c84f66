import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// `scrollViewDidScroll(_:)`: exactly once per change of the offset, after the layout pass
/// for it, never inside a pass; calls made from it follow the callback rule.
@MainActor
@Suite struct ScrollCallbackTests {
    @Test func oncePerDistinctOffsetAndNeverForTheSameOne() {
        let source = ScrollSource(counts: [200])
        let table = makeTable(source)
        #expect(source.scrolls.isEmpty, "loading at offset 0 is not a scroll")
        var rng = SplitMix64(seed: 0x5C801)
        var expected: [CGFloat] = []
        for _ in 0..<60 {
            let y = CGFloat(Int.random(in: 0...8600, using: &rng))
            let moves = y != table.contentOffset.y
            table.contentOffset.y = y
            if moves { expected.append(y) }
            table.contentOffset.y = y  // the same offset again: nothing
            table.setContentOffset(CGPoint(x: 0, y: y), animated: true)
        }
        #expect(source.scrolls.map(\.offset.y) == expected)
        #expect(source.scrolls.allSatisfy { !$0.duringPass }, "never inside a pass")
        // Each callback saw the layout for its own offset.
        for scroll in source.scrolls {
            let top = Int(scroll.offset.y) / 44, bottom = (Int(scroll.offset.y) + 199) / 44
            #expect(scroll.visible == (top...min(bottom, 199)).map { IndexPath.r($0) }, "offset \(scroll.offset.y)")
        }
        // x counts too (UIKit reports any change of contentOffset).
        table.contentOffset.x = 5
        #expect(source.scrolls.count == expected.count + 1)
    }

    @Test func layoutReloadAndQueriesAloneDoNotCall() {
        let source = ScrollSource(counts: [200])
        let table = makeTable(source)
        table.contentOffset.y = 1000
        #expect(source.scrolls.count == 1)
        table.reloadData()
        table.setNeedsLayout()
        table.layoutIfNeeded()
        _ = table.visibleCells
        table.frame.size.width = 300
        table.layoutIfNeeded()
        source.counts = [201]
        table.insertRows(at: [IndexPath.r(150)], with: .none)
        table.tableHeaderView = View(frame: CGRect(x: 0, y: 0, width: 1, height: 30))
        #expect(source.scrolls.count == 1, "nothing moved the offset")
    }

    @Test func clampsAndScrollsToRowsAreReportedOnce() {
        let source = ScrollSource(counts: [200])
        let table = makeTable(source) { $0.contentInset = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0) }
        table.contentOffset.y = table.maximumContentOffsetY
        source.counts = [10]
        table.reloadData()  // clamps 8600 → 240
        #expect(source.scrolls.map(\.offset.y) == [8600, 240])
        table.scrollToRow(at: IndexPath.r(0), at: .top, animated: false)
        #expect(source.scrolls.map(\.offset.y) == [8600, 240, -20])
        table.scrollToRow(at: IndexPath.r(0), at: .top, animated: false)
        #expect(source.scrolls.count == 3, "already there")
        source.counts = [200]
        table.reloadData()
        table.contentOffset.y = 8000
        source.counts = [150]
        table.deleteRows(at: (150..<200).map { IndexPath.r($0) }, with: .automatic)  // clamps to 6600 - 200
        #expect(source.scrolls.map(\.offset.y).suffix(2) == [8000, 6400])
    }

    /// Scroll anchoring moves the offset inside a pass: the host's one scroll is reported once, at the anchored offset.
    @Test func anchoringDuringAPassIsReportedOnce() {
        let source = ScrollSource(counts: [500])
        source.rowHeights = [(0..<500).map { CGFloat(20 + $0 % 7 * 10) }]
        let table = makeTable(source) { $0.estimatedRowHeight = 100 }
        table.contentOffset.y = 30_000
        #expect(source.scrolls.count == 1)
        var reported = 1
        for _ in 0..<20 {
            table.contentOffset.y -= 150  // up into estimated rows: measured, and the offset anchored
            reported += 1
            #expect(source.scrolls.count == reported, "one scroll, one callback, however many anchor adjustments")
            #expect(source.scrolls.last?.offset == table.contentOffset, "the callback saw the final, anchored offset")
        }
        #expect(table.counters.anchorAdjustments > 0, "the test scrolled through anchoring")
        #expect(source.scrolls.allSatisfy { !$0.duringPass })
    }

    @Test func anOffsetChangedFromACallbackIsReportedOnceWhenTheTableSettles() {
        let source = ScrollSource(counts: [200])
        let table = makeTable(source)
        var fired = false
        source.onWillDisplay = { table, indexPath in
            guard !fired, indexPath.row == 30 else { return }
            fired = true
            table.scrollToRow(at: IndexPath.r(100), at: .top, animated: false)  // queued
            table.contentOffset.y = 4000  // queued after it
        }
        table.contentOffset.y = 1200
        #expect(fired)
        #expect(source.scrolls.map(\.offset.y) == [4000], "one settle, one callback, at the final offset")
    }

    /// Calls from inside `scrollViewDidScroll(_:)` follow the callback rule: reads answer
    /// at once, structural calls are queued, run next, and are reported in turn.
    @Test func callsFromInsideTheCallbackAreQueuedAndReported() {
        let source = ScrollSource(counts: [200])
        let table = makeTable(source)
        var depth = 0, maxDepth = 0
        var readsInside: [[IndexPath]] = []
        source.onScroll = { table in
            depth += 1
            defer { depth -= 1 }
            maxDepth = max(maxDepth, depth)
            readsInside.append(table.indexPathsForVisibleRows ?? [])
            if table.contentOffset.y == 1000 {
                table.contentOffset.y = 2000  // a "snap" from the callback
                #expect(table.contentOffset.y == 1000, "queued: the offset is still the reported one")
                table.reloadData()
            } else if table.contentOffset.y == 2000 {
                source.counts = [20]
                table.reloadData()  // shrinks: the clamp is reported too
            }
        }
        table.contentOffset.y = 1000
        #expect(source.scrolls.map(\.offset.y) == [1000, 2000, 680])
        #expect(maxDepth == 1, "never re-entered")
        #expect(readsInside.first?.first == IndexPath.r(22))
        #expect(table.indexPathsForVisibleRows?.last == IndexPath.r(19))
    }

    @Test func collectionViewReportsTheSameWay() {
        let column = ScrollColumn(count: 100)  // 5000 tall
        let grid = column.makeView()
        #expect(column.scrolls.isEmpty)
        for y in [CGFloat(100), 100, 2000, 2000, 0, 4800] { grid.contentOffset.y = y }
        #expect(column.scrolls.map(\.y) == [100, 2000, 0, 4800])
        column.count = 10
        grid.reloadData()  // clamps 4800 → 300
        #expect(column.scrolls.map(\.y) == [100, 2000, 0, 4800, 300])
        grid.scrollToItem(at: IndexPath(item: 0, section: 0), at: .top, animated: false)
        #expect(column.scrolls.last?.y == 0 && column.scrolls.count == 6)
        var nested = 0
        column.onScroll = { view in
            nested += 1
            if view.contentOffset.y == 50 { view.contentOffset.y = 60 }  // queued, then reported
        }
        grid.contentOffset.y = 50
        #expect(column.scrolls.map(\.y).suffix(2) == [50, 60])
        #expect(nested == 2)
    }
}
