import Foundation
import Testing
@testable import ReuseTable
import TestSupport

/// Model-based tests: solutions checked by substitution, and the incremental
/// solver checked against one rebuilt from scratch after every step.
///
/// Short by default; `REUSETABLE_LONG=1` runs many more seeds.
@Suite struct SolverModelTests {
    static let long = ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1"

    private func close(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-6 * max(1, abs(a), abs(b))
    }

    /// n required equalities with random sparse coefficients, built around a hidden
    /// point so the solution is unique; inequalities with slack, and soft wishes
    /// that the required equalities overrule. The solver must find the hidden point.
    @Test(arguments: 0..<(long ? 400 : 25))
    func randomSystemsWithUniqueSolutions(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 7919 &+ 1)
        let n = Int.random(in: 1...(Self.long ? 16 : 12), using: &rng)  // larger random systems get ill-conditioned: residues pass kiwi's 1e-8
        let xs = (0..<n).map { Variable("x\($0)") }
        let hidden = (0..<n).map { _ in Double(Int.random(in: -1000...1000, using: &rng)) / 8 }
        var constraints: [Constraint] = []
        // A triangular core (unique), then mixed up by adding earlier rows to later ones.
        var rows: [[Double]] = (0..<n).map { i in
            (0..<n).map { j in
                j == i
                    ? Double(Int.random(in: 1...5, using: &rng))
                    : (j < i && Bool.random(using: &rng) ? Double(Int.random(in: -4...4, using: &rng)) : 0)
            }
        }
        for i in 0..<n where i > 0 && Bool.random(using: &rng) {
            let k = Int.random(in: 0..<n, using: &rng)
            if k != i { for j in 0..<n { rows[i][j] += rows[k][j] } }
        }
        for i in 0..<n {
            var terms: [Term] = []
            var value = 0.0
            for j in 0..<n where rows[i][j] != 0 {
                terms.append(Term(xs[j], rows[i][j]))
                value += rows[i][j] * hidden[j]
            }
            if terms.isEmpty { terms = [Term(xs[i])]; value = hidden[i] }
            constraints.append(Constraint(LinearExpression(terms, constant: -value), .equal))
        }
        for _ in 0..<n {
            let i = Int.random(in: 0..<n, using: &rng), j = Int.random(in: 0..<n, using: &rng)
            let slack = Double(Int.random(in: 0...20, using: &rng))
            constraints.append(xs[i] - xs[j] <= hidden[i] - hidden[j] + slack)
            constraints.append((xs[i] == Double(Int.random(in: -100...100, using: &rng))) | Strength.strong)
        }
        constraints.shuffle(using: &rng)
        let solver = Solver()
        for constraint in constraints { try solver.addConstraint(constraint) }
        solver.updateVariables()
        for i in 0..<n { #expect(close(xs[i].value, hidden[i]), "x\(i) = \(xs[i].value), expected \(hidden[i])") }
        for constraint in constraints where constraint.strength == Strength.required {
            #expect(constraint.isSatisfied(tolerance: 1e-6), "\(constraint) violated")
        }
    }

    /// A random world: variables held by weak stays of distinct weights (so every
    /// optimum is unique and bounded), a pool of constraints of distinct strengths,
    /// required inequalities that may or may not be satisfiable, and edit variables.
    private struct World {
        var variables: [Variable]
        var stays: [Constraint]
        var active: [Constraint] = []
        var edits: [(variable: Variable, strength: Double, value: Double)] = []

        /// A solver built from nothing with the same constraints and suggestions.
        func rebuilt() throws -> Solver {
            let solver = Solver()
            for constraint in stays { try solver.addConstraint(constraint) }
            for edit in edits {
                try solver.addEditVariable(edit.variable, strength: edit.strength)
                try solver.suggestValue(edit.variable, edit.value)
            }
            for constraint in active { try solver.addConstraint(constraint) }
            return solver
        }
    }

    @Test(arguments: 0..<(long ? 300 : 12))
    func incrementalEqualsFromScratch(seed: Int) throws {
        try incrementalEqualsFromScratch(seed: seed, variableCounts: 2...8, steps: Self.long ? 120 : 40)
    }

