/// Why a `Solver` call failed; the solver is left exactly as it was before the call.
///
/// Each case carries the description of the constraint or variable it is about
/// (a `String`, so that the error stays `Sendable`), and `badSuggestedValue` the value too:
///
///     do { try solver.addConstraint(c) } catch SolverError.duplicateConstraint(let what) { print(what) }
public enum SolverError: Error, Equatable, CustomStringConvertible {
    /// `addConstraint` of a constraint the solver already has.
    case duplicateConstraint(String)
    /// `addConstraint` of a required constraint that cannot hold with the required ones already added.
    case unsatisfiableConstraint(String)
    /// `removeConstraint` of a constraint the solver does not have.
    case unknownConstraint(String)
    /// `addEditVariable` of a variable already being edited.
    case duplicateEditVariable(String)
    /// `removeEditVariable` or `suggestValue` of a variable that is not being edited.
    case unknownEditVariable(String)
    /// `addEditVariable` with a strength of `Strength.required` or more.
    case badRequiredStrength(String)
    /// `suggestValue` of a value that is not finite or is larger in magnitude than `Solver.maximumSuggestedValue`.
    case badSuggestedValue(String, Double)

    /// A sentence naming the constraint or variable.
    public var description: String {
        switch self {
        case .duplicateConstraint(let constraint):
            return "The constraint \(constraint) has already been added to the solver."
        case .unsatisfiableConstraint(let constraint):
            return
                "The required constraint \(constraint) cannot be satisfied together with the required constraints already in the solver; the solver is unchanged."
        case .unknownConstraint(let constraint):
            return "The constraint \(constraint) has not been added to the solver."
        case .duplicateEditVariable(let variable):
            return "The edit variable \(variable) has already been added to the solver."
        case .unknownEditVariable(let variable):
            return "The variable \(variable) is not an edit variable of the solver."
        case .badRequiredStrength(let variable):
            return "The edit variable \(variable) cannot have required strength; use a strength below Strength.required."
        case .badSuggestedValue(let variable, let value):
            return
                "The value \(formatNumber(value)) suggested for the edit variable \(variable) is not finite or larger in magnitude than Solver.maximumSuggestedValue (\(formatNumber(Solver.maximumSuggestedValue))); the solver is unchanged."
        }
    }
}
