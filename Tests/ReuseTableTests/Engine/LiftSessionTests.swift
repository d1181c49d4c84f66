import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

// Random drag sessions against array models, on both views, with everything a lift meets
// interleaved: calls that wait (a batch with deletes, inserts, reloads and a deleted section,
// height changes, a swipe), width changes, estimated and self-sized rows, the
// maintainsVisibleContentPosition switch, reloads and diffable applies (sync, async, and from
// a callback while the element is lifted). The model predicts every drop on its own: the
// calls that waited apply first, and the lifted element lands right after the nearest element
// above its proposed place that they kept in that section (Docs/reordering.md); an element or a
// destination section they removed cancels the drop with a message. `REUSETABLE_LONG=1` runs 20x
// more sessions; `LIFT_SEED=n` runs one seed.

/// Sessions, steps and drops of a sweep, for the long run's report.
struct LiftSweepFigures {
    var sessions = 0, steps = 0, drops = 0, cancelledDrops = 0, waitedCalls = 0, callbackCalls = 0

    mutating func add(_ other: LiftSweepFigures) {
        sessions += 1
        steps += other.steps
        drops += other.drops
        cancelledDrops += other.cancelledDrops
        waitedCalls += other.waitedCalls
        callbackCalls += other.callbackCalls
    }
}

/// Where the model expects the lifted element after the drop: `before` is the order the view
/// shows (the data source's before the calls that waited), `after` the data source's now.
/// Returns the order after the move, or nil when the drop must be cancelled (the element or its
/// destination section is gone), with which of the two.
func expectedDrop(
    before: [[Int]], sectionsBefore: [Int], after: [[Int]], sectionsAfter: [Int], origin: IndexPath, destination: IndexPath
) -> (order: [[Int]]?, originGone: Bool) {
    let lifted = before[origin.section][origin.row]
    guard let from = after.indices.lazy.compactMap({ s in after[s].firstIndex(of: lifted).map { IndexPath(row: $0, section: s) } }).first
    else { return (nil, true) }
    var proposed = before
    proposed[origin.section].remove(at: origin.row)
    proposed[destination.section].insert(lifted, at: destination.row)
    guard let section = sectionsAfter.firstIndex(of: sectionsBefore[destination.section]) else { return (nil, false) }
    var order = after
    order[from.section].remove(at: from.row)
    var landing = 0
    for item in proposed[destination.section][..<destination.row].reversed() {
        if let row = order[section].firstIndex(of: item) {
            landing = row + 1
            break
        }
    }
    order[section].insert(lifted, at: landing)
    return (order, false)
}

// MARK: - The table

