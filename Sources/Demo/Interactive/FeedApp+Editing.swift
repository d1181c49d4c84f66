import Foundation
import ReuseTable
import ReuseTableTerminal
import Figures

// Swipe actions, editing mode and the section index on the feed. ← and → swipe the focused row
// (`swipeRow(at:edge:)`): Pin and Unread lead, Delete and Flag trail; 1–3 perform one
// (`performSwipeAction(at:)`), Esc closes. The open row is the table's state, an index path:
// scroll (which closes it), insert above it, and it stays on its post. E toggles editing;
// [ and ] jump to the previous or next day through the section index (`selectSectionIndexTitle(at:)`).
// See Docs/editing.md.

/// The feed's diffable data source, with one section index title per day (as UIKit's is subclassed).
final class FeedDiffableDataSource: TableViewDiffableDataSource<Int, UInt64> {
    // A diffable data source offers no swipe actions until a subclass says rows can be edited, as in UIKit.
    override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

    override func sectionIndexTitles(for tableView: TableView) -> [String]? {
        (0..<numberOfSections(in: tableView)).map { "\($0 + 1)" }
    }
}

extension FeedApp {
    /// Keys while a row shows its swipe actions.
    nonisolated static let swipeKeyHelp: [(String, String)] = [
        ("1 2 3", "perform that action (its handler; completion closes the row)"),
        ("Esc", "close the actions (so do a scroll, a tap, another swipe)"),
        ("← →", "swipe again: the other edge's actions"),
        ("j k ^E", "move focus or scroll: either closes the row"),
        ("i", "insert a row above: the open row follows its post"),
        ("?", "this help"),
    ]

    /// Keys in editing mode.
    nonisolated static let editingKeyHelp: [(String, String)] = [
        ("E", "leave editing mode"),
        ("Space  L", "lift the focused row: ↑/↓ move it, Enter drops, Esc cancels"),
        ("Enter", "tap the focused row: selects nothing while editing"),
        ("← →", "swipe the focused row: actions"),
        ("[ ]", "previous / next day: the section index"),
        ("↑ ↓  j k", "focus the previous, next row"),
        ("?", "this help"),
    ]

    /// The help box's title and keys for the mode the feed is in.
    var currentKeyHelp: (String, [(String, String)]) {
        if table.indexPathForInteractivelyMovedRow != nil { return (" Keys: a row is lifted ", FeedApp.liftKeyHelp) }
        if let waterfall {
            return waterfall.reorder.isOn
                ? (" Keys: reordering tiles ", WaterfallScreen.reorderKeyHelp) : (" Waterfall keys ", WaterfallScreen.keyHelp)
        }
        if table.indexPathForSwipedRow != nil { return (" Keys: a row shows its actions ", FeedApp.swipeKeyHelp) }
        if table.isEditing { return (" Keys: editing ", FeedApp.editingKeyHelp) }
        return (" Keys ", FeedApp.keyHelp)
    }

    /// Swipe, editing and section index keys; nil for the others.
    func handleEditingKey(_ key: Key) -> Outcome? {
        switch key {
        case .left: return swipeFocusedRow(.leading)
        case .right: return swipeFocusedRow(.trailing)
        case .char("1"), .char("2"), .char("3"):
            guard let configuration = table.swipedRowConfiguration, case .char(let digit) = key else { return nil }
            let index = Int(String(digit))! - 1
            guard index < configuration.actions.count else {
                setMessage("The row shows \(configuration.actions.count) actions: 1–\(configuration.actions.count).")
                return .changed
            }
            table.performSwipeAction(at: index)
            return .changed
        case .escape:
            guard let open = table.indexPathForSwipedRow else { return nil }
            table.closeSwipedRow()
            setMessage("Esc: \(postLabel(open))'s actions closed (didEndEditingRowAt).")
            return .changed
        case .char(" ") where table.isEditing:
            return liftFocusedRow()  // in editing mode Space lifts, as a drag on the reorder control would
        case .char("E"):
            table.setEditing(!table.isEditing, animated: false)
            setMessage(
                table.isEditing
                    ? "Editing: every cell's isEditing is on, cells scrolling in too; a tap selects nothing. E: done."
                    : "Editing off: cells on screen and cells arriving show it.")
            return .changed
        case .enter where table.indexPathForSwipedRow != nil || table.isEditing:
            guard let indexPath = table.indexPathForFocusedRow else { return .unchanged }
            let open = table.indexPathForSwipedRow
            table.tapRow(at: indexPath)
            setMessage(
                open != nil
                    ? "tapRow: the tap closed \(postLabel(open!))'s actions and selected nothing, as in UIKit."
                    : "tapRow while editing: nothing selected (allowsSelectionDuringEditing is false).")
            return .changed
        case .up, .down, .char("j"), .char("k"), .pageUp, .pageDown, .char(" "), .home, .end, .char("<"), .char(">"), .ctrl("e"),
            .ctrl("y"):
            if let open = table.indexPathForSwipedRow {
                setMessage("Moved: a focus move or a scroll closes \(postLabel(open))'s actions (didEndEditingRowAt).")
            }
            return nil
        case .char("["): return jumpDay(by: -1)
        case .char("]"): return jumpDay(by: 1)
        default: return nil
        }
    }

