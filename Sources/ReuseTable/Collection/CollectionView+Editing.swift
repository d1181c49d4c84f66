import Foundation

// The collection view's editing mode (UIKit's since iOS 14): a state of the view that its cells'
// configuration states carry, so list cells show the accessories displayed `.whenEditing`. Cells
// arriving get it with the rest of their state (`cellStateFlags(at:)`); the cells on screen are
// marked in one transaction, so each updates once.

extension CollectionView {
    /// `setEditing(_:animated:)`'s work: the mode, then every cell on screen marked.
    func applyEditing(_ editing: Bool) {
        if deferIfBusy("setEditing(_:animated:)", { [self] in applyEditing(editing) }) { return }
        guard editing != editingMode else { return }
        performTransaction {
            editingMode = editing
            for entry in cellsOnScreen.entries { entry.cell.cellFlags.isEditing = editing }
        }
    }
}