@MainActor
struct TableLiftSession {
    var rng: SplitMix64
    let source: LiftSource
    let table: TableView
    /// 0: heights from the delegate, 1: estimated, 2: self-sizing (`LiftCell`, taller when narrow).
    let mode: Int
    var sectionIDs: [Int]
    var nextID = 10_000, nextSection = 100
    var messages: [String] = []
    var figures = LiftSweepFigures()

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
        mode = Int.random(in: 0..<3, using: &rng)
        let sections = Int.random(in: 1...3, using: &rng)
        var items: [[Int]] = []
        var id = 0
        for _ in 0..<sections {
            let count = Int.random(in: 3...40, using: &rng)
            items.append(Array(id..<(id + count)))
            id += count
        }
        source = LiftSource(items: items)
        for item in 0..<id { source.heights[item] = Double(Int.random(in: 8...60, using: &rng)) }
        source.selfSizing = mode == 2
        sectionIDs = Array(0..<sections)
        let estimated = mode == 1, height = CGFloat(Int.random(in: 150...400, using: &rng))
        let maintains = Bool.random(using: &rng)
        table = source.makeTable(height: height) { table in
            if estimated { table.estimatedRowHeight = 17 }
            table.maintainsVisibleContentPosition = maintains
        }
        let box = MessageBox()
        table.diagnosticHandler = { box.messages.append($0) }
        messageBox = box
    }

    let messageBox: MessageBox

    mutating func freshItem() -> Int {
        nextID += 1
        source.heights[nextID] = Double(Int.random(in: 8...60, using: &rng))
        return nextID
    }

    /// Rows shown where the model puts them, heights as the model says (delegate heights).
    func expectShowsModel(_ context: String) {
        #expect(table.indexPathForInteractivelyMovedRow == nil, "\(context)")
        expectCellsShowModel(table, source.items)
        if mode == 0 {
            for (s, rows) in source.items.enumerated() {
                for (r, item) in rows.enumerated() where table.cellForRow(at: IndexPath(row: r, section: s)) != nil {
                    #expect(Double(table.rectForRow(at: IndexPath(row: r, section: s)).height) == source.height(of: item), "\(context)")
                }
            }
        }
        for cell in table.visibleCells { #expect(cell.frame == table.rectForRow(at: table.indexPath(for: cell)!), "\(context)") }
    }

    mutating func run(steps: Int) {
        table.contentOffset.y = randomOffset(0...max(0, table.contentSize.height - table.bounds.height))
        var step = 0
        while step < steps {
            step += 1
            figures.steps += 1
            switch Int.random(in: 0..<10, using: &rng) {
            case 0:
                table.contentOffset.y = randomOffset(-20...(table.contentSize.height + 20))
            case 1:
                table.frame.size.width = [200, 320, 411].randomElement(using: &rng)!
                table.layoutIfNeeded()
            case 2:
                table.maintainsVisibleContentPosition.toggle()
            default:
                step += lift(context: "step \(step)")
            }
            expectShowsModel("after step \(step)")
        }
    }

    /// One lift, its moves and calls, and its end; returns the steps it took.
    mutating func lift(context: String) -> Int {
        let sections = source.items.indices.filter { !source.items[$0].isEmpty }
        guard let s = sections.randomElement(using: &rng) else { return 0 }
        let visible = table.indexPathsForVisibleRows ?? []
        let origin =
            Bool.random(using: &rng) && !visible.isEmpty
            ? visible.randomElement(using: &rng)! : IndexPath(row: Int.random(in: 0..<source.items[s].count, using: &rng), section: s)
        guard table.beginInteractiveMovementForRow(at: origin) else {
            Issue.record("\(context): lift refused: \(messageBox.messages.last ?? "")")
            return 0
        }
        let lifted = table.engine.pass.movement!.cell as! LiftCell
        let item = source.items[origin.section][origin.row]
        #expect(lifted.item == item, "\(context)")
        let reuses = lifted.reuses
        source.ended = []
        let shown = source.items, shownSections = sectionIDs  // the order the table keeps while it is lifted
        var waitedBatch = false, waitedAny = false, swiped: Int?
        let hook = CallbackHook()
        defer { source.onWillDisplay = nil }
        var steps = 0
        for _ in 0..<Int.random(in: 1...8, using: &rng) {
            steps += 1
            figures.steps += 1
            switch Int.random(in: 0..<13, using: &rng) {
            case 0..<5:
                let edge = Bool.random(using: &rng)
                let y =
                    edge
                    ? table.contentOffset.y + (Bool.random(using: &rng) ? 2 : table.bounds.height - 2)
                    : CGFloat.random(in: table.contentOffset.y...(table.contentOffset.y + table.bounds.height), using: &rng)
                table.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: y))
            case 5 where !waitedBatch:
                waitedBatch = true
                waitedAny = true
                waitingBatch()
            case 6 where mode == 0:
                guard let (s, r) = randomRow() else { continue }
                let h = Double(Int.random(in: 8...60, using: &rng))
                source.heights[source.items[s][r]] = h
                table.row(IndexPath(row: r, section: s), changedHeight: CGFloat(h))
                figures.waitedCalls += 1
                waitedAny = true
            case 7:
                guard let (s, r) = randomRow() else { continue }
                table.swipeRow(at: IndexPath(row: r, section: s), edge: .trailing)
                swiped = source.items[s][r]
                figures.waitedCalls += 1
                waitedAny = true
            case 8:
                table.frame.size.width = [200, 320, 411].randomElement(using: &rng)!
                table.layoutIfNeeded()
            case 9:
                table.maintainsVisibleContentPosition.toggle()
                table.layoutIfNeeded()
            case 10 where !waitedBatch:
                // The app's own change from a callback while the row is lifted (a "load more" from willDisplay
                // during auto-scroll, or a reload): it waits like any call, and runs first at the drop.
                waitedBatch = true
                armCallback(hook)
            default:
                table.contentOffset.y = randomOffset(0...max(0, table.contentSize.height - table.bounds.height))
            }
            // While lifted, the table keeps the order it had: every cell stands where the proposed order puts it.
            expectProposedFrames(table, shown)
            #expect(lifted.reuses == reuses && !table.visibleCells.contains { $0 === lifted }, "\(context)")
            #expect(!source.ended.contains { $0.cell === lifted }, "\(context): the lifted cell heard didEndDisplaying")
        }
        let (origin2, destination) = table.indexPathForInteractivelyMovedRow!
        #expect(origin2 == origin)
        hook.isLifted = false  // the app's callback changes only while the row is lifted
        if hook.fired != nil {
            waitedAny = true
            figures.callbackCalls += 1
        }
        var reloaded = false
        switch Int.random(in: 0..<8, using: &rng) {
        case 0:
            table.cancelInteractiveMovement()
            #expect(source.moves.count == figures.drops)
        case 1:
            table.reloadData()  // cancels the lift: what waited runs, then the reload
            reloaded = true
        default:
            let expected = expectedDrop(
                before: shown, sectionsBefore: shownSections, after: source.items, sectionsAfter: sectionIDs, origin: origin,
                destination: destination)
            var onScreen: [Int: CGFloat] = [:]
            for cell in table.visibleCells { onScreen[(cell as! LiftCell).item] = cell.frame.minY - table.contentOffset.y }
            let offset = table.contentOffset.y, before = messageBox.messages.count
            table.endInteractiveMovement()
            if hook.fired == "reloadData()" {
                // The data reloaded before the drop: the row cannot be found again.
                figures.cancelledDrops += 1
                #expect(
                    messageBox.messages.dropFirst(before)
                        == [
                            "endInteractiveMovement(): row \(UpdateVocabulary.table.describe(origin)) was removed by reloadData(), "
                                + "called while it was lifted; the movement is cancelled."
                        ], "\(context)")
            } else if let order = expected.order {
                figures.drops += 1
                #expect(source.items == order, "\(context): the drop lands where the model says")
                #expect(messageBox.messages.count == before, "\(context): \(messageBox.messages.suffix(1))")
                if !waitedAny && mode != 1 && offset <= table.maximumContentOffsetY {
                    // Nothing waited: the drop is seamless, with the switch on or off.
                    #expect(table.contentOffset.y == offset, "\(context)")
                    for cell in table.visibleCells {
                        let id = (cell as! LiftCell).item
                        if let y = onScreen[id] { #expect(cell.frame.minY - table.contentOffset.y == y, "\(context): item \(id)") }
                    }
                }
            } else {
                figures.cancelledDrops += 1
                #expect(messageBox.messages.count == before + 1, "\(context)")
                let message = messageBox.messages.last ?? ""
                #expect(message.hasPrefix("endInteractiveMovement(): "), "\(message)")
                if expected.originGone {
                    #expect(message.contains("was removed by performBatchUpdates(_:completion:), called while it was lifted"), "\(message)")
                } else {
                    #expect(message.contains("the destination \(UpdateVocabulary.table.describe(destination))"), "\(message)")
                }
            }
            if let swiped {
                #expect(table.indexPathForSwipedRow == source.indexPath(of: swiped), "\(context): the swipe reached its row")
            }
        }
        table.closeSwipedRow()
        #expect(table.indexPathForInteractivelyMovedRow == nil)
        if !reloaded {
            // Once the movement ended, the lifted cell is on screen, or it left once (its row off screen or removed).
            let heard = source.ended.filter { $0.cell === lifted }.count
            #expect(heard <= 1 && (heard == 1 || table.visibleCells.contains { $0 === lifted }), "\(context): heard \(heard)")
        }
        return steps
    }

    /// Arms `hook`: at the next `willDisplay` while the row is lifted, the app loads three more rows
    /// at the end of a section, or changes a row and reloads.
    mutating func armCallback(_ hook: CallbackHook) {
        figures.waitedCalls += 1
        hook.isLifted = true
        let reload = Int.random(in: 0..<3, using: &rng) == 0
        let fresh = (0..<3).map { _ in freshItem() }
        let source = source
        source.onWillDisplay = { table, _ in
            guard hook.isLifted, hook.fired == nil, !source.items.isEmpty else { return }
            if reload {
                hook.fired = "reloadData()"
                if !source.items[0].isEmpty { source.items[0].removeFirst() }
                table.reloadData()
            } else {
                hook.fired = "insertRows(at:with:)"
                let s = source.items.count - 1, start = source.items[s].count
                source.items[s] += fresh
                table.insertRows(at: (start..<start + 3).map { IndexPath(row: $0, section: s) }, with: .none)
            }
        }
    }

    /// A whole-point offset in `range`: screen positions then compare exactly across an anchored change.
    mutating func randomOffset(_ range: ClosedRange<CGFloat>) -> CGFloat {
        CGFloat(Int.random(in: Int(range.lowerBound)...Int(range.upperBound), using: &rng))
    }

    mutating func randomRow() -> (Int, Int)? {
        let sections = source.items.indices.filter { !source.items[$0].isEmpty }
        guard let s = sections.randomElement(using: &rng) else { return nil }
        return (s, Int.random(in: 0..<source.items[s].count, using: &rng))
    }

    /// One batch made while lifted (it waits): a section deleted now and then, rows deleted and
    /// reloaded (old index paths), rows inserted (new ones). The model follows at once, as an app's does.
    mutating func waitingBatch() {
        figures.waitedCalls += 1
        var items = source.items
        var deletedSection: Int?
        if items.count > 1, Int.random(in: 0..<6, using: &rng) == 0 { deletedSection = Int.random(in: 0..<items.count, using: &rng) }
        var deleted: [IndexPath] = [], reloaded: [IndexPath] = []
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            let s = Int.random(in: 0..<items.count, using: &rng)
            guard s != deletedSection, !items[s].isEmpty else { continue }
            let ip = IndexPath(row: Int.random(in: 0..<items[s].count, using: &rng), section: s)
            if deleted.contains(ip) || reloaded.contains(ip) { continue }
            if Bool.random(using: &rng) { deleted.append(ip) } else { reloaded.append(ip) }
        }
        for ip in reloaded { source.heights[items[ip.section][ip.row]] = Double(Int.random(in: 8...60, using: &rng)) }
        for ip in deleted.sorted(by: { ($0.section, $0.row) > ($1.section, $1.row) }) { items[ip.section].remove(at: ip.row) }
        if let deletedSection {
            items.remove(at: deletedSection)
            sectionIDs.remove(at: deletedSection)
        }
        var inserted: [IndexPath] = []
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            guard !items.isEmpty else { break }
            let s = Int.random(in: 0..<items.count, using: &rng)
            let r = Int.random(in: 0...items[s].count, using: &rng)
            items[s].insert(freshItem(), at: r)
            inserted = inserted.map { $0.section == s && $0.row >= r ? IndexPath(row: $0.row + 1, section: s) : $0 }
            inserted.append(IndexPath(row: r, section: s))
        }
        source.items = items
        let table = table
        table.performBatchUpdates {
            if let deletedSection { table.deleteSections(IndexSet(integer: deletedSection), with: .none) }
            table.deleteRows(at: deleted, with: .none)
            table.reloadRows(at: reloaded, with: .none)
            table.insertRows(at: inserted, with: .none)
        }
    }
}

