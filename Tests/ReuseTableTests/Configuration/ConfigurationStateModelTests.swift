import Foundation
import TestSupport
import Testing

@testable import ReuseTable

/// Random sequences of what changes a cell's configuration state — selection (programmatic and
/// taps), editing, swipe actions, lifting a row to reorder it, scrolling (cells reused mid-sequence),
/// explicit `setNeedsUpdateConfiguration()` — checked after every step against a simple state
/// machine: the state each row should show, which cells a step marked, and so exactly how many
/// updates each cell ran (one per arrival, one per marked step while on screen, none off screen).
/// `REUSETABLE_LONG=1` runs 40 seeds of 1,000 steps on each view.
@MainActor
@Suite struct ConfigurationStateModelTests {
    nonisolated static var isLong: Bool { ProcessInfo.processInfo.environment["REUSETABLE_LONG"] == "1" }
    nonisolated static let seeds: [UInt64] = isLong ? Array(1...40) : [1, 2, 3, 4]
    nonisolated static var steps: Int { isLong ? 1_000 : 220 }

    /// The model: the state every row should show, by row id.
    struct Model {
        var selected: Set<Int> = []
        var isEditing = false
        var swiped: Int?
        var lifted: Int?
        var multiple = false

        func state(of id: Int) -> CellConfigurationState {
            var state = CellConfigurationState()
            state.isSelected = selected.contains(id)
            state.isEditing = isEditing
            state.isSwiped = swiped == id
            state.isReordering = lifted == id
            return state
        }
    }

    /// What a step did, for the counts: which ids it marked besides state changes.
    struct Marks {
        var touched: Set<Int> = []
    }

    /// A view under test, reduced to what the model needs.
    struct Subject {
        /// The cells on screen (the lifted one included) with the id each shows.
        var onScreen: () -> [(cell: AnyObject, id: Int)]
        var log: UpdateLog
        var layOut: () -> Void
    }

