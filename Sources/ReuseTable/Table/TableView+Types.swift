import Foundation

// The table's small vocabulary types, as UIKit names them.

extension TableView {
    /// `.plain`: section headers stick to the top while their section is on screen; `.grouped`: they scroll.
    public enum Style: Sendable { case plain, grouped }
    /// Whether self-sized rows get a hairline separator added to their height.
    public enum SeparatorStyle: Sendable { case none, singleLine }
    /// Where `scrollToRow(at:at:animated:)` puts the row.
    public enum ScrollPosition: Sendable { case none, top, middle, bottom }
    /// Kept for signature parity: a headless table applies changes immediately.
    public enum RowAnimation: Sendable { case none, automatic, fade, top, bottom, left, right, middle }

    /// Row, header or footer height meaning "size it from its content" (UIKit's value, -1).
    public static let automaticDimension: CGFloat = -1
}
