import Foundation

/// The constraint engine of one root view: a `Solver` holding the root's subtree's
/// active constraints, kept between layouts and fittings.
///
/// Each solve first *syncs* what changed since the last one (constraints activated or deactivated,
/// constants and priorities, frame pins, intrinsic sizes) into the solver; nothing is rebuilt.
/// Variables are per view, in the root's coordinate space. A required constraint that cannot hold is
/// *broken*: reported once, left out, and tried again by each sync, so the next fit is what a fresh
/// engine would give. Docs/auto-layout.md ("The engine", "Conflicts").
@MainActor
final class LayoutEngine {
    /// The solver variables and engine-owned constraints of one view. Its fields keep the runtime's
    /// exclusivity checks: a sync asks views for their sizes (`intrinsicContentSize`, `sizeThatFits`),
    /// which app subclasses override.
    @MainActor
    final class Item {
        unowned(unsafe) let view: View
        /// The view as a `Label`, or nil (a view's class never changes: cast once, not at each sync).
        unowned(unsafe) let label: Label?
        /// Whether the view wraps its content at its solved width like a label (`AutoWrappingView`), cast once.
        let isWrappingView: Bool
        /// Keeps a non-root view alive while the engine has it, so its `ObjectIdentifier`
        /// key cannot be reused by a new view (the root is not retained: it owns the engine).
        private let retained: View?
        let left: Variable, top: Variable, width: Variable, height: Variable
        var generation = 0
        var pins: [Constraint] = []
        /// Pins left out by a conflict (not in the solver), tried again at each sync.
        var brokenPins: [Constraint] = []
        var pinnedFrame: CGRect?
        /// The superview the pins were made against (they name its variables).
        var pinnedParent: ObjectIdentifier?
        var intrinsicConstraints: [Constraint] = []
        /// Hugging or compression constraints (of required priority) left out by a conflict, tried again at each sync.
        var brokenIntrinsicConstraints: [Constraint] = []
        var appliedIntrinsic: IntrinsicKey?
        /// Per axis (width, height), the variable an edit holds at the intrinsic size, which the
        /// hugging and compression constraints compare with; nil on an axis with no intrinsic size
        /// or a required hugging or compression priority (those compare with a constant).
        var intrinsicEdits: [Variable?] = [nil, nil]
        /// A multi-line label's width at the last solve: its intrinsic height is measured there.
        var wrapWidth: CGFloat?
        /// The superview's item as the last full walk found it (nil for the root); kept while
        /// the structure holds, so a sync reads no weak `superview` and looks up no dictionary.
        var parentItem: Item?

        init(view: View, isRoot: Bool) {
            self.view = view
            label = view as? Label
            isWrappingView = view is AutoWrappingView
            retained = isRoot ? nil : view
            let name = LayoutConstraint.name(of: view)
            left = Variable(name + ".left")
            top = Variable(name + ".top")
            width = Variable(name + ".width")
            height = Variable(name + ".height")
        }
    }

    /// What the hugging and compression constraints of a view were built from.
    struct IntrinsicKey: Equatable {
        var size: CGSize
        var hugging: (LayoutPriority, LayoutPriority)
        var compression: (LayoutPriority, LayoutPriority)
        static func == (a: IntrinsicKey, b: IntrinsicKey) -> Bool {
            a.size == b.size && a.hugging == b.hugging && a.compression == b.compression
        }

        /// The intrinsic length along `axis` (0: width, 1: height), nil when there is none.
        func length(_ axis: Int) -> CGFloat? {
            let value = axis == 0 ? size.width : size.height
            return value.isFinite && value >= 0 ? value : nil  // `View.noIntrinsicMetric` is -1
        }

        /// True when an axis's hugging and compression constraints compare with an edit variable
        /// (neither priority is required: such a constraint cannot fail, and moving its edit is exact).
        func isEdited(_ axis: Int) -> Bool {
            let priorities = axis == 0 ? (hugging.0, compression.0) : (hugging.1, compression.1)
            return !priorities.0.isRequired && !priorities.1.isRequired
        }
    }

    /// The strength of the edits holding intrinsic sizes: just below required, above every
    /// priority's strength, so the edit always holds and only the constraints around it give way.
    static let intrinsicEditStrength = Strength.create(1000, 1000, 999)

