import Foundation
import ReuseTable
import ReuseTableTerminal
import Testing

// The horizontal indicator of a sideways-scrolling section: drawn over the band's last line, its
// thumb's length the share of the band on screen and its place the share to the left of it.

/// A tile painting its frame with a letter.
@MainActor
private final class LetterTile: CollectionViewCell, GridDrawable {
    func draw(in grid: inout CharGrid, frame: GridRect, clip: GridRect) { grid.fill(frame, character: "x", clip: clip) }
}

@MainActor
private final class Carousel: CollectionViewDataSource {
    func numberOfSections(in collectionView: CollectionView) -> Int { 2 }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { section == 0 ? 10 : 5 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
    }

    /// A 40 × 12 view: section 0 a band of ten 10 × 3 tiles (100 columns, 40 shown), section 1 a
    /// list of five rows 3 lines tall.
    func makeView() -> CollectionView {
        let item = CollectionLayoutItem(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let tile = CollectionLayoutGroup.horizontal(
            layoutSize: CollectionLayoutSize(widthDimension: .absolute(10), heightDimension: .absolute(3)), subitems: [item])
        let band = CollectionLayoutSection(group: tile)
        band.orthogonalScrollingBehavior = .continuous
        let row = CollectionLayoutGroup.horizontal(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(3)), subitems: [item])
        let list = CollectionLayoutSection(group: row)
        let layout = CollectionViewCompositionalLayout(sectionProvider: { index, _ in index == 0 ? band : list })
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 40, height: 12), collectionViewLayout: layout)
        view.register(LetterTile.self, forCellWithReuseIdentifier: "tile")
        view.dataSource = self
        view.showsVerticalScrollIndicator = false
        view.layoutIfNeeded()
        return view
    }
}

@MainActor
@Suite struct OrthogonalScrollIndicatorTests {
    /// The columns of each line drawn with the thumb's character.
    func thumbs(_ view: CollectionView) -> [Int: Range<Int>] {
        let grid = Renderer.render(view, width: 40, height: 12)
        var found: [Int: Range<Int>] = [:]
        for line in 0..<grid.height {
            let columns = (0..<grid.width).filter { grid[$0, line].character == DefaultLook.standard.horizontalIndicatorCharacter }
            if let first = columns.first { found[line] = first..<(columns.last! + 1) }
        }
        return found
    }

    @Test func theThumbFollowsTheBandsOffsetOverItsLastLine() throws {
        let source = Carousel()
        let view = source.makeView()
        let widths = try #require(view.orthogonalContentWidth(forSection: 0))
        #expect(widths.content == 100 && widths.visible == 40)
        #expect(view.orthogonalContentWidth(forSection: 1) == nil)  // the list does not scroll sideways
        // 40 of 100 columns on screen: a thumb of 16; 60 columns of offset move it along the other 24.
        for offset in [0, 7, 30, 45, 60] {
            view.dragOrthogonalSection(0, by: view.orthogonalContentOffset(forSection: 0) - CGFloat(offset))  // a finger moves the other way
            #expect(view.orthogonalContentOffset(forSection: 0) == CGFloat(offset))
            let start = Int((24 * Double(offset) / 60).rounded())
            #expect(thumbs(view) == [2: start..<(start + 16)], "offset \(offset)")
        }
        // The band scrolled up a line: the thumb with it.
        view.contentOffset.y = 1
        view.layoutIfNeeded()
        #expect(thumbs(view) == [1: 24..<40])
        // Scrolled off the screen: no thumb.
        view.contentOffset.y = 4
        view.layoutIfNeeded()
        #expect(thumbs(view).isEmpty)
    }

    @Test func noThumbWhenTheViewHidesItsHorizontalIndicator() {
        let view = Carousel().makeView()
        #expect(thumbs(view) == [2: 0..<16])
        view.showsHorizontalScrollIndicator = false
        #expect(thumbs(view).isEmpty && OrthogonalScrollIndicator.all(in: view).isEmpty)
    }

    /// The terminal's SGR mouse reports through a `ListScreen`: a press on the thumb takes it, each
    /// drag slides the band so the thumb's held column follows the pointer, the release lets go.
    @Test func aDragOnTheThumbSlidesTheBandToWhereItPoints() {
        let source = Carousel()  // the view holds its data source weakly
        let view = source.makeView()
        let screen = ListScreen(collectionView: view)
        screen.resize(width: 40, height: 12)
        func send(_ report: String) -> [KeyResponse] { KeyDecoder.decode(Array(report.utf8)).map { screen.handle($0) } }
        // The thumb (16 of 40 columns) is on line 2 (the terminal's 3), columns 0..<16; held at its column 4.
        #expect(screen.target(atColumn: 4, line: 2) == .orthogonalIndicator(section: 0, column: 4))
        #expect(screen.target(atColumn: 20, line: 2) == .row(IndexPath(item: 2, section: 0)), "past the thumb: the tile")
        #expect(send("\u{1B}[<0;5;3M") == [.unchanged], "a press on the thumb does not move it")
        // Model: the thumb starts at the pointer less the held 4, within 0...24; the offset is that share of 60.
        for column in [10, 28, 39, 0, 17, 4] {
            _ = send("\u{1B}[<32;\(column + 1);\(column % 5 + 1)M")  // the line does not matter once the thumb is held
            let start = min(max(column - 4, 0), 24)
            #expect(view.orthogonalContentOffset(forSection: 0) == (CGFloat(start) / 24 * 60).rounded(), "column \(column)")
            #expect(thumbs(view) == [2: start..<(start + 16)], "column \(column)")
        }
        let offset = view.orthogonalContentOffset(forSection: 0)
        #expect(send("\u{1B}[<0;9;3m") == [.unchanged], "a .continuous band rests where it was let go")
        #expect(view.orthogonalContentOffset(forSection: 0) == offset)
        #expect(send("\u{1B}[<32;30;3M") == [.unchanged], "after the release a drag is no longer the thumb's")
        #expect(view.orthogonalContentOffset(forSection: 0) == offset && view.indexPathsForSelectedItems?.isEmpty ?? true)
    }
}