/// Whether an armed callback may still change the data, and what it called.
@MainActor
final class CallbackHook {
    var isLifted = false
    var fired: String?
}

/// Diagnostics a view reports, kept by reference (the handler outlives a struct's copy).
@MainActor
final class MessageBox { var messages: [String] = [] }

// MARK: - The collection view

/// `CollectionModel` through a waterfall, with every move followed and `didEndDisplaying` logged.
typealias LiftCollectionSource = MovingCollection

@MainActor
struct CollectionLiftSession {
    var rng: SplitMix64
    let source: LiftCollectionSource
    let collection: CollectionView
    let columns: Int
    var sectionIDs: [Int]
    let messageBox = MessageBox()
    var figures = LiftSweepFigures()

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
        columns = Int.random(in: 1...3, using: &rng)
        var counts: [Int] = []
        for _ in 0..<Int.random(in: 1...3, using: &rng) { counts.append(Int.random(in: 3...40, using: &rng)) }
        source = LiftCollectionSource(CollectionModel(sectionCounts: counts, rng: &rng))
        sectionIDs = Array(counts.indices)
        let layout = WaterfallLayout(numberOfColumns: columns, margin: 4)
        layout.delegate = source
        collection = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 300, height: CGFloat(Int.random(in: 150...400, using: &rng))), collectionViewLayout: layout)
        collection.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        collection.dataSource = source
        collection.delegate = source
        collection.maintainsVisibleContentPosition = Bool.random(using: &rng)
        let box = messageBox
        collection.diagnosticHandler = { box.messages.append($0) }
        collection.reloadData()
        collection.layoutIfNeeded()
    }

    /// Every visible cell stands where a brute-force waterfall of `sections` puts its item, at the width now.
    func expectFrames(_ sections: [[ModelItem]], _ context: String) {
        let model = CollectionModel()
        model.sections = sections
        let frames = model.waterfallFrames(columns: columns, margin: 4, width: collection.bounds.width).frames
        var byID: [Int: CGRect] = [:]
        for (s, section) in sections.enumerated() {
            for (i, item) in section.enumerated() { byID[item.id] = frames[s][i] }
        }
        for cell in collection.visibleCells {
            let id = (cell as! ItemCell).itemID
            #expect(cell.frame == byID[id], "\(context): item \(id)")
        }
    }

    func expectShowsModel(_ context: String) {
        #expect(collection.indexPathForInteractivelyMovedItem == nil, "\(context)")
        #expect(collection.numberOfSections == source.model.sections.count, "\(context)")
        for entry in collection.engine.cellsOnScreen.entries {
            #expect((entry.cell as! ItemCell).itemID == source.model.sections[entry.section][entry.row].id, "\(context)")
        }
        expectFrames(source.model.sections, context)
    }

    mutating func run(steps: Int) {
        var step = 0
        while step < steps {
            step += 1
            figures.steps += 1
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: collection.contentOffset.y = CGFloat.random(in: 0...max(0, collection.contentSize.height - 100), using: &rng).rounded()
            case 1:
                collection.frame.size.width = [200, 300, 411].randomElement(using: &rng)!
                collection.layoutIfNeeded()
            default: step += lift(context: "step \(step)")
            }
            expectShowsModel("after step \(step)")
        }
    }

    mutating func lift(context: String) -> Int {
        guard let origin = collection.indexPathsForVisibleItems.randomElement(using: &rng) else { return 0 }
        guard collection.beginInteractiveMovementForItem(at: origin) else {
            Issue.record("\(context): lift refused: \(messageBox.messages.last ?? "")")
            return 0
        }
        let lifted = collection.engine.pass.movement!.cell as! ItemCell
        let id = source.model.sections[origin.section][origin.item].id
        source.ended = []
        let shown = source.model.sections, shownSections = sectionIDs
        var waitedBatch = false, resizedWhileWaiting = false
        var steps = 0
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            steps += 1
            figures.steps += 1
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<5:
                let y =
                    Bool.random(using: &rng)
                    ? collection.contentOffset.y + (Bool.random(using: &rng) ? 2 : collection.bounds.height - 2)
                    : collection.contentOffset.y + CGFloat.random(in: 0...collection.bounds.height, using: &rng)
                collection.updateInteractiveMovementTargetPosition(
                    CGPoint(x: CGFloat.random(in: 1...(collection.bounds.width - 1), using: &rng), y: y))
            case 5 where !waitedBatch:
                waitedBatch = true
                waitingBatch()
            case 6:
                collection.frame.size.width = [200, 300, 411].randomElement(using: &rng)!
                collection.layoutIfNeeded()
                // While a call waits the layout cannot ask heights at the new width (the data source is ahead of
                // the view): items are placed at height 0 until the drop runs the call.
                if waitedBatch { resizedWhileWaiting = true }
            case 7:
                collection.maintainsVisibleContentPosition.toggle()
            default:
                collection.contentOffset.y = CGFloat.random(in: 0...max(0, collection.contentSize.height - 100), using: &rng).rounded()
            }
            let (from, to) = collection.indexPathForInteractivelyMovedItem!
            var proposed = shown
            let item = proposed[from.section].remove(at: from.item)
            proposed[to.section].insert(item, at: to.item)
            if !resizedWhileWaiting { expectFrames(proposed, "\(context), lifted") }
            #expect(lifted.itemID == id && !collection.visibleCells.contains { $0 === lifted }, "\(context)")
            #expect(!collection.engine.pool.idle.values.joined().contains { $0 === lifted }, "\(context): the lifted cell is pooled")
            #expect(!source.ended.contains { $0.cell === lifted }, "\(context): the lifted cell heard didEndDisplaying")
        }
        let (_, destination) = collection.indexPathForInteractivelyMovedItem!
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: collection.cancelInteractiveMovement()
        case 1: collection.reloadData()
        default:
            let ids = shown.map { $0.map(\.id) }, now = source.model.sections.map { $0.map(\.id) }
            let expected = expectedDrop(
                before: ids, sectionsBefore: shownSections, after: now, sectionsAfter: sectionIDs, origin: origin, destination: destination)
            var onScreen: [Int: CGRect] = [:]
            for cell in collection.visibleCells { onScreen[(cell as! ItemCell).itemID] = cell.frame.offsetBy(dx: 0, dy: -collection.contentOffset.y) }
            let offset = collection.contentOffset.y, before = messageBox.messages.count
            collection.endInteractiveMovement()
            if let order = expected.order {
                figures.drops += 1
                #expect(source.model.sections.map { $0.map(\.id) } == order, "\(context): the drop lands where the model says")
                #expect(messageBox.messages.count == before, "\(context): \(messageBox.messages.suffix(1))")
                if !waitedBatch && offset <= collection.maximumContentOffsetY {
                    #expect(collection.contentOffset.y == offset, "\(context)")
                    for cell in collection.visibleCells {
                        let id = (cell as! ItemCell).itemID
                        if let frame = onScreen[id] {
                            #expect(cell.frame.offsetBy(dx: 0, dy: -collection.contentOffset.y) == frame, "\(context): item \(id)")
                        }
                    }
                }
            } else {
                figures.cancelledDrops += 1
                #expect(messageBox.messages.count == before + 1, "\(context)")
                #expect(messageBox.messages.last?.hasPrefix("endInteractiveMovement(): ") == true, "\(messageBox.messages.suffix(1))")
            }
        }
        return steps
    }

    /// One waiting batch: a section deleted now and then, items deleted (old index paths), items inserted (new ones).
    mutating func waitingBatch() {
        figures.waitedCalls += 1
        var sections = source.model.sections
        var deletedSection: Int?
        if sections.count > 1, Int.random(in: 0..<6, using: &rng) == 0 { deletedSection = Int.random(in: 0..<sections.count, using: &rng) }
        var deleted: [IndexPath] = []
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            let s = Int.random(in: 0..<sections.count, using: &rng)
            guard s != deletedSection, !sections[s].isEmpty else { continue }
            let ip = IndexPath(item: Int.random(in: 0..<sections[s].count, using: &rng), section: s)
            if !deleted.contains(ip) { deleted.append(ip) }
        }
        for ip in deleted.sorted(by: { ($0.section, $0.item) > ($1.section, $1.item) }) { sections[ip.section].remove(at: ip.item) }
        if let deletedSection {
            sections.remove(at: deletedSection)
            sectionIDs.remove(at: deletedSection)
        }
        var inserted: [IndexPath] = []
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            guard !sections.isEmpty else { break }
            let s = Int.random(in: 0..<sections.count, using: &rng)
            let r = Int.random(in: 0...sections[s].count, using: &rng)
            sections[s].insert(source.model.freshItems(1, rng: &rng)[0], at: r)
            inserted = inserted.map { $0.section == s && $0.item >= r ? IndexPath(item: $0.item + 1, section: s) : $0 }
            inserted.append(IndexPath(item: r, section: s))
        }
        source.model.sections = sections
        let collection = collection
        collection.performBatchUpdates {
            if let deletedSection { collection.deleteSections(IndexSet(integer: deletedSection)) }
            collection.deleteItems(at: deleted)
            collection.insertItems(at: inserted)
        }
    }
}

