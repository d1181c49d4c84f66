/// A variable times a coefficient (kiwi's `Term`).
public struct Term {
    /// The unknown.
    public var variable: Variable
    /// Its multiplier.
    public var coefficient: Double

    /// `coefficient · variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    /// `coefficient · variable.value`, from the last `updateVariables()`.
    public var value: Double { coefficient * variable.value }
}

extension Term: CustomStringConvertible {
    /// For example `2 * width`.
    public var description: String {
        coefficient == 1 ? variable.description : "\(formatNumber(coefficient)) * \(variable)"
    }
}

/// A number without a trailing ".0" when it is whole, for readable messages.
func formatNumber(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
        return String(Int64(value))
    }
    return String(value)
}
