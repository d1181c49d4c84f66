import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Long random sequences over the whole public collection view API, checked
/// after every step against brute-force geometry of the data: a valid offset,
/// visible items exactly those whose frames meet the viewport, each visible
/// cell showing its item at its frame, no cell both pooled and on screen, and
/// cells created bounded. The data source and delegate read the view from every
/// callback and, when armed, change it from one ("load more" from `willDisplay`,
/// a reload from `didEndDisplaying`, from `cellForItemAt` after the data shrank,
/// from a height callback).
///
/// `REUSETABLE_LONG=1` runs a much longer sweep.
@MainActor
@Suite struct CollectionViewChaosTests {
    static var isLong: Bool { ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1" }

    /// A height as the layouts use it: bad ones count as 0.
    static func sane(_ height: Double) -> CGFloat { height.isFinite && height >= 0 ? CGFloat(height) : 0 }

    /// Brute force for both built-in layouts, placing from scratch.
    static func frames(_ sections: [[ModelItem]], layout: CollectionViewLayout, width: CGFloat) -> (frames: [[CGRect]], height: CGFloat) {
        let columns: Int, spacing: CGFloat, gap: CGFloat, sectionGap: CGFloat, waterfall: Bool
        if let w = layout as? WaterfallLayout {
            (columns, spacing, gap, sectionGap, waterfall) = (w.numberOfColumns, w.margin, w.margin, w.margin, true)
        } else {
            let f = layout as! FlowLayout
            // UIKit's flow: sections follow each other with no gap (only `sectionInset`, zero here).
            (columns, spacing, gap, sectionGap, waterfall) = (f.numberOfColumns, f.minimumInteritemSpacing, f.minimumLineSpacing, 0, false)
        }
        let raw = (width - CGFloat(columns - 1) * spacing) / CGFloat(columns)
        let itemWidth = raw.isFinite ? max(0, raw) : 0
        var result: [[CGRect]] = []
        var bottom: CGFloat?
        for items in sections {
            let top = bottom.map { $0 + sectionGap } ?? 0
            var frames: [CGRect] = []
            if waterfall {
                var next = [CGFloat](repeating: top, count: columns)
                for item in items {
                    let column = next.firstIndex(of: next.min()!)!
                    let frame = CGRect(x: CGFloat(column) * (itemWidth + spacing), y: next[column], width: itemWidth, height: sane(item.height))
                    frames.append(frame)
                    next[column] = frame.maxY + gap
                }
            } else {
                var lineTop = top, i = 0
                while i < items.count {
                    let end = min(i + columns, items.count)
                    var lineBottom = lineTop
                    for j in i..<end {
                        let frame = CGRect(x: CGFloat(j - i) * (itemWidth + spacing), y: lineTop, width: itemWidth, height: sane(items[j].height))
                        frames.append(frame)
                        lineBottom = max(lineBottom, frame.maxY)
                    }
                    lineTop = lineBottom + gap
                    i = end
                }
            }
            if !frames.isEmpty { bottom = frames.map(\.maxY).max()! }
            result.append(frames)
        }
        return (result, bottom ?? 0)
    }

    static func close(_ a: CGRect, _ b: CGRect) -> Bool {
        abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
    }

    /// Runs `steps` random steps from `seed`; returns the first failure, or nil.
    static func run(seed: UInt64, steps: Int) -> String? {
        var rng = SplitMix64(seed: seed)
        let store = CollectionModel(sectionCounts: [Int.random(in: 0...40, using: &rng)], rng: &rng)
        let source = ReentrantSource(store: store)
        source.rng = SplitMix64(seed: seed ^ 0xABCD)
        let waterfall = WaterfallLayout(numberOfColumns: 2, margin: 4)
        waterfall.delegate = source
        let flow = FlowLayout()
        flow.delegate = source
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: waterfall)
        var diagnostics = 0
        cv.diagnosticHandler = { _ in diagnostics += 1 }
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.dataSource = source
        cv.delegate = source
        if Bool.random(using: &rng) {  // insets widen the offset range; the clamp below follows them
            cv.contentInset = EdgeInsets(
                top: CGFloat(Int.random(in: 0...40, using: &rng)), left: 0,
                bottom: CGFloat(Int.random(in: 0...40, using: &rng)), right: 0)
        }
        cv.reloadData()

        func randomSections() -> [[ModelItem]] {
            (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                store.freshItems(Int.random(in: 0...(Int.random(in: 0...3, using: &rng) == 0 ? 120 : 25), using: &rng), rng: &rng)
            }
        }
        func randomOffset() -> CGFloat {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: return -CGFloat(Int.random(in: 1...200, using: &rng))
            case 1: return cv.maximumContentOffsetY + CGFloat(Int.random(in: 1...500, using: &rng))
            case 2: return [CGFloat.nan, .infinity, -.infinity].randomElement(using: &rng)!
            default: return CGFloat(Int.random(in: 0...max(0, Int(cv.maximumContentOffsetY)), using: &rng))
            }
        }
        func setOffset(_ y: CGFloat) -> Bool {
            let before = cv.contentOffset.y
            cv.contentOffset.y = y
            return cv.contentOffset.y != before
        }
        func randomWidth() -> CGFloat {
            Int.random(in: 0..<12, using: &rng) == 0 ? [-5, .nan, 0].randomElement(using: &rng)! : CGFloat(Int.random(in: 40...500, using: &rng))
        }

