/// An incremental Cassowary solver (kiwi's `Solver`): add and remove linear
/// constraints of any strength, suggest values for edit variables, read the
/// solution with `updateVariables()`.
///
/// The tableau stays in solved form and optimal, so each call pivots only as much as the change
/// needs; every error leaves the solver exactly as it was before the call (kiwi does not roll
/// back). Symbols, rows, signatures and pivot rules: Docs/auto-layout.md.
public final class Solver {
    /// What the solver keeps for a constraint: its marker symbol (removal pivots it
    /// back out) and, for non-required constraints, the second error symbol.
    struct Tag {
        var constraint: Constraint
        var marker: Symbol
        var other: Symbol
    }

    /// An edit variable: the weak-ish equality `variable == constant` it is held by.
    struct EditInfo {
        var tag: Tag
        var constant: Double
    }

    // The tableau: rows[i] defines basics[i]; rowIndex[symbol.id] is i or -1.
    // `@exclusivity(unchecked)`: these are mutated in the inner loops, and a class's
    // stored properties otherwise pay a dynamic exclusivity check on every access;
    // the solver never hands out overlapping accesses to them.
    @exclusivity(unchecked) var rows: [Row] = []
    @exclusivity(unchecked) var basics: [Symbol] = []
    @exclusivity(unchecked) var rowIndex: [Int] = []
    @exclusivity(unchecked) var objective = Row()
    @exclusivity(unchecked) var artificial: Row?
    @exclusivity(unchecked) var infeasibleRows: [Symbol] = []
    var nextID = 0
    /// Advanced by every call that may change the tableau (a constraint added, removed or moved,
    /// a suggestion, a reset): equal revisions mean the same tableau, so the same solution.
    var revision = 0

    var constraintTags: [ObjectIdentifier: Tag] = [:]
    @exclusivity(unchecked) var edits: [ObjectIdentifier: EditInfo] = [:]
    var variableSymbols: [ObjectIdentifier: Symbol] = [:]
    // Parallel arrays, so `updateVariables()` walks memory in order.
    @exclusivity(unchecked) var variables: [Variable] = []
    @exclusivity(unchecked) var variableSymbolList: [Symbol] = []

    /// An empty solver.
    public init() {}

    // MARK: Constraints

    /// Adds `constraint`, re-optimizing incrementally.
    ///
    /// - Throws: `SolverError.duplicateConstraint` when it was added already;
    ///   `SolverError.unsatisfiableConstraint` when it is required and cannot hold
    ///   with the required constraints already added. Either way nothing changes.
    /// - Complexity: O(rows · row length) for the substitution, plus the pivots the change needs.
    public func addConstraint(_ constraint: Constraint) throws {
        let key = ObjectIdentifier(constraint)
        if constraintTags[key] != nil { throw SolverError.duplicateConstraint(constraint.description) }

        let variableCount = variables.count
        let idBefore = nextID
        var tag = Tag(constraint: constraint, marker: .invalid, other: .invalid)
        var row = makeRow(for: constraint, tag: &tag)
        var subject = chooseSubject(row, tag)

        if !subject.isValid && allDummies(row) {
            if !nearZero(row.constant) {
                // Only required constraints get here, and `makeRow` touched nothing but
                // the variable table for them: forget the variables it introduced.
                forgetVariables(from: variableCount, idBefore: idBefore)
                throw SolverError.unsatisfiableConstraint(constraint.description)
            }
            subject = tag.marker
        }

        if !subject.isValid {
            // Phase one with an artificial variable. It pivots the whole tableau, so
            // keep a copy to restore if the constraint turns out to be unsatisfiable
            // (copy-on-write: only rows it changes are duplicated).
            let saved = (rows, basics, rowIndex, objective)
            if !addWithArtificialVariable(row) {
                (rows, basics, rowIndex, objective) = saved
                infeasibleRows.removeAll()
                forgetVariables(from: variableCount, idBefore: idBefore)
                throw SolverError.unsatisfiableConstraint(constraint.description)
            }
        } else {
            row.solve(for: subject)
            substitute(subject, with: row)
            appendRow(row, basic: subject)
        }

        constraintTags[key] = tag
        revision &+= 1
        optimize(artificialObjective: false)
    }

    /// Removes `constraint`, re-optimizing incrementally.
    ///
    /// - Throws: `SolverError.unknownConstraint` when the solver does not have it.
    /// - Complexity: O(rows · row length) plus the pivots the change needs.
    public func removeConstraint(_ constraint: Constraint) throws {
        guard let tag = constraintTags.removeValue(forKey: ObjectIdentifier(constraint)) else {
            throw SolverError.unknownConstraint(constraint.description)
        }
        removeEffects(of: tag)
        removeMarker(tag.marker)
        revision &+= 1
        optimize(artificialObjective: false)
    }

