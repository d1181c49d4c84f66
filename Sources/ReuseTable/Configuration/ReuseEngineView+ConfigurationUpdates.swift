import Foundation

// When configurations update, for both views. Two moments, each one call in the engine:
//
// - A cell the data source hands over (to show it, or to measure it) gets the view's state and
//   its update right away (`prepareConfiguration(of:at:)`, from `cellFromDataSource(at:)`): an
//   arriving cell is current before `willDisplay`, a measured one is measured as it will look.
// - A view shown on screen whose state changes, or that asks for an update, is marked and put on
//   the view's list; at the start of the next layout pass each runs its update once, with the state
//   as it is then (`updateMarkedConfigurations()`). Cells that left the screen meanwhile are skipped:
//   they are updated when they are shown again. A table row whose self-sized height the update
//   changed is measured again and moved through the anchor.

/// A cell whose configuration state includes what only the view showing it knows.
@MainActor
protocol ConfiguredCell: ConfigurationUpdating {
    /// Editing (collection view), swiped, expanded, reordering; setting a different value asks for an update.
    var cellFlags: CellStateFlags { get set }
    /// Asks for an update (the cells' public `setNeedsUpdateConfiguration()`).
    func setNeedsUpdateConfiguration()
    /// Whether the app set a `configurationUpdateHandler`.
    var hasConfigurationUpdateHandler: Bool { get }
}

extension ReuseEngineView {
    /// The most rounds of updates one pass runs: a handler that marks another cell is followed in
    /// the next round; handlers that keep marking each other stop here, reported.
    static var maximumConfigurationUpdateRounds: Int { 16 }

    /// The pass's start: runs the update of every marked view still shown by this view, once each,
    /// then measures again the table rows whose self-sized height an update changed.
    /// - Complexity: O(1) when nothing is marked; otherwise O(k · v) for k marked views and v
    ///   visible cells, plus the updates.
    func updateMarkedConfigurations() {
        guard engine.pass.configurationUpdates.hasWork else { return }
        var newHeights: [(IndexPath, CGFloat)] = []
        for view in engine.pass.configurationUpdates.heightChecks {
            guard let cell = view as? Cell, let entry = engine.cellsOnScreen.entries.first(where: { $0.cell === cell }),
                let height = selfSizedHeight(of: cell, at: entry.indexPath, matchingRow: false),
                !isRowHeight(height, at: entry.indexPath)
            else { continue }
            newHeights.append((entry.indexPath, height))
        }
        engine.pass.configurationUpdates.heightChecks = []
        var rounds = 0
        while !engine.pass.configurationUpdates.views.isEmpty {
            let marked = engine.pass.configurationUpdates.views
            engine.pass.configurationUpdates.views = []
            rounds += 1
            if rounds > Self.maximumConfigurationUpdateRounds {
                for view in marked { view.isScheduledForConfigurationUpdate = false }
                diagnosticHandler(
                    "\(hostName): configuration updates kept asking for more updates after \(Self.maximumConfigurationUpdateRounds) rounds "
                        + "in one layout pass (a configurationUpdateHandler or updateConfiguration(using:) that marks another cell, "
                        + "which marks it back); the \(marked.count) views still marked are left as they are.")
                break
            }
            for view in marked {
                view.isScheduledForConfigurationUpdate = false
                guard view.needsConfigurationUpdate, view.superview === self else { continue }  // off screen: updated when shown
                let row = (view as? Cell).flatMap { cell in engine.cellsOnScreen.entries.first { $0.cell === cell } }.map(\.indexPath)
                let before = row.flatMap { selfSizedHeight(of: view, at: $0, matchingRow: true) }
                calling("configurationUpdateHandler") { view.updateConfigurationIfNeeded() }
                view.layoutIfNeeded()
                if let row, let before, let after = selfSizedHeight(of: view, at: row, matchingRow: false), after != before {
                    newHeights.append((row, after))
                }
            }
        }
        if !newHeights.isEmpty { configurationsChangedHeights(newHeights) }
    }

