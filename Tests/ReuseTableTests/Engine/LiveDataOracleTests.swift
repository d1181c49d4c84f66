import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// A chat message cell: its frame-layout height is the model's, its Auto Layout height
/// comes from a wrapping label pinned inside the contentView.
final class ChatOracleCell: TableViewCell {
    let text = Label()
    var frameHeight: CGFloat = 20
    var constrained = false
    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        guard reuseIdentifier == "auto" else { return }
        constrained = true
        text.numberOfLines = 0
        text.characterWidth = 4
        text.lineHeight = 13
        text.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(text)
        LayoutConstraint.activate([
            text.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 2),
            text.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -2),
            text.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 1),
            text.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -1),
        ])
    }
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: frameHeight) }
}

/// The oracle's model: message ids in order (one section under a header), heights on a
/// quarter-point grid by id, and the table's five height modes.
@MainActor
final class ChatOracleModel: TableViewDataSource, TableViewDelegate {
    enum Mode: CaseIterable { case fixed, delegate, estimated, selfSizingFrame, selfSizingAutoLayout }
    let mode: Mode
    var ids: [Int] = []
    var nextID = 0
    /// Heights set through `row(_:changedHeight:)`, by id.
    var changed: [Int: Double] = [:]
    var diffable: TableViewDiffableDataSource<Int, Int>?

    init(mode: Mode) { self.mode = mode }

    func fresh(_ count: Int) -> [Int] {
        (0..<count).map { _ in
            nextID += 1
            return nextID
        }
    }

    /// A height on the quarter-point grid, narrower tables wrapping into more lines.
    func height(of id: Int, width: CGFloat) -> Double {
        if let changed = changed[id] { return changed }
        let lines = (id * 7919) % 5 + 1 + (width < 300 ? (id % 3) : 0)
        return Double(lines) * 13 + Double(id % 4) / 4
    }

    func words(of id: Int) -> String {
        Array(repeating: "word", count: (id * 7919) % 23 + 1).joined(separator: " ")
    }

    func configure(_ table: TableView) {
        table.register(ChatOracleCell.self, forCellReuseIdentifier: "frame")
        table.register(ChatOracleCell.self, forCellReuseIdentifier: "auto")
        switch mode {
        case .fixed: table.rowHeight = 30
        case .delegate: break
        case .estimated: table.estimatedRowHeight = 40
        case .selfSizingFrame, .selfSizingAutoLayout:
            table.rowHeight = TableView.automaticDimension
            table.estimatedRowHeight = 40
        }
    }

    func cell(_ table: TableView, _ indexPath: IndexPath, _ id: Int) -> TableViewCell {
        let cell = table.dequeueReusableCell(withIdentifier: mode == .selfSizingAutoLayout ? "auto" : "frame", for: indexPath) as! ChatOracleCell
        cell.frameHeight = CGFloat(height(of: id, width: table.bounds.width))
        cell.text.text = words(of: id)
        return cell
    }

    func id(at indexPath: IndexPath) -> Int { ids[indexPath.row] }

    func numberOfSections(in tableView: TableView) -> Int { 1 }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { ids.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cell(tableView, indexPath, id(at: indexPath))
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        switch mode {
        case .fixed, .selfSizingFrame, .selfSizingAutoLayout:
            tableView.noteDefault(.rowHeight, of: self)
            return tableView.rowHeight
        case .delegate, .estimated:
            let id = diffable?.itemIdentifier(for: indexPath) ?? id(at: indexPath)
            return CGFloat(height(of: id, width: tableView.bounds.width))
        }
    }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat { 20 }
}

/// Random scripted traces checked after every step against the rule of Docs/live-data.md: the
/// anchor row's `rectForRow.minY − contentOffset.y` is exactly what it was (heights on a
/// quarter-point grid), unless the offset had to be clamped — or, when the table followed the
/// end, the end is still in view.
@MainActor
@Suite struct LiveDataOracleTests {
    static let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"
    /// Traces per height mode and steps per trace: 5 modes × 6 traces × 50 steps = 1,500 table
    /// steps in CI; ten times the traces with `REUSETABLE_LONG=1`.
    static let traces = long ? 60 : 6
    static let steps = 50
    /// `REUSETABLE_TRACE=n` runs only trace n (of the long sweep's numbering), to study one mismatch.
    static let onlyTrace = ProcessInfo.processInfo.environment["REUSETABLE_TRACE"].flatMap { Int($0) }
    /// The trace numbers a sweep runs.
    static func traceNumbers(_ count: Int) -> [Int] { onlyTrace.map { [$0] } ?? Array(0..<count) }

