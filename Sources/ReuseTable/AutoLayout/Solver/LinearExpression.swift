/// A sum of terms plus a constant (kiwi's `Expression`; renamed because Foundation has an `Expression`).
///
/// Short expressions read best with the operators (`2 * x + y - 10`); long
/// ones are faster to compile from an array of `Term`s.
public struct LinearExpression {
    /// The variable parts, in the order given (not reduced; a `Constraint` reduces its copy).
    public var terms: [Term]
    /// The constant part.
    public var constant: Double

    /// `Σ terms + constant`.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression evaluated at the variables' current values.
    /// - Complexity: O(number of terms).
    public var value: Double {
        var result = constant
        for term in terms { result += term.value }
        return result
    }

    /// The same expression with like terms combined, in first-appearance order.
    /// - Complexity: O(number of terms).
    func reduced() -> LinearExpression {
        if terms.count < 2 { return self }
        var positions: [ObjectIdentifier: Int] = [:]
        var combined: [Term] = []
        combined.reserveCapacity(terms.count)
        for term in terms {
            let key = ObjectIdentifier(term.variable)
            if let index = positions[key] {
                combined[index].coefficient += term.coefficient
            } else {
                positions[key] = combined.count
                combined.append(term)
            }
        }
        return LinearExpression(combined, constant: constant)
    }
}

extension LinearExpression: CustomStringConvertible {
    /// For example `x + 2 * y - 10`.
    public var description: String {
        var text = ""
        for term in terms {
            if text.isEmpty {
                text = term.coefficient < 0 ? "-" + Term(term.variable, -term.coefficient).description : term.description
            } else if term.coefficient < 0 {
                text += " - " + Term(term.variable, -term.coefficient).description
            } else {
                text += " + " + term.description
            }
        }
        if text.isEmpty { return formatNumber(constant) }
        if constant > 0 { text += " + " + formatNumber(constant) }
        if constant < 0 { text += " - " + formatNumber(-constant) }
        return text
    }
}
