import Foundation

/// How much a constraint matters (UIKit: `UILayoutPriority`); 1000 is required.
///
/// Non-required priorities become solver strengths by
/// `strength = 10^(9 · priority / 1000)` (see `strength`), so each 100 points
/// of priority weigh about 8x more and 999 stays below `Strength.required`.
public struct LayoutPriority: RawRepresentable, Comparable, Hashable, Sendable,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral
{
    /// The priority, 0...1000.
    public var rawValue: Float

    /// A priority of `rawValue`.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority of `rawValue`.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// `let p: LayoutPriority = 999.5`.
    public init(floatLiteral value: Float) { rawValue = value }
    /// `let p: LayoutPriority = 999`.
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    /// Must hold (1000).
    public static let required: LayoutPriority = 1000
    /// Compression resistance's default (750).
    public static let defaultHigh: LayoutPriority = 750
    /// Content hugging's default (250).
    public static let defaultLow: LayoutPriority = 250
    /// The priority `systemLayoutSizeFitting` pulls toward the target size with (50).
    public static let fittingSizeLevel: LayoutPriority = 50

    /// Orders by `rawValue`.
    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `priority + n`, as UIKit allows (`.defaultHigh + 1`).
    public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(lhs.rawValue + rhs) }
    /// `priority - n`, as UIKit allows (`.required - 1`).
    public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(lhs.rawValue - rhs) }

    /// True for 1000 and above.
    public var isRequired: Bool { rawValue >= 1000 }

    /// The solver strength: `Strength.required` at 1000, else `10^(9 · p / 1000)` (p clipped to 0...1000).
    public var strength: Double {
        if isRequired { return Strength.required }
        let p = Double(max(0, rawValue))
        return pow(10, 9 * p / 1000)
    }
}