    enum Step: CaseIterable { case scrollUp, scrollTo, prepend, append, deleteAbove, changeHeightAbove, width, inset, applyWithMove, reloadAppend }

    /// The state before a step the oracle checks after it.
    struct Expectation {
        var anchorID: Int?
        var screenY: CGFloat = 0
        var following = false
        var note = ""
    }

    @Test(arguments: ChatOracleModel.Mode.allCases)
    func tableTraces(mode: ChatOracleModel.Mode) {
        for trace in Self.traceNumbers(Self.traces) {
            var rng = SplitMix64(seed: UInt64(trace) &* 0x9E37 &+ UInt64(ChatOracleModel.Mode.allCases.firstIndex(of: mode)!))
            runTrace(mode: mode, diffable: trace % 2 == 1, rng: &rng, label: "\(mode) trace \(trace)")
        }
    }

    func runTrace(mode: ChatOracleModel.Mode, diffable: Bool, rng: inout SplitMix64, label: String) {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let model = ChatOracleModel(mode: mode)
        model.configure(table)
        table.delegate = model
        table.maintainsVisibleContentPosition = true
        table.sticksToBottom = Bool.random(using: &rng)
        model.ids = model.fresh(Int.random(in: 0...60, using: &rng))
        if diffable {
            let source = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, id in model.cell(table, indexPath, id) }
            model.diffable = source
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(model.ids)
            source.apply(snapshot, animatingDifferences: false)
        } else {
            table.dataSource = model
            table.reloadData()
        }
        if !model.ids.isEmpty { table.scrollToRow(at: IndexPath(row: model.ids.count - 1, section: 0), at: .bottom, animated: false) }
        table.layoutIfNeeded()
        var following = table.sticksToBottom && table.isAtBottom

