import Foundation

// The legend printed at the top of the report: one line for every strategy and
// operation name the run's suites use, saying what it is and where it comes
// from. A test checks that every name in `Suites.all` has its line.

enum Legend {
    /// One name's line. `suites` nil: the same meaning wherever the name appears.
    struct Entry {
        var name: String
        var suites: [String]?
        var text: String
    }

    static let strategies: [Entry] = [
        Entry(name: "Step1", suites: ["steps"], text: "the ladder's step 1 (Docs/steps/): the 2013 loop, a record array, binary search"),
        Entry(name: "Step2", suites: ["steps"], text: "step 2: step 1 with sections and sticky headers (one section here)"),
        Entry(name: "Step3", suites: ["steps"], text: "step 3: step 2 with template cells and height caches (heights from the delegate here)"),
        Entry(
            name: "Step4", suites: ["steps"],
            text: "step 4: step 3 with estimated heights (`reloadEstimated`: estimate 40, the viewport measured)"),
        Entry(name: "Step5", suites: ["steps"], text: "step 5: step 4 with the height tree, runs of equal heights in a treap"),
        Entry(name: "Step6", suites: ["steps"], text: "step 6: step 5 with batch updates, checked into one plan and applied to the tree"),
        Entry(
            name: "Step7", suites: ["steps"],
            text: "step 7: step 1's loop as a waterfall, 2 columns; `findRow` is its `findItem(forOffsetY:)`, a search per column"),
        Entry(
            name: "ReuseTable", suites: ["geometry"],
            text: "ours: `SlotTree`, a B+tree of height runs (Geometry/SlotTree.swift); scrollWindow walks it with the finger"),
        Entry(
            name: "ReuseTable-descent", suites: ["geometry"],
            text: "the same tree asked with four root descents a step instead of the finger"),
        Entry(
            name: "RowRecords", suites: ["geometry"],
            text: "the 2013 article (\"Let's Build UITableView\"): a (start, height) record per slot, binary search, O(n) updates"),
        Entry(name: "RowRecords-binary", suites: nil, text: "the article's records searched by binary search (its findRowForOffsetY)"),
        Entry(name: "RowRecords-linear", suites: nil, text: "the article's records searched by a linear scan (the article's first version)"),
        Entry(
            name: "FlatArrays", suites: nil,
            text: "a heights array and a running-offsets array rebuilt from the change point: the usual hand-rolled geometry"),
        Entry(name: "Fenwick", suites: nil, text: "a binary indexed tree over per-row heights (Fenwick 1994): O(log n) find and change, O(n) insert"),
        Entry(
            name: "IndexPathHeightCache", suites: nil,
            text: "ours: measured heights by index path, per width, sparse (Sizing/IndexPathHeightCache.swift)"),
        Entry(
            name: "DictOfDicts", suites: nil,
            text: "\"Caching UITableView row heights\"'s cache: a dictionary of dictionaries with string keys"),
        Entry(name: "NestedBoxedArrays", suites: nil, text: "FDTemplateLayoutCell's cache: nested arrays of boxed heights, one per orientation"),
        Entry(
            name: "ReuseTable", suites: ["table"],
            text: "the real `TableView` (320×480, 10 sections, trivial cells) on its `SlotTree`"),
        Entry(
            name: "RowRecords", suites: ["table"],
            text: "the same `TableView` on the article's records (`setGeometryStore(.records)`)"),
        Entry(
            name: "ArticleTable", suites: nil,
            text: "the 2013 article's whole PGTableView loop: record objects, binary search, pool, place rows (Sources/ArticleTable)"),
        Entry(name: "pool on", suites: nil, text: "the table with its reuse pool (`isReusePoolEnabled = true`)"),
        Entry(name: "pool off", suites: nil, text: "the same table creating a cell for every row that appears"),
        Entry(name: "ReuseTable", suites: ["solver", "chain"], text: "ours: the Cassowary solver (kiwi's algorithm, AutoLayout/Solver/)"),
        Entry(name: "frame", suites: ["selfSizing"], text: "the three-label cell sized by `sizeThatFits` (frame layout)"),
        Entry(name: "ReuseTable", suites: ["selfSizing"], text: "the same cell sized by Auto Layout (`systemLayoutSizeFitting`)"),
        Entry(name: "Pager", suites: nil, text: "`Demo view` on a generated log file (the scale is its size in bytes)"),
        Entry(name: "cat | wc -l", suites: nil, text: "the pipe's own limit on this machine: the same file through `cat` into `wc -l`"),
        Entry(name: "grep -F -c", suites: nil, text: "grep counting the same literal in the same file (exact bytes)"),
        Entry(name: "diffable", suites: nil, text: "`TableViewDiffableDataSource.apply`: the diff, the batch, geometry, cells and layout"),
        Entry(name: "reloadData", suites: nil, text: "the same data swapped behind a plain data source, then `reloadData()`"),
        Entry(name: "deleteInsertAll", suites: nil, text: "one batch deleting every old row and inserting every new one (no identities)"),
        Entry(name: "ReuseTable", suites: ["diffable"], text: "ours: the diff alone (`SnapshotDifference`), no table"),
        Entry(name: "frame", suites: ["feed"], text: "the demo's feed sized by `FeedCell.sizeThatFits`"),
        Entry(
            name: "configured", suites: ["feed"],
            text: "the same design on a content configuration (`ConfiguredFeedCell`), sized by its content view"),
        Entry(name: "AutoLayout", suites: ["feed"], text: "the same design as constraints (`AutoLayoutFeedCell`), sized by Auto Layout"),
        Entry(name: "Watch", suites: ["watch"], text: "`Demo watch`: the scenes recorded (Sources/Watch), the page written to a file"),
        Entry(name: "Paged", suites: ["paging"], text: "`TableViewPagedDataSource` over an in-memory loader, a self-sizing 320 × 480 table"),
        Entry(
            name: "Loaded", suites: ["paging"],
            text: "the same table and cells over every item in memory, no paged source (the scroll step's baseline)"),
        Entry(
            name: "SQLite", suites: ["paging"],
            text: "the same table over `TableLoader` on the sample message database (`Demo db`'s), its key index built before jumps"),
        Entry(
            name: "plain", suites: ["configured"],
            text: "`dequeueReusableCell(withReuseIdentifier:for:)` of a cell with two labels placed by hand"),
        Entry(
            name: "configured", suites: ["configured"],
            text: "`dequeueConfiguredReusableCell(using:for:item:)`: a list cell from a `CellRegistration`, a value-cell content configuration"),
        Entry(name: "sectionSnapshot", suites: ["outline"], text: "`DiffableDataSourceSectionSnapshot` applied to a `TableView` by `apply(_:to:)`"),
        Entry(
            name: "listLayout", suites: ["outline"],
            text: "the same applied to a `CollectionView` with `list(using:)`: registered list cells, self-sized, an outline disclosure each"),
        Entry(
            name: "compositional", suites: ["compositional"],
            text: "`CollectionViewCompositionalLayout`, heights estimated and measured as items show"),
        Entry(name: "FlowLayout", suites: ["compositional"], text: "the same items in one `FlowLayout` column, every height asked up front"),
    ]

