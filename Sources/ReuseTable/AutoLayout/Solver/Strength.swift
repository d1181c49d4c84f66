/// Constraint strengths, as kiwi composes them: three levels of weight in one `Double`.
///
/// A strength is `a·1_000_000 + b·1_000 + c`, each part clipped to `0...1000`,
/// so (within the clip) one strong violation outweighs any realistic number of
/// medium ones. `required` is above every composite strength and means "must hold".
public enum Strength {
    /// Must hold: 1_001_001_000.
    public static let required: Double = create(1000, 1000, 1000)
    /// 1_000_000.
    public static let strong: Double = create(1, 0, 0)
    /// 1_000.
    public static let medium: Double = create(0, 1, 0)
    /// 1.
    public static let weak: Double = create(0, 0, 1)

    /// The composite strength `a·w·1e6 + b·w·1e3 + c·w`, each product clipped to `0...1000`.
    public static func create(_ a: Double, _ b: Double, _ c: Double, _ w: Double = 1) -> Double {
        var result = 0.0
        result += max(0, min(1000, a * w)) * 1_000_000
        result += max(0, min(1000, b * w)) * 1000
        result += max(0, min(1000, c * w))
        return result
    }

    /// `value` clipped to `0...required`.
    static func clip(_ value: Double) -> Double {
        max(0, min(required, value))
    }
}
