import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

// The height caches driven through a real table whose rows self-size from a
// word-wrapping `Label`. The FDTemplateLayoutCell cache bugs each have a
// regression test named after its GitHub issue in forkingdog/UITableView-FDTemplateLayoutCell (fd54_, fd68_, fd193_, fd304_, fd416_);
// FD's per-orientation buckets are covered by the orientationBuckets_ width tests.

/// A cell whose height is its label's wrapped text: 20 points per line, 8 points per character.
final class LabelCell: TableViewCell {
    let label = Label()
    var prepareCount = 0
    /// The widths `sizeThatFits` was asked for, in order.
    var fittedWidths: [CGFloat] = []
    /// When set, `sizeThatFits` answers this height instead of the label's.
    var forcedHeight: CGFloat?

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        label.characterWidth = LabelFeed.characterWidth
        label.lineHeight = LabelFeed.lineHeight
        contentView.addSubview(label)
    }

    override func prepareForReuse() {
        prepareCount += 1
        label.text = ""
        accessoryType = .none
        accessoryView = nil
        forcedHeight = nil
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        fittedWidths.append(size.width)
        if let forcedHeight { return CGSize(width: size.width, height: forcedHeight) }
        return CGSize(width: size.width, height: label.sizeThatFits(CGSize(width: size.width, height: 0)).height)
    }
}

/// A feed of text rows by id: the data source and a delegate that sizes rows through the table's caches.
@MainActor
final class LabelFeed: TableViewDataSource, TableViewDelegate {
    static let characterWidth: CGFloat = 8
    static let lineHeight: CGFloat = 20
    static let identifier = "label"

    /// How `heightForRowAt` answers.
    enum Sizing { case cacheByIndexPath, cacheByKey, uncached, automaticDimension }

    var sections: [[Int]]
    var headers: [Double]
    var sizing: Sizing
    /// Texts edited in place, by id; other ids get their generated text.
    var edits: [Int: String] = [:]
    /// Calls of the configuration closure passed to `heightForCell`.
    var configurationCalls = 0
    /// Ids the configuration closure filled, in order.
    var configuredIDs: [Int] = []

    init(sections: [[Int]], headers: [Double]? = nil, sizing: Sizing = .cacheByIndexPath) {
        self.sections = sections
        self.headers = headers ?? Array(repeating: 0, count: sections.count)
        self.sizing = sizing
    }

    func id(at indexPath: IndexPath) -> Int { sections[indexPath.section][indexPath.row] }
    func text(_ id: Int) -> String { edits[id] ?? LabelFeed.generatedText(id) }
    var allIndexPaths: [IndexPath] {
        sections.indices.flatMap { s in sections[s].indices.map { IndexPath(row: $0, section: s) } }
    }

    /// 0–14 words of 1–9 letters, fixed by the id; every 7th id is empty (fits 0 → 44).
    static func generatedText(_ id: Int) -> String {
        guard id % 7 != 3 else { return "" }
        var rng = SplitMix64(seed: UInt64(truncatingIfNeeded: id) &* 0x9E37)
        return (0..<Int.random(in: 1...14, using: &rng))
            .map { _ in String(repeating: "w", count: Int.random(in: 1...9, using: &rng)) }
            .joined(separator: " ")
    }

    static func accessory(_ id: Int) -> TableViewCell.AccessoryType {
        switch id % 4 {
        case 0: return .disclosureIndicator
        case 1: return .checkmark
        default: return .none
        }
    }

    static func accessoryWidth(_ type: TableViewCell.AccessoryType) -> CGFloat {
        switch type {
        case .none: return 0
        case .disclosureIndicator: return 34
        case .detailDisclosureButton: return 68
        case .checkmark: return 40
        case .detailButton: return 48
        }
    }

    /// The height a row with this content must have at `tableWidth`, computed without the table or the cell.
    func expectedHeight(id: Int, tableWidth: CGFloat, separator: Double = 0.5) -> Double {
        let content = tableWidth - LabelFeed.accessoryWidth(LabelFeed.accessory(id))
        let lines = Label.wrap(text(id), columns: Int((content / LabelFeed.characterWidth).rounded(.down))).count
        let fitted = Double(lines) * Double(LabelFeed.lineHeight)
        return (fitted == 0 ? 44 : fitted) + separator
    }

