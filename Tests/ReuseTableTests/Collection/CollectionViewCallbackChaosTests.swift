import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// The collection view under the way real apps call it: delegates
/// that read it and change it from every callback, bad numbers, widths racing
/// scrolls. Checked after every step against a brute-force waterfall.
@MainActor
@Suite struct CollectionViewCallbackChaosTests {
    static let scale = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == nil ? 1 : 20

    func makeView(
        _ model: CollectionModel, columns: Int = 3, margin: CGFloat = 4, width: CGFloat = 300, height: CGFloat = 400,
        diagnostics: ((String) -> Void)? = nil
    ) -> (CollectionView, WaterfallLayout) {
        let layout = WaterfallLayout(numberOfColumns: columns, margin: margin)
        layout.delegate = model
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
        view.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        view.dataSource = model
        view.delegate = model
        view.diagnosticHandler = diagnostics ?? { Issue.record("unexpected diagnostic: \($0)") }
        return (view, layout)
    }

    /// Brute force: frames of every item, the visible set, each cell showing its item, nothing pooled on screen.
    func expectConsistent(
        _ view: CollectionView, _ layout: WaterfallLayout, _ model: CollectionModel, _ context: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let visible = view.indexPathsForVisibleItems
        let (frames, height) = model.waterfallFrames(columns: layout.numberOfColumns, margin: layout.margin, width: view.bounds.width)
        #expect(view.contentOffset.y.isFinite && view.contentSize.height.isFinite, "finite \(context())", sourceLocation: sourceLocation)
        #expect(view.contentSize.height == height, "content height \(context())", sourceLocation: sourceLocation)
        let viewport = CGRect(origin: view.contentOffset, size: view.bounds.size)
        let expected = viewport.width > 0 && viewport.height > 0 ? CollectionModel.bruteForce(frames, in: viewport) : []
        #expect(Set(visible) == expected, "visible items \(context())", sourceLocation: sourceLocation)
        for (indexPath, cell) in zip(visible, view.visibleCells) {
            #expect((cell as? ItemCell)?.itemID == model.item(indexPath)?.id, "cell at \(indexPath) \(context())", sourceLocation: sourceLocation)
            #expect(cell.frame == frames[indexPath.section][indexPath.item], "frame at \(indexPath) \(context())", sourceLocation: sourceLocation)
            #expect(cell.superview === view, sourceLocation: sourceLocation)
        }
        let onScreen = Set(view.visibleCells.map(ObjectIdentifier.init))
        for pooled in view.engine.pool.idle.values.joined() {
            #expect(!onScreen.contains(ObjectIdentifier(pooled)), "pooled and on screen \(context())", sourceLocation: sourceLocation)
        }
        #expect(model.violations.isEmpty, "\(model.violations.prefix(3)) \(context())", sourceLocation: sourceLocation)
    }

    // MARK: Named scenarios

    @Test func willDisplaySeesItsCellAndLoadMoreFromWillDisplayWorks() {
        var rng = SplitMix64(seed: 11)
        let model = CollectionModel(sectionCounts: [12], rng: &rng)
        let (view, layout) = makeView(model)
        var loads = 0, checks = 0
        model.hooks[.willDisplay] = { view, indexPath in
            #expect(view.cellForItem(at: indexPath) != nil, "cellForItem(at:) inside willDisplay")
            #expect(view.indexPathsForVisibleItems.contains(indexPath))
            checks += 1
            guard indexPath.item == model.sections[0].count - 1, loads < 4 else { return }
            loads += 1
            let start = model.sections[0].count
            model.sections[0] += model.freshItems(12, rng: &rng)
            view.insertItems(at: (start..<start + 12).map { IndexPath(item: $0, section: 0) })
        }
        view.reloadData()
        for y in stride(from: 0, through: 3000, by: 150) {
            view.contentOffset.y = CGFloat(y)
            expectConsistent(view, layout, model, "at \(y)")
        }
        #expect(loads == 4 && checks > 20)
        let ids = view.visibleCells.map { ($0 as! ItemCell).itemID }
        #expect(Set(ids).count == ids.count, "no two items show the same model item")
    }