    /// Checks one step: `before` the cells on screen before it; `wasModel` and `model` the states before and after.
    static func check(
        _ subject: Subject, before: [(cell: AnyObject, id: Int)], countsBefore: [ObjectIdentifier: Int], logCountBefore: Int,
        wasModel: Model, model: Model, marks: Marks, step: String
    ) -> Int {
        let after = subject.onScreen()
        var expectedTotal = 0
        var seen: Set<ObjectIdentifier> = []
        let beforeByCell = Dictionary(uniqueKeysWithValues: before.map { (ObjectIdentifier($0.cell), $0.id) })
        func marked(_ id: Int) -> Bool { wasModel.state(of: id) != model.state(of: id) || marks.touched.contains(id) }
        for (cell, id) in after {
            let key = ObjectIdentifier(cell)
            seen.insert(key)
            var expected = 0
            if let old = beforeByCell[key], marked(old) { expected += 1 }
            if beforeByCell[key] != id { expected += 1 }  // an arrival: updated when the data source configured it
            expectedTotal += expected
            let count = subject.log.entries[logCountBefore...].filter { $0.cell == key }.count
            #expect(
                count == expected,
                "\(step): cell showing \(id) ran \(count) updates, expected \(expected): \(subject.log.entries.filter { $0.cell == key }.suffix(count).map { "\($0.row) sel \($0.state.isSelected) ed \($0.state.isEditing) sw \($0.state.isSwiped) re \($0.state.isReordering) hi \($0.state.isHighlighted)" })"
            )
            let last = subject.log.last(of: cell)
            #expect(last?.row == id, "\(step): the last update of the cell showing \(id) was for \(String(describing: last?.row))")
            #expect(last?.state == model.state(of: id), "\(step): row \(id) was updated with \(String(describing: last?.state))")
        }
        for (cell, id) in before where !seen.contains(ObjectIdentifier(cell)) {
            let expected = marked(id) ? 1 : 0  // updated at the start of the pass that took it off screen, if marked
            expectedTotal += expected
            let count = subject.log.entries[logCountBefore...].filter { $0.cell == ObjectIdentifier(cell) }.count
            #expect(count == expected, "\(step): cell that left with \(id) ran \(count) updates, expected \(expected)")
        }
        #expect(subject.log.entries.count - logCountBefore == expectedTotal, "\(step): total updates")
        return expectedTotal
    }

    /// What a step can do to a view; `Driver.actions` maps the number a step draws to one.
    enum Action { case tap, select, deselect, toggleEditing, swipe, scroll, lift, markVisible }

    /// The calls a sequence makes on one view, by row number (section 0).
    struct Driver {
        /// The ids of the rows, in order.
        var ids: () -> [Int]
        /// The rows with a cell on screen.
        var visibleRows: () -> [Int]
        /// What each number a step draws does (one more number marks a visible row).
        var actions: [Action]
        var tap: (Int) -> Void
        var select: (Int) -> Void
        var deselect: (Int) -> Void
        var setEditing: (Bool) -> Void = { _ in }
        var swipe: (Int) -> Void = { _ in }
        var offsetY: () -> CGFloat
        var setOffsetY: (CGFloat) -> Void
        var beginMovement: (Int) -> Bool
        var moveTarget: (CGPoint) -> Void
        var endMovement: () -> Void
        var cancelMovement: () -> Void
        var setNeedsUpdateConfiguration: (Int) -> Void
        /// The ids of the selected rows.
        var selectedIDs: () -> Set<Int>
    }

    /// One seed's random sequence on a view, every step checked against the model; returns the updates checked.
    static func run(seed: UInt64, multiple: Bool, subject: Subject, driver: Driver) -> Int {
        var rng = SplitMix64(seed: seed)
        var model = Model()
        model.multiple = multiple
        var updates = 0
        for step in 0..<Self.steps {
            let before = subject.onScreen()
            let countsBefore = Dictionary(uniqueKeysWithValues: before.map { (ObjectIdentifier($0.cell), subject.log.count(of: $0.cell)) })
            let logBefore = subject.log.entries.count
            let was = model
            var marks = Marks()
            let ids = driver.ids()
            let visibleRows = driver.visibleRows()
            let row = Int.random(in: 0..<ids.count, using: &rng)
            var name = ""
            func markVisible() {
                if let visible = visibleRows.randomElement(using: &rng) {
                    name = "setNeedsUpdateConfiguration of \(ids[visible])"
                    driver.setNeedsUpdateConfiguration(visible)
                    marks.touched.insert(ids[visible])
                }
            }
            if model.lifted != nil {
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    name = "move the lifted row"
                    driver.moveTarget(CGPoint(x: 5, y: driver.offsetY() + CGFloat(Int.random(in: 0..<8, using: &rng))))
                case 1:
                    name = "drop"
                    driver.endMovement()
                    model.lifted = nil
                case 2:
                    name = "cancel"
                    driver.cancelMovement()
                    model.lifted = nil
                default:
                    markVisible()
                }
            } else {
                let drawn = Int.random(in: 0...driver.actions.count, using: &rng)
                switch drawn < driver.actions.count ? driver.actions[drawn] : .markVisible {
                case .tap:
                    name = "tap \(ids[row])"
                    let selects = model.swiped == nil && !model.isEditing
                    driver.tap(row)
                    if selects {
                        marks.touched.insert(ids[row])  // highlighted, then not
                        if model.multiple {
                            model.selected.formSymmetricDifference([ids[row]])
                        } else {
                            model.selected = [ids[row]]
                        }
                    } else {
                        model.swiped = nil
                    }
                case .select:
                    name = "select \(ids[row])"
                    driver.select(row)
                    if model.multiple { model.selected.insert(ids[row]) } else { model.selected = [ids[row]] }
                case .deselect:
                    name = "deselect \(ids[row])"
                    driver.deselect(row)
                    model.selected.remove(ids[row])
                case .toggleEditing:
                    name = "editing \(!model.isEditing)"
                    driver.setEditing(!model.isEditing)
                    model.isEditing.toggle()
                    model.swiped = nil
                case .swipe:
                    name = "swipe \(ids[row])"
                    driver.swipe(row)
                    if model.swiped == ids[row] { marks.touched.insert(ids[row]) }  // closed, then opened again
                    model.swiped = ids[row]
                case .scroll:
                    let y = CGFloat(Int.random(in: 0...32, using: &rng))
                    name = "scroll to \(y)"
                    if y != driver.offsetY() { model.swiped = nil }
                    driver.setOffsetY(y)
                case .lift:
                    if model.swiped == nil, let visible = visibleRows.randomElement(using: &rng) {
                        name = "lift \(ids[visible])"
                        #expect(driver.beginMovement(visible))
                        model.lifted = ids[visible]
                    }
                case .markVisible:
                    markVisible()
                }
            }
            subject.layOut()
            #expect(driver.selectedIDs() == model.selected, "\(step) \(name): selection")
            updates += Self.check(
                subject, before: before, countsBefore: countsBefore, logCountBefore: logBefore, wasModel: was, model: model, marks: marks,
                step: "step \(step) (\(name))")
        }
        #expect(updates > 100)
        return updates
    }

    @Test(arguments: seeds)
    func tableSequencesMatchTheStateMachine(seed: UInt64) {
        let source = ConfiguredRows(count: 40)
        let table = source.table(height: 8)
        table.allowsMultipleSelection = seed % 2 == 0
        let subject = Subject(
            onScreen: {
                var cells = table.engine.cellsOnScreen.entries.map { (cell: $0.cell as AnyObject, id: source.rows[$0.row]) }
                if let movement = table.engine.pass.movement { cells.append((movement.cell, source.rows[movement.origin.row])) }
                return cells
            },
            log: source.log, layOut: { table.layoutIfNeeded() })
        func path(_ row: Int) -> IndexPath { IndexPath(row: row, section: 0) }
        let driver = Driver(
            ids: { source.rows }, visibleRows: { table.engine.cellsOnScreen.entries.map(\.row) },
            actions: [.tap, .tap, .select, .deselect, .toggleEditing, .swipe, .scroll, .scroll, .lift],
            tap: { table.tapRow(at: path($0)) },
            select: { table.selectRow(at: path($0), animated: false, scrollPosition: .none) },
            deselect: { table.deselectRow(at: path($0), animated: false) },
            setEditing: { table.setEditing($0, animated: false) },
            swipe: { _ = table.swipeRow(at: path($0), edge: .trailing) },
            offsetY: { table.contentOffset.y }, setOffsetY: { table.contentOffset.y = $0 },
            beginMovement: { table.beginInteractiveMovementForRow(at: path($0)) },
            moveTarget: { table.updateInteractiveMovementTargetPosition($0) },
            endMovement: { table.endInteractiveMovement() }, cancelMovement: { table.cancelInteractiveMovement() },
            setNeedsUpdateConfiguration: { table.cellForRow(at: path($0))?.setNeedsUpdateConfiguration() },
            selectedIDs: { Set((table.indexPathsForSelectedRows ?? []).map { source.rows[$0.row] }) })
        let updates = Self.run(seed: seed, multiple: table.allowsMultipleSelection, subject: subject, driver: driver)
        print("configuration state sequence, table seed \(seed): \(updates) updates checked")
    }

    @Test(arguments: seeds)
    func collectionSequencesMatchTheStateMachine(seed: UInt64) {
        let source = ConfiguredItems(count: 40)
        let collection = source.collectionView(height: 8)
        collection.allowsMultipleSelection = seed % 2 == 1
        let subject = Subject(
            onScreen: {
                var cells = collection.engine.cellsOnScreen.entries.map { (cell: $0.cell as AnyObject, id: source.items[$0.row]) }
                if let movement = collection.engine.pass.movement { cells.append((movement.cell, source.items[movement.origin.item])) }
                return cells
            },
            log: source.log, layOut: { collection.layoutIfNeeded() })
        func path(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }
        // No editing or swipes here: the model's `isEditing` and `swiped` stay as they start.
        let driver = Driver(
            ids: { source.items }, visibleRows: { collection.engine.cellsOnScreen.entries.map(\.row) },
            actions: [.tap, .tap, .select, .deselect, .scroll, .scroll, .lift],
            tap: { collection.tapItem(at: path($0)) },
            select: { collection.selectItem(at: path($0), animated: false, scrollPosition: .none) },
            deselect: { collection.deselectItem(at: path($0), animated: false) },
            offsetY: { collection.contentOffset.y }, setOffsetY: { collection.contentOffset.y = $0 },
            beginMovement: { collection.beginInteractiveMovementForItem(at: path($0)) },
            moveTarget: { collection.updateInteractiveMovementTargetPosition($0) },
            endMovement: { collection.endInteractiveMovement() }, cancelMovement: { collection.cancelInteractiveMovement() },
            setNeedsUpdateConfiguration: { collection.cellForItem(at: path($0))?.setNeedsUpdateConfiguration() },
            selectedIDs: { Set((collection.indexPathsForSelectedItems ?? []).map { source.items[$0.item] }) })
        let updates = Self.run(seed: seed, multiple: collection.allowsMultipleSelection, subject: subject, driver: driver)
        print("configuration state sequence, collection view seed \(seed): \(updates) updates checked")
    }
}

/// A list of numbered items shown by `CollectionViewListCell`s from one registration; every update
/// is logged by the handler the registration sets.
@MainActor
final class ConfiguredItems: CollectionViewDataSource, CollectionViewDelegate {
    var items: [Int]
    let log = UpdateLog()
    var registration: CollectionView.CellRegistration<CollectionViewListCell, Int>!
    init(count: Int) {
        items = Array(0..<count)
        registration = CollectionView.CellRegistration { [log] cell, _, id in
            var content = cell.defaultContentConfiguration()
            content.text = "item \(id)"
            cell.contentConfiguration = content
            cell.configurationUpdateHandler = { cell, state in
                log.entries.append(.init(cell: ObjectIdentifier(cell), row: id, state: state))
            }
        }
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: items[indexPath.item])
    }
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
    func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
        items.insert(items.remove(at: source.item), at: destination.item)
    }

    func collectionView(height: CGFloat = 10) -> CollectionView {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 30, height: 1)
        let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 30, height: height), collectionViewLayout: layout)
        collection.dataSource = self
        collection.delegate = self
        collection.layoutIfNeeded()
        return collection
    }
}
