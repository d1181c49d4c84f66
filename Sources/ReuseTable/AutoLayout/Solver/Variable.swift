/// An unknown of a linear system, solved by a `Solver` (kiwi's `Variable`).
///
/// A variable is identified by the object, not by its name: two variables
/// named "x" are two unknowns. `Variable` is deliberately not `Equatable`,
/// because `==` between variables builds a `Constraint`.
///
///     let x = Variable("x")
///     let solver = Solver()
///     try solver.addConstraint(x == 20)
///     solver.updateVariables()   // x.value == 20
public final class Variable {
    /// A label for descriptions and error messages.
    public var name: String

    /// The value written by the last `Solver.updateVariables()`; 0 before any.
    @exclusivity(unchecked) public internal(set) var value: Double = 0

    /// A new unknown called `name`.
    public init(_ name: String = "") {
        self.name = name
    }
}

extension Variable: CustomStringConvertible {
    /// The variable's name, or an address-like placeholder when it has none.
    public var description: String {
        name.isEmpty ? "<unnamed variable>" : name
    }
}
