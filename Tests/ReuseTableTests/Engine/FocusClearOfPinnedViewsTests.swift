import Foundation
import TestSupport
import Testing

@testable import ReuseTable

/// Focus shows its row or item whole, and a pinned header is not "showing": the row reached by
/// moving up sits just below its section's pinned header, never under it (`showFocused(_:)`, both
/// views; Docs/focus.md).
@MainActor
@Suite struct FocusClearOfPinnedViewsTests {
    /// A plain table of sections of 20-point rows under 15-point header views that stick.
    func stickyTable(rows: [Int] = [12, 12, 12], height: CGFloat = 100) -> (TableView, ModelTable) {
        let model = ModelTable(rows: rows.map { Array(repeating: 20, count: $0) }, headers: rows.map { _ in 15 })
        model.headerViews = true
        let table = makeTable(model, height: height, style: .plain) { $0.allowsFocus = true }
        return (table, model)
    }

    /// Whether a header view on screen covers any part of `rect`.
    func headerCovers(_ table: TableView, _ rect: CGRect) -> Bool {
        table.subviews.contains {
            $0 is TestHeaderView && !$0.isHidden && $0.frame.minY < rect.maxY && $0.frame.maxY > rect.minY
        }
    }

    @Test func aRowReachedByMovingUpSitsJustBelowThePinnedHeader() {
        let (table, source) = stickyTable()
        defer { withExtendedLifetime(source) {} }
        table.contentOffset.y = 135  // section 0's rows 6... under its pinned header
        table.layoutIfNeeded()
        #expect(table.focusRow(at: IndexPath(row: 7, section: 0)))
        let row = table.rectForRow(at: IndexPath(row: 7, section: 0))  // 15 + 7 · 20 = 155
        #expect(table.contentOffset.y == 135, "row 7 is whole below the header: no scroll")
        #expect(table.moveFocus(.previous))
        let previous = table.rectForRow(at: IndexPath(row: 6, section: 0))
        #expect(previous.minY == row.minY - 20)
        #expect(table.contentOffset.y == previous.minY - 15, "the row's top just below the 15-point header")
        #expect(!headerCovers(table, previous))
    }

    @Test func aRowMovedToFromBelowIsNotScrolledPastThePinnedHeader() {
        let (table, source) = stickyTable()
        defer { withExtendedLifetime(source) {} }
        #expect(table.focusRow(at: IndexPath(row: 0, section: 0)))
        var offsets: [CGFloat] = []
        for _ in 0..<8 {
            table.moveFocus(.next)
            offsets.append(table.contentOffset.y)
        }
        // Moving down scrolls as little as possible: the focused row's bottom at the view's bottom.
        let focused = table.rectForRow(at: table.indexPathForFocusedRow!)
        #expect(focused.maxY == table.contentOffset.y + table.bounds.height)
        #expect(!headerCovers(table, focused))
    }