    /// A user constraint as the solver has it.
    struct Entry {
        let constraint: LayoutConstraint
        /// The solver's version of the constraint; not in the solver while `isBroken`.
        var solverConstraint: Constraint
        /// True while left out by a conflict; each sync tries it again.
        var isBroken: Bool
        var constant: CGFloat
        var priority: LayoutPriority
        var generation: Int
    }

    unowned(unsafe) let root: View
    let solver = Solver()
    var items: [ObjectIdentifier: Item] = [:]
    var entries: [ObjectIdentifier: Entry] = [:]
    var generation = 0
    var rootSize: [(constraint: Constraint, value: CGFloat, priority: LayoutPriority)?] = [nil, nil]
    var diagnostics: ((String) -> Void)?
    /// True when a constraint was activated or deactivated, or a view added, removed or
    /// reordered, in the root's subtree since the last full walk (`AutoLayoutState` sets it).
    var structureIsStale = true
    /// The items (root included) and installed constraints the last full walk found, in its
    /// order: while `structureIsStale` is false a sync visits these instead of walking the subtree.
    private(set) var plannedItems: [Item] = []
    private var plannedConstraints: [LayoutConstraint] = []
    /// Per planned constraint, the constant and priority the solver has (a NaN constant while it
    /// is broken, so it is tried again): a sync compares these without a dictionary lookup.
    private var plannedInputs: [(constant: CGFloat, priority: LayoutPriority)] = []
    /// How many syncs walked the subtree (a structure change or the first solve); for tests.
    private(set) var fullSyncCount = 0
    /// How many solver passes the last solve took (wrapping labels add passes); for tests and benches.
    private(set) var lastPassCount = 0
    /// How many layouts solved, and how many took the last solve's solution as it was; for tests.
    private(set) var layoutSolveCount = 0
    private(set) var layoutReuseCount = 0
    /// The solver's revision at the end of the last solve, when that solve settled (no label's
    /// wrap width still moving) with nothing broken and no walk of the subtree since; nil otherwise.
    /// While the solver stays at this revision its solution is the one that solve left.
    private var reusableRevision: Int?
    /// The root's item (its variables are read at every fit and layout).
    private var rootItem: Item!

    init(root: View) {
        self.root = root
        let item = self.item(for: root)
        rootItem = item
        try! solver.addConstraint(Constraint(LinearExpression([Term(item.left)]), .equal))
        try! solver.addConstraint(Constraint(LinearExpression([Term(item.top)]), .equal))
    }

    // MARK: Entry points

    /// The root's size with its width and height pulled toward `target` at the given priorities.
    func fit(_ target: CGSize, horizontal: LayoutPriority, vertical: LayoutPriority, diagnostics: ((String) -> Void)?) -> CGSize {
        setRootSize(0, target.width, horizontal)
        setRootSize(1, target.height, vertical)
        solve(diagnostics: diagnostics)
        return CGSize(width: rootItem.width.value, height: rootItem.height.value)
    }

    /// Solves with the root's bounds fixed and writes the frames of constraint-placed views.
    ///
    /// When the last solve — a template fit of the same content at this width, say — gave the root
    /// exactly its bounds' size and nothing has changed since (the sync finds nothing to apply), that
    /// solution is taken as it is: it satisfies the bounds, and it was optimal with the root's size
    /// merely preferred, so it is optimal with that size required too. The fitting constraints stay,
    /// and nothing is solved.
    func layout(diagnostics: ((String) -> Void)?) {
        let size = root.bounds.size
        if reusableRevision != nil, rootItem.width.value == size.width, rootItem.height.value == size.height {
            self.diagnostics = diagnostics
            sync()
            if reusableRevision == solver.revision {
                layoutReuseCount += 1
            } else {
                setRootSize(0, size.width, .required)
                setRootSize(1, size.height, .required)
                solveSynced()
                layoutSolveCount += 1
            }
        } else {
            setRootSize(0, size.width, .required)
            setRootSize(1, size.height, .required)
            solve(diagnostics: diagnostics)
            layoutSolveCount += 1
        }
        for item in plannedItems where item.view !== root {
            let view = item.view
            guard !view.translatesAutoresizingMaskIntoConstraints, let parentItem = item.parentItem else { continue }
            let parent = parentItem.view
            let frame = CGRect(
                x: item.left.value - parentItem.left.value + parent.bounds.minX,
                y: item.top.value - parentItem.top.value + parent.bounds.minY,
                width: max(0, item.width.value), height: max(0, item.height.value))
            if view.frame != frame { view.frame = frame }
        }
    }