// MARK: - Diffable data sources

/// A table fed by a diffable data source whose delegate, when armed, applies a snapshot from
/// inside `targetIndexPathForMoveFromRowAt` — a callback while a row is lifted: the apply waits.
@MainActor
final class DiffableLiftHarness: TableViewDelegate {
    let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
    var dataSource: TableViewDiffableDataSource<Int, Int>!
    var heights: [Int: Double] = [:]
    var armed: DiffableDataSourceSnapshot<Int, Int>?

    init() {
        table.register(LiftCell.self, forCellReuseIdentifier: "cell")
        table.separatorStyle = .none
        dataSource = TableViewDiffableDataSource(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! LiftCell
            cell.item = item
            return cell
        }
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        table.delegate = self
    }

    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        CGFloat(heights[dataSource.itemIdentifier(for: indexPath)!] ?? 20)
    }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat { 0 }
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat { 0 }
    func tableView(
        _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath {
        if let snapshot = armed {
            armed = nil
            dataSource.apply(snapshot, completion: nil)
        }
        return proposedDestinationIndexPath
    }
}

/// A waterfall fed by a diffable data source whose delegate, when armed, applies a snapshot from
/// inside `targetIndexPathForMoveOfItemFromOriginalIndexPath` (a callback while an item is lifted).
@MainActor
final class DiffableCollectionLiftHarness: CollectionViewDelegate, WaterfallLayoutDelegate {
    let collection: CollectionView
    var dataSource: CollectionViewDiffableDataSource<Int, Int>!
    var armed: DiffableDataSourceSnapshot<Int, Int>?

