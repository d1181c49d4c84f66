import Foundation

// Registrations (UIKit, iOS 14): a cell class and the code that configures it, as one value
// made once, outside the cell provider. Each registration is one reuse identifier the app never
// sees; the collection view registers the class the first time the registration is used.

extension CollectionView {
    /// A cell class and how to configure it for an item (UIKit: `UICollectionView.CellRegistration`).
    ///
    ///     let registration = CollectionView.CellRegistration<CollectionViewListCell, String> { cell, indexPath, name in
    ///         var content = cell.defaultContentConfiguration()
    ///         content.text = name
    ///         cell.contentConfiguration = content
    ///     }
    ///     // in the cell provider:
    ///     collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
    ///
    /// Make it once (a property, or a local before the data source) — never inside the cell provider:
    /// a registration made there is new for every cell, so no cell is ever reused, and dequeuing with
    /// it stops with UIKit's message.
    public struct CellRegistration<Cell: CollectionViewCell, Item> {
        /// What configures a dequeued cell for its item (UIKit: `CellRegistration.Handler`).
        public typealias Handler = @MainActor (Cell, IndexPath, Item) -> Void

        /// Runs once for every dequeue.
        let handler: Handler
        /// The hidden reuse identifier: the cell class and a unique number.
        let reuseIdentifier: String
        /// When the registration was made, on the monotonic clock (for the check against the cell provider).
        let createdAt: UInt64

        /// A registration that configures `Cell`s with `handler`.
        public init(handler: @escaping Handler) {
            self.handler = handler
            self.reuseIdentifier = "CellRegistration<\(Cell.self)> \(UUID().uuidString)"
            self.createdAt = DispatchTime.now().uptimeNanoseconds
        }
    }

    /// A supplementary view class, its kind and how to configure it (UIKit:
    /// `UICollectionView.SupplementaryRegistration`). A `CollectionViewListCell` makes a list-style header.
    public struct SupplementaryRegistration<Supplementary: CollectionReusableView> {
        /// What configures a dequeued view (UIKit: `SupplementaryRegistration.Handler`): the view, its kind, its index path.
        public typealias Handler = @MainActor (Supplementary, String, IndexPath) -> Void

        /// The kind of supplementary view (`CollectionView.elementKindSectionHeader`, …).
        public let elementKind: String
        /// Runs once for every dequeue.
        let handler: Handler
        /// The hidden reuse identifier.
        let reuseIdentifier: String
        /// When the registration was made, on the monotonic clock.
        let createdAt: UInt64

        /// A registration of `Supplementary` views of `elementKind`, configured by `handler`.
        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            self.handler = handler
            self.reuseIdentifier = "SupplementaryRegistration<\(Supplementary.self)> \(UUID().uuidString)"
            self.createdAt = DispatchTime.now().uptimeNanoseconds
        }
    }

    /// A cell from `registration`'s pool (or a new one), configured by its handler for `item`
    /// (UIKit's name): the handler runs once per dequeue, and not at all when `item` is nil.
    /// A registration made inside the cell provider (`cellForItemAt`, a diffable data source's
    /// provider) stops with UIKit's message.
    /// - Complexity: O(1) plus the handler.
    public func dequeueConfiguredReusableCell<Cell, Item>(
        using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
    ) -> Cell {
        do { try validateCellRegistration(createdAt: registration.createdAt) } catch { ReuseTableError.trap(error) }
        let identifier = registration.reuseIdentifier
        // The engine's remembered lookup: the same registration dequeues every item, and hashing its
        // identifier again at each was a tenth of a configured arrival.
        if registeredClass(for: identifier) == nil { register(Cell.self, forCellWithReuseIdentifier: identifier) }
        guard let cell = dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath) as? Cell else {
            preconditionFailure("ReuseTable: the pool of \(identifier) holds a cell of another class")
        }
        if let item { calling("CellRegistration handler") { registration.handler(cell, indexPath, item) } }
        return cell
    }

    /// A supplementary view from `registration`'s pool (or a new one), configured by its handler
    /// (UIKit's name): the handler runs once per dequeue. A registration made inside the
    /// supplementary view provider stops with UIKit's message.
    /// - Complexity: O(1) plus the handler.
    public func dequeueConfiguredReusableSupplementary<Supplementary>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
    ) -> Supplementary {
        do { try validateSupplementaryRegistration(createdAt: registration.createdAt) } catch { ReuseTableError.trap(error) }
        let identifier = registration.reuseIdentifier, kind = registration.elementKind
        if supplementary.registered[SupplementaryViews.poolKey(kind: kind, identifier: identifier)] == nil {
            register(Supplementary.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
        }
        guard let view = dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: identifier, for: indexPath) as? Supplementary else {
            preconditionFailure("ReuseTable: the pool of \(identifier) holds a view of another class")
        }
        calling("SupplementaryRegistration handler") { registration.handler(view, kind, indexPath) }
        return view
    }

    /// Throws UIKit's message when a cell registration was made during the running cell provider call.
    func validateCellRegistration(createdAt: UInt64) throws(ReuseTableError) {
        guard Self.same(transaction.callback, Self.cellCallback), createdAt > engine.pass.configurationUpdates.providerCallStartedAt else { return }
        throw ReuseTableError(
            "Attempted to dequeue a cell using a registration that was created inside collectionView(_:cellForItemAt:) or inside "
                + "the CollectionViewDiffableDataSource cell provider. Creating a new registration each time a cell is requested will "
                + "prevent reuse and cause created cells to remain inaccessible in memory for the lifetime of the collection view. "
                + "Registrations should be created up front and reused.")
    }

    /// Throws UIKit's message when a supplementary registration was made during the running supplementary view provider call.
    func validateSupplementaryRegistration(createdAt: UInt64) throws(ReuseTableError) {
        guard Self.same(transaction.callback, "collectionView(_:viewForSupplementaryElementOfKind:at:)"),
            createdAt > engine.pass.configurationUpdates.providerCallStartedAt
        else { return }
        throw ReuseTableError(
            "Attempted to dequeue a supplementary view using a registration that was created inside "
                + "collectionView(_:viewForSupplementaryElementOfKind:at:) or inside the CollectionViewDiffableDataSource supplementary "
                + "view provider. Creating a new registration each time a supplementary view is requested will prevent reuse and cause "
                + "created supplementary views to remain inaccessible in memory for the lifetime of the collection view. "
                + "Registrations should be created up front and reused.")
    }

    /// Whether two callback names are the same text, without making strings.
    private static func same(_ a: StaticString, _ b: StaticString) -> Bool {
        guard a.hasPointerRepresentation, b.hasPointerRepresentation, a.utf8CodeUnitCount == b.utf8CodeUnitCount else { return false }
        return a.utf8Start == b.utf8Start || memcmp(a.utf8Start, b.utf8Start, a.utf8CodeUnitCount) == 0
    }
}
