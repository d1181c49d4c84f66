import Foundation

// Supplementary views — section headers and footers — from the collection view's side
// (UIKit: `UICollectionReusableView` and the supplementary half of `UICollectionView`):
// registration, dequeue, and placing them in each layout pass beside the cells. The layout
// returns them with the cells from `layoutAttributesForElements(in:)`, so a pass costs one query
// either way; like cells they leave the screen into a `ReusePool` (one stack per kind and
// identifier) and batch updates carry them with their sections (`remapSupplementaryViews(through:)`).

extension CollectionView {
    /// What layout attributes place (UIKit: `UICollectionView.ElementCategory`).
    public enum ElementCategory: Sendable {
        /// An item's cell.
        case cell
        /// A view the data source supplies for a kind (a section header or footer).
        case supplementaryView
        /// A view the layout owns (UIKit's decoration views; no built-in layout makes one).
        case decorationView
    }

    /// The kind of a section header (UIKit's value, `UICollectionView.elementKindSectionHeader`).
    nonisolated public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a section footer (UIKit's value, `UICollectionView.elementKindSectionFooter`).
    nonisolated public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// Registers the class `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`
    /// instantiates for `elementKind` and `identifier` (UIKit's name).
    public func register(
        _ viewClass: CollectionReusableView.Type, forSupplementaryViewOfKind elementKind: String,
        withReuseIdentifier identifier: String
    ) {
        supplementary.registered[SupplementaryViews.poolKey(kind: elementKind, identifier: identifier)] = viewClass
    }

    /// Always a view: from the pool (after `prepareForReuse()`) or new of the registered
    /// class. An unregistered kind and identifier stop with a message naming both.
    /// - Complexity: O(1).
    public func dequeueReusableSupplementaryView(
        ofKind elementKind: String, withReuseIdentifier identifier: String,
        for indexPath: IndexPath
    ) -> CollectionReusableView {
        do {
            try validateSupplementaryDequeue(kind: elementKind, identifier: identifier, for: indexPath)
        } catch {
            ReuseTableError.trap(error, in: "dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)")
        }
        let key = SupplementaryViews.poolKey(kind: elementKind, identifier: identifier)
        if let view = supplementary.pool.dequeue(key) {
            view.prepareForReuse()
            return view
        }
        supplementary.pool.noteCreated(key)
        let view = supplementary.registered[key]!.init(reuseIdentifier: identifier)
        view.elementKind = elementKind
        return view
    }

    /// Throws UIKit's complaint when no class is registered for `kind` and `identifier`.
    func validateSupplementaryDequeue(kind: String, identifier: String, for indexPath: IndexPath) throws(ReuseTableError) {
        guard supplementary.registered[SupplementaryViews.poolKey(kind: kind, identifier: identifier)] == nil else { return }
        let known = supplementary.registered.keys.sorted().map(SupplementaryViews.describe).joined(separator: ", ")
        throw ReuseTableError(
            "unable to dequeue a supplementary view of kind \"\(kind)\" with identifier \"\(identifier)\" for \(indexPath.collectionDescription): "
                + "register a class for that kind and identifier with register(_:forSupplementaryViewOfKind:withReuseIdentifier:) first "
                + "(registered: \(known.isEmpty ? "none" : known)).")
    }

    /// The supplementary view on screen for `elementKind` at `indexPath`, or nil (UIKit's name).
    /// - Complexity: O(1), plus a pending layout pass.
    public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> CollectionReusableView? {
        layoutIfNeeded()
        return supplementary.visible[.init(kind: elementKind, indexPath: indexPath)].flatMap { $0.isAbsentSupplementaryView ? nil : $0 }
    }

    /// The supplementary views of `elementKind` on screen, by index path (UIKit's name).
    /// - Complexity: O(v) for v visible supplementary views (kept sorted), plus a pending layout pass.
    public func visibleSupplementaryViews(ofKind elementKind: String) -> [CollectionReusableView] {
        layoutIfNeeded()
        return supplementary.visible.entries.filter { $0.key.kind == elementKind && !$0.view.isAbsentSupplementaryView }.map(\.view)
    }

    /// The index paths of the supplementary views of `elementKind` on screen, sorted (UIKit's name).
    /// - Complexity: O(v) (kept sorted), plus a pending layout pass.
    public func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        layoutIfNeeded()
        return supplementary.visible.entries.filter { $0.key.kind == elementKind && !$0.view.isAbsentSupplementaryView }.map(\.key.indexPath)
    }

