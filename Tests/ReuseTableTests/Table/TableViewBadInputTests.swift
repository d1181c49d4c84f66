import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Every bad number has one behaviour: reported once through
/// `diagnosticHandler`, naming what was wrong, and replaced by a safe value;
/// nothing NaN or infinite ever reaches the geometry, the offset or `contentSize`.
@MainActor
@Suite struct TableViewBadInputTests {
    func table(rows: Int = 100, _ configure: (TableView) -> Void = { _ in }) -> (TableView, HookedSource, () -> [String]) {
        let source = HookedSource(sections: [Array(repeating: 30, count: rows)])
        var messages: [String] = []
        let table = makeHookedTable(source) { table in
            table.diagnosticHandler = { messages.append($0) }
            configure(table)
        }
        table.reloadData()
        return (table, source, { messages })
    }

    func expectFinite(_ table: TableView, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(table.contentOffset.x.isFinite && table.contentOffset.y.isFinite, sourceLocation: sourceLocation)
        #expect(table.contentSize.height.isFinite && table.contentSize.width.isFinite, sourceLocation: sourceLocation)
        for cell in table.visibleCells {
            #expect(cell.frame.minY.isFinite && cell.frame.height.isFinite && cell.frame.width.isFinite, sourceLocation: sourceLocation)
        }
    }

    @Test func nanAndInfiniteOffsetsAreReportedAndIgnoredOrClamped() {
        let (table, source, messages) = table()
        table.contentOffset.y = 300
        table.contentOffset.y = .nan  // used to trap in a range
        #expect(table.contentOffset.y == 300)
        #expect(messages().count == 1 && messages()[0].contains("invalid contentOffset"))
        table.contentOffset.y = .infinity
        #expect(table.contentOffset.y == table.maximumContentOffsetY)
        table.setContentOffset(CGPoint(x: -CGFloat.infinity, y: -.infinity), animated: false)
        #expect(table.contentOffset == .zero)
        #expect(messages().count == 3)
        expectFinite(table)
        expectScreenConsistent(table, source)
    }

    @Test func badSettingsAreReportedOnceAndReplaced() {
        let (table, _, messages) = table()
        table.estimatedRowHeight = .infinity  // used to make contentSize infinite and show nothing
        #expect(table.estimatedRowHeight == 0)
        table.rowMargin = .nan  // used to make contentSize NaN
        #expect(table.rowMargin == 0)
        table.rowMargin = -5  // used to overlap rows
        #expect(table.rowMargin == 0)
        table.screenScale = .nan  // used to add NaN after the finiteness check
        #expect(table.screenScale == 2)
        table.rowHeight = -3
        #expect(table.rowHeight == 44)
        table.sectionHeaderHeight = .infinity
        #expect(table.sectionHeaderHeight == TableView.automaticDimension)
        table.measurementOverscan = -1
        #expect(table.measurementOverscan == 0)
        #expect(messages().count == 7, "\(messages())")
        #expect(messages()[0] == "invalid estimatedRowHeight: inf. It must be finite and 0 or more; using 0.0.")
        #expect(messages()[1].hasPrefix("invalid rowMargin: nan."))
        #expect(messages()[3].hasPrefix("invalid screenScale: nan."))
        table.rowHeight = TableView.automaticDimension  // allowed
        table.estimatedRowHeight = TableView.automaticDimension  // UIKit's automatic estimate
        #expect(table.estimatedRowHeight == 44)
        #expect(messages().count == 7)
        table.reloadData()
        expectFinite(table)
    }

    @Test func badHeightsFromTheDelegateAreReportedWithTheirIndexPath() {
        let source = HookedSource(sections: [[30, .nan, 30, .infinity, -4, 1e300, 30]])
        var messages: [String] = []
        let table = makeHookedTable(source) { $0.diagnosticHandler = { messages.append($0) } }
        table.reloadData()
        #expect(messages.count == 4)
        #expect(messages[0] == "invalid height of row (section 0, row 1): nan. Heights must be finite and 0 or more; using 0.")
        #expect(messages[3].contains("(section 0, row 5)") && messages[3].contains("larger than"))
        #expect(table.rectForRow(at: IndexPath(row: 5, section: 0)).height == TableView.maximumSlotHeight)
        table.contentOffset.y = 1e13
        expectFinite(table)
    }

