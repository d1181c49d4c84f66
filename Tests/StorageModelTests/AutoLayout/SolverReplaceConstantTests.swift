import Foundation
import Testing
@testable import ReuseTable
import TestSupport

/// `Solver.replaceConstant(of:with:)`: an equality's new constant moved in place equals the
/// constraint removed and its new version added; when that cannot hold it changes nothing.
@MainActor
@Suite struct SolverReplaceConstantTests {
    private func equal(_ variable: Variable, _ constant: Double, _ strength: Double = Strength.required) -> Constraint {
        Constraint(LinearExpression([Term(variable)], constant: -constant), .equal, strength: strength)
    }

    @Test func aRequiredEqualityMovesAndWhatDependsOnItFollows() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let fixed = equal(x, 10)
        try solver.addConstraint(fixed)
        try solver.addConstraint(Constraint(LinearExpression([Term(y), Term(x, -1)], constant: -5), .equal))
        let moved = equal(x, 20)
        #expect(solver.replaceConstant(of: fixed, with: moved))
        solver.updateVariables()
        #expect(x.value == 20 && y.value == 25)
        #expect(!solver.hasConstraint(fixed) && solver.hasConstraint(moved))
    }

    @Test func aStrongEqualityMovesUpToARequiredBound() throws {
        let x = Variable("x")
        let solver = Solver()
        let wish = equal(x, 10, Strength.strong)
        try solver.addConstraint(wish)
        try solver.addConstraint(Constraint(LinearExpression([Term(x)], constant: -15), .lessThanOrEqual))
        let moved = equal(x, 30, Strength.strong)
        #expect(solver.replaceConstant(of: wish, with: moved))
        solver.updateVariables()
        #expect(x.value == 15)
    }

    @Test func anUnsatisfiableConstantChangesNothing() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let fixed = equal(x, 10)
        try solver.addConstraint(fixed)
        try solver.addConstraint(Constraint(LinearExpression([Term(x)], constant: -15), .lessThanOrEqual))
        try solver.addConstraint(Constraint(LinearExpression([Term(y), Term(x, -2)]), .equal))
        let tooBig = equal(x, 20)
        #expect(!solver.replaceConstant(of: fixed, with: tooBig))
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 20)
        #expect(solver.hasConstraint(fixed) && !solver.hasConstraint(tooBig))
        #expect(throws: SolverError.self) { try solver.addConstraint(tooBig) }
        // Not an equality, or another strength: refused.
        #expect(!solver.replaceConstant(of: fixed, with: equal(x, 12, Strength.strong)))
    }

    /// A chain of equalities (required, or strong at a different strength each, so that the solution
    /// is unique) between required bounds: every constant change moved in place gives the values of a
    /// second solver where it is removed and re-added, and one refused cannot be added there either.
    @Test func randomConstantChangesEqualRemovingAndAdding() throws {
        var rng = SplitMix64(seed: 7)
        let count = 6
        let a = (0..<count).map { Variable("a\($0)") }, b = (0..<count).map { Variable("b\($0)") }
        let inPlace = Solver(), rebuilt = Solver()
        var equalities: [(Constraint, Constraint)] = []
        func make(_ v: [Variable], _ index: Int, _ constant: Double, _ strength: Double) -> Constraint {
            index == 0
                ? equal(v[0], constant, strength)
                : Constraint(LinearExpression([Term(v[index]), Term(v[index - 1], -1)], constant: -constant), .equal, strength: strength)
        }
        for index in 0..<count {
            let strength = index % 2 == 0 ? Strength.required : Strength.strong * Double(index)
            let constant = Double(Int.random(in: 0...5, using: &rng))
            let pair = (make(a, index, constant, strength), make(b, index, constant, strength))
            try inPlace.addConstraint(pair.0)
            try rebuilt.addConstraint(pair.1)
            equalities.append(pair)
            for (solver, v) in [(inPlace, a), (rebuilt, b)] {
                try solver.addConstraint(Constraint(LinearExpression([Term(v[index])], constant: -40), .lessThanOrEqual))
                try solver.addConstraint(Constraint(LinearExpression([Term(v[index])]), .greaterThanOrEqual))
            }
        }
        var moved = 0, refused = 0
        for step in 0..<400 {
            let index = Int.random(in: 0..<count, using: &rng)
            let strength = index % 2 == 0 ? Strength.required : Strength.strong * Double(index)
            let constant = Double(Int.random(in: -10...20, using: &rng))
            let (old, oldTwin) = equalities[index]
            let new = make(a, index, constant, strength), newTwin = make(b, index, constant, strength)
            if inPlace.replaceConstant(of: old, with: new) {
                moved += 1
                try rebuilt.removeConstraint(oldTwin)
                try rebuilt.addConstraint(newTwin)
                equalities[index] = (new, newTwin)
            } else {
                refused += 1
                try rebuilt.removeConstraint(oldTwin)
                #expect(throws: SolverError.self, "step \(step)") { try rebuilt.addConstraint(newTwin) }
                try rebuilt.addConstraint(oldTwin)
            }
            inPlace.updateVariables()
            rebuilt.updateVariables()
            for i in 0..<count { #expect(abs(a[i].value - b[i].value) < 1e-9, "step \(step), a\(i)") }
        }
        #expect(moved > 100 && refused > 0, "both paths taken: \(moved) moved, \(refused) refused")
    }
}
