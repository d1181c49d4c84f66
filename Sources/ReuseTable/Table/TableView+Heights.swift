import Foundation

// Where heights come from, as in UIKit: a fixed `rowHeight`, the delegate's
// `heightForRowAt`, or self-sizing (`automaticDimension`) by asking a cell
// `sizeThatFits` at the content width. Estimates stand in until a slot is measured.

/// What `reloadData()` decided about how every slot gets its first height.
@MainActor
struct HeightPlan {
    enum Rows {
        /// Every row the same height: one run per section, O(1) per section.
        case uniform(height: Double, isMeasured: Bool)
        /// An exact height per row, asked now.
        case exact
        /// The delegate's estimate per row; measured later.
        case estimatedPerRow
        /// The table had no row to probe at reload; decided at the first inserted row.
        case undecided
    }

    var rows: Rows = .undecided
    /// The probe's answer for the first row, so that row is not asked twice.
    var firstRow: (IndexPath, CGFloat)?
    var headers = Supplementary()
    var footers = Supplementary()

    struct Supplementary {
        var isEstimated = false
        var estimatePerSection = false
    }

    var rowsEstimated: Bool {
        switch rows {
        case .uniform(_, let measured): return !measured
        case .exact, .undecided: return false
        case .estimatedPerRow: return true
        }
    }

    /// Decides the plan, probing the delegate once per height method.
    init() {}

    init(table: TableView, rowCounts: [Int]) {
        let delegate = table.delegate
        if let section = rowCounts.firstIndex(where: { $0 > 0 }) {
            resolveRows(table: table, first: IndexPath(row: 0, section: section))
        }
        if !rowCounts.isEmpty {
            headers.estimatePerSection =
                table.probe(
                    .estimatedHeaderHeight, "tableView(_:estimatedHeightForHeaderInSection:)",
                    {
                        delegate?.tableView(table, estimatedHeightForHeaderInSection: 0)
                    }) != nil
            headers.isEstimated = headers.estimatePerSection || table.estimatedSectionHeaderHeight > 0
            footers.estimatePerSection =
                table.probe(
                    .estimatedFooterHeight, "tableView(_:estimatedHeightForFooterInSection:)",
                    {
                        delegate?.tableView(table, estimatedHeightForFooterInSection: 0)
                    }) != nil
            footers.isEstimated = footers.estimatePerSection || table.estimatedSectionFooterHeight > 0
        }
    }

    /// Decides how rows get their first height by probing the delegate at `first`,
    /// whose answer is kept in `firstRow` so that row is not asked twice.
    mutating func resolveRows(table: TableView, first: IndexPath) {
        let delegate = table.delegate
        let estimate = table.probe(.estimatedRowHeight, "tableView(_:estimatedHeightForRowAt:)") {
            delegate?.tableView(table, estimatedHeightForRowAt: first)
        }
        if let estimate {
            rows = .estimatedPerRow
            firstRow = (first, table.sanitizedHeight(estimate, for: "estimated height of row \(first.tableDescription)"))
        } else if table.estimatedRowHeight > 0 {
            rows = .uniform(height: Double(table.estimatedRowHeight), isMeasured: false)
        } else if let height = table.probe(.rowHeight, "tableView(_:heightForRowAt:)", { delegate?.tableView(table, heightForRowAt: first) }) {
            table.heightCounters.rowHeightQueries += 1
            rows = .exact
            let exact =
                height == TableView.automaticDimension
                ? table.selfSizedRowHeight(at: first, keepCell: false)
                : table.sanitizedHeight(height, for: "height of row \(first.tableDescription)")
            firstRow = exact.map { (first, $0) }
        } else if table.rowHeight == TableView.automaticDimension {
            rows = .exact
        } else {
            rows = .uniform(height: Double(table.sanitizedHeight(table.rowHeight, for: "rowHeight")), isMeasured: true)
        }
    }

    func headerRun(section: Int, table: TableView) -> HeightRun {
        supplementaryRun(.header, section: section, plan: headers, table: table)
    }

    func footerRun(section: Int, table: TableView) -> HeightRun {
        supplementaryRun(.footer, section: section, plan: footers, table: table)
    }

