import Foundation

/// Distances inward from the edges of a rectangle (UIKit: `UIEdgeInsets`).
public struct EdgeInsets: Equatable, Sendable {
    /// The distance from each edge, in points.
    public var top, left, bottom, right: CGFloat

    /// Insets with the four distances.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
