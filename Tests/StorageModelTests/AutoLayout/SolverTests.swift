import Testing
@testable import ReuseTable

/// kiwi's own test behaviours (kiwi/py/tests), translated.
@Suite struct SolverTests {
    @Test func addRemoveAndHasConstraint() throws {
        let x = Variable("x")
        let solver = Solver()
        let c = x >= 1
        #expect(!solver.hasConstraint(c))
        try solver.addConstraint(c)
        #expect(solver.hasConstraint(c))
        #expect(throws: SolverError.duplicateConstraint("x - 1 >= 0 | required")) { try solver.addConstraint(c) }
        try solver.removeConstraint(c)
        #expect(!solver.hasConstraint(c))
        #expect(throws: SolverError.unknownConstraint("x - 1 >= 0 | required")) { try solver.removeConstraint(c) }
    }

    @Test func editVariables() throws {
        let x = Variable("x")
        let solver = Solver()
        #expect(!solver.hasEditVariable(x))
        try solver.addEditVariable(x, strength: Strength.medium)
        #expect(solver.hasEditVariable(x))
        #expect(throws: SolverError.duplicateEditVariable("x")) { try solver.addEditVariable(x, strength: Strength.medium) }
        try solver.suggestValue(x, 10)
        solver.updateVariables()
        #expect(x.value == 10)
        try solver.suggestValue(x, -3.5)
        solver.updateVariables()
        #expect(x.value == -3.5)
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
        #expect(throws: SolverError.unknownEditVariable("x")) { try solver.removeEditVariable(x) }
        #expect(throws: SolverError.unknownEditVariable("x")) { try solver.suggestValue(x, 1) }
        #expect(throws: SolverError.badRequiredStrength("x")) { try solver.addEditVariable(x, strength: Strength.required) }
        #expect(throws: SolverError.badRequiredStrength("x")) { try solver.addEditVariable(x, strength: 2 * Strength.required) }
        #expect(!solver.hasEditVariable(x))
    }

