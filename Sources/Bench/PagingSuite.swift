import Foundation
@_spi(Internals) import ReuseTable
import SeededRandom

/// The `paging` suite: the library's paged data source (`TableViewPagedDataSource`, Docs/paged-data.md)
/// over an in-memory loader of `rows` items, a self-sizing table of 320 × 480. `pagingFirstScreen`:
/// a new source's first pass (placeholders) and its first pages landed; `pagingJump`: a jump's pass,
/// which shows placeholders at once; `pagingJumpToContent`: a jump until its pages have landed;
/// `pagingScrollStep`: one scroll step's pass on the main actor (pages land between samples). The
/// commentary gives the resident items and their memory after a scroll across the list. Registered in
/// `Suites.all`, its names in `Legend`. (The SQLite loader is `Demo db`'s; this target does not link it.)
enum PagingSuite {
    struct Item: Identifiable, Equatable, Sendable {
        var id: Int
        var lines: Int
    }

    /// A loader that answers at once, off the main actor: the cost measured is the source's and the table's.
    static func loader(rows: Int) -> PagedLoader<Item> {
        PagedLoader(initialCount: .exact(rows), count: { .exact(rows) }, load: { range in range.map { Item(id: $0, lines: 1 + $0 % 4) } })
    }

    @MainActor
    static func makeTable(rows: Int) -> (TableView, TableViewPagedDataSource<Item>) {
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = TableView.automaticDimension
        table.estimatedRowHeight = 30
        let source = TableViewPagedDataSource(tableView: table, loader: loader(rows: rows)) { table, indexPath, row in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = row.item.map { String(repeating: "line \($0.id)\n", count: $0.lines) } ?? "…"
            return cell
        }
        table.reloadData()
        return (table, source)
    }

    /// Runs the main actor's jobs until no placeholder is on screen and no load runs (the loads land).
    @MainActor
    static func land(_ table: TableView, _ source: TableViewPagedDataSource<Item>) {
        for _ in 0..<100_000 {
            table.layoutIfNeeded()
            let status = source.status
            if status.placeholdersOnScreen == 0 && status.loadsInFlight == 0 { return }
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.000_1))
        }
    }

    /// Resident items and bytes after the last scroll across the list, for the commentary.
    nonisolated(unsafe) static var residentAfterScroll: (items: Int, bytes: Int)?

    static func suite(quick: Bool) -> BenchSuite {
        let rows = quick ? 100_000 : 1_000_000
        return BenchSuite(
            name: "paging", scales: [rows],
            operations: [
                BenchOperation(name: "pagingFirstScreen", baseline: nil, strategies: [firstScreen]),
                BenchOperation(name: "pagingJump", baseline: nil, strategies: [jump(landing: false)]),
                BenchOperation(name: "pagingJumpToContent", baseline: nil, strategies: [jump(landing: true)]),
                BenchOperation(name: "pagingScrollStep", baseline: nil, strategies: [scrollStep]),
            ],
            commentary: { _ in
                guard let resident = residentAfterScroll else { return [] }
                return [
                    "  paging: after a scroll across the list, \(resident.items) items resident (\(resident.bytes) bytes of items; the bound is 20 pages of 50)"
                ]
            })
    }

    static var firstScreen: BenchStrategy {
        BenchStrategy(name: "Paged") { rows in
            BenchCase(
                step: { _ in
                    MainActor.assumeIsolated {
                        let (table, source) = makeTable(rows: rows)
                        land(table, source)
                        benchSink &+= UInt64(source.status.residentItems)
                    }
                }, maxBatch: 1)
        }
    }

    static func jump(landing: Bool) -> BenchStrategy {
        BenchStrategy(name: "Paged") { rows in
            MainActor.assumeIsolated {
                let (table, source) = makeTable(rows: rows)
                land(table, source)
                var random = SplitMix64(seed: 7)
                return BenchCase(
                    step: { _ in
                        MainActor.assumeIsolated {
                            table.contentOffset.y = CGFloat(random.next() % UInt64(max(1, Int(table.maximumContentOffsetY))))
                            table.layoutIfNeeded()
                            if landing { land(table, source) }
                            benchSink &+= UInt64(source.status.placeholdersOnScreen)
                        }
                    },
                    between: landing ? nil : { MainActor.assumeIsolated { land(table, source) } }, maxBatch: 1)
            }
        }
    }

    static var scrollStep: BenchStrategy {
        BenchStrategy(name: "Paged") { rows in
            MainActor.assumeIsolated {
                let (table, source) = makeTable(rows: rows)
                land(table, source)
                return BenchCase(
                    step: { _ in
                        MainActor.assumeIsolated {
                            if table.contentOffset.y >= table.maximumContentOffsetY - 120 { table.contentOffset.y = 0 }
                            table.contentOffset.y += 120
                            table.layoutIfNeeded()
                        }
                    },
                    between: {
                        MainActor.assumeIsolated {
                            land(table, source)
                            let status = source.status
                            residentAfterScroll = (status.residentItems, status.residentItems * MemoryLayout<Item>.stride)
                        }
                    }, maxBatch: 64)
            }
        }
    }
}