    @Test func aSelfSizedHeightBeyondTheMaximumIsReportedNamingTheRowAndCapped() {
        let source = HookedSource(sections: [[30, 30, 30, Double(CGFloat.greatestFiniteMagnitude), 30]])
        source.heights = .selfSizing
        var messages: [String] = []
        let table = makeHookedTable(source) { $0.diagnosticHandler = { messages.append($0) } }
        table.reloadData()
        #expect(table.contentSize.height.isFinite)
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)).height == TableView.maximumSlotHeight)
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.contains("fitting height of row (section 0, row 3) was \(CGFloat.greatestFiniteMagnitude)") == true, "\(messages)")
        #expect(messages.first?.contains("at most \(TableView.maximumSlotHeight)") == true, "\(messages)")
        table.contentOffset.y = table.maximumContentOffsetY
        table.reloadDataWithoutInvalidatingHeightCache()
        #expect(messages.count == 1, "the capped height is cached: \(messages)")
        #expect(table.indexPathHeightCache.storedHeight(at: IndexPath(row: 3, section: 0), width: 320) == TableView.maximumSlotHeight)
        expectFinite(table)
    }

    @Test func aSelfSizedHeightBeyondTheMaximumThroughATemplateCellIsCapped() {
        let feed = ForcedHeightFeed([30, .greatestFiniteMagnitude, 30], throughTemplate: true)
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        table.register(LabelCell.self, forCellReuseIdentifier: LabelFeed.identifier)
        var messages: [String] = []
        table.diagnosticHandler = { messages.append($0) }
        table.dataSource = feed
        table.delegate = feed
        table.reloadData()
        #expect(messages.count == 1 && messages[0].contains("row (section 0, row 1)"), "\(messages)")
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height == TableView.maximumSlotHeight)
        #expect(table.indexPathHeightCache.storedHeight(at: IndexPath(row: 1, section: 0), width: 320) == TableView.maximumSlotHeight)
        #expect(table.contentSize.height.isFinite)
    }

    /// A cell whose constraints ask for a content as tall as the largest finite number.
    final class HugeConstrainedCell: TableViewCell {
        required init(reuseIdentifier: String?) {
            super.init(reuseIdentifier: reuseIdentifier)
            let block = View()
            block.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(block)
            LayoutConstraint.activate([
                block.topAnchor.constraint(equalTo: contentView.topAnchor),
                block.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
                block.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
                block.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
                block.heightAnchor.constraint(equalToConstant: .greatestFiniteMagnitude),
            ])
        }
    }

    @Test func anAutoLayoutCellWhoseConstraintsGiveAHugeHeightIsCapped() {
        final class Source: TableViewDataSource {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                tableView.dequeueReusableCell(withIdentifier: indexPath.row == 1 ? "huge" : "plain", for: indexPath)
            }
        }
        let source = Source()
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        table.register(HugeConstrainedCell.self, forCellReuseIdentifier: "huge")
        table.register(IdentityCell.self, forCellReuseIdentifier: "plain")
        table.rowHeight = TableView.automaticDimension
        var messages: [String] = []
        table.diagnosticHandler = { messages.append($0) }
        table.dataSource = source
        table.reloadData()
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height == TableView.maximumSlotHeight)
        #expect(table.contentSize.height.isFinite)
        #expect(messages.filter { $0.contains("row (section 0, row 1)") }.count == 1, "\(messages)")
        table.contentOffset.y = table.maximumContentOffsetY
        expectFinite(table)
    }

    @Test func badEstimatesFromTheDelegateAreReported() {
        let source = HookedSource(sections: [Array(repeating: 30, count: 50)])
        source.estimate = .nan
        var messages: [String] = []
        let table = makeHookedTable(source) { $0.diagnosticHandler = { messages.append($0) } }
        table.reloadData()
        #expect(messages.first == "invalid estimated height of row (section 0, row 0): nan. Heights must be finite and 0 or more; using 0.")
        table.contentOffset.y = 500
        expectFinite(table)
    }

    @Test func badBoundsAreReportedAndFixedBeforeTheNextPass() {
        let (table, source, messages) = table()
        table.frame = CGRect(x: 0, y: 0, width: CGFloat.nan, height: -20)
        table.layoutIfNeeded()
        #expect(messages().count == 1 && messages()[0].hasPrefix("invalid bounds"))
        #expect(table.bounds.size == .zero)
        table.frame.size = CGSize(width: 320, height: 200)
        table.layoutIfNeeded()
        expectFinite(table)
        expectScreenConsistent(table, source)
    }

    @Test func negativeSectionsAndRowsAreValidationErrorsThatChangeNothing() throws {
        let (table, source, _) = table(rows: 3)
        for (call, expected) in [
            (
                { (t: TableView) in t.deleteSections(IndexSet(integer: -1), with: .none) },
                "Invalid update: attempt to delete section -1: section numbers start at 0."
            ),
            (
                { (t: TableView) in t.reloadSections(IndexSet(integer: -2), with: .none) },
                "Invalid update: attempt to reload section -2: section numbers start at 0."
            ),
            (
                { (t: TableView) in t.insertSections(IndexSet(integer: -1), with: .none) },
                "Invalid update: attempt to insert section -1: section numbers start at 0."
            ),
            (
                { (t: TableView) in t.deleteRows(at: [IndexPath(row: -1, section: 0)], with: .none) },
                "Invalid update: attempt to delete row (section 0, row -1), but section 0 contains only 3 rows before the update."
            ),
        ] {
            #expect(throws: ReuseTableError(expected)) { try table.validateUpdates { call(table) } }
        }
        #expect(table.numberOfRows(inSection: 0) == 3)
        expectScreenConsistent(table, source)
    }
}