    // MARK: Solving

    func solve(diagnostics: ((String) -> Void)?) {
        self.diagnostics = diagnostics
        sync()
        solveSynced()
    }

    /// `solve` after the sync: the solution, then the passes of wrapping labels.
    private func solveSynced() {
        solver.updateVariables()
        lastPassCount = 1
        var settled = false
        // Multi-line labels: wrap at the solved widths, re-solve until the sizes stop changing.
        for _ in 0..<4 {
            var changed = false
            for item in plannedItems where isAutoWrapping(item) {
                let width = item.width.value
                if item.wrapWidth == nil || abs(item.wrapWidth! - width) > 1e-9 {
                    item.wrapWidth = width
                    if updateIntrinsic(item) { changed = true }
                }
            }
            if !changed {
                settled = true
                break
            }
            solver.updateVariables()
            lastPassCount += 1
        }
        reusableRevision = settled && !hasBrokenConstraints ? solver.revision : nil
    }

    /// True when a constraint of the engine is left out by a conflict (a user constraint, a pin, a
    /// required hugging or compression constraint, a fitting size).
    /// - Complexity: O(items + constraints).
    private var hasBrokenConstraints: Bool {
        if rootSize[0] == nil || rootSize[1] == nil { return true }
        for item in plannedItems where !item.brokenPins.isEmpty || !item.brokenIntrinsicConstraints.isEmpty { return true }
        // A broken user constraint is planned with a NaN constant (see `plannedInputs`).
        for inputs in plannedInputs where inputs.constant.isNaN { return true }
        return false
    }

    /// Brings the solver in line with the subtree: see the type's comment. While the structure
    /// holds (no constraint activated or deactivated, no view added, removed or reordered below
    /// the root) it visits the items and constraints of the last walk; otherwise it walks.
    /// - Complexity: O(views in the subtree + constraints), plus the solver work of what changed.
    func sync() {
        guard structureIsStale else {
            generation += 1
            for item in plannedItems {
                item.generation = generation
                updatePins(item)
                updateIntrinsic(item)
            }
            for index in plannedConstraints.indices {
                let constraint = plannedConstraints[index]
                if plannedInputs[index].constant == constraint.constant && plannedInputs[index].priority == constraint.priority { continue }
                syncEntry(constraint)
                plannedInputs[index] = appliedInputs(of: constraint)
            }
            return
        }
        fullSync()
    }

    /// The walk of `sync()`: collects the subtree's constraints and the views they place
    /// (with their superviews up to the root), drops what left, and records the plan.
    private func fullSync() {
        structureIsStale = false
        fullSyncCount += 1
        reusableRevision = nil  // a walk may break or restore constraints without changing the tableau
        generation += 1
        item(for: root).generation = generation
        var collected: [LayoutConstraint] = []
        var stack: [View] = [root]
        while let view = stack.popLast() {
            if let state = view._autoLayout {
                for constraint in state.installed {
                    guard let first = constraint.firstItem else { continue }
                    touch(first)
                    if let second = constraint.secondItem { touch(second) }
                    collected.append(constraint)
                }
            }
            stack.append(contentsOf: view.subviews)
        }
        // Removals before additions (and before broken constraints are tried again), so a
        // constraint broken by a conflict comes back once the other side is gone.
        for constraint in collected { entries[ObjectIdentifier(constraint)]?.generation = generation }
        for (key, entry) in entries where entry.generation != generation {
            if !entry.isBroken { try? solver.removeConstraint(entry.solverConstraint) }
            entries[key] = nil
        }
        // Views first (pins, intrinsic sizes), so that a user constraint that conflicts with them is the one broken.
        var dropped: [Item] = []
        plannedItems.removeAll(keepingCapacity: true)
        for (key, item) in items {
            if item.generation != generation {
                for constraint in item.pins { try? solver.removeConstraint(constraint) }
                removeIntrinsic(item)
                item.parentItem = nil
                items[key] = nil
                dropped.append(item)
                continue
            }
            item.parentItem = item.view === root ? nil : item.view.superview.flatMap { items[ObjectIdentifier($0)] }
            plannedItems.append(item)
            updatePins(item)
            updateIntrinsic(item)
        }
        // Only stale constraints mentioned a dropped view, and they are gone now.
        for item in dropped {
            for variable in [item.left, item.top, item.width, item.height] { solver.forgetVariable(variable) }
        }
        for constraint in collected { syncEntry(constraint) }
        plannedConstraints = collected
        plannedInputs = collected.map { appliedInputs(of: $0) }
    }

