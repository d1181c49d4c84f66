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

    @Test func arrowsMoveFocusAlongTheCarouselWhichCentresTheFocusedCard() {
        // The first card starts focused; eleven → reach card 12; more go no further.
        let start = make()
        #expect(start.focusedItem == IndexPath(item: 0, section: 0))
        #expect(start.render().lines[1].contains("1. "))
        for step in 1...13 {
            _ = start.handle(.right)
            let item = min(step, 11)
            #expect(start.focusedItem == IndexPath(item: item, section: 0), "step \(step)")
            let card = start.collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame
            #expect(abs(card.midX - 40) < 0.5, "step \(step): the focused card is centred")
        }
        #expect(start.handle(.right) == .unchanged, "the last card has no neighbour")
        _ = start.handle(.left)
        #expect(start.focusedItem == IndexPath(item: 10, section: 0))
        #expect(start.collectionView.orthogonalContentOffset(forSection: 2) == 0, "the other carousel did not move")
        #expect(start.message == "Featured: card 11 of 12")
    }

    @Test func downAndUpMoveFocusToTheNearestItemOnTheLineBelowAndAbove() {
        let screen = make()
        _ = screen.handle(.down)
        let tile = screen.focusedItem!
        #expect(tile.section == 1, "from the carousel into the grid")
        let view = screen.collectionView
        let below = view.layoutAttributesForItem(at: tile)!.frame
        #expect(tile.item == 1, "the middle tile lies under the centred card")
        _ = screen.handle(.down)
        #expect(screen.focusedItem == IndexPath(item: 4, section: 1), "a grid row down, the same column")
        #expect(view.layoutAttributesForItem(at: screen.focusedItem!)!.frame.minY >= below.maxY)
        _ = screen.handle(.up)
        _ = screen.handle(.up)
        #expect(screen.focusedSection == .featured)
        #expect(screen.focusedItem == IndexPath(item: 0, section: 0), "back to the card on screen")
        // Model: whatever ↓ focuses lies on or below the line it left, and is on screen.
        for _ in 0..<40 {
            let from = view.layoutAttributesForItem(at: screen.focusedItem!)!.frame
            _ = screen.handle(.down)
            let to = view.layoutAttributesForItem(at: screen.focusedItem!)!.frame
            #expect(to.minY >= from.maxY - 0.5)
            #expect(to.minY >= view.bounds.minY && to.maxY <= view.bounds.maxY + 0.5, "the focused item is kept on screen")
            #expect(to.maxX > view.bounds.minX && to.minX < view.bounds.maxX)
        }
    }

    @Test func tabFocusesTheOtherCarouselsCardOnScreenAndEnterSelectsIt() {
        let screen = make()
        _ = screen.handle(.char("\t"))
        #expect(screen.focusedItem == IndexPath(item: 0, section: 2))
        for _ in 0..<4 { _ = screen.handle(.right) }
        let view = screen.collectionView
        #expect(screen.focusedItem == IndexPath(item: 4, section: 2))
        let card = view.layoutAttributesForItem(at: IndexPath(item: 4, section: 2))!.frame
        #expect(view.orthogonalContentOffset(forSection: 2) > 0)
        #expect(card.minX >= 0 && card.maxX <= 80, "the carousel slid to show the focused card whole")
        #expect(view.orthogonalContentOffset(forSection: 0) == 0)
        _ = screen.handle(.enter)
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 4, section: 2)])
        #expect(screen.message == "selected \(StoreSection.editors.app(at: 4).name)")
        _ = screen.handle(.char("\t"))
        #expect(screen.focusedItem == IndexPath(item: 0, section: 0), "back to Featured's centred card")
    }

    @Test func aClickFocusesAndSelectsTheCardUnderIt() {
        let screen = make()
        let view = screen.collectionView
        // The next card peeks in at the right edge; a click there focuses it, centres it and selects it.
        let peek = view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!.frame
        let column = Int(peek.minX) + 1, line = Int(peek.midY - view.bounds.minY)
        #expect(screen.target(atColumn: column, line: line) == .row(IndexPath(item: 1, section: 0)))
        _ = screen.handle(.mouse(MouseEvent(kind: .press, button: .left, column: column, line: line)))
        _ = screen.handle(.mouse(MouseEvent(kind: .release, button: .left, column: column, line: line)))
        #expect(screen.focusedItem == IndexPath(item: 1, section: 0))
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(abs(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!.frame.midX - 40) < 0.5)
        #expect(screen.message == "selected \(StoreSection.featured.app(at: 1).name)")
    }

    @Test func aDragOnTheCarouselsThumbSlidesItAndTheReleaseRestsOnAPage() throws {
        let screen = make()
        let view = screen.collectionView
        let indicator = try #require(OrthogonalScrollIndicator.all(in: view).first { $0.section == 0 })
        let line = indicator.screenLine(in: view), start = indicator.screenColumn(in: view)
        let lines = screen.render().lines
        #expect(Array(lines[line])[start..<(start + indicator.thumbLength)].allSatisfy { $0 == "━" })
        func send(_ report: String) { for key in KeyDecoder.decode(Array(report.utf8)) { _ = screen.handle(key) } }
        send("\u{1B}[<0;\(start + 1);\(line + 1)M")
        send("\u{1B}[<32;\(start + 38);\(line + 1)M")  // about half way along the track
        let dragged = view.orthogonalContentOffset(forSection: 0)
        #expect(dragged > 0)
        send("\u{1B}[<0;\(start + 38);\(line + 1)m")
        let centred = (0..<12).filter { abs(view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame.midX - 40) < 0.5 }
        #expect(centred.count == 1 && centred[0] > 2, "the paging carousel comes to rest with a card centred")
        #expect(view.indexPathsForSelectedItems?.isEmpty ?? true, "a drag selects nothing")
        #expect(screen.focusedItem == IndexPath(item: 0, section: 0), "focus stays on its card, now off screen")
        _ = screen.handle(.right)
        #expect(screen.focusedItem == IndexPath(item: centred[0], section: 0), "→ starts again from the card the carousel shows")
    }

    @Test func pageDownScrollsAScreenfulAndFocusesTheItemWhereTheFocusedOneWas() {
        let screen = make()
        let view = screen.collectionView
        var rows: [Int] = []
        for _ in 0..<40 {
            let before = view.contentOffset.y
            _ = screen.handle(.pageDown)
            #expect(view.contentOffset.y == min(before + 22, view.maximumContentOffsetY), "a page is the screen less a line")
            let item = screen.focusedItem!
            let frame = view.layoutAttributesForItem(at: item)!.frame
            #expect(frame.minY >= view.bounds.minY && frame.maxY <= view.bounds.maxY + 0.5, "the focused item is on screen")
            if item.section == 3 { rows.append(item.item) }
        }
        // The list's rows are 1 to 3 lines: a page moves focus many rows, though they were estimated at 44 lines.
        for (a, b) in zip(rows, rows.dropFirst()) { #expect(b - a >= 7, "\(a) → \(b)") }
        _ = screen.handle(.home)
        #expect(screen.focusedItem == IndexPath(item: 0, section: 0) && view.contentOffset.y == 0)
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
        #expect(screen.focusedItem == IndexPath(item: 99_999, section: 3), "End focuses the last row")
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
