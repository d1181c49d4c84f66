/// How a constraint's expression relates to zero.
public enum RelationalOperator: Sendable {
    /// `expression <= 0`.
    case lessThanOrEqual
    /// `expression == 0`.
    case equal
    /// `expression >= 0`.
    case greaterThanOrEqual
}

/// A linear relation `expression op 0` with a strength (kiwi's `Constraint`).
///
/// Immutable: to change a constraint, remove it and add another (or use an
/// edit variable). Identity is the object, so one constraint can be added to
/// a solver once.
///
///     let c = x + y == 10          // required
///     let soft = (x >= 3) | Strength.weak
public final class Constraint {
    /// The reduced expression (like terms combined).
    public let expression: LinearExpression
    /// The relation to zero.
    public let op: RelationalOperator
    /// The strength, clipped to `0...Strength.required`.
    public let strength: Double

    /// `expression op 0` at `strength`.
    /// - Complexity: O(number of terms).
    public init(_ expression: LinearExpression, _ op: RelationalOperator, strength: Double = Strength.required) {
        self.expression = expression.reduced()
        self.op = op
        self.strength = Strength.clip(strength)
    }

    /// A copy with another strength, sharing the already reduced expression.
    init(reduced expression: LinearExpression, _ op: RelationalOperator, strength: Double) {
        self.expression = expression
        self.op = op
        self.strength = Strength.clip(strength)
    }

    /// True when the expression, at the variables' current values, satisfies the relation within `tolerance`.
    func isSatisfied(tolerance: Double = 1e-8) -> Bool {
        let value = expression.value
        switch op {
        case .equal: return abs(value) <= tolerance
        case .lessThanOrEqual: return value <= tolerance
        case .greaterThanOrEqual: return value >= -tolerance
        }
    }
}

extension Constraint: CustomStringConvertible {
    /// For example `x + y - 10 == 0 | required`.
    public var description: String {
        let relation: String
        switch op {
        case .equal: relation = "=="
        case .lessThanOrEqual: relation = "<="
        case .greaterThanOrEqual: relation = ">="
        }
        let level: String
        switch strength {
        case Strength.required: level = "required"
        case Strength.strong: level = "strong"
        case Strength.medium: level = "medium"
        case Strength.weak: level = "weak"
        default: level = formatNumber(strength)
        }
        return "\(expression) \(relation) 0 | \(level)"
    }
}

/// A copy of `constraint` with `strength` (kiwi's `constraint | strength`).
public func | (constraint: Constraint, strength: Double) -> Constraint {
    Constraint(reduced: constraint.expression, constraint.op, strength: strength)
}
