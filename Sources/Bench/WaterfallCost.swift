import Foundation
import ReuseTable
import SeededRandom
import Figures

/// `swift run -c release Demo waterfall-cost`: what an insert costs a `WaterfallLayout`
/// holding 1,000,000 items, as one section and as 1,000 sections of 1,000.
///
/// Heights are synthetic (a hash of the item's id, O(1)), so the numbers are the
/// layout's own work: the insert asks one height and re-places the rest of its section.
/// Medians of `runs` insert/delete pairs; no assertions (timing lives in the bench, never in tests).
@MainActor
public enum WaterfallCost {
    /// Items per section and a stable id per item, so that heights follow their items.
    final class Model: CollectionViewDataSource, WaterfallLayoutDelegate {
        var sections: [[UInt64]]
        var nextID: UInt64 = 1 << 40
        init(sections: Int, items: Int) {
            self.sections = (0..<sections).map { s in (0..<items).map { UInt64(s * items + $0) } }
        }
        func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        }
        func collectionView(
            _ collectionView: CollectionView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath,
            itemWidth: CGFloat
        ) -> CGFloat {
            CGFloat(3 + SplitMix64.hash(sections[indexPath.section][indexPath.item]) % 8)
        }
    }

    /// Measures and prints the two shapes; returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        let runs = 9
        print("WaterfallLayout, 3 columns, margin 1, width 100; 1,000,000 items; median of \(runs) runs.")
        for (sections, items) in [(1, 1_000_000), (1_000, 1_000)] {
            let model = Model(sections: sections, items: items)
            let layout = WaterfallLayout(numberOfColumns: 3, margin: 1)
            layout.delegate = model
            let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 30), collectionViewLayout: layout)
            collection.register(CollectionViewCell.self, forCellWithReuseIdentifier: "tile")
            collection.dataSource = model
            let reload = time { collection.reloadData() }
            let shape = "\(sections.grouped) × \(items.grouped)"
            print(
                "  \(shape.padding(toLength: 13, withPad: " ", startingAt: 0)) reloadData            \(format(reload))  placed \(layout.itemsPlacedByLastPrepare.grouped)"
            )
            let section = sections / 2
            for item in [10, items - 10] {
                var inserts: [UInt64] = [], deletes: [UInt64] = []
                var placed = 0
                for _ in 0..<runs {
                    let indexPath = IndexPath(item: item, section: section)
                    model.sections[section].insert(model.nextID, at: item)
                    model.nextID += 1
                    inserts.append(time { collection.insertItems(at: [indexPath]) })
                    placed = layout.itemsPlacedByLastPrepare
                    model.sections[section].remove(at: item)
                    deletes.append(time { collection.deleteItems(at: [indexPath]) })
                }
                print(
                    "  \(shape.padding(toLength: 13, withPad: " ", startingAt: 0)) insert at item \(item.grouped.padding(toLength: 8, withPad: " ", startingAt: 0))"
                        + "\(format(median(inserts)))  re-placed \(placed.grouped); delete \(format(median(deletes)))")
            }
        }
        return 0
    }

    private static func time(_ work: () -> Void) -> UInt64 {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        return DispatchTime.now().uptimeNanoseconds - start
    }

    private static func median(_ values: [UInt64]) -> UInt64 { values.sorted()[values.count / 2] }

    private static func format(_ nanoseconds: UInt64) -> String {
        let ms = Double(nanoseconds) / 1e6
        return (ms < 1 ? String(format: "%.3f ms", ms) : String(format: "%.1f ms", ms)).padding(toLength: 10, withPad: " ", startingAt: 0)
    }
}
