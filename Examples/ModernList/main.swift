// Apple's modern list in a terminal: `swift run ModernList`. A cell registration, list content
// configurations, a diffable data source and accessories, on a collection view laid out by `list(using:)`.
// ↑ ↓ PgUp PgDn scroll, Enter selects the top item, e edits (Enter then taps its delete control, and
// again its Delete action), q quits. Off a terminal it prints five frames.
import Foundation
import ReuseTable
import ReuseTableTerminal

/// The app's own data: a mountain.
struct Peak: Hashable, Sendable {
    let name: String
    let metres: Int
}

let ranges: [(name: String, peaks: [Peak])] = [
    (
        "Himalaya",
        [
            .init(name: "Everest", metres: 8849), .init(name: "Kangchenjunga", metres: 8586), .init(name: "Lhotse", metres: 8516),
            .init(name: "Makalu", metres: 8485), .init(name: "Cho Oyu", metres: 8188),
        ]
    ),
    (
        "Andes",
        [
            .init(name: "Aconcagua", metres: 6961), .init(name: "Ojos del Salado", metres: 6893), .init(name: "Huascarán", metres: 6768),
            .init(name: "Chimborazo", metres: 6263),
        ]
    ),
    (
        "Alps",
        [
            .init(name: "Mont Blanc", metres: 4806), .init(name: "Monte Rosa", metres: 4634), .init(name: "Matterhorn", metres: 4478),
            .init(name: "Eiger", metres: 3967), .init(name: "Zugspitze", metres: 2962),
        ]
    ),
]

var dataSource: CollectionViewDiffableDataSource<String, Peak>!
var configuration = CollectionLayoutListConfiguration(appearance: .plain)  // a list, its rows and headers self-sized
configuration.headerMode = .supplementary
configuration.trailingSwipeActionsConfigurationProvider = { indexPath in  // what a swipe or the delete control reveals
    guard let peak = dataSource.itemIdentifier(for: indexPath) else { return nil }
    return SwipeActionsConfiguration(actions: [
        ContextualAction(style: .destructive, title: "Delete") { _, _, completion in
            var snapshot = dataSource.snapshot()
            snapshot.deleteItems([peak])
            dataSource.apply(snapshot)
            completion(true)
        }
    ])
}
// A frame to start with (the screen gives it its size): a list 0 wide would fit its rows side by side.
let list = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 80, height: 24), collectionViewLayout: CollectionViewCompositionalLayout.list(using: configuration))
list.allowsMultipleSelection = true

// The registrations: made once, outside the providers.
let peakCell = CollectionView.CellRegistration<CollectionViewListCell, Peak> { cell, _, peak in
    var content = ListContentConfiguration.valueCell()
    content.text = peak.name
    content.secondaryText = "\(peak.metres) m"
    cell.contentConfiguration = content
    cell.configurationUpdateHandler = { cell, state in  // a checkmark while selected; delete and reorder while editing
        (cell as? CollectionViewListCell)?.accessories =
            [.delete(), .reorder()] + (state.isSelected ? [.checkmark()] : []) + [.disclosureIndicator()]
    }
}
let rangeHeader = CollectionView.SupplementaryRegistration<CollectionViewListCell>(elementKind: CollectionView.elementKindSectionHeader) {
    header, _, indexPath in
    var content = ListContentConfiguration.header()
    content.text = ranges[indexPath.section].name
    content.textProperties.transform = .uppercase
    header.contentConfiguration = content
    header.accessories = [.label(text: "\(ranges[indexPath.section].peaks.count) peaks")]
}

dataSource = CollectionViewDiffableDataSource<String, Peak>(collectionView: list) { view, indexPath, peak in
    view.dequeueConfiguredReusableCell(using: peakCell, for: indexPath, item: peak)
}
dataSource.supplementaryViewProvider = { view, _, indexPath in
    view.dequeueConfiguredReusableSupplementary(using: rangeHeader, for: indexPath)
}
var snapshot = DiffableDataSourceSnapshot<String, Peak>()
for range in ranges {
    snapshot.appendSections([range.name])
    snapshot.appendItems(range.peaks, toSection: range.name)
}
dataSource.apply(snapshot, animatingDifferences: false)

/// The list on a full screen; Enter taps the item at the top (editing: its delete control, then the
/// Delete action it reveals); e switches editing.
final class PeakScreen: ListScreen {
    override func handle(_ key: Key) -> KeyResponse {
        if key == .char("e") {
            list.setEditing(!list.isEditing, animated: true)
            return .changed
        }
        guard key == .enter, let top = list.indexPathsForVisibleItems.first else { return super.handle(key) }
        if list.indexPathForSwipedItem != nil {
            list.performSwipeAction(at: 0)  // Delete
        } else if list.isEditing {
            (list.cellForItem(at: top) as? CollectionViewListCell)?.tapAccessory(at: 0)  // the delete control
        } else {
            list.tapItem(at: top)
        }
        return .changed
    }
}
let screen = PeakScreen(collectionView: list)
screen.status = { _ in
    if let open = list.indexPathForSwipedItem, let peak = dataSource.itemIdentifier(for: open) { return "Enter deletes \(peak.name)" }
    return "\(list.indexPathsForSelectedItems?.count ?? 0) selected · Enter \(list.isEditing ? "deletes" : "selects") · e edits · q quits"
}
do {
    try EventLoop().run(screen)
} catch {
    // Not a terminal: the first screen, after Enter, after a page down, editing, after Enter twice, 40 × 8.
    screen.resize(width: 40, height: 8)
    for keys in [[], [Key.enter], [.pageDown], [.char("e")], [.enter, .enter]] {
        for key in keys { _ = screen.handle(key) }
        print(screen.render().lines.joined(separator: "\n") + "\n")
    }
}
