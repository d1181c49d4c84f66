// What every step's tests share: one model that is a data source and delegate of the engine's `TableView`
// and (through an extension in each step's test file) of that step's table, a cell whose height follows its
// text and width, the scripted session both tables go through, and the setup steps 3 to 6 share.

import Foundation
import ReuseTable
import SeededRandom

/// One row of the model: a key that stays with the row through every change, and the length of its text.
struct LadderItem: Equatable {
    var key: Int
    var length: Int
}

/// A cell whose fitting height follows its text: 20 points a line of `width / 10` characters.
final class LadderCell: TableViewCell {
    var item: LadderItem?
    /// How many times `sizeThatFits` ran: a measurement.
    nonisolated(unsafe) static var measurements = 0

    required init(reuseIdentifier: String?) { super.init(reuseIdentifier: reuseIdentifier) }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        LadderCell.measurements += 1
        return CGSize(width: size.width, height: LadderCell.height(of: item, width: size.width))
    }

    /// The height a cell showing `item` fits at `width`.
    static func height(of item: LadderItem?, width: CGFloat) -> CGFloat {
        let perLine = max(1, Int(width) / 10)
        let lines = max(1, ((item?.length ?? 0) + perLine - 1) / perLine)
        return CGFloat(lines * 20)
    }
}

/// Rows in sections, with heights from the text; the engine's data source and delegate.
@MainActor
final class LadderModel: TableViewDataSource, TableViewDelegate {
    /// Where the delegate's heights come from.
    enum Heights {
        /// Each item's height at a width of 320, computed.
        case computed
        /// Measured by a template cell, cached by index path.
        case cachedByIndexPath
        /// Measured by a template cell, cached by the item's key.
        case cachedByKey
    }

    var sections: [[LadderItem]]
    var headerHeights: [CGFloat]
    var heights = Heights.computed
    /// Cells a step's table made because its pool had none (the step tables count nothing themselves).
    var stepCellsCreated = 0
    /// The next key `makeItem` hands out.
    private var nextKey = 0
    private var generator: SplitMix64

    /// `rowsPerSection.count` sections of random items; headers 0 tall unless `headers`.
    init(rowsPerSection: [Int], headers: Bool = false, seed: UInt64 = 7) {
        generator = SplitMix64(seed: seed)
        sections = []
        headerHeights = []
        for count in rowsPerSection {
            sections.append((0..<count).map { _ in makeItem() })
            headerHeights.append(headers ? CGFloat(16 + generator.below(3) * 8) : 0)
        }
    }

    /// A new item with a fresh key and a text of 1 to 120 characters.
    func makeItem() -> LadderItem {
        defer { nextKey += 1 }
        return LadderItem(key: nextKey, length: 1 + generator.below(120))
    }

    /// A random number below `bound` from the model's generator (a session's next jump).
    func random(below bound: Int) -> Int { generator.below(bound) }

    func item(at indexPath: IndexPath) -> LadderItem { sections[indexPath.section][indexPath.row] }

    /// A step's cell: from `dequeue` when the pool has one, else new; configured for `item`.
    func stepCell(_ dequeued: TableViewCell?, showing item: LadderItem) -> TableViewCell {
        let cell =
            dequeued
            ?? {
                stepCellsCreated += 1
                return LadderCell(reuseIdentifier: "cell")
            }()
        (cell as? LadderCell)?.item = item
        return cell
    }

    /// The height of `item` without a cell, at a table width of 320.
    func computedHeight(_ item: LadderItem) -> CGFloat { LadderCell.height(of: item, width: 320) }

    // MARK: The engine's data source and delegate

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        (cell as? LadderCell)?.item = item(at: indexPath)
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { height(at: indexPath, in: tableView) }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat { headerHeights[section] }
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
        headerHeights[section] > 0 ? View() : nil
    }

    /// The engine's table over this model: 320 × 200, no separators, `LadderCell` registered.
    func engineTable(configure: (TableView) -> Void = { _ in }) -> TableView {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200), style: .plain)
        table.separatorStyle = .none
        table.register(LadderCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = self
        table.delegate = self
        table.diagnosticHandler = { fatalError("unexpected diagnostic: \($0)") }
        configure(table)
        table.reloadData()
        return table
    }
}

/// The rows (as index paths) and frames a table shows, top to bottom.
typealias Screen = [(IndexPath, CGRect)]

/// What the engine's table shows: each visible row's cell frame.
@MainActor
func engineScreen(_ table: TableView) -> Screen {
    (table.indexPathsForVisibleRows ?? []).map { ($0, table.cellForRow(at: $0)?.frame ?? .null) }
}

