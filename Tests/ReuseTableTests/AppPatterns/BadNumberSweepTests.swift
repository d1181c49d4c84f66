import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Every public number that becomes geometry, given every kind of bad value: whatever
/// is reported, nothing on screen or in `contentSize` is NaN or infinite, and no row
/// or item overlaps the next one.
@MainActor
@Suite struct BadNumberSweepTests {
    nonisolated static let badValues: [CGFloat] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, -1]

    // MARK: Table

    /// A public number of the table, set to `value` on a loaded table (or on its data before the reload).
    struct TableInput: CustomStringConvertible, Sendable {
        var description: String
        /// Sets the number before the first reload (data source and settings).
        var beforeReload: @MainActor @Sendable (TableView, HookedSource, CGFloat) -> Void = { _, _, _ in }
        /// Sets the number on the loaded table.
        var afterReload: @MainActor @Sendable (TableView, HookedSource, CGFloat) -> Void = { _, _, _ in }
    }

    nonisolated static let tableInputs: [TableInput] = [
        TableInput(
            description: "rowHeight",
            beforeReload: { t, s, v in
                s.heights = .fixed; t.rowHeight = v
            }),
        TableInput(description: "estimatedRowHeight", beforeReload: { t, _, v in t.estimatedRowHeight = v }),
        TableInput(description: "rowMargin", beforeReload: { t, _, v in t.rowMargin = v }),
        TableInput(
            description: "sectionHeaderHeight",
            beforeReload: { t, _, v in
                t.delegate = nil; t.sectionHeaderHeight = v
            }),
        TableInput(
            description: "sectionFooterHeight",
            beforeReload: { t, _, v in
                t.delegate = nil; t.sectionFooterHeight = v
            }),
        TableInput(description: "estimatedSectionHeaderHeight", beforeReload: { t, _, v in t.estimatedSectionHeaderHeight = v }),
        TableInput(description: "estimatedSectionFooterHeight", beforeReload: { t, _, v in t.estimatedSectionFooterHeight = v }),
        TableInput(
            description: "screenScale",
            beforeReload: { t, s, v in
                s.heights = .selfSizing; t.rowHeight = TableView.automaticDimension; t.screenScale = v
            }),
        TableInput(
            description: "measurementOverscan",
            beforeReload: { t, _, v in
                t.estimatedRowHeight = 20; t.measurementOverscan = v
            }),
        TableInput(description: "contentInset.top", afterReload: { t, _, v in t.contentInset.top = v }),
        TableInput(description: "contentInset.left", afterReload: { t, _, v in t.contentInset.left = v }),
        TableInput(description: "contentInset.bottom", afterReload: { t, _, v in t.contentInset.bottom = v }),
        TableInput(description: "contentInset.right", afterReload: { t, _, v in t.contentInset.right = v }),
        TableInput(description: "contentOffset.x", afterReload: { t, _, v in t.contentOffset.x = v }),
        TableInput(description: "contentOffset.y", afterReload: { t, _, v in t.contentOffset.y = v }),
        TableInput(description: "frame.size.width", afterReload: { t, _, v in t.frame.size.width = v }),
        TableInput(description: "frame.size.height", afterReload: { t, _, v in t.frame.size.height = v }),
        TableInput(description: "bounds.origin.y", afterReload: { t, _, v in t.bounds.origin.y = v }),
        TableInput(description: "heightForRowAt", beforeReload: { _, s, v in s.sections[0][3].height = Double(v) }),
        TableInput(description: "estimatedHeightForRowAt", beforeReload: { _, s, v in s.estimate = Double(v) }),
        TableInput(description: "heightForHeaderInSection", beforeReload: { _, s, v in s.headers[1] = Double(v) }),
        TableInput(description: "heightForFooterInSection", beforeReload: { _, s, v in s.footers[1] = Double(v) }),
        TableInput(
            description: "sizeThatFits of a self-sizing cell",
            beforeReload: { t, s, v in
                s.heights = .selfSizing
                t.rowHeight = TableView.automaticDimension
                s.sections[0][3].height = Double(v)
            }),
        TableInput(
            description: "tableHeaderView height",
            afterReload: { t, _, v in t.tableHeaderView = View(frame: CGRect(x: 0, y: 0, width: 10, height: v)) }),
        TableInput(
            description: "tableFooterView height",
            afterReload: { t, _, v in t.tableFooterView = View(frame: CGRect(x: 0, y: 0, width: 10, height: v)) }),
        TableInput(description: "row(_:changedHeight:)", afterReload: { t, _, v in t.row(IndexPath(row: 3, section: 0), changedHeight: v) }),
        TableInput(
            description: "indexPathHeightCache.setHeight",
            beforeReload: { t, s, _ in
                s.heights = .selfSizing
                t.rowHeight = TableView.automaticDimension
            },
            afterReload: { t, _, v in
                t.indexPathHeightCache.setHeight(v, at: IndexPath(row: 3, section: 0), width: t.bounds.width)
                t.indexPathHeightCache.setHeight(v, at: IndexPath(row: 1, section: 1), width: t.bounds.width)
                t.reloadDataWithoutInvalidatingHeightCache()
            }),
    ]

    @Test(arguments: tableInputs, badValues)
    func aBadTableNumberNeverReachesTheScreen(input: TableInput, value: CGFloat) {
        let source = HookedSource(sections: Array(repeating: [30, 40, 20, 50, 30, 25], count: 3), headers: [10, 12, 14], footers: [5, 6, 7])
        let table = makeHookedTable(source) { $0.diagnosticHandler = { _ in } }
        input.beforeReload(table, source, value)
        table.reloadData()
        input.afterReload(table, source, value)
        let context = "\(input) = \(value)"
        table.layoutIfNeeded()
        expectTableFiniteAndApart(table, source, context)
        for fraction in [0.5, 1] as [CGFloat] {
            table.contentOffset.y = table.maximumContentOffsetY * fraction
            table.layoutIfNeeded()
            expectTableFiniteAndApart(table, source, context)
        }
    }

    func expectTableFiniteAndApart(_ table: TableView, _ source: HookedSource, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            table.contentSize.width.isFinite && table.contentSize.height.isFinite, "\(context): \(table.contentSize)", sourceLocation: sourceLocation)
        #expect(table.contentOffset.x.isFinite && table.contentOffset.y.isFinite, "\(context)", sourceLocation: sourceLocation)
        for view in table.subviews {
            #expect(isFinite(view.frame), "\(context): a subview at \(view.frame)", sourceLocation: sourceLocation)
        }
        var previous: CGRect?
        for section in source.sections.indices {
            for row in source.sections[section].indices {
                let rect = table.rectForRow(at: IndexPath(row: row, section: section))
                #expect(isFinite(rect) && rect.height >= 0, "\(context): row \(row) of \(section) at \(rect)", sourceLocation: sourceLocation)
                if let previous {
                    #expect(rect.minY >= previous.maxY, "\(context): row \(row) of \(section) overlaps the one above", sourceLocation: sourceLocation)
                }
                previous = rect
            }
        }
    }

    // MARK: Collection view

    /// A public number of the collection view or its layout, set on a loaded view (or before its reload).
    struct CollectionInput: CustomStringConvertible, Sendable {
        var description: String
        var waterfall: Bool
        var beforeReload: @MainActor @Sendable (CollectionView, SupplementaryModel, CGFloat) -> Void = { _, _, _ in }
        var afterReload: @MainActor @Sendable (CollectionView, SupplementaryModel, CGFloat) -> Void = { _, _, _ in }
    }

    nonisolated static let collectionInputs: [CollectionInput] = {
        @MainActor func waterfall(_ cv: CollectionView) -> WaterfallLayout { cv.collectionViewLayout as! WaterfallLayout }
        @MainActor func flow(_ cv: CollectionView) -> FlowLayout { cv.collectionViewLayout as! FlowLayout }
        var inputs: [CollectionInput] = []
        for isWaterfall in [true, false] {
            let name = isWaterfall ? "WaterfallLayout" : "FlowLayout"
            inputs += [
                CollectionInput(
                    description: "\(name) item height from the delegate", waterfall: isWaterfall,
                    beforeReload: { _, m, v in m.sections[0].items[2].height = Double(v) }),
                CollectionInput(
                    description: "\(name) header height from the delegate", waterfall: isWaterfall,
                    beforeReload: { _, m, v in m.sections[1].header = v }),
                CollectionInput(
                    description: "\(name) footer height from the delegate", waterfall: isWaterfall,
                    beforeReload: { _, m, v in m.sections[0].footer = v }),
                CollectionInput(
                    description: "\(name) frame.size.width", waterfall: isWaterfall, afterReload: { cv, _, v in cv.frame.size.width = v }),
                CollectionInput(
                    description: "\(name) frame.size.height", waterfall: isWaterfall, afterReload: { cv, _, v in cv.frame.size.height = v }),
                CollectionInput(description: "\(name) bounds.origin.y", waterfall: isWaterfall, afterReload: { cv, _, v in cv.bounds.origin.y = v }),
                CollectionInput(description: "\(name) contentOffset.x", waterfall: isWaterfall, afterReload: { cv, _, v in cv.contentOffset.x = v }),
                CollectionInput(description: "\(name) contentOffset.y", waterfall: isWaterfall, afterReload: { cv, _, v in cv.contentOffset.y = v }),
                CollectionInput(
                    description: "\(name) contentInset.top", waterfall: isWaterfall, afterReload: { cv, _, v in cv.contentInset.top = v }),
                CollectionInput(
                    description: "\(name) contentInset.bottom", waterfall: isWaterfall, afterReload: { cv, _, v in cv.contentInset.bottom = v }),
                CollectionInput(
                    description: "\(name) contentInset.left", waterfall: isWaterfall, afterReload: { cv, _, v in cv.contentInset.left = v }),
            ]
        }
        inputs += [
            CollectionInput(description: "WaterfallLayout.margin", waterfall: true, afterReload: { cv, _, v in waterfall(cv).margin = v }),
            CollectionInput(
                description: "WaterfallLayout(numberOfColumns:margin:)", waterfall: true,
                beforeReload: { cv, m, v in
                    let layout = WaterfallLayout(numberOfColumns: 3, margin: v)
                    layout.delegate = m
                    cv.collectionViewLayout = layout
                }),
            CollectionInput(description: "WaterfallLayoutDelegate.marginOfCell", waterfall: true, beforeReload: { _, m, v in m.delegateMargin = v }),
            CollectionInput(
                description: "WaterfallLayout.itemHeight", waterfall: true,
                beforeReload: { cv, _, v in
                    waterfall(cv).delegate = nil; waterfall(cv).itemHeight = v
                }),
            CollectionInput(
                description: "FlowLayout.minimumLineSpacing", waterfall: false, afterReload: { cv, _, v in flow(cv).minimumLineSpacing = v }),
            CollectionInput(
                description: "FlowLayout.minimumInteritemSpacing", waterfall: false, afterReload: { cv, _, v in flow(cv).minimumInteritemSpacing = v }
            ),
            CollectionInput(
                description: "FlowLayout.itemSize.height", waterfall: false,
                beforeReload: { cv, _, v in
                    flow(cv).delegate = nil; flow(cv).itemSize.height = v
                }),
            CollectionInput(
                description: "FlowLayout.itemSize.width", waterfall: false,
                beforeReload: { cv, _, v in
                    flow(cv).delegate = nil; flow(cv).itemSize.width = v
                }),
            CollectionInput(description: "FlowLayout.sectionInset.top", waterfall: false, afterReload: { cv, _, v in flow(cv).sectionInset.top = v }),
            CollectionInput(
                description: "FlowLayout.sectionInset.left", waterfall: false, afterReload: { cv, _, v in flow(cv).sectionInset.left = v }),
            CollectionInput(
                description: "FlowLayout.sectionInset.bottom", waterfall: false, afterReload: { cv, _, v in flow(cv).sectionInset.bottom = v }),
            CollectionInput(
                description: "FlowLayout.sectionInset.right", waterfall: false, afterReload: { cv, _, v in flow(cv).sectionInset.right = v }),
            CollectionInput(
                description: "FlowLayout.headerReferenceSize.height", waterfall: false,
                beforeReload: { cv, _, v in
                    flow(cv).delegate = nil; flow(cv).headerReferenceSize.height = v
                }),
            CollectionInput(
                description: "FlowLayout.footerReferenceSize.height", waterfall: false,
                beforeReload: { cv, _, v in
                    flow(cv).delegate = nil; flow(cv).footerReferenceSize.height = v
                }),
        ]
        return inputs
    }()

    @Test(arguments: collectionInputs, badValues)
    func aBadCollectionNumberNeverReachesTheScreen(input: CollectionInput, value: CGFloat) {
        let model = SupplementaryModel()
        var rng = SplitMix64(seed: 21)
        model.sections = (0..<3).map { _ in model.makeSection(items: 10, header: 12, footer: 8, rng: &rng) }
        let layout: CollectionViewLayout
        if input.waterfall {
            let waterfall = WaterfallLayout(numberOfColumns: 3, margin: 4)
            waterfall.delegate = model
            layout = waterfall
        } else {
            let flow = FlowLayout()
            flow.numberOfColumns = 2
            flow.minimumLineSpacing = 3
            flow.sectionInset = EdgeInsets(top: 2, left: 2, bottom: 2, right: 2)
            flow.delegate = model
            layout = flow
        }
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
        cv.diagnosticHandler = { _ in }
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.register(SectionLabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        cv.register(SectionLabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter, withReuseIdentifier: "footer")
        cv.dataSource = model
        input.beforeReload(cv, model, value)
        cv.reloadData()
        input.afterReload(cv, model, value)
        let context = "\(input) = \(value)"
        cv.layoutIfNeeded()
        expectCollectionFiniteAndApart(cv, context)
        for fraction in [0.5, 1] as [CGFloat] {
            cv.contentOffset.y = cv.maximumContentOffsetY * fraction
            cv.layoutIfNeeded()
            expectCollectionFiniteAndApart(cv, context)
        }
    }

    func expectCollectionFiniteAndApart(_ cv: CollectionView, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(cv.contentSize.width.isFinite && cv.contentSize.height.isFinite, "\(context): \(cv.contentSize)", sourceLocation: sourceLocation)
        #expect(cv.contentOffset.x.isFinite && cv.contentOffset.y.isFinite, "\(context)", sourceLocation: sourceLocation)
        for view in cv.subviews {
            #expect(isFinite(view.frame), "\(context): a subview at \(view.frame)", sourceLocation: sourceLocation)
        }
        let frames = cv.visibleCells.map(\.frame)
        for (i, a) in frames.enumerated() {
            for b in frames[(i + 1)...] {
                let overlap = a.intersection(b)
                #expect(overlap.isNull || overlap.width * overlap.height == 0, "\(context): \(a) overlaps \(b)", sourceLocation: sourceLocation)
            }
        }
    }

    func isFinite(_ rect: CGRect) -> Bool {
        rect.origin.x.isFinite && rect.origin.y.isFinite && rect.size.width.isFinite && rect.size.height.isFinite
            && rect.maxX.isFinite && rect.maxY.isFinite
    }
}