    /// Where the layout puts the supplementary view, or nil (UIKit's name).
    /// - Complexity: the layout's; O(1) for `FlowLayout` and `WaterfallLayout`.
    public func layoutAttributesForSupplementaryElement(ofKind elementKind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        prepareLayoutForQuery()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)
    }

    /// Supplementary views ever created by dequeue, over every kind and identifier (teaching counter).
    public var supplementaryViewsCreated: Int { supplementary.pool.created.values.reduce(0, +) }

    /// Supplementary views waiting in the reuse pool.
    public var supplementaryReusePoolCount: Int { supplementary.pool.count }

    // MARK: Placing them in a layout pass

    /// Places a view for every supplementary element the layout put in the viewport
    /// (collected by `wanted(cells:supplementary:)` in the same query as the cells), in the cells' order
    /// of steps on the same kind of list (`SupplementaryViewsOnScreen`, beside `CellsOnScreen`): views
    /// that left go back to the pool, views that stay move, and arrivals are asked of the data source,
    /// top to bottom — until a callback queues a structural call, after which nothing new is asked
    /// and the view runs one more pass when its queue drains.
    func placeVisibleSupplementaryViews(_ found: [CollectionViewLayoutAttributes]) {
        guard !found.isEmpty || !supplementary.visible.isEmpty else { return }  // no headers: no cost
        let visible = viewport
        var wanted = supplementary.wanted  // the pass's scratch lists, taken out of the view for the pass
        var gone = supplementary.gone
        (supplementary.wanted, supplementary.gone) = ([], [])
        defer {
            wanted.emptyKeepingCapacity()
            gone.emptyKeepingCapacity()
            (supplementary.wanted, supplementary.gone) = (wanted, gone)
        }
        wanted.emptyKeepingCapacity()
        for attributes in found {
            guard let elementKind = attributes.representedElementKind else { continue }
            // Decoration views share the machinery under a kind of their own (`decorationKey`).
            let isDecoration = attributes.representedElementCategory == .decorationView
            let kind = isDecoration ? SupplementaryViews.decorationKey(elementKind) : elementKind
            let key = SupplementaryViews.Key(kind: kind, indexPath: attributes.indexPath)
            let frame = attributes.frame
            guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.width.isFinite, frame.height.isFinite else {
                reportUnusableFrame(frame, of: key)
                continue
            }
            if frame.intersectsOpen(visible) { wanted.append(.init(key: key, frame: frame, zIndex: isDecoration ? 0 : attributes.zIndex)) }
        }
        SupplementaryViews.OnScreen.sortByKey(&wanted)
        supplementary.visible.removeEntries(notIn: wanted, into: &gone)
        for view in gone { recycleSupplementary(view) }
        for element in wanted {
            if let view = supplementary.visible[element.key] {
                view.frame = element.frame
                view.layoutIfNeeded()
                continue
            }
            if let decorationKind = SupplementaryViews.decorationKind(element.key.kind) {
                let view = dequeueDecorationView(ofKind: decorationKind, at: element.key.indexPath)
                view.frame = element.frame
                view.layoutIfNeeded()
                insertSubview(view, at: 0)  // behind the cells: a background
                supplementary.visible[element.key] = view
                continue
            }
            // Nothing new once a callback queued a structural call: the view runs one more pass when its queue drains.
            guard
                let asked = ask(
                    "collectionView(_:viewForSupplementaryElementOfKind:at:)",
                    {
                        supplementaryViewFromDataSource(ofKind: element.key.kind, at: element.key.indexPath)
                    })
            else {
                engine.pass.requests.insert(.runAgain)
                break
            }
            guard let view = asked else { break }
            view.frame = element.frame
            view.layoutIfNeeded()
            if !view.isAbsentSupplementaryView { addSubview(view) }
            supplementary.visible[element.key] = view
        }
        supplementary.mostVisibleAtOnce = max(supplementary.mostVisibleAtOnce, supplementary.visible.count)
        bringViewsInFrontToFront(wanted)
    }

    /// Views above the cells (a pinned header, a badge) go to the front, lowest zIndex first; of
    /// equal zIndex, in the order of their keys. A few at most: a scan per level, no sort.
    private func bringViewsInFrontToFront(_ wanted: [SupplementaryViews.OnScreen.Wanted]) {
        var level = 0
        while true {
            var next = Int.max
            for element in wanted where element.zIndex > level && element.zIndex < next { next = element.zIndex }
            guard next != Int.max else { return }
            for element in wanted where element.zIndex == next {
                if let view = supplementary.visible[element.key], subviews.last !== view { bringSubviewToFront(view) }
            }
            level = next
        }
    }

    /// Reports a supplementary element whose frame is not finite, once until the next reload.
    private func reportUnusableFrame(_ frame: CGRect, of key: SupplementaryViews.Key) {
        guard supplementary.reportedBadFrames.insert(key).inserted else { return }
        diagnosticHandler(
            "\(type(of: collectionViewLayout)).layoutAttributesForElements(in:) returned the frame \(frame) "
                + "for the supplementary view of kind \"\(key.kind)\" at \(key.indexPath.collectionDescription); "
                + "a frame must be finite. The view is not shown.")
    }

    /// A decoration view of `kind` for `indexPath`: from the pool, or new of the class the layout
    /// registered; an unregistered kind stops with UIKit's complaint.
    /// - Complexity: O(1).
    func dequeueDecorationView(ofKind kind: String, at indexPath: IndexPath) -> CollectionReusableView {
        let elementKind = SupplementaryViews.decorationKey(kind)
        let key = SupplementaryViews.poolKey(kind: elementKind, identifier: kind)
        if let view = supplementary.pool.dequeue(key) {
            view.prepareForReuse()
            return view
        }
        guard let viewClass = collectionViewLayout.decorationViewClass(ofKind: kind) else {
            ReuseTableError.trap(SupplementaryViews.missingDecorationClass(kind, at: indexPath))
        }
        supplementary.pool.noteCreated(key)
        let view = viewClass.init(reuseIdentifier: kind)
        view.elementKind = elementKind
        return view
    }

    /// Asks the data source for a supplementary view; nil without a data source.
    func supplementaryViewFromDataSource(ofKind kind: String, at indexPath: IndexPath) -> CollectionReusableView? {
        guard let dataSource else { return nil }
        noteCellRequestStarting()
        let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: indexPath)
        if view.elementKind == nil { view.elementKind = kind }
        prepareConfiguration(ofSupplementary: view)  // a cell used as a header gets its update before it is shown
        return view
    }

    /// Takes a supplementary view off screen and puts it in the pool for its kind and identifier.
    func recycleSupplementary(_ view: CollectionReusableView) {
        view.removeFromSuperview()
        guard let identifier = view.reuseIdentifier, let kind = view.elementKind, !view.isAbsentSupplementaryView else { return }
        supplementary.pool.enqueue(view, identifier: SupplementaryViews.poolKey(kind: kind, identifier: identifier))
    }

    /// Returns every supplementary view to the pool (reload).
    func recycleAllSupplementaryViews() {
        let leaving = supplementary.visible.removeAll()
        supplementary.reportedBadFrames.removeAll()
        for entry in leaving { recycleSupplementary(entry.view) }
    }

    /// Carries the views on screen through a batch update: a view follows its section
    /// (moves carry it, inserts and deletes above shift it); the views of deleted or
    /// reloaded sections go back to the pool. The next layout pass places them.
    func remapSupplementaryViews(through plan: UpdatePlan) {
        var remapped: [SupplementaryViews.OnScreen.Entry] = []
        for entry in supplementary.visible.entries {
            let (key, view) = (entry.key, entry.view)
            let section =
                key.indexPath.count == 2 && key.indexPath.section < plan.newSectionOfOld.count
                ? plan.newSectionOfOld[key.indexPath.section] : nil
            if let section {
                var indexPath = key.indexPath
                indexPath[0] = section
                remapped.append(.init(key: .init(kind: key.kind, indexPath: indexPath), view: view))
            } else {
                recycleSupplementary(view)
            }
        }
        supplementary.visible.replace(with: remapped)
    }
}