    private func supplementaryRun(_ kind: SlotKind, section: Int, plan: Supplementary, table: TableView) -> HeightRun {
        guard plan.isEstimated else {
            guard let height = table.supplementaryHeight(kind, section: section) else {
                return HeightRun(count: 1, height: 0, kind: kind, isMeasured: false)  // not asked: a structural call is queued
            }
            return HeightRun(count: 1, height: Double(height), kind: kind)
        }
        var estimate = kind == .header ? table.estimatedSectionHeaderHeight : table.estimatedSectionFooterHeight
        if plan.estimatePerSection, let delegate = table.delegate {
            let asked =
                kind == .header
                ? table.ask("tableView(_:estimatedHeightForHeaderInSection:)") {
                    delegate.tableView(table, estimatedHeightForHeaderInSection: section)
                }
                : table.ask("tableView(_:estimatedHeightForFooterInSection:)") {
                    delegate.tableView(table, estimatedHeightForFooterInSection: section)
                }
            estimate = asked ?? estimate
        }
        let name = kind == .header ? "header" : "footer"
        return HeightRun(
            count: 1, height: Double(table.sanitizedHeight(estimate, for: "estimated \(name) height of section \(section)")),
            kind: kind, isMeasured: false)
    }

    /// The run starting at `row` of `section`, or nil past the last row.
    /// The plan must be resolved (not `.undecided`).
    func rowRun(section: Int, row: Int, count: Int, margin: Double, table: TableView) -> HeightRun? {
        guard row < count else { return nil }
        let indexPath = IndexPath(row: row, section: section)
        switch rows {
        case .uniform(let height, let measured):
            return HeightRun(count: count - row, height: height + margin, isMeasured: measured)
        case .exact:
            guard
                let height = firstRow.flatMap({ $0.0 == indexPath ? $0.1 : nil })
                    ?? table.exactRowHeight(at: indexPath, keepCell: false)
            else {
                // Not asked: a structural call is queued. The next pass measures what is left.
                table.engine.pass.requests.insert(.measureEverything)
                return table.placeholderRowRun(count: 1)
            }
            return HeightRun(count: 1, height: Double(height) + margin)
        case .undecided:
            preconditionFailure("ReuseTable: the height plan must be resolved before rows get heights")
        case .estimatedPerRow:
            let estimate =
                firstRow.flatMap { $0.0 == indexPath ? $0.1 : nil }
                ?? table.sanitizedHeight(
                    table.delegate.flatMap { delegate in
                        table.ask("tableView(_:estimatedHeightForRowAt:)") { delegate.tableView(table, estimatedHeightForRowAt: indexPath) }
                    } ?? table.estimatedRowHeight,
                    for: "estimated height of row \(indexPath.tableDescription)")
            return HeightRun(count: 1, height: Double(estimate) + margin, isMeasured: false)
        }
    }
}

extension TableView {
    /// Calls a delegate height method, `name`, and returns its answer, or nil when the delegate
    /// does not implement it (its default reported itself, `noteDefault(_:of:)`). Asked afresh each
    /// time the table decides how rows and sections get heights.
    func probe(_ method: DefaultedDelegateMethods, _ name: StaticString, _ call: () -> CGFloat?) -> CGFloat? {
        engine.defaultedMethods.remove(method)
        guard let value = calling(name, call), !engine.defaultedMethods.contains(method) else { return nil }
        return value
    }

    /// The exact height of a row (without `rowMargin`): the delegate's, `rowHeight`, or self-sized;
    /// nil when not asked (a structural call is queued, see `ask(_:_:)`), also when the delegate
    /// queued one and then answered `automaticDimension`.
    /// `keepCell` keeps a cell configured for measuring so the same layout pass can display it.
    func exactRowHeight(at indexPath: IndexPath, keepCell: Bool) -> CGFloat? {
        var height = rowHeight
        if let delegate {
            guard let asked = ask("tableView(_:heightForRowAt:)", { delegate.tableView(self, heightForRowAt: indexPath) }) else { return nil }
            height = asked
        }
        heightCounters.rowHeightQueries += 1
        if height == TableView.automaticDimension {
            return selfSizedRowHeight(at: indexPath, keepCell: keepCell)
        }
        return sanitizedHeight(height, for: "height of row \(indexPath.tableDescription)")
    }

