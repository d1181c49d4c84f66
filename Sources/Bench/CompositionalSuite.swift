import Foundation
@_spi(Internals) import ReuseTable

// The `compositional` suite: 10^6 items in 10^4 sections of three kinds taking turns — a list
// with a header, a three-column grid, a carousel that pages sideways — every item's height
// estimated and measured by its cell as it shows, in a terminal-sized collection view. Beside it,
// the same items (one column, heights asked up front) in `FlowLayout`: what a layout that must
// know every height before it can place anything costs at this scale.
//
// - `compositionalReload`: `reloadData()` and the first layout pass (the provider asked for every
//   section, the tree built from item counts, the first screen measured);
// - `compositionalJump`: a jump to a random item (`scrollToItem(at:at:.top)`) and its layout pass,
//   measuring what the new screen shows;
// - `compositionalScrollStep`: a tenth of a screen along a bouncing path, measuring what enters;
// - `compositionalMemory`: what a reload keeps, per section (the scale is the section count).

enum CompositionalSuite {
    static let frame = CGRect(x: 0, y: 0, width: 80, height: 24)
    static let itemsPerSection = 100
    static let scales = [1_000_000]
    static let memorySections = [10_000]

    /// A cell whose fitting height (1…3 lines) comes from its item.
    final class Cell: CollectionViewCell {
        var lines: CGFloat = 1
        override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: lines) }
    }

    /// Sections of `itemsPerSection` items; a cell's height is a function of its index path.
    @MainActor final class Source: CollectionViewDataSource, FlowLayoutDelegate {
        var sections: Int
        init(sections: Int) { self.sections = sections }
        static func lines(_ indexPath: IndexPath) -> CGFloat { CGFloat(1 + (indexPath.item &* 7 &+ indexPath.section) % 3) }
        func numberOfSections(in collectionView: CollectionView) -> Int { sections }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { itemsPerSection }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! Cell
            cell.lines = Self.lines(indexPath)
            return cell
        }
        func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath)
            -> CollectionReusableView
        {
            collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        }
        func collectionView(_ collectionView: CollectionView, layout: FlowLayout, heightForItemAt indexPath: IndexPath, itemWidth: CGFloat) -> CGFloat
        {
            Self.lines(indexPath)
        }
    }

    /// The three section kinds, made once and shared by every section of their kind.
    @MainActor static func makeLayout() -> CollectionViewCompositionalLayout {
        func header() -> CollectionLayoutBoundarySupplementaryItem {
            let header = CollectionLayoutBoundarySupplementaryItem(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
                elementKind: CollectionView.elementKindSectionHeader, alignment: .top)
            header.pinToVisibleBounds = true
            return header
        }
        let row = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(2)))
        let list = CollectionLayoutSection(
            group: .horizontal(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(2)), subitems: [row]))
        list.boundarySupplementaryItems = [header()]
        let tile = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .estimated(2)))
        let grid = CollectionLayoutSection(
            group: .horizontal(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(2)), subitems: [tile]))
        grid.interGroupSpacing = 1
        grid.boundarySupplementaryItems = [header()]
        let card = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(2)))
        let carousel = CollectionLayoutSection(
            group: .horizontal(
                layoutSize: CollectionLayoutSize(widthDimension: .absolute(30), heightDimension: .estimated(2)), subitems: [card]))
        carousel.orthogonalScrollingBehavior = .groupPaging
        carousel.interGroupSpacing = 2
        let kinds = [list, grid, carousel]
        return CollectionViewCompositionalLayout(sectionProvider: { index, _ in kinds[index % 3] })
    }

    @MainActor static func makeView(sections: Int, compositional: Bool) -> (CollectionView, Source) {
        let source = Source(sections: sections)
        let layout: CollectionViewLayout
        if compositional {
            layout = makeLayout()
        } else {
            let flow = FlowLayout()
            flow.headerReferenceSize = CGSize(width: 0, height: 1)
            flow.delegate = source
            layout = flow
        }
        let view = CollectionView(frame: frame, collectionViewLayout: layout)
        view.register(Cell.self, forCellWithReuseIdentifier: "cell")
        view.register(CollectionReusableView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        view.dataSource = source
        return (view, source)
    }

    static func suite(quick: Bool) -> BenchSuite {
        let strategies: (String) -> [BenchStrategy] = { operation in
            [
                BenchStrategy(name: "compositional", setUp: { rows in makeCase(operation, rows: rows, compositional: true) }),
                BenchStrategy(
                    name: "FlowLayout", setUp: { rows in makeCase(operation, rows: rows, compositional: false) },
                    maxRows: quick ? 100_000 : nil),
            ]
        }
        var suite = BenchSuite(
            name: "compositional", scales: quick ? [100_000] : scales,
            operations: ["compositionalReload", "compositionalJump", "compositionalScrollStep"].map {
                BenchOperation(name: $0, baseline: "FlowLayout", strategies: strategies($0))
            })
        suite.operations.append(
            BenchOperation(
                name: "compositionalMemory", baseline: nil,
                strategies: [BenchStrategy(name: "compositional", setUp: { sections in memoryCase(sections: sections) })],
                scales: quick ? [1_000] : memorySections))
        suite.commentary = { _ in
            [
                "compositional: \(Report.grouped(scales[0])) items in \(Report.grouped(scales[0] / itemsPerSection)) sections (list, 3-column grid, "
                    + "paging carousel in turn), estimated heights measured by their cells, an \(Int(frame.width))×\(Int(frame.height)) viewport; "
                    + "FlowLayout holds the same items in one column and asks every height up front."
            ]
        }
        return suite
    }

    /// One case of `operation` at `rows` items.
    static func makeCase(_ operation: String, rows: Int, compositional: Bool) -> BenchCase {
        MainActor.assumeIsolated {
            let sections = max(1, rows / itemsPerSection)
            let (view, source) = makeView(sections: sections, compositional: compositional)
            view.reloadData()
            switch operation {
            case "compositionalReload":
                return BenchCase(step: { _ in
                    MainActor.assumeIsolated {
                        view.reloadData()
                        view.layoutIfNeeded()
                        withExtendedLifetime(source) {}
                    }
                })
            case "compositionalJump":
                var rng = SystemRandomNumberGenerator()
                let targets = (0..<4096).map { _ in
                    IndexPath(item: Int.random(in: 0..<itemsPerSection, using: &rng), section: Int.random(in: 0..<sections, using: &rng))
                }
                return BenchCase(step: { i in
                    MainActor.assumeIsolated {
                        view.scrollToItem(at: targets[i & 4095], at: .top, animated: false)
                        withExtendedLifetime(source) {}
                    }
                })
            default:
                let stepSize = Double(frame.height) / 10
                return BenchCase(step: { i in
                    MainActor.assumeIsolated {
                        // The maximum moves as estimates become heights, so it is read every step.
                        let maximum = Double(view.maximumContentOffsetY)
                        view.contentOffset.y = CGFloat(TableSuites.pathOffset(i, start: 0, stepSize: stepSize, maximum: maximum))
                        withExtendedLifetime(source) {}
                    }
                })
            }
        }
    }

    /// What a reload of `sections` sections keeps, per section: the reload is timed as a step,
    /// the bytes come from malloc statistics around the first one.
    static func memoryCase(sections: Int) -> BenchCase {
        MainActor.assumeIsolated {
            let (view, source) = makeView(sections: sections, compositional: true)
            // Pools and templates first (a small load, then an empty one): what the measured reload keeps is the layout's.
            source.sections = 3
            view.reloadData()
            view.layoutIfNeeded()
            source.sections = 0
            view.reloadData()
            view.layoutIfNeeded()
            source.sections = sections
            let bytes = Harness.allocation {
                view.reloadData()
                view.layoutIfNeeded()
            }.bytes
            var benchCase = BenchCase(step: { _ in
                MainActor.assumeIsolated {
                    view.reloadData()
                    view.layoutIfNeeded()
                    withExtendedLifetime(source) {}
                }
            })
            benchCase.bytesPerRow = bytes.map { Double($0) / Double(sections) }
            return benchCase
        }
    }

    /// The suite's targets (Docs/performance.md, "Targets").
    static var targets: [BenchTarget] {
        let million = scales[0]
        return [
            Targets.time(
                "compositionalReload (compositional, 10^6 items in 10^4 sections)",
                .init(suite: "compositional", operation: "compositionalReload", strategy: "compositional", rows: million),
                limit: 5_000_000, source: "compositional-layout.md"),
            Targets.time(
                "compositionalJump (compositional, 10^6 items)",
                .init(suite: "compositional", operation: "compositionalJump", strategy: "compositional", rows: million),
                limit: 50_000, source: "compositional-layout.md"),
            Targets.time(
                "compositionalScrollStep (compositional, 10^6 items)",
                .init(suite: "compositional", operation: "compositionalScrollStep", strategy: "compositional", rows: million),
                limit: 20_000, source: "compositional-layout.md"),
            BenchTarget(
                name: "compositionalMemory (compositional, 10^4 sections)", requirement: "≤ 64 bytes/section", source: "compositional-layout.md",
                needs: [.init(suite: "compositional", operation: "compositionalMemory", strategy: "compositional", rows: memorySections[0])],
                judge: { results, _ in
                    guard let bytes = results[0].bytesPerRow else { return ("not measured (no malloc statistics)", false) }
                    return (String(format: "%.1f bytes/section", bytes), bytes <= 64)
                }),
        ]
    }
}