    func configure(_ cell: TableViewCell, id: Int) {
        let cell = cell as! LabelCell
        cell.label.text = text(id)
        cell.accessoryType = LabelFeed.accessory(id)
    }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: LabelFeed.identifier, for: indexPath)
        configure(cell, id: id(at: indexPath))
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        let id = id(at: indexPath)
        let configuration: (TableViewCell) -> Void = { [unowned self] cell in
            configurationCalls += 1
            configuredIDs.append(id)
            configure(cell, id: id)
        }
        switch sizing {
        case .cacheByIndexPath:
            return tableView.heightForCell(withIdentifier: LabelFeed.identifier, cacheBy: indexPath, configuration: configuration)
        case .cacheByKey:
            return tableView.heightForCell(withIdentifier: LabelFeed.identifier, cacheByKey: id, configuration: configuration)
        case .uncached:
            return tableView.heightForCell(withIdentifier: LabelFeed.identifier, configuration: configuration)
        case .automaticDimension:
            tableView.noteDefault(.rowHeight, of: self)  // "not implemented": rowHeight applies
            return tableView.rowHeight
        }
    }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat { CGFloat(headers[section]) }
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat { 0 }
}

@MainActor
func makeLabelTable(_ feed: LabelFeed, width: CGFloat = 320, height: CGFloat = 400) -> TableView {
    makeTable(feed, cell: LabelCell.self, identifier: LabelFeed.identifier, width: width, height: height) { table in
        if feed.sizing == .automaticDimension { table.rowHeight = TableView.automaticDimension }
    }
}

/// Every row's frame is exactly its content's height at the table's width, and every
/// index-path cache entry (at every cached width) is exactly right for its row's
/// current content or absent — never stale, never left over past the last row.
@MainActor
func expectHeightsExact(
    _ table: TableView, _ feed: LabelFeed, _ context: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let width = table.bounds.width
    #expect(table.numberOfSections == feed.sections.count, sourceLocation: sourceLocation)
    for indexPath in feed.allIndexPaths {
        let id = feed.id(at: indexPath)
        #expect(
            Double(table.rectForRow(at: indexPath).height) == feed.expectedHeight(id: id, tableWidth: width),
            "row \(indexPath) id \(id) \(context)", sourceLocation: sourceLocation)
    }
    let cache = table.indexPathHeightCache
    var found = 0
    for cachedWidth in cache.cachedWidths {
        for indexPath in feed.allIndexPaths {
            guard let cached = cache.storedHeight(at: indexPath, width: cachedWidth) else { continue }
            found += 1
            let id = feed.id(at: indexPath)
            #expect(
                Double(cached) == feed.expectedHeight(id: id, tableWidth: cachedWidth),
                "stale cache at \(indexPath) id \(id) width \(cachedWidth) \(context)", sourceLocation: sourceLocation)
        }
    }
    #expect(found == cache.cachedCount, "entries past the model's rows \(context)", sourceLocation: sourceLocation)
    #expect(cache.checkInvariants().isEmpty, sourceLocation: sourceLocation)
}

@MainActor
@Suite struct HeightCacheIntegrationTests {

    // MARK: Model-based

