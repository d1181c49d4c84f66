import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Long random sequences over the whole public table API, with delegates that
/// read the table from every callback and sometimes change it from there, checked
/// after every step against brute force (`expectScreenConsistent`): visible rows
/// exactly those intersecting the viewport, each measured and configured for its
/// row, no cell both pooled and on screen, finite offsets and sizes, and the
/// number of cells ever created bounded.
///
/// `REUSETABLE_LONG=1 swift test --filter TableViewChaosTests` runs 20x more steps.
@MainActor
@Suite struct TableViewChaosTests {
    static let scale = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == nil ? 1 : 20

    @Test(arguments: 0..<4)
    func randomUseNeverBreaksTheScreen(seed: Int) {
        if let only = ProcessInfo.processInfo.environment["CHAOS_SEED"], Int(only) != seed { return }
        var rng = SplitMix64(seed: 0xC4A0_5000 &+ UInt64(seed))
        var steps = 0
        for _ in 0..<(12 * Self.scale) {
            steps += runTable(&rng, steps: 350)
        }
        #expect(steps == 12 * Self.scale * 350)
    }

    /// One table, `steps` random operations; returns the steps run.
    func runTable(_ rng: inout SplitMix64, steps: Int) -> Int {
        let source = HookedSource(sections: [])
        source.heights = [.exact, .fixed, .selfSizing, .automaticFromDelegate].randomElement(using: &rng)!
        regenerate(source, &rng, maxSections: 4)
        var diagnostics: [String] = []
        var armed: HookedSource.Callback?
        var action: ((TableView) -> Void)?
        let style: TableView.Style = Bool.random(using: &rng) ? .plain : .grouped
        let table = makeHookedTable(
            source, width: [200, 320].randomElement(using: &rng)!,
            height: CGFloat(Int.random(in: 50...400, using: &rng)), style: style
        ) { table in
            table.diagnosticHandler = { diagnostics.append($0) }
        }
        configure(table, source, &rng)
        // Insets and a table header and footer: every position below moves by the header's height.
        if Bool.random(using: &rng) {
            table.contentInset = EdgeInsets(
                top: CGFloat(Int.random(in: 0...60, using: &rng)), left: 0,
                bottom: CGFloat(Int.random(in: 0...60, using: &rng)), right: 0)
        }
        var headerHeight: CGFloat = 0
        func setTableHeader(_ rng: inout SplitMix64) {
            headerHeight = [0, 0, 30, 120].randomElement(using: &rng)!
            table.tableHeaderView = headerHeight == 0 ? nil : View(frame: CGRect(x: 0, y: 0, width: 1, height: headerHeight))
            table.tableFooterView = Bool.random(using: &rng) ? nil : View(frame: CGRect(x: 0, y: 0, width: 1, height: 25))
        }
        setTableHeader(&rng)

        // Every callback reads the table; an armed one also runs the action, once.
        var reads = 0
        var mostVisible = 0
        for callback in HookedSource.Callback.allCases {
            source.hooks[callback] = { table, indexPath in
                reads += 1
                let sections = table.numberOfSections
                if indexPath.row >= 0, indexPath.section < sections, indexPath.row < table.numberOfRows(inSection: indexPath.section) {
                    _ = table.rectForRow(at: indexPath)
                } else if indexPath.row >= 0, callback != .didEnd {
                    // `didEndDisplaying` names the old index path, told once the update is applied: it may be gone.
                    source.violations.append("\(callback) for \(indexPath), which the table does not have")
                }
                let cells = table.visibleCells
                mostVisible = max(mostVisible, cells.count)
                if Set(cells.map(ObjectIdentifier.init)).count != cells.count { source.violations.append("a cell listed twice") }
                _ = table.indexPathsForVisibleRows
                if callback == .willDisplay, table.cellForRow(at: indexPath) == nil {
                    source.violations.append("willDisplay: cellForRow(at: \(indexPath)) is nil")
                }
                if armed == callback, let run = action {
                    armed = nil
                    action = nil
                    run(table)
                }
            }
        }

        table.reloadData()
        for step in 0..<steps {
            let heights = source.heights
            let context = "step \(step) \(heights)"
            let op = Int.random(in: 0..<100, using: &rng)
            if ProcessInfo.processInfo.environment["CHAOS_TRACE"] != nil { print("op", op, context, source.sections.map(\.count), armed as Any, ) }
            switch op {
            case 0..<25:  // scroll
                let maxY = Int(table.contentSize.height + table.contentInset.bottom)
                table.contentOffset.y = CGFloat(Int.random(in: (-50 - Int(table.contentInset.top))...(maxY + 50), using: &rng))
            case 25..<29:  // bad offsets
                table.contentOffset.y = [CGFloat.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
                    .randomElement(using: &rng)!
            case 29..<35:  // width changes, laid out now or by the next scroll
                table.frame.size.width = [200, 320, 411].randomElement(using: &rng)!
                if Bool.random(using: &rng) { table.layoutIfNeeded() }
            case 35..<45:  // a batch of every kind of mutation
                let calls = randomBatch(source, &rng)
                table.performBatchUpdates({ for call in calls { call(table) } }, completion: nil)
            case 45..<52:  // one mutation alone
                if let call = randomBatch(source, &rng, single: true).first { call(table) }
            case 52..<57:  // a reload that shrinks or grows
                regenerate(source, &rng, maxSections: 4)
                let quiet = armed == nil  // an armed callback may scroll anywhere (a host's offset is not clamped)
                table.reloadData()
                if quiet {
                    #expect(table.contentOffset.y <= table.maximumContentOffsetY, "a reload leaves the offset in range \(context)")
                }
            case 57..<60:  // settings that apply at the next reload, the height source included
                if Bool.random(using: &rng) {
                    source.heights = [.exact, .fixed, .selfSizing, .automaticFromDelegate].randomElement(using: &rng)!
                    table.rowHeight = source.heights == .selfSizing ? TableView.automaticDimension : 44
                }
                configure(table, source, &rng)
                if Bool.random(using: &rng) { setTableHeader(&rng) }  // applies at once, without a reload
                table.reloadData()
            case 60..<66:  // scrollToRow at every position
                if let indexPath = randomRow(source, &rng) {
                    table.scrollToRow(at: indexPath, at: [.none, .top, .middle, .bottom].randomElement(using: &rng)!, animated: false)
                }
            case 66..<70:  // the article's row(_:changedHeight:), in exact mode where the model can follow
                if heights == .exact, let indexPath = randomRow(source, &rng) {
                    let h = Double(Int.random(in: 0...80, using: &rng))
                    source.sections[indexPath.section][indexPath.row].height = h
                    table.row(indexPath, changedHeight: CGFloat(h))
                }
            case 70..<82:  // arm a change from inside a callback
                armed = HookedSource.Callback.allCases.randomElement(using: &rng)!
                let kind = Int.random(in: 0..<4, using: &rng)
                var local = SplitMix64(seed: rng.next())
                action = { table in
                    switch kind {
                    case 0:  // load more at the end
                        guard let last = source.sections.indices.last else { return }
                        let start = source.sections[last].count
                        source.sections[last] += (0..<3).map { _ in source.makeRow(Double(Int.random(in: 0...60, using: &local))) }
                        table.insertRows(at: (start..<start + 3).map { IndexPath(row: $0, section: last) }, with: .automatic)
                    case 1:  // the data changed: reload
                        regenerate(source, &local, maxSections: 3)
                        table.reloadData()
                    case 2:  // a batch
                        let calls = randomBatch(source, &local)
                        table.performBatchUpdates({ for call in calls { call(table) } }, completion: nil)
                    default:  // scroll somewhere
                        table.contentOffset.y = CGFloat(Int.random(in: 0...2000, using: &local))
                    }
                }
                table.contentOffset.y += 1  // a pass, so the armed callback may run
            case 82..<85:  // new content for rows that size themselves, on screen or not
                if heights == .selfSizing || heights == .automaticFromDelegate {
                    var changed: [IndexPath] = []
                    for _ in 0..<Int.random(in: 1...4, using: &rng) {
                        guard let indexPath = randomRow(source, &rng) else { break }
                        source.sections[indexPath.section][indexPath.row].height = Double(Int.random(in: 1...90, using: &rng))
                        changed.append(indexPath)
                    }
                    table.reconfigureRows(at: changed)
                }
            case 85..<88:  // scrolling up through estimates, headers on screen: rows move by the scroll only
                let delta = CGFloat([7, 60, 200].randomElement(using: &rng)!)
                let quiet = armed == nil
                let from = table.contentOffset.y, wasMax = table.maximumContentOffsetY
                let before = Dictionary(
                    uniqueKeysWithValues: (table.indexPathsForVisibleRows ?? []).map { ($0, table.rectForRow(at: $0).minY - table.contentOffset.y) })
                table.contentOffset.y -= delta
                let y = table.contentOffset.y
                if quiet, y > table.minimumContentOffsetY, y < table.maximumContentOffsetY {
                    // Rows the scroll itself keeps in view (a scroll longer than the viewport brings new rows only).
                    for (indexPath, old) in before where old + delta < table.bounds.height {
                        guard let visible = table.indexPathsForVisibleRows, visible.contains(indexPath) else { continue }
                        let moved = table.rectForRow(at: indexPath).minY - y - old
                        #expect(
                            moved == delta,
                            "row \(indexPath) moved \(moved) for a scroll of \(delta) from \(from) (max \(wasMax)) to \(y) (max \(table.maximumContentOffsetY)) \(context)"
                        )
                    }
                }
            case 88..<90:
                table.layoutIfNeeded()
            default:  // reads from outside
                _ = table.indexPathsForRows(in: CGRect(x: 0, y: table.contentOffset.y, width: 10, height: 100))
                _ = table.indexPathForRow(at: CGPoint(x: 1, y: table.contentOffset.y + 5))
            }
            // Whatever happened, the table settles on a consistent screen.
            expectScreenConsistent(table, source, context)
            if table.numberOfSections > 0 {
                #expect(table.rectForHeader(inSection: 0).minY == headerHeight, "sections start below the table header \(context)")
            }
            if let header = table.tableHeaderView {
                #expect(header.frame == CGRect(x: 0, y: 0, width: table.bounds.width, height: headerHeight), "\(context)")
            }
            if let footer = table.tableFooterView {
                #expect(footer.frame.minY == table.contentSize.height - 25, "the footer ends the content \(context)")
            }
            mostVisible = max(mostVisible, table.visibleCells.count)
            #expect(table.counters.cellsCreated <= 2 * mostVisible + 6, "cells created stay bounded \(context)")
            if !source.violations.isEmpty { return step + 1 }
        }
        #expect(reads > 0)
        #expect(diagnostics.allSatisfy { $0.contains("contentOffset") }, "only the bad offsets were reported: \(diagnostics.prefix(2))")
        return steps
    }

