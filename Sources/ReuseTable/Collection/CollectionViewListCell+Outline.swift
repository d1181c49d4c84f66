import Foundation

// A list cell's outline disclosure and the outline it shows: a tap on the accessory (or, in the
// header style, anywhere on the cell) toggles the cell's item through the data source's
// `sectionSnapshotHandlers` — the same call as `tapOutlineDisclosure(at:)`, so one code path —
// unless the app gave the accessory an action handler, which then runs instead (UIKit's rule).

extension CollectionView {
    /// The index path of a cell on screen, or nil when the cell is not shown (UIKit: `indexPath(for:)`).
    /// - Complexity: O(v) for v cells on screen.
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        engine.cellsOnScreen.entries.first { $0.cell === cell }?.indexPath
    }

    /// A tap on an item whose list cell shows a header-style outline disclosure: the tap toggles
    /// the item instead of selecting it (UIKit's header style: the cell is not selectable). True when it did.
    func tapTogglesOutline(at indexPath: IndexPath) -> Bool {
        guard let cell = engine.cellsOnScreen[indexPath] as? CollectionViewListCell, let index = cell.headerOutlineDisclosureIndex else {
            return false
        }
        cell.tapAccessory(at: index)
        return true
    }
}

extension CollectionViewListCell {
    /// The index in `accessories` of an outline disclosure shown in the header style (a `.header`
    /// style, or `.automatic` on a cell configured as a header: `isConfiguredAsHeader`), or nil.
    var headerOutlineDisclosureIndex: Int? {
        let isHeader = isConfiguredAsHeader
        return accessories.firstIndex { accessory in
            accessory.kind == .outlineDisclosure && isShown(accessory) && !accessory.isLeading(outlineIsHeader: isHeader)
        }
    }

    /// The default action of an outline disclosure without a handler: the collection view showing
    /// the cell toggles its item (`tapOutlineDisclosure(at:)`). False when no collection view shows the cell.
    func toggleShownItem() -> Bool {
        guard let collectionView = superview as? CollectionView, let indexPath = collectionView.indexPath(for: self) else { return false }
        collectionView.tapOutlineDisclosure(at: indexPath)
        return true
    }
}