    /// `←` / `→`: opens the focused row's actions as a swipe from that edge would.
    func swipeFocusedRow(_ edge: TableView.SwipeEdge) -> Outcome {
        guard let indexPath = table.indexPathForFocusedRow else { return .unchanged }
        installSwipeActions()
        guard let configuration = table.swipeRow(at: indexPath, edge: edge) else {
            setMessage("No \(edge) actions on \(postLabel(indexPath)).")
            return .changed
        }
        let titles = configuration.actions.enumerated().map { "\($0.offset + 1) \($0.element.title ?? "")" }
        setMessage("swipeRow(\(edge)): \(postLabel(indexPath)) shows \(titles.joined(separator: " · ")); Esc closes.")
        return .changed
    }

    /// `[` / `]`: the previous or next day, through the section index; focus goes to its first post.
    func jumpDay(by step: Int) -> Outcome {
        jumpDay(to: (table.indexPathForFocusedRow?.section ?? 0) + step)
    }

    /// The day of section index title `title` (clamped to the titles): its header at the top, focus on its first post.
    func jumpDay(to title: Int) -> Outcome {
        finishLoading()
        guard let titles = table.sectionIndexTitles, !titles.isEmpty else { return .unchanged }
        let current = table.indexPathForFocusedRow?.section ?? 0
        let target = min(max(0, title), titles.count - 1)
        guard target != current || table.contentOffset.y != table.rectForHeader(inSection: target).minY else { return .unchanged }
        table.selectSectionIndexTitle(at: target)
        if table.numberOfRows(inSection: target) > 0 { focus(IndexPath(row: 0, section: target)) }
        setMessage("selectSectionIndexTitle(at: \(target)): day \(titles[target])'s header at the top, one of \(titles.count.grouped) titles.")
        return .changed
    }

    /// "#1,234" for the post at `indexPath`.
    func postLabel(_ indexPath: IndexPath) -> String {
        guard let id = postID(at: indexPath) else { return "row \(indexPath.row + 1)" }
        return postName(id)
    }

    /// The feed's actions: Pin and Unread lead, Delete and Flag trail. Their handlers say what happened.
    func installSwipeActions() {
        guard feed.swipeActions == nil else { return }
        feed.swipeActions = { [weak self] _, indexPath, edge in
            guard let self, let id = postID(at: indexPath) else { return nil }
            let name = postName(id)
            @MainActor func note(_ title: String, _ text: String) -> ContextualAction {
                ContextualAction(style: .normal, title: title) { [weak self] _, _, completion in
                    self?.setMessage("\(title): \(name) \(text); completion(true) closed the row (didEndEditingRowAt).")
                    completion(true)
                }
            }
            switch edge {
            case .leading: return SwipeActionsConfiguration(actions: [note("Pin", "pinned"), note("Unread", "marked unread")])
            case .trailing:
                let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, completion in
                    guard let self, let row = source.indexPath(for: id) else { return completion(false) }
                    feed.model.deletePost(at: row)
                    // As `d` does: a million-item snapshot is copied when changed, so in the interactive
                    // demo the edit and the diff run off the main actor; the row closes when it is applied.
                    applyEdit {
                        $0.deleteItems([id])
                    } then: { app in
                        app.setMessage("Delete: \(name) deleted by the handler's apply\(app.asyncNote); the table followed like any update.")
                        completion(true)
                    }
                }
                return SwipeActionsConfiguration(actions: [delete, note("Flag", "flagged")])
            }
        }
    }

    /// Where the open row's actions are drawn: its line, each action's label and columns; nil when no
    /// row is open or the open row is off screen. Drawing and clicking both read it.
    func swipeButtons() -> (line: Int, labels: [String], ranges: [Range<Int>])? {
        guard let open = table.indexPathForSwipedRow, let configuration = table.swipedRowConfiguration,
            let cell = table.cellForRow(at: open)
        else { return nil }
        let labels = configuration.actions.enumerated().map { " \($0.offset + 1) \($0.element.title ?? "") " }
        let y = Int((cell.frame.minY - table.contentOffset.y).rounded(.down))
        guard y >= 0, y < tableHeight else { return nil }
        var column = table.swipedRowEdge == .leading ? 0 : max(0, tableWidth - displayWidth(labels.joined()))
        var ranges: [Range<Int>] = []
        for label in labels {
            ranges.append(column..<(column + displayWidth(label)))
            column += displayWidth(label)
        }
        return (y, labels, ranges)
    }

    /// The open row's actions over its right end (leading ones over its left end), numbered for 1–3.
    func drawSwipeActions(into grid: inout CharGrid) {
        guard let buttons = swipeButtons(), let configuration = table.swipedRowConfiguration else { return }
        for (index, action) in configuration.actions.enumerated() where index < buttons.labels.count {
            let style = action.style == .destructive ? GridStyle(reverse: true, foreground: 1) : GridStyle(reverse: true, foreground: 4)
            grid.write(buttons.labels[index], x: buttons.ranges[index].lowerBound, y: buttons.line, style: style)
        }
    }
}
