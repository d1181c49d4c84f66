import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable

/// The way real apps call a table: delegates that read it and change it from
/// every callback. Each test is a scenario that failed before the
/// layout transaction existed.
@MainActor
@Suite struct TableViewReentrancyTests {
    static func rows(_ n: Int, _ h: Double = 30) -> [Double] { Array(repeating: h, count: n) }

    // MARK: Reads from callbacks

    /// "Is this the last row?" from `heightForRowAt` on the first load used to restart
    /// `reloadData` forever; on later reloads it answered from the old data.
    @Test func countsAndRectsFromHeightForRowAtAnswerFromTheNewData() {
        let source = HookedSource(sections: [Self.rows(5), Self.rows(3)])
        var seen: [String] = []
        source.hooks[.height] = { table, indexPath in
            let last = table.numberOfRows(inSection: indexPath.section) - 1
            seen.append("\(table.numberOfSections)/\(last)")
            _ = table.rectForRow(at: indexPath)
            _ = table.rect(forSection: indexPath.section)
        }
        let table = makeHookedTable(source)
        table.reloadData()
        #expect(seen.count == 8)
        #expect(Set(seen) == ["2/4", "2/2"])
        seen.removeAll()
        source.sections = [Self.rows(7).map { source.makeRow($0) }]
        source.headers = [0]
        source.footers = [0]
        table.reloadData()
        #expect(Set(seen) == ["1/6"], "later reloads answer from the new data, not the old geometry")
        expectScreenConsistent(table, source)
    }

    /// The first load may be started by a query from inside a callback of another table's
    /// data source; a query from `numberOfRows` itself must not recurse either.
    @Test func queriesBeforeTheFirstReloadLoadOnce() {
        let source = HookedSource(sections: [Self.rows(3)])
        var heightCalls = 0
        source.hooks[.height] = { table, _ in
            heightCalls += 1; _ = table.numberOfSections
        }
        let table = makeHookedTable(source)
        #expect(table.numberOfRows(inSection: 0) == 3)
        #expect(heightCalls == 3)
    }

    /// Inside `willDisplay`, the table shows its new state: the cell is visible and findable.
    @Test func willDisplaySeesTheCellAmongTheVisibleCells() {
        let source = HookedSource(sections: [Self.rows(50)])
        var checked = 0
        var table: TableView!
        source.hooks[.willDisplay] = { table, indexPath in
            let cell = table.cellForRow(at: indexPath)
            #expect(cell != nil, "cellForRow(at:) inside willDisplay")
            #expect(table.visibleCells.contains { $0 === cell })
            #expect(table.indexPathsForVisibleRows?.contains(indexPath) == true)
            checked += 1
        }
        table = makeHookedTable(source)
        table.reloadData()
        table.contentOffset.y = 400
        #expect(checked > 10)
        expectScreenConsistent(table, source)
    }

    /// `visibleCells` read from `didEndDisplaying` and `cellForRowAt` never traps or lists a pooled cell.
    @Test func visibleCellsFromEveryCallbackAreConsistent() {
        let source = HookedSource(sections: [Self.rows(80, 25)])
        for callback in [HookedSource.Callback.cell, .didEnd, .willDisplay] {
            source.hooks[callback] = { table, _ in
                let cells = table.visibleCells
                #expect(Set(cells.map(ObjectIdentifier.init)).count == cells.count, "no cell listed twice")
                #expect(cells.allSatisfy { $0.superview === table })
            }
        }
        let table = makeHookedTable(source)
        table.reloadData()
        for y in stride(from: 0, through: 1500, by: 37) { table.contentOffset.y = CGFloat(y) }
        expectScreenConsistent(table, source)
    }

    // MARK: Changes from callbacks