    @Test func reloadFromCellForItemAfterTheDataShrankNeverAsksForMissingItems() {
        var rng = SplitMix64(seed: 12)
        let model = CollectionModel(sectionCounts: [60], rng: &rng)
        let (view, layout) = makeView(model)
        var shrunk = false
        model.hooks[.cell] = { view, indexPath in
            guard !shrunk, indexPath.item == 1 else { return }
            shrunk = true
            model.sections[0].removeLast(57)
            view.reloadData()
        }
        view.reloadData()
        #expect(shrunk)
        expectConsistent(view, layout, model, "after the shrink")
        #expect(view.numberOfItems(inSection: 0) == 3)
    }

    @Test func reloadFromTheHeightCallbackRunsAfterThePass() {
        var rng = SplitMix64(seed: 13)
        let model = CollectionModel(sectionCounts: [40, 40], rng: &rng)
        let (view, layout) = makeView(model)
        var fired = false
        model.hooks[.height] = { view, _ in
            guard !fired else { return }
            fired = true
            model.sections = [model.freshItems(5, rng: &rng)]
            view.reloadData()
        }
        view.reloadData()
        expectConsistent(view, layout, model, "after a reload from heightForItemAt")
    }

    @Test func aShrinkingReloadClampsTheOffset() {
        var rng = SplitMix64(seed: 14)
        let model = CollectionModel(sectionCounts: [100], rng: &rng)
        let (view, layout) = makeView(model)
        view.reloadData()
        view.contentOffset.y = 2000
        model.sections = [model.freshItems(3, rng: &rng)]
        view.reloadData()
        #expect(view.contentOffset.y == view.maximumContentOffsetY)
        expectConsistent(view, layout, model, "after the shrink")
        #expect(!view.visibleCells.isEmpty || model.sections[0].allSatisfy { $0.height == 0 })
    }

