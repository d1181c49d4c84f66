// The operators of kiwi's symbolics: `+ - * /` build `LinearExpression`s and
// `== <= >=` build required `Constraint`s. Declared as static members so they
// are found through the operand types.
//
// Long operator chains are slow for the Swift type checker; build long
// expressions from `[Term]` instead.

extension Variable {
    /// The negation, as a `LinearExpression` term list.
    public static prefix func - (operand: Variable) -> Term { Term(operand, -1) }
    /// `coefficient · variable`.
    public static func * (lhs: Variable, rhs: Double) -> Term { Term(lhs, rhs) }
    /// `coefficient · variable`.
    public static func * (lhs: Double, rhs: Variable) -> Term { Term(rhs, lhs) }
    /// `variable / divisor`.
    public static func / (lhs: Variable, rhs: Double) -> Term { Term(lhs, 1 / rhs) }
    /// The sum, as a `LinearExpression`.
    public static func + (lhs: Variable, rhs: Variable) -> LinearExpression { add(LinearExpression([Term(lhs)]), LinearExpression([Term(rhs)]), 1) }
    /// The difference, as a `LinearExpression`.
    public static func - (lhs: Variable, rhs: Variable) -> LinearExpression { add(LinearExpression([Term(lhs)]), LinearExpression([Term(rhs)]), -1) }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Variable, rhs: Variable) -> Constraint {
        relate(LinearExpression([Term(lhs)]), LinearExpression([Term(rhs)]), .equal)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Variable, rhs: Variable) -> Constraint {
        relate(LinearExpression([Term(lhs)]), LinearExpression([Term(rhs)]), .lessThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Variable, rhs: Variable) -> Constraint {
        relate(LinearExpression([Term(lhs)]), LinearExpression([Term(rhs)]), .greaterThanOrEqual)
    }
    /// The sum, as a `LinearExpression`.
    public static func + (lhs: Variable, rhs: Term) -> LinearExpression { add(LinearExpression([Term(lhs)]), LinearExpression([rhs]), 1) }
    /// The difference, as a `LinearExpression`.
    public static func - (lhs: Variable, rhs: Term) -> LinearExpression { add(LinearExpression([Term(lhs)]), LinearExpression([rhs]), -1) }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Variable, rhs: Term) -> Constraint { relate(LinearExpression([Term(lhs)]), LinearExpression([rhs]), .equal) }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Variable, rhs: Term) -> Constraint {
        relate(LinearExpression([Term(lhs)]), LinearExpression([rhs]), .lessThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Variable, rhs: Term) -> Constraint {
        relate(LinearExpression([Term(lhs)]), LinearExpression([rhs]), .greaterThanOrEqual)
    }
    /// The sum, as a `LinearExpression`.
    public static func + (lhs: Variable, rhs: LinearExpression) -> LinearExpression { add(LinearExpression([Term(lhs)]), rhs, 1) }
    /// The difference, as a `LinearExpression`.
    public static func - (lhs: Variable, rhs: LinearExpression) -> LinearExpression { add(LinearExpression([Term(lhs)]), rhs, -1) }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Variable, rhs: LinearExpression) -> Constraint { relate(LinearExpression([Term(lhs)]), rhs, .equal) }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Variable, rhs: LinearExpression) -> Constraint { relate(LinearExpression([Term(lhs)]), rhs, .lessThanOrEqual) }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Variable, rhs: LinearExpression) -> Constraint { relate(LinearExpression([Term(lhs)]), rhs, .greaterThanOrEqual) }
    /// The sum, as a `LinearExpression`.
    public static func + (lhs: Variable, rhs: Double) -> LinearExpression { add(LinearExpression([Term(lhs)]), LinearExpression(constant: rhs), 1) }
    /// The difference, as a `LinearExpression`.
    public static func - (lhs: Variable, rhs: Double) -> LinearExpression { add(LinearExpression([Term(lhs)]), LinearExpression(constant: rhs), -1) }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Variable, rhs: Double) -> Constraint {
        relate(LinearExpression([Term(lhs)]), LinearExpression(constant: rhs), .equal)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Variable, rhs: Double) -> Constraint {
        relate(LinearExpression([Term(lhs)]), LinearExpression(constant: rhs), .lessThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Variable, rhs: Double) -> Constraint {
        relate(LinearExpression([Term(lhs)]), LinearExpression(constant: rhs), .greaterThanOrEqual)
    }
    /// The sum, as a `LinearExpression`.
    public static func + (lhs: Double, rhs: Variable) -> LinearExpression { add(LinearExpression(constant: lhs), LinearExpression([Term(rhs)]), 1) }
    /// The difference, as a `LinearExpression`.
    public static func - (lhs: Double, rhs: Variable) -> LinearExpression { add(LinearExpression(constant: lhs), LinearExpression([Term(rhs)]), -1) }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Double, rhs: Variable) -> Constraint {
        relate(LinearExpression(constant: lhs), LinearExpression([Term(rhs)]), .equal)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Double, rhs: Variable) -> Constraint {
        relate(LinearExpression(constant: lhs), LinearExpression([Term(rhs)]), .lessThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Double, rhs: Variable) -> Constraint {
        relate(LinearExpression(constant: lhs), LinearExpression([Term(rhs)]), .greaterThanOrEqual)
    }
}