    /// Self-sizing: the cell the data source configures for the row, measured at the content width.
    /// The index-path cache (per width) answers rows measured before; nil when the cell was not asked.
    func selfSizedRowHeight(at indexPath: IndexPath, keepCell: Bool) -> CGFloat? {
        usesSelfSizing = true
        let width = bounds.width
        if let cached = indexPathHeightCache.height(at: indexPath, width: width) { return cached }
        guard let cell = cellFromDataSource(at: indexPath) else { return nil }
        let height = fittingHeight(of: cell, tableWidth: width, describing: "row \(indexPath.tableDescription)")
        heightLog("computed \(height) for self-sized row \(indexPath.tableDescription) at width \(width)")
        indexPathHeightCache.setHeight(height, at: indexPath, width: width)
        if keepCell {
            keepCellFromMeasuring(cell, at: indexPath)
        } else {
            recycle(cell)
        }
        return height
    }

    /// FDTemplateLayoutCell's path at the content width (the cell's width — the table's, less the
    /// `.insetGrouped` insets — minus the accessory):
    /// a contentView with constraints (and `enforceFrameLayout == false`) is fitted by
    /// Auto Layout with a required width fence and compressed height
    /// (`templateFittingHeight(width:diagnostics:)`); otherwise `sizeThatFits`.
    /// 0 falls back to 44 as in UIKit; a separator adds one pixel. The debug log names the path.
    /// A NaN, infinite or negative fitting height is reported and taken as 0, one above
    /// `maximumSlotHeight` is reported and taken as that (`GeometryNumber`).
    func fittingHeight(of cell: TableViewCell, tableWidth: CGFloat, describing what: @autoclosure () -> String) -> CGFloat {
        let cellWidth = self.cellWidth(forTableWidth: tableWidth)
        let contentWidth = max(0, cellWidth - cell.accessoryWidth)
        cell.frame.size.width = cellWidth
        cell.separatorHeight = separatorHeight
        let start = DispatchTime.now().uptimeNanoseconds
        let fitted = measuredHeight(of: cell, contentWidth: contentWidth, describing: what())
        heightCounters.selfSizingNanoseconds &+= DispatchTime.now().uptimeNanoseconds - start
        let checked = GeometryNumber.sanitize(
            fitted, as: .length, for: "the fitting height of \(what())", wording: .statement(verb: "was"), report: report)
        // A replaced height (0, or the maximum) is used as it is: it neither becomes 44 nor gets the separator.
        guard checked == fitted else { return checked }
        return (fitted == 0 ? 44 : fitted) + separatorHeight
    }

    /// A header or footer view's fitting height at `width`: by Auto Layout when it (or a
    /// `TableViewHeaderFooterView`'s contentView) has constraints, else `sizeThatFits`.
    func supplementaryFittingHeight(of view: View, width: CGFloat) -> CGFloat {
        let root = (view as? TableViewHeaderFooterView)?.contentView ?? view
        if let constrained = root.templateFittingHeight(width: width, diagnostics: diagnosticHandler) {
            heightLog("measured a header/footer view by Auto Layout at width \(width): \(constrained)")
            return constrained
        }
        return view.sizeThatFits(CGSize(width: width, height: 0)).height
    }

    /// Exact height of a header or footer: the delegate's or the table's value;
    /// `automaticDimension` means the view's fitting height, or 0 without a view.
    /// Nil when not asked (a structural call is queued, see `ask(_:_:)`).
    func supplementaryHeight(_ kind: SlotKind, section: Int) -> CGFloat? {
        let name = kind == .header ? "header" : "footer"
        var height = kind == .header ? sectionHeaderHeight : sectionFooterHeight
        if let delegate {
            let asked =
                kind == .header
                ? ask("tableView(_:heightForHeaderInSection:)") { delegate.tableView(self, heightForHeaderInSection: section) }
                : ask("tableView(_:heightForFooterInSection:)") { delegate.tableView(self, heightForFooterInSection: section) }
            guard let asked else { return nil }
            height = asked
        }
        guard height == TableView.automaticDimension else {
            return sanitizedHeight(height, for: "\(name) height of section \(section)")
        }
        usesSelfSizing = true  // a fitting height: a width change must measure it again
        guard !transaction.hasDeferredWork else { return nil }  // the view would not be asked
        guard let view = supplementaryView(for: SupplementaryKey(kind: kind, section: section)) else { return 0 }
        let fitted = supplementaryFittingHeight(of: view, width: bounds.width)
        // A view on screen stays; one made only to be measured goes back to its pool.
        if visibleSupplementaryViews[SupplementaryKey(kind: kind, section: section)] !== view { recycleSupplementary(view) }
        return sanitizedHeight(fitted, for: "fitting height of the \(name) view of section \(section)")
    }