    /// A cell the data source just handed over: it shows the view's state for `indexPath`
    /// (selection, focus, editing, the open swipe, the item's expansion; not lifted) and runs its update now — once per time the
    /// data source configures it, since the data source may have set a new configuration or handler.
    /// - Complexity: O(1) plus the update.
    func prepareConfiguration(of cell: Cell, at indexPath: IndexPath) {
        showSelection(on: cell, at: indexPath)  // every time: a reused cell must not keep another's state
        var flags = cellStateFlags(at: indexPath)
        flags.isFocused = engine.focus.focused == indexPath  // focus is the engine's, for both views (`FocusState`)
        cell.cellFlags = flags
        showEditing(onArriving: cell)
        cell.setNeedsUpdateConfiguration()
        if cell.hasConfigurationUpdateHandler {
            calling("configurationUpdateHandler") { cell.updateConfigurationIfNeeded() }
        } else {
            cell.updateConfigurationIfNeeded()  // no app code but an override of updateConfiguration(using:)
        }
    }

    /// A supplementary view the data source just handed over: when it is a cell (a list cell as a
    /// section header, UIKit's pattern), it runs its update now, with a state of its own (never selected).
    func prepareConfiguration(ofSupplementary view: View) {
        guard let configured = view as? ConfiguredCell else { return }
        configured.setNeedsUpdateConfiguration()
        calling("configurationUpdateHandler") { configured.updateConfigurationIfNeeded() }
    }

    /// Reconcile's arrival, for a cell the data source configured for this arrival (not one settle
    /// measured): a table row sized by a cell with a configuration is measured again, since its height
    /// was measured for the state it had then; a new height is given to it at the next pass's start
    /// (asked for now), through the anchor. Nothing for classic cells or rows with other heights, nor
    /// for a paged source's placeholder: it takes the height its row has (Docs/paged-data.md, "Eviction").
    /// - Complexity: O(1), plus one fitting for a configured cell in a self-sized row.
    func checkHeightOfConfiguredArrival(_ cell: Cell, at indexPath: IndexPath) {
        guard let table = self as? TableView, let configured = cell as? TableViewCell,
            configured.configurationSlots.contentView != nil || configured.configurationSlots.handler != nil,
            configured.configurationSlots.customStates[.pagedRow] != AnyHashable(PagedRowState.placeholder),
            let height = table.selfSizedHeight(of: configured, at: indexPath, matchingRow: false),
            !table.isRowHeight(height, at: indexPath)
        else { return }
        var checks = engine.pass.configurationUpdates.heightChecks  // changed on a local (`Engine/LayoutPass.swift`)
        engine.pass.configurationUpdates.heightChecks = []
        checks.append(configured)
        engine.pass.configurationUpdates.heightChecks = checks
        engine.pass.requests.insert(.runAgain)
    }

    /// Notes that the data source is about to be asked for a cell or a supplementary view (for
    /// the registrations' check, `Collection/CollectionView+Registrations.swift`).
    func noteCellRequestStarting() {
        guard Cell.self == CollectionViewCell.self else { return }
        engine.pass.configurationUpdates.providerCallStartedAt = DispatchTime.now().uptimeNanoseconds
    }

    /// Lifts (`true`) or drops (`false`) the reordering state of a lifted cell.
    func showReordering(_ isReordering: Bool, on cell: Cell) {
        cell.cellFlags.isReordering = isReordering
    }

    /// Puts `view` on the list of views to update before the next pass, and asks for that pass:
    /// when the running transaction drains, or at the next `layoutIfNeeded()`.
    func scheduleMarkedConfiguration(_ view: ConfigurationUpdating) {
        var views = engine.pass.configurationUpdates.views  // changed on a local (`Engine/LayoutPass.swift`)
        engine.pass.configurationUpdates.views = []
        views.append(view)
        engine.pass.configurationUpdates.views = views
        engine.pass.requests.insert(.runAgain)
        setNeedsLayout()
    }
}