extension Term {
    /// The negation, as a `LinearExpression` term list.
    public static prefix func - (operand: Term) -> Term { Term(operand.variable, -operand.coefficient) }
    /// The term scaled.
    public static func * (lhs: Term, rhs: Double) -> Term { Term(lhs.variable, lhs.coefficient * rhs) }
    /// The term scaled.
    public static func * (lhs: Double, rhs: Term) -> Term { Term(rhs.variable, rhs.coefficient * lhs) }
    /// The term divided.
    public static func / (lhs: Term, rhs: Double) -> Term { Term(lhs.variable, lhs.coefficient / rhs) }
    /// The sum, as a `LinearExpression`.
    public static func + (lhs: Term, rhs: Variable) -> LinearExpression { add(LinearExpression([lhs]), LinearExpression([Term(rhs)]), 1) }
    /// The difference, as a `LinearExpression`.
    public static func - (lhs: Term, rhs: Variable) -> LinearExpression { add(LinearExpression([lhs]), LinearExpression([Term(rhs)]), -1) }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Term, rhs: Variable) -> Constraint { relate(LinearExpression([lhs]), LinearExpression([Term(rhs)]), .equal) }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Term, rhs: Variable) -> Constraint {
        relate(LinearExpression([lhs]), LinearExpression([Term(rhs)]), .lessThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Term, rhs: Variable) -> Constraint {
        relate(LinearExpression([lhs]), LinearExpression([Term(rhs)]), .greaterThanOrEqual)
    }
    /// The sum, as a `LinearExpression`.
    public static func + (lhs: Term, rhs: Term) -> LinearExpression { add(LinearExpression([lhs]), LinearExpression([rhs]), 1) }
    /// The difference, as a `LinearExpression`.
    public static func - (lhs: Term, rhs: Term) -> LinearExpression { add(LinearExpression([lhs]), LinearExpression([rhs]), -1) }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Term, rhs: Term) -> Constraint { relate(LinearExpression([lhs]), LinearExpression([rhs]), .equal) }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Term, rhs: Term) -> Constraint { relate(LinearExpression([lhs]), LinearExpression([rhs]), .lessThanOrEqual) }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Term, rhs: Term) -> Constraint { relate(LinearExpression([lhs]), LinearExpression([rhs]), .greaterThanOrEqual) }
    /// The sum, as a `LinearExpression`.
    public static func + (lhs: Term, rhs: LinearExpression) -> LinearExpression { add(LinearExpression([lhs]), rhs, 1) }
    /// The difference, as a `LinearExpression`.
    public static func - (lhs: Term, rhs: LinearExpression) -> LinearExpression { add(LinearExpression([lhs]), rhs, -1) }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Term, rhs: LinearExpression) -> Constraint { relate(LinearExpression([lhs]), rhs, .equal) }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Term, rhs: LinearExpression) -> Constraint { relate(LinearExpression([lhs]), rhs, .lessThanOrEqual) }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Term, rhs: LinearExpression) -> Constraint { relate(LinearExpression([lhs]), rhs, .greaterThanOrEqual) }
    /// The sum, as a `LinearExpression`.
    public static func + (lhs: Term, rhs: Double) -> LinearExpression { add(LinearExpression([lhs]), LinearExpression(constant: rhs), 1) }
    /// The difference, as a `LinearExpression`.
    public static func - (lhs: Term, rhs: Double) -> LinearExpression { add(LinearExpression([lhs]), LinearExpression(constant: rhs), -1) }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Term, rhs: Double) -> Constraint { relate(LinearExpression([lhs]), LinearExpression(constant: rhs), .equal) }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Term, rhs: Double) -> Constraint {
        relate(LinearExpression([lhs]), LinearExpression(constant: rhs), .lessThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Term, rhs: Double) -> Constraint {
        relate(LinearExpression([lhs]), LinearExpression(constant: rhs), .greaterThanOrEqual)
    }
    /// The sum, as a `LinearExpression`.
    public static func + (lhs: Double, rhs: Term) -> LinearExpression { add(LinearExpression(constant: lhs), LinearExpression([rhs]), 1) }
    /// The difference, as a `LinearExpression`.
    public static func - (lhs: Double, rhs: Term) -> LinearExpression { add(LinearExpression(constant: lhs), LinearExpression([rhs]), -1) }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Double, rhs: Term) -> Constraint { relate(LinearExpression(constant: lhs), LinearExpression([rhs]), .equal) }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Double, rhs: Term) -> Constraint {
        relate(LinearExpression(constant: lhs), LinearExpression([rhs]), .lessThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Double, rhs: Term) -> Constraint {
        relate(LinearExpression(constant: lhs), LinearExpression([rhs]), .greaterThanOrEqual)
    }
}