/// Estimated heights leave the screen right, whatever the anchoring and clamping did.
@MainActor
@Suite struct TableViewEstimatedScreenTests {
    /// 30 rows of 57.5 with an estimate of 5: `scrollToRow(28, .top)` used to end at 247.5 with
    /// row 28 off screen; the rows above it that share the clamped screen were never measured.
    @Test func scrollToRowNearTheEndLandsOnTheClampedTop() {
        let source = HookedSource(sections: [Array(repeating: 57.5, count: 30)])
        let table = makeHookedTable(source, height: 300) { $0.estimatedRowHeight = 5 }
        table.reloadData()
        source.heightAsked.removeAll()
        table.scrollToRow(at: IndexPath(row: 28, section: 0), at: .top, animated: false)
        // Rows 0–5 were measured at reload, 6–23 are still estimates (18 × 5), and the
        // screen at the clamped offset shows rows 24–29, all measured: 6 × 57.5 + 90 + 6 × 57.5 − 300.
        #expect(table.contentOffset.y == 480)
        #expect(table.contentOffset.y == table.maximumContentOffsetY)
        #expect(source.heightAsked.count == 6, "only the rows that share the screen with row 28: \(source.heightAsked)")
        #expect(table.indexPathsForVisibleRows == (24...29).map { IndexPath(row: $0, section: 0) })
        expectScreenConsistent(table, source)
    }