    /// "Load more" from `willDisplay` of the last row: an insert made there used to land
    /// in the middle of the pass and leave two rows showing the same item.
    @Test func insertRowsFromWillDisplayLoadsMore() {
        let source = HookedSource(sections: [Self.rows(10)])
        var loads = 0
        source.hooks[.willDisplay] = { table, indexPath in
            guard indexPath.row == source.sections[0].count - 1, loads < 5 else { return }
            loads += 1
            let start = source.sections[0].count
            source.sections[0] += Self.rows(10).map { source.makeRow($0) }
            table.insertRows(at: (start..<start + 10).map { IndexPath(row: $0, section: 0) }, with: .automatic)
        }
        let table = makeHookedTable(source, height: 300)
        table.reloadData()
        for y in stride(from: 0, through: 2000, by: 90) {
            table.contentOffset.y = CGFloat(y)
            expectScreenConsistent(table, source, "at \(y)")
        }
        #expect(loads == 5)
        #expect(table.numberOfRows(inSection: 0) == 60)
        let ids = table.visibleCells.map { ($0 as! IdentityCell).rowID }
        #expect(Set(ids).count == ids.count, "no two rows show the same item")
    }

    /// A growing reload from `willDisplay` (the other "load more") simply works.
    @Test func growingReloadFromWillDisplay() {
        let source = HookedSource(sections: [Self.rows(8)])
        source.hooks[.willDisplay] = { table, indexPath in
            guard indexPath.row == source.sections[0].count - 1, source.sections[0].count < 40 else { return }
            source.sections[0] += Self.rows(8).map { source.makeRow($0) }
            table.reloadDataWithoutInvalidatingHeightCache()
        }
        let table = makeHookedTable(source, height: 300)
        table.reloadData()
        for y in stride(from: 0, through: 900, by: 60) {
            table.contentOffset.y = CGFloat(y)
            expectScreenConsistent(table, source, "at \(y)")
        }
        #expect(table.numberOfRows(inSection: 0) == 40)
    }

    /// `reloadData` from `cellForRowAt` after the data shrank: the pass stops asking for
    /// rows at once; the old code kept asking for rows that no longer existed.
    @Test func reloadFromCellForRowAtAfterTheDataShrankNeverAsksForMissingRows() {
        let source = HookedSource(sections: [Self.rows(40)])
        var shrunk = false
        source.hooks[.cell] = { table, indexPath in
            guard !shrunk, indexPath.row == 2 else { return }
            shrunk = true
            source.sections[0].removeLast(37)
            table.reloadData()
        }
        let table = makeHookedTable(source, height: 400)
        table.reloadData()
        #expect(shrunk)
        #expect(source.violations.isEmpty, "\(source.violations)")
        #expect(table.numberOfRows(inSection: 0) == 3)
        expectScreenConsistent(table, source)
    }

    /// Reloads from `didEndDisplaying` and from `heightForRowAt` run after the step that called them.
    @Test func reloadFromDidEndDisplayingAndFromHeightForRowAt() {
        for callback in [HookedSource.Callback.didEnd, .height, .header] {
            let source = HookedSource(sections: [Self.rows(60), Self.rows(20)], headers: [10, 10])
            var fired = 0
            source.hooks[callback] = { table, _ in
                guard fired < 3 else { return }
                fired += 1
                source.sections = [Self.rows(5 + fired).map { source.makeRow($0) }]
                source.headers = [5]
                source.footers = [0]
                table.reloadData()
            }
            let table = makeHookedTable(source, height: 300)
            table.reloadData()
            table.contentOffset.y = 600
            #expect(fired > 0, "\(callback)")
            expectScreenConsistent(table, source, "\(callback)")
        }
    }

    /// `scrollToRow` and setting `contentOffset` from `willDisplay` take effect after the pass.
    @Test func scrollingFromWillDisplayRunsAfterThePass() {
        let source = HookedSource(sections: [Self.rows(200)])
        var once = true
        source.hooks[.willDisplay] = { table, _ in
            guard once else { return }
            once = false
            table.scrollToRow(at: IndexPath(row: 150, section: 0), at: .top, animated: false)
            #expect(table.contentOffset.y == 0, "not yet: the pass is still running")
            table.setContentOffset(CGPoint(x: 0, y: 150 * 30 + 15), animated: false)
        }
        let table = makeHookedTable(source)
        table.reloadData()
        let offset = Double(table.contentOffset.y)
        #expect(offset == 4515, "\(offset.bitPattern) \(offset - 4515)")
        expectScreenConsistent(table, source)
    }

