import Foundation
import ReuseTable

/// Counts, cells and headers for the store's sections.
@MainActor
public final class StoreDataSource: CollectionViewDataSource {
    /// Items per section (every section's catalogue count, unless a test asks for fewer).
    public var counts = StoreSection.allCases.map(\.count)

    /// The store's data source.
    public init() {}

    /// Registers the cells and header views the data source dequeues.
    public func register(in collectionView: CollectionView) {
        collectionView.register(StoreCardCell.self, forCellWithReuseIdentifier: "card")
        collectionView.register(StoreRowCell.self, forCellWithReuseIdentifier: "row")
        collectionView.register(StoreHeaderView.self, forSupplementaryViewOfKind: StoreLayout.headerKind, withReuseIdentifier: "header")
    }

    public func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let kind = StoreSection(rawValue: indexPath.section)!
        let app = kind.app(at: indexPath.item)
        if kind == .new {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! StoreRowCell
            cell.label.text = "\(app.name) · \(app.rating) — \(app.pitch)"
            return cell
        }
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "card", for: indexPath) as! StoreCardCell
        cell.title = kind == .featured ? "\(indexPath.item + 1). \(app.name)" : app.name
        cell.rating = app.rating
        cell.pitch.text = app.pitch
        return cell
    }

    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath)
        -> CollectionReusableView
    {
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath) as! StoreHeaderView
        let section = StoreSection(rawValue: indexPath.section)!
        view.label.text = "\(section.title) · \(collectionView.numberOfItems(inSection: indexPath.section)) apps"
        return view
    }
}
