import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Random sessions on a paged source, on the table and the collection view (list and compositional):
/// scrolls, flings, jumps, loads answered late, out of order or failing, retries, rows inserted,
/// deleted and edited at the source then an invalidation, width changes. After every step each row
/// on screen shows its own item (the source's at its position) or a placeholder or an error row,
/// at its own position; the count is the source's; resident pages stay within the bound; and when
/// a page lands, the first row the reader sees stays where it was. `REUSETABLE_LONG=1` runs longer,
/// on more seeds. The cases run one at a time and each step starts once every load started has
/// reached the loader, so a seed replays the same session.
@MainActor
@Suite(.serialized) struct PagedModelSessionTests {
    nonisolated static var isLong: Bool { ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1" }
    static var steps: Int { isLong ? 3000 : 150 }
    nonisolated static var seeds: [UInt64] { isLong ? Array(1...8) : [1, 2] }

    enum Kind: CaseIterable { case table, list, compositional }

    func makeHarness(_ kind: Kind, _ loader: ControlledLoader) -> PagedHarness {
        switch kind {
        case .table: PagedTableHarness(loader)
        case .list: PagedCollectionHarness(loader, list: true)
        case .compositional: PagedCollectionHarness(loader, list: false)
        }
    }

    @Test(arguments: Kind.allCases, seeds)
    func randomSession(_ kind: Kind, seed: UInt64) async {
        var random = SplitMix64(seed: seed)
        let loader = ControlledLoader(count: 600)
        var nextID = 10_000
        let harness = makeHarness(kind, loader)
        for step in 0..<Self.steps {
            await arrived(harness, loader)  // what is pending, and so the session, is the seed's
            let action = random.next() % 12
            switch action {
            case 0, 1, 2:  // a scroll step, either way
                let delta = CGFloat(Int(random.next() % 160) - 60)
                move(harness, to: harness.scrollView.contentOffset.y + delta)
            case 3:  // a fling: several steps without a load answered between
                for _ in 0..<5 { move(harness, to: harness.scrollView.contentOffset.y + 90) }
            case 4:  // a jump anywhere
                move(harness, to: CGFloat(random.next() % UInt64(max(1, harness.maximumOffsetY) + 1)))
            case 5, 6, 7:  // a load answered, maybe out of order, maybe failing
                await arrived(harness, loader)
                guard !loader.pending.isEmpty else { continue }
                let index = Int(random.next() % UInt64(loader.pending.count))
                let failing = random.next() % 8 == 0
                let before = firstRowSeen(harness)
                let range = await land(harness, loader, at: index, failing: failing)
                checkAnchor(harness, before, step: step, range, kind: kind)
            case 8:  // every load answered
                while true {
                    await arrived(harness, loader)
                    if loader.pending.isEmpty { break }
                    let before = firstRowSeen(harness)
                    let range = await land(harness, loader)
                    checkAnchor(harness, before, step: step, range, kind: kind)
                }
            case 9:
                harness.core.retry(rows: nil)
            case 10:  // the source changes: rows inserted, deleted, edited; then an invalidation
                for _ in 0..<Int(random.next() % 4) {
                    let at = Int(random.next() % UInt64(loader.items.count + 1))
                    switch random.next() % 3 {
                    case 0:
                        loader.items.insert(PagedTestItem(id: nextID, lines: 1 + Int(random.next() % 5)), at: at)
                        nextID += 1
                    case 1: if at < loader.items.count { loader.items.remove(at: at) }
                    default: if at < loader.items.count { loader.items[at].version += 1 }
                    }
                }
                await invalidate(harness, loader)
            default:  // a width change
                harness.setWidth(random.next() % 2 == 0 ? 320 : 240)
            }
            check(harness, loader, step: step, kind: kind)
        }
    }

    func move(_ harness: PagedHarness, to y: CGFloat) {
        harness.scrollView.contentOffset.y = min(max(0, y), max(0, harness.maximumOffsetY))
        _ = harness.visibleRows
    }

    /// An invalidation; loads answered before it are still in flight (their answers dropped).
    func invalidate(_ harness: PagedHarness, _ loader: ControlledLoader) async {
        switch harness {
        case let table as PagedTableHarness: await table.source.invalidate()
        case let collection as PagedCollectionHarness: await collection.source.invalidate()
        default: Issue.record("unknown harness")
        }
    }

    func firstRowSeen(_ harness: PagedHarness) -> (row: Int, screenY: CGFloat, offset: CGFloat)? {
        let top = harness.scrollView.contentOffset.y
        return harness.visibleRows.first { $0.frame.maxY > top }.map { ($0.row, $0.frame.minY - top, top) }
    }

    /// The first row seen before a page landed is where it was, unless the content's end moved the offset.
    func checkAnchor(
        _ harness: PagedHarness, _ before: (row: Int, screenY: CGFloat, offset: CGFloat)?, step: Int, _ range: Range<Int>, kind: Kind
    ) {
        guard let before else { return }
        let visible = harness.visibleRows  // the pass first: the collection view measures the landed items in it
        let top = harness.scrollView.contentOffset.y
        // The anchor's top stays; a row that shrank may now end above the viewport: its frame is asked.
        guard before.row < harness.core.rowCount else {
            moved("step \(step): the anchor row \(before.row) is gone after rows \(range) landed", kind: kind)
            return
        }
        let frame = visible.first(where: { $0.row == before.row })?.frame ?? harness.frame(ofRow: before.row)
        // At an end of the offset range the content's end can move the anchor: the offset that keeps it lies past that end.
        let wanted = frame.minY - before.screenY
        let clamped = (top == max(0, harness.maximumOffsetY) && wanted > top) || (top == 0 && wanted < 0)
        if !clamped, abs(frame.minY - top - before.screenY) > 1e-9 {
            let rows = harness.visibleRows.map(\.row)
            moved(
                "step \(step): row \(before.row) moved from \(before.screenY) to \(frame.minY - top) when rows \(range) landed (offset \(before.offset) → \(top), max \(harness.maximumOffsetY), rows on screen \(rows))",
                kind: kind)
        }
    }

    /// The anchor moved: a failure on every view (Docs/paged-data.md, "The anchor when a page lands").
    func moved(_ message: String, kind: Kind) {
        Issue.record(Comment(rawValue: "\(kind): " + message))
    }

    func check(_ harness: PagedHarness, _ loader: ControlledLoader, step: Int, kind: Kind) {
        let status = harness.core.status
        #expect(status.rows == loader.items.count, "step \(step) (\(kind)): rows")
        #expect(status.residentPages <= PagedHarnessDefaults.configuration.maximumResidentPages, "step \(step) (\(kind)): resident pages")
        for visible in harness.visibleRows {
            let expected: PagedShown
            switch harness.core.peek(visible.row) {
            case .item(let item):
                expected = .item(id: item.id, version: item.version)
                let truth = loader.items[visible.row]
                #expect(item.id == truth.id && item.version == truth.version, "step \(step) (\(kind)): row \(visible.row) holds another item")
            case .placeholder: expected = .placeholder
            case .failed: expected = .failed
            }
            #expect(visible.shown == expected, "step \(step) (\(kind)): row \(visible.row) shows \(visible.shown), not \(expected)")
            #expect(visible.state == harness.core.peek(visible.row).state, "step \(step) (\(kind)): row \(visible.row)'s state")
            #expect(visible.frame.minY == harness.frame(ofRow: visible.row).minY, "step \(step) (\(kind)): row \(visible.row) off its position")
        }
    }
}
