import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable

/// The paged data sources one behaviour at a time (Docs/paged-data.md): placeholders replaced in
/// place without moving the reader, failed loads and retry, bad answers from the loader, far loads
/// cancelled, eviction, invalidation by identity, a count that grows.
@MainActor
@Suite struct PagedDataSourceTests {
    /// The first row the reader sees and how far below the viewport's top it starts.
    func anchor(_ harness: PagedHarness) -> (row: Int, screenY: CGFloat)? {
        let top = harness.scrollView.contentOffset.y
        return harness.visibleRows.first { $0.frame.maxY > top }.map { ($0.row, $0.frame.minY - top) }
    }

    @Test func placeholdersShowAtOnceAndPagesReplaceThemInPlace() async {
        let loader = ControlledLoader(count: 1000)
        let harness = PagedTableHarness(loader)
        let first = harness.visibleRows
        #expect(!first.isEmpty)
        await arrived(harness, loader)
        #expect(first.allSatisfy { $0.shown == .placeholder && $0.state == .placeholder })
        #expect(harness.core.status.loadsInFlight == 2)
        #expect(harness.source.status.placeholdersOnScreen == first.count)
        harness.table.contentOffset.y = 45  // the anchor is row 2, not the top row
        let before = anchor(harness)!
        await land(harness, loader, at: 1)  // the later page first
        await land(harness, loader, at: 0)
        await landAll(harness, loader)
        let after = harness.visibleRows
        #expect(after.allSatisfy { $0.shown == .item(id: $0.row, version: 0) && $0.state == .loaded })
        let row = after.first { $0.row == before.row }!
        #expect(row.frame.minY - harness.table.contentOffset.y == before.screenY)
        #expect(harness.source.status.placeholdersOnScreen == 0)
        #expect(harness.diagnostics.isEmpty)
    }

