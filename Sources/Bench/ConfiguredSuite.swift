import Foundation
import ReuseTable

// The `configured` suite: what a configured dequeue costs next to a plain one. A collection
// view of n one-line items (an 80×24 terminal, a `FlowLayout` list) scrolled a screen a step,
// so every step dequeues and shows 24 cells, each with a name and a detail:
// - `plain`: `dequeueReusableCell(withReuseIdentifier:for:)` of a cell with two labels placed by hand;
// - `configured`: `dequeueConfiguredReusableCell(using:for:item:)` of a `CollectionViewListCell`
//   from a `CellRegistration`, its content a `ListContentConfiguration.valueCell()`.

enum ConfiguredSuite {
    /// The viewport: a terminal.
    static let frame = CGRect(x: 0, y: 0, width: 80, height: 24)

    static func suite(quick: Bool) -> BenchSuite {
        BenchSuite(
            name: "configured", scales: quick ? [10_000] : [100_000],
            operations: [
                BenchOperation(
                    name: "dequeueScreenStep", baseline: "plain",
                    strategies: [
                        BenchStrategy(name: "plain", setUp: { rows in makeCase(rows: rows, configured: false) }),
                        BenchStrategy(name: "configured", setUp: { rows in makeCase(rows: rows, configured: true) }),
                    ])
            ])
    }

    /// The texts of item `item`.
    static func texts(_ item: Int) -> (name: String, detail: String) { ("item \(item)", "\(item % 997) KB") }

    /// A cell the classic way: a name at the leading side and a detail at the trailing one.
    final class PlainCell: CollectionViewCell {
        let name = Label()
        let detail = Label()

        required init(reuseIdentifier: String?) {
            super.init(reuseIdentifier: reuseIdentifier)
            contentView.addSubview(name)
            contentView.addSubview(detail)
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            let width = contentView.bounds.width
            let detailWidth = CGFloat(detail.text.count)
            detail.frame = CGRect(x: max(1, width - detailWidth - 1), y: 0, width: detailWidth, height: 1)
            name.frame = CGRect(x: 1, y: 0, width: max(0, detail.frame.minX - 2), height: 1)
        }
    }

    /// The items dequeued one way or the other.
    final class Source: CollectionViewDataSource {
        let rows: Int
        let configured: Bool
        let registration = CollectionView.CellRegistration<CollectionViewListCell, Int> { cell, _, item in
            var content = ListContentConfiguration.valueCell()
            let (name, detail) = ConfiguredSuite.texts(item)
            content.text = name
            content.secondaryText = detail
            cell.contentConfiguration = content
        }

        init(rows: Int, configured: Bool) { (self.rows, self.configured) = (rows, configured) }

        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { rows }

        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            if configured { return collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: indexPath.item) }
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "plain", for: indexPath) as! PlainCell
            let (name, detail) = ConfiguredSuite.texts(indexPath.item)
            cell.name.text = name
            cell.detail.text = detail
            return cell
        }
    }

    /// The list of `rows` items, laid out at the top.
    @MainActor static func makeList(rows: Int, configured: Bool) -> (CollectionView, Source) {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 0, height: 1)
        let list = CollectionView(frame: frame, collectionViewLayout: layout)
        list.register(PlainCell.self, forCellWithReuseIdentifier: "plain")
        let source = Source(rows: rows, configured: configured)
        list.dataSource = source
        list.reloadData()
        list.layoutIfNeeded()
        return (list, source)
    }

    /// One screen down a step, bouncing at the ends.
    static func makeCase(rows: Int, configured: Bool) -> BenchCase {
        MainActor.assumeIsolated {
            let (list, source) = makeList(rows: rows, configured: configured)
            let maximum = Double(list.contentSize.height - frame.height)
            return BenchCase(step: { i in
                MainActor.assumeIsolated {
                    if configured { configuredStep(list, i, maximum: maximum) } else { step(list, i, maximum: maximum) }
                    withExtendedLifetime(source) {}
                }
            })
        }
    }

    /// A configured step in its own function, so callgrind can collect it alone
    /// (`--toggle-collect='*ConfiguredSuite*configuredStep*'`, Docs/performance-journal.md).
    @inline(never) @MainActor static func configuredStep(_ list: CollectionView, _ i: Int, maximum: Double) {
        step(list, i, maximum: maximum)
    }

    @MainActor static func step(_ list: CollectionView, _ i: Int, maximum: Double) {
        list.contentOffset.y = CGFloat(TableSuites.pathOffset(i, start: 0, stepSize: Double(frame.height), maximum: maximum))
        list.layoutIfNeeded()
    }
}