        for number in 0..<Self.steps {
            let step = Step.allCases.randomElement(using: &rng)!
            if diffable, step == .reloadAppend { continue }
            let where_ = "\(label) step \(number) \(step)"
            switch step {
            case .scrollUp, .scrollTo:
                let height = table.bounds.height
                let y =
                    step == .scrollUp
                    ? table.contentOffset.y - CGFloat(Int.random(in: 1...Int(height), using: &rng))
                    : CGFloat(Int.random(in: 0...max(0, Int(table.contentSize.height)), using: &rng))
                let target = min(max(y, table.minimumContentOffsetY), table.maximumContentOffsetY)
                let expectation = measuringAnchor(table, model, offsetY: target)
                table.contentOffset.y = target
                table.layoutIfNeeded()
                following = table.sticksToBottom && table.isAtBottom
                if !following { check(table, model, expectation, where_) }
            default:
                var expectation = Expectation(following: following)
                change(step, table, model, &expectation, diffable: diffable, rng: &rng)
                table.layoutIfNeeded()
                if following {
                    #expect(table.isAtBottom, "\(where_): the table followed the end and no longer shows it")
                } else {
                    check(table, model, expectation, where_)
                }
                following = table.sticksToBottom && table.isAtBottom
            }
            #expect(table.contentOffset.y >= table.minimumContentOffsetY - 0.001 || table.contentSize.height == 0, "\(where_): above the top")
        }
    }

    /// Makes one structural or geometric change, recording the anchor before it.
    func change(
        _ step: Step, _ table: TableView, _ model: ChatOracleModel, _ expectation: inout Expectation, diffable: Bool,
        rng: inout SplitMix64
    ) {
        let old = model.ids
        var new = old
        var moved: Int?
        switch step {
        case .prepend: new = model.fresh(Int.random(in: 1...100, using: &rng)) + old
        case .append: new = old + model.fresh(Int.random(in: 1...4, using: &rng))
        case .reloadAppend:
            new = old + model.fresh(Int.random(in: 1...20, using: &rng))
            anchor(table, model, gone: [], into: &expectation)
            model.ids = new
            table.reloadDataWithoutInvalidatingHeightCache()
            return
        case .deleteAbove:
            guard !old.isEmpty else { return }
            let top = firstIntersectingRow(table) ?? 0
            let start = Int.random(in: 0...min(top + 2, old.count - 1), using: &rng)
            let count = Int.random(in: 1...4, using: &rng)
            new.removeSubrange(start..<min(old.count, start + count))
        case .applyWithMove:
            new.removeAll { _ in Int.random(in: 0..<10, using: &rng) == 0 }
            if Bool.random(using: &rng) { new.insert(contentsOf: model.fresh(2), at: Int.random(in: 0...new.count, using: &rng)) }
            if new.count >= 5 {
                // One item moved at least two places among the others: the only move the fewest-moves diff can name.
                let from = Int.random(in: 0..<new.count, using: &rng)
                let id = new.remove(at: from)
                var to = Int.random(in: 0...new.count, using: &rng)
                while abs(to - from) < 2 { to = Int.random(in: 0...new.count, using: &rng) }
                new.insert(id, at: to)
                let survivorsOld = old.filter { new.contains($0) }, survivorsNew = new.filter { old.contains($0) }
                if let a = survivorsOld.firstIndex(of: id), let b = survivorsNew.firstIndex(of: id), abs(a - b) >= 2 { moved = id }
                if moved == nil, survivorsOld != survivorsNew { new = old }  // an ambiguous move: skip it
            }
        case .changeHeightAbove:
            guard let top = firstIntersectingRow(table) else { return }
            let row = Int.random(in: max(0, top - 3)...top, using: &rng)
            let height = Double(Int.random(in: 8...120, using: &rng)) / 4 + 4
            anchor(table, model, gone: [], into: &expectation)
            model.changed[model.ids[row]] = height
            table.row(IndexPath(row: row, section: 0), changedHeight: CGFloat(height))
            return
        case .width:
            anchor(table, model, gone: [], into: &expectation)
            table.frame.size.width = CGFloat([260, 290, 320, 360].randomElement(using: &rng)!)
            return
        case .inset:
            anchor(table, model, gone: [], into: &expectation)
            let tops: [CGFloat] = [0, 20, 44], bottoms: [CGFloat] = [0, 34, 50]
            table.contentInset = EdgeInsets(top: tops.randomElement(using: &rng)!, left: 0, bottom: bottoms.randomElement(using: &rng)!, right: 0)
            table.layoutIfNeeded()
            // UIKit keeps an offset that a larger top inset leaves above the top; a user then scrolls back.
            if table.contentOffset.y < table.minimumContentOffsetY { table.contentOffset.y = table.minimumContentOffsetY }
            expectation.anchorID = nil  // UIKit keeps the offset when insets change; only following is promised
            return
        case .scrollUp, .scrollTo: return
        }
        let newSet = Set(new)
        var gone = Set(old.filter { !newSet.contains($0) })
        if let moved { gone.insert(moved) }
        anchor(table, model, gone: gone, into: &expectation)
        expectation.note = "old \(old.prefix(12)) new \(new.prefix(12)) moved \(String(describing: moved))"
        transition(table, model, from: old, to: new, moved: moved, diffable: diffable)
        if let report = model.diffable?.lastApply { expectation.note += " diff +\(report.inserted) -\(report.deleted) moved \(report.moved)" }
    }

    /// Applies `old → new` as one batch (deletes, inserts, one move) or as a diffable apply.
    func transition(_ table: TableView, _ model: ChatOracleModel, from old: [Int], to new: [Int], moved: Int?, diffable: Bool) {
        model.ids = new
        if let source = model.diffable {
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(new)
            source.apply(snapshot, animatingDifferences: false)
            return
        }
        let newSet = Set(new), oldSet = Set(old)
        table.performBatchUpdates {
            table.deleteRows(at: old.indices.filter { !newSet.contains(old[$0]) }.map { IndexPath(row: $0, section: 0) }, with: .none)
            table.insertRows(at: new.indices.filter { !oldSet.contains(new[$0]) }.map { IndexPath(row: $0, section: 0) }, with: .none)
            if let moved {
                table.moveRow(at: IndexPath(row: old.firstIndex(of: moved)!, section: 0), to: IndexPath(row: new.firstIndex(of: moved)!, section: 0))
            }
        }
    }

    /// The first row whose rect intersects the viewport below the top inset.
    func firstIntersectingRow(_ table: TableView, offsetY: CGFloat? = nil) -> Int? {
        let y = offsetY ?? table.contentOffset.y
        let top = y + table.adjustedContentInset.top, bottom = y + table.bounds.height
        for row in 0..<table.numberOfRows(inSection: 0) {
            let rect = table.rectForRow(at: IndexPath(row: row, section: 0))
            if rect.height > 0, rect.maxY > top, rect.minY < bottom { return row }
            if rect.minY >= bottom { return nil }
        }
        return nil
    }

    /// The anchor rule for a structural change: the first intersecting row, or the first row
    /// after it that neither goes nor moves.
    func anchor(_ table: TableView, _ model: ChatOracleModel, gone: Set<Int>, into expectation: inout Expectation) {
        guard let first = firstIntersectingRow(table) else { return }
        for row in first..<model.ids.count where !gone.contains(model.ids[row]) {
            expectation.anchorID = model.ids[row]
            expectation.screenY = table.rectForRow(at: IndexPath(row: row, section: 0)).minY - table.contentOffset.y
            return
        }
    }

    /// The anchor rule for measuring after a scroll: of the rows the new viewport shows (with
    /// today's estimates), the first one whose cell is on screen, else the first measured, else the first.
    func measuringAnchor(_ table: TableView, _ model: ChatOracleModel, offsetY: CGFloat) -> Expectation {
        var expectation = Expectation()
        guard let first = firstIntersectingRow(table, offsetY: offsetY) else { return expectation }
        let shown = Set((table.indexPathsForVisibleRows ?? []).map(\.row))
        var candidates: [(row: Int, shown: Bool, measured: Bool)] = []
        var row = first
        while row < model.ids.count {
            let rect = table.rectForRow(at: IndexPath(row: row, section: 0))
            if rect.minY >= offsetY + table.bounds.height { break }
            let measured = table.geometry.slot(at: table.slotIndex(forRow: IndexPath(row: row, section: 0))).isMeasured
            candidates.append((row, shown.contains(row) && measured, measured))
            row += 1
        }
        let chosen = candidates.first(where: \.shown) ?? candidates.first(where: \.measured) ?? candidates.first
        guard let chosen else { return expectation }
        expectation.anchorID = model.ids[chosen.row]
        expectation.screenY = table.rectForRow(at: IndexPath(row: chosen.row, section: 0)).minY - offsetY
        return expectation
    }

    /// The anchor is where it was, unless the offset had to be clamped.
    func check(_ table: TableView, _ model: ChatOracleModel, _ expectation: Expectation, _ where_: String) {
        guard let id = expectation.anchorID, let row = model.ids.firstIndex(of: id) else { return }
        let minY = table.rectForRow(at: IndexPath(row: row, section: 0)).minY
        let wanted = minY - expectation.screenY
        let clamped = min(max(wanted, table.minimumContentOffsetY), table.maximumContentOffsetY)
        #expect(
            table.contentOffset.y == clamped,
            "\(where_): anchor \(id) (row \(row)) should be \(expectation.screenY) below the top; it is \(minY - table.contentOffset.y) \(expectation.note)"
        )
    }
}