    func configure(_ table: TableView, _ source: HookedSource, _ rng: inout SplitMix64) {
        table.rowMargin = [0, 0, 2].randomElement(using: &rng)!
        table.estimatedRowHeight = Bool.random(using: &rng) ? 0 : [5, 30, 200].randomElement(using: &rng)!
        source.estimate = Int.random(in: 0..<4, using: &rng) == 0 ? Double(Int.random(in: 1...100, using: &rng)) : nil
        if source.heights == .fixed { table.rowHeight = [30, 44, 0].randomElement(using: &rng)! }
    }

    func regenerate(_ source: HookedSource, _ rng: inout SplitMix64, maxSections: Int) {
        let count = Int.random(in: 0...maxSections, using: &rng)
        source.sections = (0..<count).map { _ in
            (0..<Int.random(in: 0...30, using: &rng)).map { _ in source.makeRow(Double(Int.random(in: 0...60, using: &rng))) }
        }
        source.headers = (0..<count).map { _ in Bool.random(using: &rng) ? Double(Int.random(in: 1...25, using: &rng)) : 0 }
        source.footers = (0..<count).map { _ in Bool.random(using: &rng) ? Double(Int.random(in: 1...15, using: &rng)) : 0 }
    }

    func randomRow(_ source: HookedSource, _ rng: inout SplitMix64) -> IndexPath? {
        let all = source.sections.indices.flatMap { s in source.sections[s].indices.map { IndexPath(row: $0, section: s) } }
        return all.randomElement(using: &rng)
    }