    @Test func editVariableAgainstConstraints() throws {
        // kiwi's "solving with strength": an edit at strong beats a weak wish, loses to a required bound.
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x + y == 20)
        try solver.addConstraint((x == 10) | Strength.weak)
        try solver.addEditVariable(y, strength: Strength.strong)
        try solver.suggestValue(y, 15)
        solver.updateVariables()
        #expect(x.value == 5 && y.value == 15)
        try solver.addConstraint(y <= 12)
        solver.updateVariables()
        #expect(x.value == 8 && y.value == 12)
        try solver.suggestValue(y, 2)
        solver.updateVariables()
        #expect(x.value == 18 && y.value == 2)
    }

    @Test func everyErrorNamesItsSubject() {
        let width = Variable("width")
        let c = (2 * width + 10 <= 100) | Strength.strong
        #expect(
            SolverError.duplicateConstraint(c.description).description
                == "The constraint 2 * width - 90 <= 0 | strong has already been added to the solver.")
        #expect(SolverError.unsatisfiableConstraint(c.description).description.contains("2 * width - 90 <= 0"))
        #expect(SolverError.unknownConstraint(c.description).description.contains("2 * width - 90 <= 0"))
        #expect(SolverError.duplicateEditVariable("width").description.contains("width"))
        #expect(SolverError.unknownEditVariable("width").description.contains("width"))
        #expect(SolverError.badRequiredStrength("width").description.contains("width"))
        #expect(SolverError.badSuggestedValue("width", .nan).description.contains("width"))
        #expect(SolverError.badSuggestedValue("width", .nan).description.contains("nan"))
    }

    /// A non-finite or huge suggestion would be spread through the tableau's constants and
    /// leave every later solution wrong; it is refused before anything changes.
    @Test func badSuggestionsAreRejectedAndLeaveTheSolverUnchanged() throws {
        func makeSolver() throws -> (Solver, Variable, Variable) {
            let x = Variable("x"), y = Variable("y")
            let solver = Solver()
            try solver.addConstraint(x + y == 20.1)
            try solver.addConstraint((x == 10) | Strength.weak)
            try solver.addConstraint(y <= 12.3)
            try solver.addEditVariable(y, strength: Strength.strong)
            try solver.suggestValue(y, 3.3)
            return (solver, x, y)
        }
        func state(_ solver: Solver) -> String {
            String(describing: (solver.rows, solver.basics, solver.objective, solver.edits.values.map(\.constant)))
        }
        let (solver, x, y) = try makeSolver()
        let before = state(solver)
        let bad: [Double] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -1e20, 1e9, Solver.maximumSuggestedValue.nextUp]
        for value in bad {
            let error = #expect(throws: SolverError.self) { try solver.suggestValue(y, value) }
            #expect(error?.description.contains("edit variable y") == true, "\(String(describing: error))")
            #expect(error?.description.contains(formatNumber(value)) == true, "\(String(describing: error))")
            #expect(state(solver) == before, "value \(value)")
        }
        #expect(
            SolverError.badSuggestedValue("y", .nan).description
                == "The value nan suggested for the edit variable y is not finite or larger in magnitude than Solver.maximumSuggestedValue (100000000); the solver is unchanged."
        )
        // Later suggestions work, exactly as in a solver that never saw the bad ones.
        let (fresh, freshX, freshY) = try makeSolver()
        for value in [8.7, -4.25, Solver.maximumSuggestedValue, 6.5] {
            try solver.suggestValue(y, value)
            try fresh.suggestValue(freshY, value)
            solver.updateVariables()
            fresh.updateVariables()
            #expect(x.value == freshX.value && y.value == freshY.value, "value \(value)")
        }
        // A suggestion as large as the limit keeps the solver's precision.
        #expect(abs(y.value - 6.5) < 1e-8 && abs(x.value - 13.6) < 1e-8)
    }

    @Test func strengthsAndComposites() throws {
        #expect(Strength.required == 1_001_001_000)
        #expect(Strength.strong == 1_000_000)
        #expect(Strength.medium == 1_000)
        #expect(Strength.weak == 1)
        #expect(Strength.create(1, 2, 3) == 1_002_003)
        #expect(Strength.create(1, 2, 3, 2) == 2_004_006)
        #expect(Strength.create(5000, -1, 0.5) == 1_000_000_000.5)
        #expect(((Variable() == 1) | 5e12).strength == Strength.required)
        #expect(((Variable() == 1) | -3).strength == 0)

        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint((x == 10) | Strength.weak)
        try solver.addConstraint((x == 20) | Strength.medium)
        solver.updateVariables()
        #expect(x.value == 20)
        try solver.addConstraint((x == 30) | Strength.strong)
        solver.updateVariables()
        #expect(x.value == 30)
        // Many medium wishes do not outweigh one strong one.
        for _ in 0..<50 { try solver.addConstraint((x == 0) | Strength.medium) }
        solver.updateVariables()
        #expect(x.value == 30)
    }

    @Test func overconstrainedRequiredSystemThrowsAndLeavesTheSolverUnchanged() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(x >= 10)
        solver.updateVariables()
        #expect(x.value == 10)
        // Through the artificial-variable path: x = 10 + s, then 10 + s <= 5.
        let impossible = x <= 5
        #expect(throws: SolverError.unsatisfiableConstraint(impossible.description)) { try solver.addConstraint(impossible) }
        #expect(!solver.hasConstraint(impossible))
        x.value = -1
        solver.updateVariables()
        #expect(x.value == 10)
        // Through the "only dummies left" path.
        try solver.addConstraint(x == 12)
        let contradiction = x == 13
        #expect(throws: SolverError.unsatisfiableConstraint(contradiction.description)) { try solver.addConstraint(contradiction) }
        solver.updateVariables()
        #expect(x.value == 12)
        // A new variable introduced by a failed add is forgotten.
        let y = Variable("y")
        #expect(throws: SolverError.unsatisfiableConstraint("x + 0 * y - 20 == 0 | required")) {
            try solver.addConstraint(Constraint(LinearExpression([Term(x), Term(y, 0)], constant: -20), .equal))
        }
        #expect(solver.variables.count == 1)
        // The solver keeps working afterwards, and the failed constraint can be added once satisfiable.
        try solver.removeConstraint(solver.constraintTags.values.first { $0.constraint.op == .equal }!.constraint)
        try solver.addConstraint(impossible | Strength.strong)
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func nonRequiredConstraintsNeverFail() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(x == 10)
        try solver.addConstraint((x == 40) | Strength.strong)
        try solver.addConstraint((x <= -40) | Strength.strong)
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func expressionReduction() {
        let x = Variable("x"), y = Variable("y")
        let c = Constraint(LinearExpression([Term(x, 2), Term(y), Term(x, 3), Term(y, -1)], constant: 4), .equal)
        #expect(c.expression.terms.count == 2)
        #expect(c.expression.terms[0].variable === x && c.expression.terms[0].coefficient == 5)
        #expect(c.expression.terms[1].variable === y && c.expression.terms[1].coefficient == 0)
        #expect(c.expression.constant == 4)
        let unreduced = x + x + 2 * y
        #expect(unreduced.terms.count == 3)
    }

    @Test func operatorsBuildTheExpectedExpressions() {
        let x = Variable("x"), y = Variable("y")
        x.value = 2
        y.value = 5
        #expect((x + y).value == 7)
        #expect((x - y).value == -3)
        #expect((3 * x + 1).value == 7)
        #expect((1 - x).value == -1)
        #expect((x / 2).value == 1)
        #expect((-x).value == -2)
        #expect((-(x + y)).value == -7)
        #expect(((x + y) * 2 - (x - 1) / 2).value == 13.5)
        #expect((Term(x, 3) + Term(y, 2)).value == 16)
        #expect((10 - (x + y)).value == 3)
        let c = x + 1 <= y * 2
        #expect(c.op == .lessThanOrEqual && c.strength == Strength.required)
        #expect(c.expression.value == -7)
        #expect((5 >= x).expression.value == 3)
        #expect((x == y).description == "x - y == 0 | required")
        #expect((2 * x >= y + 1).description == "2 * x - y - 1 >= 0 | required")
    }

    @Test func removingAConstraintRestoresTheEarlierSolution() throws {
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        let solver = Solver()
        try solver.addConstraint(right == left + width)
        try solver.addConstraint(left >= 0)
        try solver.addConstraint(right <= 300)
        try solver.addConstraint((width == 100) | Strength.strong)
        try solver.addConstraint((left == 50) | Strength.medium)
        solver.updateVariables()
        #expect((left.value, width.value, right.value) == (50, 100, 150))
        let wide = (width >= 280)
        try solver.addConstraint(wide)
        solver.updateVariables()
        #expect((left.value, width.value, right.value) == (20, 280, 300))
        try solver.removeConstraint(wide)
        solver.updateVariables()
        #expect((left.value, width.value, right.value) == (50, 100, 150))
    }

    @Test func resetForgetsEverything() throws {
        let x = Variable("x")
        let solver = Solver()
        let c = x == 3
        try solver.addConstraint(c)
        try solver.addEditVariable(x, strength: Strength.weak)
        solver.reset()
        #expect(!solver.hasConstraint(c) && !solver.hasEditVariable(x))
        try solver.addConstraint(c)
        solver.updateVariables()
        #expect(x.value == 3)
    }

    /// Found by the model test: kiwi's marker removal (kiwisolver 1.5.1 too) can pivot a
    /// dummy marker through an error row, and a duplicate required equality then ends up
    /// violated once the original is removed (kiwisolver leaves t = -5 here).
    @Test func removingTheOriginalOfADuplicatedRequiredEqualityKeepsItsCopy() throws {
        let t = Variable("t"), h = Variable("h"), top = Variable("top"), height = Variable("H")
        let solver = Solver()
        try solver.addConstraint(top == 0)
        try solver.addConstraint((height == 0) | 2.8)
        let hugging = [(h <= 1) | 177, (h >= 1) | 5e6]
        for c in hugging { try solver.addConstraint(c) }
        let original = [t - top - 1 == 0, t + h - top - height + 1 == 0]
        for c in original { try solver.addConstraint(c) }
        for c in hugging { try solver.removeConstraint(c) }
        for c in [(h <= 4) | 177, (h >= 4) | 5e6] { try solver.addConstraint(c) }
        let copy = [t - top - 1 == 0, t + h - top - height + 1 == 0]
        for c in copy { try solver.addConstraint(c) }
        for c in original { try solver.removeConstraint(c) }
        solver.updateVariables()
        #expect((t.value, h.value, height.value, top.value) == (1, 4, 6, 0))
    }
}