extension LinearExpression {
    /// The negation, as a `LinearExpression` term list.
    public static prefix func - (operand: LinearExpression) -> LinearExpression { operand * -1 }
    /// Every term and the constant scaled.
    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(lhs.terms.map { Term($0.variable, $0.coefficient * rhs) }, constant: lhs.constant * rhs)
    }
    /// Every term and the constant scaled.
    public static func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs * lhs }
    /// Every term and the constant divided.
    public static func / (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs * (1 / rhs) }
    /// The sum, as a `LinearExpression`.
    public static func + (lhs: LinearExpression, rhs: Variable) -> LinearExpression { add(lhs, LinearExpression([Term(rhs)]), 1) }
    /// The difference, as a `LinearExpression`.
    public static func - (lhs: LinearExpression, rhs: Variable) -> LinearExpression { add(lhs, LinearExpression([Term(rhs)]), -1) }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: LinearExpression, rhs: Variable) -> Constraint { relate(lhs, LinearExpression([Term(rhs)]), .equal) }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: LinearExpression, rhs: Variable) -> Constraint { relate(lhs, LinearExpression([Term(rhs)]), .lessThanOrEqual) }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: LinearExpression, rhs: Variable) -> Constraint { relate(lhs, LinearExpression([Term(rhs)]), .greaterThanOrEqual) }
    /// The sum, as a `LinearExpression`.
    public static func + (lhs: LinearExpression, rhs: Term) -> LinearExpression { add(lhs, LinearExpression([rhs]), 1) }
    /// The difference, as a `LinearExpression`.
    public static func - (lhs: LinearExpression, rhs: Term) -> LinearExpression { add(lhs, LinearExpression([rhs]), -1) }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: LinearExpression, rhs: Term) -> Constraint { relate(lhs, LinearExpression([rhs]), .equal) }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: LinearExpression, rhs: Term) -> Constraint { relate(lhs, LinearExpression([rhs]), .lessThanOrEqual) }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: LinearExpression, rhs: Term) -> Constraint { relate(lhs, LinearExpression([rhs]), .greaterThanOrEqual) }
    /// The sum, as a `LinearExpression`.
    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { add(lhs, rhs, 1) }
    /// The difference, as a `LinearExpression`.
    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { add(lhs, rhs, -1) }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { relate(lhs, rhs, .equal) }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { relate(lhs, rhs, .lessThanOrEqual) }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { relate(lhs, rhs, .greaterThanOrEqual) }
    /// The sum, as a `LinearExpression`.
    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression { add(lhs, LinearExpression(constant: rhs), 1) }
    /// The difference, as a `LinearExpression`.
    public static func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { add(lhs, LinearExpression(constant: rhs), -1) }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: LinearExpression, rhs: Double) -> Constraint { relate(lhs, LinearExpression(constant: rhs), .equal) }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: LinearExpression, rhs: Double) -> Constraint { relate(lhs, LinearExpression(constant: rhs), .lessThanOrEqual) }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: LinearExpression, rhs: Double) -> Constraint { relate(lhs, LinearExpression(constant: rhs), .greaterThanOrEqual) }
    /// The sum, as a `LinearExpression`.
    public static func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { add(LinearExpression(constant: lhs), rhs, 1) }
    /// The difference, as a `LinearExpression`.
    public static func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { add(LinearExpression(constant: lhs), rhs, -1) }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Double, rhs: LinearExpression) -> Constraint { relate(LinearExpression(constant: lhs), rhs, .equal) }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Double, rhs: LinearExpression) -> Constraint { relate(LinearExpression(constant: lhs), rhs, .lessThanOrEqual) }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Double, rhs: LinearExpression) -> Constraint { relate(LinearExpression(constant: lhs), rhs, .greaterThanOrEqual) }
}

/// `lhs + sign · rhs`.
private func add(_ lhs: LinearExpression, _ rhs: LinearExpression, _ sign: Double) -> LinearExpression {
    var terms = lhs.terms
    terms.reserveCapacity(lhs.terms.count + rhs.terms.count)
    for term in rhs.terms { terms.append(Term(term.variable, term.coefficient * sign)) }
    return LinearExpression(terms, constant: lhs.constant + sign * rhs.constant)
}

/// The constraint `lhs - rhs op 0`.
private func relate(_ lhs: LinearExpression, _ rhs: LinearExpression, _ op: RelationalOperator) -> Constraint {
    Constraint(add(lhs, rhs, -1), op)
}
