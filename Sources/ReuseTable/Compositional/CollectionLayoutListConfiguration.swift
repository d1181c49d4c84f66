import Foundation

/// A list built on the compositional layout: one full-width self-sizing row per item, with the
/// appearance, headers, footers and swipe actions of a table (UIKit: `UICollectionLayoutListConfiguration`).
///
/// ```swift
/// var configuration = CollectionLayoutListConfiguration(appearance: .plain)
/// configuration.headerMode = .supplementary
/// let list = CollectionView(frame: CGRect(x: 0, y: 0, width: 60, height: 20),
///                           collectionViewLayout: CollectionViewCompositionalLayout.list(using: configuration))
/// ```
@MainActor
public struct CollectionLayoutListConfiguration {
    /// The look of the list (UIKit's names).
    public enum Appearance: Hashable, Sendable {
        /// Rows edge to edge; supplementary headers and footers stick to the visible area, as a plain table's do.
        case plain
        /// Sections set apart by padding; headers and footers scroll.
        case grouped
        /// As `grouped`, with rows inset from both sides.
        case insetGrouped
        /// A sidebar: rows inset a little from both sides, sections set apart.
        case sidebar
        /// A sidebar whose rows run edge to edge.
        case sidebarPlain
    }

    /// How a section shows its header (UIKit's names).
    public enum HeaderMode: Hashable, Sendable {
        /// No header.
        case none
        /// A supplementary view of kind `CollectionView.elementKindSectionHeader` from the data source.
        case supplementary
        /// The section's first item is its header: the layout places it as a row, and a list cell
        /// showing it takes a header's look — its `defaultContentConfiguration()` is `.header()`
        /// (`.sidebarHeader()` in the sidebar appearances), and an `.automatic` outline disclosure on
        /// it is the header style, so a tap anywhere on it expands or collapses the item instead of
        /// selecting it. Make it the parent of the section's other items to collapse the section.
        case firstItemInSection
    }

    /// How a section shows its footer (UIKit's names).
    public enum FooterMode: Hashable, Sendable {
        /// No footer.
        case none
        /// A supplementary view of kind `CollectionView.elementKindSectionFooter` from the data source.
        case supplementary
    }

    /// The actions a swipe on an item reveals, or nil for none (UIKit's `SwipeActionsConfigurationProvider`).
    public typealias SwipeActionsConfigurationProvider = @MainActor (IndexPath) -> SwipeActionsConfiguration?

    /// The look.
    public var appearance: Appearance
    /// Whether rows show separators (the list cells draw them; the layout leaves no extra space). Default true.
    public var showsSeparators = true
    /// Headers. Default `.none`.
    public var headerMode: HeaderMode = .none
    /// Footers. Default `.none`.
    public var footerMode: FooterMode = .none
    /// Space above each section's header in the grouped appearances; nil is the appearance's (UIKit's name).
    public var headerTopPadding: CGFloat?
    /// Actions revealed by a swipe from the leading edge.
    public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    /// Actions revealed by a swipe from the trailing edge.
    public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?

    /// A list configuration of `appearance` with UIKit's defaults.
    public init(appearance: Appearance) {
        self.appearance = appearance
    }

    /// The estimated height of a row, as UIKit's lists use.
    static let estimatedRowHeight: CGFloat = 44
    /// The estimated height of a header or footer.
    static let estimatedSupplementaryHeight: CGFloat = 28
}

/// Where a list cell sits in its list, as the layout places its item: the list's appearance, and
/// whether the item is its section's header (`headerMode = .firstItemInSection`). A list cell learns it
/// when it is dequeued for an item and again while it shows one after the layout is prepared
/// (`CollectionViewListCell.listPlacement`), as a UIKit list cell learns its section's appearance
/// from the layout attributes it is given.
struct ListCellPlacement: Equatable, Sendable {
    var appearance: CollectionLayoutListConfiguration.Appearance
    /// The item is its section's first and the section's `headerMode` is `.firstItemInSection`.
    var isHeader: Bool

    /// The placement of item `item` in a list section of `configuration`.
    init(item: Int, in configuration: CollectionLayoutListConfiguration) {
        appearance = configuration.appearance
        isHeader = configuration.headerMode == .firstItemInSection && item == 0
    }

    /// The list content configuration a cell placed here starts from (UIKit's choice of
    /// `defaultContentConfiguration()`): a header's for the header item, a cell's otherwise, each in
    /// its sidebar variant in the sidebar appearances.
    @MainActor var defaultContentConfiguration: ListContentConfiguration {
        switch appearance {
        case .plain, .grouped, .insetGrouped: return isHeader ? .header() : .cell()
        case .sidebar, .sidebarPlain: return isHeader ? .sidebarHeader() : .sidebarCell()
        }
    }
}