/// Whether two screens show the same rows at the same frames; a line naming the first difference if not.
func difference(_ step: Screen, _ engine: Screen) -> String? {
    for (index, (mine, theirs)) in zip(step, engine).enumerated() where mine.0 != theirs.0 || mine.1 != theirs.1 {
        return "row \(index) on screen: the step shows \(mine.0) at \(mine.1), the engine \(theirs.0) at \(theirs.1)"
    }
    guard step.count == engine.count else {
        return "the step shows \(step.count) rows, the engine \(engine.count): \(step.map(\.0)) vs \(engine.map(\.0))"
    }
    return nil
}

/// The offsets of a scripted session over content `height` tall in a 200-point viewport: a walk down in
/// uneven steps, jumps to random offsets, the end, and a walk back up.
@MainActor
func sessionOffsets(contentHeight: CGFloat, model: LadderModel) -> [CGFloat] {
    let maximum = max(0, Int(contentHeight) - 200)
    var offsets: [CGFloat] = [0]
    for step in 1...40 { offsets.append(CGFloat(min(maximum, step * 23))) }
    for _ in 0..<20 { offsets.append(CGFloat(model.random(below: maximum + 1))) }
    offsets.append(CGFloat(maximum))
    for step in 1...40 { offsets.append(CGFloat(max(0, maximum - step * 31))) }
    return offsets
}

// MARK: What steps 3 to 6 share

/// A table whose template cells measure heights and cache them by index path or by key: the engine's, and
/// those of steps 3 to 6.
@MainActor
protocol TemplateMeasuring {
    func heightForCell(withIdentifier identifier: String, cacheBy indexPath: IndexPath, configuration: (TableViewCell) -> Void) -> CGFloat
    func heightForCell(withIdentifier identifier: String, cacheByKey key: AnyHashable, configuration: (TableViewCell) -> Void) -> CGFloat
}

extension TableView: TemplateMeasuring {}

/// A table of steps 3 to 6: rows by index path, a pool by identifier, template cells with their caches. Each of
/// those steps' test files says its `StepTable` conforms; the model's calls below then serve it.
@MainActor
protocol LadderStepTable: ScrollView, TemplateMeasuring {
    func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String)
    func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell?
    func reloadData()
    var indexPathsForVisibleRows: [IndexPath] { get }
    func cellForRow(at indexPath: IndexPath) -> TableViewCell?
}

extension LadderModel {
    // The two calls of steps 3 to 6 that their data sources do not default (a default would win over a generic
    // call, so the others stay in each step's test file, one line each).
    func tableView(_ tableView: some LadderStepTable, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: some LadderStepTable, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        stepCell(tableView.dequeueReusableCell(withIdentifier: "cell"), showing: item(at: indexPath))
    }

    /// The height of the row at `indexPath` as `heights` says: computed, or measured by `tableView`'s template
    /// cell and cached by index path or by key.
    func height(at indexPath: IndexPath, in tableView: some TemplateMeasuring) -> CGFloat {
        let item = item(at: indexPath)
        let configure: (TableViewCell) -> Void = { ($0 as? LadderCell)?.item = item }
        switch heights {
        case .computed: return computedHeight(item)
        case .cachedByIndexPath:
            return tableView.heightForCell(withIdentifier: "cell", cacheBy: indexPath, configuration: configure)
        case .cachedByKey:
            return tableView.heightForCell(withIdentifier: "cell", cacheByKey: item.key, configuration: configure)
        }
    }

    /// A view for `section`'s header when it has one.
    func headerView(_ section: Int) -> View? { headerHeights[section] > 0 ? View() : nil }

    /// `table` with `LadderCell` registered, set up by `configure` (its data source, an estimate), and loaded.
    func ladderTable<Table: LadderStepTable>(_ table: Table, configure: (Table) -> Void) -> Table {
        table.register(LadderCell.self, forCellReuseIdentifier: "cell")
        configure(table)
        table.reloadData()
        return table
    }
}

/// The frame of every step's table: as wide and tall as the engine's.
let ladderFrame = CGRect(x: 0, y: 0, width: 320, height: 200)

/// What a table of steps 3 to 6 shows: each visible row's cell frame.
@MainActor
func stepScreen(_ table: some LadderStepTable) -> Screen {
    table.indexPathsForVisibleRows.map { ($0, table.cellForRow(at: $0)?.frame ?? .null) }
}
