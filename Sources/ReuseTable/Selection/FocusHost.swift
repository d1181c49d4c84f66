import Foundation

// Focus, written once for the table and the collection view: one focus update in UIKit's order
// (`canFocus`, `shouldUpdateFocusIn`, the change, `didUpdateFocusIn`, then the selection when it
// follows focus), the moves by the keys, and showing focus on the cells. The state and how it
// follows updates is `FocusState`; each view names its delegate methods and its geometry.
// Docs/focus.md tells the rules.

/// The delegate moments of focus, in one vocabulary for both views.
enum FocusCallback {
    /// `canFocusRowAt` / `canFocusItemAt`, about the context's next index path.
    case canFocus
    /// `selectionFollowsFocusForRowAt` / `ForItemAt`, about the context's next index path.
    case selectionFollowsFocus
    /// `shouldUpdateFocusIn`.
    case shouldUpdate
    /// `didUpdateFocusIn(_:with:)`.
    case didUpdate
}

/// What a view says for focus: its switches, its delegate, and where a row or item is.
@MainActor
protocol FocusHost: AnyObject {
    var allowsFocus: Bool { get }
    var selectionFollowsFocus: Bool { get }
    var remembersLastFocusedIndexPath: Bool { get }
    /// Calls the delegate method for `callback` (inside `calling(_:_:)`) and returns its answer
    /// (true when there is no delegate, or the method has nothing to answer).
    func focusCallback(_ callback: FocusCallback, _ context: FocusUpdateContext) -> Bool
    /// The frame of a row or item in content coordinates, or nil when it has none yet.
    func focusFrame(at indexPath: IndexPath) -> CGRect?
    /// Scrolls as little as possible to show the row or item whole between the insets.
    func scrollToShowFocused(_ indexPath: IndexPath)
    /// The frames (content coordinates) of the supplementary elements in the viewport where the
    /// current offset puts them, pinned ones included, before a layout pass shows them: a pinned one
    /// can cover the focused row or item.
    var supplementaryFramesInViewport: [CGRect] { get }
}

extension ReuseEngineView {
    // MARK: One focus update

    /// Moves focus to `target` (nil: focus leaves the view) in UIKit's order: `canFocus` (a row that
    /// cannot take focus keeps it where it is), `shouldUpdateFocusIn` (false vetoes), the change
    /// (shown on the cells: `isFocused`), `didUpdateFocusIn(_:with:)`, then — when selection follows
    /// focus for that row — the selection, with the delegate calls of a tap (no highlight, no
    /// primary action). Returns whether focus moved. `asked` says `canFocus` was already asked.
    @discardableResult
    func updateFocus(to target: IndexPath?, canFocusAsked asked: Bool = false, scroll: Bool = true) -> Bool {
        guard allowsFocus, target != engine.focus.focused else { return false }
        let context = FocusUpdateContext(previouslyFocusedIndexPath: engine.focus.focused, nextFocusedIndexPath: target)
        var moved = false
        performTransaction {
            if target != nil, !asked, !focusCallback(.canFocus, context) { return }
            guard focusCallback(.shouldUpdate, context) else { return }
            setFocus(target)
            moved = true
            _ = focusCallback(.didUpdate, context)
            guard let target, engine.focus.focused == target else { return }
            if scroll { showFocused(target) }
            if allowsSelection, focusCallback(.selectionFollowsFocus, context) { selectWithDelegate(target) }
        }
        return moved
    }

    /// Sets the focused index path without delegate calls and shows it on the cells on screen;
    /// the one focus leaves is remembered when the view remembers it.
    func setFocus(_ indexPath: IndexPath?) {
        let old = engine.focus.focused
        if indexPath == nil, let old, remembersLastFocusedIndexPath { engine.focus.remembered = old }
        engine.focus.focused = indexPath
        if let old { engine.cellsOnScreen[old]?.cellFlags.isFocused = false }
        if let indexPath { engine.cellsOnScreen[indexPath]?.cellFlags.isFocused = true }
    }