    /// Random mutations (BatchModel's generator: several sections deleted at once,
    /// non-adjacent and cross-section moves, unsorted index paths, reloads, batches),
    /// in-place edits, width changes and "load more" reloads, through a table whose
    /// delegate sizes rows with `heightForCell(withIdentifier:cacheBy:configuration:)`.
    /// After each step: frames exact, cache exact-or-absent at every width, and the
    /// configuration closure called once per miss — never on a hit.
    @Test func randomMutationsNeverLeaveAStaleCachedHeight() {
        var rng = SplitMix64(seed: 0x5123_0004)
        var steps = 0
        for _ in 0..<30 {
            let model = BatchModel(mode: .exact, rng: &rng)
            let feed = LabelFeed(sections: model.sections.map { $0.map(\.id) }, headers: model.headers)
            let sync = {
                feed.sections = model.sections.map { $0.map(\.id) }; feed.headers = model.headers
            }
            let table = makeLabelTable(feed, width: 320, height: CGFloat(Int.random(in: 60...500, using: &rng)))
            expectHeightsExact(table, feed, "after reload")
            #expect(feed.configurationCalls == table.indexPathHeightCache.misses)
            for _ in 0..<30 {
                table.contentOffset.y = CGFloat(Int.random(in: 0...max(0, Int(table.contentSize.height)), using: &rng))
                let (calls0, misses0) = (feed.configurationCalls, table.indexPathHeightCache.misses)
                let rows = feed.allIndexPaths
                var step = "batch"
                switch Int.random(in: 0..<20, using: &rng) {
                case 0..<2:  // rotate: caches at both widths must survive and follow mutations
                    step = "width"
                    table.frame.size.width = table.bounds.width == 320 ? 400 : 320
                    table.layoutIfNeeded()
                case 2 where !rows.isEmpty:  // content edited in place, reloaded row
                    step = "edit+reloadRows"
                    let indexPath = rows.randomElement(using: &rng)!
                    feed.edits[feed.id(at: indexPath)] = "edited " + String(repeating: "x ", count: Int.random(in: 0...40, using: &rng))
                    table.reloadRows(at: [indexPath], with: .none)
                case 3 where !rows.isEmpty:  // content edited, cache entry invalidated, reload keeping the rest
                    step = "edit+invalidate"
                    let indexPath = rows.randomElement(using: &rng)!
                    feed.edits[feed.id(at: indexPath)] = String(repeating: "yy ", count: Int.random(in: 0...50, using: &rng))
                    table.indexPathHeightCache.invalidateHeight(at: indexPath)
                    table.reloadDataWithoutInvalidatingHeightCache()
                default:
                    let (calls, _) = model.randomBatch(rng: &rng)
                    sync()
                    table.performBatchUpdates({ for call in calls { call(table) } }, completion: nil)
                }
                steps += 1
                expectHeightsExact(table, feed, "after \(step) #\(steps)")
                #expect(
                    feed.configurationCalls - calls0 == table.indexPathHeightCache.misses - misses0,
                    "configuration called exactly once per miss, never on a hit (\(step) #\(steps))")
            }
        }
        #expect(steps == 900)
    }

    // MARK: Widths (FD keeps two orientation buckets, not widths)

    /// FD's index-path cache has a portrait and a landscape bucket; a width change
    /// that is not a rotation (320 → 375, split view) reuses the wrong heights, and
    /// rotating back re-measures nothing only by luck. Here: per width, round trip free.
    @Test func orientationBuckets_widthRoundTripReMeasuresThenHitsAndNeverReusesAnotherWidth() {
        let feed = LabelFeed(sections: [Array(0..<40)])
        let table = makeLabelTable(feed, width: 320, height: 2000)
        expectHeightsExact(table, feed)
        #expect(feed.configurationCalls == 40)
        let at320 = (0..<40).map { table.rectForRow(at: .r($0)).height }

        table.frame.size.width = 480
        table.layoutIfNeeded()
        #expect(feed.configurationCalls == 80, "every row re-measured at the new width")
        expectHeightsExact(table, feed, "at 480")
        let at480 = (0..<40).map { table.rectForRow(at: .r($0)).height }
        #expect(zip(at320, at480).filter { $0 != $1 }.count >= 10, "labels wrap differently")

        table.frame.size.width = 375  // same "orientation" as 320 for FD: must not reuse 320's heights
        table.layoutIfNeeded()
        #expect(feed.configurationCalls == 120)
        expectHeightsExact(table, feed, "at 375")

        let (measurements, cellCalls) = (table.counters.selfSizingMeasurements, table.counters.cellForRowCalls)
        table.frame.size.width = 320
        table.layoutIfNeeded()
        #expect(feed.configurationCalls == 120, "back at 320: all hits, no configuration")
        #expect(table.counters.selfSizingMeasurements == measurements)
        #expect(
            table.counters.cellForRowCalls - cellCalls == table.indexPathsForVisibleRows!.count,
            "cellForRow only for displaying the visible rows")
        #expect((0..<40).map { table.rectForRow(at: .r($0)).height } == at320)
        #expect(table.indexPathHeightCache.cachedWidths == [320, 375, 480])
        expectHeightsExact(table, feed, "back at 320")
    }

    /// The same round trip with `rowHeight = automaticDimension`: rows measured before
    /// at a width are neither dequeued nor measured again for their heights.
    @Test func orientationBuckets_automaticDimensionWidthRoundTripUsesTheCache() {
        let feed = LabelFeed(sections: [Array(0..<30), Array(30..<45)], sizing: .automaticDimension)
        let table = makeLabelTable(feed, width: 320, height: 300)
        expectHeightsExact(table, feed)
        #expect(table.counters.selfSizingMeasurements == 45)
        table.frame.size.width = 480
        table.layoutIfNeeded()
        #expect(table.counters.selfSizingMeasurements == 90)
        expectHeightsExact(table, feed, "at 480")
        let cellCalls = table.counters.cellForRowCalls
        table.frame.size.width = 320
        table.layoutIfNeeded()
        #expect(table.counters.selfSizingMeasurements == 90, "no measurement on the way back")
        #expect(table.counters.cellForRowCalls - cellCalls == table.indexPathsForVisibleRows!.count)
        expectHeightsExact(table, feed, "back at 320")
        #expect(feed.configurationCalls == 0 && table.engine.templateCells.isEmpty, "sized through the data source's cells")
    }

    /// A delegate sizing a single row through a template: the width change must re-measure it
    /// (the reload's probe is the only height question such a table asks).
    @Test func singleTemplateSizedRowReMeasuresOnWidthChange() {
        let feed = LabelFeed(sections: [[5]])
        feed.edits[5] = Array(repeating: "abcd", count: 19).joined(separator: " ")  // 3 lines in 35 columns, 2 in 55
        let table = makeLabelTable(feed, width: 320)
        expectHeightsExact(table, feed)
        table.frame.size.width = 480
        table.layoutIfNeeded()
        #expect(feed.configurationCalls == 2)
        expectHeightsExact(table, feed, "at 480")
    }

    // MARK: FDTemplateLayoutCell's cache bugs, through the table

    /// FD #54: deleting several index paths in one `deleteRows` call removed them from
    /// the cache one by one in the given (ascending) order, so each removal shifted the
    /// next one onto the wrong row (and crashed past the end).
    @Test func fd54_deletingSeveralRowsAtOnceRemovesTheRightHeights() {
        let feed = LabelFeed(sections: [Array(0..<20), Array(100..<110)])
        let table = makeLabelTable(feed, height: 2000)
        let calls = feed.configurationCalls
        let doomed = [IndexPath.r(1), .r(3), .r(4), .r(18), .r(19), .r(2, 1), .r(0, 1)]
        for indexPath in doomed.sorted(by: >) { feed.sections[indexPath.section].remove(at: indexPath.row) }
        table.deleteRows(at: doomed, with: .automatic)  // ascending within sections, unsorted overall
        expectHeightsExact(table, feed)
        #expect(feed.configurationCalls == calls, "survivors keep their cached heights")
    }

    /// FD #68: deleting one row with the cache on gave the following rows the wrong heights.
    @Test func fd68_deletingOneRowShiftsTheFollowingHeights() {
        let feed = LabelFeed(sections: [Array(0..<25)])
        let table = makeLabelTable(feed, height: 2000)
        let calls = feed.configurationCalls
        feed.sections[0].remove(at: 7)
        table.deleteRows(at: [.r(7)], with: .automatic)
        expectHeightsExact(table, feed)
        feed.sections[0].remove(at: feed.sections[0].count - 1)
        table.deleteRows(at: [.r(23)], with: .fade)  // the last row
        expectHeightsExact(table, feed)
        #expect(feed.configurationCalls == calls)
    }

    /// FD #193: rapid `moveRow` calls mixed up row heights (FD exchanges the two
    /// heights — a swap — where a move shifts every row in between).
    @Test func fd193_rapidNonAdjacentMovesKeepEveryHeightWithItsRow() {
        let feed = LabelFeed(sections: [Array(0..<15), Array(50..<60), []])
        let table = makeLabelTable(feed, height: 2000)
        let calls = feed.configurationCalls
        let moves: [(IndexPath, IndexPath)] = [
            (.r(2), .r(11)), (.r(12), .r(0)), (.r(4, 1), .r(0, 2)), (.r(0, 0), .r(9, 1)),
            (.r(0, 2), .r(5)), (.r(8, 1), .r(8, 1)), (.r(14), .r(1, 1)),
        ]
        for (from, to) in moves {  // one call after another, each its own update
            let id = feed.sections[from.section].remove(at: from.row)
            feed.sections[to.section].insert(id, at: to.row)
            table.moveRow(at: from, to: to)
            expectHeightsExact(table, feed, "after moving \(from) to \(to)")
        }
        #expect(feed.configurationCalls == calls, "moved rows carry their heights")
    }

    /// FD #304 (and #306): moving row 5 to the top (row 0) scrambled every cached height
    /// between them.
    @Test func fd304_movingARowToTheTopShiftsTheRowsAbove() {
        let feed = LabelFeed(sections: [Array(0..<12), Array(20..<30)])
        let table = makeLabelTable(feed, height: 2000)
        let calls = feed.configurationCalls
        feed.sections[0].insert(feed.sections[0].remove(at: 5), at: 0)
        table.moveRow(at: .r(5), to: .r(0))
        expectHeightsExact(table, feed)
        feed.sections[0].insert(feed.sections[1].remove(at: 6), at: 0)  // from another section to the top
        table.moveRow(at: .r(6, 1), to: .r(0))
        expectHeightsExact(table, feed)
        #expect(feed.configurationCalls == calls)
    }

    /// FD #416: `deleteSections` with several sections enumerated the index set in
    /// ascending order, removing the wrong sections' heights (same bug as #54, for sections).
    @Test func fd416_deletingSeveralSectionsAtOnceKeepsTheOthersRight() {
        let feed = LabelFeed(sections: (0..<6).map { s in Array((s * 10)..<(s * 10 + 3 + s)) })
        let table = makeLabelTable(feed, height: 2000)
        let calls = feed.configurationCalls
        for s in [4, 2, 0] { feed.sections.remove(at: s); feed.headers.remove(at: s) }
        table.deleteSections(IndexSet([0, 2, 4]), with: .automatic)
        expectHeightsExact(table, feed)
        #expect(feed.configurationCalls == calls)
        // and in a batch, with a move from a higher section across the deleted ones
        table.performBatchUpdates(
            {
                let moved = feed.sections[2].remove(at: 1)
                feed.sections.remove(at: 1); feed.headers.remove(at: 1)
                feed.sections.remove(at: 0); feed.headers.remove(at: 0)
                feed.sections[0].insert(moved, at: 0)
                table.deleteSections(IndexSet([1, 0]), with: .automatic)
                table.moveRow(at: .r(1, 2), to: .r(0, 0))
            }, completion: nil)
        expectHeightsExact(table, feed, "after the batch")
        #expect(feed.configurationCalls == calls)
    }

    /// Inserts at unsorted index paths, several in a section, get fresh heights; nothing shifts wrongly.
    @Test func unsortedInsertsOpenAbsentSlotsAtTheRightRows() {
        let feed = LabelFeed(sections: [Array(0..<10), Array(10..<14)])
        let table = makeLabelTable(feed, height: 2000)
        let calls = feed.configurationCalls
        let inserted = [IndexPath.r(9), .r(0, 1), .r(2), .r(0), .r(5, 1)]
        for indexPath in inserted.sorted() {
            feed.sections[indexPath.section].insert(1000 + indexPath.row * 10 + indexPath.section, at: indexPath.row)
        }
        table.insertRows(at: inserted, with: .automatic)
        expectHeightsExact(table, feed)
        #expect(feed.configurationCalls == calls + inserted.count)
        #expect(Set(feed.configuredIDs.suffix(inserted.count)) == Set(inserted.map { feed.id(at: $0) }))
    }

    // MARK: Reloads

    @Test func reloadDataClearsTheCacheAndReloadWithoutInvalidatingKeepsIt() {
        let feed = LabelFeed(sections: [Array(0..<20)])
        let table = makeLabelTable(feed, height: 2000)
        #expect(feed.configurationCalls == 20 && table.indexPathHeightCache.cachedCount == 20)

        // Load more: append, reload keeping the cache: only the new rows are measured.
        feed.sections[0] += Array(20..<30)
        feed.configuredIDs.removeAll()
        table.reloadDataWithoutInvalidatingHeightCache()
        #expect(feed.configuredIDs == Array(20..<30))
        #expect(table.indexPathHeightCache.cachedCount == 30)
        expectHeightsExact(table, feed)

        table.reloadData()
        #expect(feed.configurationCalls == 60, "reloadData measures every row again")
        expectHeightsExact(table, feed)
    }

    // MARK: Keyed cache

    /// The key follows the model: inserts and moves hit; only new keys are measured.
    @Test func keyedHitsFollowTheModelAcrossInsertsAndMoves() {
        let feed = LabelFeed(sections: [Array(0..<10), Array(10..<20)], sizing: .cacheByKey)
        let table = makeLabelTable(feed, height: 2000)
        #expect(feed.configurationCalls == 20)
        #expect(table.indexPathHeightCache.cachedCount == 0, "the keyed path does not use the index-path cache")
        feed.configuredIDs.removeAll()
        table.performBatchUpdates(
            {
                feed.sections[0].insert(500, at: 0)
                feed.sections[1].insert(501, at: 3)
                table.insertRows(at: [.r(3, 1), .r(0)], with: .automatic)
            }, completion: nil)
        feed.sections[1].insert(feed.sections[0].remove(at: 4), at: 0)
        table.moveRow(at: .r(4), to: .r(0, 1))
        table.reloadData()  // clears the index-path cache only: keys still hit
        #expect(feed.configuredIDs == [500, 501])
        expectHeightsExact(table, feed)
        #expect(table.keyedHeightCache.cachedCount == 22)
    }

    /// `invalidateHeight(forKey:)` after an edit: exactly that key is measured again.
    @Test func keyedInvalidationReMeasuresOnlyThatKey() {
        let feed = LabelFeed(sections: [Array(0..<10)], sizing: .cacheByKey)
        let table = makeLabelTable(feed, height: 2000)
        feed.edits[6] = String(repeating: "long words here ", count: 8)
        feed.configuredIDs.removeAll()
        table.reloadRows(at: [.r(6)], with: .none)
        #expect(feed.configuredIDs.isEmpty, "without invalidation the key hits (the user's job)")
        table.keyedHeightCache.invalidateHeight(forKey: 6)
        table.reloadRows(at: [.r(6)], with: .none)
        #expect(feed.configuredIDs == [6])
        expectHeightsExact(table, feed)
        table.keyedHeightCache.invalidateAll()
        table.reloadData()
        #expect(feed.configuredIDs.count == 11)
    }

    /// With a capacity, the least recently used key is evicted — recency counts hits through the table.
    @Test func keyedCapacityEvictsTheLeastRecentlyUsedThroughTheTable() {
        let feed = LabelFeed(sections: [Array(0..<8)], sizing: .cacheByKey)
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 2000))
        table.keyedHeightCache.capacity = 4
        table.diagnosticHandler = { Issue.record("unexpected diagnostic: \($0)") }
        table.register(LabelCell.self, forCellReuseIdentifier: LabelFeed.identifier)
        table.dataSource = feed
        table.delegate = feed
        table.reloadData()
        #expect(table.keyedHeightCache.entriesByRecency.map { $0.key } == [7, 6, 5, 4])
        // Row 4's key is used again (a hit), then a new row needs room: 5 is now the oldest.
        _ = table.heightForCell(withIdentifier: LabelFeed.identifier, cacheByKey: 4) { _ in Issue.record("hit expected") }
        feed.sections[0].append(8)
        table.insertRows(at: [.r(8)], with: .automatic)
        #expect(table.keyedHeightCache.entriesByRecency.map { $0.key } == [8, 4, 7, 6])
        #expect(table.keyedHeightCache.storedHeight(forKey: 5, width: 320) == nil)
        #expect(table.keyedHeightCache.cachedCount == 4 && table.keyedHeightCache.checkInvariants().isEmpty)
        // Evicted keys are measured again, correctly (a capacity below the row count thrashes: all miss).
        feed.configuredIDs.removeAll()
        table.reloadData()
        #expect(feed.configuredIDs == Array(0...8))
        expectHeightsExact(table, feed)
    }
}

