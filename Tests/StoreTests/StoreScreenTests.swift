import Foundation
import ReuseTable
import ReuseTableTerminal
import Testing

@testable import Store

/// The store screen (`swift run Demo store`): what a user sees and what the keys do, read from the
/// rendered frames and the collection view.
@MainActor
@Suite struct StoreScreenTests {
    func make(width: Int = 80, height: Int = 24) -> StoreScreen {
        let screen = StoreScreen()
        screen.resize(width: width, height: height)
        return screen
    }

    @Test func theFirstScreenShowsTheCarouselCentredUnderItsPinnedHeaderAndTheGrid() {
        let screen = make()
        let lines = screen.render().lines
        #expect(lines[0].contains("Featured · 12 apps"))
        #expect(lines.contains { $0.contains("Top apps · 24 apps") })
        let card = screen.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame
        #expect(abs(card.midX - 40) < 0.5, "groupPagingCentered centres the first card")
        #expect(lines[1].contains("┌ 1. "))
    }

    @Test func arrowsPageTheCarouselOneCardAtATime() {
        // Eleven → from the start reach card 12; more go no further.
        let start = make()
        for step in 1...13 {
            _ = start.handle(.right)
            let card = start.collectionView.layoutAttributesForItem(at: IndexPath(item: min(step, 11), section: 0))!.frame
            #expect(abs(card.midX - 40) < 0.5, "step \(step): the current card is centred")
            #expect(start.currentItem(of: .featured) == min(step, 11))
        }
        _ = start.handle(.left)
        #expect(start.currentItem(of: .featured) == 10)
        #expect(start.collectionView.orthogonalContentOffset(forSection: 2) == 0, "the other carousel did not move")
    }

    @Test func tabMovesTheOtherCarouselAndEnterSelectsItsCard() {
        let screen = make()
        _ = screen.handle(.char("\t"))
        #expect(screen.focused == .editors)
        _ = screen.handle(.right)
        let offset = screen.collectionView.orthogonalContentOffset(forSection: 2)
        #expect(offset > 0 && offset.truncatingRemainder(dividingBy: 25) == 0, "it rests on a card's leading edge (24 wide, 1 apart)")
        #expect(screen.collectionView.orthogonalContentOffset(forSection: 0) == 0)
        _ = screen.handle(.enter)
        #expect(screen.collectionView.indexPathsForSelectedItems == [IndexPath(item: screen.currentItem(of: .editors), section: 2)])
    }

    @Test func headersStayPinnedWhileTheirSectionIsOnScreen() {
        let screen = make()
        let view = screen.collectionView
        for _ in 0..<400 {
            _ = screen.handle(.down)
            let top = view.contentOffset.y
            let lines = screen.render().lines
            // The section owning the top line shows its header there, unless its header has been pushed up by the section's end.
            for s in 0..<4 {
                guard let header = view.layoutAttributesForSupplementaryElement(ofKind: StoreLayout.headerKind, at: IndexPath(item: 0, section: s))
                else { continue }
                if header.frame.minY == top {
                    #expect(lines[0].contains(StoreSection(rawValue: s)!.title), "offset \(top)")
                }
                #expect(header.frame.minY >= top || header.frame.maxY <= top, "a header is either pinned at the top or scrolled away")
            }
        }
    }

    @Test func tilesAndRowsAreAsTallAsTheirTextAndNeverOverlap() {
        let screen = make()
        let view = screen.collectionView
        _ = screen.handle(.pageDown)
        var frames: [CGRect] = []
        for indexPath in view.indexPathsForVisibleItems where indexPath.section != 0 && indexPath.section != 2 {
            let cell = view.cellForItem(at: indexPath)!
            #expect(cell.frame.height == cell.sizeThatFits(CGSize(width: cell.frame.width, height: 0)).height, "\(indexPath)")
            frames.append(cell.frame)
        }
        #expect(frames.count > 6)
        for (i, a) in frames.enumerated() {
            for b in frames[(i + 1)...] { #expect(!a.intersectsOpenly(b)) }
        }
    }

    @Test func theEndIsTheLastRowMeasuredAndThePoolStaysSmall() {
        let screen = make()
        let view = screen.collectionView
        for _ in 0..<60 { _ = screen.handle(.pageDown) }
        _ = screen.handle(.end)
        #expect(view.indexPathsForVisibleItems.last == IndexPath(item: 99_999, section: 3))
        let last = view.cellForItem(at: IndexPath(item: 99_999, section: 3))!
        #expect(last.frame.maxY == view.contentSize.height)
        #expect(view.counters.cellsCreated <= view.counters.mostVisibleAtOnce + 30)
    }

    @Test func theScriptedSessionRunsEveryStep() {
        #expect(StoreSession.scripted(StoreScreen(), width: 80, height: 24) == 0)
    }
}

extension CGRect {
    /// Overlap with positive area.
    func intersectsOpenly(_ other: CGRect) -> Bool {
        minX < other.maxX && maxX > other.minX && minY < other.maxY && maxY > other.minY
    }
}
