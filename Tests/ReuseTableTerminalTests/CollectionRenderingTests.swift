import Foundation
import ReuseTable
import Testing

@testable import ReuseTableTerminal

/// A tile: a label filling the contentView. No drawing code.
@MainActor
private final class TextTile: CollectionViewCell {
    let label = Label()

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        contentView.addSubview(label)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = contentView.bounds
    }
}

/// A section header of the collection view: one label.
@MainActor
private final class TextBanner: CollectionReusableView {
    let label = Label()

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        addSubview(label)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds
    }
}

/// Items of given heights in a waterfall, each showing its name.
@MainActor
private final class Tiles: CollectionViewDataSource, WaterfallLayoutDelegate {
    var sections: [[(name: String, height: Int)]]
    var titles: [String]

    init(_ sections: [[(name: String, height: Int)]], titles: [String] = []) {
        self.sections = sections
        self.titles = titles
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let tile = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath) as! TextTile
        tile.label.text = sections[indexPath.section][indexPath.item].name
        return tile
    }

    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind elementKind: String, at indexPath: IndexPath
    ) -> CollectionReusableView {
        let banner =
            collectionView.dequeueReusableSupplementaryView(ofKind: elementKind, withReuseIdentifier: "banner", for: indexPath)
            as! TextBanner
        banner.label.text = titles[indexPath.section]
        return banner
    }

    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, itemWidth: CGFloat
    ) -> CGFloat {
        CGFloat(sections[indexPath.section][indexPath.item].height)
    }

    func collectionView(_ collectionView: CollectionView, layout: WaterfallLayout, heightForHeaderInSection section: Int) -> CGFloat {
        section < titles.count ? 1 : 0
    }

    func makeCollection(width: Int, height: Int, columns: Int) -> CollectionView {
        let layout = WaterfallLayout(numberOfColumns: columns, margin: 1)
        layout.delegate = self
        let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
        collection.register(TextTile.self, forCellWithReuseIdentifier: "tile")
        collection.register(
            TextBanner.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "banner")
        collection.dataSource = self
        collection.layoutIfNeeded()
        return collection
    }
}

@MainActor
@Suite struct CollectionRenderingTests {
    @Test func aWaterfallPlacesEachTileInTheShortestColumn() {
        // Two columns of 9 (19 − 1 margin) / 2; a margin line between tiles in a column.
        let tiles = Tiles([[("one", 3), ("two", 1), ("three", 1), ("four", 2), ("five", 1)]])
        let collection = tiles.makeCollection(width: 19, height: 8, columns: 2)
        let grid = Renderer.render(collection, width: 19, height: 8)
        #expect(
            grid.trimmedLines == [
                "one       two",
                "",
                "          three",
                "",
                "four      five",
                "",
                "",
                "",
            ])
        collection.contentOffset.y = 2
        #expect(Renderer.render(collection, width: 19, height: 3).trimmedLines == ["          three", "", "four      five"])
    }

    @Test func aSelectedTileIsReversedOverItsWholeRectangle() {
        let tiles = Tiles([[("one", 3), ("two", 1)]])
        let collection = tiles.makeCollection(width: 19, height: 4, columns: 2)
        collection.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: .none)
        let grid = Renderer.render(collection, width: 19, height: 4)
        #expect(grid.allCells(in: GridRect(x: 0, y: 0, width: 9, height: 3)) { $0.reverse })
        #expect(grid.allCells(in: GridRect(x: 9, y: 0, width: 10, height: 4)) { !$0.reverse })
        #expect(grid.allCells(in: GridRect(x: 0, y: 3, width: 19, height: 1)) { !$0.reverse })
    }

    @Test func sectionHeadersOfACollectionViewAreBars() {
        let tiles = Tiles([[("one", 1), ("two", 1)], [("three", 1)]], titles: ["Monday", "Tuesday"])
        let collection = tiles.makeCollection(width: 19, height: 6, columns: 2)
        let grid = Renderer.render(collection, width: 19, height: 6)
        #expect(grid.trimmedLines == ["Monday", "one       two", "", "Tuesday", "three", ""])
        #expect(grid.allCells(in: GridRect(x: 0, y: 0, width: 19, height: 1)) { $0 == DefaultLook.standard.header })
        #expect(grid.allCells(in: GridRect(x: 0, y: 1, width: 19, height: 2)) { $0 == .plain })
    }
}
