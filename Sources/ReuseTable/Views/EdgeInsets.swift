import Foundation

/// Distances inset from each edge of a rectangle (UIKit: `UIEdgeInsets`).
///
/// A scroll view's `contentInset` uses it: the content may scroll under the
/// insets (a translucent bar, a keyboard), and the offset range grows by them.
///
/// ```swift
/// table.contentInset = EdgeInsets(top: 64, left: 0, bottom: 34, right: 0)
/// table.contentOffset.y = -64   // the first row just below the top bar
/// ```
public struct EdgeInsets: Equatable, Hashable, Sendable {
    /// Distance from the top edge.
    public var top: CGFloat
    /// Distance from the left edge.
    public var left: CGFloat
    /// Distance from the bottom edge.
    public var bottom: CGFloat
    /// Distance from the right edge.
    public var right: CGFloat

    /// Insets with the given distances, in UIKit's argument order.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any edge (UIKit: `UIEdgeInsets.zero`).
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