/// The collection view's supplementary-view state (one stored property of `CollectionView`).
@MainActor
struct SupplementaryViews {
    /// A supplementary element: its kind and index path; ordered by index path, then kind.
    struct Key: Hashable, Comparable {
        var kind: String
        var indexPath: IndexPath

        static func < (a: Key, b: Key) -> Bool {
            switch a.indexPath.compare(b.indexPath) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: a.kind < b.kind
            }
        }
    }

    typealias OnScreen = SupplementaryViewsOnScreen<Key, CollectionReusableView>

    /// Registered classes by `poolKey(kind:identifier:)`.
    var registered: [String: CollectionReusableView.Type] = [:]
    /// Idle views by `poolKey(kind:identifier:)`.
    let pool = ReusePool<CollectionReusableView>()
    /// Views on screen (absent stand-ins included, so the data source is not asked again on every pass).
    var visible = OnScreen()
    /// A pass's lists (what it wants, what left), kept between passes so a pass allocates none.
    var wanted: [OnScreen.Wanted] = []
    var gone: [CollectionReusableView] = []
    /// Elements whose non-finite frames were already reported (cleared by a reload).
    var reportedBadFrames: Set<Key> = []
    /// The most supplementary elements on screen at once so far (teaching counter; tests check the reuse bound).
    var mostVisibleAtOnce = 0

    /// The key kind a decoration view of `kind` is kept under, apart from supplementary kinds.
    static func decorationKey(_ kind: String) -> String { "\u{1}" + kind }

    /// The decoration kind of a key kind, or nil for a supplementary one.
    static func decorationKind(_ key: String) -> String? {
        key.hasPrefix("\u{1}") ? String(key.dropFirst()) : nil
    }

    /// UIKit's complaint when a layout shows a decoration view of a kind it registered no class for.
    static func missingDecorationClass(_ kind: String, at indexPath: IndexPath) -> ReuseTableError {
        ReuseTableError(
            "could not dequeue a decoration view of kind \"\(kind)\" for \(indexPath.count == 2 ? indexPath.collectionDescription : "\(Array(indexPath))"): "
                + "register a class for it with the layout's register(_:forDecorationViewOfKind:) first.")
    }

    /// One pool stack per kind and identifier (the separator cannot appear in either by accident).
    static func poolKey(kind: String, identifier: String) -> String { kind + "\u{0}" + identifier }

    /// `"kind"/"identifier"`, for messages.
    static func describe(_ key: String) -> String {
        let parts = key.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
        return "\"\(parts[0])\"/\"\(parts.count > 1 ? parts[1] : "")\""
    }
}