    init(columns: Int) {
        let layout = WaterfallLayout(numberOfColumns: columns, margin: 4)
        collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 300), collectionViewLayout: layout)
        collection.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        dataSource = CollectionViewDiffableDataSource(collectionView: collection) { view, indexPath, item in
            let cell = view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! ItemCell
            cell.itemID = item
            return cell
        }
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        collection.delegate = self
        layout.delegate = self
    }

    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, itemWidth: CGFloat
    ) -> CGFloat {
        CGFloat(20 + dataSource.itemIdentifier(for: indexPath)! % 9 * 10)
    }
    func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        if let snapshot = armed {
            armed = nil
            dataSource.apply(snapshot, completion: nil)
        }
        return proposedIndexPath
    }
}

/// What the diffable lift sessions do to either view, in one vocabulary.
@MainActor
protocol DiffableLiftView: AnyObject {
    var view: ScrollView { get }
    var numberOfSections: Int { get }
    var snapshot: DiffableDataSourceSnapshot<Int, Int> { get }
    /// The snapshot the delegate applies from its next move callback (nil once applied).
    var armed: DiffableDataSourceSnapshot<Int, Int>? { get set }
    func apply(_ snapshot: DiffableDataSourceSnapshot<Int, Int>)
    func applyAsync(_ snapshot: DiffableDataSourceSnapshot<Int, Int>) async
    func itemIdentifier(for indexPath: IndexPath) -> Int?
    func numberOfRows(inSection section: Int) -> Int
    /// Lifts a random row: nil when there is none to pick, false when the lift was refused.
    func liftRandomRow(_ rng: inout SplitMix64) -> Bool?
    /// Where the lifted row goes when a callback applies the armed snapshot, and on a plain drop.
    func waitingPoint(_ rng: inout SplitMix64) -> CGPoint
    func droppingPoint(_ rng: inout SplitMix64) -> CGPoint
    func moveTarget(to point: CGPoint)
    func endMovement()
    /// The lifted row's origin and current place, nil when nothing is lifted.
    var moved: (IndexPath, IndexPath)? { get }
    /// The item each cell on screen shows, with its index path.
    func shownItems() -> [(Int?, IndexPath)]
}

