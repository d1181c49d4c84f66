import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Every move of the offset goes through one function with its reason, counted in `offsetMoves`.
@MainActor
@Suite struct OffsetMoveTests {
    @Test func eachReasonIsCountedWhereTheTableMovesItsContent() {
        let source = HookedSource(sections: [Array(repeating: 30, count: 200)])
        source.estimate = 60
        let table = makeHookedTable(source, height: 300)
        table.reloadData()
        #expect(table.offsetMoves.total == 0)

        table.contentOffset.y = 3_000
        #expect(table.offsetMoves[.user] == 1)

        table.contentOffset.y -= 200  // up into estimated rows: the anchor moves the offset
        #expect(table.offsetMoves[.user] == 2)
        #expect(table.offsetMoves[.anchor] > 0 && table.offsetMoves[.anchor] == table.counters.anchorAdjustments)

        table.scrollToRow(at: IndexPath(row: 150, section: 0), at: .top, animated: false)
        #expect(table.offsetMoves[.scrollTo] == 1)
        #expect(table.rectForRow(at: IndexPath(row: 150, section: 0)).minY == table.contentOffset.y)

        source.sections = [Array(repeating: 30.0, count: 5).map { source.makeRow($0) }]
        table.reloadData()
        #expect(table.offsetMoves[.clamp] == 1, "a shrinking reload brings the offset back onto the content")
        #expect(table.contentOffset.y == 0)

        table.diagnosticHandler = { _ in }
        table.bounds.origin.y = .nan
        table.layoutIfNeeded()
        #expect(table.offsetMoves[.sanitize] == 1)
        #expect(table.contentOffset.y.isFinite)
    }

    @Test func theCollectionViewCountsItsMovesToo() {
        var rng = SplitMix64(seed: 3)
        let store = CollectionModel(sectionCounts: [200], rng: &rng)
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 300), collectionViewLayout: WaterfallLayout(numberOfColumns: 2, margin: 4))
        view.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        view.dataSource = store
        view.delegate = store
        view.layoutIfNeeded()
        view.contentOffset.y = 2_000
        #expect(view.offsetMoves[.user] == 1)
        view.scrollToItem(at: IndexPath(item: 10, section: 0), at: .top, animated: false)
        #expect(view.offsetMoves[.scrollTo] == 1)
        view.contentOffset.y = view.contentSize.height - 300
        store.sections = [Array(store.sections[0].prefix(4))]
        view.reloadData()
        #expect(view.offsetMoves[.clamp] == 1)
    }

    @Test func everyReasonHasACountOfItsOwn() {
        var moves = ScrollView.OffsetMoves()
        for (index, reason) in ScrollView.OffsetMoveReason.allCases.enumerated() { moves[reason] = index + 1 }
        for (index, reason) in ScrollView.OffsetMoveReason.allCases.enumerated() {
            #expect(moves[reason] == index + 1, "\(reason) keeps its own count")
        }
        let cases = ScrollView.OffsetMoveReason.allCases.count
        #expect(moves.total == cases * (cases + 1) / 2)
        var other = moves
        #expect(other == moves)
        other[.followEnd] += 1
        #expect(other != moves, "two counts that differ in one reason are not equal")
    }
}