extension CollectionLayoutSection {
    /// A list section: each item a full-width row of estimated height (self-sized by its cell), with
    /// the configuration's insets, headers and footers (UIKit's name).
    ///
    /// | appearance | leading/trailing inset | top and bottom padding | headers and footers |
    /// |---|---|---|---|
    /// | `.plain`, `.sidebarPlain` | 0 | 0 | pinned (`.plain` only) |
    /// | `.grouped` | 0 | `headerTopPadding` (default 20) above, 20 below | scroll |
    /// | `.insetGrouped` | 20 | as `.grouped` | scroll |
    /// | `.sidebar` | 10 | 10 above, 10 below | scroll |
    /// - Complexity: O(1).
    public static func list(using configuration: CollectionLayoutListConfiguration, layoutEnvironment: CollectionLayoutEnvironment)
        -> CollectionLayoutSection
    {
        let estimate = CollectionLayoutListConfiguration.estimatedRowHeight
        let row = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(estimate)))
        // One row a group, full width, at any width (also one narrower than the insets).
        let group = CollectionLayoutGroup.horizontal(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(estimate)), repeatingSubitem: row,
            count: 1)
        let section = CollectionLayoutSection(group: group)
        let side: CGFloat
        var top: CGFloat = 0, bottom: CGFloat = 0
        switch configuration.appearance {
        case .plain, .sidebarPlain:
            side = 0
        case .grouped, .insetGrouped:
            side = configuration.appearance == .insetGrouped ? TableView.insetGroupedCellInset : 0
            top = configuration.headerTopPadding ?? 20
            bottom = 20
        case .sidebar:
            side = 10
            top = configuration.headerTopPadding ?? 10
            bottom = 10
        }
        section.contentInsets = DirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
        let pins = configuration.appearance == .plain
        let supplementaryHeight = CollectionLayoutListConfiguration.estimatedSupplementaryHeight
        func boundary(_ kind: String, _ alignment: RectAlignment) -> [CollectionLayoutBoundarySupplementaryItem] {
            let item = CollectionLayoutBoundarySupplementaryItem(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(supplementaryHeight)),
                elementKind: kind, alignment: alignment)
            item.pinToVisibleBounds = pins
            return [item]
        }
        if configuration.headerMode == .supplementary {
            section.boundarySupplementaryItems += boundary(CollectionView.elementKindSectionHeader, .top)
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems += boundary(CollectionView.elementKindSectionFooter, .bottom)
        }
        // The padding of the grouped appearances goes outside the section's headers: the spacing before it
        // (top) and after its footer (bottom), as content insets would put it inside them.
        section.listPadding = (top, bottom)
        section.listConfiguration = configuration
        return section
    }
}

extension CollectionViewCompositionalLayout {
    /// A layout whose every section is a list section of `configuration` (UIKit's name). One section
    /// description is made per environment and shared by every section.
    public static func list(using configuration: CollectionLayoutListConfiguration) -> CollectionViewCompositionalLayout {
        var made: (environment: CollectionLayoutEnvironment, section: CollectionLayoutSection)?
        return CollectionViewCompositionalLayout(sectionProvider: { _, environment in
            if let made, made.environment == environment { return made.section }
            let section = CollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
            made = (environment, section)
            return section
        })
    }

    /// Where a list cell showing `indexPath` sits: nil outside a list section.
    /// - Complexity: O(1).
    func listPlacement(ofItemAt indexPath: IndexPath) -> ListCellPlacement? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < store.sectionCount,
            let configuration = store.kind(indexPath.section).section?.listConfiguration
        else { return nil }
        return ListCellPlacement(item: indexPath.item, in: configuration)
    }

    /// The swipe actions a list section's configuration offers for `indexPath` from `edge`, or nil
    /// (for the collection view's swipe stand-ins).
    func listSwipeActionsConfiguration(at indexPath: IndexPath, edge: TableView.SwipeEdge) -> SwipeActionsConfiguration? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < store.sectionCount,
            let configuration = store.kind(indexPath.section).section?.listConfiguration
        else { return nil }
        let provider =
            edge == .leading ? configuration.leadingSwipeActionsConfigurationProvider : configuration.trailingSwipeActionsConfigurationProvider
        return provider?(indexPath)
    }
}