/// Heights an app stores into the table's caches directly: one that is not a usable
/// height is refused with a diagnostic naming the cache, the entry and the value, and
/// the cache keeps what it had, so the rows stay apart.
@MainActor
@Suite struct HeightCacheBadInputTests {
    nonisolated static let badHeights: [CGFloat] = [-10, .nan, .infinity, .greatestFiniteMagnitude]

    func table(_ feed: LabelFeed) -> (TableView, () -> [String]) {
        var messages: [String] = []
        let table = makeLabelTable(feed, height: 200)
        table.diagnosticHandler = { messages.append($0) }
        return (table, { messages })
    }

    func expectRowsApart(_ table: TableView, rows: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(table.contentSize.height.isFinite, sourceLocation: sourceLocation)
        for row in 0..<rows - 1 {
            let above = table.rectForRow(at: IndexPath(row: row, section: 0))
            let below = table.rectForRow(at: IndexPath(row: row + 1, section: 0))
            #expect(above.height >= 0 && above.maxY.isFinite, "row \(row): \(above)", sourceLocation: sourceLocation)
            #expect(below.minY >= above.maxY, "row \(row + 1) at \(below.minY), row \(row) ends at \(above.maxY)", sourceLocation: sourceLocation)
        }
        for cell in table.visibleCells {
            #expect(cell.frame.minY.isFinite && cell.frame.height.isFinite, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: badHeights, [LabelFeed.Sizing.cacheByIndexPath, .automaticDimension])
    func aBadHeightStoredByIndexPathIsRefusedAndRowsStayApart(bad: CGFloat, sizing: LabelFeed.Sizing) {
        let feed = LabelFeed(sections: [Array(1...6)], sizing: sizing)
        let (table, messages) = table(feed)
        let row = IndexPath(row: 2, section: 0)
        let before = table.indexPathHeightCache.storedHeight(at: row, width: 320)
        #expect(before != nil)
        table.indexPathHeightCache.setHeight(bad, at: row, width: 320)
        #expect(messages().count == 1, "\(messages())")
        #expect(
            messages().first?.hasPrefix("IndexPathHeightCache.setHeight(_:at:width:) was given \(bad) for [0, 2] at width 320.0; it must be ")
                == true, "\(messages())")
        #expect(messages().first?.hasSuffix("The cache keeps what it had.") == true, "\(messages())")
        #expect(table.indexPathHeightCache.storedHeight(at: row, width: 320) == before)
        table.reloadDataWithoutInvalidatingHeightCache()
        expectRowsApart(table, rows: 6)
        #expect(messages().count == 1, "\(messages())")
    }

    @Test(arguments: badHeights)
    func aBadHeightStoredByKeyIsRefusedAndRowsStayApart(bad: CGFloat) {
        let feed = LabelFeed(sections: [Array(1...6)], sizing: .cacheByKey)
        let (table, messages) = table(feed)
        let key = feed.id(at: IndexPath(row: 2, section: 0))
        let before = table.keyedHeightCache.storedHeight(forKey: key, width: 320)
        #expect(before != nil)
        table.keyedHeightCache.setHeight(bad, forKey: key, width: 320)
        #expect(messages().count == 1, "\(messages())")
        #expect(
            messages().first?.hasPrefix("KeyedHeightCache.setHeight(_:forKey:width:) was given \(bad) for 3 at width 320.0; it must be ") == true,
            "\(messages())")
        #expect(table.keyedHeightCache.storedHeight(forKey: key, width: 320) == before)
        table.reloadData()
        expectRowsApart(table, rows: 6)
        #expect(messages().count == 1, "\(messages())")
    }

    @Test func aCacheOfItsOwnReportsThroughItsOwnHandler() {
        let cache = IndexPathHeightCache()
        var messages: [String] = []
        cache.diagnosticHandler = { messages.append($0) }
        cache.setHeight(-1, at: IndexPath(row: 0, section: 0), width: 320)
        cache.setHeight(20, at: IndexPath(row: 1, section: 0), width: .nan)
        #expect(cache.cachedCount == 0)
        #expect(
            messages == [
                "IndexPathHeightCache.setHeight(_:at:width:) was given -1.0 for [0, 0] at width 320.0; it must be finite and 0 or more. The cache keeps what it had.",
                "IndexPathHeightCache.setHeight(_:at:width:) was given the width nan for [0, 1]; it must be finite. The cache keeps what it had.",
            ])
        let keyed = KeyedHeightCache()
        keyed.diagnosticHandler = { messages.append($0) }
        keyed.setHeight(1e13, forKey: "a", width: 320)
        #expect(keyed.cachedCount == 0)
        #expect(
            messages.last
                == "KeyedHeightCache.setHeight(_:forKey:width:) was given 10000000000000.0 for a at width 320.0; it must be at most 1000000000000.0. The cache keeps what it had."
        )
    }
}