    /// Changes the data and returns the matching table calls (old-space deletes and reloads, new-space inserts).
    func randomBatch(_ source: HookedSource, _ rng: inout SplitMix64, single: Bool = false) -> [(TableView) -> Void] {
        var calls: [(TableView) -> Void] = []
        let kind = Int.random(in: 0..<6, using: &rng)
        if kind == 0 || source.sections.isEmpty {  // insert a section
            let at = Int.random(in: 0...source.sections.count, using: &rng)
            source.sections.insert(
                (0..<Int.random(in: 0...8, using: &rng)).map { _ in source.makeRow(Double(Int.random(in: 0...60, using: &rng))) }, at: at)
            source.headers.insert(Double(Int.random(in: 0...20, using: &rng)), at: at)
            source.footers.insert(0, at: at)
            return [{ $0.insertSections(IndexSet(integer: at), with: .automatic) }]
        }
        if kind == 1 {  // delete a section
            let at = Int.random(in: 0..<source.sections.count, using: &rng)
            source.sections.remove(at: at)
            source.headers.remove(at: at)
            source.footers.remove(at: at)
            return [{ $0.deleteSections(IndexSet(integer: at), with: .automatic) }]
        }
        if kind == 2, source.sections.count > 1 {  // move a section
            let from = Int.random(in: 0..<source.sections.count, using: &rng)
            let to = Int.random(in: 0..<source.sections.count, using: &rng)
            let rows = source.sections.remove(at: from), header = source.headers.remove(at: from), footer = source.footers.remove(at: from)
            source.sections.insert(rows, at: to)
            source.headers.insert(header, at: to)
            source.footers.insert(footer, at: to)
            return [{ $0.moveSection(from, toSection: to) }]
        }
        // Rows in one section: deletes and reloads (old space), then inserts (new space), or one move.
        let s = Int.random(in: 0..<source.sections.count, using: &rng)
        let old = source.sections[s]
        if kind == 3, old.count > 1 {
            let from = Int.random(in: 0..<old.count, using: &rng), to = Int.random(in: 0..<old.count, using: &rng)
            let row = source.sections[s].remove(at: from)
            source.sections[s].insert(row, at: to)
            return [{ $0.moveRow(at: IndexPath(row: from, section: s), to: IndexPath(row: to, section: s)) }]
        }
        var deleted: [Int] = [], reloaded: [Int] = []
        for r in old.indices {
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: deleted.append(r)
            case 1 where !single || deleted.isEmpty: reloaded.append(r)
            default: break
            }
        }
        if single { if deleted.isEmpty { deleted = [] } else { reloaded = [] } }
        var rows = old
        for r in reloaded { rows[r] = source.makeRow(Double(Int.random(in: 0...60, using: &rng))) }
        for r in deleted.reversed() { rows.remove(at: r) }
        var inserted: [Int] = []
        if !single || (deleted.isEmpty && reloaded.isEmpty) {
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let at = Int.random(in: 0...rows.count, using: &rng)
                rows.insert(source.makeRow(Double(Int.random(in: 0...60, using: &rng))), at: at)
                inserted = inserted.map { $0 >= at ? $0 + 1 : $0 } + [at]
            }
        }
        source.sections[s] = rows
        let deletedOrder = deleted.shuffled(using: &rng)
        if !deleted.isEmpty { calls.append { $0.deleteRows(at: deletedOrder.map { IndexPath(row: $0, section: s) }, with: .fade) } }
        if !reloaded.isEmpty { calls.append { $0.reloadRows(at: reloaded.map { IndexPath(row: $0, section: s) }, with: .none) } }
        if !inserted.isEmpty { calls.append { $0.insertRows(at: inserted.map { IndexPath(row: $0, section: s) }, with: .automatic) } }
        return calls
    }
}
