import Foundation

/// Distances inward from the edges of a rectangle, leading and trailing instead of left and right
/// (UIKit: `NSDirectionalEdgeInsets`). ReuseTable lays out left to right, so leading is left.
public struct DirectionalEdgeInsets: Hashable, Sendable {
    /// The distance from each edge, in points.
    public var top, leading, bottom, trailing: CGFloat

    /// Insets with the four distances.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No inset on any edge.
    public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}