    @Test func aFailedLoadShowsErrorRowsUntilRetried() async {
        let loader = ControlledLoader(count: 100)
        let harness = PagedTableHarness(loader)
        var reported: [String] = []
        harness.source.errorHandler = { reported.append($0.message) }
        await land(harness, loader, failing: true)
        #expect(harness.visibleRows.filter { $0.row < 10 }.allSatisfy { $0.shown == .failed && $0.state == .failed })
        #expect(
            reported == [
                "TableViewPagedDataSource: loading rows 0..<10 failed: disk on fire. The rows show as failed; retryFailedPages() loads them again."
            ])
        await landAll(harness, loader)
        #expect(harness.visibleRows.filter { $0.row >= 10 }.allSatisfy { $0.shown == .item(id: $0.row, version: 0) })
        harness.source.retryFailedPages()
        #expect(harness.visibleRows.filter { $0.row < 10 }.allSatisfy { $0.shown == .placeholder })
        await arrived(harness, loader)
        #expect(loader.pending.map(\.range) == [0..<10])
        await land(harness, loader)
        #expect(harness.visibleRows.allSatisfy { $0.shown == .item(id: $0.row, version: 0) })
    }

    @Test func tooManyItemsFailThePageWithAMessageAndKeepTheRest() async {
        let loader = ControlledLoader(count: 100)
        let harness = PagedTableHarness(loader)
        await land(harness, loader, extra: 2)
        #expect(
            harness.source.lastError?.message
                == "TableViewPagedDataSource: the loader returned 12 items for rows 0..<10 (10 asked); the rows show as failed, nothing else changed."
        )
        await land(harness, loader)
        #expect(harness.visibleRows.allSatisfy { $0.row < 10 ? $0.shown == .failed : $0.shown == .item(id: $0.row, version: 0) })
        #expect(harness.source.status.rows == 100)
    }

    @Test func aCountThatShrankUnderTheReaderIsNamed() async {
        let loader = ControlledLoader(count: 100)
        let harness = PagedTableHarness(loader)
        loader.items.removeLast(95)  // another writer, no invalidation yet
        await land(harness, loader)
        #expect(
            harness.source.lastError?.message
                == "TableViewPagedDataSource: the loader returned 5 items for rows 0..<10, but the count is exactly 100: the source shrank "
                + "under the reader? Call invalidate() after the source changes; the rows show as failed, nothing else changed.")
        #expect(harness.source.status.rows == 100 && harness.source.status.failedPages == 1)
        await arrived(harness, loader)
        loader.answerAll()
        await harness.source.invalidate()
        #expect(harness.source.status.rows == 5)
        #expect(harness.visibleRows.map(\.row) == Array(0..<5))
    }

    @Test func aCountThatFailsChangesNothing() async {
        let loader = ControlledLoader(count: 100)
        let harness = PagedTableHarness(loader)
        loader.countFails = true
        loader.items.removeLast(50)
        await harness.source.invalidate()
        #expect(
            harness.source.lastError?.message == "TableViewPagedDataSource: invalidate(): counting the rows failed: disk on fire; nothing changed.")
        #expect(harness.source.status.rows == 100)
    }

    @Test func aJumpCancelsLoadsLeftFarBehindAndTheirAnswersChangeNothing() async {
        let loader = ControlledLoader(count: 10_000)
        let harness = PagedTableHarness(loader)
        harness.table.contentOffset.y = 150_000  // around row 5000
        let visible = harness.visibleRows
        await arrived(harness, loader)
        #expect(harness.source.status.loadsCancelled == 2)
        #expect(loader.pending.count == 4)  // the two cancelled, the two for the new screen
        await land(harness, loader)  // a cancelled one: dropped
        await land(harness, loader)
        #expect(harness.visibleRows.map(\.shown) == visible.map(\.shown))
        await landAll(harness, loader)
        #expect(harness.visibleRows.allSatisfy { $0.shown == .item(id: $0.row, version: 0) })
        #expect(harness.core.resident.keys.allSatisfy { $0 >= 400 })
    }

    @Test func evictedPagesKeepTheirRowsHeights() async {
        let loader = ControlledLoader(count: 400)
        let harness = PagedTableHarness(loader)
        await landAll(harness, loader)
        let heights = (0..<8).map { harness.frame(ofRow: $0).height }
        for _ in 0..<40 {
            harness.table.contentOffset.y += 150
            _ = harness.visibleRows
            await landAll(harness, loader)
            #expect(harness.source.status.residentPages <= 6)
        }
        #expect(harness.source.status.pagesEvicted > 0 && harness.core.resident[0] == nil)
        harness.table.contentOffset.y = 0
        let back = harness.visibleRows
        #expect(back.first?.shown == .placeholder)
        #expect((0..<8).map { harness.frame(ofRow: $0).height } == heights)
    }

    @Test func invalidationAppliesTheDifferenceByIdentityAndKeepsTheReaderStill() async {
        let loader = ControlledLoader(count: 200)
        let harness = PagedTableHarness(loader)
        harness.table.contentOffset.y = 60
        await landAll(harness, loader)
        let before = anchor(harness)!
        let anchorID = harness.visibleRows.first { $0.row == before.row }!.shown
        loader.items.insert(PagedTestItem(id: 5000, lines: 3), at: 0)
        loader.items.remove(at: 150)  // outside the resident pages: only the count
        loader.items[before.row + 3].version = 1  // item before.row + 2, one row lower now
        await harness.source.invalidate()
        let after = harness.visibleRows
        let moved = after.first { $0.shown == anchorID }!
        #expect(moved.row == before.row + 1)
        #expect(moved.frame.minY - harness.table.contentOffset.y == before.screenY)
        #expect(
            after.allSatisfy { $0.shown == .placeholder || $0.shown == .item(id: loader.items[$0.row].id, version: loader.items[$0.row].version) })
        #expect(after.contains { $0.shown == .item(id: before.row + 2, version: 1) })
        #expect(harness.source.status.rows == 200)
    }

    /// An invalidation found rows deleted outside the resident pages while the last page, resident alone,
    /// now lies past the count. The change in count goes just before the resident rows and each row is
    /// deleted once; it was deleted twice, by the page's difference and as the end, and the batch trapped.
    /// (The batch the long model session found, `REUSETABLE_LONG=1`, replayed on a small list.)
    @Test func aResidentLastPagePastTheNewCountIsDeletedOnce() async {
        let loader = ControlledLoader(count: 21)  // pages of 10: the last holds row 20 alone
        let harness = PagedTableHarness(loader)
        harness.table.contentOffset.y = harness.maximumOffsetY
        await landAll(harness, loader)
        let last = loader.items[20]
        loader.items.removeSubrange(5..<7)
        harness.core.resident = [:]
        harness.core.applyBatch(newCount: 19, runs: [.init(start: 20, end: 3, old: [last], new: [])], call: "invalidate()")
        #expect(harness.table.numberOfRows(inSection: 0) == 19)
        #expect(harness.source.status.rows == 19)
        #expect(harness.diagnostics.isEmpty)
    }

    @Test func theTailOfAChangeInCountSkipsTheResidentRows() {
        typealias Core = PagedDataSourceCore<PagedTestItem>
        #expect(Core.rows(2, before: 10, skipping: []) == [9, 8])
        #expect(Core.rows(2, before: 10, skipping: [9..<10]) == [8, 7])
        #expect(Core.rows(3, before: 10, skipping: [2..<4, 7..<10]) == [6, 5, 4])
        #expect(Core.rows(3, before: 10, skipping: [4..<7, 8..<10]) == [7, 3, 2])
        #expect(Core.rows(1, before: 3, skipping: [0..<3]) == [])
    }

    @Test func anUnknownCountGrowsByPagesAndEndsAtAShortOne() async {
        let loader = ControlledLoader(count: 25)
        loader.countOf = { _ in .unknown(atLeast: 10) }
        let harness = PagedTableHarness(loader)
        #expect(harness.source.status.rows == 10)
        await land(harness, loader)
        #expect(harness.source.status.rows == 20)
        harness.table.contentOffset.y = 400
        _ = harness.visibleRows
        await landAll(harness, loader)
        #expect(harness.source.status.rows == 25 && harness.source.status.count == .exact(25))
    }

    @Test func pagesLoadThroughTheViewsPrefetching() async {
        let loader = ControlledLoader(count: 1000)
        let harness = PagedTableHarness(loader)
        #expect(harness.table.prefetchDataSource === harness.source)
        await landAll(harness, loader)
        let resident = Set(harness.core.resident.keys)
        let onScreen = Set(harness.visibleRows.map { $0.row / 10 })
        #expect(resident.subtracting(onScreen).contains { $0 > onScreen.max()! })  // a page past the screen, from the prefetch
    }

    @Test func theCollectionViewSharesTheMechanism() async {
        for list in [true, false] {
            let loader = ControlledLoader(count: 500)
            let harness = PagedCollectionHarness(loader, list: list)
            #expect(harness.visibleRows.allSatisfy { $0.shown == .placeholder && $0.state == .placeholder })
            harness.collection.contentOffset.y = 45
            let before = anchor(harness)!
            await landAll(harness, loader)
            let after = harness.visibleRows
            #expect(after.allSatisfy { $0.shown == .item(id: $0.row, version: 0) && $0.state == .loaded })
            let row = after.first { $0.row == before.row }!
            #expect(row.frame.minY - harness.collection.contentOffset.y == before.screenY)
        }
    }

    /// A table, a list and a compositional layout over `loader`.
    func harnesses(_ make: () -> ControlledLoader) -> [(String, PagedHarness, ControlledLoader)] {
        let loaders = (0..<3).map { _ in make() }
        return [
            ("table", PagedTableHarness(loaders[0]), loaders[0]),
            ("list", PagedCollectionHarness(loaders[1], list: true), loaders[1]),
            ("compositional", PagedCollectionHarness(loaders[2], list: false), loaders[2]),
        ]
    }

    @Test func placeholdersOfAnEvictedPageKeepTheirHeightsWhenAnotherPageLands() async {
        for (name, harness, loader) in harnesses({ ControlledLoader(count: 400) }) {
            await landAll(harness, loader)
            for _ in 0..<40 {
                harness.scrollView.contentOffset.y += 150
                _ = harness.visibleRows
                await landAll(harness, loader)
            }
            #expect(harness.core.resident[0] == nil && harness.core.resident[1] == nil, "\(name): pages 0 and 1 evicted")
            let heights = (0..<10).map { harness.frame(ofRow: $0).height }  // measured with their items
            // The last page landed without a pass after it: the scroll still goes where it was asked.
            let y = harness.frame(ofRow: 5).minY
            harness.scrollView.contentOffset.y = y
            let back = harness.visibleRows
            #expect(harness.scrollView.contentOffset.y == y && back.first?.row == 5, "\(name)")
            #expect(back.first?.shown == .placeholder && back.last.map { $0.row >= 10 } == true, "\(name)")
            await arrived(harness, loader)
            // Page 1 lands first: the placeholders of page 0 keep their items' heights and places.
            guard let index = loader.pending.firstIndex(where: { $0.range == 10..<20 }) else {
                Issue.record("\(name): no load of page 1 among \(loader.pending.map(\.range))")
                continue
            }
            await land(harness, loader, at: index)
            let after = harness.visibleRows
            #expect(after.map(\.frame) == back.map(\.frame), "\(name): rows on screen moved")
            #expect((0..<10).map { harness.frame(ofRow: $0).height } == heights, "\(name)")
            #expect(after.first?.shown == .placeholder, "\(name): page 0 still to land")
        }
    }

    @Test func theRowBeingReadKeepsItsTopWhenItsPageLandsShorter() async {
        // Placeholders are 20 points tall, the items 16: row 5, seen by its last 2 points, ends above the top once loaded.
        for (name, harness, loader) in harnesses({ ControlledLoader(count: 400, lines: { _ in 1 }) }) {
            harness.scrollView.contentOffset.y = harness.frame(ofRow: 5).maxY - 2
            let before = harness.visibleRows
            let screenY = harness.frame(ofRow: 5).minY - harness.scrollView.contentOffset.y
            #expect(before.first?.row == 5 && before.first?.shown == .placeholder, "\(name)")
            await arrived(harness, loader)
            await land(harness, loader, at: loader.pending.firstIndex { $0.range == 0..<10 }!)
            _ = harness.visibleRows
            #expect(harness.frame(ofRow: 5).minY - harness.scrollView.contentOffset.y == screenY, "\(name): row 5 moved")
            #expect(harness.frame(ofRow: 5).maxY <= harness.scrollView.contentOffset.y, "\(name): row 5 shrank above the top")
        }
    }

    /// Items of 4 lines are 46 points tall; the estimates are the list's 44 and the compositional
    /// layout's 30. Row 5, an evicted page's placeholder keeping its item's 46, is seen by its last
    /// point; its item is now 1 line (16). A layout that forgets the landed heights holds its
    /// estimate for it before measuring, which would end it above the top: whether the reader saw
    /// it is read from its rect as it was — also after a small scroll between the landing and the
    /// next pass, which takes it off screen.
    @Test(arguments: [0, 10] as [CGFloat])
    func theRowBeingReadKeepsItsTopWhenItsPageLandsShorterThanItsEstimate(scrolledAfter: CGFloat) async {
        for (name, harness, loader) in harnesses({ ControlledLoader(count: 400, lines: { _ in 4 }) }) {
            await landAll(harness, loader)
            for _ in 0..<40 {
                harness.scrollView.contentOffset.y += 150
                _ = harness.visibleRows
                await landAll(harness, loader)
            }
            #expect(harness.core.resident[0] == nil, "\(name): page 0 evicted")
            loader.items[5].lines = 1
            harness.scrollView.contentOffset.y = harness.frame(ofRow: 5).maxY - 1
            let before = harness.visibleRows
            let screenY = harness.frame(ofRow: 5).minY - harness.scrollView.contentOffset.y
            #expect(screenY + 44 < 0 && before.first?.row == 5 && before.first?.shown == .placeholder, "\(name)")
            await arrived(harness, loader)
            guard let index = loader.pending.firstIndex(where: { $0.range == 0..<10 }) else {
                Issue.record("\(name): no load of page 0 among \(loader.pending.map(\.range))")
                continue
            }
            await land(harness, loader, at: index)
            if scrolledAfter != 0 { harness.scrollView.contentOffset.y += scrolledAfter }  // the pass runs here
            _ = harness.visibleRows
            let now = harness.frame(ofRow: 5).minY - harness.scrollView.contentOffset.y
            #expect(now == screenY - scrolledAfter, "\(name): row 5 moved")
            #expect(harness.frame(ofRow: 5).maxY <= harness.scrollView.contentOffset.y, "\(name): row 5 shrank above the top")
        }
    }
}