    /// After the rows moved under it (an update, a reload): every cell on screen shows whether its
    /// row is the focused one. A cell whose flag does not change is not marked for an update.
    /// - Complexity: O(v) for v cells on screen.
    func showFocusOnCellsOnScreen() {
        let focused = engine.focus.focused
        for entry in engine.cellsOnScreen.entries {
            let isFocused = entry.indexPath == focused
            if entry.cell.cellFlags.isFocused != isFocused { entry.cell.cellFlags.isFocused = isFocused }
        }
    }

    /// The focused row or item.
    var focusedIndexPath: IndexPath? { engine.focus.focused }

    /// After a diffable apply: focus is on `indexPath`, where the diffable data source found its item
    /// by identity (a batch may delete and insert an item it moves and reloads). No delegate calls:
    /// focus did not move, its item did. Nothing when the batch waits for a running step (the plan
    /// takes focus along when it runs).
    func placeFocusFollowingIdentity(_ indexPath: IndexPath?) {
        guard !transaction.isActive, engine.focus.focused != nil, engine.focus.focused != indexPath else { return }
        engine.focus.focused = indexPath
        showFocusOnCellsOnScreen()
    }

    /// The public calls' entry: checks `indexPath` (a message naming `call` and the counts when it
    /// names no row), then updates focus. Throws before changing anything.
    func focusFromPublicCall(_ indexPath: IndexPath?, call: String) throws(ReuseTableError) -> Bool {
        loadIfNeeded()
        if let indexPath { try validateSelectionTarget(indexPath, from: call) }
        return updateFocus(to: indexPath)
    }

    /// Shows the focused row or item whole: as little scrolling as possible between the insets, then
    /// clear of a header or footer pinned over it. Focus moved up from a section's rows puts the row
    /// at the top of the view, where the section's pinned header covers it (or, pushed up by the
    /// section's end, its lower part): the view scrolls back by the part covered, so the row sits just
    /// below the header; a view over its lower part (a pinned footer) likewise the other way. Only a
    /// view as wide as the row counts: a badge on an item is part of what it shows. A row taller than
    /// what the views leave shows its top.
    func showFocused(_ indexPath: IndexPath) {
        scrollToShowFocused(indexPath)
        guard let frame = focusFrame(at: indexPath), frame.minY.isFinite, frame.maxY.isFinite else { return }
        let insets = adjustedContentInset
        var clearTop = contentOffset.y + insets.top, clearBottom = contentOffset.y + bounds.height - insets.bottom
        let middle = (clearTop + clearBottom) / 2
        for view in supplementaryFramesInViewport
        where view.minX <= frame.minX + 0.5 && view.maxX >= frame.maxX - 0.5 && view.minY < frame.maxY && view.maxY > frame.minY {
            // Pinned to the nearer edge: a header at the top (pushed up by its section's end, still
            // in the upper half), a footer at the bottom.
            if view.midY < middle {
                clearTop = max(clearTop, view.maxY)
            } else {
                clearBottom = min(clearBottom, view.minY)
            }
        }
        var y = contentOffset.y
        if frame.minY < clearTop {
            y -= clearTop - frame.minY
        } else if frame.maxY > clearBottom {
            y += min(frame.maxY - clearBottom, frame.minY - clearTop)
        }
        let clamped = clampedOffsetY(y)
        guard clamped != contentOffset.y else { return }
        contentOffset.y = clamped
    }

    // MARK: Moves by the keys

    /// Moves focus by `move` to a row or item that can take focus, scrolling as little as possible to
    /// show it. With nothing focused, focus enters the view: at the remembered row when the view
    /// remembers one (`remembersLastFocusedIndexPath`), else at the first row that can take focus
    /// (the last one for `.previous`, `.pageUp` and `.last`). Returns whether focus moved.
    /// - Complexity: O(rows passed over) calls of `canFocus` and frame lookups.
    func moveFocus(by move: FocusMove) -> Bool {
        loadIfNeeded()
        guard allowsFocus else { return false }
        guard let from = engine.focus.focused else { return enterFocus(backwards: [.previous, .pageUp, .last].contains(move)) }
        let target: IndexPath?
        switch move {
        case .next: target = firstFocusable(from: step(from, forward: true), forward: true)
        case .previous: target = firstFocusable(from: step(from, forward: false), forward: false)
        case .first: target = firstFocusable(from: firstIndexPath(), forward: true)
        case .last: target = firstFocusable(from: lastIndexPath(), forward: false)
        case .pageDown: target = pageTarget(from: from, forward: true)
        case .pageUp: target = pageTarget(from: from, forward: false)
        case .nextSection: target = firstFocusable(from: firstIndexPath(inSectionAfter: from.section), forward: true)
        case .previousSection:
            // The start of its section; from there, the start of the nearest section before with rows.
            let section = from.row > 0 ? from.section : step(from, forward: false)?.section
            target = section.flatMap { firstFocusable(from: IndexPath(row: 0, section: $0), forward: true) }
        }
        guard let target, target != from else { return false }
        return updateFocus(to: target, canFocusAsked: true)
    }