    /// Measures one slot whose height is an estimate and stores the exact height.
    /// Returns false when the height was not asked (a structural call is queued: the slot keeps its estimate).
    @discardableResult
    func measureSlot(_ slot: Slot, section: Int, row: Int, keepCell: Bool) -> Bool {
        let measured: CGFloat?
        switch slot.kind {
        case .row:
            measured = exactRowHeight(at: IndexPath(row: row, section: section), keepCell: keepCell).map { $0 + appliedRowMargin }
        case .header, .footer:
            measured = supplementaryHeight(slot.kind, section: section)
        }
        guard let measured else { return false }
        let height = Double(measured)
        if !slot.isMeasured { estimateStatistics.record(estimate: slot.height, measured: height) }
        geometry.setHeight(height, at: slot.index, isMeasured: true)
        recorder?.measured(slot, height: height, section: section, row: row, in: self)
        return true
    }

    /// The row a row slot of `section` shows: its distance past the section's header (the one
    /// slot-to-row formula of the table).
    /// - Complexity: that of `headerIndex(ofSection:)`.
    func row(ofSlot index: Int, inSection section: Int) -> Int {
        index - geometry.headerIndex(ofSection: section) - 1
    }

    /// Measures the slot at `index` (any kind) if it still holds an estimate.
    /// `keepCell` keeps a self-sizing row's configured cell for display in this layout pass.
    /// Returns false when a structural call is queued: nothing more is asked (the slot keeps its estimate).
    @discardableResult
    func measureSlot(at index: Int, keepCell: Bool = false) -> Bool {
        let slot = geometry.slot(at: index)
        guard !slot.isMeasured else { return !transaction.hasDeferredWork }
        let section = geometry.section(containing: index)
        return measureSlot(slot, section: section, row: row(ofSlot: index, inSection: section), keepCell: keepCell)
    }
}

extension TableView {
    /// The first heights of every slot, section by section, as a lazy stream of runs: 10M exact
    /// heights flow into the store without an intermediate array (step 1 of the loop,
    /// `rebuildGeometry(counts:)`). Once a callback queued a structural call, the rest become
    /// placeholders: nothing more is asked.
    /// - Complexity: O(sections + rows asked).
    func heightRuns(counts: [Int], plan: HeightPlan) -> ChunkedHeightRuns {
        let margin = Double(appliedRowMargin)
        var section = 0, phase = 0, row = 0
        return ChunkedHeightRuns { [self] runs in
            // The position in locals for the chunk: the captured variables are boxed, and each
            // access of one was checked for exclusivity.
            var (section0, phase0, row0) = (section, phase, row)
            defer { (section, phase, row) = (section0, phase0, row0) }
            while section0 < counts.count, runs.count < ChunkedHeightRuns.chunk {
                let stop = transaction.hasDeferredWork
                switch phase0 {
                case 0:
                    phase0 = 1
                    runs.append(
                        stop
                            ? HeightRun(count: 1, height: 0, kind: .header, isMeasured: false)
                            : plan.headerRun(section: section0, table: self))
                case 1:
                    if row0 < counts[section0], stop {
                        measureEverythingAtNextPass()
                        runs.append(placeholderRowRun(count: counts[section0] - row0))
                        row0 = counts[section0]
                        continue
                    }
                    if let run = plan.rowRun(section: section0, row: row0, count: counts[section0], margin: margin, table: self) {
                        row0 += run.count
                        runs.append(run)
                        continue
                    }
                    phase0 = 2
                default:
                    section0 += 1
                    phase0 = 0
                    row0 = 0
                    runs.append(
                        stop
                            ? HeightRun(count: 1, height: 0, kind: .footer, isMeasured: false)
                            : plan.footerRun(section: section0 - 1, table: self))
                }
            }
        }
    }

