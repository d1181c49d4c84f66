import Foundation

// A cell's `isExpanded` configuration state follows its item's expansion in the data source's
// section snapshot, on both views: a cell handed over by the data source reads it with the rest
// of its state (`cellStateFlags(at:)`), and when an apply changes what is expanded, the cells on
// screen are told before the view's update, so each marked one updates once in that update's pass
// (Docs/modern-cells.md, "When a configuration updates").

extension LayingOutView {
    /// Gives each cell on screen the expansion `isExpanded` says for its index path; a cell
    /// whose state changes is marked for its once-before-the-next-pass update.
    /// - Complexity: O(v) calls of `isExpanded` for v cells on screen.
    func markExpansion(_ isExpanded: (IndexPath) -> Bool) {
        for entry in cellsOnScreen.entries { entry.cell.cellFlags.isExpanded = isExpanded(entry.indexPath) }
    }

    /// From now on, cells handed over ask the data source whether their item is expanded (until
    /// then, no view pays for the question).
    func noteShowsOutlines() { pass.configurationUpdates.showsOutlines = true }

    /// Whether a section snapshot was ever applied to the view.
    var showsOutlines: Bool { pass.configurationUpdates.showsOutlines }
}

extension TableView {
    /// Whether the row's item is expanded in its section snapshot (false without one).
    /// - Complexity: O(1) without outlines; a hash lookup with them.
    func outlineExpansion(at indexPath: IndexPath) -> Bool {
        guard pass.configurationUpdates.showsOutlines, let source = dataSource as? OutlineDisclosureToggling else { return false }
        return source.isItemExpanded(at: indexPath)
    }
}

extension CollectionView {
    /// Whether the item is expanded in its section snapshot (false without one).
    /// - Complexity: O(1) without outlines; a hash lookup with them.
    func outlineExpansion(at indexPath: IndexPath) -> Bool {
        guard pass.configurationUpdates.showsOutlines, let source = dataSource as? OutlineDisclosureToggling else { return false }
        return source.isItemExpanded(at: indexPath)
    }
}
