import Foundation
import ReuseTable
import ReuseTableTerminal

/// The store on a terminal: the list keys of `ListScreen` (↑ ↓ PgUp PgDn Home End, q), plus ←/→ to
/// move the focused carousel a page (a drag and a release: the headless finger), Tab to focus the
/// other carousel, Enter to select its current card, ? for the keys.
@MainActor
public final class StoreScreen: ListScreen {
    /// The collection view showing the store.
    public let collectionView: CollectionView
    /// The layout (every section's description made once).
    public let layout: CollectionViewCompositionalLayout
    /// Counts, cells and headers.
    public let dataSource: StoreDataSource
    /// The carousel ←/→ move: `.featured` or `.editors`.
    public private(set) var focused = StoreSection.featured
    /// The last thing a key did, for the status line.
    public private(set) var message = "←/→ move the carousel · Tab the other one · ? keys"

    /// The keys, for `--help` and `?`.
    public static let keyHelp: [(String, String)] = [
        ("↑ ↓ PgUp PgDn", "scroll (Home End: top, end)"),
        ("← →", "move the focused carousel a page (a drag and a release)"),
        ("Tab", "focus the other carousel"),
        ("Enter", "select the focused carousel's current card"),
        ("q", "quit"),
    ]

    /// A store screen with every section's items (or `counts`, for tests).
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
    }

    /// The section index of a carousel.
    func index(_ section: StoreSection) -> Int { section.rawValue }

    /// The card of `carousel` whose centre is nearest the screen's: the page it shows.
    /// - Complexity: O(items in the carousel).
    public func currentItem(of carousel: StoreSection) -> Int {
        let s = index(carousel)
        var best = 0
        var bestDistance = CGFloat.infinity
        for item in 0..<collectionView.numberOfItems(inSection: s) {
            guard let frame = collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: s))?.frame else { continue }
            let distance = abs(frame.midX - collectionView.bounds.width / 2)
            if distance < bestDistance {
                (best, bestDistance) = (item, distance)
            }
        }
        return best
    }

    public override func handle(_ key: Key) -> KeyResponse {
        switch key {
        case .left, .right:
            let s = index(focused)
            guard collectionView.numberOfItems(inSection: s) > 0 else { return .unchanged }
            let before = collectionView.orthogonalContentOffset(forSection: s)
            let direction: CGFloat = key == .right ? -1 : 1  // a finger moving left shows what is on the right
            collectionView.dragOrthogonalSection(s, by: direction * 4)
            collectionView.endDraggingOrthogonalSection(s, velocity: direction * 800)
            let after = collectionView.orthogonalContentOffset(forSection: s)
            message = "\(focused.title): card \(currentItem(of: focused) + 1) of \(collectionView.numberOfItems(inSection: s))"
            return after == before ? .unchanged : .changed
        case .char("\t"), .ctrl("i"):
            focused = focused == .featured ? .editors : .featured
            message = "←/→ now move \(focused.title)"
            return .changed
        case .enter:
            let item = IndexPath(item: currentItem(of: focused), section: index(focused))
            collectionView.tapItem(at: item)
            message = "selected \(focused.app(at: item.item).name)"
            return .changed
        case .char("?"):
            message = StoreScreen.keyHelp.map { "\($0.0): \($0.1)" }.joined(separator: " · ")
            return .changed
        default:
            return super.handle(key)
        }
    }

    /// Where the list is, what the pool holds, and the last key's effect.
    var statusLine: String {
        let top = collectionView.indexPathsForVisibleItems.first.map { StoreSection(rawValue: $0.section)!.title } ?? "—"
        let counters = collectionView.counters
        return "\(top) · cells \(counters.cellsCreated) · pool \(collectionView.reusePoolCount) · "
            + "layout \(counters.lastLayoutNanoseconds / 1_000) µs · \(message)"
    }
}