extension DiffableLiftHarness: DiffableLiftView {
    var view: ScrollView { table }
    var numberOfSections: Int { table.numberOfSections }
    var snapshot: DiffableDataSourceSnapshot<Int, Int> { dataSource.snapshot() }
    func apply(_ snapshot: DiffableDataSourceSnapshot<Int, Int>) { dataSource.apply(snapshot, completion: nil) }
    func applyAsync(_ snapshot: DiffableDataSourceSnapshot<Int, Int>) async { await dataSource.apply(snapshot) }
    func itemIdentifier(for indexPath: IndexPath) -> Int? { dataSource.itemIdentifier(for: indexPath) }
    func numberOfRows(inSection section: Int) -> Int { table.numberOfRows(inSection: section) }
    func liftRandomRow(_ rng: inout SplitMix64) -> Bool? {
        let current = snapshot
        let sections = (0..<current.numberOfSections).filter { current.numberOfItems(inSection: current.sectionIdentifiers[$0]) > 0 }
        guard let s = sections.randomElement(using: &rng) else { return nil }
        let origin = IndexPath(
            row: Int.random(in: 0..<current.numberOfItems(inSection: current.sectionIdentifiers[s]), using: &rng), section: s)
        return table.beginInteractiveMovementForRow(at: origin)
    }
    func waitingPoint(_ rng: inout SplitMix64) -> CGPoint {
        CGPoint(x: 10, y: table.contentOffset.y + CGFloat.random(in: 40...260, using: &rng))
    }
    func droppingPoint(_ rng: inout SplitMix64) -> CGPoint {
        CGPoint(x: 10, y: table.contentOffset.y + CGFloat.random(in: 0...300, using: &rng))
    }
    func moveTarget(to point: CGPoint) { table.updateInteractiveMovementTargetPosition(point) }
    func endMovement() { table.endInteractiveMovement() }
    var moved: (IndexPath, IndexPath)? { table.indexPathForInteractivelyMovedRow }
    func shownItems() -> [(Int?, IndexPath)] { table.visibleCells.map { (($0 as! LiftCell).item, table.indexPath(for: $0)!) } }
}