    static let operations: [Entry] = [
        Entry(name: "findRow", suites: nil, text: "the row at a random offset"),
        Entry(name: "changeHeight", suites: nil, text: "one row's height changed at a random row"),
        Entry(name: "moveRowBatch", suites: nil, text: "one batch: a row deleted at a random row, a row inserted at another"),
        Entry(name: "appendItem", suites: nil, text: "one item added at the end of a waterfall: only it is placed"),
        Entry(name: "insertRow", suites: nil, text: "one row inserted at a random position"),
        Entry(name: "deleteRow", suites: nil, text: "one row deleted at a random position"),
        Entry(name: "scrollWindow", suites: nil, text: "the geometry half of a scroll step: the slots a 480-pt window shows, 48 pt further"),
        Entry(name: "get", suites: nil, text: "a cached height read at a random index path"),
        Entry(name: "set", suites: nil, text: "a height cached at a random index path"),
        Entry(name: "sparseInsert", suites: nil, text: "a row inserted at row 1 of a huge section with two screens cached"),
        Entry(name: "jumpAndLayout", suites: nil, text: "contentOffset set to a random offset: the visible rows laid out"),
        Entry(name: "scrollStep", suites: nil, text: "contentOffset moved 48 pt (a tenth of the screen) along a path bouncing between the ends"),
        Entry(name: "reloadFixed", suites: nil, text: "reloadData with one fixed row height"),
        Entry(name: "reloadEstimated", suites: nil, text: "reloadData with estimated heights: only the viewport measured"),
        Entry(name: "reloadExact", suites: nil, text: "reloadData asking every row's height; bytes/row is what the table keeps"),
        Entry(name: "enamlBuild", suites: nil, text: "kiwi's enaml-like form (111 constraints) built into a new solver"),
        Entry(
            name: "enamlSuggest", suites: nil, text: "two suggestValue + updateVariables, cycling kiwi's six sizes (every round moves the solution)"),
        Entry(
            name: "enamlSuggestRepeat", suites: nil,
            text: "kiwi's own loop: each of its six sizes repeated; the median of the six medians"),
        Entry(name: "fitFrame", suites: nil, text: "a three-label cell measured by frame layout"),
        Entry(name: "fitAutoLayout", suites: nil, text: "the same cell measured by Auto Layout, one engine kept"),
        Entry(name: "fitAutoLayoutChurn", suites: nil, text: "the same, its constraints activated and deactivated per cell"),
        Entry(name: "chain", suites: nil, text: "a vertical chain of N labels refitted after one label changes"),
        Entry(name: "pagerOpen", suites: nil, text: "open a file and show its first screen"),
        Entry(name: "pagerIndex", suites: nil, text: "index every line start on one thread"),
        Entry(name: "pagerJump", suites: nil, text: "jump to 50% of a fully indexed file and show it"),
        Entry(name: "pagerSearch", suites: nil, text: "search from the top for a string at 99% of the file"),
        Entry(name: "pagerPipe", suites: nil, text: "a file `cat` into `Demo view -`'s standard input, read to a complete index"),
        Entry(name: "pagerFilter", suites: nil, text: "`&pattern` over the file for a literal in about 1% of lines, to the complete filtered list"),
        Entry(name: "applyNoChange", suites: nil, text: "apply a snapshot equal to the current one"),
        Entry(name: "applyOnePercent", suites: nil, text: "apply a snapshot with 1% of its items deleted, inserted, moved or reloaded"),
        Entry(name: "applyReverse", suites: nil, text: "apply a snapshot with every section's items reversed"),
        Entry(name: "applyShuffle", suites: nil, text: "apply a random permutation of all items across sections, section sizes kept"),
        Entry(
            name: "applyDeleteAllInsertAll", suites: nil,
            text: "apply a snapshot of only new items, section sizes kept: every row deleted and inserted (the floor, same bulk path)"),
        Entry(
            name: "applyOnePercentMainActor", suites: nil,
            text: "applyOnePercent's main-actor share as an async apply does it: the difference prepared beforehand, applied here"),
        Entry(name: "diffApplyReverse", suites: nil, text: "the diff alone of applyReverse's snapshots (10^6 items, 10 sections)"),
        Entry(name: "diffApplyShuffle", suites: nil, text: "the diff alone of applyShuffle's snapshots (10^6 items, 10 sections)"),
        Entry(
            name: "diffApplyDeleteAllInsertAll", suites: nil, text: "the diff alone of applyDeleteAllInsertAll's snapshots (10^6 items, 10 sections)"),
        Entry(name: "diffDiffUtil", suites: nil, text: "the diff alone, 1,000 items and 200 changes (DiffUtil's published shape)"),
        Entry(
            name: "diffDifferenceKit", suites: nil,
            text: "the diff alone, 100,000 items: 10,000 deleted, 10,000 inserted, 2,000 shuffled (DifferenceKit's published shape)"),
        Entry(name: "diffReverse", suites: nil, text: "the diff alone, 100,000 items reversed"),
        Entry(name: "feedScreenStep", suites: nil, text: "the demo's 10^6-post feed scrolled one screen, entering rows measured"),
        Entry(name: "watchWrite", suites: nil, text: "the watch page's nine scenes recorded on the real engine and written as one HTML file"),
        Entry(name: "pagingFirstScreen", suites: nil, text: "a new paged source's first pass (placeholders) and its first pages landed"),
        Entry(name: "pagingJump", suites: nil, text: "a jump anywhere in a paged list: the pass that shows its placeholders"),
        Entry(name: "pagingJumpToContent", suites: nil, text: "a jump anywhere in a paged list until its pages have landed"),
        Entry(name: "pagingScrollStep", suites: nil, text: "one 120-point scroll step's pass in a paged list, its pages landing between samples"),
        Entry(name: "pagingFilter", suites: nil, text: "a filter's first screen: the filtered query opened until its first page has landed"),
        Entry(
            name: "pagingResident", suites: nil,
            text: "20 jumps spread across a paged list, each landing and followed by three steps; B/row: its source and resident items"),
        Entry(
            name: "outlineToggle", suites: nil,
            text: "expand or collapse a parent of n/10 children in a tree of n items: snapshot(for:), the change, apply(_:to:), the view"),
        Entry(
            name: "dequeueScreenStep", suites: nil,
            text: "a collection view of n one-line items (80×24, a FlowLayout list) scrolled one screen: 24 cells dequeued, shown and laid out"),
        Entry(name: "outlineFirstApply", suites: nil, text: "apply a tree of n items, every parent expanded, to a fresh table"),
        Entry(name: "outlineIndexOf", suites: nil, text: "`index(of:)` of a random item of the tree"),
        Entry(name: "outlineVisibleIndex", suites: nil, text: "`visibleIndex(of:)`: a random item's row"),
        Entry(name: "outlineVisibleCount", suites: nil, text: "`visibleItemCount` of the tree"),
        Entry(name: "compositionalReload", suites: nil, text: "`reloadData()` and the first layout pass, 10^6 items in 10^4 sections"),
        Entry(name: "compositionalJump", suites: nil, text: "`scrollToItem(at:at:.top)` to a random item, measuring the screen it lands on"),
        Entry(name: "compositionalScrollStep", suites: nil, text: "a tenth of a screen along a bouncing path, measuring what enters"),
        Entry(name: "compositionalMemory", suites: nil, text: "what a reload keeps, per section (bytes/row is per section; the scale is sections)"),
    ]

