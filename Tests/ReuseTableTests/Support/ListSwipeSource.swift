import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A compositional list of sections of item ids shown by `CollectionViewListCell`s with `delete`
/// and `reorder` accessories, whose list configuration offers leading and trailing swipe actions by
/// title. Each action logs "action TITLE" and completes with `completes`; "Delete" also deletes its
/// item. Every configuration update is logged with the cell's state (`updates`).
@MainActor
final class ListSwipeSource: SwipeSections, CollectionViewDataSource, CollectionViewDelegate {
    struct Update {
        let cell: ObjectIdentifier
        let id: Int
        let state: CellConfigurationState
    }

    var updates: [Update] = []
    /// Leading actions by title; empty: the provider answers nil.
    var leading: [String] = ["Pin"]
    /// Trailing actions by title; nil: the provider answers nil.
    var trailing: [String]? = ["Delete", "Flag"]
    /// What the cells' `delete` accessory runs; nil: the default (the trailing swipe).
    var deleteHandler: CellAccessory.ActionHandler?
    weak var collection: CollectionView?
    /// Runs in every provider call, before it answers (a test calls back into the view from here).
    var onProvider: ((CollectionView, IndexPath) -> Void)?
    /// Runs in every action's handler, before its completion.
    var onAction: ((CollectionView) -> Void)?
    private var registration: CollectionView.CellRegistration<CollectionViewListCell, Int>!

    override init(_ counts: [Int]) {
        super.init(counts)
        registration = CollectionView.CellRegistration { [unowned self] cell, _, id in
            var content = cell.defaultContentConfiguration()
            content.text = "item \(id)"
            cell.contentConfiguration = content
            cell.accessories = [.delete(actionHandler: deleteHandler), .reorder(), .disclosureIndicator(displayed: .whenNotEditing)]
            cell.configurationUpdateHandler = { [unowned self] cell, state in
                updates.append(Update(cell: ObjectIdentifier(cell), id: id, state: state))
            }
        }
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id(indexPath))
    }
    func collectionView(_ collectionView: CollectionView, canEditItemAt indexPath: IndexPath) -> Bool { !notEditable.contains(id(indexPath)) }
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
    func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
        log.append("move \(id(source))")
        sections[destination.section].insert(sections[source.section].remove(at: source.item), at: destination.item)
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        log.append("didSelect \(id(indexPath))")
    }

    func configuration(_ titles: [String]) -> SwipeActionsConfiguration {
        let actions = titles.map { title in
            ContextualAction(style: title == "Delete" ? .destructive : .normal, title: title) { [unowned self] _, _, completion in
                log.append("action \(title)")
                if let collection { onAction?(collection) }
                if title == "Delete", let collection, let indexPath = collection.indexPathForSwipedItem {
                    sections[indexPath.section].remove(at: indexPath.item)
                    collection.deleteItems(at: [indexPath])  // queued: runs when the handler returns
                }
                completion(completes)
            }
        }
        let configuration = SwipeActionsConfiguration(actions: actions)
        configuration.performsFirstActionWithFullSwipe = fullSwipePerforms
        return configuration
    }

    /// A plain list `width` × `height` over this source (rows one line tall), loaded.
    func makeCollection(width: CGFloat = 40, height: CGFloat = 12) -> CollectionView {
        var list = CollectionLayoutListConfiguration(appearance: .plain)
        list.leadingSwipeActionsConfigurationProvider = { [unowned self] indexPath in
            if let collection = self.collection { onProvider?(collection, indexPath) }
            return leading.isEmpty ? nil : configuration(leading)
        }
        list.trailingSwipeActionsConfigurationProvider = { [unowned self] indexPath in
            if let collection = self.collection { onProvider?(collection, indexPath) }
            return trailing.map { configuration($0) }
        }
        let collection = CollectionView(
            frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: CollectionViewCompositionalLayout.list(using: list))
        collection.dataSource = self
        collection.delegate = self
        collection.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
        self.collection = collection
        collection.reloadData()
        collection.layoutIfNeeded()
        return collection
    }
}
