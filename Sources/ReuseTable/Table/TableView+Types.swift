import Foundation

// The table's small vocabulary types, as UIKit names them.

extension TableView {
    /// `.plain`: section headers stick to the top while their section is on screen; `.grouped` and
    /// `.insetGrouped`: they scroll.
    public enum Style: Sendable {
        /// Headers pin to the top edge while any of their section is on screen (UIKit: `.plain`).
        case plain
        /// Headers and footers scroll with their rows (UIKit: `.grouped`).
        case grouped
        /// As `.grouped`, with every cell inset from both sides of the table (UIKit: `.insetGrouped`,
        /// whose sections sit inside the layout margins as rounded cards). Headless, "inset" is geometry:
        /// a cell's frame, and `rectForRow(at:)`, start 20 points from the left edge and end 20 points
        /// from the right (UIKit's margin on an iPhone), at most half the table's width each; cells are
        /// measured at that narrower width. Headers, footers and `rect(forSection:)` keep the full width.
        case insetGrouped
    }
    /// Whether rows end with a hairline separator: added to a self-sized row's height, and below each cell's contentView.
    public enum SeparatorStyle: Sendable {
        /// No separator: a self-sized row is exactly its fitting height, and the contentView is the whole cell's height.
        case none
        /// A one-pixel separator (`1 / screenScale`) at the bottom of each row, as UIKit's default: a self-sized row
        /// is its fitting height plus the separator, and the contentView stops above it.
        case singleLine
    }
    /// Where `scrollToRow(at:at:animated:)` puts the row.
    public enum ScrollPosition: Sendable {
        /// Scroll as little as possible to make the row fully visible (UIKit: `.none`).
        case none
        /// Put the row's top at the top edge of the viewport.
        case top
        /// Center the row in the viewport.
        case middle
        /// Put the row's bottom at the bottom edge of the viewport.
        case bottom
    }
    /// Kept for signature parity: a headless table applies changes immediately.
    /// Every case behaves the same; the names are UIKit's so calls read as they do on iOS.
    public enum RowAnimation: Sendable {
        /// UIKit: no animation.
        case none
        /// UIKit: the table picks a style.
        case automatic
        /// UIKit: rows fade in or out.
        case fade
        /// UIKit: rows slide from or to the top.
        case top
        /// UIKit: rows slide from or to the bottom.
        case bottom
        /// UIKit: rows slide from or to the left.
        case left
        /// UIKit: rows slide from or to the right.
        case right
        /// UIKit: rows appear or vanish in place, centered.
        case middle
    }

    /// Row, header or footer height meaning "size it from its content" (UIKit's value, -1).
    public static let automaticDimension: CGFloat = -1
}