    @Test func badNumbersAreReportedAndNeverReachTheLayout() {
        var rng = SplitMix64(seed: 15)
        let model = CollectionModel(sectionCounts: [30], rng: &rng)
        model.sections[0][3].height = .nan
        model.sections[0][5].height = -.infinity
        model.sections[0][7].height = 1e300
        var messages: [String] = []
        let (view, _) = makeView(model, diagnostics: { messages.append($0) })
        view.reloadData()
        #expect(messages.count == 3, "\(messages)")
        #expect(messages[0].contains("item (section 0, item 3)"))
        view.contentOffset.y = .nan
        view.contentOffset.y = .infinity
        #expect(view.contentOffset.y == view.maximumContentOffsetY, "infinity goes to the content's edge, as for the table")
        view.frame.size.width = .nan
        view.layoutIfNeeded()
        #expect(view.bounds.width == 0)
        let layout = view.collectionViewLayout as! WaterfallLayout
        layout.margin = -3
        #expect(layout.margin == 0)
        #expect(messages.contains { $0.hasPrefix("WaterfallLayout.margin was set to -3.0") })
        view.frame.size.width = 300
        view.layoutIfNeeded()
        #expect(view.contentOffset.y.isFinite && view.contentSize.height.isFinite)
        for cell in view.visibleCells { #expect(cell.frame.minY.isFinite && cell.frame.height.isFinite) }
    }

    // MARK: Chaos

    @Test(arguments: 0..<3)
    func randomUseNeverBreaksTheScreen(seed: Int) {
        if let only = ProcessInfo.processInfo.environment["CHAOS_SEED"], Int(only) != seed { return }
        var rng = SplitMix64(seed: 0xC011_0000 &+ UInt64(seed))
        var steps = 0
        for _ in 0..<(10 * Self.scale) {
            steps += runView(&rng, steps: 250)
        }
        #expect(steps == 10 * Self.scale * 250)
    }

    func runView(_ rng: inout SplitMix64, steps: Int) -> Int {
        let model = CollectionModel(
            sectionCounts: (0..<Int.random(in: 0...3, using: &rng)).map { _ in Int.random(in: 0...40, using: &rng) }, rng: &rng)
        var diagnostics: [String] = []
        let (view, layout) = makeView(
            model, columns: Int.random(in: 1...4, using: &rng), margin: CGFloat(Int.random(in: 0...8, using: &rng)),
            width: [200, 300].randomElement(using: &rng)!, height: CGFloat(Int.random(in: 50...500, using: &rng)),
            diagnostics: { diagnostics.append($0) })
        var armed: CollectionModel.Callback?
        var action: ((CollectionView) -> Void)?
        var mostVisible = 0
        for callback in CollectionModel.Callback.allCases {
            model.hooks[callback] = { view, indexPath in
                let cells = view.visibleCells
                mostVisible = max(mostVisible, cells.count)
                if Set(cells.map(ObjectIdentifier.init)).count != cells.count { model.violations.append("a cell listed twice") }
                _ = view.numberOfSections
                if callback == .willDisplay, view.cellForItem(at: indexPath) == nil {
                    model.violations.append("willDisplay: cellForItem(at: \(indexPath)) is nil")
                }
                if armed == callback, let run = action {
                    armed = nil
                    action = nil
                    run(view)
                }
            }
        }
        view.reloadData()
        for step in 0..<steps {
            let context = "step \(step)"
            let op = Int.random(in: 0..<100, using: &rng)
            if ProcessInfo.processInfo.environment["CHAOS_TRACE"] != nil {
                print(
                    "op", op, context, model.sections.map(\.count), armed as Any, "cols", layout.numberOfColumns, "margin", layout.margin, "w",
                    view.bounds.width)
            }
            switch op {
            case 0..<30:
                view.contentOffset.y = CGFloat(Int.random(in: -50...(Int(view.contentSize.height) + 50), using: &rng))
            case 30..<33:
                view.contentOffset.y = [CGFloat.nan, .infinity, -.infinity].randomElement(using: &rng)!
            case 33..<40:
                view.frame.size.width = [150, 200, 300].randomElement(using: &rng)!
                if Bool.random(using: &rng) { view.layoutIfNeeded() }
            case 40..<55:
                let (calls, _) = model.randomBatch(rng: &rng)
                view.performBatchUpdates({ for call in calls { call(view) } }, completion: nil)
            case 55..<60:
                model.sections = (0..<Int.random(in: 0...3, using: &rng)).map { _ in model.freshItems(Int.random(in: 0...40, using: &rng), rng: &rng)
                }
                view.reloadData()
            case 60..<64:
                layout.numberOfColumns = Int.random(in: 1...4, using: &rng)
                if Bool.random(using: &rng) { layout.margin = CGFloat(Int.random(in: 0...8, using: &rng)) }
            case 64..<68:
                let all = model.sections.indices.flatMap { s in model.sections[s].indices.map { IndexPath(item: $0, section: s) } }
                if let target = all.randomElement(using: &rng) {
                    view.scrollToItem(at: target, at: [.top, .centeredVertically, .bottom, .none].randomElement(using: &rng)!, animated: false)
                }
            case 68..<82:
                armed = CollectionModel.Callback.allCases.randomElement(using: &rng)!
                let kind = Int.random(in: 0..<4, using: &rng)
                var local = SplitMix64(seed: rng.next())
                action = { view in
                    switch kind {
                    case 0:
                        guard let last = model.sections.indices.last else { return }
                        let start = model.sections[last].count
                        model.sections[last] += model.freshItems(4, rng: &local)
                        view.insertItems(at: (start..<start + 4).map { IndexPath(item: $0, section: last) })
                    case 1:
                        model.sections = (0..<Int.random(in: 0...3, using: &local)).map { _ in
                            model.freshItems(Int.random(in: 0...30, using: &local), rng: &local)
                        }
                        view.reloadData()
                    case 2:
                        let (calls, _) = model.randomBatch(rng: &local)
                        view.performBatchUpdates({ for call in calls { call(view) } }, completion: nil)
                    default:
                        view.contentOffset.y = CGFloat(Int.random(in: 0...1500, using: &local))
                    }
                }
                view.contentOffset.y += 1
            default:
                view.layoutIfNeeded()
            }
            expectConsistent(view, layout, model, context)
            #expect(view.counters.cellsCreated <= 2 * max(mostVisible, view.visibleCells.count) + 6, "cells created bounded \(context)")
            if !model.violations.isEmpty { return step + 1 }
        }
        #expect(diagnostics.allSatisfy { $0.contains("contentOffset") }, "\(diagnostics.prefix(2))")
        return steps
    }
}
