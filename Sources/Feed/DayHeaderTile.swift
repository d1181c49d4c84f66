import Foundation
import ReuseTable
import ReuseTableTerminal

/// A day's header in the waterfall: a real supplementary view
/// (`CollectionView.elementKindSectionHeader`), one line spanning every column,
/// pooled and reused like the tiles.
public final class DayHeaderTile: CollectionReusableView, GridDrawable {
    /// The reuse identifier the waterfall registers it under.
    public static let identifier = "day"
    /// The day's date and post count, in reverse video.
    public let title = StyledLabel(style: GridStyle(bold: true, reverse: true))

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        addSubview(title)
    }

    /// The title spans the header, one column in from the left.
    public override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = CGRect(x: 1, y: 0, width: max(0, bounds.width - 1), height: 1)
    }

    /// Fills the whole line in reverse video, so the bar spans every column.
    public func draw(in grid: inout CharGrid, frame: GridRect, clip: GridRect) {
        grid.fill(frame, style: GridStyle(reverse: true), clip: clip)
    }
}