    /// Worlds with a few hundred symbols: symbol ids pass 128, so rows' signatures (a bit per id
    /// modulo 128) use both words and have symbols sharing a bit; walks that skip rows by their
    /// signature must still find every row that mentions a symbol.
    @Test(arguments: 0..<(long ? 40 : 3))
    func largeWorldsEqualFromScratch(seed: Int) throws {
        try incrementalEqualsFromScratch(seed: 10_000 + seed, variableCounts: 30...40, steps: Self.long ? 200 : 80)
    }

    private func incrementalEqualsFromScratch(seed: Int, variableCounts: ClosedRange<Int>, steps: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 104_729 &+ 3)
        let n = Int.random(in: variableCounts, using: &rng)
        let variables = (0..<n).map { Variable("v\($0)") }
        func weight(_ level: Double) -> Double { level * Double.random(in: 1...999, using: &rng) }
        let stays = variables.map { ($0 == Double(Int.random(in: -50...50, using: &rng))) | weight(1) }
        var world = World(variables: variables, stays: stays)
        let solver = Solver()
        for stay in stays { try solver.addConstraint(stay) }

        func randomExpression() -> LinearExpression {
            let count = Int.random(in: 1...3, using: &rng)
            let terms = (0..<count).map { _ in Term(variables.randomElement(using: &rng)!, Double(Int.random(in: -3...3, using: &rng))) }
            return LinearExpression(terms, constant: Double(Int.random(in: -60...60, using: &rng)))
        }

        for _ in 0..<steps {
            switch Int.random(in: 0..<11, using: &rng) {
            case 0...3:  // add a constraint, sometimes required
                let op: RelationalOperator = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
                let required = Int.random(in: 0..<3, using: &rng) == 0
                let constraint = Constraint(randomExpression(), op, strength: required ? Strength.required : weight(1000))
                solver.updateVariables()
                let before = variables.map(\.value)
                do {
                    try solver.addConstraint(constraint)
                    world.active.append(constraint)
                } catch SolverError.unsatisfiableConstraint {
                    #expect(required)
                    #expect(!solver.hasConstraint(constraint))
                    solver.updateVariables()
                    #expect(variables.map(\.value) == before, "a failed add changed the solution")
                }
            case 9 where !world.active.isEmpty:  // a redundant copy of an active constraint (a new object)
                let original = world.active.randomElement(using: &rng)!
                let copy = Constraint(original.expression, original.op, strength: original.strength)
                try solver.addConstraint(copy)
                world.active.append(copy)
            case 4...5 where !world.active.isEmpty:
                let index = Int.random(in: 0..<world.active.count, using: &rng)
                try solver.removeConstraint(world.active.remove(at: index))
            case 6 where world.edits.count < n:
                let candidates = variables.filter { v in !world.edits.contains { $0.variable === v } }
                let variable = candidates.randomElement(using: &rng)!
                let strength = weight(Bool.random(using: &rng) ? 1000 : 1_000_000)
                try solver.addEditVariable(variable, strength: strength)
                world.edits.append((variable, strength, 0))
            case 7 where !world.edits.isEmpty:
                let index = Int.random(in: 0..<world.edits.count, using: &rng)
                try solver.removeEditVariable(world.edits.remove(at: index).variable)
            default:
                guard !world.edits.isEmpty else { continue }
                let index = Int.random(in: 0..<world.edits.count, using: &rng)
                let value = Double(Int.random(in: -200...200, using: &rng)) / 4
                try solver.suggestValue(world.edits[index].variable, value)
                world.edits[index].value = value
            }
            #expect(solver.signaturesCoverCells, "seed \(seed): a row's signature lacks one of its symbols")
            solver.updateVariables()
            let incremental = variables.map(\.value)
            let fresh = try world.rebuilt()
            fresh.updateVariables()
            let scratch = variables.map(\.value)
            for i in 0..<n {
                #expect(close(incremental[i], scratch[i]), "seed \(seed): v\(i) incremental \(incremental[i]) vs from scratch \(scratch[i])")
            }
            for constraint in world.active where constraint.strength == Strength.required {
                #expect(constraint.isSatisfied(tolerance: 1e-6))
            }
        }
    }
}