extension OutlineShowingView {
    /// Whether the row's or item's item is expanded in its section snapshot (false without one), for
    /// `cellStateFlags(at:)` (how expansion reaches the cells: `Outline/ReuseEngineView+OutlineExpansion.swift`).
    /// - Complexity: O(1) without outlines; a hash lookup with them.
    func outlineExpansion(at indexPath: IndexPath) -> Bool {
        guard engine.pass.configurationUpdates.showsOutlines, let source = outlineSource else { return false }
        return source.isItemExpanded(at: indexPath)
    }
}

extension TableView: ConfigurationUpdateHost {
    func scheduleConfigurationUpdate(of view: ConfigurationUpdating) { scheduleMarkedConfiguration(view) }

    func cellStateFlags(at indexPath: IndexPath) -> CellStateFlags {
        var flags = CellStateFlags()
        if let swipe = editing.swipe { flags.isSwiped = swipe.indexPath == indexPath }
        flags.isExpanded = outlineExpansion(at: indexPath)
        return flags
    }

    func showEditing(onArriving cell: ConfiguredCell) {
        if let cell = cell as? TableViewCell { showEditing(on: cell) }
    }

    /// The fitting height of the cell showing a row sized by its cell, or nil. With `matchingRow`, also
    /// nil unless the row is exactly as tall as it. A row is sized by its cell when `rowHeight` is
    /// `automaticDimension` and the row was measured that way at this width (its height is in
    /// `indexPathHeightCache`): a height the delegate gives stays the delegate's.
    func selfSizedHeight(of view: View, at indexPath: IndexPath, matchingRow: Bool) -> CGFloat? {
        guard let cell = view as? TableViewCell, rowHeight == TableView.automaticDimension,
            indexPathHeightCache.storedHeight(at: indexPath, width: bounds.width) != nil
        else { return nil }
        let height = fittingHeight(of: cell, tableWidth: bounds.width, describing: "row \(indexPath.tableDescription)")
        if matchingRow, !isRowHeight(height, at: indexPath) { return nil }
        return height
    }

    /// Whether the row is `height` tall now.
    func isRowHeight(_ height: CGFloat, at indexPath: IndexPath) -> Bool {
        abs(Double(height) - Double(rectForRowUnchecked(indexPath).height)) <= 1e-9
    }

    /// Moves the rows whose configuration update changed their self-sized height, as
    /// `row(_:changedHeight:)` does: the anchor stays still, nothing above it moves on screen.
    /// - Complexity: O(k log n) for k rows.
    func configurationsChangedHeights(_ changes: [(IndexPath, CGFloat)]) {
        setHeights(changes.map { ($0.0, sanitizedHeight($0.1, for: "height of row \($0.0.tableDescription)")) })
    }
}

extension CollectionView: ConfigurationUpdateHost {
    func scheduleConfigurationUpdate(of view: ConfigurationUpdating) { scheduleMarkedConfiguration(view) }

    /// Item heights come from the layout (its delegate), not from the cells on screen: none is measured here.
    func selfSizedHeight(of view: View, at indexPath: IndexPath, matchingRow: Bool) -> CGFloat? { nil }

    func isRowHeight(_ height: CGFloat, at indexPath: IndexPath) -> Bool { true }

    func configurationsChangedHeights(_ changes: [(IndexPath, CGFloat)]) {}

    /// The editing mode, whether the item shows swipe actions (`CollectionView+Swipe.swift`), and its
    /// expansion in an outline.
    func cellStateFlags(at indexPath: IndexPath) -> CellStateFlags {
        var flags = CellStateFlags()
        flags.isEditing = editing.isEditing
        if let swipe = editing.swipe { flags.isSwiped = swipe.indexPath == indexPath }
        flags.isExpanded = outlineExpansion(at: indexPath)
        return flags
    }

    func showEditing(onArriving cell: ConfiguredCell) {}
}