extension DiffableCollectionLiftHarness: DiffableLiftView {
    var view: ScrollView { collection }
    var numberOfSections: Int { collection.numberOfSections }
    var snapshot: DiffableDataSourceSnapshot<Int, Int> { dataSource.snapshot() }
    func apply(_ snapshot: DiffableDataSourceSnapshot<Int, Int>) { dataSource.apply(snapshot, completion: nil) }
    func applyAsync(_ snapshot: DiffableDataSourceSnapshot<Int, Int>) async { await dataSource.apply(snapshot) }
    func itemIdentifier(for indexPath: IndexPath) -> Int? { dataSource.itemIdentifier(for: indexPath) }
    func numberOfRows(inSection section: Int) -> Int { collection.numberOfItems(inSection: section) }
    func liftRandomRow(_ rng: inout SplitMix64) -> Bool? {
        guard let origin = collection.indexPathsForVisibleItems.randomElement(using: &rng),
            collection.beginInteractiveMovementForItem(at: origin)
        else {
            collection.contentOffset.y = 0
            return false
        }
        return true
    }
    func waitingPoint(_ rng: inout SplitMix64) -> CGPoint {
        CGPoint(x: CGFloat.random(in: 1...299, using: &rng), y: collection.contentOffset.y + CGFloat.random(in: 40...260, using: &rng))
    }
    func droppingPoint(_ rng: inout SplitMix64) -> CGPoint { waitingPoint(&rng) }
    func moveTarget(to point: CGPoint) { collection.updateInteractiveMovementTargetPosition(point) }
    func endMovement() { collection.endInteractiveMovement() }
    var moved: (IndexPath, IndexPath)? { collection.indexPathForInteractivelyMovedItem }
    func shownItems() -> [(Int?, IndexPath)] {
        collection.engine.cellsOnScreen.entries.map { (($0.cell as! ItemCell).itemID, $0.indexPath) }
    }
}

/// A random edit of a snapshot with fresh items: deletes, inserts, a move, sometimes a new or deleted section.
func editedSnapshot(
    _ snapshot: DiffableDataSourceSnapshot<Int, Int>, rng: inout SplitMix64, nextID: inout Int
) -> DiffableDataSourceSnapshot<Int, Int> {
    var next = snapshot
    let items = next.itemIdentifiers
    for _ in 0..<Int.random(in: 0...3, using: &rng) where !items.isEmpty {
        let item = items.randomElement(using: &rng)!
        if next.indexOfItem(item) != nil { next.deleteItems([item]) }
    }
    for _ in 0..<Int.random(in: 0...3, using: &rng) {
        nextID += 1
        let section = next.sectionIdentifiers.randomElement(using: &rng)!
        let rows = next.itemIdentifiers(inSection: section)
        if let before = rows.randomElement(using: &rng), Bool.random(using: &rng) {
            next.insertItems([nextID], beforeItem: before)
        } else {
            next.appendItems([nextID], toSection: section)
        }
    }
    if next.sectionIdentifiers.count > 1, Int.random(in: 0..<6, using: &rng) == 0 {
        next.deleteSections([next.sectionIdentifiers.randomElement(using: &rng)!])
    }
    return next
}

@MainActor
@Suite struct LiftSessionTests {
    static let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"
    static let onlySeed = ProcessInfo.processInfo.environment["LIFT_SEED"].flatMap(Int.init)

    @Test(arguments: 0..<4)
    func tableSessionsAgainstAnArrayModel(seed: Int) {
        if let only = Self.onlySeed, only != seed { return }
        var figures = LiftSweepFigures()
        let start = DispatchTime.now().uptimeNanoseconds
        for session in 0..<(Self.long ? 160 : 8) {
            var run = TableLiftSession(seed: 0x11F7_0000 &+ UInt64(seed * 1_000 + session))
            run.run(steps: 24)
            figures.add(run.figures)
        }
        if Self.long { printFigures("table", seed, figures, start) }
        #expect(figures.drops > 0)
    }

    @Test(arguments: 0..<3)
    func collectionViewSessionsAgainstAnArrayModel(seed: Int) {
        if let only = Self.onlySeed, only != seed { return }
        var figures = LiftSweepFigures()
        let start = DispatchTime.now().uptimeNanoseconds
        for session in 0..<(Self.long ? 160 : 8) {
            var run = CollectionLiftSession(seed: 0xC0_11F7 &+ UInt64(seed * 1_000 + session))
            run.run(steps: 20)
            figures.add(run.figures)
        }
        if Self.long { printFigures("collection view", seed, figures, start) }
        #expect(figures.drops > 0)
    }

    /// Lifts interleaved with applies: made outside callbacks (sync or async) they cancel the lift;
    /// made from a callback while the row is lifted they wait, run first at the drop, and the drop
    /// follows them. After every step the snapshot and the screen agree.
    @Test(arguments: 0..<2)
    func diffableSessionsKeepTheSnapshotAndTheScreenTogether(seed: Int) async {
        await diffableLiftSessions("diffable table", seed: seed, rngSeed: 0xD1FF_0000 &+ UInt64(seed)) { _ in
            let harness = DiffableLiftHarness()
            for item in 0..<10_000 { harness.heights[item] = Double(10 + item % 7 * 5) }
            return harness
        }
    }

