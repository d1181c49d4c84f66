import Foundation
import ReuseTable

/// `Demo trace --swipe` (and part D of `Demo trace`): the delegate sequence of a swipe-delete,
/// a custom action and a scroll that closes a row, on a 6-row table with fixed heights.
@MainActor
enum SwipeTrace {
    static func lines() -> [String] {
        var output = ["══ D. Swipe actions: a 6-row table, rows 20 points, 40 × 60 points ══"]
        let source = SwipeTraceSource(log: TraceLog())
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 40, height: 60))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = 20
        table.dataSource = source
        table.delegate = source
        table.reloadData()
        source.log = TraceLog()  // numbered from the swipe on
        let phases: [(String, String, () -> Void)] = [
            (
                "swipeRow(at: [0, 1], edge: .trailing)",
                "The table asks canEditRowAt, then the delegate's trailing configuration; nil means UIKit's default, "
                    + "one destructive Delete, offered because the editing style is .delete. Then willBeginEditingRowAt.",
                { table.swipeRow(at: IndexPath(row: 1, section: 0), edge: .trailing) }
            ),
            (
                "performSwipeAction(at: 0) — Delete",
                "The default action tells the data source commit(.delete, forRowAt:); the app removes the row from its "
                    + "model and calls deleteRows, which is queued until the handler returns. The completion closes the "
                    + "row (didEndEditingRowAt), then the delete runs: the counts are checked, the row's cell leaves, "
                    + "the row entering at the bottom gets a cell.",
                { table.performSwipeAction(at: 0) }
            ),
            (
                "swipeRow(at: [0, 0], edge: .leading), then contentOffset.y = 20",
                "A leading configuration of the app's own (Pin). A scroll by the user closes the open row before "
                    + "the rows move; offset moves the table makes itself (anchoring, clamping) do not.",
                {
                    table.swipeRow(at: IndexPath(row: 0, section: 0), edge: .leading)
                    table.contentOffset.y = 20
                }
            ),
        ]
        for (title, explanation, action) in phases {
            output.append("")
            output.append("▸ \(title)")
            output += Label.wrap(explanation, columns: 92).map { "  " + $0 }
            source.log.lines = []
            action()
            output += source.log.lines.isEmpty ? ["     (no calls)"] : source.log.lines
        }
        return output
    }
}

/// Six rows that log every editing, swipe, display and count call; deletes on `commit(.delete)`.
@MainActor
final class SwipeTraceSource: TableViewDataSource, TableViewDelegate {
    var log: TraceLog
    var rows = ["a", "b", "c", "d", "e", "f"]

    init(log: TraceLog) { self.log = log }

    func name(_ indexPath: IndexPath?) -> String { indexPath.map { "[\($0.section), \($0.row)]" } ?? "nil" }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        log.call("numberOfRowsInSection \(section) → \(rows.count)")
        return rows.count
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        log.call("cellForRowAt \(name(indexPath))")
        return tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    }
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
        log.call("canEditRowAt \(name(indexPath)) → true")
        return true
    }
    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        log.call("commit(.\(editingStyle), forRowAt: \(name(indexPath))) → the app deletes row \(rows[indexPath.row]), deleteRows (queued)")
        rows.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }
    func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        log.call("editingStyleForRowAt \(name(indexPath)) → .delete")
        return .delete
    }
    func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        log.call("leadingSwipeActionsConfigurationForRowAt \(name(indexPath)) → [Pin]")
        return SwipeActionsConfiguration(actions: [
            ContextualAction(style: .normal, title: "Pin") { _, _, completion in completion(true) }
        ])
    }
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        log.call("trailingSwipeActionsConfigurationForRowAt \(name(indexPath)) → nil (the default Delete)")
        return nil
    }
    func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath) {
        log.call("willBeginEditingRowAt \(name(indexPath))")
    }
    func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) {
        log.call("didEndEditingRowAt \(name(indexPath))")
    }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        log.call("willDisplay \(name(indexPath))")
    }
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        log.call("didEndDisplaying \(name(indexPath))")
    }
    func scrollViewDidScroll(_ scrollView: ScrollView) {
        log.call("scrollViewDidScroll → y = \(Int(scrollView.contentOffset.y))")
    }
}
