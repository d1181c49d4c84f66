import Foundation

// Selection and highlighting from the table's side (UIKit's names). The
// mechanism — the selected set, how it follows updates, the tap sequence — is
// shared with the collection view: `Selection/SelectionHost.swift`. The table only names its delegate methods.

extension TableView: SelectionHost {
    /// Selects a row (and, in single selection, only it) without calling the delegate, as UIKit;
    /// nil deselects every row. The visible cell shows it at once.
    ///
    /// `scrollPosition` scrolls as `scrollToRow(at:at:animated:)` does, except `.none`, which does
    /// not scroll at all (as Apple documents for this method). Ignored while `allowsSelection` is false.
    /// Called from a data source or delegate method, the selection changes at once and the scroll
    /// runs when that step is done. An index path naming no row stops with a message naming it.
    /// - Complexity: O(s log v) for s rows deselected and v visible rows, plus the scroll.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        selectFromPublicCall(indexPath, animated: animated, call: "selectRow(at:animated:scrollPosition:)") { indexPath in
            if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
        }
    }

    /// Deselects a row without calling the delegate, as UIKit; nothing if it was not selected.
    /// An index path naming no row stops with a message naming it.
    /// - Complexity: O(log v) for v visible rows.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        deselectFromPublicCall(indexPath, animated: animated, call: "deselectRow(at:animated:)")
    }

    /// The selected row (the first, in multiple selection), or nil.
    /// - Complexity: O(s log s) for s selected rows.
    public var indexPathForSelectedRow: IndexPath? {
        engine.selection.selected.count <= 1 ? engine.selection.selected.first : engine.selection.sorted.first
    }

    /// The selected rows in order, or nil when none is selected (as UIKit).
    /// - Complexity: O(s log s) for s selected rows.
    public var indexPathsForSelectedRows: [IndexPath]? {
        engine.selection.isEmpty ? nil : engine.selection.sorted
    }

    /// A headless tap on a row: UIKit's touch sequence with its delegate calls —
    /// `shouldHighlightRowAt` → highlight (`didHighlightRowAt`) → `willSelectRowAt` (nil vetoes,
    /// another row redirects) → in single selection, `willDeselectRowAt`/`didDeselectRowAt` of the
    /// previously selected row → select → `didSelectRowAt` → unhighlight (`didUnhighlightRowAt`).
    /// In multiple selection a tap on a selected row deselects it (`willDeselectRowAt`, `didDeselectRowAt`).
    ///
    /// Nothing happens while `allowsSelection` is false. Called from a data source or delegate method,
    /// it runs when that step is done. An index path naming no row stops with a message naming it.
    /// - Complexity: O(s log v) for s rows deselected, plus what the delegate does.
    ///
    /// While a row shows swipe actions a tap only closes them (`didEndEditingRowAt`), as in UIKit;
    /// while the table is editing it selects nothing unless `allowsSelectionDuringEditing` is on.
    public func tapRow(at indexPath: IndexPath) {
        guard tapSelects else { return tapClosingSwipe(at: indexPath, call: "tapRow(at:)") }
        tapFromPublicCall(indexPath, call: "tapRow(at:)")
    }

    // MARK: SelectionHost

    func displayedSelectableCell(at indexPath: IndexPath) -> SelectableCell? { engine.cellsOnScreen[indexPath] }

    func selectionMethodName(_ callback: SelectionCallback) -> StaticString {
        switch callback {
        case .shouldHighlight: "tableView(_:shouldHighlightRowAt:)"
        case .didHighlight: "tableView(_:didHighlightRowAt:)"
        case .didUnhighlight: "tableView(_:didUnhighlightRowAt:)"
        case .willSelect: "tableView(_:willSelectRowAt:)"
        case .willDeselect: "tableView(_:willDeselectRowAt:)"
        case .didSelect: "tableView(_:didSelectRowAt:)"
        case .didDeselect: "tableView(_:didDeselectRowAt:)"
        case .canPerformPrimaryAction: "tableView(_:canPerformPrimaryActionForRowAt:)"
        case .performPrimaryAction: "tableView(_:performPrimaryActionForRowAt:)"
        }
    }

    func selectionCallback(_ callback: SelectionCallback, _ indexPath: IndexPath) -> IndexPath? {
        guard let delegate else { return indexPath }  // no delegate: highlight, select and deselect as asked
        return calling(selectionMethodName(callback)) {
            switch callback {
            case .shouldHighlight: return delegate.tableView(self, shouldHighlightRowAt: indexPath) ? indexPath : nil
            case .didHighlight: delegate.tableView(self, didHighlightRowAt: indexPath)
            case .didUnhighlight: delegate.tableView(self, didUnhighlightRowAt: indexPath)
            case .willSelect: return delegate.tableView(self, willSelectRowAt: indexPath)
            case .willDeselect: return delegate.tableView(self, willDeselectRowAt: indexPath)
            case .didSelect: delegate.tableView(self, didSelectRowAt: indexPath)
            case .didDeselect: delegate.tableView(self, didDeselectRowAt: indexPath)
            case .canPerformPrimaryAction:
                return delegate.tableView(self, canPerformPrimaryActionForRowAt: indexPath) ? indexPath : nil
            case .performPrimaryAction: delegate.tableView(self, performPrimaryActionForRowAt: indexPath)
            }
            return nil
        }
    }
}