    /// What the solver has of `constraint` (see `plannedInputs`).
    private func appliedInputs(of constraint: LayoutConstraint) -> (constant: CGFloat, priority: LayoutPriority) {
        guard let entry = entries[ObjectIdentifier(constraint)], !entry.isBroken else { return (.nan, constraint.priority) }
        return (entry.constant, entry.priority)
    }

    private func touch(_ view: View) {
        var current: View? = view
        while let candidate = current {
            let item = self.item(for: candidate)
            if item.generation == generation { return }
            item.generation = generation
            if candidate === root { return }
            current = candidate.superview
        }
    }

    func item(for view: View) -> Item {
        let key = ObjectIdentifier(view)
        if let item = items[key] { return item }
        let item = Item(view: view, isRoot: view === root)
        items[key] = item
        return item
    }

    // MARK: User constraints

    private func syncEntry(_ constraint: LayoutConstraint) {
        let key = ObjectIdentifier(constraint)
        if var entry = entries[key] {
            entry.generation = generation
            if entry.constant == constraint.constant && entry.priority == constraint.priority {
                // Broken by a conflict: back in as soon as it fits, without a second report.
                if entry.isBroken { entry.isBroken = !tryAgain(entry.solverConstraint) }
                entries[key] = entry
                return
            }
            // A new constant of an equality in the solver: moved in place.
            if !entry.isBroken, entry.priority == constraint.priority, constraint.relation == .equal {
                let moved = Self.withConstant(entry.solverConstraint, -Double(constraint.constant))
                if solver.replaceConstant(of: entry.solverConstraint, with: moved) {
                    entry.constant = constraint.constant
                    entry.solverConstraint = moved
                    entries[key] = entry
                    return
                }
            }
            // An edit: swap the one solver constraint for its new version.
            if !entry.isBroken { try? solver.removeConstraint(entry.solverConstraint) }
            entry.constant = constraint.constant
            entry.priority = constraint.priority
            entry.solverConstraint = solverConstraint(for: constraint)
            entry.isBroken = !add(entry.solverConstraint, for: constraint)
            entries[key] = entry
            return
        }
        let solverConstraint = solverConstraint(for: constraint)
        entries[key] = Entry(
            constraint: constraint, solverConstraint: solverConstraint,
            isBroken: !add(solverConstraint, for: constraint), constant: constraint.constant,
            priority: constraint.priority, generation: generation)
    }

    /// `constraint` with the constant of its (already reduced) expression replaced.
    static func withConstant(_ constraint: Constraint, _ constant: Double) -> Constraint {
        Constraint(reduced: LinearExpression(constraint.expression.terms, constant: constant), constraint.op, strength: constraint.strength)
    }

    /// `first.attribute - (multiplier · second.attribute + constant) relation 0`.
    func solverConstraint(for constraint: LayoutConstraint) -> Constraint {
        var terms = terms(of: item(for: constraint.firstItem!), constraint.firstAttribute, scale: 1)
        if let second = constraint.secondItem {
            terms += self.terms(of: item(for: second), constraint.secondAttribute, scale: -Double(constraint.multiplier))
        }
        let op: RelationalOperator
        switch constraint.relation {
        case .equal: op = .equal
        case .lessThanOrEqual: op = .lessThanOrEqual
        case .greaterThanOrEqual: op = .greaterThanOrEqual
        }
        return Constraint(LinearExpression(terms, constant: -Double(constraint.constant)), op, strength: constraint.priority.strength)
    }