        for step in 0..<steps {
            // Reloads, updates and size changes clamp the offset into the content; so does any step that shrinks it.
            // A step that only scrolls may leave it past the end (UIKit's bounce), and one that changes nothing keeps it.
            var clamps = false
            let contentBefore = cv.contentSize.height
            let kind = Int.random(in: 0..<12, using: &rng)
            let what: String
            switch kind {
            case 0, 1:
                what = "scroll"
                if !setOffset(randomOffset()) { cv.layoutIfNeeded() }
            case 2:
                what = "reload"
                clamps = true
                store.sections = randomSections()
                if Bool.random(using: &rng) { cv.reloadData() } else { cv.reloadDataWithoutInvalidatingHeightCache() }
            case 3, 4:
                what = "batch"
                clamps = true
                if store.sections.isEmpty { store.sections = [[]]; cv.reloadData() }
                let (calls, _) = store.randomBatch(rng: &rng)
                if calls.count == 1, Bool.random(using: &rng) {
                    calls[0](cv)
                } else {
                    var completed = false
                    cv.performBatchUpdates({ for call in calls { call(cv) } }, completion: { completed = $0 })
                    if !completed { return "step \(step): batch completion not called" }
                }
            case 5:
                let order = Int.random(in: 0..<3, using: &rng)
                what = "width change, order \(order)"
                switch order {
                case 0:
                    cv.frame.size.width = randomWidth()
                    if !setOffset(randomOffset()) { cv.layoutIfNeeded() }
                case 1:
                    _ = setOffset(randomOffset())
                    let before = cv.bounds.size
                    cv.frame.size.width = randomWidth()
                    clamps = cv.bounds.size != before  // a size change clamps; the same size is no change
                    cv.layoutIfNeeded()
                default:
                    clamps = true
                    cv.frame.size.width = randomWidth()
                    cv.reloadData()
                }
            case 6:
                what = "height change"
                let before = cv.bounds.size
                cv.frame.size.height = CGFloat(Int.random(in: 0...700, using: &rng))
                clamps = cv.bounds.size != before
                cv.layoutIfNeeded()
            case 7:
                what = "layout settings"
                let columns = Int.random(in: -1...4, using: &rng)
                let spacing = [0, 4, 6.5, -1, .nan].randomElement(using: &rng)!
                if cv.collectionViewLayout === waterfall {
                    waterfall.numberOfColumns = columns
                    waterfall.margin = spacing
                } else {
                    flow.numberOfColumns = columns
                    if Bool.random(using: &rng) { flow.minimumInteritemSpacing = spacing } else { flow.minimumLineSpacing = spacing }
                }
                cv.layoutIfNeeded()
            case 8:
                what = "switch layout"
                cv.collectionViewLayout = cv.collectionViewLayout === waterfall ? flow : waterfall
                cv.layoutIfNeeded()
            case 9:
                let armed = Int.random(in: 0..<4, using: &rng)
                what = "reentrant change \(armed)"
                switch armed {
                case 0: source.loadMoreFromLastWillDisplay = Int.random(in: 1...3, using: &rng)
                case 1: source.reloadFromDidEnd = randomSections()
                case 2:
                    var shrunk = store.sections
                    for s in shrunk.indices { shrunk[s].removeLast(Int.random(in: 0...shrunk[s].count, using: &rng)) }
                    if Bool.random(using: &rng), !shrunk.isEmpty { shrunk.removeLast() }
                    source.shrinkAndReloadFromCellFor = shrunk
                default: source.reloadFromHeight = true
                }
                if Bool.random(using: &rng) {
                    clamps = true
                    cv.reloadData()
                } else {
                    if !setOffset(randomOffset()) { cv.layoutIfNeeded() }
                }
                source.disarm()
            case 10:
                what = "scrollToItem"
                let sections = (0..<cv.numberOfSections).filter { cv.numberOfItems(inSection: $0) > 0 }
                if let s = sections.randomElement(using: &rng) {
                    let item = Int.random(in: 0..<cv.numberOfItems(inSection: s), using: &rng)
                    let position = [CollectionView.ScrollPosition.none, .top, .centeredVertically, .bottom].randomElement(using: &rng)!
                    cv.scrollToItem(at: IndexPath(item: item, section: s), at: position, animated: false)
                }
            default:
                what = "bad height"
                let sections = store.sections.indices.filter { !store.sections[$0].isEmpty }
                if let s = sections.randomElement(using: &rng) {
                    let item = Int.random(in: 0..<store.sections[s].count, using: &rng)
                    store.sections[s][item].height = [.nan, -3, .infinity, 12.5].randomElement(using: &rng)!
                    clamps = true
                    cv.reloadItems(at: [IndexPath(item: item, section: s)])
                }
            }
            if let failure = check(cv, store, source, clamps: clamps || cv.contentSize.height < contentBefore) {
                return "seed \(seed) step \(step) (\(what)): \(failure)"
            }
        }
        _ = diagnostics
        return nil
    }

    static func check(_ cv: CollectionView, _ store: CollectionModel, _ source: ReentrantSource, clamps: Bool) -> String? {
        if !source.problems.isEmpty { return "callback saw: \(source.problems.prefix(3))" }
        if cv.transaction.isActive || cv.transaction.hasDeferredWork { return "transaction not settled" }
        let offset = cv.contentOffset
        guard offset.x.isFinite, offset.y.isFinite else { return "offset \(offset)" }
        guard cv.contentSize.width.isFinite, cv.contentSize.height.isFinite else { return "contentSize \(cv.contentSize)" }
        guard cv.bounds.width >= 0, cv.bounds.height >= 0, cv.bounds.width.isFinite, cv.bounds.height.isFinite else { return "bounds \(cv.bounds)" }
        if cv.numberOfSections != store.sections.count { return "sections \(cv.numberOfSections) vs \(store.sections.count)" }
        for s in store.sections.indices where cv.numberOfItems(inSection: s) != store.sections[s].count {
            return "items in \(s): \(cv.numberOfItems(inSection: s)) vs \(store.sections[s].count)"
        }
        let (frames, height) = frames(store.sections, layout: cv.collectionViewLayout, width: cv.bounds.width)
        if abs(cv.contentSize.height - height) > 1e-6 { return "content height \(cv.contentSize.height), expected \(height)" }
        if clamps, offset.y > max(-cv.contentInset.top, height + cv.contentInset.bottom - cv.bounds.height) + 1e-6 {
            return "offset \(offset.y) past the end (content \(height), viewport \(cv.bounds.height)): not clamped"
        }
        let viewport = CGRect(origin: offset, size: cv.bounds.size)
        var expected = Set<IndexPath>()
        if viewport.width > 0, viewport.height > 0 {
            for (s, section) in frames.enumerated() {
                for (i, f) in section.enumerated()
                where f.minX < viewport.maxX && f.maxX > viewport.minX && f.minY < viewport.maxY && f.maxY > viewport.minY {
                    expected.insert(IndexPath(item: i, section: s))
                }
            }
        }
        let visible = cv.indexPathsForVisibleItems
        if Set(visible) != expected {
            return
                "visible \(visible.count) items, expected \(expected.count): missing \(expected.subtracting(visible).sorted().prefix(3)), extra \(Set(visible).subtracting(expected).sorted().prefix(3))"
        }
        for path in visible {
            guard let cell = cv.cellForItem(at: path) as? ItemCell else { return "no cell at \(path)" }
            if cell.itemID != store.sections[path.section][path.item].id { return "cell at \(path) shows \(cell.itemID)" }
            if !close(cell.frame, frames[path.section][path.item]) {
                return "cell at \(path) at \(cell.frame), expected \(frames[path.section][path.item])"
            }
        }
        let onScreen = Set(cv.visibleCells.map(ObjectIdentifier.init))
        if onScreen.count != visible.count { return "a cell shows twice" }
        if Set(cv.subviews.map(ObjectIdentifier.init)) != onScreen { return "subviews are not the visible cells" }
        let pooled = cv.engine.pool.idle.values.flatMap { $0 }.map(ObjectIdentifier.init)
        if !onScreen.isDisjoint(with: pooled) { return "a cell is both pooled and on screen" }
        if Set(pooled).count != pooled.count { return "a cell is pooled twice" }
        let created = cv.counters.cellsCreated
        if created > 2 * cv.counters.mostVisibleAtOnce + 10 { return "\(created) cells created, most visible \(cv.counters.mostVisibleAtOnce)" }
        return nil
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomSequencesMatchBruteForce(seed: UInt64) {
        let steps = Self.isLong ? 25_000 : 600
        #expect(Self.run(seed: seed, steps: steps) == nil)
    }
}
