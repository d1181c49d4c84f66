import Foundation

// Selection and highlighting from the collection view's side (UIKit's names).
// The mechanism — the selected set, how it follows updates, the tap sequence —
// is shared with the table: `Selection/SelectionHost.swift`. This file only names the delegate methods.

extension CollectionView: SelectionHost {
    /// Selects an item (and, in single selection, only it) without calling the delegate, as UIKit;
    /// nil deselects every item. The visible cell shows it at once.
    ///
    /// `scrollPosition` scrolls as `scrollToItem(at:at:animated:)` does, except `.none`, which does
    /// not scroll at all (as Apple documents). Ignored while `allowsSelection` is false. Called from
    /// a data source or delegate method, the selection changes at once and the scroll runs when that
    /// step is done. An index path naming no item stops with a message naming it.
    /// - Complexity: O(s log v) for s items deselected and v visible items, plus the scroll.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        selectFromPublicCall(indexPath, animated: animated, call: "selectItem(at:animated:scrollPosition:)") { indexPath in
            if scrollPosition != .none { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
        }
    }

    /// Deselects an item without calling the delegate, as UIKit; nothing if it was not selected.
    /// An index path naming no item stops with a message naming it.
    /// - Complexity: O(log v) for v visible items.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        deselectFromPublicCall(indexPath, animated: animated, call: "deselectItem(at:animated:)")
    }

    /// The selected items in order, or nil when none is selected (UIKit's optional array).
    /// - Complexity: O(s log s) for s selected items.
    public var indexPathsForSelectedItems: [IndexPath]? {
        engine.selection.isEmpty ? nil : engine.selection.sorted
    }

    /// A headless tap on an item: UIKit's touch sequence with its delegate calls —
    /// `shouldHighlightItemAt` → highlight (`didHighlightItemAt`) → `shouldSelectItemAt` (false vetoes)
    /// → in single selection, `shouldDeselectItemAt`/`didDeselectItemAt` of the previously selected
    /// item → select → `didSelectItemAt` → unhighlight (`didUnhighlightItemAt`). In multiple
    /// selection a tap on a selected item deselects it (`shouldDeselectItemAt`, `didDeselectItemAt`).
    ///
    /// Nothing happens while `allowsSelection` is false. While an item shows swipe actions the tap
    /// closes them and does nothing else; while editing it selects only with
    /// `allowsSelectionDuringEditing`. Called from a data source or delegate method, it runs when
    /// that step is done. An index path naming no item stops with a message naming it.
    /// On a `CollectionViewListCell` showing an outline disclosure in the header style, the tap
    /// toggles the item instead, as the accessory does (UIKit: such a cell is not selectable).
    /// - Complexity: O(s log v) for s items deselected, plus what the delegate does.
    public func tapItem(at indexPath: IndexPath) {
        if deferIfBusy("tapItem(at:)", { [self] in tapItem(at: indexPath) }) { return }
        if editing.swipe != nil { return tapClosingSwipe(at: indexPath, call: "tapItem(at:)") }  // the tap closes the actions
        if tapTogglesOutline(at: indexPath) { return }  // a header-style outline disclosure (`CollectionViewListCell+Outline.swift`)
        guard tapSelects else { return tapClosingSwipe(at: indexPath, call: "tapItem(at:)") }  // editing: checked, selects nothing
        tapFromPublicCall(indexPath, call: "tapItem(at:)")
    }

    // MARK: SelectionHost

    func displayedSelectableCell(at indexPath: IndexPath) -> SelectableCell? { engine.cellsOnScreen[indexPath] }

    func selectionMethodName(_ callback: SelectionCallback) -> StaticString {
        switch callback {
        case .shouldHighlight: "collectionView(_:shouldHighlightItemAt:)"
        case .didHighlight: "collectionView(_:didHighlightItemAt:)"
        case .didUnhighlight: "collectionView(_:didUnhighlightItemAt:)"
        case .willSelect: "collectionView(_:shouldSelectItemAt:)"
        case .willDeselect: "collectionView(_:shouldDeselectItemAt:)"
        case .didSelect: "collectionView(_:didSelectItemAt:)"
        case .didDeselect: "collectionView(_:didDeselectItemAt:)"
        case .canPerformPrimaryAction: "collectionView(_:canPerformPrimaryActionForItemAt:)"
        case .performPrimaryAction: "collectionView(_:performPrimaryActionForItemAt:)"
        }
    }

    func selectionCallback(_ callback: SelectionCallback, _ indexPath: IndexPath) -> IndexPath? {
        guard let delegate else { return indexPath }  // no delegate: highlight, select and deselect as asked
        return calling(selectionMethodName(callback)) {
            switch callback {
            case .shouldHighlight: return delegate.collectionView(self, shouldHighlightItemAt: indexPath) ? indexPath : nil
            case .didHighlight: delegate.collectionView(self, didHighlightItemAt: indexPath)
            case .didUnhighlight: delegate.collectionView(self, didUnhighlightItemAt: indexPath)
            case .willSelect: return delegate.collectionView(self, shouldSelectItemAt: indexPath) ? indexPath : nil
            case .willDeselect: return delegate.collectionView(self, shouldDeselectItemAt: indexPath) ? indexPath : nil
            case .didSelect: delegate.collectionView(self, didSelectItemAt: indexPath)
            case .didDeselect: delegate.collectionView(self, didDeselectItemAt: indexPath)
            case .canPerformPrimaryAction:
                return delegate.collectionView(self, canPerformPrimaryActionForItemAt: indexPath) ? indexPath : nil
            case .performPrimaryAction: delegate.collectionView(self, performPrimaryActionForItemAt: indexPath)
            }
            return nil
        }
    }
}

extension CollectionViewCell: SelectableCell {
    func showSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
    func showHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }
    func resetSelectionForReuse() {
        isSelected = false
        isHighlighted = false
    }
}