    private func terms(of item: Item, _ attribute: LayoutConstraint.Attribute, scale: Double) -> [Term] {
        switch attribute {
        case .left, .leading: return [Term(item.left, scale)]
        case .right, .trailing: return [Term(item.left, scale), Term(item.width, scale)]
        case .centerX: return [Term(item.left, scale), Term(item.width, scale / 2)]
        case .top: return [Term(item.top, scale)]
        case .bottom: return [Term(item.top, scale), Term(item.height, scale)]
        case .centerY: return [Term(item.top, scale), Term(item.height, scale / 2)]
        case .width: return [Term(item.width, scale)]
        case .height: return [Term(item.height, scale)]
        case .notAnAttribute: return []
        }
    }

    /// Adds a user constraint; a required one that conflicts is broken (left out) with one report.
    /// - Returns: false when it was broken.
    private func add(_ solverConstraint: Constraint, for constraint: LayoutConstraint) -> Bool {
        do {
            try solver.addConstraint(solverConstraint)
            return true
        } catch {
            let items = [constraint.firstItem, constraint.secondItem].compactMap { $0 }
            let conflicting = entries.values.filter { entry in
                !entry.isBroken && entry.priority.isRequired
                    && [entry.constraint.firstItem, entry.constraint.secondItem].contains { candidate in
                        items.contains { $0 === candidate }
                    }
            }.map(\.constraint)
            report(LayoutConstraint.conflictMessage(conflicting: conflicting + [constraint], broken: constraint))
            return false
        }
    }

    /// Adds a constraint broken earlier, silently (it was reported when it broke).
    /// - Returns: true when it is back in the solver.
    private func tryAgain(_ constraint: Constraint) -> Bool {
        (try? solver.addConstraint(constraint)) != nil
    }

    /// Adds back those of `constraints` that hold now; returns those still broken.
    private func tryAgain(_ constraints: [Constraint], into restored: inout [Constraint]) -> [Constraint] {
        constraints.filter { constraint in
            if tryAgain(constraint) {
                restored.append(constraint)
                return false
            }
            return true
        }
    }

    private func report(_ message: String) {
        (diagnostics ?? LayoutConstraint.diagnosticHandler)(message)
    }

    // MARK: Engine-owned constraints

    private func setRootSize(_ axis: Int, _ value: CGFloat, _ priority: LayoutPriority) {
        if let current = rootSize[axis], current.value == value, current.priority == priority { return }
        if let current = rootSize[axis], current.priority == priority {
            let moved = Self.withConstant(current.constraint, -Double(value))
            if solver.replaceConstant(of: current.constraint, with: moved) {
                rootSize[axis] = (moved, value, priority)
                return
            }
        }
        if let current = rootSize[axis] { try? solver.removeConstraint(current.constraint) }
        let rootItem = item(for: root)
        let variable = axis == 0 ? rootItem.width : rootItem.height
        let constraint = Constraint(LinearExpression([Term(variable)], constant: -Double(value)), .equal, strength: priority.strength)
        if (try? solver.addConstraint(constraint)) != nil {
            rootSize[axis] = (constraint, value, priority)
        } else {
            rootSize[axis] = nil
            report(
                "Unable to simultaneously satisfy constraints.\nWill attempt to recover by breaking constraint\n    <\(variable.name) == \(formatNumber(Double(value))) (fitting size)>"
            )
        }
    }

