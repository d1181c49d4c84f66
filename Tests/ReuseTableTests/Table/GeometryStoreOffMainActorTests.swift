import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// `setGeometryStoreOffMainActor(_:)` against `setGeometryStore(_:)` on a twin table: the same
/// store, every slot where the twin has it, every estimate still an estimate, and heights changed
/// while the new store is built off the main actor kept.
@MainActor
@Suite struct GeometryStoreOffMainActorTests {
    /// Every row's, header's and footer's rect, the content height and the estimate count.
    static func layout(_ table: TableView) -> [String] {
        var lines = ["height \(table.contentSize.height) estimated \(table.estimatedSlotCount) store \(table.geometryStore)"]
        for s in 0..<table.numberOfSections {
            lines.append("header \(s) \(table.rectForHeader(inSection: s)) footer \(table.rectForFooter(inSection: s))")
            for r in 0..<table.numberOfRows(inSection: s) { lines.append("\(s).\(r) \(table.rectForRow(at: IndexPath(row: r, section: s)))") }
        }
        return lines
    }

    /// Two tables of the same random sections, estimated heights, scrolled to the same offset.
    static func twins(_ rng: inout SplitMix64) -> (TableView, TableView, HookedSource) {
        let source = TableViewAnchoringTests.source(
            &rng, sections: Int.random(in: 1...12, using: &rng), rows: 0...40, headers: 28, footers: 12)
        source.estimate = 44
        let offset = CGFloat(Int.random(in: 0...2_000, using: &rng))
        let tables = (0..<2).map { _ in
            let table = makeHookedTable(source, height: 300)
            table.reloadData()
            table.contentOffset.y = min(offset, table.maximumContentOffsetY)
            return table
        }
        return (tables[0], tables[1], source)
    }

    @Test func theStoreSwitchesBothWaysKeepingEveryHeightAndEstimate() async {
        var rng = SplitMix64(seed: 12)
        for round in 0..<12 {
            let (table, twin, source) = Self.twins(&rng)
            for store in [TableView.GeometryStore.records, .tree] {
                let nanoseconds = await table.setGeometryStoreOffMainActor(store)
                twin.setGeometryStore(store)
                #expect(nanoseconds > 0, "round \(round): nothing changed, so the store built off the main actor is kept")
                #expect(Self.layout(table) == Self.layout(twin), "round \(round), \(store)")
                table.contentOffset.y += 37
                twin.contentOffset.y += 37
                expectScreenConsistent(table, source, "round \(round), \(store)")
            }
            #expect(await table.setGeometryStoreOffMainActor(.tree) == 0, "the store it has already: nothing to build")
        }
    }

    @Test func heightsChangedWhileTheStoreIsBuiltAreKept() async {
        var rng = SplitMix64(seed: 31)
        for round in 0..<24 {
            let (table, twin, source) = Self.twins(&rng)
            defer { withExtendedLifetime(source) {} }  // the tables hold their data source weakly
            guard table.numberOfSections > 0, table.numberOfRows(inSection: 0) > 0 else { continue }
            let store: TableView.GeometryStore = round % 2 == 0 ? .records : .tree
            if store == .tree {
                table.setGeometryStore(.records)
                twin.setGeometryStore(.records)
            }
            let switching = Task { await table.setGeometryStoreOffMainActor(store) }
            for _ in 0..<(round % 4) { await Task.yield() }
            // Meanwhile (or before it started, or after it ended: the result must not depend on which).
            let indexPath = IndexPath(row: Int.random(in: 0..<table.numberOfRows(inSection: 0), using: &rng), section: 0)
            let height = CGFloat(Int.random(in: 10...90, using: &rng))
            for view in [table, twin] { view.row(indexPath, changedHeight: height) }
            if round % 3 == 0 {
                for view in [table, twin] { view.contentOffset.y = view.maximumContentOffsetY }
            }
            _ = await switching.value
            twin.setGeometryStore(store)
            #expect(table.geometryStore == store)
            #expect(table.rectForRow(at: indexPath).height == height, "round \(round)")
            #expect(Self.layout(table) == Self.layout(twin), "round \(round), \(store)")
        }
    }

    /// A big table whose store is rebuilt off the main actor while the main actor keeps changing
    /// heights: the tree is shared between the table and the build until one of them writes, so
    /// every change copies nodes (this runs in CI's release build too; Docs/unsafe-code.md).
    @Test func manyHeightChangesWhileABigStoreIsBuilt() async {
        var rng = SplitMix64(seed: 8)
        let source = TableViewAnchoringTests.source(&rng, sections: 4, rows: 5_000...5_000, headers: 28, footers: 12)
        source.estimate = 44
        let table = makeHookedTable(source, height: 300)
        let twin = makeHookedTable(source, height: 300)
        for view in [table, twin] { view.reloadData() }
        for store in [TableView.GeometryStore.records, .tree, .records, .tree] {
            let switching = Task { await table.setGeometryStoreOffMainActor(store) }
            for step in 0..<60 {
                let indexPath = IndexPath(
                    row: Int.random(in: 0..<5_000, using: &rng), section: Int.random(in: 0..<4, using: &rng))
                let height = CGFloat(Int.random(in: 10...90, using: &rng))
                for view in [table, twin] { view.row(indexPath, changedHeight: height) }
                if step % 10 == 0 {
                    let y = CGFloat(Int.random(in: 0...100_000, using: &rng))
                    for view in [table, twin] { view.contentOffset.y = min(y, view.maximumContentOffsetY) }
                }
                if step % 4 == 0 { await Task.yield() }
            }
            _ = await switching.value
            twin.setGeometryStore(store)
            #expect(table.geometryStore == store)
            #expect(Self.layout(table) == Self.layout(twin), "\(store)")
        }
        withExtendedLifetime(source) {}
    }
}