/// The same oracle for the collection view with the waterfall: the anchor is the item the
/// viewport shows highest (smallest `minY`, then index path); only its screen Y is promised.
@MainActor
@Suite struct CollectionLiveDataOracleTests {
    /// 6 traces × 50 steps = 300 collection steps in CI; ten times the traces with `REUSETABLE_LONG=1`.
    static let traces = LiveDataOracleTests.long ? 60 : 6
    static let steps = 50

    enum Step: CaseIterable { case scroll, prepend, append, deleteAbove, applyWithMove, width }

    @Test func waterfallTraces() {
        for trace in LiveDataOracleTests.traceNumbers(Self.traces) {
            var rng = SplitMix64(seed: 0xC011 &+ UInt64(trace))
            runTrace(rng: &rng, label: "waterfall trace \(trace)")
        }
    }

    func runTrace(rng: inout SplitMix64, label: String) {
        let model = CollectionModel(sectionCounts: [Int.random(in: 0...50, using: &rng)], rng: &rng)
        for index in model.sections[0].indices { model.sections[0][index].height += 4 }  // no empty items
        let waterfall = WaterfallLayout(numberOfColumns: 2, margin: 4)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: waterfall)
        view.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        view.dataSource = model
        view.delegate = model
        view.maintainsVisibleContentPosition = true
        view.sticksToBottom = Bool.random(using: &rng)
        view.reloadData()
        view.layoutIfNeeded()
        view.contentOffset.y = view.maximumContentOffsetY
        view.layoutIfNeeded()
        var following = view.sticksToBottom && view.isAtBottom
        for number in 0..<Self.steps {
            let step = Step.allCases.randomElement(using: &rng)!
            let where_ = "\(label) step \(number) \(step)"
            if step == .scroll {
                view.contentOffset.y = CGFloat(Int.random(in: Int(view.minimumContentOffsetY)...Int(view.maximumContentOffsetY), using: &rng))
                view.layoutIfNeeded()
                following = view.sticksToBottom && view.isAtBottom
                continue
            }
            let old = model.sections[0].map(\.id)
            var new = model.sections[0]
            var moved: Int?
            switch step {
            case .prepend: new = fresh(model, Int.random(in: 1...60, using: &rng), &rng) + new
            case .append: new += fresh(model, Int.random(in: 1...4, using: &rng), &rng)
            case .deleteAbove:
                guard !new.isEmpty else { continue }
                let top = anchor(view, model, gone: [])?.item ?? 0
                let start = Int.random(in: 0...min(top + 2, new.count - 1), using: &rng)
                new.removeSubrange(start..<min(new.count, start + Int.random(in: 1...4, using: &rng)))
            case .applyWithMove:
                new.removeAll { _ in Int.random(in: 0..<10, using: &rng) == 0 }
                if new.count >= 5 {
                    let from = Int.random(in: 0..<new.count, using: &rng)
                    let item = new.remove(at: from)
                    var to = Int.random(in: 0...new.count, using: &rng)
                    while abs(to - from) < 2 { to = Int.random(in: 0...new.count, using: &rng) }
                    new.insert(item, at: to)
                    moved = item.id
                }
            case .width, .scroll: break
            }
            let newIDs = Set(new.map(\.id))
            var gone = Set(old.filter { !newIDs.contains($0) })
            if let moved { gone.insert(moved) }
            let before = anchor(view, model, gone: gone)
            if step == .width {
                view.frame.size.width = CGFloat([240, 300, 360].randomElement(using: &rng)!)
            } else {
                let oldItems = model.sections[0]
                model.sections[0] = new
                let oldIDs = Set(old)
                view.performBatchUpdates {
                    view.deleteItems(at: oldItems.indices.filter { !newIDs.contains(oldItems[$0].id) }.map { IndexPath(item: $0, section: 0) })
                    view.insertItems(at: new.indices.filter { !oldIDs.contains(new[$0].id) }.map { IndexPath(item: $0, section: 0) })
                    if let moved {
                        view.moveItem(
                            at: IndexPath(item: oldItems.firstIndex { $0.id == moved }!, section: 0),
                            to: IndexPath(item: new.firstIndex { $0.id == moved }!, section: 0))
                    }
                }
            }
            view.layoutIfNeeded()
            if following {
                #expect(view.isAtBottom, "\(where_): the view followed the end and no longer shows it")
            } else if let before, let item = model.sections[0].firstIndex(where: { $0.id == before.id }) {
                let minY = view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame.minY
                let clamped = min(max(minY - before.screenY, view.minimumContentOffsetY), view.maximumContentOffsetY)
                #expect(
                    view.contentOffset.y == clamped,
                    "\(where_): item \(before.id) should be \(before.screenY) below the top; it is \(minY - view.contentOffset.y)")
            }
            following = view.sticksToBottom && view.isAtBottom
        }
    }

    func fresh(_ model: CollectionModel, _ count: Int, _ rng: inout SplitMix64) -> [ModelItem] {
        model.freshItems(count, rng: &rng).map { ModelItem(id: $0.id, height: $0.height + 4) }
    }

    /// The item intersecting the viewport below the top inset with the smallest minY (then item);
    /// when it goes or moves, the first item after it that stays.
    func anchor(_ view: CollectionView, _ model: CollectionModel, gone: Set<Int>) -> (id: Int, item: Int, screenY: CGFloat)? {
        let top = view.contentOffset.y + view.adjustedContentInset.top, bottom = view.contentOffset.y + view.bounds.height
        var best: (minY: CGFloat, item: Int)?
        for item in model.sections[0].indices {
            let frame = view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame
            guard frame.height > 0, frame.maxY > top, frame.minY < bottom else { continue }
            if let current = best, (current.minY, current.item) <= (frame.minY, item) { continue }
            best = (frame.minY, item)
        }
        guard let best else { return nil }
        for item in best.item..<model.sections[0].count where !gone.contains(model.sections[0][item].id) {
            let frame = view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame
            return (model.sections[0][item].id, item, frame.minY - view.contentOffset.y)
        }
        return nil
    }
}