    /// The new structure with every height a placeholder: O(sections).
    func placeholderRuns(counts: [Int]) -> [HeightRun] {
        let rowHeight = placeholderRowRun(count: 1).height  // the table's properties read once, not per section
        var runs: [HeightRun] = []
        runs.reserveCapacity(counts.count * 3)
        for count in counts {
            runs.append(HeightRun(count: 1, height: 0, kind: .header, isMeasured: false))
            if count > 0 { runs.append(HeightRun(count: count, height: rowHeight, isMeasured: false)) }
            runs.append(HeightRun(count: 1, height: 0, kind: .footer, isMeasured: false))
        }
        return runs
    }

    /// Rows whose height is not known yet: the estimate, or `rowHeight`, or 44.
    func placeholderRowRun(count: Int) -> HeightRun {
        let guess = estimatedRowHeight > 0 ? estimatedRowHeight : (rowHeight >= 0 ? rowHeight : 44)
        return HeightRun(count: count, height: Double(guess + appliedRowMargin), isMeasured: false)
    }

}

/// The runs of a reload's heights, made a chunk at a time by `fill` (which appends the next runs,
/// none when all are made) as the geometry is built from them: one call into the table per chunk,
/// where an iterator of single runs crossed into the main actor (an executor check) for each.
struct ChunkedHeightRuns: Sequence, IteratorProtocol {
    /// The most runs one call of `fill` appends (it may stop sooner).
    static let chunk = 256
    let fill: (inout [HeightRun]) -> Void
    private var buffer: [HeightRun] = []
    private var index = 0

    init(fill: @escaping (inout [HeightRun]) -> Void) { self.fill = fill }

    mutating func next() -> HeightRun? {
        if index == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            index = 0
            fill(&buffer)
            guard !buffer.isEmpty else { return nil }
        }
        index += 1
        return buffer[index - 1]
    }
}

// One row's new height, told by the app (the article's `row:changedHeight:`).
extension TableView {
    /// Tells the table one row's new height without asking the delegate about any other row
    /// (the 2013 article's `row:changedHeight:`).
    ///
    /// Visible cells move and `contentSize` follows. If the row is above the
    /// first visible row, the offset moves by the same amount so nothing on
    /// screen jumps. The index-path height cache is written through at this
    /// width, so a width round trip comes back to the new height. A NaN,
    /// infinite or negative height is reported and taken as 0.
    /// - Complexity: O(log n + visible rows).
    public func row(_ indexPath: IndexPath, changedHeight height: CGFloat) {
        if deferIfBusy("row(_:changedHeight:)", { [self] in row(indexPath, changedHeight: height) }) { return }
        loadIfNeeded()
        do { try validateIndexPath(indexPath) } catch { ReuseTableError.trap(error, in: "row(_:changedHeight:)") }
        let clean = sanitizedHeight(height, for: "height of row \(indexPath.tableDescription)")
        performTransaction {
            setHeights([(indexPath, clean)])
            runLayoutPass()
        }
    }

    /// Stores new exact heights of rows (without `rowMargin`, already checked), keeping
    /// the anchor still on screen, inside the running step: `row(_:changedHeight:)` and
    /// the re-measuring of reconfigured rows.
    /// - Complexity: O(k log n) for k rows.
    func setHeights(_ changes: [(IndexPath, CGFloat)]) {
        recordBeforeChange { nil }  // whether the table follows the end: at the end before, at the end after
        let anchor = currentAnchor()
        for (indexPath, height) in changes {
            let index = slotIndex(forRow: indexPath)
            geometry.setHeight(Double(height) + Double(appliedRowMargin), at: index, isMeasured: true)
            // Write through: a height cached for this row at this width is this height now,
            // so a width round trip comes back to it (not to the height measured before).
            if usesSelfSizing || indexPathHeightCache.storedHeight(at: indexPath, width: bounds.width) != nil {
                indexPathHeightCache.setHeight(height, at: indexPath, width: bounds.width)
            }
        }
        if let anchor, changes.contains(where: { slotIndex(forRow: $0.0) < anchor.slotIndex }) {
            restoreAnchor(slotIndex: anchor.slotIndex, screenY: anchor.screenY)
        }
        clampOffsetToContent()
    }
}