    /// True when `constraint` has been added and not removed.
    /// - Complexity: O(1).
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        constraintTags[ObjectIdentifier(constraint)] != nil
    }

    /// Swaps `old`, an equality in the solver, for `new`, the same equality (same terms and
    /// strength) with another constant, by moving the constant in place as `suggestValue`
    /// moves an edit's: no row is built and no marker pivoted out, and the dual simplex
    /// re-optimizes from the current solution.
    ///
    /// Returns false, changing nothing, when it cannot: either is not an equality, the
    /// strengths differ, `old` is not in the solver or `new` is, or `old` is a required
    /// equality some other required equality depends on (its marker is basic or appears in
    /// another required equality's row); and when the new constant makes the required
    /// constraints unsatisfiable. The caller then removes `old` and adds `new`, which
    /// reports the conflict.
    /// - Complexity: O(rows · log(row length)) to shift the constants, plus the dual pivots the change needs.
    func replaceConstant(of old: Constraint, with new: Constraint) -> Bool {
        guard old.op == .equal, new.op == .equal, old.strength == new.strength,
            let tag = constraintTags[ObjectIdentifier(old)], constraintTags[ObjectIdentifier(new)] == nil
        else { return false }
        // `expression - plus + minus == 0` (or `expression + dummy == 0`): a constant larger by
        // `delta` is the edit `expression == -constant` suggested `delta` lower.
        let delta = new.expression.constant - old.expression.constant
        if tag.other.isValid {
            shiftEdit(tag, by: -delta)
        } else {
            guard rowIndex[tag.marker.id] < 0, !mentionedByDummyRow(tag.marker) else { return false }
            // The dummy stays 0: the rows that mention it move as if it were `delta`.
            shiftRows(mentioning: tag.marker, by: delta)
            if !dualOptimizeIfFeasible() {
                // Back to where it was: the same constraints, still dual feasible, so the dual simplex succeeds.
                shiftRows(mentioning: tag.marker, by: -delta)
                infeasibleRows.removeAll()
                for index in rows.indices where rows[index].constant < 0 && basics[index].isRestricted {
                    infeasibleRows.append(basics[index])
                }
                dualOptimize()
                revision &+= 1  // pivoted and back: the same constraints, perhaps another tableau
                return false
            }
        }
        constraintTags[ObjectIdentifier(old)] = nil
        constraintTags[ObjectIdentifier(new)] = Tag(constraint: new, marker: tag.marker, other: tag.other)
        revision &+= 1
        return true
    }

    /// True when a row whose basic symbol is a dummy (a required equality made redundant by
    /// the others) mentions `marker`: moving `marker`'s constraint would break that one.
    private func mentionedByDummyRow(_ marker: Symbol) -> Bool {
        for index in rows.indices where basics[index].isDummy && rows[index].coefficient(for: marker) != 0 { return true }
        return false
    }

    /// `dualOptimize()` that stops, with `false` and no infeasible rows left queued, at a row
    /// no symbol can enter (the required constraints cannot all hold).
    private func dualOptimizeIfFeasible() -> Bool {
        while let leaving = infeasibleRows.popLast() {
            let index = rowIndex[leaving.id]
            guard index >= 0, rows[index].constant < 0, !nearZero(rows[index].constant) else { continue }
            guard let entering = dualEnteringSymbol(rows[index]) else {
                infeasibleRows.removeAll()
                return false
            }
            var row = takeRow(at: index)
            row.solve(for: leaving, replacing: entering)
            substitute(entering, with: row)
            appendRow(row, basic: entering)
        }
        return true
    }

    // MARK: Edit variables

    /// Makes `variable` editable with `suggestValue` at `strength` (below required).
    ///
    /// - Throws: `SolverError.duplicateEditVariable`, `SolverError.badRequiredStrength`.
    /// - Complexity: as `addConstraint`.
    public func addEditVariable(_ variable: Variable, strength: Double) throws {
        let key = ObjectIdentifier(variable)
        if edits[key] != nil { throw SolverError.duplicateEditVariable(variable.description) }
        let strength = Strength.clip(strength)
        if strength == Strength.required { throw SolverError.badRequiredStrength(variable.description) }
        let constraint = Constraint(reduced: LinearExpression([Term(variable)]), .equal, strength: strength)
        try addConstraint(constraint)
        edits[key] = EditInfo(tag: constraintTags[ObjectIdentifier(constraint)]!, constant: 0)
    }

    /// Stops editing `variable` (removes its edit constraint).
    ///
    /// - Throws: `SolverError.unknownEditVariable`.
    /// - Complexity: as `removeConstraint`.
    public func removeEditVariable(_ variable: Variable) throws {
        guard let info = edits[ObjectIdentifier(variable)] else { throw SolverError.unknownEditVariable(variable.description) }
        try removeConstraint(info.tag.constraint)
        edits[ObjectIdentifier(variable)] = nil
    }

    /// True when `variable` is an edit variable.
    /// - Complexity: O(1).
    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits[ObjectIdentifier(variable)] != nil
    }

    /// The largest magnitude `suggestValue` accepts: 10^8.
    ///
    /// A suggestion shifts the tableau's constants by the distance from the last one, and
    /// the next suggestion shifts them back; what rounding loses on the way stays in every
    /// later solution. Up to 10^8 that loss is below the solver's tolerance (10^-8); from
    /// about 10^9 it is above it, and past about 10^16 the other constraints' constants are
    /// lost entirely. (A NaN or infinite value would turn every later solution into NaN.)
    public static let maximumSuggestedValue: Double = 1e8

    /// Suggests `value` for the edit variable `variable`, then re-optimizes with the dual simplex.
    ///
    /// - Throws: `SolverError.unknownEditVariable`; `SolverError.badSuggestedValue` when `value`
    ///   is not finite or its magnitude is above `maximumSuggestedValue`.
    /// - Complexity: O(rows) to shift the constants, plus the dual pivots the change needs.
    public func suggestValue(_ variable: Variable, _ value: Double) throws {
        // One hash: the entry is found once and updated in place through its index.
        guard let position = edits.index(forKey: ObjectIdentifier(variable)) else {
            throw SolverError.unknownEditVariable(variable.description)
        }
        // `abs(nan) <= limit` is false: NaN and the infinities are refused here too.
        guard abs(value) <= Solver.maximumSuggestedValue else {
            throw SolverError.badSuggestedValue(variable.description, value)
        }
        let delta = value - edits.values[position].constant
        edits.values[position].constant = value
        revision &+= 1
        shiftEdit(edits.values[position].tag, by: delta)
    }

    /// Moves the constant of the edit equality with markers `tag` by `delta` (kiwi's suggestValue body).
    func shiftEdit(_ tag: Tag, by delta: Double) {
        let plus = rowIndex[tag.marker.id]
        if plus >= 0 {
            rows[plus].constant -= delta
            if rows[plus].constant < 0 { infeasibleRows.append(tag.marker) }
        } else {
            let minus = rowIndex[tag.other.id]
            if minus >= 0 {
                rows[minus].constant += delta
                if rows[minus].constant < 0 { infeasibleRows.append(tag.other) }
            } else {
                shiftRows(mentioning: tag.marker, by: delta)
            }
        }
        dualOptimize()
    }

    /// Adds `delta · coefficient(marker)` to the constant of every row that mentions `marker`,
    /// noting the rows made infeasible (kiwi's walk over every row when the edit's markers are parametric).
    ///
    /// The hot loop of `suggestValue` on a form like kiwi's enaml-like one: one pass over the
    /// rows' storage (no per-row exclusivity check, copy or retain), reading each row's
    /// signature and searching the cells of only those whose signature may hold the marker.
    /// - Complexity: O(rows · log(row length)).
    private func shiftRows(mentioning marker: Symbol, by delta: Double) {
        let key = marker.raw, bit = Row.bit(forRaw: key)
        rows.withUnsafeMutableBufferPointer { rows in
            basics.withUnsafeBufferPointer { basics in
                // Rows whose signature lacks the marker's bit are passed over without reading their cells.
                for index in 0..<rows.count where rows[index].mayContain(bit) {
                    let coefficient = rows[index].coefficient(forRaw: key)
                    if coefficient != 0 {
                        let constant = rows[index].constant + delta * coefficient
                        rows[index].constant = constant
                        if constant < 0 && !basics[index].isExternal { infeasibleRows.append(basics[index]) }
                    }
                }
            }
        }
    }

    /// True when every row's signature (and the objective's) covers its cells (see `Row`); for tests.
    /// - Complexity: O(cells of the tableau).
    var signaturesCoverCells: Bool {
        rows.allSatisfy(\.signatureCoversCells) && objective.signatureCoversCells && (artificial?.signatureCoversCells ?? true)
    }

    // MARK: Solution

    /// Writes the current solution into every variable's `value`.
    /// - Complexity: O(number of variables).
    public func updateVariables() {
        // One pass over the parallel arrays' storage: no per-element exclusivity check or retain.
        rows.withUnsafeBufferPointer { rows in
            rowIndex.withUnsafeBufferPointer { rowIndex in
                variableSymbolList.withUnsafeBufferPointer { symbols in
                    variables.withUnsafeBufferPointer { variables in
                        for index in 0..<variables.count {
                            let row = rowIndex[symbols[index].id]
                            let value = row >= 0 ? rows[row].constant : 0
                            variables[index].value = value == 0 ? 0 : value  // no -0
                        }
                    }
                }
            }
        }
    }

    /// Forgets every constraint and edit variable; variables keep their last values.
    /// - Complexity: O(size of the tableau).
    public func reset() {
        rows.removeAll()
        basics.removeAll()
        rowIndex.removeAll()
        objective = Row()
        artificial = nil
        infeasibleRows.removeAll()
        nextID = 0
        revision &+= 1
        constraintTags.removeAll()
        edits.removeAll()
        variableSymbols.removeAll()
        variables.removeAll()
        variableSymbolList.removeAll()
    }
}
