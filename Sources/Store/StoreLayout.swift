import Foundation
import ReuseTable

/// The store's compositional layout: a pinned header on every section, a paging carousel, a grid
/// of self-sizing tiles, a gliding carousel and a self-sizing list (`CollectionLayoutSection.list`),
/// each section description made once and shared.
@MainActor
public enum StoreLayout {
    /// The kind of the section headers.
    public static let headerKind = CollectionView.elementKindSectionHeader

    /// The layout for the store's sections.
    public static func make() -> CollectionViewCompositionalLayout {
        var made: [StoreSection: CollectionLayoutSection] = [:]
        var madeFor: CollectionLayoutEnvironment?
        return CollectionViewCompositionalLayout(sectionProvider: { index, environment in
            guard let kind = StoreSection(rawValue: index) else { return nil }
            if madeFor != environment {
                made = [:]
                madeFor = environment
            }
            if let section = made[kind] { return section }
            let section = self.section(kind, environment: environment)
            made[kind] = section
            return section
        })
    }

    static func header() -> CollectionLayoutBoundarySupplementaryItem {
        let header = CollectionLayoutBoundarySupplementaryItem(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
            elementKind: headerKind, alignment: .top)
        header.pinToVisibleBounds = true
        return header
    }

    static func section(_ kind: StoreSection, environment: CollectionLayoutEnvironment) -> CollectionLayoutSection {
        switch kind {
        case .featured:
            // One card a page, a little narrower than the screen so the next one peeks in.
            let card = CollectionLayoutItem(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = CollectionLayoutGroup.horizontal(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(0.85), heightDimension: .absolute(5)), subitems: [card])
            let section = CollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .groupPagingCentered
            section.interGroupSpacing = 2
            section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 1, bottom: 1, trailing: 1)
            section.boundarySupplementaryItems = [header()]
            return section
        case .top:
            let tile = CollectionLayoutItem(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .estimated(4)))
            tile.contentInsets = DirectionalEdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1)
            let group = CollectionLayoutGroup.horizontal(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(4)), subitems: [tile])
            let section = CollectionLayoutSection(group: group)
            section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 1, trailing: 0)
            section.boundarySupplementaryItems = [header()]
            return section
        case .editors:
            let card = CollectionLayoutItem(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = CollectionLayoutGroup.horizontal(
                layoutSize: CollectionLayoutSize(widthDimension: .absolute(24), heightDimension: .absolute(4)), subitems: [card])
            let section = CollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
            section.interGroupSpacing = 1
            section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 1, bottom: 1, trailing: 1)
            section.boundarySupplementaryItems = [header()]
            return section
        case .new:
            // UIKit's list section as it is: rows estimated at 44 (lines, here) and measured by their
            // cells as they show, a pinned supplementary header that sizes itself.
            var configuration = CollectionLayoutListConfiguration(appearance: .plain)
            configuration.headerMode = .supplementary
            return CollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
    }
}