    /// The same on a waterfall: applies outside callbacks cancel the lift; one from a callback waits and the drop follows it.
    @Test(arguments: 0..<2)
    func diffableCollectionSessionsKeepTheSnapshotAndTheScreenTogether(seed: Int) async {
        await diffableLiftSessions("diffable collection view", seed: seed, rngSeed: 0xD1FF_C000 &+ UInt64(seed)) { rng in
            let harness = DiffableCollectionLiftHarness(columns: Int.random(in: 1...3, using: &rng))
            harness.collection.maintainsVisibleContentPosition = Bool.random(using: &rng)
            return harness
        }
    }

    /// Random sessions on one diffable view: each step lifts a row, edits the snapshot, and applies it
    /// outside callbacks (sync or async: the lift is cancelled) or from a callback while lifted (it waits,
    /// and the drop follows it), or just drops; then the snapshot and the screen agree.
    func diffableLiftSessions<Harness: DiffableLiftView>(
        _ name: String, seed: Int, rngSeed: UInt64, makeHarness: (inout SplitMix64) -> Harness
    ) async {
        if let only = Self.onlySeed, only != seed { return }
        var rng = SplitMix64(seed: rngSeed)
        var figures = LiftSweepFigures()
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<(Self.long ? 100 : 5) {
            figures.sessions += 1
            let harness = makeHarness(&rng)
            var nextID = 0
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            for section in 0..<Int.random(in: 1...3, using: &rng) {
                snapshot.appendSections([section])
                let count = Int.random(in: 3...30, using: &rng)
                snapshot.appendItems(Array(nextID..<(nextID + count)), toSection: section)
                nextID += count
            }
            harness.apply(snapshot)
            harness.view.layoutIfNeeded()
            var messages: [String] = []
            harness.view.diagnosticHandler = { messages.append($0) }
            for step in 0..<12 {
                figures.steps += 1
                let context = "seed \(seed) step \(step)"
                let current = harness.snapshot
                guard let lifted = harness.liftRandomRow(&rng) else { break }
                guard lifted else { continue }
                let next = editedSnapshot(current, rng: &rng, nextID: &nextID)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    harness.apply(next)  // cancels the lift
                    #expect(harness.moved == nil, "\(context)")
                case 1:
                    await harness.applyAsync(next)  // cancels it too, when applied
                    #expect(harness.moved == nil, "\(context)")
                case 2:
                    // From a callback while lifted: waits; the drop follows it.
                    harness.armed = next
                    harness.moveTarget(to: harness.waitingPoint(&rng))
                    #expect(harness.armed == nil && harness.numberOfSections == current.numberOfSections, "\(context)")
                    let (from, to) = harness.moved!
                    let expected = expectedDrop(
                        before: current.sectionIdentifiers.map { current.itemIdentifiers(inSection: $0) }, sectionsBefore: current.sectionIdentifiers,
                        after: next.sectionIdentifiers.map { next.itemIdentifiers(inSection: $0) }, sectionsAfter: next.sectionIdentifiers,
                        origin: from, destination: to)
                    let before = messages.count
                    harness.endMovement()
                    figures.waitedCalls += 1
                    figures.callbackCalls += 1
                    let shown = harness.snapshot
                    if let order = expected.order {
                        figures.drops += 1
                        #expect(shown.sectionIdentifiers.map { shown.itemIdentifiers(inSection: $0) } == order, "\(context)")
                        #expect(messages.count == before, "\(context) \(messages.suffix(1))")
                    } else {
                        figures.cancelledDrops += 1
                        #expect(shown.itemIdentifiers == next.itemIdentifiers, "\(context)")
                        #expect(messages.count == before + 1, "\(context)")
                    }
                default:
                    harness.moveTarget(to: harness.droppingPoint(&rng))
                    harness.endMovement()
                    figures.drops += 1
                }
                harness.view.layoutIfNeeded()
                let shown = harness.snapshot
                #expect(harness.moved == nil, "\(context)")
                #expect(harness.numberOfSections == shown.numberOfSections, "\(context)")
                for (index, section) in shown.sectionIdentifiers.enumerated() where index < harness.numberOfSections {
                    #expect(harness.numberOfRows(inSection: index) == shown.numberOfItems(inSection: section), "\(context)")
                }
                for (item, indexPath) in harness.shownItems() {
                    #expect(item == harness.itemIdentifier(for: indexPath), "\(context)")
                }
            }
        }
        if Self.long { printFigures(name, seed, figures, start) }
        #expect(figures.drops > 0)
    }

    func printFigures(_ name: String, _ seed: Int, _ figures: LiftSweepFigures, _ start: UInt64) {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print(
            "lift sweep \(name) seed \(seed): \(figures.sessions) sessions, \(figures.steps) steps, \(figures.drops) drops, "
                + "\(figures.cancelledDrops) drops cancelled, \(figures.waitedCalls) waited calls (\(figures.callbackCalls) made from callbacks), "
                + "\(String(format: "%.1f", seconds)) s")
    }
}
