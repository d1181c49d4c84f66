import Foundation

/// Where a `Label` puts each line across its width (UIKit: `NSTextAlignment`).
///
/// Alignment is drawing only: it never changes how text wraps or how tall it is.
/// ReuseTable lays out left to right, so `natural` is `left`.
public enum TextAlignment: Hashable, Sendable {
    /// Lines start at the left edge.
    case left
    /// Lines are centered (an odd column left over goes to the right).
    case center
    /// Lines end at the right edge.
    case right
    /// Lines but the last of each paragraph are stretched to the full width at their spaces.
    case justified
    /// The reading direction's start: the left.
    case natural
}