    /// Focus entering the view: the remembered row, else the first (or last) that can take focus.
    private func enterFocus(backwards: Bool) -> Bool {
        if remembersLastFocusedIndexPath, let remembered = engine.focus.remembered, isLoadedIndexPath(remembered),
            updateFocus(to: remembered)
        {
            return true
        }
        let start = backwards ? lastIndexPath() : firstIndexPath()
        guard let target = firstFocusable(from: start, forward: !backwards) else { return false }
        return updateFocus(to: target, canFocusAsked: true)
    }

    /// The first row from `start` (itself included) in that direction whose `canFocus` is true.
    private func firstFocusable(from start: IndexPath?, forward: Bool) -> IndexPath? {
        var candidate = start
        while let indexPath = candidate {
            if canFocus(indexPath) { return indexPath }
            candidate = step(indexPath, forward: forward)
        }
        return nil
    }

    /// About a viewport's height (less the insets) away: the first row that can take focus whose top
    /// is that far past the focused row's top, or the last one that can take focus on the way.
    private func pageTarget(from: IndexPath, forward: Bool) -> IndexPath? {
        guard let start = focusFrame(at: from) else { return nil }
        let page = max(1, bounds.height - adjustedContentInset.top - adjustedContentInset.bottom)
        var passed: IndexPath?
        var candidate = step(from, forward: forward)
        while let indexPath = candidate {
            if canFocus(indexPath) {
                passed = indexPath
                if let frame = focusFrame(at: indexPath), forward ? frame.minY >= start.minY + page : frame.minY <= start.minY - page {
                    return indexPath
                }
            }
            candidate = step(indexPath, forward: forward)
        }
        return passed
    }

    private func canFocus(_ indexPath: IndexPath) -> Bool {
        focusCallback(.canFocus, FocusUpdateContext(previouslyFocusedIndexPath: engine.focus.focused, nextFocusedIndexPath: indexPath))
    }

    // MARK: Index paths in order

    private func isLoadedIndexPath(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && indexPath.section >= 0 && indexPath.section < sectionCountAsLoaded && indexPath.row >= 0
            && indexPath.row < countAsLoaded(inSection: indexPath.section)
    }

    /// The row after (or before) `indexPath` in the order of the rows, across sections; nil at the end.
    private func step(_ indexPath: IndexPath, forward: Bool) -> IndexPath? {
        if forward {
            if indexPath.row + 1 < countAsLoaded(inSection: indexPath.section) {
                return IndexPath(row: indexPath.row + 1, section: indexPath.section)
            }
            return firstIndexPath(inSectionAfter: indexPath.section)
        }
        if indexPath.row > 0 { return IndexPath(row: indexPath.row - 1, section: indexPath.section) }
        var section = indexPath.section - 1
        while section >= 0 {
            let count = countAsLoaded(inSection: section)
            if count > 0 { return IndexPath(row: count - 1, section: section) }
            section -= 1
        }
        return nil
    }

    private func firstIndexPath(inSectionAfter section: Int) -> IndexPath? {
        var next = section + 1
        while next < sectionCountAsLoaded {
            if countAsLoaded(inSection: next) > 0 { return IndexPath(row: 0, section: next) }
            next += 1
        }
        return nil
    }

    private func firstIndexPath() -> IndexPath? { firstIndexPath(inSectionAfter: -1) }

    private func lastIndexPath() -> IndexPath? {
        let sections = sectionCountAsLoaded
        guard sections > 0 else { return nil }
        return step(IndexPath(row: 0, section: sections), forward: false)
    }
}
