import Foundation
import ReuseTable
import ReuseTableTerminal

/// A day's header in the waterfall: a real supplementary view
/// (`CollectionView.elementKindSectionHeader`), one line spanning every column,
/// pooled and reused like the tiles.
final class DayHeaderTile: CollectionReusableView, GridDrawable {
    static let identifier = "day"
    let title = StyledLabel(style: GridStyle(bold: true, reverse: true))

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        addSubview(title)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = CGRect(x: 1, y: 0, width: max(0, bounds.width - 1), height: 1)
    }

    func draw(in grid: inout CharGrid, frame: GridRect, clip: GridRect) {
        grid.fill(frame, style: GridStyle(reverse: true), clip: clip)
    }
}