    /// A callback that changes the table on every pass never settles: the message names the call and the callback.
    @Test func aLoopingCallbackIsNamedInTheMessage() {
        let message = LayoutTransaction.loopMessage(view: "TableView", call: "reloadData()", origin: "tableView(_:willDisplay:forRowAt:)")
        #expect(message.contains("reloadData() was called from tableView(_:willDisplay:forRowAt:)"))
        #expect(message.contains("after \(LayoutTransaction.maximumDeferredRounds) calls queued from callbacks without the view settling"))
        // The queue remembers the callback each call came from.
        let transaction = LayoutTransaction()
        transaction.begin()
        transaction.callback = "tableView(_:cellForRowAt:)"
        transaction.enqueue("insertRows(at:with:)") {}
        let queued = transaction.dequeue()
        #expect(queued?.name == "insertRows(at:with:)" && "\(queued!.origin)" == "tableView(_:cellForRowAt:)")
    }

    // MARK: Width, offsets, heights

    /// Width 100 → 200, then setting `contentOffset` before `layoutIfNeeded()`: the pass
    /// must check the width first (cells were 200 wide with heights measured at 100).
    @Test func aWidthChangeIsSeenByTheNextPassWhateverTriggersIt() {
        for trigger in 0..<3 {
            let feed = LabelFeed(sections: [Array(0..<40)], sizing: .automaticDimension)
            let table = makeLabelTable(feed, width: 100, height: 300)
            table.frame.size.width = 200
            switch trigger {
            case 0: table.contentOffset.y = 10
            case 1: table.scrollToRow(at: IndexPath(row: 5, section: 0), at: .top, animated: false)
            default: _ = table.visibleCells
            }
            for cell in table.visibleCells {
                let indexPath = table.indexPath(for: cell)!
                #expect(cell.frame.width == 200)
                #expect(
                    Double(cell.frame.height) == feed.expectedHeight(id: feed.id(at: indexPath), tableWidth: 200),
                    "trigger \(trigger) row \(indexPath)")
            }
        }
    }

    /// Scrolled to y = 2000 in 100 rows, a reload with 3 rows used to leave the offset at 2000: a blank screen.
    @Test func aShrinkingReloadClampsTheOffset() {
        let source = HookedSource(sections: [Self.rows(100)])
        let table = makeHookedTable(source)
        table.reloadData()
        table.contentOffset.y = 2000
        source.sections = [Self.rows(3).map { source.makeRow($0) }]
        table.reloadData()
        #expect(table.contentOffset.y == 0)
        #expect(table.visibleCells.count == 3)
        source.sections = [Self.rows(20).map { source.makeRow($0) }]
        table.reloadData()
        table.contentOffset.y = 400
        source.sections = [Self.rows(10).map { source.makeRow($0) }]
        table.reloadData()
        #expect(table.contentOffset.y == 100, "clamped to content 300 − height 200")
        expectScreenConsistent(table, source)
    }

    /// `row(_:changedHeight:)` writes through the height cache: after a width round trip
    /// 100 → 200 → 100 the row keeps its new height instead of returning to the old one.
    @Test func changedHeightSurvivesAWidthRoundTrip() {
        let feed = LabelFeed(sections: [Array(0..<20)], sizing: .automaticDimension)
        let table = makeLabelTable(feed, width: 100, height: 300)
        table.row(IndexPath(row: 1, section: 0), changedHeight: 123)
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 123)
        table.frame.size.width = 200
        table.layoutIfNeeded()
        table.frame.size.width = 100
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 123)
        #expect(
            table.indexPathHeightCache.storedHeight(at: IndexPath(row: 1, section: 0), width: 100) == 123,
            "one height per row and width: the cache agrees with the geometry")
    }

    /// A 10M-row self-sizing table: `scrollToRow` to the last row used to turn 32 cached
    /// heights into 10,000,000 slots (80 MB), and an insert at row 1 then shifted all of them.
    @Test func tenMillionRowSelfSizingTableCachesOnlyTheRowsItMeasured() {
        let rows = 10_000_000
        final class Rows: TableViewDataSource {
            var rows: Int
            var inserted = 0
            init(rows: Int) { self.rows = rows }
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath) as! IdentityCell
                cell.rowID = indexPath.row
                cell.fitting = CGFloat(20 + (indexPath.row < 1 ? indexPath.row : indexPath.row - inserted) % 7)
                return cell
            }
        }
        let data = Rows(rows: rows)
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        table.register(IdentityCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = TableView.automaticDimension
        table.estimatedRowHeight = 30
        table.dataSource = data
        table.reloadData()
        table.scrollToRow(at: IndexPath(row: rows - 1, section: 0), at: .bottom, animated: false)
        let cache = table.indexPathHeightCache
        #expect(cache.cachedCount < 64, "only the rows measured: \(cache.cachedCount)")
        #expect(cache.allocatedBytes < 64 * 1024, "memory follows the rows cached, not the row range: \(cache.allocatedBytes) bytes")
        data.rows += 1
        data.inserted = 1
        table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .none)
        #expect(
            cache.storedHeight(at: IndexPath(row: rows - 1, section: 0), width: 320) == CGFloat(20 + (rows - 2) % 7) + 0.5,
            "every cached row moved down by one")
        #expect(cache.storedHeight(at: IndexPath(row: rows, section: 0), width: 320) == CGFloat(20 + (rows - 1) % 7) + 0.5)
        #expect(cache.allocatedBytes < 64 * 1024)
    }
}