    /// 3,000 small random estimated tables, every position: the target lands exactly
    /// where asked (or at the clamped edge), and the screen shows no estimate.
    @Test func scrollToRowLandsExactlyInRandomEstimatedTables() {
        var rng = SplitMix64(seed: 0x5C2011)
        for trial in 0..<3000 {
            let rows = (0..<Int.random(in: 1...40, using: &rng)).map { _ in Double(Int.random(in: 1...160, using: &rng)) / 2 }
            let source = HookedSource(sections: [rows], headers: [Double(Int.random(in: 0...30, using: &rng))])
            let table = makeHookedTable(source, height: CGFloat(Int.random(in: 50...400, using: &rng))) {
                $0.estimatedRowHeight = CGFloat(Int.random(in: 1...200, using: &rng))
            }
            table.reloadData()
            table.contentOffset.y = CGFloat(Int.random(in: 0...Int(table.contentSize.height), using: &rng))
            let target = IndexPath(row: Int.random(in: 0..<rows.count, using: &rng), section: 0)
            let position = [TableView.ScrollPosition.top, .middle, .bottom].randomElement(using: &rng)!
            table.scrollToRow(at: target, at: position, animated: false)
            let rect = table.rectForRow(at: target)
            let wanted: CGFloat
            switch position {
            case .top: wanted = rect.minY
            case .middle: wanted = rect.midY - table.bounds.height / 2
            default: wanted = rect.maxY - table.bounds.height
            }
            let clamped = min(max(wanted, 0), table.maximumContentOffsetY)
            #expect(table.contentOffset.y == clamped, "trial \(trial) \(position)")
            expectScreenConsistent(table, source, "trial \(trial)")
        }
    }

    /// Estimate 200, real rows 33, `reloadData` from offset 600 with a measured header on
    /// screen: the anchor is the first row seen (row 2, still an estimate), not the header,
    /// so the offset stays; every row its 200-point estimate left on screen shrinks to 33, and
    /// the rows below must fill the viewport (they used to be shown at their estimate).
    @Test func anchoringOnAShrinkingRowStillFillsTheViewport() {
        let source = HookedSource(sections: [Array(repeating: 33, count: 4), Array(repeating: 33, count: 40)], headers: [20, 20])
        let table = makeHookedTable(source, height: 400) { $0.estimatedRowHeight = 200 }
        table.reloadData()
        table.layoutIfNeeded()  // nothing pending: what the reload's own pass leaves is what is seen
        table.bounds.origin.y = 600  // scrolled there (no pass): section 1's header, measured, is on screen at 820
        table.reloadData()
        #expect(table.contentOffset.y == 600, "the first row seen keeps its top; the header is not the anchor")
        // Read the cells the reload's pass placed without starting another pass.
        let placed = table.engine.cellsOnScreen.entries
        let geometry = table.inspectedGeometry
        for entry in placed {
            #expect(geometry.slot(at: table.slotIndex(forRow: entry.indexPath)).isMeasured, "row \(entry.indexPath) on screen is measured")
            #expect(entry.cell.frame.height == 33, "row \(entry.indexPath) shown at its real height")
        }
        #expect((placed.last?.cell.frame.maxY ?? 0) >= table.contentOffset.y + table.bounds.height, "the viewport is filled")
        expectScreenConsistent(table, source)
    }

    /// The same after random batches in an estimated table.
    @Test func randomBatchesInEstimatedTablesLeaveTheViewportMeasured() {
        var rng = SplitMix64(seed: 0xE57B)
        for _ in 0..<40 {
            let model = BatchModel(mode: .estimated, rng: &rng)
            let table = TableView(frame: CGRect(x: 0, y: 0, width: 300, height: CGFloat(Int.random(in: 40...400, using: &rng))))
            table.register(IdentityCell.self, forCellReuseIdentifier: "row")
            table.dataSource = model
            table.delegate = model
            table.estimatedRowHeight = CGFloat([5, 200].randomElement(using: &rng)!)
            table.reloadData()
            for _ in 0..<20 {
                table.contentOffset.y = CGFloat(Int.random(in: 0...Int(table.contentSize.height) + 20, using: &rng))
                let (calls, _) = model.randomBatch(rng: &rng)
                table.performBatchUpdates({ for call in calls { call(table) } }, completion: nil)
                let geometry = table.inspectedGeometry
                for indexPath in table.indexPathsForVisibleRows ?? [] {
                    #expect(geometry.slot(at: table.slotIndex(forRow: indexPath)).isMeasured)
                }
            }
        }
    }
}
