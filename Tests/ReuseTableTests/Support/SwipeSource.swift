import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// What both swipe sources hold: sections of ids (fresh ones from `newID()`, far above the first),
/// a log of callbacks, and the switches their swipe actions read.
@MainActor
class SwipeSections {
    var sections: [[Int]]
    var log: [String] = []
    /// What each action's handler completes with.
    var completes = true
    var fullSwipePerforms = true
    var notEditable: Set<Int> = []
    private var nextID: Int

    init(_ counts: [Int]) {
        var id = 0
        sections = counts.map { count in
            defer { id += count }
            return Array(id..<(id + count))
        }
        nextID = id
    }

    func id(_ indexPath: IndexPath) -> Int { sections[indexPath.section][indexPath.item] }
    func indexPath(of id: Int) -> IndexPath? {
        for (s, rows) in sections.enumerated() { if let r = rows.firstIndex(of: id) { return IndexPath(item: r, section: s) } }
        return nil
    }
    func newID() -> Int {
        nextID += 1
        return nextID + 100_000
    }
}

/// A data source and delegate over sections of row ids that logs every editing and swipe
/// callback, deletes rows when told `commit(.delete, forRowAt:)`, and offers configurable
/// leading and trailing actions (a hook in each callback lets a test call back into the table).
@MainActor
class SwipeSource: SwipeSections, TableViewDataSource, TableViewDelegate {
    /// Leading actions by title; each handler logs and completes with `completes`.
    var leading: [String] = []
    /// Trailing actions; nil: the default Delete.
    var trailing: [String]?
    var styles: [Int: TableViewCell.EditingStyle] = [:]
    var hooks: [String: (TableView) -> Void] = [:]
    var indexTitles: [String]?
    var sectionForTitle: ((Int) -> Int)?

    private func note(_ entry: String) {
        log.append(entry)
        if let name = entry.split(separator: " ").first, let hook = hooks[String(name)] {
            hooks[String(name)] = nil
            hook(currentTable!)
        }
    }
    weak var currentTable: TableView?

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! TestCell
        cell.configuredFor = indexPath
        return cell
    }
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { !notEditable.contains(id(indexPath)) }
    func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        styles[id(indexPath)] ?? .delete
    }
    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        note("commit \(editingStyle) \(indexPath.section)-\(indexPath.row)")
        guard editingStyle == .delete else { return }
        sections[indexPath.section].remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }
    func configuration(_ titles: [String]) -> SwipeActionsConfiguration? {
        let actions = titles.map { title in
            ContextualAction(style: title == "Delete" ? .destructive : .normal, title: title) { [weak self] _, view, completion in
                guard let self else { return }
                self.note("action \(title)")
                completion(self.completes)
            }
        }
        let configuration = SwipeActionsConfiguration(actions: actions)
        configuration.performsFirstActionWithFullSwipe = fullSwipePerforms
        return configuration
    }
    func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        note("leading \(indexPath.section)-\(indexPath.row)")
        return leading.isEmpty ? nil : configuration(leading)
    }
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        note("trailing \(indexPath.section)-\(indexPath.row)")
        return trailing.flatMap { configuration($0) }
    }
    func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath) {
        note("willBegin \(indexPath.section)-\(indexPath.row)")
    }
    func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) {
        note("didEnd " + (indexPath.map { "\($0.section)-\($0.row)" } ?? "nil"))
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        note("didSelect \(indexPath.section)-\(indexPath.row)")
    }
    /// Called whenever the table asks for the section index titles.
    var onIndexTitles: (() -> Void)?
    func sectionIndexTitles(for tableView: TableView) -> [String]? {
        onIndexTitles?()
        return indexTitles
    }
    func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        note("sectionFor \(title) \(index)")
        return sectionForTitle?(index) ?? index
    }

    /// A table of 320 × `height` over this source, rows 44 points tall.
    func makeTable(height: CGFloat = 220) -> TableView {
        TestSupport.makeTable(self, height: height) { currentTable = $0 }
    }
}
