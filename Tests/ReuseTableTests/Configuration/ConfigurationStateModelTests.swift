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

    // MARK: The table

    @Test(arguments: seeds)
    func tableSequencesMatchTheStateMachine(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let source = ConfiguredRows(count: 40)
        let table = source.table(height: 8)
        var model = Model()
        model.multiple = seed % 2 == 0
        table.allowsMultipleSelection = model.multiple
        let subject = Subject(
            onScreen: {
                var cells = table.engine.cellsOnScreen.entries.map { (cell: $0.cell as AnyObject, id: source.rows[$0.row]) }
                if let movement = table.engine.pass.movement { cells.append((movement.cell, source.rows[movement.origin.row])) }
                return cells
            },
            log: source.log, layOut: { table.layoutIfNeeded() })
        var updates = 0
        for step in 0..<Self.steps {
            let before = subject.onScreen()
            let countsBefore = Dictionary(uniqueKeysWithValues: before.map { (ObjectIdentifier($0.cell), source.log.count(of: $0.cell)) })
            let logBefore = source.log.entries.count
            let was = model
            var marks = Marks()
            let visibleRows = table.engine.cellsOnScreen.entries.map(\.row)
            let row = Int.random(in: 0..<source.rows.count, using: &rng)
            let path = IndexPath(row: row, section: 0)
            var name = ""
            if model.lifted != nil {
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    name = "move the lifted row"
                    table.updateInteractiveMovementTargetPosition(
                        CGPoint(x: 5, y: table.contentOffset.y + CGFloat(Int.random(in: 0..<8, using: &rng))))
                case 1:
                    name = "drop"
                    table.endInteractiveMovement()
                    model.lifted = nil
                case 2:
                    name = "cancel"
                    table.cancelInteractiveMovement()
                    model.lifted = nil
                default:
                    if let visible = visibleRows.randomElement(using: &rng) {
                        name = "setNeedsUpdateConfiguration of \(source.rows[visible])"
                        table.cellForRow(at: IndexPath(row: visible, section: 0))?.setNeedsUpdateConfiguration()
                        marks.touched.insert(source.rows[visible])
                    }
                }
            } else {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0, 1:
                    name = "tap \(source.rows[row])"
                    let selects = model.swiped == nil && !model.isEditing
                    table.tapRow(at: path)
                    if selects {
                        marks.touched.insert(source.rows[row])  // highlighted, then not
                        if model.multiple {
                            model.selected.formSymmetricDifference([source.rows[row]])
                        } else {
                            model.selected = [source.rows[row]]
                        }
                    } else {
                        model.swiped = nil
                    }
                case 2:
                    name = "select \(source.rows[row])"
                    table.selectRow(at: path, animated: false, scrollPosition: .none)
                    if model.multiple { model.selected.insert(source.rows[row]) } else { model.selected = [source.rows[row]] }
                case 3:
                    name = "deselect \(source.rows[row])"
                    table.deselectRow(at: path, animated: false)
                    model.selected.remove(source.rows[row])
                case 4:
                    name = "editing \(!model.isEditing)"
                    table.setEditing(!model.isEditing, animated: false)
                    model.isEditing.toggle()
                    model.swiped = nil
                case 5:
                    name = "swipe \(source.rows[row])"
                    table.swipeRow(at: path, edge: .trailing)
                    if model.swiped == source.rows[row] { marks.touched.insert(source.rows[row]) }  // closed, then opened again
                    model.swiped = source.rows[row]
                case 6, 7:
                    let y = CGFloat(Int.random(in: 0...32, using: &rng))
                    name = "scroll to \(y)"
                    if y != table.contentOffset.y { model.swiped = nil }
                    table.contentOffset.y = y
                case 8:
                    if model.swiped == nil, let visible = visibleRows.randomElement(using: &rng) {
                        name = "lift \(source.rows[visible])"
                        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: visible, section: 0)))
                        model.lifted = source.rows[visible]
                    }
                default:
                    if let visible = visibleRows.randomElement(using: &rng) {
                        name = "setNeedsUpdateConfiguration of \(source.rows[visible])"
                        table.cellForRow(at: IndexPath(row: visible, section: 0))?.setNeedsUpdateConfiguration()
                        marks.touched.insert(source.rows[visible])
                    }
                }
            }
            subject.layOut()
            #expect(Set((table.indexPathsForSelectedRows ?? []).map { source.rows[$0.row] }) == model.selected, "\(step) \(name): selection")
            updates += Self.check(
                subject, before: before, countsBefore: countsBefore, logCountBefore: logBefore, wasModel: was, model: model, marks: marks,
                step: "step \(step) (\(name))")
        }
        #expect(updates > 100)
        print("configuration state sequence, table seed \(seed): \(updates) updates checked")
    }

    // MARK: The collection view

    @Test(arguments: seeds)
    func collectionSequencesMatchTheStateMachine(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let source = ConfiguredItems(count: 40)
        let collection = source.collectionView(height: 8)
        var model = Model()
        model.multiple = seed % 2 == 1
        collection.allowsMultipleSelection = model.multiple
        let subject = Subject(
            onScreen: {
                var cells = collection.engine.cellsOnScreen.entries.map { (cell: $0.cell as AnyObject, id: source.items[$0.row]) }
                if let movement = collection.engine.pass.movement { cells.append((movement.cell, source.items[movement.origin.item])) }
                return cells
            },
            log: source.log, layOut: { collection.layoutIfNeeded() })
        var updates = 0
        for step in 0..<Self.steps {
            let before = subject.onScreen()
            let countsBefore = Dictionary(uniqueKeysWithValues: before.map { (ObjectIdentifier($0.cell), source.log.count(of: $0.cell)) })
            let logBefore = source.log.entries.count
            let was = model
            var marks = Marks()
            let visibleItems = collection.engine.cellsOnScreen.entries.map(\.row)
            let item = Int.random(in: 0..<source.items.count, using: &rng)
            let path = IndexPath(item: item, section: 0)
            var name = ""
            if model.lifted != nil {
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    name = "move the lifted item"
                    collection.updateInteractiveMovementTargetPosition(
                        CGPoint(x: 5, y: collection.contentOffset.y + CGFloat(Int.random(in: 0..<8, using: &rng))))
                case 1:
                    name = "drop"
                    collection.endInteractiveMovement()
                    model.lifted = nil
                case 2:
                    name = "cancel"
                    collection.cancelInteractiveMovement()
                    model.lifted = nil
                default:
                    if let visible = visibleItems.randomElement(using: &rng) {
                        name = "setNeedsUpdateConfiguration of \(source.items[visible])"
                        collection.cellForItem(at: IndexPath(item: visible, section: 0))?.setNeedsUpdateConfiguration()
                        marks.touched.insert(source.items[visible])
                    }
                }
            } else {
                switch Int.random(in: 0..<8, using: &rng) {
                case 0, 1:
                    name = "tap \(source.items[item])"
                    collection.tapItem(at: path)
                    marks.touched.insert(source.items[item])
                    if model.multiple {
                        model.selected.formSymmetricDifference([source.items[item]])
                    } else {
                        model.selected = [source.items[item]]
                    }
                case 2:
                    name = "select \(source.items[item])"
                    collection.selectItem(at: path, animated: false, scrollPosition: .none)
                    if model.multiple { model.selected.insert(source.items[item]) } else { model.selected = [source.items[item]] }
                case 3:
                    name = "deselect \(source.items[item])"
                    collection.deselectItem(at: path, animated: false)
                    model.selected.remove(source.items[item])
                case 4, 5:
                    let y = CGFloat(Int.random(in: 0...32, using: &rng))
                    name = "scroll to \(y)"
                    collection.contentOffset.y = y
                case 6:
                    if let visible = visibleItems.randomElement(using: &rng) {
                        name = "lift \(source.items[visible])"
                        #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: visible, section: 0)))
                        model.lifted = source.items[visible]
                    }
                default:
                    if let visible = visibleItems.randomElement(using: &rng) {
                        name = "setNeedsUpdateConfiguration of \(source.items[visible])"
                        collection.cellForItem(at: IndexPath(item: visible, section: 0))?.setNeedsUpdateConfiguration()
                        marks.touched.insert(source.items[visible])
                    }
                }
            }
            subject.layOut()
            #expect(
                Set((collection.indexPathsForSelectedItems ?? []).map { source.items[$0.item] }) == model.selected, "\(step) \(name): selection")
            updates += Self.check(
                subject, before: before, countsBefore: countsBefore, logCountBefore: logBefore, wasModel: was, model: model, marks: marks,
                step: "step \(step) (\(name))")
        }
        #expect(updates > 100)
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
