import Foundation
import ReuseTable
import ReuseTableTerminal

/// The store on a terminal. The marked card or row is the collection view's focus (`allowsFocus`,
/// Docs/focus.md): ←/→ move it along a carousel or the grid, and the carousel slides to keep it on
/// screen (the paging one centres it); ↑/↓ move it to the card, tile or row above or below on
/// screen, between carousels too; Tab jumps to the other carousel; PgUp PgDn Home End move it a
/// page or to an end (`ListScreen`); Enter selects the focused card (its primary action); a click
/// focuses and selects the card under it; the wheel scrolls; `?` lists the keys.
@MainActor
public final class StoreScreen: ListScreen {
    /// The collection view showing the store.
    public let collectionView: CollectionView
    /// The layout (every section's description made once).
    public let layout: CollectionViewCompositionalLayout
    /// Counts, cells and headers.
    public let dataSource: StoreDataSource
    /// The last thing a key did, for the status line.
    public private(set) var message = "←/→ along a carousel · ↑/↓ between sections · Tab the other carousel · ? keys"

    /// The keys, for `--help` and `?`.
    public static let keyHelp: [(String, String)] = [
        ("← →", "focus the previous, next card (the carousel slides to show it)"),
        ("↑ ↓", "focus the card, tile or row above, below"),
        ("PgUp PgDn", "focus a page up, down (Home End: the first, last)"),
        ("Tab", "focus the other carousel"),
        ("Enter", "select the focused card (a click focuses and selects)"),
        ("q", "quit"),
    ]

    /// A store screen with every section's items (or `counts`, for tests), the first card focused.
    public init(counts: [Int]? = nil) {
        layout = StoreLayout.make()
        collectionView = CollectionView(frame: CGRect(x: 0, y: 0, width: 80, height: 23), collectionViewLayout: layout)
        dataSource = StoreDataSource()
        if let counts { dataSource.counts = counts }
        dataSource.register(in: collectionView)
        collectionView.dataSource = dataSource
        super.init(collectionView: collectionView)
        status = { [unowned self] _ in statusLine }
        collectionView.reloadData()
        collectionView.allowsFocus = true
        collectionView.moveFocus(.first)
    }

    /// The focused card or row: the collection view's focus.
    public var focusedItem: IndexPath? { collectionView.indexPathForFocusedItem }

    /// The section of the focused item.
    public var focusedSection: StoreSection? { focusedItem.flatMap { StoreSection(rawValue: $0.section) } }

    public override func handle(_ key: Key) -> KeyResponse {
        switch key {
        case .left: return focusSideways(by: -1)
        case .right: return focusSideways(by: 1)
        case .down, .char("j"): return focusVertically(down: true) { super.handle(key) }
        case .up, .char("k"): return focusVertically(down: false) { super.handle(key) }
        case .char("\t"), .ctrl("i"): return focusOtherCarousel()
        case .pageDown, .char(" "), .ctrl("f"): return focusAfterScrolling(max(1, listHeight - 1))
        case .pageUp, .char("b"), .ctrl("b"): return focusAfterScrolling(-max(1, listHeight - 1))
        case .home, .char("g"), .char("<"): return focusAfterScrolling(Int.min)
        case .end, .char("G"), .char(">"): return focusAfterScrolling(Int.max)
        case .enter:
            guard let item = focusedItem else { return .unchanged }
            collectionView.tapItem(at: item)
            message = "selected \(name(of: item))"
            return .changed
        case .char("?"):
            message = StoreScreen.keyHelp.map { "\($0.0): \($0.1)" }.joined(separator: " · ")
            return .changed
        case .mouse: return super.handle(key)  // a click says what it selected (`click(_:)`)
        default:
            let before = focusedItem
            let response = super.handle(key)
            if let item = focusedItem, item != before { describe(item) }
            return response
        }
    }

    /// A click on a card or row focuses it (the carousel sliding to show it) and selects it.
    public override func click(_ target: ListScreenTarget) -> KeyResponse {
        guard case .row(let item) = target else { return super.click(target) }
        focus(item)
        collectionView.tapItem(at: item)
        message = "selected \(name(of: item))"
        return .changed
    }

    /// Focuses `item` and shows it: the paging carousel centres its card, the others scroll as
    /// little as they can.
    func focus(_ item: IndexPath) {
        guard collectionView.focusItem(at: item) || focusedItem == item else { return }
        if StoreSection(rawValue: item.section) == .featured {
            collectionView.scrollToItem(at: item, at: .centeredHorizontally, animated: false)
        }
        describe(item)
    }

    /// ←/→: the previous or next item of the focused carousel or grid (a list row has no neighbour
    /// beside it).
    private func focusSideways(by step: Int) -> KeyResponse {
        guard let item = focusedItem else { return collectionView.moveFocus(.first) ? .changed : .unchanged }
        // A carousel slid away from its focused card (a drag on its thumb): focus starts again from the page it shows.
        if let frame = collectionView.layoutAttributesForItem(at: item)?.frame,
            frame.maxX <= collectionView.bounds.minX || frame.minX >= collectionView.bounds.maxX,
            let card = currentCard(inSection: item.section)
        {
            focus(card)
            return .changed
        }
        let next = item.item + step
        guard StoreSection(rawValue: item.section) != .new, next >= 0, next < collectionView.numberOfItems(inSection: item.section)
        else { return .unchanged }
        focus(IndexPath(item: next, section: item.section))
        return .changed
    }

