/// The simplex machinery behind `Solver`'s public calls, following the
/// Cassowary paper and kiwi's solverimpl (re-written, not ported):
/// rows are built with slack / error / dummy symbols, entered by a subject when
/// one exists and by a phase-one artificial variable otherwise; the primal
/// simplex restores optimality after add / remove and the dual simplex after an
/// edit. Entering and leaving choices break ties by the lowest symbol (Bland's
/// rule), which rules out cycling on degenerate pivots.
extension Solver {
    // MARK: Symbols and rows

    func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        let symbol = Symbol(id: nextID, kind: kind)
        nextID += 1
        rowIndex.append(-1)
        return symbol
    }

    func symbol(for variable: Variable) -> Symbol {
        let key = ObjectIdentifier(variable)
        if let symbol = variableSymbols[key] { return symbol }
        let symbol = makeSymbol(.external)
        variableSymbols[key] = symbol
        variables.append(variable)
        variableSymbolList.append(symbol)
        return symbol
    }

    /// Undoes the variables (and symbol ids) created since a failed call began.
    func forgetVariables(from count: Int, idBefore: Int) {
        while variables.count > count {
            variableSymbols[ObjectIdentifier(variables.removeLast())] = nil
            variableSymbolList.removeLast()
        }
        nextID = idBefore
        rowIndex.removeLast(rowIndex.count - idBefore)
    }

    func appendRow(_ row: Row, basic: Symbol) {
        rowIndex[basic.id] = rows.count
        rows.append(row)
        basics.append(basic)
    }

    /// Removes and returns the row at `index` (swap with the last).
    func takeRow(at index: Int) -> Row {
        let basic = basics[index]
        let last = rows.count - 1
        if index != last {
            rows.swapAt(index, last)
            basics.swapAt(index, last)
            rowIndex[basics[index].id] = index
        }
        rowIndex[basic.id] = -1
        basics.removeLast()
        return rows.removeLast()
    }

    /// The row of `constraint` in terms of the current parametric symbols, with its
    /// slack, error or dummy symbols; its constant is made non-negative.
    func makeRow(for constraint: Constraint, tag: inout Tag) -> Row {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        for term in expression.terms where !nearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            let index = rowIndex[symbol.id]
            if index >= 0 {
                row.insert(rows[index], term.coefficient)
            } else {
                row.insert(symbol, term.coefficient)
            }
        }
        let required = constraint.strength >= Strength.required
        switch constraint.op {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.op == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack)
            tag.marker = slack
            row.insert(slack, sign)
            if !required {
                let error = makeSymbol(.error)
                tag.other = error
                row.insert(error, -sign)
                objective.insert(error, constraint.strength)
            }
        case .equal:
            if required {
                let dummy = makeSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy)
            } else {
                let plus = makeSymbol(.error)
                let minus = makeSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)  // expression = plus - minus
                row.insert(minus, 1)
                objective.insert(plus, constraint.strength)
                objective.insert(minus, constraint.strength)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    /// The symbol to make basic for a new row: any external one, else a new slack
    /// or error symbol with a negative coefficient (it can take the row's positive constant).
    func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
        for cell in row.cells where cell.symbol.isExternal { return cell.symbol }
        if tag.marker.isRestricted, row.coefficient(for: tag.marker) < 0 { return tag.marker }
        if tag.other.isValid, tag.other.isRestricted, row.coefficient(for: tag.other) < 0 { return tag.other }
        return .invalid
    }

    func allDummies(_ row: Row) -> Bool {
        row.cells.allSatisfy { $0.symbol.isDummy }
    }

    /// Phase one: adds the row with an artificial basic variable and minimizes it.
    /// - Returns: false when the minimum is not zero (the constraint cannot hold);
    ///   the caller then restores its copy of the tableau.
    func addWithArtificialVariable(_ row: Row) -> Bool {
        let art = makeSymbol(.slack)
        appendRow(row, basic: art)
        artificial = row
        optimize(artificialObjective: true)
        let success = nearZero(artificial!.constant)
        artificial = nil
        if !success { return false }

        let index = rowIndex[art.id]
        if index >= 0 {
            var artRow = takeRow(at: index)
            if artRow.isConstant { return true }
            guard let entering = anyPivotableSymbol(artRow) else { return false }
            artRow.solve(for: art, replacing: entering)
            substitute(entering, with: artRow)
            appendRow(artRow, basic: entering)
        }
        for index in rows.indices { rows[index].remove(art) }
        objective.remove(art)
        return true
    }

    func anyPivotableSymbol(_ row: Row) -> Symbol? {
        row.cells.first { $0.symbol.isRestricted }?.symbol
    }

    /// Replaces `symbol` by `row` in every row and the objective(s), noting rows made infeasible.
    /// - Complexity: O(rows · log(row length)) plus a merge per row that mentions `symbol`.
    func substitute(_ symbol: Symbol, with row: Row) {
        for index in rows.indices where rows[index].contains(symbol) {  // a read first: most rows lack it
            rows[index].substitute(symbol, with: row)
            if rows[index].constant < 0, !basics[index].isExternal {
                infeasibleRows.append(basics[index])
            }
        }
        objective.substitute(symbol, with: row)
        if artificial != nil { artificial!.substitute(symbol, with: row) }
    }

    // MARK: Optimizing

    /// The primal simplex on the objective (or the artificial objective).
    func optimize(artificialObjective useArtificial: Bool) {
        while true {
            let goal = useArtificial ? artificial! : objective
            guard let entering = enteringSymbol(goal) else { return }
            guard let leavingIndex = leavingRow(for: entering) else {
                // A weighted sum of non-negative errors cannot decrease forever, so an
                // "unbounded" direction is rounding noise: with strengths near 1e9 a
                // cancelled coefficient can be left at -1e-8. Drop it and go on.
                if useArtificial { artificial!.remove(entering) } else { objective.remove(entering) }
                continue
            }
            let leaving = basics[leavingIndex]
            var row = takeRow(at: leavingIndex)
            row.solve(for: leaving, replacing: entering)
            substitute(entering, with: row)
            appendRow(row, basic: entering)
        }
    }

    /// The lowest non-dummy symbol with a negative objective coefficient.
    func enteringSymbol(_ goal: Row) -> Symbol? {
        for cell in goal.cells where cell.coefficient < 0 && !cell.symbol.isDummy { return cell.symbol }
        return nil
    }

    /// The ratio test: the restricted row that limits `entering` first (ties: lowest basic symbol).
    func leavingRow(for entering: Symbol) -> Int? {
        var best = Double.greatestFiniteMagnitude
        var found: Int?
        for index in rows.indices where !basics[index].isExternal {
            let coefficient = rows[index].coefficient(for: entering)
            if coefficient < 0 {
                let ratio = -rows[index].constant / coefficient
                // `found` may still be nil when the ratio equals the starting `best` (a constant as large
                // as `greatestFiniteMagnitude`): the first such row is taken.
                if ratio < best || (ratio == best && found.map { basics[index] < basics[$0] } ?? true) {
                    best = ratio
                    found = index
                }
            }
        }
        return found
    }

    /// The dual simplex: pivots infeasible rows (negative constants) back to feasibility, keeping optimality.
    func dualOptimize() {
        while let leaving = infeasibleRows.popLast() {
            let index = rowIndex[leaving.id]
            guard index >= 0, rows[index].constant < 0, !nearZero(rows[index].constant) else { continue }
            guard let entering = dualEnteringSymbol(rows[index]) else {
                preconditionFailure("Solver: dual optimize failed (internal error)")
            }
            var row = takeRow(at: index)
            row.solve(for: leaving, replacing: entering)
            substitute(entering, with: row)
            appendRow(row, basic: entering)
        }
    }

    func dualEnteringSymbol(_ row: Row) -> Symbol? {
        var best = Double.greatestFiniteMagnitude
        var entering: Symbol?
        for cell in row.cells where cell.coefficient > 0 && !cell.symbol.isDummy {
            let ratio = objective.coefficient(for: cell.symbol) / cell.coefficient
            if ratio < best {
                best = ratio
                entering = cell.symbol
            }
        }
        return entering
    }

    // MARK: Removing

    /// Drops `variable` from the solver once no constraint mentions it (so an engine whose
    /// views come and go does not grow). Keeps it if it is still basic in a row.
    /// - Complexity: O(rows + variables).
    func forgetVariable(_ variable: Variable) {
        let key = ObjectIdentifier(variable)
        guard let symbol = variableSymbols[key], rowIndex[symbol.id] < 0 else { return }
        for index in rows.indices where rows[index].contains(symbol) { rows[index].remove(symbol) }
        objective.remove(symbol)
        variableSymbols[key] = nil
        revision &+= 1
        if let index = variableSymbolList.firstIndex(of: symbol) {
            variables.swapAt(index, variables.count - 1)
            variableSymbolList.swapAt(index, variableSymbolList.count - 1)
            variables.removeLast()
            variableSymbolList.removeLast()
        }
    }

    /// Takes the constraint's error symbols out of the objective.
    func removeEffects(of tag: Tag) {
        let strength = tag.constraint.strength
        for marker in [tag.marker, tag.other] where marker.isValid && marker.kind == .error {
            let index = rowIndex[marker.id]
            if index >= 0 {
                objective.insert(rows[index], -strength)
            } else {
                objective.insert(marker, -strength)
            }
        }
    }

    /// Removes the row that holds `marker`, pivoting it into the basis first if needed.
    func removeMarker(_ marker: Symbol) {
        let index = rowIndex[marker.id]
        if index >= 0 {
            _ = takeRow(at: index)
            return
        }
        guard let leavingIndex = markerLeavingRow(marker) else {
            preconditionFailure("Solver: no leaving row for a constraint's marker (internal error)")
        }
        let leaving = basics[leavingIndex]
        var row = takeRow(at: leavingIndex)
        row.solve(for: leaving, replacing: marker)
        substitute(marker, with: row)
    }

    /// The row to pivot `marker` into: a restricted row with the smallest ratio
    /// (negative coefficients first, which keeps the tableau feasible), else an external row.
    ///
    /// A dummy marker first looks for a row whose basic symbol is also a dummy: such
    /// rows (left by redundant required equalities) hold only dummies and a 0 constant,
    /// and must keep that form. Pivoting the marker through any other row would put
    /// constants and real symbols into them, leaving a required equality violated
    /// (with kiwi's choice alone, adding a duplicate of a required equality and then
    /// removing the original can break it).
    func markerLeavingRow(_ marker: Symbol) -> Int? {
        if marker.isDummy {
            var found: Int?
            for index in rows.indices where basics[index].isDummy && rows[index].contains(marker) {
                if found == nil || basics[index] < basics[found!] { found = index }
            }
            if let found { return found }
        }
        var firstRatio = Double.greatestFiniteMagnitude
        var secondRatio = Double.greatestFiniteMagnitude
        var first: Int?
        var second: Int?
        var third: Int?
        for index in rows.indices {
            let coefficient = rows[index].coefficient(for: marker)
            if coefficient == 0 { continue }
            let basic = basics[index]
            if basic.isExternal {
                if third == nil || basic < basics[third!] { third = index }
            } else if coefficient < 0 {
                let ratio = -rows[index].constant / coefficient
                if ratio < firstRatio || (ratio == firstRatio && basic < basics[first!]) {
                    firstRatio = ratio
                    first = index
                }
            } else {
                let ratio = rows[index].constant / coefficient
                if ratio < secondRatio || (ratio == secondRatio && basic < basics[second!]) {
                    secondRatio = ratio
                    second = index
                }
            }
        }
        return first ?? second ?? third
    }
}
