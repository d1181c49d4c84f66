import Foundation
import ReuseTable
import ReuseTableTerminal

/// A boxed card: the app's name on the top border, its pitch inside (a carousel page or a grid tile);
/// the border in bold while selected, the name in reverse video while focused.
public final class StoreCardCell: CollectionViewCell, GridDrawable {
    /// The app's pitch, wrapped inside the box.
    public let pitch = Label()
    /// The name drawn on the top border.
    public var title = ""
    /// The rating drawn on the bottom border.
    public var rating = ""

    public required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        contentView.addSubview(pitch)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        pitch.frame = CGRect(x: 2, y: 1, width: max(0, bounds.width - 4), height: max(0, bounds.height - 2))
    }

    /// The pitch's lines plus the two borders (a tile self-sizes to its text).
    public override func sizeThatFits(_ size: CGSize) -> CGSize {
        let text = pitch.sizeThatFits(CGSize(width: max(1, size.width - 4), height: 0))
        return CGSize(width: size.width, height: text.height + 2)
    }

    public func draw(in grid: inout CharGrid, frame: GridRect, clip: GridRect) {
        grid.fill(frame, clip: clip)
        guard frame.width >= 2, frame.height >= 2 else { return }
        grid.drawBorder(frame, style: isSelected ? GridStyle(bold: true) : nil, clip: clip)
        let focused = configurationState.isFocused
        grid.write(" \(title) ", x: frame.x + 1, y: frame.y, style: GridStyle(bold: true, reverse: focused), clip: clip)
        let tag = " \(rating) "
        grid.write(tag, x: frame.maxX - tag.count - 1, y: frame.maxY - 1, clip: clip)
    }
}

/// A list row: the app's name, rating and pitch on as many lines as the pitch wraps to; `▌` at its
/// left edge while focused, reverse video while selected.
public final class StoreRowCell: CollectionViewCell, GridDrawable {
    /// "Name · 4.2★ — pitch", wrapped.
    public let label = Label()

    public required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        contentView.addSubview(label)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = CGRect(x: 1, y: 0, width: max(0, bounds.width - 2), height: bounds.height)
    }

    /// As tall as the text wraps.
    public override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: max(1, label.sizeThatFits(CGSize(width: max(1, size.width - 2), height: 0)).height))
    }

    public func draw(in grid: inout CharGrid, frame: GridRect, clip: GridRect) {
        grid.fill(frame, style: isSelected ? GridStyle(reverse: true) : .plain, clip: clip)
        if configurationState.isFocused {
            grid.fill(GridRect(x: frame.x, y: frame.y, width: 1, height: frame.height), character: "▌", clip: clip)
        }
    }
}

/// A section header: its title on one line (drawn as a bar by the default look).
public final class StoreHeaderView: CollectionReusableView {
    /// The title.
    public let label = Label()

    public required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        addSubview(label)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = CGRect(x: 1, y: 0, width: max(0, bounds.width - 2), height: bounds.height)
    }

    /// One line (a list section's header is estimated and sized by its view).
    public override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: 1) }
}