    /// ↑/↓: the item on the nearest line above or below the focused one among those shown sideways
    /// (a carousel offers the cards on screen), the one nearest it horizontally; `otherwise` (the
    /// list keys) where there is none.
    /// - Complexity: O(items within two screens of the focused one).
    private func focusVertically(down: Bool, otherwise: () -> KeyResponse) -> KeyResponse {
        guard let item = focusedItem, let from = collectionView.layoutAttributesForItem(at: item)?.frame else { return otherwise() }
        let span = max(collectionView.bounds.height, from.height) * 2
        let band = CGRect(
            x: collectionView.bounds.minX, y: down ? from.maxY : from.minY - span, width: collectionView.bounds.width, height: span)
        let candidates = cardsShown(in: band).filter { down ? $0.frame.minY >= from.maxY - 0.5 : $0.frame.maxY <= from.minY + 0.5 }
        guard let line = candidates.map({ down ? $0.frame.minY : $0.frame.maxY }).min(by: { down ? $0 < $1 : $0 > $1 }) else {
            return otherwise()
        }
        let onLine = candidates.filter { abs((down ? $0.frame.minY : $0.frame.maxY) - line) < 0.5 }
        guard let target = onLine.min(by: { abs($0.frame.midX - from.midX) < abs($1.frame.midX - from.midX) }) else { return otherwise() }
        focus(target.indexPath)
        return .changed
    }

    /// PgDn PgUp (`lines` a page), Home End (`Int.min`, `Int.max`): scrolls as `ListScreen` does,
    /// then focuses the item on screen nearest where the focused one was (at the ends, the first or
    /// last item). Scrolling first lays the new screen out with its rows measured, so a page is a
    /// screenful even where the list's rows are still estimates (44 lines each).
    private func focusAfterScrolling(_ lines: Int) -> KeyResponse {
        let from = focusedItem.flatMap { collectionView.layoutAttributesForItem(at: $0)?.frame }
        let line = from.map { $0.midY - collectionView.bounds.minY } ?? 0
        let scrolled: KeyResponse
        switch lines {
        case Int.min: scrolled = scrollToTop()
        case Int.max: scrolled = scrollToEnd()
        default: scrolled = scroll(by: lines)
        }
        let bounds = collectionView.bounds
        let shown = cardsShown(in: bounds)
        let target: IndexPath?
        switch lines {
        case Int.min: target = shown.map(\.indexPath).min()
        case Int.max: target = shown.map(\.indexPath).max()
        default:
            // Wholly on screen below the pinned header's line where there is a choice; the nearest line, then the nearest column.
            let clear = shown.filter { $0.frame.minY >= bounds.minY + 1 && $0.frame.maxY <= bounds.maxY + 0.5 }
            let y = bounds.minY + line, x = from?.midX ?? bounds.midX
            target =
                (clear.isEmpty ? shown : clear).min {
                    (abs($0.frame.midY - y), abs($0.frame.midX - x)) < (abs($1.frame.midY - y), abs($1.frame.midX - x))
                }?.indexPath
        }
        guard let target, target != focusedItem else { return scrolled }
        focus(target)
        return .changed
    }

    /// Tab: the other carousel's first card wholly on screen sideways (its current page).
    private func focusOtherCarousel() -> KeyResponse {
        let next: StoreSection = focusedSection == .featured || focusedSection == .top ? .editors : .featured
        guard let card = currentCard(inSection: next.rawValue) else { return .unchanged }
        focus(card)
        return .changed
    }

    /// The page a carousel shows: its first card wholly on screen sideways (else the first partly
    /// shown, else its first card); nil for a section without items.
    private func currentCard(inSection s: Int) -> IndexPath? {
        guard collectionView.numberOfItems(inSection: s) > 0, let first = collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: s))
        else { return nil }
        let band = CGRect(x: collectionView.bounds.minX, y: first.frame.minY, width: collectionView.bounds.width, height: first.frame.height)
        let shown = cardsShown(in: band).filter { $0.indexPath.section == s }.sorted { $0.indexPath < $1.indexPath }
        let bounds = collectionView.bounds
        let whole = shown.first { $0.frame.minX >= bounds.minX && $0.frame.maxX <= bounds.maxX }
        return whole?.indexPath ?? shown.first?.indexPath ?? IndexPath(item: 0, section: s)
    }

    /// The items in `rect` that are on screen sideways (a carousel's cards scrolled off either
    /// edge are not).
    private func cardsShown(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
        let bounds = collectionView.bounds
        return collectionView.collectionViewLayout.layoutAttributesForElements(in: rect).filter {
            $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.maxX > bounds.minX + 0.5 && $0.frame.minX < bounds.maxX - 0.5
        }
    }

    /// "Featured: card 2 of 12" for the status line.
    private func describe(_ item: IndexPath) {
        guard let section = StoreSection(rawValue: item.section) else { return }
        let noun = section == .new ? "row" : section == .top ? "tile" : "card"
        message = "\(section.title): \(noun) \(item.item + 1) of \(collectionView.numberOfItems(inSection: item.section))"
    }

    private func name(of item: IndexPath) -> String { StoreSection(rawValue: item.section)!.app(at: item.item).name }

    /// Where the list is, what the pool holds, and the last key's effect.
    var statusLine: String {
        let top = collectionView.indexPathsForVisibleItems.first.map { StoreSection(rawValue: $0.section)!.title } ?? "—"
        let counters = collectionView.counters
        return "\(top) · cells \(counters.cellsCreated) · pool \(collectionView.reusePoolCount) · "
            + "layout \(counters.lastLayoutNanoseconds / 1_000) µs · \(message)"
    }
}