    /// Frame-based views (other than the root) are held at their frames, relative to their superview.
    private func updatePins(_ item: Item) {
        let view = item.view
        guard view !== root, view.translatesAutoresizingMaskIntoConstraints, let parentItem = item.parentItem else {
            if !item.pins.isEmpty || !item.brokenPins.isEmpty || item.pinnedFrame != nil { removePins(item) }
            return
        }
        let parent = parentItem.view
        let frame = view.frame.offsetBy(dx: -parent.bounds.minX, dy: -parent.bounds.minY)
        if item.pinnedFrame == frame {
            if !item.brokenPins.isEmpty { item.brokenPins = tryAgain(item.brokenPins, into: &item.pins) }
            return
        }
        let parentKey = ObjectIdentifier(parent)
        if let pinned = item.pinnedFrame, item.pinnedParent == parentKey, item.brokenPins.isEmpty, item.pins.count == 4 {
            // Same superview, every pin in: replace only the pins whose value moved (a cell's
            // contentView taking a new row's height changes one of the four).
            let old = [pinned.minX, pinned.minY, pinned.width, pinned.height]
            let new = [frame.minX, frame.minY, frame.width, frame.height]
            var kept: [Constraint] = []
            for component in 0..<4 {
                if old[component] == new[component] {
                    kept.append(item.pins[component])
                    continue
                }
                let moved = Self.withConstant(item.pins[component], -Double(new[component]))
                if solver.replaceConstant(of: item.pins[component], with: moved) {
                    kept.append(moved)
                    continue
                }
                try? solver.removeConstraint(item.pins[component])
                let pin = self.pin(item, parentItem, component, new[component])
                if addPin(pin, to: item) { kept.append(pin) } else { item.pinnedParent = nil }
            }
            // A pin broken by the move: `pins` is no longer the four in order, so the next move rebuilds them all.
            item.pins = kept
            item.pinnedFrame = frame
            return
        }
        removePins(item)
        let values = [frame.minX, frame.minY, frame.width, frame.height]
        for component in 0..<4 {
            let pin = self.pin(item, parentItem, component, values[component])
            if addPin(pin, to: item) { item.pins.append(pin) }
        }
        item.pinnedFrame = frame
        item.pinnedParent = item.brokenPins.isEmpty ? parentKey : nil
    }

    /// The pin of one frame component (0 left, 1 top, 2 width, 3 height) at `value`, relative to the superview.
    private func pin(_ item: Item, _ parentItem: Item, _ component: Int, _ value: CGFloat) -> Constraint {
        switch component {
        case 0: return Constraint(LinearExpression([Term(item.left), Term(parentItem.left, -1)], constant: -Double(value)), .equal)
        case 1: return Constraint(LinearExpression([Term(item.top), Term(parentItem.top, -1)], constant: -Double(value)), .equal)
        case 2: return Constraint(LinearExpression([Term(item.width)], constant: -Double(value)), .equal)
        default: return Constraint(LinearExpression([Term(item.height)], constant: -Double(value)), .equal)
        }
    }

    /// Adds a pin; one that conflicts is broken (kept in `brokenPins`, tried again at each sync) with one report.
    /// - Returns: true when it is in the solver.
    private func addPin(_ pin: Constraint, to item: Item) -> Bool {
        if (try? solver.addConstraint(pin)) != nil { return true }
        item.brokenPins.append(pin)
        report("Unable to simultaneously satisfy constraints.\nWill attempt to recover by breaking constraint\n    <\(pin) (autoresizing mask)>")
        return false
    }

    private func removePins(_ item: Item) {
        for pin in item.pins { try? solver.removeConstraint(pin) }
        item.pins = []
        item.brokenPins = []
        item.pinnedFrame = nil
        item.pinnedParent = nil
    }

    func isAutoWrapping(_ item: Item) -> Bool {
        if let label = item.label {
            guard label.numberOfLines != 1 && label.preferredMaxLayoutWidth == 0 else { return false }
        } else if !item.isWrappingView {
            return false
        }
        return item.view === root || !item.view.translatesAutoresizingMaskIntoConstraints
    }

    /// The intrinsic size the engine uses: a multi-line label with automatic
    /// `preferredMaxLayoutWidth` (or another `AutoWrappingView`) keeps its one-line width
    /// but takes the height of its content wrapped at its last solved width.
    private func intrinsicSize(_ item: Item) -> CGSize {
        if isAutoWrapping(item) {
            let view = item.view
            let full = view.sizeThatFits(CGSize(width: 0, height: 0))
            guard let wrap = item.wrapWidth, wrap > 0 else { return full }
            return CGSize(width: full.width, height: view.sizeThatFits(CGSize(width: wrap, height: 0)).height)
        }
        return item.view.intrinsicContentSize
    }

