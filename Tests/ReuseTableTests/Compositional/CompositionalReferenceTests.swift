import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// The compositional layout against the brute-force reference (`Support/CompositionalReference.swift`)
/// on random section, group, size, spacing and inset trees, after random scrolls, updates, width
/// changes and orthogonal scrolls. `REUSETABLE_LONG=1` runs a long sweep.
@MainActor
@Suite struct CompositionalReferenceTests {
    static let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"

    struct Fixture {
        let model: RefModel
        let layout: CollectionViewCompositionalLayout
        let view: CollectionView
        let interSectionSpacing: CGFloat
    }

    static func makeFixture(_ gen: inout RGenerator) -> Fixture {
        let model = RefModel()
        let specs = (0..<Int.random(in: 1...4, using: &gen.rng)).map { _ in gen.section() }
        for _ in 0..<Int.random(in: 1...7, using: &gen.rng) {
            let items = (0..<Int.random(in: 0...30, using: &gen.rng)).map { _ in model.fresh() }
            model.sections.append(.init(id: model.fresh(), items: items, spec: gen.pick(specs)))
        }
        var configuration = CollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = gen.chance(0.5) ? gen.half(0...6) : 0
        let layout = CollectionViewCompositionalLayout(
            sectionProvider: { [unowned model] index, _ in model.sections[index].spec.object }, configuration: configuration)
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: gen.half(60...240), height: gen.half(40...120)), collectionViewLayout: layout)
        // A random tree may shrink a group's subitems to 0 points (the layout caps them and says so); nothing else is reported.
        view.diagnosticHandler = { message in if !message.contains("fits more than") { Issue.record("diagnostic: \(message)") } }
        view.register(RefCell.self, forCellWithReuseIdentifier: "ref")
        for kind in ["header", "footer", "badge"] { view.register(RefReusable.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "ref") }
        layout.register(CollectionReusableView.self, forDecorationViewOfKind: "background")
        view.dataSource = model
        view.reloadData()
        return Fixture(model: model, layout: layout, view: view, interSectionSpacing: configuration.interSectionSpacing)
    }

    /// What a replayed case prints when it fails: the slots, the reach, each section's description.
    static func dump(_ f: Fixture) {
        let store = f.layout.store
        print("reach up \(store.reachUp) down \(store.reachDown), offset \(f.view.contentOffset), size \(f.view.bounds.size)")
        for i in 0..<min(store.slots.count, 60) { print("slot", store.slots.slot(at: i)) }
        func describe(_ n: RNode, _ indent: String) {
            print(
                indent, n.horizontal.map { $0 ? "H" : "V" } ?? "item", n.w, n.h, "insets", n.insets, "edge", n.leading as Any, n.top as Any,
                n.trailing as Any, n.bottom as Any, "count", n.count as Any, "spacing", n.spacing as Any, "badges", n.badges)
            for c in n.subitems { describe(c, indent + "  ") }
        }
        for (s, section) in f.model.sections.enumerated() {
            print(
                "section \(s): \(section.items.count) items, insets \(section.spec.insets), igs \(section.spec.interGroupSpacing), \(section.spec.orthogonal), boundary \(section.spec.boundary), decorations \(section.spec.decorations.count)"
            )
            describe(section.spec.group, "  ")
            if let m = store.measured(s) { print("  measured", m.items, m.boundary) }
        }
    }

    static func reference(_ f: Fixture) -> ReferenceLayout {
        let store = f.layout.store
        let offsets = f.layout.orthogonalOffsets
        var reference = ReferenceLayout(
            width: f.view.bounds.width, height: f.view.bounds.height, interSectionSpacing: f.interSectionSpacing,
            isMeasured: { s, item in store.measuredHeight(s, item: item) != nil },
            isBoundaryMeasured: { s, b in store.isBoundaryMeasured(s, b) },
            orthogonalOffset: { offsets[$0] ?? 0 },
            visibleTop: f.view.contentOffset.y, visibleBottom: f.view.contentOffset.y + f.view.bounds.height)
        reference.run(f.model)
        return reference
    }

    /// Compares everything the layout answers with the reference; returns the number of checks.
    @discardableResult
    static func compare(_ f: Fixture, _ gen: inout RGenerator, _ context: String) -> Int {
        f.view.layoutIfNeeded()
        let reference = reference(f)
        var checks = 0
        func fail(_ message: String) {
            Issue.record("\(context): \(message)")
            if ProcessInfo.processInfo.environment["REUSETABLE_SEED"] != nil { dump(f) }
        }
        if f.view.contentSize.height != reference.contentHeight {
            fail("content height \(f.view.contentSize.height), reference \(reference.contentHeight)")
        }
        // Every item, one by one.
        for element in reference.elements where element.category == .cell {
            checks += 1
            guard let frame = f.layout.layoutAttributesForItem(at: element.indexPath)?.frame, framesAgree(frame, element.frame) else {
                fail(
                    "item \(element.indexPath): \(String(describing: f.layout.layoutAttributesForItem(at: element.indexPath)?.frame)), reference \(element.frame)"
                )
                return checks
            }
        }
        // Rect queries: the viewport and random rects.
        var rects = [f.view.bounds]
        for _ in 0..<5 {
            let y = CGFloat.random(in: -10...(max(reference.contentHeight, 1) + 10), using: &gen.rng)
            let x = CGFloat.random(in: -20...(f.view.bounds.width + 10), using: &gen.rng)
            rects.append(
                CGRect(x: x, y: y, width: CGFloat.random(in: 0.5...200, using: &gen.rng), height: CGFloat.random(in: 0.5...150, using: &gen.rng)))
        }
        for rect in rects {
            checks += 1
            let expected = reference.elements(in: rect)
            let got = f.layout.layoutAttributesForElements(in: rect)
            var byKey: [String: CGRect] = [:]
            for a in got { byKey["\(a.representedElementCategory)|\(a.representedElementKind ?? "")|\(a.indexPath)"] = a.frame }
            var expectedKeys: Set<String> = []
            for e in expected {
                let key = "\(e.category)|\(e.kind ?? "")|\(e.indexPath)"
                expectedKeys.insert(key)
                guard let frame = byKey[key], framesAgree(frame, e.frame) else {
                    fail("rect \(rect): \(key) at \(String(describing: byKey[key])), reference \(e.frame)")
                    return checks
                }
            }
            let extra = Set(byKey.keys).subtracting(expectedKeys)
            // Frames within one ulp of the rect's edge may differ in whether they touch it.
            let unexplained = extra.filter { key in
                guard let frame = byKey[key] else { return false }
                return frame.intersectsOpen(rect.insetBy(dx: max(abs(rect.minX), abs(rect.maxX)).ulp * 4, dy: 0))
            }
            if !unexplained.isEmpty || got.count != byKey.count {
                fail("rect \(rect): unexpected \(unexplained.sorted())")
                return checks
            }
        }
        // What is on screen, and that every self-sizing item on screen is measured.
        let viewport = f.view.bounds
        let visible = reference.elements.filter { $0.category == .cell && $0.frame.intersectsOpen(viewport) }.map(\.indexPath).sorted()
        checks += 1
        if f.view.indexPathsForVisibleItems != visible {
            fail("visible \(f.view.indexPathsForVisibleItems), reference \(visible)")
        }
        for indexPath in visible where reference.selfSizing.contains(indexPath) {
            if f.layout.store.measuredHeight(indexPath.section, item: indexPath.item) == nil {
                fail("item \(indexPath) is on screen with its estimate")
            }
        }
        // Points.
        for _ in 0..<8 {
            checks += 1
            let point = CGPoint(
                x: CGFloat.random(in: 0..<max(1, f.view.bounds.width), using: &gen.rng),
                y: CGFloat(Int.random(in: 0...Int(max(1, reference.contentHeight)), using: &gen.rng)) + gen.half(0...1))
            let expected = reference.elements.filter { $0.category == .cell && $0.frame.contains(point) }.map(\.indexPath).min()
            let got = f.view.indexPathForItem(at: point)
            if got != expected {
                // An x on a non-dyadic edge may fall either side within one ulp.
                let near = reference.elements.contains { e in
                    e.category == .cell && (abs(e.frame.minX - point.x) <= 4 * point.x.ulp || abs(e.frame.maxX - point.x) <= 4 * point.x.ulp)
                }
                if !near { fail("point \(point): \(String(describing: got)), reference \(String(describing: expected))") }
            }
        }
        return checks
    }

    /// One random step: a scroll, an update, a width change, an orthogonal scroll or an invalidation.
    static func step(_ f: Fixture, _ gen: inout RGenerator) -> String {
        let model = f.model, view = f.view
        switch Int.random(in: 0..<12, using: &gen.rng) {
        case 0, 1, 2:
            let y = CGFloat.random(in: -5...(view.contentSize.height + 5), using: &gen.rng)
            view.contentOffset.y = y
            return "scroll to \(y)"
        case 3:
            view.frame.size.width = gen.half(60...240)
            return "width \(view.frame.width)"
        case 4:
            guard let s = model.sections.indices.randomElement(using: &gen.rng) else { return "nothing" }
            let at = Int.random(in: 0...model.sections[s].items.count, using: &gen.rng)
            let n = Int.random(in: 1...3, using: &gen.rng)
            model.sections[s].items.insert(contentsOf: (0..<n).map { _ in model.fresh() }, at: at)
            let paths = (at..<at + n).map { IndexPath(item: $0, section: s) }
            if gen.chance(0.3) { UpdateApplyPath.$forced.withValue(.bulk) { view.insertItems(at: paths) } } else { view.insertItems(at: paths) }
            return "insert \(n) at \(s).\(at)"
        case 5:
            guard let s = model.sections.indices.filter({ !model.sections[$0].items.isEmpty }).randomElement(using: &gen.rng) else {
                return "nothing"
            }
            let at = Int.random(in: 0..<model.sections[s].items.count, using: &gen.rng)
            model.sections[s].items.remove(at: at)
            view.deleteItems(at: [IndexPath(item: at, section: s)])
            return "delete \(s).\(at)"
        case 6:
            let nonEmpty = model.sections.indices.filter { !model.sections[$0].items.isEmpty }
            guard let s = nonEmpty.randomElement(using: &gen.rng), let t = model.sections.indices.randomElement(using: &gen.rng) else {
                return "nothing"
            }
            let from = Int.random(in: 0..<model.sections[s].items.count, using: &gen.rng)
            let id = model.sections[s].items.remove(at: from)
            let to = Int.random(in: 0...model.sections[t].items.count, using: &gen.rng)
            model.sections[t].items.insert(id, at: to)
            view.moveItem(at: IndexPath(item: from, section: s), to: IndexPath(item: to, section: t))
            return "move \(s).\(from) → \(t).\(to)"
        case 7:
            guard let s = model.sections.indices.filter({ !model.sections[$0].items.isEmpty }).randomElement(using: &gen.rng) else {
                return "nothing"
            }
            let at = Int.random(in: 0..<model.sections[s].items.count, using: &gen.rng)
            model.sections[s].items[at] = model.fresh()
            view.reloadItems(at: [IndexPath(item: at, section: s)])
            return "reload \(s).\(at)"
        case 8:
            let choice = Int.random(in: 0..<3, using: &gen.rng)
            if choice == 0 || model.sections.isEmpty {
                let at = Int.random(in: 0...model.sections.count, using: &gen.rng)
                let spec = gen.chance(0.5) && !model.sections.isEmpty ? model.sections.randomElement(using: &gen.rng)!.spec : gen.section()
                model.sections.insert(
                    .init(id: model.fresh(), items: (0..<Int.random(in: 0...12, using: &gen.rng)).map { _ in model.fresh() }, spec: spec), at: at)
                view.insertSections(IndexSet(integer: at))
                return "insert section \(at)"
            } else if choice == 1 {
                let at = Int.random(in: 0..<model.sections.count, using: &gen.rng)
                model.sections.remove(at: at)
                view.deleteSections(IndexSet(integer: at))
                return "delete section \(at)"
            } else {
                let from = Int.random(in: 0..<model.sections.count, using: &gen.rng)
                let to = Int.random(in: 0..<model.sections.count, using: &gen.rng)
                let moved = model.sections.remove(at: from)
                model.sections.insert(moved, at: to)
                view.moveSection(from, toSection: to)
                return "move section \(from) → \(to)"
            }
        case 9, 10:
            let orthogonal = model.sections.indices.filter { f.layout.store.sectionCount > $0 && f.layout.store.kind($0).isOrthogonal }
            guard let s = orthogonal.randomElement(using: &gen.rng) else { return "nothing" }
            switch Int.random(in: 0..<3, using: &gen.rng) {
            case 0:
                let dx = gen.half(-60...60)
                view.dragOrthogonalSection(s, by: dx)
                return "drag \(s) by \(dx)"
            case 1:
                let v = CGFloat(Int.random(in: -3000...3000, using: &gen.rng))
                view.endDraggingOrthogonalSection(s, velocity: v)
                return "release \(s) at \(v)"
            default:
                guard !model.sections[s].items.isEmpty else { return "nothing" }
                let item = Int.random(in: 0..<model.sections[s].items.count, using: &gen.rng)
                let position = gen.pick([CollectionView.ScrollPosition.left, .centeredHorizontally, .right, .none, .top])
                view.scrollToItem(at: IndexPath(item: item, section: s), at: position, animated: false)
                return "scroll \(s).\(item) to \(position)"
            }
        default:
            f.layout.invalidateLayout()
            return "invalidateLayout"
        }
    }

    @Test func randomLayoutsMatchTheReference() {
        let cases = Self.long ? 3000 : 60
        let steps = Self.long ? 30 : 10
        var checks = 0
        // `REUSETABLE_SEED=n` replays one case.
        let only = ProcessInfo.processInfo.environment["REUSETABLE_SEED"].flatMap { Int($0) }
        let seeds = only.map { [$0] } ?? Array(0..<cases)
        for seed in seeds {
            var gen = RGenerator(rng: SplitMix64(seed: UInt64(seed) &+ 0xC0FFEE))
            let fixture = Self.makeFixture(&gen)
            checks += Self.compare(fixture, &gen, "seed \(seed), after reload")
            for n in 0..<steps {
                let what = Self.step(fixture, &gen)
                checks += Self.compare(fixture, &gen, "seed \(seed), step \(n) (\(what))")
            }
        }
        #expect(checks > seeds.count * steps)
    }
}