    /// Random key moves and clicks over sections of different lengths (an empty one, one shorter than
    /// the view): after each, the focused row is inside the view and no header view covers it.
    @Test func noMoveLeavesTheFocusedRowUnderAHeader() {
        var rng = SplitMix64(seed: 29)
        let (table, model) = stickyTable(rows: [9, 0, 3, 14, 1, 20])
        let moves: [FocusMove] = [.next, .previous, .pageDown, .pageUp, .first, .last, .nextSection, .previousSection]
        table.moveFocus(.first)
        for step in 0..<300 {
            if Int.random(in: 0..<5, using: &rng) == 0 {
                table.contentOffset.y = CGFloat(Int.random(in: 0...Int(table.maximumContentOffsetY), using: &rng))
            }
            let moved: Bool
            if Int.random(in: 0..<4, using: &rng) == 0 {
                let sections = model.rows.indices.filter { !model.rows[$0].isEmpty }
                let s = sections[Int.random(in: 0..<sections.count, using: &rng)]
                moved = table.focusRow(at: IndexPath(row: Int.random(in: 0..<model.rows[s].count, using: &rng), section: s))
            } else {
                moved = table.moveFocus(moves[Int.random(in: 0..<moves.count, using: &rng)])
            }
            guard moved, let focused = table.indexPathForFocusedRow else { continue }  // a random scroll may have moved it away
            table.layoutIfNeeded()
            let rect = table.rectForRow(at: focused)
            let top = table.contentOffset.y
            #expect(rect.minY >= top && rect.maxY <= top + table.bounds.height, "step \(step): \(focused) shown")
            #expect(!headerCovers(table, rect), "step \(step): \(focused) under a header")
        }
        // The promise itself, checked after every kind of move from every row of a fresh table.
        let (fresh, freshModel) = stickyTable(rows: [9, 0, 3, 14, 1, 20])
        for s in freshModel.rows.indices {
            for r in freshModel.rows[s].indices {
                for move in moves {
                    fresh.focusRow(at: IndexPath(row: r, section: s))
                    fresh.contentOffset.y = CGFloat(Int.random(in: 0...Int(fresh.maximumContentOffsetY), using: &rng))
                    fresh.focusRow(at: nil)
                    fresh.focusRow(at: IndexPath(row: r, section: s))
                    fresh.moveFocus(move)
                    fresh.layoutIfNeeded()
                    let focused = fresh.indexPathForFocusedRow!
                    let rect = fresh.rectForRow(at: focused)
                    let top = fresh.contentOffset.y
                    #expect(rect.minY >= top && rect.maxY <= top + fresh.bounds.height, "\(move) from \(s).\(r): shown")
                    #expect(!headerCovers(fresh, rect), "\(move) from \(s).\(r) to \(focused): under a header")
                }
            }
        }
    }

    @Test func aGroupedTableScrollsAsLittleAsBefore() {
        let model = ModelTable(rows: [Array(repeating: 20, count: 12)], headers: [15])
        model.headerViews = true
        let table = makeTable(model, height: 100, style: .grouped) { $0.allowsFocus = true }
        defer { withExtendedLifetime(model) {} }
        table.contentOffset.y = 135
        table.layoutIfNeeded()
        #expect(table.focusRow(at: IndexPath(row: 5, section: 0)))
        #expect(table.contentOffset.y == table.rectForRow(at: IndexPath(row: 5, section: 0)).minY, "nothing pinned: the row at the top")
    }

    /// The compositional layout's pinned header, a self-placing list section of 3-point items.
    @Test func anItemReachedByMovingUpSitsJustBelowAPinnedCompositionalHeader() {
        let section = sectionUnderPinnedHeader(itemWidth: 1)
        let (view, source, _) = makeCompositional(CollectionViewCompositionalLayout(section: section), counts: [20, 20], height: 10)
        defer { withExtendedLifetime(source) {} }
        view.allowsFocus = true
        view.reloadData()
        view.contentOffset.y = 30  // section 0's items 9... under its pinned header (items start at 2)
        view.layoutIfNeeded()
        #expect(view.focusItem(at: IndexPath(item: 10, section: 0)))
        #expect(view.contentOffset.y == 30, "item 10 (at 32) is whole below the header")
        #expect(view.moveFocus(.previous))
        let frame = view.layoutAttributesForItem(at: IndexPath(item: 9, section: 0))!.frame
        #expect(frame.minY == 29)
        #expect(view.contentOffset.y == 27, "the item's top just below the 2-point header")
        let shown = view.supplementaryView(forElementKind: "header", at: IndexPath(item: 0, section: 0))
        #expect(shown?.frame.maxY == frame.minY)
        // Down again: as little as possible, no header in the way.
        for _ in 0..<5 { view.moveFocus(.next) }
        let last = view.layoutAttributesForItem(at: view.indexPathForFocusedItem!)!.frame
        #expect(last.maxY == view.contentOffset.y + view.bounds.height)
    }
}