    /// Moves the edits of `item`'s intrinsic sizes when only their values changed since `applied`
    /// (same priorities, same axes with an intrinsic size, constant-compared axes unchanged).
    /// - Returns: false when the constraints must be rebuilt instead.
    private func moveIntrinsicEdits(_ item: Item, from applied: IntrinsicKey, to key: IntrinsicKey) -> Bool {
        guard applied.hugging == key.hugging, applied.compression == key.compression else { return false }
        for axis in 0..<2 {
            let old = applied.length(axis), new = key.length(axis)
            if (old == nil) != (new == nil) { return false }
            guard let new, new != old else { continue }
            if item.intrinsicEdits[axis] == nil || Double(new) > Solver.maximumSuggestedValue { return false }
        }
        item.appliedIntrinsic = key
        for axis in 0..<2 {
            guard let variable = item.intrinsicEdits[axis], let value = key.length(axis), value != applied.length(axis) else { continue }
            try! solver.suggestValue(variable, Double(value))
        }
        return true
    }

    /// Takes `item`'s hugging and compression constraints and intrinsic edits out of the solver.
    private func removeIntrinsic(_ item: Item) {
        for constraint in item.intrinsicConstraints { try? solver.removeConstraint(constraint) }
        item.intrinsicConstraints = []
        item.brokenIntrinsicConstraints = []
        for axis in 0..<2 {
            guard let variable = item.intrinsicEdits[axis] else { continue }
            try? solver.removeEditVariable(variable)
            solver.forgetVariable(variable)
            item.intrinsicEdits[axis] = nil
        }
        item.appliedIntrinsic = nil
    }

    /// Re-reads the view's intrinsic size and priorities; replaces its hugging and
    /// compression constraints when they changed. - Returns: true when they changed.
    @discardableResult
    func updateIntrinsic(_ item: Item) -> Bool {
        let view = item.view
        guard view === root || !view.translatesAutoresizingMaskIntoConstraints else {
            if item.appliedIntrinsic == nil { return false }
            removeIntrinsic(item)
            return true
        }
        let key = IntrinsicKey(
            size: intrinsicSize(item),
            hugging: (view.contentHuggingPriority(for: .horizontal), view.contentHuggingPriority(for: .vertical)),
            compression: (
                view.contentCompressionResistancePriority(for: .horizontal),
                view.contentCompressionResistancePriority(for: .vertical)
            ))
        if item.appliedIntrinsic == key {
            if item.brokenIntrinsicConstraints.isEmpty { return false }
            let count = item.intrinsicConstraints.count
            item.brokenIntrinsicConstraints = tryAgain(item.brokenIntrinsicConstraints, into: &item.intrinsicConstraints)
            return item.intrinsicConstraints.count != count
        }
        if let applied = item.appliedIntrinsic, moveIntrinsicEdits(item, from: applied, to: key) { return true }
        removeIntrinsic(item)
        item.appliedIntrinsic = key
        let axes: [(Variable, LayoutPriority, LayoutPriority)] = [
            (item.width, key.hugging.0, key.compression.0),
            (item.height, key.hugging.1, key.compression.1),
        ]
        for (axis, (variable, hugging, compression)) in axes.enumerated() {
            guard let value = key.length(axis) else { continue }
            let expression: LinearExpression
            if key.isEdited(axis), Double(value) <= Solver.maximumSuggestedValue {
                // `size - intrinsic`, the intrinsic variable held at `value` by an edit: a new
                // content size is then one `suggestValue`, not two constraints removed and added.
                let intrinsic = Variable(String(item.width.name.dropLast(5)) + (axis == 0 ? "intrinsicWidth" : "intrinsicHeight"))
                try! solver.addEditVariable(intrinsic, strength: LayoutEngine.intrinsicEditStrength)
                try! solver.suggestValue(intrinsic, Double(value))
                item.intrinsicEdits[axis] = intrinsic
                expression = LinearExpression([Term(variable), Term(intrinsic, -1)])
            } else {
                expression = LinearExpression([Term(variable)], constant: -Double(value))
            }
            for constraint in [
                Constraint(expression, .lessThanOrEqual, strength: hugging.strength),
                Constraint(expression, .greaterThanOrEqual, strength: compression.strength),
            ] {
                // Only a required hugging or compression priority can fail; it is tried again at each sync.
                if (try? solver.addConstraint(constraint)) != nil {
                    item.intrinsicConstraints.append(constraint)
                } else {
                    item.brokenIntrinsicConstraints.append(constraint)
                }
            }
        }
        return true
    }
}