/// Each structural call from each callback ("test each call from each callback"):
/// the call runs once the step that called out is done, with the data it was made for, and
/// the table settles on a consistent screen.
@MainActor
@Suite struct TableViewCallFromCallbackTests {
    typealias Call = (name: String, run: (TableView, HookedSource) -> Void, check: (TableView, HookedSource) -> Void)

    static let calls: [Call] = [
        (
            "reloadData",
            { t, s in
                s.sections[0].removeLast(10); t.reloadData()
            },
            { t, _ in #expect(t.numberOfRows(inSection: 0) == 30) }
        ),
        (
            "reloadDataWithoutInvalidatingHeightCache",
            { t, s in
                s.sections[0] += [s.makeRow(30)]; t.reloadDataWithoutInvalidatingHeightCache()
            },
            { t, _ in #expect(t.numberOfRows(inSection: 0) == 41) }
        ),
        (
            "insertRows",
            { t, s in
                s.sections[0].insert(s.makeRow(15), at: 0); t.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
            },
            { t, _ in #expect(t.rectForRow(at: IndexPath(row: 0, section: 0)).height == 15) }
        ),
        (
            "deleteRows",
            { t, s in
                s.sections[0].remove(at: 0); t.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .none)
            },
            { t, _ in #expect(t.numberOfRows(inSection: 0) == 39) }
        ),
        (
            "reloadRows",
            { t, s in
                s.sections[0][0] = s.makeRow(17); t.reloadRows(at: [IndexPath(row: 0, section: 0)], with: .none)
            },
            { t, _ in #expect(t.rectForRow(at: IndexPath(row: 0, section: 0)).height == 17) }
        ),
        (
            "moveRow",
            { t, s in
                let r = s.sections[0].remove(at: 0); s.sections[1].insert(r, at: 0);
                t.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 0, section: 1))
            },
            { t, _ in #expect(t.numberOfRows(inSection: 1) == 11) }
        ),
        (
            "insertSections",
            { t, s in
                s.sections.insert([s.makeRow(12)], at: 0); s.headers.insert(0, at: 0); s.footers.insert(0, at: 0);
                t.insertSections(IndexSet(integer: 0), with: .none)
            },
            { t, _ in #expect(t.numberOfSections == 3) }
        ),
        (
            "deleteSections",
            { t, s in
                s.sections.remove(at: 1); s.headers.remove(at: 1); s.footers.remove(at: 1); t.deleteSections(IndexSet(integer: 1), with: .none)
            },
            { t, _ in #expect(t.numberOfSections == 1) }
        ),
        (
            "reloadSections",
            { t, s in
                s.sections[1] = [s.makeRow(9)]; t.reloadSections(IndexSet(integer: 1), with: .none)
            },
            { t, _ in #expect(t.numberOfRows(inSection: 1) == 1) }
        ),
        (
            "moveSection",
            { t, s in
                s.sections.swapAt(0, 1); s.headers.swapAt(0, 1); s.footers.swapAt(0, 1); t.moveSection(0, toSection: 1)
            },
            { t, _ in #expect(t.numberOfRows(inSection: 0) == 10) }
        ),
        (
            "performBatchUpdates",
            { t, s in
                t.performBatchUpdates(
                    {
                        s.sections[0].removeFirst(2); t.deleteRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .none)
                    }, completion: nil)
            },
            { t, _ in #expect(t.numberOfRows(inSection: 0) == 38) }
        ),
        (
            "beginUpdates/endUpdates",
            { t, s in
                t.beginUpdates(); s.sections[1].append(s.makeRow(8)); t.insertRows(at: [IndexPath(row: 10, section: 1)], with: .none); t.endUpdates()
            },
            { t, _ in #expect(t.numberOfRows(inSection: 1) == 11) }
        ),
        (
            "scrollToRow", { t, _ in t.scrollToRow(at: IndexPath(row: 5, section: 1), at: .top, animated: false) },
            { t, _ in #expect(t.contentOffset.y == min(t.rectForRow(at: IndexPath(row: 5, section: 1)).minY, t.maximumContentOffsetY)) }
        ),
        (
            "setContentOffset", { t, _ in t.setContentOffset(CGPoint(x: 0, y: 333), animated: false) },
            { t, _ in #expect(t.contentOffset.y == 333) }
        ),
        (
            "row(_:changedHeight:)",
            { t, s in
                s.sections[1][3].height = 77; t.row(IndexPath(row: 3, section: 1), changedHeight: 77)
            },
            { t, _ in #expect(t.rectForRow(at: IndexPath(row: 3, section: 1)).height == 77) }
        ),
        ("setGeometryStore", { t, _ in t.setGeometryStore(.records) }, { t, _ in #expect(t.geometryStore == .records) }),
        (
            "tableHeaderView", { t, _ in t.tableHeaderView = View(frame: CGRect(x: 0, y: 0, width: 1, height: 40)) },
            { t, _ in #expect(t.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 50, "below the header (40) and section header (10)") }
        ),
    ]

    @Test(arguments: HookedSource.Callback.allCases)
    func everyCallFromThisCallback(_ callback: HookedSource.Callback) {
        for call in Self.calls {
            let source = HookedSource(sections: [Array(repeating: 30, count: 40), Array(repeating: 30, count: 10)], headers: [10, 10])
            var fired = false
            var queuedDuringStep = false
            source.hooks[callback] = { table, _ in
                guard !fired else { return }
                fired = true
                call.run(table, source)
                queuedDuringStep = table.transaction.hasDeferredWork
            }
            let table = makeHookedTable(source, height: 300)
            table.reloadData()
            if !fired { table.contentOffset.y = 700 }  // didEndDisplaying needs cells leaving
            #expect(fired, "\(call.name) from \(callback) never fired")
            #expect(queuedDuringStep, "\(call.name) from \(callback) was queued, not run in the middle of the step")
            call.check(table, source)
            #expect(
                table.contentOffset.y <= table.maximumContentOffsetY || call.name == "setContentOffset",
                "\(call.name) from \(callback): no blank screen")
            expectScreenConsistent(table, source, "\(call.name) from \(callback)")
        }
    }
}

/// A queued structural call stops every question of the running step, whichever
/// callback queued it and whatever the step asks next (a cell to measure, an estimate,
/// a header view): the row asked about may be one the queued call removes.
@MainActor
@Suite struct QueuedCallStopsQuestionsTests {

    /// A delegate that reloads a shrunk data set from `heightForRowAt` and then answers
    /// `automaticDimension` must not be asked `cellForRowAt` for a row the reload removes.
    @Test(arguments: [nil, 30.0] as [Double?])
    func shrinkingReloadFromHeightForRowAtThenAutomaticDimension(estimate: Double?) {
        // Exact heights are all asked at reload: only estimates leave rows to measure on a scroll.
        for trigger in ["reload", "scroll", "insert"] where trigger != "scroll" || estimate != nil {
            let source = HookedSource(sections: [Array(repeating: 30, count: 60), Array(repeating: 40, count: 30)], headers: [10, 10])
            source.heights = .automaticFromDelegate
            source.estimate = estimate
            var armed = trigger == "reload"
            var fired = false
            source.hooks[.height] = { table, indexPath in
                guard armed, !fired, indexPath.section == 1 || indexPath.row >= 3 || trigger == "reload" else { return }
                fired = true
                source.sections = [Array(repeating: 25.0, count: 2).map { source.makeRow($0) }]
                source.headers = [10]
                source.footers = [0]
                table.reloadData()
            }
            let table = makeHookedTable(source, height: 300)
            table.reloadData()
            armed = true
            switch trigger {
            case "scroll":
                table.contentOffset.y = 1_000
            case "insert":
                source.sections[1].append(source.makeRow(30))
                table.insertRows(at: [IndexPath(row: source.sections[1].count - 1, section: 1)], with: .none)
                table.contentOffset.y = 2_000
            default:
                break
            }
            #expect(fired, "\(trigger), estimate \(String(describing: estimate)): the hook fired")
            #expect(source.violations.isEmpty, "\(trigger), estimate \(String(describing: estimate)): \(source.violations.prefix(3))")
            #expect(table.numberOfRows(inSection: 0) == 2)
            expectScreenConsistent(table, source, "\(trigger), estimate \(String(describing: estimate))")
        }
    }

    /// Every callback, every height mode, with and without estimates: a shrinking reload
    /// queued from it never leads to a question about a missing row or section.
    @Test(arguments: [HookedSource.Callback.height, .cell, .willDisplay, .didEnd, .header])
    func shrinkingReloadFromEveryCallbackInEveryHeightMode(_ callback: HookedSource.Callback) {
        // Self-sizing through `rowHeight` never calls `heightForRowAt`.
        for heights in [HookedSource.Heights.exact, .selfSizing, .automaticFromDelegate] where callback != .height || heights != .selfSizing {
            for estimate in [nil, 30.0] as [Double?] {
                let context = "\(callback), \(heights), estimate \(String(describing: estimate))"
                let source = HookedSource(
                    sections: [Array(repeating: 30, count: 40), Array(repeating: 50, count: 40), Array(repeating: 20, count: 10)],
                    headers: [10, 12, 14])
                source.heights = heights
                source.estimate = estimate
                var armed = false
                var fired = 0
                source.hooks[callback] = { table, indexPath in
                    guard armed, fired < 2 else { return }
                    fired += 1
                    source.sections = [Array(repeating: 35.0, count: 1 + fired).map { source.makeRow($0) }]
                    source.headers = [8]
                    source.footers = [0]
                    table.reloadData()
                }
                let table = makeHookedTable(source, height: 300)
                table.reloadData()
                armed = true
                for y in [900.0, 2_500, 400, 0] where fired == 0 {
                    table.contentOffset.y = y
                }
                if fired == 0 { table.reloadData() }
                #expect(fired > 0, "\(context): the hook fired")
                #expect(source.violations.isEmpty, "\(context): \(source.violations.prefix(3))")
                expectScreenConsistent(table, source, context)
            }
        }
    }
}