    /// The line for `name` in `suite`: the suite's own entry first, then the general one.
    static func entry(_ name: String, suite: String, in entries: [Entry]) -> Entry? {
        entries.first { $0.name == name && $0.suites?.contains(suite) == true }
            ?? entries.first { $0.name == name && $0.suites == nil }
    }

    /// The legend for `suites`, one line per name (and suite, where a name means different things).
    static func text(for suites: [BenchSuite]) -> String {
        func lines(_ entries: [Entry], names: (BenchSuite) -> [String]) -> [String] {
            var pairs: [(label: String, text: String)] = []
            for suite in suites {
                for name in names(suite) {
                    guard let entry = entry(name, suite: suite.name, in: entries) else { continue }
                    let label = entry.suites.map { "\(name) (\($0.joined(separator: ", ")))" } ?? name
                    if !pairs.contains(where: { $0.label == label && $0.text == entry.text }) { pairs.append((label, entry.text)) }
                }
            }
            let width = pairs.map(\.label.count).max() ?? 0
            return pairs.map { "  " + $0.label + String(repeating: " ", count: width - $0.label.count) + "  " + $0.text }
        }
        let strategyLines = lines(strategies) { suite in suite.operations.flatMap { $0.strategies.map(\.name) } }
        let operationLines = lines(operations) { suite in suite.operations.map(\.name) }
        guard !strategyLines.isEmpty || !operationLines.isEmpty else { return "" }
        return "== legend ==\nstrategies (what each is, where it comes from):\n" + strategyLines.joined(separator: "\n")
            + "\noperations:\n" + operationLines.joined(separator: "\n") + "\n"
    }

    /// Names in `suites` with no legend line, as "suite: name" (empty when every name has one).
    static func missing(in suites: [BenchSuite]) -> [String] {
        var out: [String] = []
        for suite in suites {
            for operation in suite.operations {
                if entry(operation.name, suite: suite.name, in: operations) == nil { out.append("\(suite.name): \(operation.name)") }
                for strategy in operation.strategies where entry(strategy.name, suite: suite.name, in: strategies) == nil {
                    out.append("\(suite.name): \(strategy.name)")
                }
            }
        }
        return out
    }
}
